"""The chat domain: conversations, messages and the sampling settings a conversation uses.

Plain immutable values; persistence lives in `store.py`, rendering in the UI.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from studio.core.chat.attachments import ImageAttachment
from studio.core.chat.sampling_limits import usable
from studio.core.chat.token_probs import TOP_ALTERNATIVES, TokenProb
from studio.core.chat.tools import ResultSource, ToolCall, tool_request_options


class Role(enum.StrEnum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"  # the result of a tool call, given by the user


class MessageStatus(enum.StrEnum):
    """Where a message's text stands; only assistant answers are ever anything but COMPLETE."""

    COMPLETE = "complete"
    # Being written. Found at start-up, it means the app died mid-answer: the text is
    # what reached the disk before the crash.
    STREAMING = "streaming"
    CANCELLED = "cancelled"  # the user pressed Stop; the partial answer is kept
    INTERRUPTED = "interrupted"  # the engine or the app died mid-answer
    FAILED = "failed"  # the engine refused the request; `error_code` says why


# Rounds of tool calls one question may take before the loop stops (a setting of each
# conversation, 1 to MOST_TOOL_ROUNDS).
DEFAULT_TOOL_ROUNDS = 8
MOST_TOOL_ROUNDS = 64


class OverflowPolicy(enum.StrEnum):
    """What a request that no longer fits the model's context does."""

    STOP = "stop"  # send it anyway: the engine refuses it, and the chat says why
    DROP_OLDEST = "drop_oldest"  # leave out the oldest turns (never the system prompt)


@dataclass(frozen=True)
class SamplingSettings:
    """What a conversation asks of the sampler. `None` means "the server's default"."""

    temperature: float | None = None
    top_p: float | None = None
    top_k: int | None = None
    min_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    system_prompt: str = ""
    # None: leave the template's default; True/False: ask for thinking on or off, for
    # templates that read `enable_thinking`.
    thinking: bool | None = None
    # Tokens thinking may take before the engine closes it; None: no limit.
    thinking_budget: int | None = None
    overflow_policy: OverflowPolicy = OverflowPolicy.STOP
    # OpenAI-format tool definitions as the user wrote them (JSON text), and whether the
    # model may (auto), must (required) or must not (none) call one.
    tools: str = ""
    tool_choice: str = "auto"
    # Ask for each token's probability and top alternatives (the chat's tint).
    token_probs: bool = False
    # Offer the MCP servers' tools too, run (once approved) by the tool loop, for at most
    # `tool_rounds` rounds of calls per question (`core/chat/tool_loop.py`).
    mcp_tools: bool = False
    tool_rounds: int = DEFAULT_TOOL_ROUNDS

    def request_options(self) -> dict[str, Any]:
        """The fields of a /v1/chat/completions request body these settings set."""
        options: dict[str, Any] = {}
        for name in ("temperature", "top_p", "top_k", "min_p", "max_tokens", "seed"):
            value = getattr(self, name)
            if value is not None:
                options[name] = value
        if self.thinking is not None:
            # llama-server rejects a string here; it must be a JSON boolean.
            options["chat_template_kwargs"] = {"enable_thinking": bool(self.thinking)}
        if self.thinking_budget is not None:
            # The field b11434 reads per request (it also takes `thinking_budget_tokens`).
            options["reasoning_budget_tokens"] = self.thinking_budget
        options.update(tool_request_options(self.tools, self.tool_choice))
        # llama-server refuses logprobs on a streamed request with tools.
        if self.token_probs and "tools" not in options:
            options["logprobs"] = TOP_ALTERNATIVES
        return options

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SamplingSettings:
        """Unknown keys (from a newer version) are ignored; wrong types, and numbers the
        engine would refuse (`sampling_limits`), fall back to defaults."""
        known = {f.name for f in fields(cls)}
        clean: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                continue
            default = getattr(cls(), key)
            if key in ("system_prompt", "tools", "tool_choice"):
                if isinstance(value, str):
                    clean[key] = value
            elif key == "thinking":
                if value is None or isinstance(value, bool):
                    clean[key] = value
            elif key == "thinking_budget":
                if usable(key, value):
                    clean[key] = value
            elif key == "overflow_policy":
                if value in tuple(OverflowPolicy):
                    clean[key] = OverflowPolicy(value)
            elif key in ("token_probs", "mcp_tools"):
                if isinstance(value, bool):
                    clean[key] = value
            elif key == "tool_rounds":
                if (
                    isinstance(value, int)
                    and not isinstance(value, bool)
                    and 1 <= value <= MOST_TOOL_ROUNDS
                ):
                    clean[key] = value
            elif value is None:
                clean[key] = None
            elif not usable(key, value):
                continue
            elif key in ("top_k", "max_tokens", "seed"):
                if isinstance(value, int) and not isinstance(value, bool):
                    clean[key] = value
            elif isinstance(value, int | float) and not isinstance(value, bool):
                clean[key] = float(value)
            else:
                clean[key] = default
        return cls(**clean)


@dataclass(frozen=True)
class AnswerStats:
    """How fast an answer came: time to first token and generation speed."""

    ttft_ms: float | None = None
    tokens_per_second: float | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    prompt_per_second: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AnswerStats:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(frozen=True)
class Message:
    id: int
    conversation_id: int
    role: Role
    content: str
    reasoning: str = ""
    status: MessageStatus = MessageStatus.COMPLETE
    error_code: str | None = None
    stats: AnswerStats = field(default_factory=AnswerStats)
    model: str | None = None
    created_at: float = 0.0
    # The message this one follows; its siblings are other versions (regenerate, edit).
    parent_id: int | None = None
    # Images sent with a user turn (their bytes are files: see `attachments.ImageStore`).
    attachments: tuple[ImageAttachment, ...] = ()
    # The calls an assistant answer made; for a TOOL message, the call it answers.
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    # For a TOOL message, the MCP server that gave the result; None: the person typed it.
    tool_source: ResultSource | None = None
    # Each answer token's probability, when the conversation asked for them.
    token_probs: tuple[TokenProb, ...] = ()

    def for_request(self) -> dict[str, Any]:
        """The message as the OpenAI chat API takes it. Reasoning is not sent back: templates
        that want it re-inserted handle that themselves."""
        message: dict[str, Any] = {"role": self.role.value, "content": self.content}
        # A stopped answer's last call may have half its arguments: not sent back.
        if self.tool_calls and self.status is MessageStatus.COMPLETE:
            message["tool_calls"] = [call.for_request() for call in self.tool_calls]
        if self.tool_call_id is not None:
            message["tool_call_id"] = self.tool_call_id
        return message


@dataclass(frozen=True)
class Conversation:
    id: int
    title: str
    created_at: float
    updated_at: float
    settings: SamplingSettings = field(default_factory=SamplingSettings)
    model: str | None = None


@dataclass(frozen=True)
class ConversationSummary:
    """A row of the conversation list."""

    id: int
    title: str
    updated_at: float
    message_count: int
    snippet: str = ""
