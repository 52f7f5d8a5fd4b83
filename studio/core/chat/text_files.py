"""Text files dropped on the composer: read, told apart from binaries, and written into
the message as a fenced block headed by the file's name and token count.

A file is text when it decodes as UTF-8 (a byte-order mark allowed) and holds no NUL and
almost no other control characters; whatever its name says, anything else is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from studio.core.chat.fence import fence_for
from studio.core.errors import StudioError
from studio.core.safe_read import ReadRefusedError, read_regular

# Bigger than any context holds as text (about a million tokens), small enough to read.
MAX_BYTES = 4 * 1024 * 1024
# Control characters allowed in text besides tab, newline, carriage return and form feed.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_MOSTLY_TEXT = 0.001

# File suffixes whose fence language differs from the suffix itself.
_LANGUAGES = {
    ".py": "python",
    ".pyi": "python",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "",
    ".text": "",
    ".log": "",
    ".js": "javascript",
    ".ts": "typescript",
    ".rs": "rust",
    ".rb": "ruby",
    ".sh": "bash",
    ".yml": "yaml",
    ".h": "c",
    ".hpp": "cpp",
    ".cc": "cpp",
}


class TextFileError(StudioError):
    """A dropped file that cannot become part of a message."""


@dataclass(frozen=True)
class TextFile:
    name: str
    text: str
    language: str  # the fence's info string ("" for plain text)


def read_text_file(path: Path) -> TextFile:
    """The file's text, or `TextFileError` saying why it cannot be added (blocking I/O:
    call it off the GUI thread)."""
    name = path.name
    try:
        # Only a regular file, and never more than the cap: a FIFO would block the
        # worker for good and /dev/zero would fill the memory.
        data = read_regular(path, limit=MAX_BYTES)
    except ReadRefusedError as error:
        if error.reason == "too_large":
            raise TextFileError(
                "chat_attach_too_large", str(error), name=name, limit=MAX_BYTES
            ) from error
        raise TextFileError("chat_attach_not_regular", str(error), name=name) from error
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise TextFileError(
            "chat_attach_unreadable", f"{path}: {error}", name=name, reason=reason
        ) from error
    text = decode_text(data)
    if text is None:
        raise TextFileError("chat_attach_not_text", f"{path} is binary", name=name)
    suffix = path.suffix.lower()
    return TextFile(name, text, _LANGUAGES.get(suffix, suffix.lstrip(".")))


def decode_text(data: bytes) -> str | None:
    """`data` as text, or None when it is not text."""
    if b"\x00" in data:
        return None  # UTF-16 and binaries alike; UTF-8 text never holds NUL
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    if len(_CONTROL.findall(text)) > max(1, len(text) * _MOSTLY_TEXT):
        return None
    return text.replace("\r\n", "\n")


def fenced_block(file: TextFile) -> str:
    """The file as a Markdown code block (the composer puts a line naming it above). The
    fence is longer than any run of backticks in the file, so the file cannot end it."""
    fence = fence_for(file.text)
    body = file.text if file.text.endswith("\n") else file.text + "\n"
    return f"{fence}{file.language}\n{body}{fence}\n"
