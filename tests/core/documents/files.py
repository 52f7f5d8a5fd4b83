"""Document files written by the tests: PDFs built with pypdf (text pages, a password, a
scan's image-only pages), .docx files with python-docx, a zip bomb dressed as a .docx."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
)


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _font() -> DictionaryObject:
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
        }
    )


def pdf_bytes(pages: Sequence[Sequence[str]], password: str | None = None) -> bytes:
    """A PDF with one page per entry of `pages`, each line of it drawn as text."""
    writer = PdfWriter()
    for lines in pages:
        page = writer.add_blank_page(612, 792)
        font = writer._add_object(_font())
        page[NameObject("/Resources")] = DictionaryObject(
            {NameObject("/Font"): DictionaryObject({NameObject("/F1"): font})}
        )
        drawn = ["BT", "/F1 11 Tf", "14 TL", "72 720 Td"]
        drawn += [f"({_escaped(line)}) Tj T*" for line in lines]
        drawn.append("ET")
        stream = DecodedStreamObject()
        stream.set_data("\n".join(drawn).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream)
    if password is not None:
        writer.encrypt(user_password=password, owner_password=password + "-owner")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def scanned_pdf_bytes(pages: int = 2) -> bytes:
    """A scan: every page only paints an image (a grey square), no text at all."""
    writer = PdfWriter()
    for _ in range(pages):
        page = writer.add_blank_page(612, 792)
        image = DecodedStreamObject()
        image.set_data(bytes([128]) * (8 * 8))
        image.update(
            {
                NameObject("/Type"): NameObject("/XObject"),
                NameObject("/Subtype"): NameObject("/Image"),
                NameObject("/Width"): NumberObject(8),
                NameObject("/Height"): NumberObject(8),
                NameObject("/ColorSpace"): NameObject("/DeviceGray"),
                NameObject("/BitsPerComponent"): NumberObject(8),
            }
        )
        page[NameObject("/Resources")] = DictionaryObject(
            {
                NameObject("/XObject"): DictionaryObject(
                    {NameObject("/Im1"): writer._add_object(image)}
                ),
                NameObject("/ProcSet"): ArrayObject([NameObject("/PDF"), NameObject("/ImageB")]),
            }
        )
        paint = DecodedStreamObject()
        paint.set_data(b"q 500 0 0 700 50 50 cm /Im1 Do Q")
        page[NameObject("/Contents")] = writer._add_object(paint)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_bytes(paragraphs: Sequence[str]) -> bytes:
    import docx

    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def zip_bomb_docx(path: Path, unpacked: int = 300 * 1024 * 1024) -> None:
    """A .docx whose one extra part unpacks to `unpacked` bytes of zeros (a few hundred
    KiB packed), beside a real document's parts."""
    real = zipfile.ZipFile(io.BytesIO(docx_bytes(["Looks like a document."])))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as bomb:
        for entry in real.infolist():
            bomb.writestr(entry, real.read(entry))
        with bomb.open("word/media/zeros.bin", "w", force_zip64=True) as member:
            block = bytes(1 << 20)
            for _ in range(unpacked >> 20):
                member.write(block)


def lying_zip_bomb_docx(path: Path, unpacked: int = 300 * 1024 * 1024) -> None:
    """The same bomb with its directory claiming each part is tiny: only the bytes that
    really come out can tell."""
    zip_bomb_docx(path, unpacked)
    data = bytearray(path.read_bytes())
    # Rewrite every central directory entry's uncompressed size (offset 24) to 1 byte.
    # zip64 entries keep theirs in an extra field, so this bomb is written without zip64.
    at = data.find(b"PK\x01\x02")
    while at != -1:
        data[at + 24 : at + 28] = (1).to_bytes(4, "little")
        at = data.find(b"PK\x01\x02", at + 4)
    path.write_bytes(bytes(data))
