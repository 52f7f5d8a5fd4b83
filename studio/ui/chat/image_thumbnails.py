"""Thumbnails of a conversation's images, as resources of the transcript's QTextDocument.

A stored image may be a few MiB: reading and scaling it on the GUI thread would stall
opening a conversation, so thumbnails are made in a worker thread and a header shows
each image's name until its thumbnail is in. Thumbnails are kept by the image's sha256 (a
picture sent twice is loaded once) and handed to the document again at each render,
since clearing the document drops its resources.

These thumbnails are the only images the transcript ever shows: `resource` is what the
view answers when its document asks for an image, and anything else an answer's Markdown
names (a path, `file:`, `qrc:`, `data:`, a web address) gets an empty placeholder.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Sequence

import shiboken6
from PySide6.QtCore import QObject, Qt, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QTextBrowser

from studio.core.chat.attachments import UNREADABLE_STORED, ImageAttachment, is_sha256_hex
from studio.core.tasks import TaskOwner

THUMBNAIL_BOX_PX = 160
RESOURCE_SCHEME = "studio-image"


def load_thumbnail(attachment: ImageAttachment) -> QImage | None:
    """The image scaled into the thumbnail box, or None when its file is gone or damaged.
    Runs in a worker thread (QImage is reentrant)."""
    try:
        data = attachment.read_stored()  # only a regular file of the store, capped
    except UNREADABLE_STORED:
        return None
    image = QImage.fromData(data)
    if image.isNull():
        return None
    if max(image.width(), image.height()) <= THUMBNAIL_BOX_PX:
        return image
    return image.scaled(
        THUMBNAIL_BOX_PX,
        THUMBNAIL_BOX_PX,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )


class ThumbnailCache(QObject):
    def __init__(
        self,
        view: QTextBrowser,
        tasks: TaskOwner | None,
        on_loaded: Callable[[set[str]], None],
    ) -> None:
        super().__init__(view)
        self._view = view
        self._tasks = tasks
        self._on_loaded = on_loaded
        self.images: dict[str, QImage | None] = {}  # None: the file is missing
        self._loading: set[str] = set()

    def html(self, message_id: int, attachments: Sequence[ImageAttachment]) -> str:
        """The thumbnails of one message, each a link to the full image."""
        self._load([a for a in attachments if a.sha256 not in self.images])
        parts: list[str] = []
        for index, attachment in enumerate(attachments):
            name = html.escape(attachment.name or self.tr("image"))
            if attachment.sha256 not in self.images:
                parts.append(f"<i>{name}</i>")
                continue
            image = self.images[attachment.sha256]
            if image is None:
                missing = self.tr("{name} (the image file is missing)").format(name=name)
                parts.append(f"<i>{missing}</i>")
                continue
            url = f"{RESOURCE_SCHEME}:{attachment.sha256}"
            self._view.document().addResource(
                QTextDocument.ResourceType.ImageResource, QUrl(url), image
            )
            link = f"studio:image/{message_id}/{index}"
            parts.append(
                f"<a href='{link}'><img src='{url}' width='{image.width()}' "
                f"height='{image.height()}' alt='{name}'></a>"
            )
        return "&nbsp;".join(parts)

    def resource(self, url: QUrl) -> QImage | None:
        """The thumbnail `url` names, when it is one of ours (`studio-image:<sha256>`, a
        checked digest) and is loaded; None for anything else. Never reads a file."""
        if url.scheme() != RESOURCE_SCHEME or not is_sha256_hex(url.path()):
            return None
        return self.images.get(url.path())

    def _load(self, wanted: list[ImageAttachment]) -> None:
        wanted = [a for a in wanted if a.sha256 not in self._loading]
        if not wanted:
            return
        if self._tasks is None:  # no event loop (a bare widget): load right here
            self.images.update({a.sha256: load_thumbnail(a) for a in wanted})
            return
        self._loading.update(a.sha256 for a in wanted)
        self._tasks.spawn("chat-thumbnails", self._load_later(wanted))

    async def _load_later(self, wanted: list[ImageAttachment]) -> None:
        def work() -> dict[str, QImage | None]:
            return {a.sha256: load_thumbnail(a) for a in wanted}

        try:
            loaded = await asyncio.to_thread(work)
        finally:
            self._loading.difference_update(a.sha256 for a in wanted)
        if shiboken6.isValid(self):
            self.images.update(loaded)
            self._on_loaded(set(loaded))
