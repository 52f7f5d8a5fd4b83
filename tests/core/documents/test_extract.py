"""Documents read into pages, and every bad file refused in one sentence."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studio.core.documents.chunks import chunk_pages
from studio.core.documents.errors import DocumentError
from studio.core.documents.extract import MAX_BYTES, DocumentKind, extract
from studio.core.voice import ENGLISH
from tests.core.documents.files import (
    docx_bytes,
    lying_zip_bomb_docx,
    pdf_bytes,
    scanned_pdf_bytes,
    zip_bomb_docx,
)


def _refusal(path: Path) -> tuple[str, str]:
    """The code `extract` refuses `path` with, and the sentence a person reads."""
    with pytest.raises(DocumentError) as caught:
        extract(path)
    error = caught.value
    sentence = ENGLISH.error(error)
    assert sentence.count(". ") <= 1 and path.name in sentence and "Traceback" not in sentence
    return error.code, sentence


def test_a_pdf_keeps_its_pages(tmp_path: Path) -> None:
    path = tmp_path / "report.pdf"
    path.write_bytes(pdf_bytes([["First page."], [], ["Third page (with parentheses)."]]))
    document = extract(path)
    assert document.kind is DocumentKind.PDF
    assert [page.number for page in document.pages] == [1, 2, 3]
    assert document.pages[2].text == "Third page (with parentheses)."
    assert document.pages[1].text == ""


def test_markdown_text_html_and_docx(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Title\n\n\n\nBody line.  \n", encoding="utf-8")
    (tmp_path / "plain.txt").write_bytes("\ufeffWindows line\r\nnext\r\n".encode())
    (tmp_path / "page.html").write_text(
        "<html><head><title>T</title><style>p{}</style><script>var x=1;</script></head>"
        "<body><h1>Heading</h1><p>One &amp; two</p><ul><li>item</li></ul></body></html>",
        encoding="utf-8",
    )
    (tmp_path / "letter.docx").write_bytes(docx_bytes(["Dear reader,", "", "Regards."]))
    assert extract(tmp_path / "notes.md").text == "# Title\n\nBody line."
    assert extract(tmp_path / "plain.txt").text == "Windows line\nnext"
    html = extract(tmp_path / "page.html").text
    assert "One & two" in html and "Heading" in html and "item" in html
    assert "var x" not in html and "p{}" not in html
    assert extract(tmp_path / "letter.docx").text == "Dear reader,\n\nRegards."


def test_html_in_another_charset(tmp_path: Path) -> None:
    path = tmp_path / "old.htm"
    path.write_bytes(b'<meta charset="iso-8859-1"><p>Caf\xe9 cr\xe8me</p>')
    assert extract(path).text == "Café crème"


def test_encrypted_pdf_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    path.write_bytes(pdf_bytes([["Secret plans."]], password="hunter2"))
    code, sentence = _refusal(path)
    assert code == "document_encrypted"
    assert "password" in sentence


def test_owner_password_only_is_read(tmp_path: Path) -> None:
    path = tmp_path / "printable.pdf"
    path.write_bytes(pdf_bytes([["Readable by anyone."]], password=""))
    assert extract(path).text == "Readable by anyone."


def test_scan_without_text_layer_is_said(tmp_path: Path) -> None:
    path = tmp_path / "scan.pdf"
    path.write_bytes(scanned_pdf_bytes())
    code, sentence = _refusal(path)
    assert code == "document_no_text_layer"
    assert "has no text layer; it may be a scan" in sentence


def test_zip_bomb_docx_is_refused_before_it_unpacks(tmp_path: Path) -> None:
    path = tmp_path / "bomb.docx"
    zip_bomb_docx(path)
    assert path.stat().st_size < 2 * 1024 * 1024  # small packed, 300 MiB unpacked
    code, sentence = _refusal(path)
    assert code == "document_zip_bomb"
    assert "unpack" in sentence


def test_zip_bomb_with_a_lying_directory_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "liar.docx"
    lying_zip_bomb_docx(path)
    code, _ = _refusal(path)
    # The real bytes exceed what the directory claims: zipfile stops at the claim and
    # fails its CRC, or the count of unpacked bytes passes the limit; never a full read.
    assert code in ("document_zip_bomb", "document_damaged")


def test_a_200_mb_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as sparse:
        sparse.truncate(200 * 1000 * 1000)  # sparse: no disk used
    assert path.stat().st_size > MAX_BYTES
    code, sentence = _refusal(path)
    assert code == "document_too_large"
    assert "MiB" in sentence


def test_wrong_and_unreadable_files(tmp_path: Path) -> None:
    (tmp_path / "pic.png").write_bytes(b"\x89PNG\r\n")
    assert _refusal(tmp_path / "pic.png")[0] == "document_unsupported"
    (tmp_path / "fake.pdf").write_bytes(b"not a pdf at all")
    assert _refusal(tmp_path / "fake.pdf")[0] == "document_damaged"
    (tmp_path / "fake.docx").write_bytes(b"PK not really")
    assert _refusal(tmp_path / "fake.docx")[0] == "document_damaged"
    (tmp_path / "binary.txt").write_bytes(bytes(range(256)))
    assert _refusal(tmp_path / "binary.txt")[0] == "document_not_text"
    (tmp_path / "blank.md").write_text("  \n\n", encoding="utf-8")
    assert _refusal(tmp_path / "blank.md")[0] == "document_empty"
    assert _refusal(tmp_path / "missing.txt")[0] == "document_unreadable"
    (tmp_path / "folder.md").mkdir()
    assert _refusal(tmp_path / "folder.md")[0] in ("document_not_regular", "document_unreadable")
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert _refusal(fifo)[0] == "document_not_regular"


def test_chunks_keep_their_page_and_stay_small(tmp_path: Path) -> None:
    long_paragraph = " ".join(f"Sentence number {i} is here." for i in range(200))
    path = tmp_path / "long.pdf"
    path.write_bytes(pdf_bytes([["Short first page."], [long_paragraph[:3000]]]))
    chunks = chunk_pages(extract(path).pages, target=500)
    assert chunks[0].page == 1 and chunks[0].text == "Short first page."
    assert {c.page for c in chunks[1:]} == {2}
    assert all(len(c.text) <= 500 for c in chunks)
    assert [c.ordinal for c in chunks] == list(range(len(chunks)))
