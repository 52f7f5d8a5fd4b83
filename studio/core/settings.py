"""App settings, per-model remembered load settings, and the autoload crash guard.

One JSON file under the config directory, written atomically (a temporary file in the same
directory, fsync, rename), so a crash while saving leaves either the old or the new file.

The Hugging Face token never lives here: it belongs in huggingface_hub's token store or the
system keyring. `to_dict` refuses any value that looks like a token, so a token pasted
into the wrong field cannot reach this plain-text file either.
"""

from __future__ import annotations

import enum
import json
import re
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studio.core.atomic_file import write_json_atomically
from studio.core.errors import StudioError
from studio.core.safe_read import read_regular_text

SETTINGS_NAME = "settings.json"
# The port the OpenAI-compatible API listens on unless told: the app's and `studio serve`'s.
DEFAULT_API_PORT = 8765
SETTINGS_FORMAT_VERSION = 1
# Far above what any settings file holds (a model's remembered load settings are about
# 1 KiB); a larger file was not written by the app and is set aside as damaged.
MAX_SETTINGS_BYTES = 8 * 1024 * 1024

THEMES = ("system", "light", "dark")

# Hugging Face user access tokens: "hf_" followed by a long alphanumeric run.
_TOKEN_SHAPE = re.compile(r"\bhf_[A-Za-z0-9]{20,}\b")


class SettingsError(StudioError):
    """Codes: `settings_secret_refused` (field) and `settings_unwritable` (path)."""


# Codes of `SettingsProblem`: the file could not be read and was moved aside (path,
# moved_to), or could not even be moved (path, reason). Either way the defaults apply.
SETTINGS_SET_ASIDE = "settings_set_aside"
SETTINGS_UNREADABLE = "settings_unreadable"


@dataclass(frozen=True)
class SettingsProblem:
    """Why the settings in use are the defaults rather than the file's; told once."""

    code: str
    params: Mapping[str, str]


@dataclass(frozen=True)
class AppSettings:
    engine_binary: str | None = None  # None: the bundled or $STUDIO_LLAMA_SERVER engine
    models_folders: tuple[str, ...] = ()
    rpc_devices: tuple[str, ...] = ()  # "host:port" of llama.cpp ggml-rpc-server instances
    hf_endpoint: str | None = None  # None: huggingface.co (or $HF_ENDPOINT)
    hf_proxy: str | None = None
    language: str = "system"
    theme: str = "system"
    autoload_last_model: bool = True
    last_model: str | None = None  # the last model that loaded successfully
    # Set when a load starts and cleared when it ends, either way. Still set at start-up,
    # it means the app died during that load: the crash guard refuses to autoload it.
    load_in_progress: str | None = None
    # Per model path: the load dialog's settings, an opaque JSON object owned by it.
    model_load_settings: Mapping[str, Mapping[str, Any]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    # The local API the Server page starts: its port, whether other machines may reach
    # it, and the key clients must send (generated on the first start, kept after).
    api_port: int = DEFAULT_API_PORT
    api_lan: bool = False
    api_key: str | None = None
    # Whether the person left the local API on: it comes back on at the next start.
    api_enabled: bool = False
    # The chat's side panels, as the user left them.
    inspector_open: bool = True
    sidebar_expanded: bool = True
    # Windows and splitters as the person left them: a window's (x, y, width, height) or
    # a splitter's sizes by name; the UI fits them to the screen it opens on.
    window_layout: Mapping[str, tuple[int, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    window_maximized: bool = False
    # The model the documents are embedded with (its path); None: the chat's own model.
    embedding_model: str | None = None

    def model_folders(self, own: Path) -> list[Path]:
        """Where downloads and imports may go: the person's folders, else the app's `own`."""
        chosen = [Path(folder).expanduser() for folder in self.models_folders]
        return chosen or [own]

    def library_folders(self, own: Path) -> list[Path]:
        """What the library lists (the app, the CLI and `serve` alike): the person's
        folders and the app's own, where imports went while none was set (they stay listed
        once one is added)."""
        folders = self.model_folders(own)
        return folders if own in folders else [*folders, own]

    def remembered_load(self, model: str) -> Mapping[str, Any] | None:
        return self.model_load_settings.get(model)

    def with_remembered_load(self, model: str, load: Mapping[str, Any]) -> AppSettings:
        # Round-trip through JSON now, so what is remembered is exactly what will be read.
        frozen = json.loads(json.dumps(dict(load)))
        merged = {**self.model_load_settings, model: frozen}
        return replace(self, model_load_settings=MappingProxyType(merged))

    def with_window_layout(
        self, shown: Mapping[str, tuple[int, ...]], *, maximized: bool | None = None
    ) -> AppSettings:
        """Remember windows' rectangles and splitters' sizes by name (others are kept)."""
        layout = MappingProxyType({**self.window_layout, **shown})
        if maximized is None:
            return replace(self, window_layout=layout)
        return replace(self, window_layout=layout, window_maximized=maximized)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": SETTINGS_FORMAT_VERSION}
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = {k: list(v) if isinstance(v, tuple) else dict(v) for k, v in value.items()}
            data[item.name] = value
        leaked = _TOKEN_SHAPE.search(json.dumps(data))
        if leaked:
            field_name = next(
                (k for k, v in data.items() if _TOKEN_SHAPE.search(json.dumps(v))), "?"
            )
            raise SettingsError(
                "settings_secret_refused",
                f"a Hugging Face token was about to be written to settings ({field_name})",
                field=field_name,
            )
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AppSettings:
        """Lenient: a field with the wrong type keeps its default; unknown keys (a token an
        older build wrote, say) are dropped."""
        default = cls()
        values: dict[str, Any] = {}

        def text_or_none(key: str) -> None:
            value = data.get(key)
            if value is None or (isinstance(value, str) and value.strip()):
                values[key] = value

        for key in (
            "engine_binary",
            "hf_endpoint",
            "hf_proxy",
            "last_model",
            "load_in_progress",
            "api_key",
            "embedding_model",
        ):
            text_or_none(key)
        for key in ("models_folders", "rpc_devices"):
            items = data.get(key)
            if isinstance(items, list) and all(isinstance(i, str) for i in items):
                values[key] = tuple(items)
        for key in ("language", "theme"):
            if isinstance(data.get(key), str):
                values[key] = data[key]
        if values.get("theme", default.theme) not in THEMES:
            values["theme"] = default.theme
        for key in (
            "autoload_last_model",
            "api_lan",
            "api_enabled",
            "inspector_open",
            "sidebar_expanded",
            "window_maximized",
        ):
            if isinstance(data.get(key), bool):
                values[key] = data[key]
        port = data.get("api_port")
        if isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536:
            values["api_port"] = port
        layout = data.get("window_layout")
        if isinstance(layout, dict):
            values["window_layout"] = MappingProxyType(
                {
                    k: tuple(v)
                    for k, v in layout.items()
                    if isinstance(k, str) and _layout_numbers(v)
                }
            )
        loads = data.get("model_load_settings")
        if isinstance(loads, dict):
            values["model_load_settings"] = MappingProxyType(
                {k: v for k, v in loads.items() if isinstance(k, str) and isinstance(v, dict)}
            )
        return replace(default, **values)


def _layout_numbers(value: object) -> bool:
    """Whether `value` is a short list of screen-sized integers (a window's rectangle or a
    splitter's sizes): anything else in a hand-edited file is dropped, not applied."""
    return (
        isinstance(value, list)
        and 0 < len(value) <= 8
        and all(isinstance(n, int) and not isinstance(n, bool) and abs(n) <= 100_000 for n in value)
    )


class SettingsStore:
    """Reads and writes `AppSettings` as one JSON file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: SettingsProblem | None = None

    @classmethod
    def in_directory(cls, config_dir: Path) -> SettingsStore:
        return cls(config_dir / SETTINGS_NAME)

    def load(self) -> AppSettings:
        """Missing or unreadable files give the defaults, never an exception: the app must
        start whatever is in its place. A file that cannot be used is moved aside as
        `settings.json.damaged` (nothing the user set is silently destroyed), and
        `problem` says so until the next load."""
        self.problem = None
        try:
            return AppSettings.from_dict(self._read())
        except FileNotFoundError:
            return AppSettings()
        # RecursionError: JSON nested deeper than the parser's stack (a crafted file);
        # OSError: a directory or a file without read permission in its place.
        except (OSError, ValueError, RecursionError, MemoryError) as error:
            self.problem = self._set_aside(f"{type(error).__name__}: {error}"[:200])
            return AppSettings()

    def _read(self) -> dict[str, Any]:
        # Only a regular file, capped: a FIFO (or a device) in the file's place would
        # otherwise block the GUI thread before the window ever shows, and a huge file
        # fill the memory. A refusal is a ValueError: the file is set aside as damaged.
        raw = read_regular_text(self.path, limit=MAX_SETTINGS_BYTES)
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("settings are not a JSON object")
        return data

    def _set_aside(self, reason: str) -> SettingsProblem:
        aside = self.path.with_name(self.path.name + ".damaged")
        try:
            _remove_old(aside)
            self.path.replace(aside)
        except OSError as error:
            # A read-only folder, say: the defaults still apply; saving will report why.
            return SettingsProblem(
                SETTINGS_UNREADABLE, {"path": str(self.path), "reason": f"{reason}; {error}"}
            )
        return SettingsProblem(SETTINGS_SET_ASIDE, {"path": str(self.path), "moved_to": str(aside)})

    def save(self, settings: AppSettings) -> None:
        try:
            write_json_atomically(self.path, settings.to_dict(), sort_keys=True)
        except OSError as error:
            raise SettingsError(
                "settings_unwritable", f"{self.path}: {error}", path=str(self.path)
            ) from error

    def update(self, change: Callable[[AppSettings], AppSettings]) -> AppSettings:
        """Load, change, save; returns what was saved."""
        updated = change(self.load())
        self.save(updated)
        return updated


def _remove_old(aside: Path) -> None:
    """Make room for the newest damaged file: an older one (or a directory) goes."""
    if aside.is_dir() and not aside.is_symlink():
        shutil.rmtree(aside)
    else:
        aside.unlink(missing_ok=True)


# -- the autoload crash guard -------------------------------------------------------------


class AutoloadVerdict(enum.StrEnum):
    LOAD = "load"
    DISABLED = "disabled"  # the user turned autoload off
    NOTHING_TO_LOAD = "nothing_to_load"  # no model has loaded successfully yet
    PREVIOUS_LOAD_CRASHED = "previous_load_crashed"  # the app died while loading `model`
    MODEL_MISSING = "model_missing"  # the last model's file is gone


@dataclass(frozen=True)
class AutoloadDecision:
    verdict: AutoloadVerdict
    model: str | None = None

    @property
    def should_load(self) -> bool:
        return self.verdict is AutoloadVerdict.LOAD


def decide_autoload(
    settings: AppSettings, exists: Callable[[Path], bool] = Path.exists
) -> AutoloadDecision:
    """What to do at start-up. The crash guard comes first: if the app died while loading
    a model, loading anything automatically could crash it again at every start."""
    if settings.load_in_progress is not None:
        return AutoloadDecision(AutoloadVerdict.PREVIOUS_LOAD_CRASHED, settings.load_in_progress)
    if not settings.autoload_last_model:
        return AutoloadDecision(AutoloadVerdict.DISABLED, settings.last_model)
    if settings.last_model is None:
        return AutoloadDecision(AutoloadVerdict.NOTHING_TO_LOAD)
    if not exists(Path(settings.last_model)):
        return AutoloadDecision(AutoloadVerdict.MODEL_MISSING, settings.last_model)
    return AutoloadDecision(AutoloadVerdict.LOAD, settings.last_model)


def load_started(settings: AppSettings, model: str) -> AppSettings:
    """Save this before spawning the engine; the marker survives a crash of the app."""
    return replace(settings, load_in_progress=model)


def load_ended(settings: AppSettings, model: str, succeeded: bool) -> AppSettings:
    """A load finished, failed cleanly or was cancelled: either way the app did not die.
    (A marker for another model means a newer load began; it is left for that one.)"""
    marker = None if settings.load_in_progress == model else settings.load_in_progress
    return replace(
        settings,
        load_in_progress=marker,
        last_model=model if succeeded else settings.last_model,
    )
