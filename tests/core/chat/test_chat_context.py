"""The context's pure parts: settings that persist, text files told from binaries, the
engine's refusal read, and which turns "drop the oldest" leaves out (the engine's own
counts are tested in tests/services/test_context_engine.py)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from studio.core.chat import SamplingSettings
from studio.core.chat.context import (
    ContextLevel,
    ContextUse,
    context_refusal,
    drop_oldest,
    slot_context,
)
from studio.core.chat.models import OverflowPolicy
from studio.core.chat.text_files import (
    MAX_BYTES,
    TextFileError,
    decode_text,
    fenced_block,
    read_text_file,
)
from studio.core.server.client import ServerError
from studio.core.voice import ENGLISH


def test_budget_and_policy_persist_and_reach_the_request() -> None:
    settings = SamplingSettings(thinking_budget=64, overflow_policy=OverflowPolicy.DROP_OLDEST)
    stored = json.loads(json.dumps(settings.to_dict()))
    assert SamplingSettings.from_dict(stored) == settings
    assert settings.request_options()["reasoning_budget_tokens"] == 64
    assert "reasoning_budget_tokens" not in SamplingSettings().request_options()


@pytest.mark.parametrize(
    ("stored", "budget", "policy"),
    [
        ({"thinking_budget": -1, "overflow_policy": "shred"}, None, OverflowPolicy.STOP),
        ({"thinking_budget": True, "overflow_policy": 3}, None, OverflowPolicy.STOP),
        ({"thinking_budget": 0, "overflow_policy": "drop_oldest"}, 0, OverflowPolicy.DROP_OLDEST),
    ],
)
def test_bad_stored_values_fall_back(
    stored: dict[str, Any], budget: int | None, policy: OverflowPolicy
) -> None:
    settings = SamplingSettings.from_dict(stored)
    assert (settings.thinking_budget, settings.overflow_policy) == (budget, policy)


def test_levels_of_use() -> None:
    assert ContextUse(100, 512).level is ContextLevel.ROOMY
    assert ContextUse(436, 512).level is ContextLevel.NEAR_FULL
    # The engine refuses a prompt of the whole context (it needs room for one token).
    assert ContextUse(512, 512).level is ContextLevel.OVER
    assert ContextUse(600, 512).left == 0
    assert slot_context({"default_generation_settings": {"n_ctx": 512}}) == 512
    assert slot_context({}) == 0


def test_the_engines_refusal_is_read_with_its_numbers() -> None:
    body = {
        "error": {
            "code": 400,
            "message": "request (700 tokens) exceeds the available context size (512 tokens)",
            "type": "exceed_context_size_error",
            "n_prompt_tokens": 700,
            "n_ctx": 512,
        }
    }
    refusal = context_refusal(ServerError(400, json.dumps(body), "exceed_context_size_error"))
    assert refusal == {"prompt_tokens": 700, "context_tokens": 512}
    said = ENGLISH.code("chat_context_exceeded", refusal)
    assert said.startswith("This conversation needs 700 tokens, but the model's context holds 512.")
    other = {"error": {"code": 500, "message": "boom", "type": "server_error"}}
    assert context_refusal(ServerError(500, json.dumps(other), "server_error")) is None
    assert context_refusal(ServerError(502, "<html>bad gateway</html>")) is None
    # Reopened later, the stored answer has only its code: the sentence without numbers.
    assert "{" not in ENGLISH.code("chat_context_exceeded")


def _turn(role: str, words: int) -> dict[str, str]:
    return {"role": role, "content": " ".join(["w"] * words)}


async def _words(messages: Sequence[Mapping[str, Any]]) -> int:
    return sum(len(str(m["content"]).split()) for m in messages)


def test_drop_oldest_keeps_the_system_prompt_and_starts_with_a_question() -> None:
    messages = [
        _turn("system", 10),
        _turn("user", 30),
        _turn("assistant", 30),
        _turn("user", 30),
        _turn("assistant", 30),
        _turn("user", 20),
    ]
    trimmed = asyncio.run(drop_oldest(messages, _words, 100))
    assert trimmed.dropped == 2
    assert list(trimmed.messages) == [messages[0], *messages[3:]]
    assert trimmed.used == 90
    # Nothing left to drop: the system prompt and the last message go as they are.
    least = asyncio.run(drop_oldest(messages, _words, 20))
    assert list(least.messages) == [messages[0], messages[-1]] and least.dropped == 4
    assert asyncio.run(drop_oldest(messages, _words, 1000)).dropped == 0


def test_text_is_told_from_binaries() -> None:
    assert decode_text("héllo\r\nwörld\n".encode()) == "héllo\nwörld\n"
    assert decode_text(b"\xef\xbb\xbfwith a mark") == "with a mark"
    assert decode_text("utf-16".encode("utf-16")) is None  # NUL bytes
    assert decode_text("caf\xe9".encode("latin-1")) is None
    assert decode_text(bytes(range(1, 32)) * 10) is None  # control characters


def test_a_fence_never_ends_inside_the_file(tmp_path: Path) -> None:
    path = tmp_path / "README.md"
    path.write_text("Use\n````sh\nls\n````\n", encoding="utf-8")
    file = read_text_file(path)
    assert file.language == "markdown"
    assert fenced_block(file) == "`````markdown\nUse\n````sh\nls\n````\n`````\n"


def test_files_that_cannot_be_added_say_why(tmp_path: Path) -> None:
    huge = tmp_path / "huge.log"
    with huge.open("wb") as out:
        out.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)  # a symlink to itself: it cannot even be opened
    cases = {
        huge: "chat_attach_too_large",
        folder: "chat_attach_not_regular",
        loop: "chat_attach_unreadable",
    }
    for path, code in cases.items():
        with pytest.raises(TextFileError) as caught:
            read_text_file(path)
        assert caught.value.code == code
        said = ENGLISH.error(caught.value)
        assert said.startswith(path.name) and "{" not in said
    assert "more than 4.0 MiB" in ENGLISH.error(
        TextFileError("chat_attach_too_large", "", name="x", limit=MAX_BYTES)
    )
