"""Pseudo-localisation: every string comes out about 40% longer, accented and bracketed.

Translations into German or French often run a third longer than English; showing every
string this way finds the labels, buttons and columns that clip or push a layout apart
before a real translation does, and the brackets show text that was never translated
(it appears without them). Placeholders (`{name}`, `{rate:.1f}`, `%n`, `%1`), markup
(`<b>`), entities and `&` mnemonics pass through unchanged so the text still works.
"""

from __future__ import annotations

import re

_ACCENTED = str.maketrans(
    "AaBCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåßÇçÐðÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž",
)
# Kept verbatim: format fields, Qt's %n/%1 markers, HTML tags and entities, file filters.
_PROTECTED = re.compile(r"\{[^{}]*\}|%L?n|%L?\d+|<[^<>]*>|&[a-zA-Z]+;|&#\d+;|\(\*\.[^)]*\)")
_PADDING = "·~"
GROWTH = 0.4


def pseudo_localize(text: str) -> str:
    """`Load model` -> `[Ļöåð ɱöðéļ ·~·~·]`-like: accented, ~40% longer, in brackets."""
    if not text.strip():
        return text
    pieces: list[str] = []
    visible = 0
    last = 0
    for match in _PROTECTED.finditer(text):
        plain = text[last : match.start()]
        pieces.append(plain.translate(_ACCENTED))
        visible += len(plain)
        pieces.append(match.group(0))
        last = match.end()
    tail = text[last:]
    pieces.append(tail.translate(_ACCENTED))
    visible += len(tail)
    padding_length = max(1, round(visible * GROWTH) - 3)  # brackets and a space count too
    padding = (_PADDING * padding_length)[:padding_length]
    return f"[{''.join(pieces)} {padding}]"
