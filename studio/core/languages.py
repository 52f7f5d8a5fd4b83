"""The languages the app speaks: English, in which every sentence is written, and each
language with a catalogue in `i18n/`.

One list for the Settings menu, the language the app resolves at start and
`i18n/update.py`, which keeps a catalogue for each translated language. Not in
`studio.core.voice`, whose package loads every failure's vocabulary: the shell reads this
before the window's first paint.
"""

from __future__ import annotations

SOURCE_LANGUAGE = "en"

# (code, the language named in itself): a menu of languages must be readable by someone
# who does not read the current one.
LANGUAGES: tuple[tuple[str, str], ...] = (
    (SOURCE_LANGUAGE, "English"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("fr", "Français"),
    ("ja", "日本語"),
    ("zh_CN", "简体中文"),
)
TRANSLATED_LANGUAGES = tuple(code for code, _ in LANGUAGES if code != SOURCE_LANGUAGE)
