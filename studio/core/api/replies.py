"""The bodies `studio serve` answers with, built from the engine's own chunks.

The manager hands `ChatDelta`s to the facade, each carrying the engine's raw chunks
(`ChatDelta.raw`). Passing those on, rather than rebuilding chunks from the reduced
fields, is what keeps every field an OpenAI client may ask for: logprobs and
top_logprobs, every choice of `n`, tool-call deltas, text completions. What is changed:
the id, `created` and `model` are ours (the engine's model name is a local path), the
engine's prompt-progress and bare role chunks are dropped (our client asked for them, the
API client did not), and usage is sent once, at the end, only when asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from studio.core.server.client import ChatDelta

CHAT_CHUNK = "chat.completion.chunk"
CHAT_REPLY = "chat.completion"
TEXT_COMPLETION = "text_completion"


@dataclass(frozen=True)
class ReplyHead:
    """What every chunk and reply of one answer shares."""

    completion_id: str
    created: int
    model: str
    chat: bool  # /v1/chat/completions, else /v1/completions

    def chunk(self, choices: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        return {
            "id": self.completion_id,
            "object": CHAT_CHUNK if self.chat else TEXT_COMPLETION,
            "created": self.created,
            "model": self.model,
            "choices": choices,
            **extra,
        }


def combined_usage(usages: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """One usage for the whole answer: with `n` > 1 the engine reports one per choice,
    each with the same prompt."""
    seen = [dict(u) for u in usages if u]
    if len(seen) <= 1:
        return seen[0] if seen else {}
    prompt = max(int(u.get("prompt_tokens") or 0) for u in seen)
    completion = sum(int(u.get("completion_tokens") or 0) for u in seen)
    merged = {**seen[0], "prompt_tokens": prompt, "completion_tokens": completion}
    merged["total_tokens"] = prompt + completion
    return merged


def _is_bare(choice: Mapping[str, Any], chat: bool) -> bool:
    """A choice that says nothing: the engine's role announcement or an empty text."""
    if choice.get("finish_reason") or choice.get("logprobs"):
        return False
    if not chat:
        return not choice.get("text")
    delta = choice.get("delta") or {}
    return not any(delta.get(key) for key in ("content", "reasoning_content", "tool_calls"))


def _fallback_choice(delta: ChatDelta, chat: bool) -> dict[str, Any]:
    """A choice for a delta the manager made itself (a cancelled answer has no chunk)."""
    if chat:
        body: dict[str, Any] = {"content": delta.content} if delta.content else {}
        return {"index": 0, "delta": body, "finish_reason": delta.finish_reason}
    return {
        "index": 0,
        "text": delta.content,
        "logprobs": None,
        "finish_reason": delta.finish_reason,
    }


@dataclass
class StreamRewriter:
    """The chunks to send for each delta of a streamed answer, and the closing ones."""

    head: ReplyHead
    choices: int = 1
    _usages: list[Mapping[str, Any]] = field(default_factory=list)

    def opening(self) -> list[dict[str, Any]]:
        """One role chunk per choice, as OpenAI opens a chat stream."""
        if not self.head.chat:
            return []
        return [
            self.head.chunk(
                [{"index": index, "delta": {"role": "assistant"}, "finish_reason": None}]
            )
            for index in range(self.choices)
        ]

    def chunks(self, delta: ChatDelta) -> list[dict[str, Any]]:
        if not delta.raw:
            if delta.has_text or delta.finish_reason:
                return [self.head.chunk([_fallback_choice(delta, self.head.chat)])]
            return []
        sent = []
        for payload in delta.raw:
            if payload.get("usage"):
                self._usages.append(payload["usage"])
            if "prompt_progress" in payload:
                continue
            choices = [c for c in payload.get("choices") or () if not _is_bare(c, self.head.chat)]
            if not choices:
                continue
            extra = {"timings": payload["timings"]} if payload.get("timings") else {}
            if "system_fingerprint" in payload:
                extra["system_fingerprint"] = payload["system_fingerprint"]
            sent.append(self.head.chunk(choices, **extra))
        return sent

    def closing(self, include_usage: bool) -> list[dict[str, Any]]:
        usage = combined_usage(self._usages)
        return [self.head.chunk([], usage=usage)] if include_usage and usage else []


@dataclass
class _Choice:
    content: list[str] = field(default_factory=list)
    reasoning: list[str] = field(default_factory=list)
    calls: dict[int, dict[str, Any]] = field(default_factory=dict)
    logprobs: list[Any] | None = None
    finish: str | None = None

    def add_calls(self, calls: Iterable[Mapping[str, Any]]) -> None:
        for call in calls:
            function = call.get("function") or {}
            entry = self.calls.setdefault(
                int(call.get("index") or 0),
                {"id": None, "type": "function", "function": {"name": "", "arguments": ""}},
            )
            entry["id"] = entry["id"] or call.get("id")
            entry["function"]["name"] += function.get("name") or ""
            entry["function"]["arguments"] += function.get("arguments") or ""

    def add_logprobs(self, logprobs: Any) -> None:
        if isinstance(logprobs, Mapping):
            self.logprobs = (self.logprobs or []) + list(logprobs.get("content") or ())


@dataclass
class ReplyCollector:
    """A non-streamed answer, gathered from the streamed chunks the engine sent."""

    head: ReplyHead
    _choices: dict[int, _Choice] = field(default_factory=dict)
    _usages: list[Mapping[str, Any]] = field(default_factory=list)
    _timings: Mapping[str, Any] = field(default_factory=dict)

    def add(self, delta: ChatDelta) -> None:
        if not delta.raw:
            choice = self._choices.setdefault(0, _Choice())
            choice.content.append(delta.content)
            choice.finish = delta.finish_reason or choice.finish
            return
        for payload in delta.raw:
            if payload.get("usage"):
                self._usages.append(payload["usage"])
            self._timings = payload.get("timings") or self._timings
            if "prompt_progress" not in payload:
                for raw in payload.get("choices") or ():
                    self._add_choice(raw)

    def _add_choice(self, raw: Mapping[str, Any]) -> None:
        choice = self._choices.setdefault(int(raw.get("index") or 0), _Choice())
        delta = raw.get("delta") or {}
        choice.content.append(delta.get("content") or raw.get("text") or "")
        choice.reasoning.append(delta.get("reasoning_content") or "")
        choice.add_calls(delta.get("tool_calls") or ())
        choice.add_logprobs(raw.get("logprobs"))
        choice.finish = raw.get("finish_reason") or choice.finish

    def reply(self) -> dict[str, Any]:
        choices = [self._choice_json(i, self._choices[i]) for i in sorted(self._choices)]
        return {
            "id": self.head.completion_id,
            "object": CHAT_REPLY if self.head.chat else TEXT_COMPLETION,
            "created": self.head.created,
            "model": self.head.model,
            "choices": choices or [self._choice_json(0, _Choice())],
            "usage": combined_usage(self._usages),
            "timings": dict(self._timings),
        }

    def _choice_json(self, index: int, choice: _Choice) -> dict[str, Any]:
        text = "".join(choice.content)
        logprobs = None if choice.logprobs is None else {"content": choice.logprobs}
        if not self.head.chat:
            return {
                "index": index,
                "text": text,
                "logprobs": logprobs,
                "finish_reason": choice.finish,
            }
        message: dict[str, Any] = {"role": "assistant", "content": text}
        if any(choice.reasoning):
            message["reasoning_content"] = "".join(choice.reasoning)
        if choice.calls:
            message["tool_calls"] = [choice.calls[i] for i in sorted(choice.calls)]
            message["content"] = text or None  # OpenAI: no text beside the calls is null
        return {
            "index": index,
            "message": message,
            "logprobs": logprobs,
            "finish_reason": choice.finish,
        }
