"""The Discover area: search Hugging Face for GGUF repositories, see each quant's size and
how it would fit this machine, and download it (with its mmproj) into the HF cache or a
models folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QAbstractItemModel, QItemSelection, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from studio.core.hub import (
    DownloadRequest,
    DownloadSnapshot,
    DownloadTarget,
    FolderTarget,
    HfCacheTarget,
    ModelFile,
    RepoDetails,
    SearchPage,
    SearchSort,
)
from studio.services.download_service import DownloadService
from studio.services.hub_service import FitAssessed, HubService, LocalCopies
from studio.services.operation_failed import OperationFailed
from studio.ui.common.fitting_columns import FittingColumns
from studio.ui.common.voice import ui_voice
from studio.ui.discover.discover_downloads import DownloadPanel
from studio.ui.discover.discover_models import (
    ITEM_ROLE,
    RepoFilesModel,
    SearchResultsModel,
    sorting_proxy,
)


def _table(name: str, accessible: str, model: QAbstractItemModel, stretch: int) -> QTableView:
    """A one-row-per-item table that keeps the model's order until a header is clicked."""
    table = QTableView()
    table.setObjectName(name)
    table.setAccessibleName(accessible)
    table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    table.setTabKeyNavigation(False)  # rows by arrows; Tab moves on to the next control
    table.setWordWrap(False)
    table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    table.verticalHeader().hide()
    table.setModel(model)  # before sizing: per-column modes need the columns to exist
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    header.setSortIndicatorShown(False)
    # The Hub's order (search) or smallest first (files) until the user asks otherwise.
    header.sectionClicked.connect(lambda _: table.setSortingEnabled(True))
    return table


class DiscoverPage(QWidget):
    load_requested = Signal(object)  # Path of a downloaded model, to open its load dialog

    def __init__(
        self,
        hub: HubService,
        downloads: DownloadService,
        cache_dir: Path,
        folders: Callable[[], Sequence[Path]],
        parent: QWidget | None = None,
    ) -> None:
        """`folders()` gives the user's models folders, offered as download targets."""
        super().__init__(parent)
        self.setObjectName("page-discover")
        self._hub = hub
        self._downloads = downloads
        self._cache_dir = cache_dir
        self._folders = folders
        self._searched = False

        # -- search -----------------------------------------------------------------------
        self.query = QLineEdit()
        self.query.setObjectName("search-query")
        self.query.setPlaceholderText(self.tr("Search GGUF models, e.g. qwen3 or llama 8b"))
        self.query.setAccessibleName(self.tr("Search text"))
        self.sort = QComboBox()
        self.sort.setObjectName("search-sort")
        self.sort.setAccessibleName(self.tr("Sort results by"))
        for label, value in (
            (self.tr("Most downloaded"), SearchSort.DOWNLOADS),
            (self.tr("Most liked"), SearchSort.LIKES),
            (self.tr("Recently updated"), SearchSort.RECENT),
            (self.tr("Trending"), SearchSort.TRENDING),
        ):
            self.sort.addItem(label, value)
        self.search_button = QPushButton(self.tr("Search"))
        self.search_button.setObjectName("search-button")
        self.search_button.setDefault(True)
        search_row = QHBoxLayout()
        search_row.addWidget(self.query, 1)
        search_row.addWidget(self.sort)
        search_row.addWidget(self.search_button)

        self.results_model = SearchResultsModel()
        self.results_proxy = sorting_proxy(self.results_model)
        self.results = _table(
            "search-results", self.tr("Search results"), self.results_proxy, SearchResultsModel.REPO
        )
        # "owner/Model-Name…": the start of a repository's name says which model it is
        # (its middle went, leaving "exampl…e-GGUF").
        self.results.setTextElideMode(Qt.TextElideMode.ElideRight)
        # The repository keeps a readable width; the other columns show whole while they
        # fit, the model first and the date last (squeezed, the repository read "positc").
        self.results_columns = FittingColumns(
            self.results,
            (
                SearchResultsModel.REPO,
                SearchResultsModel.MODEL,
                SearchResultsModel.DOWNLOADS,
                SearchResultsModel.LIKES,
                SearchResultsModel.UPDATED,
            ),
            first_minimum=150,
        )
        self.results_filter = QLineEdit()
        self.results_filter.setObjectName("results-filter")
        self.results_filter.setPlaceholderText(self.tr("Filter these results"))
        self.results_filter.setClearButtonEnabled(True)
        self.results_filter.setAccessibleName(self.tr("Filter the search results"))
        self.load_more = QPushButton(self.tr("Load more"))
        self.load_more.setObjectName("load-more")
        self.load_more.setVisible(False)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.results_filter)
        left_layout.addWidget(self.results, 1)
        left_layout.addWidget(self.load_more)

        # -- one repository ---------------------------------------------------------------
        self.repo_title = QLabel(self.tr("Choose a repository to see its files."))
        self.repo_title.setObjectName("repo-title")
        self.repo_title.setTextFormat(Qt.TextFormat.PlainText)
        self.repo_title.setWordWrap(True)  # a long repository id must not widen the page
        self.repo_summary = QLabel()
        self.repo_summary.setObjectName("repo-summary")
        self.repo_summary.setWordWrap(True)
        self.repo_summary.setTextFormat(Qt.TextFormat.PlainText)
        self.files_model = RepoFilesModel()
        self.files_proxy = sorting_proxy(self.files_model)
        self.files = _table(
            "repo-files", self.tr("Files of the repository"), self.files_proxy, RepoFilesModel.FILE
        )
        self.include_mmproj = QCheckBox(self.tr("Include the vision projector (mmproj)"))
        self.include_mmproj.setObjectName("include-mmproj")
        self.include_mmproj.setChecked(True)
        self.target = QComboBox()
        self.target.setObjectName("download-target")
        self.target.setAccessibleName(self.tr("Download into"))
        # A long folder path must not widen the pane (and squeeze the repository list):
        # the box elides, and its list shows the paths whole.
        self.target.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.target.setMinimumContentsLength(16)
        self.download_button = QPushButton(self.tr("Download"))
        self.download_button.setObjectName("download-button")
        self.download_button.setEnabled(False)
        # The projector choice on a row of its own: beside the target and the button it
        # made the page wider than a 1024-pixel window once translated.
        into = QLabel(self.tr("Into:"))
        into.setBuddy(self.target)
        action_row = QHBoxLayout()
        action_row.addWidget(into)
        action_row.addWidget(self.target, 1)
        action_row.addWidget(self.download_button)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.repo_title)
        right_layout.addWidget(self.repo_summary)
        right_layout.addWidget(self.files, 1)
        right_layout.addWidget(self.include_mmproj)
        right_layout.addLayout(action_row)

        browse = QSplitter(Qt.Orientation.Horizontal)
        browse.addWidget(left)
        browse.addWidget(right)
        browse.setSizes([440, 660])
        # The repository list keeps its share when the window is small (half the room:
        # a repository's name and its model beside it, at 1024 pixels too).
        browse.setStretchFactor(0, 1)
        browse.setStretchFactor(1, 1)

        self.status = QLabel()
        self.status.setObjectName("discover-status")
        self.status.setWordWrap(True)
        self.downloads_panel = DownloadPanel(downloads)
        self.downloads_panel.load_requested.connect(self.load_requested)
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(browse)
        vertical.addWidget(self.downloads_panel)
        vertical.setSizes([560, 200])
        # By name, so the window remembers how the person sized them.
        self.splitters = {"discover-browse": browse, "discover-downloads": vertical}
        layout = QVBoxLayout(self)
        layout.addLayout(search_row)
        layout.addWidget(self.status)
        layout.addWidget(vertical, 1)

        self.search_button.clicked.connect(self._on_search_clicked)
        self.query.returnPressed.connect(self._on_search_clicked)
        self.sort.currentIndexChanged.connect(self._on_sort_changed)
        self.load_more.clicked.connect(self._on_load_more_clicked)
        self.results_filter.textChanged.connect(self.results_proxy.setFilterFixedString)
        self.results.selectionModel().selectionChanged.connect(self._on_result_selected)
        self.files.selectionModel().selectionChanged.connect(self._on_file_selected)
        self.download_button.clicked.connect(self._on_download_clicked)
        hub.searched.connect(self._on_hub_searched)
        hub.repo_loaded.connect(self._on_hub_repo_loaded)
        hub.fit_assessed.connect(self._on_hub_fit_assessed)
        hub.local_copies.connect(self._on_hub_local_copies)
        downloads.completed.connect(self._on_download_completed)
        hub.failed.connect(self._on_hub_failed)
        self.refresh_targets()

    def refresh_targets(self) -> None:
        """Offer the HF cache and every models folder (call after the settings change)."""
        self.target.clear()
        self.target.addItem(self.tr("Hugging Face cache"), None)
        for folder in self._folders():
            self.target.addItem(str(folder), folder)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._searched:
            # The first visit lists the most downloaded GGUF repositories, something to
            # browse before typing. Queued: the search starts from the event loop, not
            # from inside Qt's show handling.
            QTimer.singleShot(0, self._first_search)

    @Slot()
    def _first_search(self) -> None:
        if not self._searched:
            self._on_search_clicked()

    # -- search ---------------------------------------------------------------------------
    @Slot()
    def _on_search_clicked(self) -> None:
        self._searched = True
        self.status.clear()
        self._hub.search(self.query.text(), self.sort.currentData(), 0)

    @Slot(int)
    def _on_sort_changed(self, _: int) -> None:
        if self.results_model.last_page is not None:
            self._on_search_clicked()

    @Slot()
    def _on_load_more_clicked(self) -> None:
        page = self.results_model.last_page
        if page is not None and page.has_more:
            self._hub.search(page.query, page.sort, page.index + 1)

    @Slot(object)
    def _on_hub_searched(self, page: SearchPage) -> None:
        self.results_model.show_page(page)
        if page.index == 0:
            self.results.horizontalScrollBar().setValue(0)  # a new list starts at its left
        self.load_more.setVisible(page.has_more)
        if page.index == 0 and not page.results:
            self.status.setText(
                self.tr("No GGUF repositories match “{query}”.").format(query=page.query)
            )

    @Slot(QItemSelection, QItemSelection)
    def _on_result_selected(self, *_: object) -> None:
        rows = self.results.selectionModel().selectedRows()
        if not rows:
            return
        summary = rows[0].data(ITEM_ROLE)
        self.status.clear()  # what was said about the previous repository
        self.repo_title.setText(self.tr("Loading {repo}…").format(repo=summary.repo_id))
        self.repo_summary.clear()
        self.files_model.show_repo(None)
        self._hub.open_repo(summary.repo_id)

    # -- repository -----------------------------------------------------------------------
    @Slot(object)
    def _on_hub_repo_loaded(self, details: RepoDetails) -> None:
        self.files_model.show_repo(details)
        self.repo_title.setText(details.repo_id)
        facts = [
            self.tr("License: {license}").format(license=details.license)
            if details.license
            else "",
            self.tr("Based on {model}").format(model=details.base_model)
            if details.base_model
            else "",
        ]
        if details.gated:
            facts.append(
                self.tr("Gated: downloading needs a Hugging Face token with access (Settings).")
            )
        summary = details.summary or self.tr("The model card has no summary.")
        self.repo_summary.setText("\n".join([summary, " · ".join(f for f in facts if f)]).strip())
        self.include_mmproj.setEnabled(bool(details.mmproj))
        if not details.models:
            self.status.setText(self.tr("This repository has no GGUF model files."))
        self._on_file_selected()

    @Slot(object)
    def _on_hub_fit_assessed(self, assessed: FitAssessed) -> None:
        self.files_model.set_fit(assessed.repo_id, assessed.model, assessed.fit)

    @Slot(object)
    def _on_hub_local_copies(self, found: LocalCopies) -> None:
        self.files_model.set_local(found.repo_id, found.models)

    @Slot(object)
    def _on_hub_failed(self, failed: OperationFailed) -> None:
        self.status.setText(ui_voice().error(failed.problem))
        operation = failed.operation
        if operation == "repo":
            self.repo_title.setText(self.tr("The repository could not be opened."))
        elif operation == "search" and self.results_model.rowCount() == 0:
            # Empty tables alone look broken: say what the page can do without the Hub.
            self.repo_title.setText(
                self.tr(
                    "Nothing to show without the Hugging Face Hub. Search again once you "
                    "are online; the models already on this computer are in the Library."
                )
            )

    @Slot(object)
    def _on_download_completed(self, snapshot: DownloadSnapshot) -> None:
        details = self.files_model.details
        if details is not None and details.repo_id == snapshot.repo_id:
            self._hub.check_local_copies(details)

    # -- download -------------------------------------------------------------------------
    def _selected_model(self) -> tuple[ModelFile, bool] | None:
        rows = self.files.selectionModel().selectedRows()
        if not rows:
            return None
        row = self.files_proxy.mapToSource(rows[0]).row()
        return self.files_model.model_at(row), self.files_model.is_projector(row)

    @Slot()
    def _on_file_selected(self, *_: object) -> None:
        chosen = self._selected_model()
        self.download_button.setEnabled(chosen is not None and chosen[0].complete)

    def _target(self, details: RepoDetails) -> DownloadTarget:
        folder = self.target.currentData()
        if isinstance(folder, Path):
            return FolderTarget(folder, details.repo_id)
        return HfCacheTarget(self._cache_dir, details.repo_id, details.revision)

    @Slot()
    def _on_download_clicked(self) -> None:
        details = self.files_model.details
        chosen = self._selected_model()
        if details is None or chosen is None:
            return
        model, projector = chosen
        files = list(model.files)
        title = f"{details.repo_id} · {model.name}"
        if not projector and self.include_mmproj.isChecked() and details.mmproj:
            companion = details.mmproj[0]
            files += companion.files
            title += self.tr(" + vision projector")
        self._downloads.add(
            DownloadRequest(
                details.repo_id, details.revision, tuple(files), title, self._target(details)
            )
        )
