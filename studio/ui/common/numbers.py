"""Numbers as the user's language writes them: its decimal mark and digit grouping
(German "1,9 GiB" and "8.192 Token", not "1.9 GiB" beside "8,192"). The CLI and the API
keep the core's English (`studio.core.units`)."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from studio.core.units import format_bytes


def ui_count(value: int) -> str:
    """A whole number with the language's digit grouping."""
    return QLocale().toString(value)


def ui_size(value: int) -> str:
    """A size by the core's rule (`format_bytes`), with the language's decimal mark."""
    text = format_bytes(value)
    mark = QLocale().decimalPoint()
    return text.replace(".", mark) if mark != "." else text
