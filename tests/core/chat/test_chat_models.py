"""Sampling settings, the chunk buffer and the exports."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from studio.core.chat import (
    AnswerStats,
    ChunkBuffer,
    Conversation,
    Message,
    MessageStatus,
    Role,
    SamplingSettings,
    to_json,
    to_markdown,
)


def test_request_options_send_only_what_was_set() -> None:
    assert SamplingSettings().request_options() == {}
    settings = SamplingSettings(
        temperature=0.7, top_p=0.9, top_k=40, min_p=0.05, max_tokens=256, seed=1, thinking=False
    )
    assert settings.request_options() == {
        "temperature": 0.7,
        "top_p": 0.9,
        "top_k": 40,
        "min_p": 0.05,
        "max_tokens": 256,
        "seed": 1,
        "chat_template_kwargs": {"enable_thinking": False},
    }
    on = SamplingSettings(thinking=True).request_options()
    assert on["chat_template_kwargs"]["enable_thinking"] is True


settings_strategy = st.builds(
    SamplingSettings,
    temperature=st.none() | st.floats(0, 5, allow_nan=False),
    top_p=st.none() | st.floats(0, 1, allow_nan=False),
    top_k=st.none() | st.integers(0, 1000),
    min_p=st.none() | st.floats(0, 1, allow_nan=False),
    max_tokens=st.none() | st.integers(1, 1 << 20),
    seed=st.none() | st.integers(-1, 2**31),
    system_prompt=st.text(max_size=50),
    thinking=st.none() | st.booleans(),
)


@given(settings_strategy)
def test_settings_survive_a_json_round_trip(settings: SamplingSettings) -> None:
    assert SamplingSettings.from_dict(json.loads(json.dumps(settings.to_dict()))) == settings


def test_settings_from_a_damaged_or_newer_file_fall_back_per_field() -> None:
    loaded = SamplingSettings.from_dict(
        {"temperature": "hot", "top_k": 2.5, "seed": True, "thinking": "yes", "future": 1}
    )
    assert loaded == SamplingSettings()
    assert SamplingSettings.from_dict({"temperature": 1}).temperature == 1.0


def test_chunk_buffer_is_due_by_size_or_by_age() -> None:
    now = [0.0]
    buffer = ChunkBuffer(max_chars=10, max_age_s=0.5, clock=lambda: now[0])
    assert not buffer.due()
    buffer.add("abc")
    assert not buffer.due()
    now[0] = 0.6
    assert buffer.due()  # old enough
    assert buffer.take() == ("abc", "")
    assert not buffer.pending
    buffer.add("12345", "678901")
    assert buffer.due()  # big enough
    assert buffer.take() == ("12345", "678901")
    buffer.add("", "")
    assert not buffer.pending


def _conversation() -> tuple[Conversation, list[Message]]:
    conversation = Conversation(
        1, "Code ```talk```", 0.0, 60.0, SamplingSettings(system_prompt="Be exact.")
    )
    messages = [
        Message(1, 1, Role.USER, "Show a fence", created_at=1.0),
        Message(
            2,
            1,
            Role.ASSISTANT,
            "```py\nprint(1)\n```",
            reasoning="They want ``` shown",
            stats=AnswerStats(ttft_ms=5.0, tokens_per_second=30.0),
            created_at=2.0,
        ),
        Message(3, 1, Role.ASSISTANT, "Half an ans", status=MessageStatus.CANCELLED),
    ]
    return conversation, messages


def test_markdown_export_keeps_roles_reasoning_and_status() -> None:
    text = to_markdown(*_conversation())
    assert text.startswith("# Code ```talk```\n")
    assert "## System\n\nBe exact.\n" in text
    assert "## User\n\nShow a fence\n" in text
    # The reasoning holds a triple backtick, so its fence is longer.
    assert "````text\nThey want ``` shown\n````" in text
    assert "```py\nprint(1)\n```" in text
    assert "## Assistant (cancelled)\n\nHalf an ans\n" in text


def test_json_export_is_complete_and_parseable() -> None:
    document = json.loads(to_json(*_conversation()))
    assert document["format"] == "gguf-studio-conversation"
    assert document["settings"]["system_prompt"] == "Be exact."
    assert [m["role"] for m in document["messages"]] == ["user", "assistant", "assistant"]
    assert document["messages"][1]["reasoning_content"] == "They want ``` shown"
    assert document["messages"][1]["stats"] == {"ttft_ms": 5.0, "tokens_per_second": 30.0}
    assert document["messages"][2]["status"] == "cancelled"
    assert document["created_at"] == "1970-01-01T00:00:00+00:00"
