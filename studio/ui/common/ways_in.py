"""Three ways to a first model, offered wherever a person has none yet (the empty model
picker, a blank chat): a GGUF file on this computer, a folder of them, or Discover. Offline,
the first two still work; a dead end ("find one in Discover") is never the only answer."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.ui.common.design import SPACE_S, set_role
from studio.ui.common.icons import set_icon


class WaysIn(QWidget):
    open_file_requested = Signal()
    add_folder_requested = Signal()
    discover_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ways-in")
        self.explanation = QLabel(
            self.tr(
                "No models yet. Start from a GGUF file you have, a folder of them, "
                "or find one on Hugging Face."
            )
        )
        self.explanation.setObjectName("ways-in-explanation")
        self.explanation.setWordWrap(True)
        set_role(self.explanation, "muted")
        self.open_file = QPushButton(self.tr("Open GGUF file…"))
        self.open_file.setObjectName("ways-in-open-file")
        set_role(self.open_file, "primary")
        set_icon(self.open_file, "import")
        self.add_folder = QPushButton(self.tr("Add a folder…"))
        self.add_folder.setObjectName("ways-in-add-folder")
        set_icon(self.add_folder, "library")
        self.discover = QPushButton(self.tr("Discover"))
        self.discover.setObjectName("ways-in-discover")
        set_icon(self.discover, "discover")
        self.discover.setToolTip(self.tr("Search Hugging Face for GGUF models"))
        self.open_file.clicked.connect(self.open_file_requested)
        self.add_folder.clicked.connect(self.add_folder_requested)
        self.discover.clicked.connect(self.discover_requested)
        # Stacked, one way per line: they fit a narrow column in every language.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(SPACE_S)
        layout.addWidget(self.explanation)
        for button in (self.open_file, self.add_folder, self.discover):
            row = QHBoxLayout()
            row.addWidget(button)
            row.addStretch(1)
            layout.addLayout(row)
