"""Tool calls in the chat: the definitions a conversation offers, the calls an answer makes.

Definitions are kept as the JSON text the user wrote (OpenAI's format: a list of
`{"type": "function", "function": {"name", "description", "parameters"}}`) and checked
here, so a mistake is one sentence before anything reaches the engine. A streamed call
arrives in pieces (the name first, then the arguments a few characters at a time), each
piece tagged with the call's index; `ToolCallMerger` puts them together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studio.core.chat.json_column import json_list
from studio.core.errors import StudioError

TOOL_CHOICES = ("auto", "required", "none")
# Deeper than any real JSON Schema; Python's parser (and the engine's) recurse per level,
# so a definition nested thousands deep must be refused before it is parsed.
MAX_TOOLS_DEPTH = 64


class ToolDefinitionError(StudioError):
    """Codes: `chat_tools_not_json` (line, column), `chat_tools_not_a_list`,
    `chat_tool_not_a_function` (number), `chat_tool_without_name` (number),
    `chat_tool_parameters_not_an_object` (name), `chat_tool_name_repeated` (name),
    `chat_tools_too_deep` (levels), `chat_tools_not_finite`."""


def _nesting_depth(text: str) -> int:
    """How deep the brackets of JSON `text` nest (strings skipped), in one pass: checked
    before parsing, which would recurse that deep."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    # Python reads NaN and Infinity, but they are not JSON: the engine would refuse the
    # request that carries them, and every later turn with it.
    raise ToolDefinitionError("chat_tools_not_finite", f"{name} is not JSON")


@dataclass(frozen=True)
class ToolCall:
    """One call an answer made: `arguments` is the JSON text as the model wrote it."""

    id: str
    name: str
    arguments: str

    def pretty_arguments(self) -> str:
        """The arguments indented for reading; as written when they are not valid JSON
        (a stopped answer can end in the middle of them)."""
        try:
            return json.dumps(json.loads(self.arguments), indent=2, ensure_ascii=False)
        except ValueError:
            return self.arguments

    def for_request(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": self.arguments},
        }

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "arguments": self.arguments}


def calls_to_json(calls: Sequence[ToolCall]) -> str:
    return json.dumps([call.to_dict() for call in calls], ensure_ascii=False)


def calls_from_json(text: str | None) -> tuple[ToolCall, ...]:
    """The stored calls; entries that are not calls (a damaged row) are left out."""
    return tuple(
        ToolCall(str(item.get("id") or ""), str(item["name"]), str(item.get("arguments") or ""))
        for item in json_list(text)
        if isinstance(item, Mapping) and isinstance(item.get("name"), str)
    )


@dataclass(frozen=True)
class ResultSource:
    """Where a tool result came from when the person did not type it: the MCP server the
    tool loop sent the call to, and whether the call ran there (False: the loop answered
    for it, the call denied or its arguments unreadable)."""

    server: str
    ran: bool = True


def answered_call_to_json(tool_call_id: str, source: ResultSource | None = None) -> str:
    """A tool result's row keeps, in the same column, the one call it answers, and the
    server that gave the result, if one did (a row without it was typed by the person)."""
    entry: dict[str, Any] = {"id": tool_call_id}
    if source is not None:
        entry |= {"server": source.server, "ran": source.ran}
    return json.dumps([entry])


def result_source_from_json(text: str | None) -> ResultSource | None:
    """The server a stored result came from; None for one the person typed (and for
    every result stored before servers ran tools)."""
    data = json_list(text)
    if not data or not isinstance(data[0], Mapping):
        return None
    server = data[0].get("server")
    return (
        ResultSource(server, data[0].get("ran") is not False) if isinstance(server, str) else None
    )


def answered_call_from_json(text: str | None) -> str | None:
    data = json_list(text)
    if data and isinstance(data[0], Mapping):
        value = data[0].get("id")
        return str(value) if value is not None else None
    return None


class ToolCallMerger:
    """Merges streamed tool-call pieces by their index into whole calls."""

    def __init__(self) -> None:
        self._calls: dict[int, list[str]] = {}  # index -> [id, name, arguments]

    def add(self, pieces: Iterable[Any]) -> bool:
        """Add a delta's pieces (`ToolCallDelta`s); True when anything changed."""
        changed = False
        for piece in pieces:
            call = self._calls.setdefault(piece.index, ["", "", ""])
            if piece.id:
                call[0] = piece.id
            # llama-server sends the name whole, once; others send it in pieces.
            if piece.name and piece.name != call[1]:
                call[1] += piece.name
            call[2] += piece.arguments
            changed = True
        return changed

    def calls(self) -> tuple[ToolCall, ...]:
        return tuple(
            ToolCall(call_id or f"call_{index}", name, arguments)
            for index, (call_id, name, arguments) in sorted(self._calls.items())
        )

    def __bool__(self) -> bool:
        return bool(self._calls)


def parse_tool_definitions(text: str) -> list[dict[str, Any]]:
    """The definitions in `text` (empty: none), checked as llama-server will read them.

    Accepts a list of definitions or a single one; a bare function (`{"name", ...}`
    without the `type`/`function` wrapper) is wrapped, as users paste both forms."""
    if not text.strip():
        return []
    depth = _nesting_depth(text)
    if depth > MAX_TOOLS_DEPTH:
        raise ToolDefinitionError(
            "chat_tools_too_deep", f"nested {depth} deep", levels=MAX_TOOLS_DEPTH
        )
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise ToolDefinitionError(
            "chat_tools_not_json", str(error), line=error.lineno, column=error.colno
        ) from error
    if isinstance(data, Mapping):
        data = [data]
    if not isinstance(data, list):
        raise ToolDefinitionError("chat_tools_not_a_list", f"got {type(data).__name__}")
    tools: list[dict[str, Any]] = []
    names: set[str] = set()
    for number, item in enumerate(data, start=1):
        if not isinstance(item, Mapping):
            raise ToolDefinitionError(
                "chat_tool_not_a_function", f"item {number} is not an object", number=number
            )
        function = item.get("function") if "function" in item else item
        if item.get("type", "function") != "function" or not isinstance(function, Mapping):
            raise ToolDefinitionError(
                "chat_tool_not_a_function", f"item {number} is not a function", number=number
            )
        name = function.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ToolDefinitionError(
                "chat_tool_without_name", f"item {number} has no name", number=number
            )
        parameters = function.get("parameters", {"type": "object", "properties": {}})
        if not isinstance(parameters, Mapping):
            raise ToolDefinitionError(
                "chat_tool_parameters_not_an_object", f"{name}: parameters", name=name
            )
        if name in names:
            raise ToolDefinitionError("chat_tool_name_repeated", f"{name} twice", name=name)
        names.add(name)
        tools.append({"type": "function", "function": {**dict(function), "parameters": parameters}})
    return tools


def tool_request_options(tools_text: str, tool_choice: str) -> dict[str, Any]:
    """The request fields for a conversation's tools; none when it has none (or when its
    stored text no longer parses, which the inspector already says)."""
    try:
        tools = parse_tool_definitions(tools_text)
    except ToolDefinitionError:
        return {}
    if not tools:
        return {}
    choice = tool_choice if tool_choice in TOOL_CHOICES else "auto"
    return {"tools": tools, "tool_choice": choice}
