"""Text from outside (a model's metadata, a file name, a repository, an engine's log) as a
terminal may safely show it.

A GGUF's `general.name` is whatever its maker wrote: an escape sequence in it would clear
the screen, set the window title or write the clipboard (OSC 52) of whoever runs
`studio estimate` on it. Every command prints such text through `printable`, which shows
control characters as Python escapes (`\\x1b`, `\\n`) instead of sending them.
"""

from __future__ import annotations

import unicodedata

# Not control characters, but they reorder or break what the terminal shows.
_LAYOUT = frozenset(
    "\u2028\u2029"  # line and paragraph separators
    "\u202a\u202b\u202c\u202d\u202e"  # bidirectional embeddings and overrides
    "\u2066\u2067\u2068\u2069"  # bidirectional isolates
)


def _escape(char: str) -> str:
    if char in "\n\r\t":
        return repr(char)[1:-1]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape): the byte
        code -= 0xDC00
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _unsafe(char: str) -> bool:
    # Cc: C0 (0x00-0x1f), DEL and C1 (0x80-0x9f), the bytes terminals act on. Cs: a lone
    # surrogate, which is how Python holds a file name's bytes that are not UTF-8; a
    # UTF-8 stdout cannot write one at all.
    return unicodedata.category(char) in ("Cc", "Cs") or char in _LAYOUT


def printable(text: object) -> str:
    """`text` (or its str()) with every control character shown as an escape."""
    shown = str(text)
    if not any(_unsafe(char) for char in shown):
        return shown
    return "".join(_escape(char) if _unsafe(char) else char for char in shown)
