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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.atomic_file import write_json_atomically
from studio.core.chat.models import SamplingSettings
from studio.core.chat.sampling_limits import LIMITS, bound_text, shown
from studio.core.chat.tools import TOOL_CHOICES, ToolDefinitionError, parse_tool_definitions
from studio.core.errors import Problem, StudioError
from studio.core.safe_read import read_regular

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
PRESET_IMPORT_OUT_OF_RANGE = "preset_import_out_of_range"
PRESET_IMPORT_MAX_TOKENS = "preset_import_max_tokens"
PRESETS_LEFT_OUT = "presets_left_out"
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


@dataclass(frozen=True)
class PresetBook:
    """Every preset, in the order they were made, and each model's default (its key, the
    model's file name, to a preset's name). Immutable: each change returns a new book."""

    presets: tuple[Preset, ...] = ()
    defaults: Mapping[str, str] = field(default_factory=lambda: _frozen({}))

    @cached_property
    def _by_name(self) -> Mapping[str, Preset]:
        # Built once per book (books are immutable), so a lookup never scans the list:
        # a library of tens of thousands of presets loads and saves in linear time.
        index: dict[str, Preset] = {}
        for preset in self.presets:
            index.setdefault(preset.name.casefold(), preset)
        return index

    @cached_property
    def _by_settings(self) -> Mapping[SamplingSettings, Preset]:
        index: dict[SamplingSettings, Preset] = {}
        for preset in self.presets:
            index.setdefault(preset.sampling, preset)
        return index

    def find(self, name: str) -> Preset | None:
        """The preset called `name`, ignoring case."""
        return self._by_name.get(name.casefold())

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
        return self._by_settings.get(settings)

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
        return cls.read(data)[0]

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> tuple[PresetBook, int]:
        """`from_dict`, and how many entries were left out (not presets, or a name that
        came before). One pass with an index of names: linear in the file's size."""
        kept: dict[str, Preset] = {}
        left_out = 0
        presets = data.get("presets")
        for entry in presets if isinstance(presets, list) else []:
            try:
                preset = preset_from(entry)
            except PresetError:
                left_out += 1
                continue
            if kept.setdefault(preset.name.casefold(), preset) is not preset:
                left_out += 1
        book = cls(tuple(kept.values()))
        defaults: dict[str, str] = {}
        given = data.get("defaults")
        for model, name in (given if isinstance(given, dict) else {}).items():
            named = book.find(name) if isinstance(model, str) and isinstance(name, str) else None
            if named is not None:
                defaults[model] = named.name
        return cls(book.presets, _frozen(defaults)), left_out


def preset_from(entry: object, source: str = "") -> Preset:
    """A preset from its JSON form; `source` (the file) names it in the error."""
    if not isinstance(entry, dict):
        raise PresetError(PRESET_IMPORT_NOT_PRESET, "not a JSON object", path=source)
    name, settings = entry.get("name"), entry.get("settings")
    if not isinstance(name, str) or not name.strip() or not isinstance(settings, dict):
        raise PresetError(PRESET_IMPORT_NOT_PRESET, "no name or no settings", path=source)
    _check_numbers(settings, source)
    _check_tools(settings, source)
    # Every field this version knows must read back as written: a value of the wrong
    # kind would otherwise be dropped without a word. Unknown (newer) fields are kept.
    read = SamplingSettings.from_dict(settings).to_dict()
    for key, value in settings.items():
        if key in read and read[key] != value:
            raise PresetError(
                PRESET_IMPORT_BAD_VALUE, f"{key}={shown(value)}", path=source, field=key
            )
    return Preset(clean_name(name), _frozen(settings))


def _check_numbers(settings: Mapping[str, Any], source: str) -> None:
    """Each sampling number the engine would refuse (an Infinity, a negative count, a
    top_k past int32) is named with the range it must be in."""
    for key, limit in LIMITS.items():
        value = settings.get(key)
        if value is None or limit.allows(value):
            continue
        if not limit.kind_fits(value):
            raise PresetError(
                PRESET_IMPORT_BAD_VALUE, f"{key}={shown(value)}", path=source, field=key
            )
        raise PresetError(
            PRESET_IMPORT_MAX_TOKENS if limit.special is not None else PRESET_IMPORT_OUT_OF_RANGE,
            f"{key}={shown(value)} is outside {limit.low}..{limit.high}",
            path=source,
            field=key,
            value=shown(value),
            low=bound_text(limit.low),
            high=bound_text(limit.high),
        )


def _check_tools(settings: Mapping[str, Any], source: str) -> None:
    """The tools as every turn would send them: a definition the engine cannot read is
    refused here, with the tools' own sentence, rather than failing each later turn."""
    tools, choice = settings.get("tools", ""), settings.get("tool_choice", "auto")
    if isinstance(choice, str) and choice not in TOOL_CHOICES:
        raise PresetError(
            PRESET_IMPORT_BAD_VALUE,
            f"tool_choice={shown(choice)}",
            path=source,
            field="tool_choice",
        )
    if not isinstance(tools, str):
        return  # the wrong kind of value: said by the read-back check
    try:
        parse_tool_definitions(tools)
    except ToolDefinitionError as error:
        raise PresetError(error.code, error.detail, **error.params, path=source) from error


def read_preset_file(path: Path) -> Preset:
    """One exported preset (or the first of a presets library file), checked."""
    source = str(path)
    try:
        raw = read_regular(path, limit=MAX_FILE_BYTES)
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
            data = json.loads(read_regular(self.path, limit=MAX_FILE_BYTES).decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != LIBRARY_FORMAT:
                raise ValueError("not a presets file")
        except FileNotFoundError:
            return PresetBook()
        except (OSError, ValueError, RecursionError) as error:
            self.problem = self._set_aside(f"{type(error).__name__}: {error}"[:200])
            return PresetBook()
        book, left_out = PresetBook.read(data)
        if left_out:
            # The file stays as it is until the next change saves the book without them.
            self.problem = Problem(
                PRESETS_LEFT_OUT, f"{self.path}: {left_out} entries", {"count": left_out}
            )
        return book

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
