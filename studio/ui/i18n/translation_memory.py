"""What each visible text was translated from, so it can be translated again.

Switching the language at run time must change texts that widgets were given long ago, by
code that is not told about the switch. The app's translator reports every lookup here:
the text it produced and the (context, source, disambiguation, n) it came from. A text
later found on a widget is matched back to its lookup, exactly or, when the caller filled
`{placeholders}` or Qt filled `%n`, by a pattern with the filled values captured, and is
rebuilt in the new language with the same values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Fields a caller fills after `tr()`: str.format fields, Qt's %n and %1..%99.
_FIELD = re.compile(r"\{[^{}]*\}|%L?n|%L?\d{1,2}")
# A text must keep this many letters outside its fields to be matched as a pattern, so
# "{size}/s" or "{a}: {b}" never claims an unrelated text.
_MIN_LITERAL_LETTERS = 3
# What Qt puts for %n (plain digits) or %Ln (digits with the locale's group separators).
_COUNT = r"-?\d[\d.,\u00a0\u202f']*"


@dataclass(frozen=True)
class Lookup:
    context: str
    source: str
    disambiguation: str | None
    n: int


Translate = Callable[[Lookup], str]


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    groups: tuple[tuple[str, str], ...]  # (field token, group name) in order of appearance
    lookup: Lookup
    literal_letters: int


class TranslationMemory:
    def __init__(self) -> None:
        self._exact: dict[str, Lookup] = {}
        self._patterns: dict[str, _Pattern] = {}
        self._ordered: list[_Pattern] | None = None

    def remember(self, lookup: Lookup, produced: str) -> None:
        """`produced` is what the translator returned, before fields were filled."""
        if _FIELD.search(produced) is None:
            self._exact[produced] = lookup
            return
        if produced in self._patterns:
            if self._patterns[produced].lookup != lookup:
                self._patterns[produced] = _compile(produced, lookup)
            return
        pattern = _compile(produced, lookup)
        if pattern.literal_letters >= _MIN_LITERAL_LETTERS:
            self._patterns[produced] = pattern
            self._ordered = None

    def retranslate(
        self, text: str, translate: Translate, depth: int = 2, exact_only: bool = False
    ) -> str | None:
        """`text` in the language `translate` now speaks, or None if it is not ours.
        Filled-in values that were translations themselves ("{step}, after: {cause}")
        are translated too, `depth` levels down. `exact_only` for texts that are mostly
        the user's data (list rows), which a pattern like "{n} tokens" could claim."""
        if not text or depth < 0:
            return None
        lookup = self._exact.get(text)
        if lookup is not None:
            return translate(lookup)
        if exact_only:
            return None
        for pattern in self._by_specificity():
            match = pattern.regex.fullmatch(text)
            if match is None:
                continue
            values = {token: match.group(group) for token, group in pattern.groups}
            n = pattern.lookup.n
            count = values.get("%n") or values.get("%Ln")
            if count is not None:
                n = int(re.sub(r"[^\d-]", "", count))
            rebuilt = translate(
                Lookup(
                    pattern.lookup.context, pattern.lookup.source, pattern.lookup.disambiguation, n
                )
            )
            for token, value in values.items():
                if token not in ("%n", "%Ln"):
                    values[token] = self.retranslate(value, translate, depth - 1) or value
            return _fill(rebuilt, values)
        return None

    def _by_specificity(self) -> list[_Pattern]:
        # The pattern with the most fixed text wins: "{model} is ready." before "{a}: {b}".
        if self._ordered is None:
            self._ordered = sorted(self._patterns.values(), key=lambda p: -p.literal_letters)
        return self._ordered


def _fill(template: str, values: dict[str, str]) -> str:
    return _FIELD.sub(lambda field: values.get(field.group(0), field.group(0)), template)


def _compile(produced: str, lookup: Lookup) -> _Pattern:
    parts: list[str] = []
    groups: dict[str, str] = {}
    last = 0
    for field in _FIELD.finditer(produced):
        parts.append(re.escape(produced[last : field.start()]))
        token = field.group(0)
        if token in groups:
            parts.append(f"(?P={groups[token]})")
        else:
            groups[token] = f"f{len(groups)}"
            body = _COUNT if token in ("%n", "%Ln") else ".+?"
            parts.append(f"(?P<{groups[token]}>{body})")
        last = field.end()
    parts.append(re.escape(produced[last:]))
    literal = _FIELD.sub("", produced)
    return _Pattern(
        # No DOTALL: lines joined by a caller are not one lookup and must not match as one.
        regex=re.compile("".join(parts)),
        groups=tuple(groups.items()),
        lookup=lookup,
        literal_letters=sum(1 for c in literal if c.isalpha()),
    )
