"""What the engine is sent for a branch of a conversation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studio.core.chat.attachments import request_content
from studio.core.chat.models import Conversation, Message, MessageStatus, Role


def request_messages(
    conversation: Conversation, history: Sequence[Message], vision: bool = False
) -> list[dict[str, Any]]:
    """The history as the server gets it: the system prompt first, failed answers and empty
    placeholders left out (they were never part of the dialogue). With images, it reads
    their files (`vision`: the model can see them): call it off the event loop."""
    messages: list[dict[str, Any]] = []
    if conversation.settings.system_prompt.strip():
        messages.append({"role": "system", "content": conversation.settings.system_prompt})
    for message in history:
        if message.role is Role.ASSISTANT and (
            message.status in (MessageStatus.FAILED, MessageStatus.STREAMING)
            or not (message.content or message.tool_calls)
        ):
            continue
        request: dict[str, Any] = dict(message.for_request())
        if message.attachments:
            request["content"] = request_content(message.content, message.attachments, vision)
        messages.append(request)
    return messages
