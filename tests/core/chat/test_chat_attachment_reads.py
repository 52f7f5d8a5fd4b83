"""Attachments read only what they should (issue 25): an image reference is a checked hex
digest, a stored image is read as a capped regular file, and a text file dropped on the
composer that is a FIFO or a device is refused in one sentence instead of blocking or
filling the memory."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path

import pytest

from studio.core.chat import ChatStore, Role, to_json, to_markdown
from studio.core.chat.attachments import (
    MAX_STORED_FILE_BYTES,
    ImageAttachment,
    ImageUpload,
    request_content,
)
from studio.core.chat.text_files import MAX_BYTES, TextFileError, read_text_file
from studio.core.voice import ENGLISH
from tests.support.bounded import run_bounded
from tests.support.fifo_watch import watched_fifo

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
SECRET = b"SECRET-OUTSIDE-THE-IMAGE-FOLDER"


def _climbing_reference() -> str:
    """64 characters, as a digest has, that climb from the image folder to `secret.png`."""
    reference = "../" + "./" * 27 + "/secret"
    assert len(reference) == 64
    return reference


@pytest.mark.parametrize(
    "sha",
    [
        _climbing_reference(),
        "A" * 64,  # upper case: not what the store names files
        "g" * 64,
        "a" * 63 + "\n",
        "a" * 65,
        64,
    ],
)
def test_an_image_reference_is_a_lowercase_hex_digest(sha: object) -> None:
    entry = {"kind": "image", "sha256": sha, "mime": "image/png", "name": "x.png"}
    assert ImageAttachment.from_dict(entry) is None
    assert ImageAttachment.from_dict({**entry, "sha256": "0f" * 32}) is not None


def test_a_row_whose_hash_climbs_out_of_the_image_folder_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(SECRET)
    database = tmp_path / "chat.sqlite3"
    with ChatStore(database) as store:
        image = store.images.put(ImageUpload(PNG, "image/png", "dot.png", 1, 1))
        conversation = store.create_conversation("c")
        message = store.add_message(conversation.id, Role.USER, "look", attachments=[image])
    evil = {"kind": "image", "sha256": _climbing_reference(), "mime": "image/png", "name": "e"}
    with sqlite3.connect(database) as raw:
        raw.execute(
            "UPDATE messages SET attachments = ? WHERE id = ?",
            (json.dumps([evil, image.to_dict()]), message.id),
        )
    with ChatStore(database) as reopened:
        (stored,) = reopened.messages(conversation.id)
    assert stored.attachments == (image,)  # the good one stays
    leaked = base64.b64encode(SECRET).decode()
    exports = to_json(conversation, [stored]) + to_markdown(conversation, [stored])
    request = json.dumps(request_content(stored.content, stored.attachments, vision=True))
    assert leaked not in exports and leaked not in request
    assert base64.b64encode(PNG).decode() in request


def test_a_stored_image_replaced_by_a_fifo_or_a_huge_file_is_missing(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        image = store.images.put(ImageUpload(PNG, "image/png", "dot.png", 1, 1))
    assert image.path is not None
    image.path.unlink()
    with watched_fifo(image.path):
        parts = request_content("x", [image], vision=True)
    assert parts == [
        {"type": "text", "text": "[image missing: dot.png]"},
        {"type": "text", "text": "x"},
    ]
    image.path.unlink()
    with image.path.open("wb") as huge:
        huge.truncate(MAX_STORED_FILE_BYTES + 1)  # sparse: costs no disk
    assert request_content("x", [image], vision=True)[0] == {
        "type": "text",
        "text": "[image missing: dot.png]",
    }


def test_a_fifo_dropped_as_a_text_file_is_refused_at_once(tmp_path: Path) -> None:
    with watched_fifo(tmp_path / "notes.txt") as fifo:
        with pytest.raises(TextFileError) as refused:
            read_text_file(fifo.path)
        assert fifo.blocked() == 0
    assert refused.value.code == "chat_attach_not_regular"
    sentence = ENGLISH.error(refused.value)
    assert sentence.startswith("notes.txt is not an ordinary file")


def test_a_text_file_over_the_cap_is_refused_with_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.log"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    with pytest.raises(TextFileError) as refused:
        read_text_file(big)
    assert refused.value.code == "chat_attach_too_large"
    assert refused.value.params["limit"] == MAX_BYTES


def test_dev_zero_dropped_as_a_text_file_is_refused_in_bounded_memory() -> None:
    done = run_bounded(
        """
        from pathlib import Path
        from studio.core.chat.text_files import TextFileError, read_text_file
        from studio.core.voice import ENGLISH
        try:
            read_text_file(Path("/dev/zero"))
        except TextFileError as error:
            print(error.code, ENGLISH.error(error), sep="|")
        """,
        memory_bytes=512 << 20,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    code, sentence = done.stdout.strip().split("|")
    assert code == "chat_attach_not_regular"
    assert sentence.startswith("zero is not an ordinary file")
