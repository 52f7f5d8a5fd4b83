"""A tool's result as a model reads it: the text parts joined, each other part described
in a bracketed line, and whether the server flagged the call as failed (`isError`).

The descriptions go to the model, not to a person, so they are fixed English markers
rather than sentences of `studio.core.voice`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from mcp_types import (
    AudioContent,
    CallToolResult,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

# A result is sent back to a model whose context is a few hundred thousand characters at
# most; a tool answering with a larger one would only crowd out the conversation.
MAX_RESULT_CHARS: Final = 256 * 1024


@dataclass(frozen=True)
class ToolResult:
    text: str
    is_error: bool = False


def tool_result(result: CallToolResult) -> ToolResult:
    parts = [_part(block) for block in result.content]
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False))
    return ToolResult(_bounded("\n".join(parts)), bool(result.is_error))


def _part(block: ContentBlock) -> str:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent):
        return f"[image: {block.mime_type}]"
    if isinstance(block, AudioContent):
        return f"[audio: {block.mime_type}]"
    if isinstance(block, ResourceLink):
        return f"[resource link: {block.name} {block.uri}]"
    if isinstance(block, EmbeddedResource):
        resource = block.resource
        if isinstance(resource, TextResourceContents):
            return resource.text
        return f"[resource: {resource.uri} {resource.mime_type or 'binary'}]"
    return f"[{getattr(block, 'type', 'content')}]"  # a kind of content newer than this SDK


def _bounded(text: str) -> str:
    if len(text) <= MAX_RESULT_CHARS:
        return text
    left_out = len(text) - MAX_RESULT_CHARS
    return f"{text[:MAX_RESULT_CHARS]}\n[{left_out} more characters left out]"
