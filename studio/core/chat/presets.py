"""Named presets: a system prompt with its sampling and thinking settings, kept under a
name (LM Studio's presets, Jan's assistants), and the preset each model starts from.

A preset keeps the whole `SamplingSettings.to_dict()`, never a hand-made list of fields:
settings added later (or by a newer version) travel inside it, and reading goes through
`SamplingSettings.from_dict`, which ignores keys it does not know. The library is one JSON
file in the app's data folder, written atomically; a damaged one is moved aside and the
list starts empty, so it can never cost a conversation or the app's start.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.chat.models import SamplingSettings
from studio.core.errors import Problem, StudioError

PRESETS_NAME = "presets.json"
LIBRARY_FORMAT = "gguf-studio-presets"
EXPORT_FORMAT = "gguf-studio-preset"
VERSION = 1
# A preset is a few kilobytes; anything far larger is not one, and is not read whole.
MAX_FILE_BYTES = 1 << 20
MAX_NAME_CHARS = 80

PRESET_NAME_EMPTY = "preset_name_empty"
PRESET_NAME_TAKEN = "preset_name_taken"
PRESET_MISSING = "preset_missing"
PRESET_IMPORT_UNREADABLE = "preset_import_unreadable"
PRESET_IMPORT_NOT_JSON = "preset_import_not_json"
PRESET_IMPORT_NOT_PRESET = "preset_import_not_preset"
PRESET_IMPORT_BAD_VALUE = "preset_import_bad_value"
PRESET_EXPORT_FAILED = "preset_export_failed"
PRESETS_UNWRITABLE = "presets_unwritable"
PRESETS_SET_ASIDE = "presets_set_aside"
PRESETS_UNREADABLE = "presets_unreadable"


class PresetError(StudioError):
    """A preset operation that cannot be done; the code says why."""


def _frozen(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(data))


def clean_name(name: str) -> str:
    """The name as stored: one line, spaces collapsed, not empty, not endless."""
    flat = " ".join(name.split())[:MAX_NAME_CHARS].strip()
    if not flat:
        raise PresetError(PRESET_NAME_EMPTY, "a preset needs a name")
    return flat


@dataclass(frozen=True)
class Preset:
    name: str
    # A `SamplingSettings.to_dict()`, with whatever keys a newer version added kept as is.
    settings: Mapping[str, Any] = field(default_factory=lambda: _frozen({}))

    @classmethod
    def of(cls, name: str, settings: SamplingSettings) -> Preset:
        return cls(clean_name(name), _frozen(settings.to_dict()))

    @property
    def sampling(self) -> SamplingSettings:
        return SamplingSettings.from_dict(self.settings)

    def renamed(self, name: str) -> Preset:
        return Preset(clean_name(name), self.settings)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "settings": dict(self.settings)}


def _same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


@dataclass(frozen=True)
class PresetBook:
    """Every preset, in the order they were made, and each model's default (its key, the
    model's file name, to a preset's name). Immutable: each change returns a new book."""

    presets: tuple[Preset, ...] = ()
    defaults: Mapping[str, str] = field(default_factory=lambda: _frozen({}))

    def find(self, name: str) -> Preset | None:
        return next((p for p in self.presets if _same_name(p.name, name)), None)

    def _require(self, name: str) -> Preset:
        preset = self.find(name)
        if preset is None:
            raise PresetError(PRESET_MISSING, f"no preset named {name!r}", name=name)
        return preset

    def unique_name(self, name: str) -> str:
        """`name`, or `name (2)`, `name (3)`… whichever no preset has yet."""
        base = clean_name(name)
        candidate, number = base, 2
        while self.find(candidate) is not None:
            candidate = f"{base} ({number})"
            number += 1
        return candidate

    def with_preset(self, preset: Preset) -> PresetBook:
        """Adds `preset`; its name must be free."""
        if self.find(preset.name) is not None:
            raise PresetError(PRESET_NAME_TAKEN, f"{preset.name!r} exists", name=preset.name)
        return PresetBook((*self.presets, preset), self.defaults)

    def with_settings(self, name: str, settings: SamplingSettings) -> PresetBook:
        """The preset `name` with new settings (saved over from the current chat)."""
        old = self._require(name)
        new = Preset(old.name, _frozen(settings.to_dict()))
        return PresetBook(tuple(new if p is old else p for p in self.presets), self.defaults)

    def renamed(self, name: str, new_name: str) -> PresetBook:
        old = self._require(name)
        new = old.renamed(new_name)
        clash = self.find(new.name)
        if clash is not None and clash is not old:
            raise PresetError(PRESET_NAME_TAKEN, f"{new.name!r} exists", name=new.name)
        defaults = {m: new.name if p == old.name else p for m, p in self.defaults.items()}
        return PresetBook(tuple(new if p is old else p for p in self.presets), _frozen(defaults))

    def without(self, name: str) -> PresetBook:
        """Drops the preset, and the defaults that pointed at it."""
        old = self._require(name)
        defaults = {m: p for m, p in self.defaults.items() if p != old.name}
        return PresetBook(tuple(p for p in self.presets if p is not old), _frozen(defaults))

    def with_default(self, model: str, name: str | None) -> PresetBook:
        """`model` starts new conversations from preset `name` (None: from nothing)."""
        defaults = dict(self.defaults)
        if name is None:
            defaults.pop(model, None)
        else:
            defaults[model] = self._require(name).name
        return PresetBook(self.presets, _frozen(defaults))

    def default_for(self, model: str | None) -> Preset | None:
        if not model:
            return None
        name = self.defaults.get(model)
        return self.find(name) if name is not None else None

    def matching(self, settings: SamplingSettings) -> Preset | None:
        """The first preset whose settings are exactly `settings` (what the chat shows)."""
        return next((p for p in self.presets if p.sampling == settings), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": LIBRARY_FORMAT,
            "version": VERSION,
            "presets": [p.to_dict() for p in self.presets],
            "defaults": dict(self.defaults),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PresetBook:
        """Entries that are not presets are skipped (one bad entry never hides the rest);
        a repeated name keeps its first preset."""
        book = cls()
        presets = data.get("presets")
        for entry in presets if isinstance(presets, list) else []:
            try:
                preset = preset_from(entry)
            except PresetError:
                continue
            if book.find(preset.name) is None:
                book = book.with_preset(preset)
        defaults = data.get("defaults")
        for model, name in (defaults if isinstance(defaults, dict) else {}).items():
            if isinstance(model, str) and isinstance(name, str) and book.find(name):
                book = book.with_default(model, name)
        return book


def preset_from(entry: object, source: str = "") -> Preset:
    """A preset from its JSON form; `source` (the file) names it in the error."""
    if not isinstance(entry, dict):
        raise PresetError(PRESET_IMPORT_NOT_PRESET, "not a JSON object", path=source)
    name, settings = entry.get("name"), entry.get("settings")
    if not isinstance(name, str) or not name.strip() or not isinstance(settings, dict):
        raise PresetError(PRESET_IMPORT_NOT_PRESET, "no name or no settings", path=source)
    # Every field this version knows must read back as written: a value of the wrong
    # kind would otherwise be dropped without a word. Unknown (newer) fields are kept.
    read = SamplingSettings.from_dict(settings).to_dict()
    for key, value in settings.items():
        if key in read and read[key] != value:
            raise PresetError(PRESET_IMPORT_BAD_VALUE, f"{key}={value!r}", path=source, field=key)
    return Preset(clean_name(name), _frozen(settings))


def _read_small_regular_file(path: Path) -> bytes:
    # Non-blocking open and a check of what was opened: a FIFO or a device in the file's
    # place must not hang the reader, nor a huge file fill the memory.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(f"{info.st_size} bytes is too large for presets")
        return handle.read(MAX_FILE_BYTES + 1)


def read_preset_file(path: Path) -> Preset:
    """One exported preset (or the first of a presets library file), checked."""
    source = str(path)
    try:
        raw = _read_small_regular_file(path)
    except (OSError, ValueError) as error:
        raise PresetError(PRESET_IMPORT_UNREADABLE, f"{path}: {error}", path=source) from error
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        raise PresetError(PRESET_IMPORT_NOT_JSON, f"{path}: {error}", path=source) from error
    if isinstance(data, dict) and data.get("format") == LIBRARY_FORMAT:
        presets = data.get("presets")
        if isinstance(presets, list) and presets:
            return preset_from(presets[0], source)
    return preset_from(data, source)


def write_json_atomically(path: Path, data: Mapping[str, Any]) -> None:
    """Write to a temporary file beside `path`, then rename it over: a crash leaves the
    old file or the new one, never half of one."""
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        Path(temporary).replace(path)  # os.replace: atomic on POSIX and Windows
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def export_preset(preset: Preset, target: Path) -> None:
    data = {"format": EXPORT_FORMAT, "version": VERSION, **preset.to_dict()}
    try:
        write_json_atomically(target, data)
    except OSError as error:
        raise PresetError(PRESET_EXPORT_FAILED, f"{target}: {error}", path=str(target)) from error


class PresetLibrary:
    """The presets file: `load()` never raises, `save()` raises `PresetError`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # Why the file could not be read at start-up (told once), or None.
        self.problem: Problem | None = None

    @classmethod
    def in_directory(cls, data_dir: Path) -> PresetLibrary:
        return cls(data_dir / PRESETS_NAME)

    def load(self) -> PresetBook:
        """A missing file is an empty book; a damaged one is moved aside (kept for the
        user, never silently destroyed) and `problem` says where."""
        self.problem = None
        try:
            data = json.loads(_read_small_regular_file(self.path).decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != LIBRARY_FORMAT:
                raise ValueError("not a presets file")
        except FileNotFoundError:
            return PresetBook()
        except (OSError, ValueError, RecursionError) as error:
            self.problem = self._set_aside(f"{type(error).__name__}: {error}"[:200])
            return PresetBook()
        return PresetBook.from_dict(data)

    def _set_aside(self, reason: str) -> Problem:
        aside = self.path.with_name(self.path.name + ".damaged")
        try:
            if aside.is_dir() and not aside.is_symlink():
                raise IsADirectoryError(str(aside))
            self.path.replace(aside)
        except OSError as error:
            # A read-only folder, say: the list starts empty; saving will report why.
            unread = PresetError(PRESETS_UNREADABLE, f"{reason}; {error}", path=str(self.path))
            return Problem.of(unread)
        kept = PresetError(PRESETS_SET_ASIDE, reason, path=str(self.path), moved_to=str(aside))
        return Problem.of(kept)

    def save(self, book: PresetBook) -> None:
        try:
            write_json_atomically(self.path, book.to_dict())
        except OSError as error:
            raise PresetError(
                PRESETS_UNWRITABLE, f"{self.path}: {error}", path=str(self.path)
            ) from error
