"""Conversations, messages, their SQLite persistence and the sampling settings they use."""

from studio.core.chat.export import to_json, to_markdown
from studio.core.chat.models import (
    AnswerStats,
    Conversation,
    ConversationSummary,
    Message,
    MessageStatus,
    Role,
    SamplingSettings,
)
from studio.core.chat.recorder import AnswerRecorder, ChunkBuffer
from studio.core.chat.recovery import ChatStoreRecovery
from studio.core.chat.store import ChatStore, ChatStoreError

__all__ = [
    "AnswerRecorder",
    "AnswerStats",
    "ChatStore",
    "ChatStoreError",
    "ChatStoreRecovery",
    "ChunkBuffer",
    "Conversation",
    "ConversationSummary",
    "Message",
    "MessageStatus",
    "Role",
    "SamplingSettings",
    "to_json",
    "to_markdown",
]
