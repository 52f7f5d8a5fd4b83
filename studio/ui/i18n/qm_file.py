"""Which (context, source) pairs a compiled Qt catalogue (.qm) holds.

QTranslator answers only for the exact context a string was extracted under, but the
context Python code passes at run time is not always the one lupdate recorded: `tr()`
called on a subclass passes the subclass's name, module-level helpers pass a constant that
lupdate cannot see, and `parent.tr(...)` is recorded under the name "parent". Reading the
catalogue's own index lets the translator retry a miss under the contexts that do hold the
same source text. The .qm layout (magic, then tagged blocks; the messages block is a run of
tagged records) is Qt's documented-by-source format written by lrelease.
"""

from __future__ import annotations

import struct
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path

from studio.core.safe_read import ReadRefusedError, read_regular

QM_MAGIC = bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")
# The app's catalogues are about 120 KiB, Qt's own under 1 MiB.
MAX_CATALOG_BYTES = 32 * 1024 * 1024

_BLOCK_MESSAGES = 0x69
_TAG_END = 1
_TAG_TRANSLATION = 3
_TAG_OBSOLETE1 = 5
_TAG_SOURCE_TEXT = 6
_TAG_CONTEXT = 7
_TAG_COMMENT = 8
_TAGS_WITH_LENGTH = {_TAG_TRANSLATION, _TAG_SOURCE_TEXT, _TAG_CONTEXT, _TAG_COMMENT}


class QmFormatError(ValueError):
    """The bytes are not a .qm catalogue this reader understands."""


def contexts_by_source(path: Path) -> Mapping[str, tuple[str, ...]]:
    """Source text -> the contexts the catalogue translates it in (empty for a stripped
    catalogue, which stores hashes only)."""
    try:
        data = read_regular(path, limit=MAX_CATALOG_BYTES)
    except ReadRefusedError as error:  # a FIFO, a device or a huge file in its place
        raise QmFormatError(str(error)) from error
    return read_contexts_by_source(data)


def read_contexts_by_source(data: bytes) -> Mapping[str, tuple[str, ...]]:
    if not data.startswith(QM_MAGIC):
        raise QmFormatError("not a Qt .qm catalogue")
    found: defaultdict[str, list[str]] = defaultdict(list)
    offset = len(QM_MAGIC)
    while offset + 5 <= len(data):
        tag = data[offset]
        (length,) = struct.unpack_from(">I", data, offset + 1)
        start, offset = offset + 5, offset + 5 + length
        if offset > len(data):
            raise QmFormatError("a block runs past the end of the file")
        if tag == _BLOCK_MESSAGES:
            for context, source in _messages(data[start:offset]):
                if context not in found[source]:
                    found[source].append(context)
    return {source: tuple(contexts) for source, contexts in found.items()}


def _messages(block: bytes) -> list[tuple[str, str]]:
    messages: list[tuple[str, str]] = []
    source: str | None = None
    context = ""
    offset = 0
    while offset < len(block):
        tag = block[offset]
        offset += 1
        if tag == _TAG_END:
            if source is not None:
                messages.append((context, source))
            source, context = None, ""
        elif tag in _TAGS_WITH_LENGTH:
            (length,) = struct.unpack_from(">I", block, offset)
            offset += 4
            if length == 0xFFFFFFFF:  # a null string
                continue
            value = block[offset : offset + length]
            offset += length
            if tag == _TAG_SOURCE_TEXT:
                source = value.decode("utf-8")
            elif tag == _TAG_CONTEXT:
                context = value.decode("utf-8")
        elif tag == _TAG_OBSOLETE1:
            offset += 4
        else:
            raise QmFormatError(f"unknown record tag {tag}")
    return messages
