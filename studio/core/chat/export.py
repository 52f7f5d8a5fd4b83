"""Export a conversation to Markdown (to read) or JSON (to process or re-import)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from studio.core.chat.attachments import export_entry, markdown_images
from studio.core.chat.fence import fence_for
from studio.core.chat.models import Conversation, Message, MessageStatus, Role
from studio.core.chat.tool_export import tool_call_fields, tool_call_markdown

EXPORT_FORMAT_VERSION = 1

_HEADINGS = {
    Role.SYSTEM: "System",
    Role.USER: "User",
    Role.ASSISTANT: "Assistant",
    Role.TOOL: "Tool result",
}


def _iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat(timespec="seconds")


def to_markdown(conversation: Conversation, messages: Sequence[Message]) -> str:
    lines = [f"# {conversation.title}", "", f"_{_iso(conversation.created_at)}_", ""]
    system_prompt = conversation.settings.system_prompt.strip()
    if system_prompt:
        lines += ["## System", "", system_prompt, ""]
    for message in messages:
        heading = _HEADINGS[message.role]
        if message.status is not MessageStatus.COMPLETE:
            heading += f" ({message.status.value})"
        lines += [f"## {heading}", ""]
        lines += markdown_images(message.attachments)
        if message.reasoning.strip():
            fence = fence_for(message.reasoning)
            lines += ["<details><summary>Reasoning</summary>", "", fence + "text"]
            lines += [message.reasoning.strip(), fence, "", "</details>", ""]
        lines += [message.content.strip(), ""]
        lines += tool_call_markdown(message)
    return "\n".join(lines).rstrip() + "\n"


def to_json_document(conversation: Conversation, messages: Sequence[Message]) -> dict[str, Any]:
    return {
        "format": "gguf-studio-conversation",
        "version": EXPORT_FORMAT_VERSION,
        "title": conversation.title,
        "created_at": _iso(conversation.created_at),
        "updated_at": _iso(conversation.updated_at),
        "model": conversation.model,
        "settings": conversation.settings.to_dict(),
        "messages": [
            {
                "role": m.role.value,
                "content": m.content,
                **({"reasoning_content": m.reasoning} if m.reasoning else {}),
                "status": m.status.value,
                **({"error_code": m.error_code} if m.error_code else {}),
                **({"stats": m.stats.to_dict()} if m.stats.to_dict() else {}),
                **({"model": m.model} if m.model else {}),
                **(
                    {"attachments": [export_entry(a) for a in m.attachments]}
                    if m.attachments
                    else {}
                ),
                "created_at": _iso(m.created_at),
                **tool_call_fields(m),
            }
            for m in messages
        ],
    }


def to_json(conversation: Conversation, messages: Sequence[Message]) -> str:
    return json.dumps(to_json_document(conversation, messages), ensure_ascii=False, indent=2)
