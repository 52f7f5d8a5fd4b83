"""Tool definitions, streamed calls, tool results and token probabilities in core.chat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.core.chat import ChatStore, Role, SamplingSettings, to_json, to_markdown
from studio.core.chat.token_probs import TokenProb, TokenProbCollector
from studio.core.chat.tools import (
    ToolCall,
    ToolCallMerger,
    ToolDefinitionError,
    parse_tool_definitions,
)
from studio.core.server.client import ToolCallDelta
from studio.core.voice import ENGLISH

WEATHER = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}


@pytest.mark.parametrize(
    ("text", "code", "sentence"),
    [
        ("[{", "chat_tools_not_json", "The tools are not valid JSON (line 1, column 3)."),
        ("42", "chat_tools_not_a_list", "The tools must be a JSON list of function definitions."),
        ('[{"type": "retrieval"}]', "chat_tool_not_a_function", "Tool 1 is not a function"),
        ('[{"function": {"description": "x"}}]', "chat_tool_without_name", "Tool 1 has no name."),
        (
            '[{"name": "f", "parameters": []}]',
            "chat_tool_parameters_not_an_object",
            "The parameters of the tool f must be a JSON Schema object.",
        ),
        ('[{"name": "f"}, {"name": "f"}]', "chat_tool_name_repeated", "Two tools are called f."),
    ],
)
def test_bad_definitions_are_one_sentence(text: str, code: str, sentence: str) -> None:
    with pytest.raises(ToolDefinitionError) as caught:
        parse_tool_definitions(text)
    assert caught.value.code == code
    assert ENGLISH.error(caught.value).startswith(sentence)


def test_definitions_accept_one_or_bare_functions() -> None:
    assert parse_tool_definitions("") == []
    assert parse_tool_definitions(json.dumps(WEATHER)) == [WEATHER]
    bare = parse_tool_definitions('[{"name": "now"}]')
    assert bare[0]["function"]["name"] == "now"
    assert bare[0]["function"]["parameters"]["type"] == "object"


def test_settings_send_tools_and_token_probs_only_when_asked() -> None:
    plain = SamplingSettings().request_options()
    assert "tools" not in plain and "logprobs" not in plain
    probs = SamplingSettings(token_probs=True).request_options()
    assert probs["logprobs"] == 5
    tools = SamplingSettings(tools=json.dumps([WEATHER]), tool_choice="required", token_probs=True)
    options = tools.request_options()
    assert options["tools"] == [WEATHER] and options["tool_choice"] == "required"
    # llama-server refuses logprobs with tools on a streamed request.
    assert "logprobs" not in options
    restored = SamplingSettings.from_dict(json.loads(json.dumps(tools.to_dict())))
    assert restored == tools
    assert SamplingSettings.from_dict({"tools": 3, "token_probs": "yes"}) == SamplingSettings()


def test_streamed_pieces_merge_by_index() -> None:
    merger = ToolCallMerger()
    merger.add([ToolCallDelta(0, "a1", "get_weather", '{"ci')])
    merger.add([ToolCallDelta(1, "b2", "now", ""), ToolCallDelta(0, None, None, 'ty": "Paris"}')])
    merger.add([ToolCallDelta(1, None, None, "{}")])
    first, second = merger.calls()
    assert first == ToolCall("a1", "get_weather", '{"city": "Paris"}')
    assert second == ToolCall("b2", "now", "{}")
    assert first.pretty_arguments() == '{\n  "city": "Paris"\n}'
    assert ToolCall("x", "f", '{"cut').pretty_arguments() == '{"cut'


def test_tokens_split_inside_a_character_add_up_to_the_text() -> None:
    collector = TokenProbCollector()
    euro = "€".encode()  # three bytes, split over two tokens
    chunk = {
        "choices": [
            {
                "delta": {"content": "a€"},
                "logprobs": {
                    "content": [
                        {"token": "a", "bytes": [97], "logprob": 0.0, "top_logprobs": []},
                        {"token": "?", "bytes": list(euro[:2]), "logprob": -0.5},
                        {
                            "token": "?",
                            "bytes": list(euro[2:]),
                            "logprob": -1.0,
                            "top_logprobs": [{"token": "b", "logprob": -2.0}],
                        },
                    ]
                },
            }
        ]
    }
    tokens = collector.add_chunks([chunk])
    assert "".join(t.text for t in tokens) == "a€"
    assert [t.text for t in tokens] == ["a", "", "€"]
    assert tokens[0].prob == 1.0 and 0 < tokens[2].prob < tokens[1].prob < 1
    assert tokens[2].top[0][0] == "b"


def test_calls_results_and_probs_are_stored_and_exported(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        conversation = store.create_conversation("tools")
        store.add_message(conversation.id, Role.USER, "Weather in Paris?")
        answer = store.add_message(conversation.id, Role.ASSISTANT, "Let me look.")
        call = ToolCall("c1", "get_weather", '{"city": "Paris"}')
        probs = (TokenProb("Let", 0.5, (("Let", 0.5), ("I", 0.25))),)
        store.set_answer_parts(answer.id, [call], probs)
        result = store.add_message(
            conversation.id, Role.TOOL, '{"sky": "sunny"}', tool_call_id="c1"
        )
        assert result.tool_call_id == "c1"
        messages = store.messages(conversation.id)
    stored_answer, stored_result = messages[1], messages[2]
    assert stored_answer.tool_calls == (call,)
    assert stored_answer.token_probs == probs
    assert stored_result.role is Role.TOOL and stored_result.tool_call_id == "c1"
    assert stored_result.tool_calls == ()
    assert stored_answer.for_request()["tool_calls"][0]["function"]["name"] == "get_weather"
    assert stored_result.for_request() == {
        "role": "tool",
        "content": '{"sky": "sunny"}',
        "tool_call_id": "c1",
    }

    markdown = to_markdown(conversation, messages)
    assert "<details><summary>Tool call: get_weather</summary>" in markdown
    assert '  "city": "Paris"' in markdown
    assert "## Tool result" in markdown and "`c1`" in markdown
    document = json.loads(to_json(conversation, messages))
    exported = document["messages"]
    assert exported[1]["tool_calls"][0]["function"]["arguments"] == '{"city": "Paris"}'
    assert exported[1]["token_probs"][0]["top"] == [["Let", 0.5], ["I", 0.25]]
    assert exported[2]["tool_call_id"] == "c1"
