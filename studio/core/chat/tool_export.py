"""The parts of an exported message that tool calls and token probabilities add."""

from __future__ import annotations

from typing import Any

from studio.core.chat.fence import fence_for
from studio.core.chat.models import Message


def tool_call_markdown(message: Message) -> list[str]:
    """Each call as a folded block with its arguments; a tool result names its call."""
    lines: list[str] = []
    for call in message.tool_calls:
        arguments = call.pretty_arguments()
        fence = fence_for(arguments)
        lines += [f"<details><summary>Tool call: {call.name}</summary>", ""]
        lines += [fence + "json", arguments, fence, "", "</details>", ""]
    if message.tool_call_id is not None:
        lines += [f"_Result of call `{message.tool_call_id}`_", ""]
    return lines


def tool_call_fields(message: Message) -> dict[str, Any]:
    """OpenAI's fields for calls and results, and the tokens' probabilities."""
    fields: dict[str, Any] = {}
    if message.tool_calls:
        fields["tool_calls"] = [call.for_request() for call in message.tool_calls]
    if message.tool_call_id is not None:
        fields["tool_call_id"] = message.tool_call_id
    if message.token_probs:
        fields["token_probs"] = [
            {"token": t.text, "prob": t.prob, "top": [[a, p] for a, p in t.top]}
            for t in message.token_probs
        ]
    return fields
