"""Tool definitions are checked before anything reaches the engine: any text is either
definitions every turn can send, or one `ToolDefinitionError` with its sentence; nothing
nested deep enough to exhaust a parser gets that far."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.chat import SamplingSettings
from studio.core.chat.tools import (
    MAX_TOOLS_DEPTH,
    ToolDefinitionError,
    parse_tool_definitions,
    tool_request_options,
)
from studio.core.voice import ENGLISH, Voice
from studio.core.voice.templates import CODES
from tests.support.codes import template_fields


@pytest.mark.parametrize(
    "text",
    [
        "[" * 50_000 + "]" * 50_000,
        '[{"name": "f", "parameters": ' + '{"a":' * 50_000 + "1" + "}" * 50_000 + "}]",
    ],
)
def test_definitions_nested_thousands_deep_are_refused_not_parsed(text: str) -> None:
    with pytest.raises(ToolDefinitionError) as caught:
        parse_tool_definitions(text)
    assert caught.value.code == "chat_tools_too_deep"
    assert ENGLISH.error(caught.value) == (
        f"The tools are nested more than {MAX_TOOLS_DEPTH} levels deep, which no tool needs."
    )
    # A conversation that stored them still answers, without its tools.
    assert tool_request_options(text, "auto") == {}
    assert SamplingSettings(tools=text).request_options() == {}


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps([{"name": "f", "description": "[" * 500 + "{" * 500}])
    [tool] = parse_tool_definitions(text)
    assert tool["function"]["name"] == "f"


def test_nan_and_infinity_are_refused_because_json_has_neither() -> None:
    with pytest.raises(ToolDefinitionError) as caught:
        parse_tool_definitions('[{"name": "f", "parameters": {"maximum": Infinity}}]')
    assert ENGLISH.error(caught.value) == (
        "The tools contain NaN or Infinity, which JSON does not allow."
    )


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "function", "name", "parameters", "description", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=16,
)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(_JSON.map(json.dumps), st.text(max_size=40)))
def test_any_text_is_definitions_or_one_tool_error(text: str) -> None:
    try:
        tools = parse_tool_definitions(text)
    except ToolDefinitionError as error:
        assert Voice.knows(error.code), error.code
        assert template_fields(CODES[error.code]) <= set(error.params), error
        return
    # What it accepts is a list of function tools the engine can be sent as JSON.
    json.dumps(tools, allow_nan=False)
    assert all(tool["type"] == "function" for tool in tools)
    assert all(isinstance(tool["function"]["name"], str) for tool in tools)
