"""Turning a picked, dropped or pasted image into what the chat stores and sends.

Decoding a photo and scaling it down takes tens to hundreds of milliseconds, so these
functions run in a worker thread (`asyncio.to_thread`): QImage is reentrant, and the one
QObject used here, a QBuffer to encode into, is created, used and dropped inside the call.

What comes out is PNG or JPEG no larger than `MAX_SIDE_PX` on its longest side: the
engine's decoder (stb_image) reads no WebP, and a smaller image costs less to upload and
base64 on every turn. An image that needs no change keeps its original bytes (no second
lossy encoding of a JPEG).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage

from studio.core.chat.attachments import (
    ACCEPTED_SUFFIXES,
    MAX_SIDE_PX,
    MAX_SOURCE_BYTES,
    MAX_STORED_BYTES,
    STORED_TYPES,
    ImageRefusedError,
    ImageUpload,
    sniff_image_type,
    unreadable_image,
)
from studio.core.safe_read import ReadRefusedError, read_regular

THUMBNAIL_PX = 56
JPEG_QUALITY = 90


@dataclass(frozen=True)
class PreparedImage:
    """An image ready to send, with a small preview for the composer's chip."""

    upload: ImageUpload
    thumbnail: QImage


def prepare_bytes(data: bytes, name: str) -> PreparedImage:
    """Raises `ImageRefusedError` (chat_image_unreadable) for anything but PNG, JPEG or WebP
    that decodes."""
    mime = sniff_image_type(data)
    image = QImage.fromData(data) if mime is not None else QImage()
    if image.isNull():
        raise unreadable_image(name, f"{name}: {mime or 'unknown type'}, {len(data)} bytes")
    too_big = max(image.width(), image.height()) > MAX_SIDE_PX
    if mime is not None and mime in STORED_TYPES and not too_big and len(data) <= MAX_STORED_BYTES:
        upload = ImageUpload(data, mime, name, image.width(), image.height())
        return PreparedImage(upload, _thumbnail(image))
    return prepare_image(image, name)


def prepare_file(path: Path) -> PreparedImage:
    """A picked or dropped file: only a regular file of at most `MAX_SOURCE_BYTES` is read
    (a FIFO would block the worker for good, `/dev/zero` would fill the memory)."""
    try:
        data = read_regular(path, limit=MAX_SOURCE_BYTES)
    except ReadRefusedError as error:
        raise _refused_file(path, error) from error
    except OSError as error:
        raise unreadable_image(path.name, f"{path}: {error}") from error
    return prepare_bytes(data, path.name)


def _refused_file(path: Path, error: ReadRefusedError) -> ImageRefusedError:
    if error.reason == "too_large":
        return ImageRefusedError(
            "chat_attach_too_large", str(error), name=path.name, limit=MAX_SOURCE_BYTES
        )
    return ImageRefusedError("chat_attach_not_regular", str(error), name=path.name)


def prepare_image(image: QImage, name: str) -> PreparedImage:
    """A decoded image (a pasted screenshot, a WebP): scaled if needed, encoded as PNG when
    it has transparency, JPEG otherwise."""
    if image.isNull():
        raise unreadable_image(name)
    if max(image.width(), image.height()) > MAX_SIDE_PX:
        image = image.scaled(
            MAX_SIDE_PX,
            MAX_SIDE_PX,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    alpha = image.hasAlphaChannel()
    kind, mime = ("PNG", "image/png") if alpha else ("JPEG", "image/jpeg")
    if not alpha:  # JPEG has no alpha; a format without it also encodes faster
        image = image.convertToFormat(QImage.Format.Format_RGB888)
    encoded = QByteArray()
    buffer = QBuffer(encoded)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 6.11 takes the format as str at run time, though its stubs say bytes.
    quality = JPEG_QUALITY if kind == "JPEG" else -1
    if not image.save(buffer, kind, quality):  # type: ignore[call-overload]
        raise unreadable_image(name, f"{name}: could not be encoded as {mime}")
    buffer.close()
    stem = Path(name).stem or "image"
    suffix = STORED_TYPES[mime]
    upload = ImageUpload(bytes(encoded.data()), mime, stem + suffix, image.width(), image.height())
    return PreparedImage(upload, _thumbnail(image))


def _thumbnail(image: QImage) -> QImage:
    return image.scaled(
        THUMBNAIL_PX,
        THUMBNAIL_PX,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )


def is_image_file(path: Path) -> bool:
    """Whether the composer takes this file as an image (by name; the bytes are checked
    when it is read)."""
    return path.suffix.lower() in ACCEPTED_SUFFIXES
