"""Turning an answer's Markdown into blocks the chat view can update one at a time.

An answer is split into paragraphs and fenced code blocks. While it streams only the last
block changes, so the view re-renders that one block per update instead of the whole answer.
Prose is left to Qt's own Markdown renderer; code is highlighted with Pygments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pygments.lexer import Lexer

# A fence opens a line with three or more backticks or tildes, then an optional language.
_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\n]*)$")


@dataclass(frozen=True)
class Block:
    kind: str  # "prose" or "code"
    text: str
    language: str = ""
    closed: bool = True  # a code block whose closing fence has not streamed in yet is open


def split_blocks(markdown: str) -> list[Block]:
    blocks: list[Block] = []
    prose: list[str] = []
    code: list[str] = []
    fence = ""
    language = ""
    for line in markdown.split("\n"):
        if not fence:
            match = _FENCE.match(line)
            if match:
                if prose:
                    blocks.append(Block("prose", "\n".join(prose)))
                    prose = []
                fence = match.group("fence")
                language = match.group("info").strip().split(" ")[0]
            elif not line.strip():
                # A blank line ends a paragraph: each paragraph is its own block, so a
                # long streaming answer re-renders only its last paragraph.
                if prose:
                    blocks.append(Block("prose", "\n".join(prose)))
                    prose = []
            else:
                prose.append(line)
            continue
        stripped = line.strip()
        if stripped.startswith(fence[0] * len(fence)) and set(stripped) == {fence[0]}:
            blocks.append(Block("code", "\n".join(code), language))
            code, fence, language = [], "", ""
        else:
            code.append(line)
    if fence:
        blocks.append(Block("code", "\n".join(code), language, closed=False))
    elif prose and any(line.strip() for line in prose):
        blocks.append(Block("prose", "\n".join(prose)))
    return [b for b in blocks if b.kind == "code" or b.text.strip()]


def hard_breaks(prose: str) -> str:
    """`prose` with every line break kept as written. Markdown joins a single break into
    a space; a chat answer means it (a poem, an address, steps one per line), as every
    chat app shows it, so each line but the last ends in Markdown's hard break."""
    lines = prose.split("\n")
    kept = [line if line.endswith(("  ", "\\")) else line + "  " for line in lines[:-1]]
    return "\n".join([*kept, lines[-1]])


@lru_cache(maxsize=64)
def _lexer(language: str) -> Lexer:
    # Pygments is imported on first use, in the worker thread that highlights: it would
    # add about 0.1 s to the app's start.
    from pygments.lexers import TextLexer, get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        return get_lexer_by_name(language) if language else TextLexer()
    except ClassNotFound:
        return TextLexer()


def highlight_code(code: str, language: str, dark: bool = False) -> str:
    """HTML with inline styles (a QTextDocument has no style sheet for classes) in a <pre>.
    Without a language tag the code is shown plain: guessing costs hundreds of ms."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter

    lexer = _lexer(language.lower())
    formatter = HtmlFormatter(nowrap=True, noclasses=True, style="monokai" if dark else "default")
    body = highlight(code, lexer, formatter) if code else ""
    return f'<pre style="margin:0; white-space:pre-wrap">{body}</pre>'
