"""Images sent with a chat turn: what a message records, where the bytes live, and how they
reach the engine.

Why the bytes are files and not SQLite rows: an image is 100 KiB to a few MiB, and every
history read, search and WAL checkpoint would carry them; a conversation's JSON
`attachments` column keeps only a small reference. The files are named by their sha256
(`<data dir>/chat-images/<sha256>.<ext>`), so the same picture pasted twice is stored once,
a file is written once and never changed, and a reference can never point at other bytes.

Only PNG and JPEG are stored and sent: llama-server decodes images with stb_image, which
has no WebP (b11434 tries ffmpeg for WebP, which a build may lack), so the composer turns a
WebP into one of these before it gets here.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studio.core.errors import StudioError
from studio.core.safe_read import ReadRefusedError, read_regular

IMAGE_DIRECTORY = "chat-images"
# Mime type -> file extension of what is stored and sent.
STORED_TYPES: Mapping[str, str] = {"image/png": ".png", "image/jpeg": ".jpg"}
# What the composer accepts from the user (it converts WebP to PNG or JPEG).
ACCEPTED_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
# Longest side an image keeps; larger ones are scaled down before they are stored or sent.
# Projectors resize to well under this anyway (336 to 1024 px), and every turn resends the
# conversation's images, so bigger only costs upload and base64 time.
MAX_SIDE_PX = 1280
# An unscaled PNG or JPEG larger than this is re-encoded even though it is small in pixels.
MAX_STORED_BYTES = 4 * 1024 * 1024
# The most a stored file is read into memory. What `put` stores is at most MAX_SIDE_PX on
# its longest side, so even a PNG of noise with alpha (1280 x 1280 x 4 bytes, barely
# compressed) stays under this; anything larger in the folder was not written by the app.
MAX_STORED_FILE_BYTES = 16 * 1024 * 1024
# The most a picked or dropped image file is read: a 100-megapixel JPEG is about 50 MiB,
# and Qt refuses to decode more than 256 MiB of pixels anyway.
MAX_SOURCE_BYTES = 64 * 1024 * 1024
# An image is named by the lowercase hex sha256 of its bytes; a reference read from the
# database that is anything else (`../` included) names no stored image.
_SHA256_HEX = re.compile(r"[0-9a-f]{64}")
# Images one message may carry: each costs hundreds of prompt tokens or more.
MAX_IMAGES_PER_MESSAGE = 8
# A stored file younger than this is never pruned: it may belong to a turn being sent.
PRUNE_GRACE_S = 3600.0


class ImageRefusedError(StudioError):
    """Codes: `chat_image_unreadable` (name), `chat_image_too_many` (count),
    `chat_attach_not_regular` (name), `chat_attach_too_large` (name, limit)."""


# What a stored image's file may fail with when it is read: gone (OSError) or not a file
# the app wrote (a FIFO, a device, too large: ReadRefusedError). Either way the image is
# missing.
UNREADABLE_STORED = (OSError, ReadRefusedError)


def unreadable_image(name: str, detail: str = "") -> ImageRefusedError:
    return ImageRefusedError("chat_image_unreadable", detail or f"{name}: not an image", name=name)


def is_sha256_hex(text: object) -> bool:
    """Whether `text` is a checked image reference: 64 lowercase hex digits."""
    return isinstance(text, str) and _SHA256_HEX.fullmatch(text) is not None


def too_many_images() -> ImageRefusedError:
    return ImageRefusedError(
        "chat_image_too_many",
        f"more than {MAX_IMAGES_PER_MESSAGE} images",
        count=MAX_IMAGES_PER_MESSAGE,
    )


def sniff_image_type(data: bytes) -> str | None:
    """The mime type the bytes really are (PNG, JPEG or WebP), whatever the file was called."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


@dataclass(frozen=True)
class ImageUpload:
    """An image ready to store and send: already PNG or JPEG, already small enough."""

    data: bytes
    mime: str
    name: str
    width: int
    height: int


@dataclass(frozen=True)
class ImageAttachment:
    """What a message records about one image; the bytes are in the `ImageStore`."""

    sha256: str
    mime: str
    name: str
    width: int
    height: int
    size: int
    # Where the bytes are on this machine; filled when read from the store, never stored.
    path: Path | None = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "image",
            "sha256": self.sha256,
            "mime": self.mime,
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "size": self.size,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ImageAttachment | None:
        """None for another kind of attachment or a damaged entry: it is skipped, not fatal."""
        if data.get("kind") != "image":
            return None
        sha, mime = data.get("sha256"), data.get("mime")
        if not is_sha256_hex(sha) or mime not in STORED_TYPES:
            return None
        numbers = [data.get(key) for key in ("width", "height", "size")]
        width, height, size = (
            n if isinstance(n, int) and not isinstance(n, bool) else 0 for n in numbers
        )
        return cls(str(sha), str(mime), str(data.get("name") or ""), width, height, size)

    def read_stored(self) -> bytes:
        """The stored bytes (blocking: not on the GUI thread). Raises one of
        `UNREADABLE_STORED` when the file is gone or is not one the app wrote."""
        if self.path is None:
            raise FileNotFoundError(f"image {self.sha256} has no stored file")
        return read_regular(self.path, limit=MAX_STORED_FILE_BYTES)

    def data_url(self) -> str:
        """`data:<mime>;base64,...` of the stored bytes (reads the file: not on the GUI thread)."""
        encoded = base64.b64encode(self.read_stored()).decode("ascii")
        return f"data:{self.mime};base64,{encoded}"


def attachments_from_json(items: Iterable[Any]) -> list[ImageAttachment]:
    found = (ImageAttachment.from_dict(item) for item in items if isinstance(item, Mapping))
    return [attachment for attachment in found if attachment is not None]


class ImageStore:
    """Image files named by content. Synchronous: callers run it off the GUI thread."""

    def __init__(self, directory: Path, *, owned: bool = False) -> None:
        self.directory = directory
        self._owned = owned  # a temporary directory, removed at close

    @classmethod
    def beside(cls, database: Path) -> ImageStore:
        """The images of the database at `database`; an in-memory database (the app's
        fallback when its file cannot be opened) gets a temporary directory, kept as long
        as the store is open, like the conversations themselves."""
        if str(database) == ":memory:":
            return cls(Path(tempfile.mkdtemp(prefix="studio-chat-images-")), owned=True)
        return cls(database.parent / IMAGE_DIRECTORY)

    def path_of(self, sha256: str, mime: str) -> Path:
        if not is_sha256_hex(sha256):  # never a path outside the folder
            raise ValueError(f"{sha256!r} is not a sha256 hex digest")
        return self.directory / f"{sha256}{STORED_TYPES.get(mime, '.bin')}"

    def put(self, upload: ImageUpload) -> ImageAttachment:
        if upload.mime not in STORED_TYPES or sniff_image_type(upload.data) != upload.mime:
            raise ValueError(f"{upload.name}: not a {upload.mime} image")
        sha = hashlib.sha256(upload.data).hexdigest()
        target = self.path_of(sha, upload.mime)
        if not target.exists():
            self.directory.mkdir(parents=True, exist_ok=True)
            # Written whole under a private name, then renamed: a crash never leaves a
            # truncated file under the name a message refers to.
            partial = self.directory / f".{sha}.{os.getpid()}.part"
            partial.write_bytes(upload.data)
            partial.replace(target)
        return ImageAttachment(
            sha, upload.mime, upload.name, upload.width, upload.height, len(upload.data), target
        )

    def resolve(self, attachments: Sequence[ImageAttachment]) -> tuple[ImageAttachment, ...]:
        """The attachments with `path` set to where their bytes are (or would be)."""
        return tuple(
            ImageAttachment(
                a.sha256, a.mime, a.name, a.width, a.height, a.size, self.path_of(a.sha256, a.mime)
            )
            for a in attachments
        )

    def prune(self, keep: set[str], now: float | None = None) -> int:
        """Delete files no message refers to any more (deleted conversations), except recent
        ones. Returns how many went."""
        if not self.directory.is_dir():
            return 0
        now = time.time() if now is None else now
        removed = 0
        for entry in self.directory.iterdir():
            sha = entry.name.split(".")[0]
            if sha in keep or now - entry.stat().st_mtime < PRUNE_GRACE_S:
                continue
            entry.unlink(missing_ok=True)
            removed += 1
        return removed

    def close(self) -> None:
        if self._owned:
            shutil.rmtree(self.directory, ignore_errors=True)


def request_content(
    text: str, attachments: Sequence[ImageAttachment], vision: bool
) -> str | list[dict[str, Any]]:
    """A user turn as the OpenAI chat API takes it: plain text, or content parts with each
    image as a base64 data URL (llama-server b11434 takes `image_url` parts with `data:`
    URLs). A model that cannot see (a text-only model continuing a conversation that has
    images) gets a short note in place of each image, so the turn still makes sense."""
    if not attachments:
        return text
    if not vision:
        notes = " ".join(f"[image: {a.name or 'untitled'}]" for a in attachments)
        return f"{notes}\n{text}" if text else notes
    parts: list[dict[str, Any]] = []
    for attachment in attachments:
        try:
            parts.append({"type": "image_url", "image_url": {"url": attachment.data_url()}})
        except UNREADABLE_STORED:  # its file was deleted by hand: the turn goes without it
            parts.append({"type": "text", "text": f"[image missing: {attachment.name}]"})
    if text:
        parts.append({"type": "text", "text": text})
    return parts


def export_entry(attachment: ImageAttachment) -> dict[str, Any]:
    """The attachment in a JSON export, with its bytes (base64) so the file stands alone;
    an image whose file is gone is listed as missing."""
    entry = attachment.to_dict()
    try:
        entry["data"] = attachment.data_url().partition(",")[2]
    except UNREADABLE_STORED:
        entry["missing"] = True
    return entry


def markdown_images(attachments: Sequence[ImageAttachment]) -> list[str]:
    """Markdown lines showing the images inline (data URLs: the export is one file)."""
    lines: list[str] = []
    for attachment in attachments:
        alt = attachment.name.replace("]", "").replace("[", "") or "image"
        try:
            lines += [f"![{alt}]({attachment.data_url()})", ""]
        except UNREADABLE_STORED:
            lines += [f"_(image missing: {alt})_", ""]
    return lines
