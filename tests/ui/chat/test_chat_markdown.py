"""Splitting an answer into blocks, and code highlighting."""

from __future__ import annotations

from studio.ui.chat.markdown import Block, highlight_code, split_blocks


def test_paragraphs_and_fences_become_blocks() -> None:
    text = "Intro *x*\nsame paragraph\n\n\nNext\n\n```python\nprint(1)\n\nprint(2)\n```\nafter"
    assert split_blocks(text) == [
        Block("prose", "Intro *x*\nsame paragraph"),
        Block("prose", "Next"),
        Block("code", "print(1)\n\nprint(2)", "python"),
        Block("prose", "after"),
    ]


def test_an_unclosed_fence_is_an_open_code_block() -> None:
    assert split_blocks("Look:\n```js\nlet a") == [
        Block("prose", "Look:"),
        Block("code", "let a", "js", closed=False),
    ]
    assert split_blocks("```") == [Block("code", "", "", closed=False)]


def test_fences_close_only_with_their_own_kind_and_length() -> None:
    text = "````md\n```inner```\n```\n````\n~~~\nx\n~~~"
    assert split_blocks(text) == [
        Block("code", "```inner```\n```", "md"),
        Block("code", "x", ""),
    ]


def test_highlighting_is_inline_styled_and_follows_the_theme() -> None:
    light = highlight_code("def f(): pass", "python")
    dark = highlight_code("def f(): pass", "python", dark=True)
    assert light.startswith("<pre") and "style=" in light and "def" in light
    assert light != dark
    # Unknown or missing languages are shown plain, never guessed (guessing is slow).
    assert "color" not in highlight_code("x < y", "no-such-language")
    assert "&lt;" in highlight_code("x < y", "")
