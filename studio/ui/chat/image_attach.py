"""Images in the composer: the attach button, drops and pastes of images, and the chips of
the images waiting to be sent.

The drop/paste filter takes only images (image files, or image data such as a pasted
screenshot) and lets every other drop or paste through untouched, so another filter (text
files) or the text box itself handles it. Each image is decoded and scaled in a worker
thread (`image_prepare`), so a large photo never stalls typing.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from pathlib import Path

import shiboken6
from PySide6.QtCore import QEvent, QMimeData, QObject, Qt, Signal
from PySide6.QtGui import (
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QImage,
    QKeyEvent,
    QKeySequence,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QWidget,
)

from studio.core.chat.attachments import (
    MAX_IMAGES_PER_MESSAGE,
    ImageRefusedError,
    ImageUpload,
    too_many_images,
)
from studio.core.errors import Problem
from studio.core.tasks import TaskOwner
from studio.ui.chat.image_prepare import (
    PreparedImage,
    is_image_file,
    prepare_file,
    prepare_image,
)
from studio.ui.common.design import SPACE_S, SPACE_XS, set_role
from studio.ui.common.icons import set_icon
from studio.ui.common.plain_text import plain_tip

CHIP_NAME_CHARS = 24


class PendingImages(QObject):
    """The images waiting in the composer, in the order they came."""

    changed = Signal()
    refused = Signal(object)  # Problem: not an image, too many

    def __init__(self, tasks: TaskOwner | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self.images: list[PreparedImage] = []
        self._preparing = 0

    @property
    def preparing(self) -> bool:
        """Whether an image is still being decoded (sending waits for it)."""
        return self._preparing > 0

    def add_files(self, paths: Sequence[Path]) -> None:
        for path in paths:
            self._prepare(functools.partial(prepare_file, path))

    def add_image(self, image: QImage, name: str) -> None:
        copy = QImage(image)  # the worker gets its own reference to the pixels
        self._prepare(functools.partial(prepare_image, copy, name))

    def remove(self, index: int) -> None:
        if 0 <= index < len(self.images):
            del self.images[index]
            self.changed.emit()

    def take(self) -> tuple[ImageUpload, ...]:
        """The uploads to send, emptying the composer."""
        uploads = tuple(image.upload for image in self.images)
        self.clear()
        return uploads

    def clear(self) -> None:
        if self.images:
            self.images.clear()
            self.changed.emit()

    def _prepare(self, job: Callable[[], PreparedImage]) -> None:
        if len(self.images) + self._preparing >= MAX_IMAGES_PER_MESSAGE:
            self.refused.emit(Problem.of(too_many_images()))
            return
        if self._tasks is None:  # no event loop (a bare widget): decode right here
            self._finish(self._run_job(job))
            return
        self._preparing += 1
        self._tasks.spawn("chat-image-prepare", self._prepare_later(job))

    async def _prepare_later(self, job: Callable[[], PreparedImage]) -> None:
        try:
            outcome = await asyncio.to_thread(self._run_job, job)
        finally:
            self._preparing -= 1
        if shiboken6.isValid(self):
            self._finish(outcome)

    @staticmethod
    def _run_job(job: Callable[[], PreparedImage]) -> PreparedImage | Problem:
        try:
            return job()
        except ImageRefusedError as error:
            return Problem.of(error)

    def _finish(self, outcome: PreparedImage | Problem) -> None:
        if isinstance(outcome, Problem):
            self.refused.emit(outcome)
            return
        self.images.append(outcome)
        self.changed.emit()


def _image_files(mime: QMimeData) -> list[Path] | None:
    """The dropped files when every one is an image file; None otherwise (not ours)."""
    if not mime.hasUrls():
        return None
    paths = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    if not paths or len(paths) != len(mime.urls()) or not all(map(is_image_file, paths)):
        return None
    return paths


def _is_ours(mime: QMimeData | None) -> bool:
    if mime is None:
        return False
    return _image_files(mime) is not None or (not mime.hasUrls() and mime.hasImage())


class ImageDropFilter(QObject):
    """Event filter on the composer's text box: image drops and image pastes only."""

    def __init__(self, editor: QPlainTextEdit, pending: PendingImages) -> None:
        super().__init__(editor)
        self._pending = pending
        # Drags reach the viewport of a scroll area, key presses the editor itself.
        editor.installEventFilter(self)
        editor.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragMoveEvent)  # DragEnter is a DragMove
            if _is_ours(event.mimeData()):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            if _is_ours(event.mimeData()):
                self.take(event.mimeData(), self.tr("dropped image"))
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            clipboard = QGuiApplication.clipboard().mimeData()
            if event.matches(QKeySequence.StandardKey.Paste) and _is_ours(clipboard):
                self.take(clipboard, self.tr("pasted image"))
                return True
        return False

    def take(self, mime: QMimeData, name: str) -> None:
        """Add the images of a drop or paste (files by path, keeping their bytes)."""
        files = _image_files(mime)
        if files is not None:
            self._pending.add_files(files)
            return
        image = mime.imageData()
        if isinstance(image, QPixmap):
            image = image.toImage()
        if isinstance(image, QImage):
            self._pending.add_image(image, name)


class ImageAttachButton(QPushButton):
    """Opens a file dialog for images; keyboard-reachable like every composer button."""

    def __init__(self, pending: PendingImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-attach-image")
        self._pending = pending
        self.setText(self.tr("Image…"))
        set_icon(self, "attach-image")
        self.setAccessibleName(self.tr("Attach images"))
        self.setToolTip(self.tr("Attach images (PNG, JPEG, WebP); you can also drop or paste them"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.clicked.connect(self._choose)

    def _choose(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Attach images"), "", self.tr("Images (*.png *.jpg *.jpeg *.webp)")
        )
        self._pending.add_files([Path(name) for name in names])


class PendingImagesBar(QWidget):
    """A chip per waiting image: its thumbnail, its name and a button that removes it."""

    def __init__(self, pending: PendingImages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chat-pending-images")
        self._pending = pending
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(SPACE_S)
        self._row.addStretch(1)
        self.chips: list[QFrame] = []
        pending.changed.connect(self._show)
        self._show()

    def _show(self) -> None:
        for chip in self.chips:
            self._row.removeWidget(chip)
            chip.hide()  # at once: deletion waits for the event loop
            chip.deleteLater()
        self.chips = [self._chip(index, image) for index, image in enumerate(self._pending.images)]
        for chip in self.chips:
            self._row.insertWidget(self._row.count() - 1, chip)  # before the stretch
            chip.show()  # a layout shows a new child only at the next event loop turn
        self.setVisible(bool(self.chips))

    def _chip(self, index: int, image: PreparedImage) -> QFrame:
        chip = QFrame()
        chip.setObjectName("chat-pending-image")
        set_role(chip, "card")
        layout = QHBoxLayout(chip)
        layout.setContentsMargins(SPACE_XS, SPACE_XS, SPACE_XS, SPACE_XS)
        layout.setSpacing(SPACE_S)
        preview = QLabel()
        preview.setPixmap(QPixmap.fromImage(image.thumbnail))
        name = image.upload.name
        short = name if len(name) <= CHIP_NAME_CHARS else name[: CHIP_NAME_CHARS - 1] + "…"
        label = QLabel(
            self.tr("{name}\n{width} x {height} px").format(
                name=short, width=image.upload.width, height=image.upload.height
            )
        )
        label.setToolTip(plain_tip(name))
        set_role(label, "caption")
        remove = QToolButton()
        remove.setObjectName("chat-pending-image-remove")
        set_role(remove, "flat")
        set_icon(remove, "close")
        remove.setAccessibleName(self.tr("Remove {name}").format(name=name))
        remove.setToolTip(self.tr("Remove this image"))
        remove.clicked.connect(lambda: self._pending.remove(index))
        layout.addWidget(preview)
        layout.addWidget(label)
        layout.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
        return chip
