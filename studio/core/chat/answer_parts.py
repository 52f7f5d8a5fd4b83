"""What a streamed answer carries besides its text: tool calls and token probabilities."""

from __future__ import annotations

from studio.core.chat.token_probs import TokenProb, TokenProbCollector
from studio.core.chat.tools import ToolCall, ToolCallMerger
from studio.core.server.client import ChatDelta


class AnswerParts:
    """Collects the tool calls (merged by index) and the tokens' probabilities of one
    answer as its deltas arrive."""

    def __init__(self) -> None:
        self._calls = ToolCallMerger()
        self._probs = TokenProbCollector()

    def add(self, delta: ChatDelta) -> tuple[list[TokenProb], bool]:
        """The delta's new tokens, and whether its tool calls changed."""
        tokens = self._probs.add_chunks(delta.raw) if delta.logprobs else []
        return tokens, self._calls.add(delta.tool_calls)

    @property
    def tool_calls(self) -> tuple[ToolCall, ...]:
        return self._calls.calls()

    @property
    def token_probs(self) -> tuple[TokenProb, ...]:
        return tuple(self._probs.tokens)

    def __bool__(self) -> bool:
        return bool(self._calls) or bool(self._probs.tokens)
