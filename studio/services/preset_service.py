"""The chat presets as the inspector's preset bar sees them: create one from the open
conversation, apply one to it, rename, delete, import, export, and the preset each model
starts new conversations from.

The book lives in memory, so every change shows at once; the file is written behind it by
one writer at a time, always with the newest book. The file is read off the GUI thread
(`start`): the bar is empty until it arrives, and a change made meanwhile is applied to
the book read, never written over the file before it. The model's key is its file name,
as the Library and the picker know it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from studio.core.chat import SamplingSettings
from studio.core.chat.presets import (
    Preset,
    PresetBook,
    PresetError,
    PresetLibrary,
    clean_name,
    export_preset,
    read_preset_file,
)
from studio.core.errors import Problem
from studio.core.server.states import ServerState, Snapshot
from studio.core.tasks import TaskOwner
from studio.services.background import Background
from studio.services.chat_service import ChatService, ConversationOpened

# A model counts as loaded while it can answer (the manager replays through a crash).
_SERVING = (ServerState.READY, ServerState.CRASHED, ServerState.RESPAWNING)


@dataclass(frozen=True)
class PresetsShown:
    """What the preset bar shows."""

    names: tuple[str, ...]
    # The preset the conversation was set from (or whose settings it has), if any.
    current: str | None = None
    # The conversation's settings were changed after `current` was applied.
    modified: bool = False
    model: str | None = None  # the loaded model's key (its file name)
    model_default: str | None = None  # the preset that model's new conversations start from


@dataclass(frozen=True)
class PresetImported:
    name: str  # as stored
    # The name the file gave, when a preset already had it and `name` was made unique.
    clashed: str | None = None


class PresetService(QObject):
    changed = Signal(object)  # PresetsShown
    applied = Signal(object)  # SamplingSettings now set on the conversation
    imported = Signal(object)  # PresetImported
    exported = Signal(object)  # Path
    failed = Signal(object)  # Problem
    # Problem: what reading the file at start-up found (set aside, entries left out).
    load_problem = Signal(object)

    def __init__(
        self,
        library: PresetLibrary,
        tasks: TaskOwner,
        chat: ChatService,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._work = Background(tasks)
        self._chat = chat
        # Empty until `start` has read the file (off the GUI thread: it may be large).
        self.book = PresetBook()
        self.problem: Problem | None = None
        self._load_task: asyncio.Task[None] | None = None
        # Until the file is read nothing is written to it: a book that never saw the
        # file's presets must not take their place.
        self._read = False
        # Changes made before the file was read, applied again to the book read.
        self._early: list[Callable[[PresetBook], PresetBook]] = []
        self._writing = asyncio.Lock()
        self.model: str | None = None
        self._current: str | None = None
        chat.conversation_opened.connect(self._on_chat_conversation_opened)
        chat.conversation_changed.connect(lambda _: self.refresh())
        self._on_chat_conversation_opened(ConversationOpened(chat.conversation))

    # -- reading the file ------------------------------------------------------------------

    def start(self) -> asyncio.Task[None]:
        """Read the presets file in the background (once the event loop runs)."""
        if self._load_task is None:
            self._load_task = self._work.run("presets-load", self.load)
        return self._load_task

    async def load(self) -> None:
        """Read the file off the GUI thread, then show its presets (and say what was
        wrong with it). Changes made meanwhile are kept, on top of what was read."""
        book = await asyncio.to_thread(self._library.load)
        self._read = True
        self.problem = self._library.problem
        early, self._early = self._early, []
        for change in early:
            try:
                book = change(book)
            except PresetError as error:  # a name the file already had, say
                self.failed.emit(Problem.of(error))
        self.book = book
        self._on_chat_conversation_opened(ConversationOpened(self._chat.conversation))
        if self.problem is not None:
            self.load_problem.emit(self.problem)
        if early:
            self._save()

    @property
    def loading(self) -> bool:
        """Whether the file is still to be read (changes wait to be written until it is)."""
        return not self._read

    # -- what the bar shows ----------------------------------------------------------------

    def shown(self) -> PresetsShown:
        current = self.book.find(self._current) if self._current else None
        default = self.book.default_for(self.model)
        return PresetsShown(
            names=tuple(p.name for p in self.book.presets),
            current=current.name if current else None,
            modified=current is not None and current.sampling != self._chat.settings,
            model=self.model,
            model_default=default.name if default else None,
        )

    def refresh(self) -> None:
        """The conversation's settings changed (the user edited them): a preset they now
        equal becomes the current one; otherwise the current one is shown as changed."""
        match = self.book.matching(self._chat.settings)
        if match is not None:
            self._current = match.name
        self.changed.emit(self.shown())

    def _on_chat_conversation_opened(self, opened: ConversationOpened) -> None:
        if opened.conversation is None:
            default = self.book.default_for(self.model)
            if default is not None:
                # A new conversation with this model loaded starts from its preset.
                self._set_on_chat(default)
                return
        match = self.book.matching(self._chat.settings)
        self._current = match.name if match else None
        self.changed.emit(self.shown())

    # -- the loaded model ------------------------------------------------------------------

    def show_snapshot(self, snapshot: Snapshot) -> None:
        spec = snapshot.spec
        serving = snapshot.state in _SERVING and spec is not None
        self.use_model(spec.model.name if serving and spec is not None else None)

    def use_model(self, model: str | None) -> None:
        """`model` (its key) is loaded now, or none is. A blank new conversation takes the
        newly loaded model's default, as it would had it been started after the load."""
        if model == self.model:
            return
        self.model = model
        default = self.book.default_for(model)
        if default is not None and self._chat.conversation is None:
            self._set_on_chat(default)
            return
        self.changed.emit(self.shown())

    def set_model_default(self, name: str | None) -> None:
        """The loaded model starts new conversations from `name` (None: from nothing)."""
        if self.model is not None:
            self._change(lambda book: book.with_default(self.model or "", name))

    # -- changes -------------------------------------------------------------------------

    def apply(self, name: str) -> None:
        """Set the conversation's settings (the system prompt included) from preset `name`;
        the next answer is asked with them."""
        preset = self.book.find(name)
        if preset is None:
            self.failed.emit(Problem("preset_missing", name, {"name": name}))
            return
        self._set_on_chat(preset)

    def clear(self) -> None:
        """No preset: the conversation goes back to the template's system prompt and the
        engine's sampling defaults."""
        settings = SamplingSettings()
        self._chat.set_settings(settings)
        self._current = None
        self.applied.emit(settings)
        self.changed.emit(self.shown())

    def _set_on_chat(self, preset: Preset) -> None:
        settings = preset.sampling
        self._chat.set_settings(settings)
        self._current = preset.name
        self.applied.emit(settings)
        self.changed.emit(self.shown())

    def create(self, name: str) -> str | None:
        """A new preset from the conversation's settings; its stored name, or None."""
        try:
            preset = Preset.of(name, self._chat.settings)
        except PresetError as error:
            self.failed.emit(Problem.of(error))
            return None
        if self._change(lambda book: book.with_preset(preset)):
            self._current = preset.name
            self.changed.emit(self.shown())
            return preset.name
        return None

    def update(self, name: str) -> None:
        """Preset `name` takes the conversation's settings as they are now."""
        self._change(lambda book: book.with_settings(name, self._chat.settings))

    def rename(self, name: str, new_name: str) -> None:
        renamed = self._change(lambda book: book.renamed(name, new_name))
        if renamed and self._current is not None and self._current == name:
            self._current = clean_name(new_name)
            self.changed.emit(self.shown())

    def delete(self, name: str) -> None:
        self._change(lambda book: book.without(name))

    def _change(self, change: Callable[[PresetBook], PresetBook]) -> bool:
        try:
            self.book = change(self.book)
        except PresetError as error:
            self.failed.emit(Problem.of(error))
            return False
        self.changed.emit(self.shown())
        if self.loading:
            # Written once the file is read: saving now would write over its presets.
            self._early.append(change)
        else:
            self._save()
        return True

    def _save(self) -> None:
        self._work.run("presets-save", self._write, failed=self.failed.emit)

    async def _write(self) -> None:
        async with self._writing:  # one writer; each writes the newest book
            await asyncio.to_thread(self._library.save, self.book)

    # -- files ---------------------------------------------------------------------------

    def import_file(self, path: Path) -> asyncio.Task[Preset | None]:
        return self._work.call(
            "presets-import", lambda: read_preset_file(path), self._imported, self.failed.emit
        )

    def _imported(self, preset: Preset) -> None:
        # A clash gets a unique name rather than a question: importing never replaces a
        # preset the user has, and a rename afterwards is one click.
        name = self.book.unique_name(preset.name)
        if self._change(lambda book: book.with_preset(Preset(name, preset.settings))):
            self.imported.emit(PresetImported(name, preset.name if name != preset.name else None))

    def export_file(self, name: str, target: Path) -> asyncio.Task[None] | None:
        preset = self.book.find(name)
        if preset is None:
            self.failed.emit(Problem("preset_missing", name, {"name": name}))
            return None
        return self._work.call(
            "presets-export",
            lambda: export_preset(preset, target),
            lambda _: self.exported.emit(target),
            self.failed.emit,
        )

    @property
    def settings(self) -> SamplingSettings:
        """The conversation's settings, which a new preset would keep."""
        return self._chat.settings
