"""A document file read into pages of text, or refused in one sentence.

Every path comes from a person (a drop, a file chooser), so it is read once through
`safe_read` (a regular file, never more than `MAX_BYTES`) and parsed from memory: nothing
here opens the path again. PDFs keep their pages, so a citation can name the page; the
other kinds are one page without a number.

What is refused, and why here: a PDF locked by a password (its text cannot be read), a PDF
whose pages hold no text (a scan: sending nothing would let the model answer from
nothing), a .docx whose unpacked parts would be far larger than any document (a zip bomb:
both the sizes its directory declares and the bytes that really come out are checked
before python-docx reads it), and anything larger than `MAX_BYTES`.
"""

from __future__ import annotations

import enum
import io
import logging
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

from studio.core.chat.text_files import decode_text
from studio.core.documents.errors import DocumentError
from studio.core.safe_read import ReadRefusedError, read_regular

log = logging.getLogger(__name__)

# Far more text than any context or index here is meant for; small enough to hold in
# memory while it is parsed.
MAX_BYTES: Final = 100 * 1024 * 1024
# What a .docx may unpack to in all: a novel with its images is a few dozen MiB.
MAX_UNZIPPED_BYTES: Final = 256 * 1024 * 1024
MAX_ZIP_ENTRIES: Final = 10_000
_READ_STEP: Final = 1 << 20


class DocumentKind(enum.StrEnum):
    PDF = "pdf"
    MARKDOWN = "markdown"
    TEXT = "text"
    HTML = "html"
    DOCX = "docx"


SUFFIXES: Final = {
    ".pdf": DocumentKind.PDF,
    ".md": DocumentKind.MARKDOWN,
    ".markdown": DocumentKind.MARKDOWN,
    ".txt": DocumentKind.TEXT,
    ".text": DocumentKind.TEXT,
    ".html": DocumentKind.HTML,
    ".htm": DocumentKind.HTML,
    ".docx": DocumentKind.DOCX,
}


def document_kind(path: Path) -> DocumentKind | None:
    """The kind a file's name says it is (None: not a document this app reads)."""
    return SUFFIXES.get(path.suffix.lower())


@dataclass(frozen=True)
class Page:
    """The text of one page; `number` counts from 1 (None: the format has no pages)."""

    number: int | None
    text: str


@dataclass(frozen=True)
class Extracted:
    name: str
    kind: DocumentKind
    pages: tuple[Page, ...]

    @property
    def text(self) -> str:
        return "\n\n".join(page.text for page in self.pages)

    @property
    def chars(self) -> int:
        return sum(len(page.text) for page in self.pages)


def extract(path: Path) -> Extracted:
    """The document's text by page, or `DocumentError` saying why not (blocking I/O and
    parsing: call it off the GUI thread)."""
    name = path.name
    kind = document_kind(path)
    if kind is None:
        raise DocumentError(
            "document_unsupported",
            f"{path}: {path.suffix or 'no suffix'} is not a document kind",
            name=name,
            suffix=path.suffix.lower() or "?",
        )
    data = _read(path)
    pages = _READERS[kind](name, data)
    if not any(page.text.strip() for page in pages):
        if kind is DocumentKind.PDF:
            raise DocumentError("document_no_text_layer", f"{path}: no page has text", name=name)
        raise DocumentError("document_empty", f"{path} holds no text", name=name)
    return Extracted(name, kind, tuple(pages))


def _read(path: Path) -> bytes:
    name = path.name
    try:
        return read_regular(path, limit=MAX_BYTES)
    except ReadRefusedError as error:
        if error.reason == "too_large":
            raise DocumentError(
                "document_too_large", str(error), name=name, limit=MAX_BYTES
            ) from error
        raise DocumentError("document_not_regular", str(error), name=name) from error
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise DocumentError(
            "document_unreadable", f"{path}: {error}", name=name, reason=reason
        ) from error


# -- PDF ----------------------------------------------------------------------------------


def _pdf_pages(name: str, data: bytes) -> list[Page]:
    # Imported here: pypdf takes a tenth of a second to import and only documents need it.
    from pypdf import PasswordType, PdfReader

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            # An owner password alone (printing, copying) opens with the empty user password.
            raise DocumentError("document_encrypted", f"{name}: needs a password", name=name)
        return [
            Page(number, _tidy(page.extract_text() or ""))
            for number, page in enumerate(reader.pages, start=1)
        ]
    except DocumentError:
        raise
    except Exception as error:
        # A damaged or hostile file can make pypdf raise almost anything (its own errors,
        # KeyError, ValueError, zlib's, RecursionError); each only means "cannot be read".
        log.info("%s could not be parsed as a PDF: %r", name, error)
        raise DocumentError(
            "document_damaged", f"{name}: {type(error).__name__}: {error}", name=name, kind="PDF"
        ) from error


# -- .docx --------------------------------------------------------------------------------


def _docx_pages(name: str, data: bytes) -> list[Page]:
    _refuse_zip_bomb(name, data)
    import docx  # imported here: python-docx brings lxml, which only documents need
    from docx.table import Table

    try:
        document = docx.Document(io.BytesIO(data))
        blocks: list[str] = []
        for block in document.iter_inner_content():
            if isinstance(block, Table):
                blocks.extend(" | ".join(c.text.strip() for c in row.cells) for row in block.rows)
            else:
                blocks.append(block.text)
    except Exception as error:
        # As with PDFs: python-docx and lxml raise many types on a damaged package.
        log.info("%s could not be parsed as a .docx: %r", name, error)
        raise DocumentError(
            "document_damaged", f"{name}: {type(error).__name__}: {error}", name=name, kind="Word"
        ) from error
    return [Page(None, _tidy("\n\n".join(b for b in blocks if b.strip())))]


def _refuse_zip_bomb(name: str, data: bytes) -> None:
    """Refuse a package that would unpack to more than `MAX_UNZIPPED_BYTES`: first by the
    sizes its directory declares, then by the bytes that really come out (a directory can
    lie), read in steps so a bomb never fills the memory."""
    try:
        package = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise DocumentError(
            "document_damaged", f"{name}: {error}", name=name, kind="Word"
        ) from error
    with package:
        entries = package.infolist()
        declared = sum(entry.file_size for entry in entries)
        if len(entries) > MAX_ZIP_ENTRIES or declared > MAX_UNZIPPED_BYTES:
            raise DocumentError(
                "document_zip_bomb",
                f"{name}: {len(entries)} parts declaring {declared} bytes",
                name=name,
                limit=MAX_UNZIPPED_BYTES,
            )
        unpacked = 0
        try:
            for entry in entries:
                with package.open(entry) as member:
                    while step := member.read(_READ_STEP):
                        unpacked += len(step)
                        if unpacked > MAX_UNZIPPED_BYTES:
                            raise DocumentError(
                                "document_zip_bomb",
                                f"{name}: more than {MAX_UNZIPPED_BYTES} bytes unpacked",
                                name=name,
                                limit=MAX_UNZIPPED_BYTES,
                            )
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
            # A wrong CRC, a size that does not match (zipfile checks both), bad deflate.
            raise DocumentError(
                "document_damaged", f"{name}: {error}", name=name, kind="Word"
            ) from error


# -- Markdown, text, HTML ------------------------------------------------------------------


def _text_pages(name: str, data: bytes) -> list[Page]:
    text = decode_text(data)
    if text is None:
        raise DocumentError("document_not_text", f"{name} is binary", name=name)
    return [Page(None, _tidy(text))]


_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


def _html_pages(name: str, data: bytes) -> list[Page]:
    text = decode_text(data)
    if text is None:  # not UTF-8: the charset the page names, else Windows' Latin
        found = _CHARSET.search(data[:4096])
        encoding = found.group(1).decode("ascii") if found else "cp1252"
        try:
            text = data.decode(encoding, "replace")
        except LookupError:
            text = data.decode("cp1252", "replace")
        if "\x00" in text:
            raise DocumentError("document_not_text", f"{name} is binary", name=name)
    reader = _HtmlText()
    reader.feed(text)
    reader.close()
    return [Page(None, _tidy(reader.text()))]


class _HtmlText(HTMLParser):
    """The readable text of a page: scripts, styles and templates left out, a line break
    where a block element begins or ends (the stdlib parser: HTML needs nothing more
    for plain text, and it never fetches or runs anything)."""

    _HIDDEN: Final = frozenset({"script", "style", "template", "noscript", "svg"})
    _BLOCKS: Final = frozenset(
        {
            "p", "div", "br", "li", "ul", "ol", "tr", "table", "section", "article",
            "header", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
            "title", "hr", "dt", "dd", "main", "nav", "aside", "figure", "figcaption",
        }
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._HIDDEN:
            self._hidden += 1
        elif tag in self._BLOCKS:
            self._parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in self._BLOCKS:
            self._parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._parts.append(data)

    def text(self) -> str:
        lines = (" ".join(line.split()) for line in "".join(self._parts).splitlines())
        return "\n".join(lines)


_READERS: Final[dict[DocumentKind, Callable[[str, bytes], list[Page]]]] = {
    DocumentKind.PDF: _pdf_pages,
    DocumentKind.DOCX: _docx_pages,
    DocumentKind.MARKDOWN: _text_pages,
    DocumentKind.TEXT: _text_pages,
    DocumentKind.HTML: _html_pages,
}

_BLANK_RUNS = re.compile(r"\n{3,}")


def _tidy(text: str) -> str:
    """Runs of blank lines made one, trailing spaces gone: the same words in fewer tokens."""
    lines = (line.rstrip() for line in text.replace("\r\n", "\n").split("\n"))
    return _BLANK_RUNS.sub("\n\n", "\n".join(lines)).strip()
