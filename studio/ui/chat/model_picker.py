"""The model picker at the top of the chat: the model the chat talks to and its state
(loading with its progress, ready, failed with the reason and the action that helps), a
searchable list of the library's models with their fit badges, the loaded ones first and
marked (several stay loaded at once; picking one talks to it without loading anything),
Load (the load dialog) and Eject."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from superqt import QElidingLabel, QSearchableListWidget

from studio.core.hub.fit import FitAssessment
from studio.core.hub.library import LocalModel
from studio.core.residents.scheduler import ResidentView
from studio.core.server.states import ServerState, Snapshot, StartPhase
from studio.ui.common.design import SPACE_S, SPACE_XS, set_role
from studio.ui.common.icons import icon, set_icon
from studio.ui.common.plain_text import plain_tip
from studio.ui.common.voice import ui_voice
from studio.ui.common.ways_in import WaysIn
from studio.ui.discover.discover_text import fit_badge, format_context

_PATH_ROLE = Qt.ItemDataRole.UserRole
# How far along a start is, by the phase its log has reached.
_PHASE_PROGRESS: dict[StartPhase | None, int] = {
    None: 5,
    StartPhase.SPAWNED: 10,
    StartPhase.LOADING_MODEL: 35,
    StartPhase.CREATING_CONTEXT: 70,
    StartPhase.WARMING_UP: 90,
    StartPhase.LOADED: 100,
}
_LOADING = (ServerState.STARTING, ServerState.RESPAWNING, ServerState.CRASHED)


class ModelList(QFrame):
    """The drop-down: a filter field over the library's models, each with its badge."""

    chosen = Signal(object)  # Path

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.ways_in = WaysIn()
        self.ways_in.setObjectName("model-picker-ways-in")
        for way in (
            self.ways_in.open_file_requested,
            self.ways_in.add_folder_requested,
            self.ways_in.discover_requested,
        ):
            way.connect(self.hide)
        self.setObjectName("model-picker-list")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.search = QSearchableListWidget()  # type: ignore[no-untyped-call]
        self.search.filter_widget.setObjectName("model-picker-search")
        self.search.filter_widget.setPlaceholderText(self.tr("Search the library"))
        self.search.filter_widget.setAccessibleName(self.tr("Search the library"))
        self.search.filter_widget.setClearButtonEnabled(True)
        self.items = self.search.list_widget
        self.items.setObjectName("model-picker-models")
        self.items.setAccessibleName(self.tr("Models in the library"))
        self.items.itemActivated.connect(self._on_item_activated)
        self.items.itemClicked.connect(self._on_item_activated)
        # Enter in the search takes the highlighted match; the arrows move through them.
        self.search.filter_widget.returnPressed.connect(self._on_search_entered)
        self.search.filter_widget.textChanged.connect(self._highlight_first_match)
        self.search.filter_widget.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACE_S, SPACE_S, SPACE_S, SPACE_S)
        layout.addWidget(self.search)
        layout.addWidget(self.ways_in)
        self._badges: dict[Path, str] = {}
        self._models: list[LocalModel] = []
        self._loaded: dict[Path, ServerState] = {}  # the residents, by model file

    def show_models(self, models: Sequence[LocalModel]) -> None:
        self._models = [m for m in models if not m.problem and not m.is_projector]
        self._fill()

    def show_fit(self, path: Path, fit: FitAssessment) -> None:
        self._badges[path] = fit_badge(fit)
        self._fill()

    def show_residents(self, views: Sequence[ResidentView]) -> None:
        loaded = {v.model: v.snapshot.state for v in views}
        if loaded != self._loaded:
            self._loaded = loaded
            self._fill()

    def is_loaded(self, path: Path) -> bool:
        return path in self._loaded

    def _loaded_text(self, state: ServerState) -> str:
        if state is ServerState.READY:
            return self.tr("Loaded")
        if state in _LOADING:
            return self.tr("Loading…")
        return self.tr("Unloading…")

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._fill()
        super().changeEvent(event)

    def _fill(self) -> None:
        self.items.clear()
        # The loaded models first, most recently used first; the rest as the library lists.
        order = list(self._loaded)
        models = sorted(
            self._models,
            key=lambda m: order.index(m.path) if m.path in self._loaded else len(order),
        )
        for model in models:
            badge = self._badges.get(model.path, self.tr("Checking the fit…"))
            state = self._loaded.get(model.path)
            if state is not None:
                badge = f"● {self._loaded_text(state)} · {badge}"
            item = QListWidgetItem(
                icon("ready" if state is ServerState.READY else "model"),
                f"{model.file_name}\n{badge}",
            )
            item.setData(_PATH_ROLE, model.path)
            item.setToolTip(plain_tip(str(model.path)))
            self.items.addItem(item)
        self.ways_in.setVisible(not self._models)
        self.search.setVisible(bool(self._models))
        self.search.update_visible(self.search.filter_widget.text())  # type: ignore[no-untyped-call]
        self._highlight_first_match()

    @property
    def has_models(self) -> bool:
        return bool(self._models)

    def _visible_rows(self) -> list[int]:
        return [row for row in range(self.items.count()) if not self.items.item(row).isHidden()]

    @Slot()
    def _highlight_first_match(self) -> None:
        current = self.items.currentItem()
        if current is not None and not current.isHidden():
            return
        rows = self._visible_rows()
        self.items.setCurrentRow(rows[0] if rows else -1)
        if rows:
            self.items.scrollToItem(self.items.item(rows[0]))

    @Slot()
    def _on_search_entered(self) -> None:
        current = self.items.currentItem()
        if current is not None and not current.isHidden():
            self._on_item_activated(current)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Up and Down in the search move the highlight through the matches.
        if watched is self.search.filter_widget and event.type() == QEvent.Type.KeyPress:
            key = event.key()  # type: ignore[attr-defined]
            if key in (Qt.Key.Key_Down, Qt.Key.Key_Up):
                self._move_highlight(1 if key == Qt.Key.Key_Down else -1)
                return True
        return super().eventFilter(watched, event)

    def _move_highlight(self, step: int) -> None:
        rows = self._visible_rows()
        if not rows:
            return
        row = self.items.currentRow()
        index = rows.index(row) + step if row in rows else 0
        self.items.setCurrentRow(rows[max(0, min(index, len(rows) - 1))])

    def popup_under(self, anchor: QWidget) -> None:
        self.setFixedWidth(max(anchor.width(), 420))
        # As tall as its rows, up to a screenful of models; the list scrolls beyond.
        rows = max(1, self.items.count())
        row_height = self.items.sizeHintForRow(0) if self.items.count() else 40
        search = self.search.layout()
        spacing = search.spacing() if search is not None else 0
        margins = search.contentsMargins() if search is not None else None
        chrome = (
            2 * self.items.frameWidth()
            + max(0, spacing)
            + (margins.top() + margins.bottom() if margins is not None else 0)
        )
        wanted = (
            self.search.filter_widget.sizeHint().height() + rows * row_height + chrome + 4 * SPACE_S
        )
        empty_height = self.ways_in.sizeHint().height() + 2 * SPACE_S
        self.setFixedHeight(min(420, wanted) if self._models else empty_height)
        self.move(anchor.mapToGlobal(QPoint(0, anchor.height() + SPACE_XS)))
        self.show()
        if self._models:
            self.search.filter_widget.setFocus()
        else:
            self.ways_in.open_file.setFocus()

    @Slot(QListWidgetItem)
    def _on_item_activated(self, item: QListWidgetItem) -> None:
        path = item.data(_PATH_ROLE)
        if isinstance(path, Path):
            self.hide()
            self.chosen.emit(path)

    def path_at(self, row: int) -> Path | None:
        item = self.items.item(row)
        path = item.data(_PATH_ROLE) if item is not None else None
        return path if isinstance(path, Path) else None


class ModelPicker(QFrame):
    load_requested = Signal(object)  # Path: open the load dialog for it
    eject_requested = Signal()
    # Path: a loaded model picked in the list: the chat talks to it from now on.
    talk_requested = Signal(object)
    # The ways to a first model (see ways_in.py), from the card or the drop-down.
    open_file_requested = Signal()
    add_folder_requested = Signal()
    discover_requested = Signal()
    # Whether a person has no model at all (an empty library, nothing loaded or picked):
    # the chat then shows the ways in where the conversation would be.
    no_model_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("model-picker")
        self.snapshot = Snapshot()
        self.chosen: Path | None = None  # picked in the list, or the loaded model
        self.chat_model: Path | None = None  # the model the chat talks to
        self.residents: tuple[ResidentView, ...] = ()

        self.model_button = QPushButton()
        self.model_button.setObjectName("model-picker-choose")
        set_role(self.model_button, "flat")
        self.model_button.setMinimumHeight(36)
        self.model_button.setAccessibleName(self.tr("Choose a model"))
        self.model_button.setToolTip(self.tr("Choose a model from the library"))
        self.model_name = QElidingLabel()
        self.model_name.setObjectName("model-picker-name")
        set_role(self.model_name, "title")
        self.model_name.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.model_icon = QLabel()
        self.model_icon.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.chevron = QLabel()
        self.chevron.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        button_layout = QHBoxLayout(self.model_button)
        button_layout.setContentsMargins(SPACE_S, 0, SPACE_S, 0)
        button_layout.setSpacing(SPACE_S)
        button_layout.addWidget(self.model_icon)
        button_layout.addWidget(self.model_name, 1)
        button_layout.addWidget(self.chevron)
        self.model_button.clicked.connect(self._on_model_button_clicked)

        self.load_button = QPushButton(self.tr("Load…"))
        self.load_button.setObjectName("model-picker-load")
        set_role(self.load_button, "primary")
        self.load_button.setAccessibleName(self.tr("Load the model"))
        self.load_button.clicked.connect(self._on_load_clicked)
        self.eject_button = QPushButton(self.tr("Eject"))
        self.eject_button.setObjectName("model-picker-eject")
        set_icon(self.eject_button, "eject")
        self.eject_button.setAccessibleName(self.tr("Eject the model"))
        self.eject_button.clicked.connect(self.eject_requested)

        self.state_icon = QLabel()
        self.state_icon.setObjectName("model-picker-state-icon")
        self.state_label = QLabel()
        self.state_label.setObjectName("model-picker-state")
        self.state_label.setWordWrap(True)
        set_role(self.state_label, "muted")
        self.progress = QProgressBar()
        self.progress.setObjectName("model-picker-progress")
        self.progress.setAccessibleName(self.tr("Loading progress"))
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setFixedWidth(140)
        self.retry_button = QPushButton(self.tr("Change load settings…"))
        self.retry_button.setObjectName("model-picker-retry")
        self.retry_button.clicked.connect(self._on_retry_clicked)

        self.list = ModelList(self)
        self.list.chosen.connect(self._on_list_chosen)
        self.offer_ways_in(self.list.ways_in)
        self.no_model = False

        top = QHBoxLayout()
        top.setSpacing(SPACE_S)
        top.addWidget(self.model_button, 1)
        top.addWidget(self.load_button)
        top.addWidget(self.eject_button)
        bottom = QHBoxLayout()
        bottom.setSpacing(SPACE_S)
        bottom.setContentsMargins(SPACE_S, 0, 0, 0)
        bottom.addWidget(self.state_icon, 0, Qt.AlignmentFlag.AlignTop)
        bottom.addWidget(self.state_label, 1)
        bottom.addWidget(self.progress)
        bottom.addWidget(self.retry_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACE_S, SPACE_S, SPACE_S, SPACE_S)
        layout.setSpacing(SPACE_XS)
        layout.addLayout(top)
        layout.addLayout(bottom)
        set_role(self, "card")  # last: polishing sends a palette change, which renders
        self._render()

    # -- what the app tells it --------------------------------------------------------------

    def show_models(self, models: Sequence[LocalModel]) -> None:
        self.list.show_models(models)
        self._render()

    def show_fit(self, path: Path, fit: FitAssessment) -> None:
        self.list.show_fit(path, fit)

    def show_residents(self, views: Sequence[ResidentView]) -> None:
        """The models loaded now (the list marks them; the state line counts the others)."""
        self.residents = tuple(views)
        self.list.show_residents(views)
        self._render()

    def show_chat_model(self, path: Path | None) -> None:
        """The model the chat talks to (a conversation's, one picked among the loaded)."""
        self.chat_model = path
        if path is not None:
            self.chosen = path
        self._render()

    def show_snapshot(self, snapshot: Snapshot) -> None:
        before = self._running_model()
        self.snapshot = snapshot
        running = self._running_model()
        # A model that starts (from here, the API or the autoload) becomes the pick; a
        # later snapshot of the same model keeps what the person picked since.
        if running is not None and running != before:
            self.chosen = running
        self._render()

    def changeEvent(self, event: QEvent) -> None:
        # The state line is built from several lookups: say it again in the new language;
        # the icons take the text colour of the palette in use.
        if event.type() in (QEvent.Type.LanguageChange, QEvent.Type.PaletteChange):
            self._render()
        super().changeEvent(event)

    # -- rendering ----------------------------------------------------------------------

    def _running_model(self) -> Path | None:
        """The model the engine runs or is loading (None when idle)."""
        spec = self.snapshot.spec or self.snapshot.requested
        if spec is None or self.snapshot.state is ServerState.IDLE:
            return None
        return spec.model

    def _switching(self) -> bool:
        """Whether the person picked a model other than the one running."""
        running = self._running_model()
        return running is not None and self.chosen is not None and self.chosen != running

    def _model_label(self) -> str:
        spec = self.snapshot.spec or self.snapshot.requested
        if spec is not None and self._running_model() is not None and not self._switching():
            return spec.label or spec.model.name
        return self.chosen.name if self.chosen is not None else ""

    def _render(self) -> None:
        snapshot, state = self.snapshot, self.snapshot.state
        name = self._model_label()
        self.model_name.setText(name or self.tr("Choose a model…"))
        self.model_button.setToolTip(
            plain_tip(str(self.chosen)) if self.chosen else self.tr("Choose a model")
        )
        loading = state in _LOADING
        self.progress.setVisible(loading)
        self.progress.setValue(_PHASE_PROGRESS.get(snapshot.phase, 5) if loading else 0)
        failed = state is ServerState.FAILED
        self.retry_button.setVisible(failed and self._retry_path() is not None)
        self.eject_button.setEnabled(state not in (ServerState.IDLE, ServerState.STOPPING))
        self.load_button.setEnabled(not loading and state is not ServerState.STOPPING)
        self.state_label.setText(self._state_text())
        set_role(self.state_label, "error" if failed and not self._switching() else "muted")
        no_model = not self.list.has_models and self.chosen is None and state is ServerState.IDLE
        if no_model != self.no_model:
            self.no_model = no_model
            self.no_model_changed.emit(no_model)
        symbol = {ServerState.READY: "ready", ServerState.FAILED: "failed"}.get(
            state, "loading" if loading else "model"
        )
        self.state_icon.setPixmap(icon(symbol).pixmap(16, 16))
        self.model_icon.setPixmap(icon("model").pixmap(20, 20))
        self.chevron.setPixmap(icon("expanded").pixmap(16, 16))

    def _state_text(self) -> str:
        text = self._chat_state_text()
        others = sum(1 for v in self.residents if v.model != self.chosen)
        if others:
            text += " · " + self.tr("%n other model(s) loaded", "", others)
        return text

    def _chat_state_text(self) -> str:
        snapshot, state = self.snapshot, self.snapshot.state
        running = self._running_model()
        if self._switching() and running is not None:
            return self.tr("{running} stays loaded; Load… loads this model beside it.").format(
                running=running.name
            )
        if state is ServerState.READY:
            context = snapshot.ready.n_ctx if snapshot.ready is not None else 0
            if context:
                return self.tr("Ready · {context} context").format(context=format_context(context))
            return self.tr("Ready")
        if state in (ServerState.STARTING, ServerState.RESPAWNING):
            phases: dict[StartPhase | None, str] = {
                StartPhase.LOADING_MODEL: self.tr("Loading: reading the weights…"),
                StartPhase.CREATING_CONTEXT: self.tr("Loading: creating the context…"),
                StartPhase.WARMING_UP: self.tr("Loading: warming up…"),
                StartPhase.LOADED: self.tr("Loading: almost ready…"),
            }
            return phases.get(snapshot.phase, self.tr("Loading: starting the engine…"))
        if state is ServerState.CRASHED:
            return self.tr("The engine stopped unexpectedly; restarting it…")
        if state is ServerState.STOPPING:
            return self.tr("Ejecting…")
        if state is ServerState.FAILED:
            reason = ui_voice().failure(snapshot.failure) if snapshot.failure is not None else ""
            return self.tr("Could not load: {reason}").format(reason=reason).strip()
        if self.chosen is not None and self.chosen == self.chat_model:
            return self.tr("Not loaded: sending loads it, Load… opens its settings.")
        if self.chosen is not None:
            return self.tr("Not loaded. Load opens its settings.")
        if not self.list.has_models:
            return self.tr("No model loaded.")
        return self.tr("No model loaded. Choose one from the library.")

    # -- intents ------------------------------------------------------------------------

    def _retry_path(self) -> Path | None:
        spec = self.snapshot.requested or self.snapshot.spec
        return spec.model if spec is not None else self.chosen

    @Slot()
    def _on_model_button_clicked(self) -> None:
        self.list.popup_under(self.model_button)

    @Slot(object)
    def _on_list_chosen(self, path: Path) -> None:
        self.chosen = path
        if self.list.is_loaded(path):
            self.talk_requested.emit(path)  # loaded already: the chat talks to it now
        self._render()
        self.load_button.setFocus()

    def offer_ways_in(self, ways: WaysIn) -> None:
        """Route a `WaysIn` (the drop-down's, the blank chat's) to the picker's signals."""
        ways.open_file_requested.connect(self.open_file_requested)
        ways.add_folder_requested.connect(self.add_folder_requested)
        ways.discover_requested.connect(self.discover_requested)

    def show_chosen(self, path: Path) -> None:
        """Pick `path` as the model Load… opens (a file just opened or dropped)."""
        self._on_list_chosen(path)

    @Slot()
    def _on_load_clicked(self) -> None:
        if self.chosen is None:
            self.list.popup_under(self.model_button)
            return
        self.load_requested.emit(self.chosen)

    @Slot()
    def _on_retry_clicked(self) -> None:
        path = self._retry_path()
        if path is not None:
            self.load_requested.emit(path)
