"""Each answer token's probability and its top alternatives, for the chat's tint.

The engine sends, with each streamed piece of text, the tokens it was made of: their text,
raw bytes, log-probability and the most likely alternatives. A token can end in the middle
of a UTF-8 character (emoji, accents); decoding the bytes through one incremental decoder
gives each token the characters it completed, so the tokens' texts add up to the answer's
text and the view can find each token in it.
"""

from __future__ import annotations

import codecs
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from studio.core.chat.json_column import json_list

# How many alternatives to ask for: enough to see what else was likely, few enough that
# the stored rows stay small (about 100 bytes a token).
TOP_ALTERNATIVES = 5


@dataclass(frozen=True)
class TokenProb:
    """One token of an answer: its text, its probability in [0, 1], and the alternatives
    the engine weighed (text, probability), most likely first."""

    text: str
    prob: float
    top: tuple[tuple[str, float], ...] = ()

    def to_list(self) -> list[Any]:
        # Compact rows: [text, p, [[alt, p], ...]].
        return [self.text, round(self.prob, 5), [[t, round(p, 5)] for t, p in self.top]]

    @classmethod
    def from_list(cls, row: Any) -> TokenProb | None:
        if not isinstance(row, list) or len(row) < 2 or not isinstance(row[0], str):
            return None
        try:
            prob = min(1.0, max(0.0, float(row[1])))
            top = tuple(
                (str(alt[0]), min(1.0, max(0.0, float(alt[1]))))
                for alt in (row[2] if len(row) > 2 and isinstance(row[2], list) else ())
                if isinstance(alt, list) and len(alt) == 2
            )
        except (TypeError, ValueError):
            return None
        return cls(row[0], prob, top)


def probs_to_json(tokens: Sequence[TokenProb]) -> str:
    return json.dumps([token.to_list() for token in tokens], ensure_ascii=False)


def probs_from_json(text: str | None) -> tuple[TokenProb, ...]:
    tokens = map(TokenProb.from_list, json_list(text))
    return tuple(token for token in tokens if token is not None)


def _probability(logprob: Any) -> float:
    try:
        return min(1.0, max(0.0, math.exp(float(logprob))))
    except (TypeError, ValueError, OverflowError):
        return 0.0


class TokenProbCollector:
    """Turns the `logprobs` of streamed chunks into `TokenProb`s, in order."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.tokens: list[TokenProb] = []

    def add_chunks(self, chunks: Iterable[Mapping[str, Any]]) -> list[TokenProb]:
        """The tokens of the engine's raw chunks (`ChatDelta.raw`); returns the new ones."""
        new: list[TokenProb] = []
        for chunk in chunks:
            for choice in chunk.get("choices") or ():
                delta = choice.get("delta") or {}
                if delta.get("reasoning_content") or delta.get("tool_calls"):
                    continue  # the tint is for the answer's text only
                for entry in (choice.get("logprobs") or {}).get("content") or ():
                    new.append(self._token(entry))
        self.tokens.extend(new)
        return new

    def _token(self, entry: Mapping[str, Any]) -> TokenProb:
        raw = entry.get("bytes")
        if isinstance(raw, list) and all(isinstance(b, int) and 0 <= b < 256 for b in raw):
            text = self._decoder.decode(bytes(raw))
        else:
            text = str(entry.get("token", ""))
        top = tuple(
            (str(alt.get("token", "")), _probability(alt.get("logprob")))
            for alt in entry.get("top_logprobs") or ()
            if isinstance(alt, Mapping)
        )
        return TokenProb(text, _probability(entry.get("logprob")), top)
