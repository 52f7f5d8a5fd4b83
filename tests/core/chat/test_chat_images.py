"""Images in the chat store: files named by content beside the database, references in the
messages' `attachments` column, content parts for the engine, and the exports."""

from __future__ import annotations

import base64
import json
import os
import sqlite3
from pathlib import Path

import pytest

from studio.core.chat import ChatStore, Role, to_json, to_markdown
from studio.core.chat.attachments import (
    PRUNE_GRACE_S,
    ImageAttachment,
    ImageUpload,
    request_content,
    sniff_image_type,
)
from studio.core.chat.backend import TemplateCapabilities
from studio.core.chat.vision import VisionSupport, cannot_see, vision_from_props
from studio.core.voice import ENGLISH

# The smallest real files of each kind (a 1x1 PNG; JPEG and WebP only need their magic).
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
JPEG_MAGIC = b"\xff\xd8\xff\xe0" + b"\0" * 16
WEBP_MAGIC = b"RIFF\x10\0\0\0WEBPVP8 " + b"\0" * 8


def upload(data: bytes = PNG, name: str = "dot.png") -> ImageUpload:
    return ImageUpload(data, "image/png", name, 1, 1)


def test_the_bytes_decide_the_type_not_the_name() -> None:
    assert sniff_image_type(PNG) == "image/png"
    assert sniff_image_type(JPEG_MAGIC) == "image/jpeg"
    assert sniff_image_type(WEBP_MAGIC) == "image/webp"
    assert sniff_image_type(b"GIF89a") is None


def test_images_are_files_named_by_content_and_messages_keep_references(tmp_path: Path) -> None:
    database = tmp_path / "chat.sqlite3"
    with ChatStore(database) as store:
        first = store.images.put(upload(name="a.png"))
        again = store.images.put(upload(name="b.png"))  # the same picture, pasted twice
        conversation = store.create_conversation("pictures")
        message = store.add_message(conversation.id, Role.USER, "look", attachments=[first, again])
    files = list((tmp_path / "chat-images").iterdir())
    assert [f.name for f in files] == [f"{first.sha256}.png"]  # stored once
    assert files[0].read_bytes() == PNG
    with sqlite3.connect(database) as raw:  # the database holds a reference, not the bytes
        (column,) = raw.execute("SELECT attachments FROM messages").fetchone()
    assert len(column) < 400 and first.sha256 in column
    with ChatStore(database) as reopened:
        (stored,) = reopened.messages(conversation.id)
    assert stored.id == message.id
    assert [a.name for a in stored.attachments] == ["a.png", "b.png"]
    assert stored.attachments[0].path == files[0]
    assert stored.attachments == message.attachments


def test_a_put_refuses_bytes_that_are_not_what_they_claim(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store, pytest.raises(ValueError):
        store.images.put(ImageUpload(JPEG_MAGIC, "image/png", "x.png", 1, 1))


def test_damaged_or_foreign_attachment_entries_are_skipped(tmp_path: Path) -> None:
    database = tmp_path / "chat.sqlite3"
    with ChatStore(database) as store:
        image = store.images.put(upload())
        conversation = store.create_conversation("c")
        good = store.add_message(conversation.id, Role.USER, "a", attachments=[image])
        damaged = store.add_message(conversation.id, Role.USER, "b")
    entries = [{"kind": "file", "name": "notes.txt"}, {"kind": "image", "sha256": "short"}]
    with sqlite3.connect(database) as raw:
        raw.execute("UPDATE messages SET attachments = ? WHERE id = ?", ("{oops", good.id))
        raw.execute(
            "UPDATE messages SET attachments = ? WHERE id = ?", (json.dumps(entries), damaged.id)
        )
    with ChatStore(database) as reopened:
        assert [m.attachments for m in reopened.messages(conversation.id)] == [(), ()]


def test_prune_removes_only_old_unreferenced_images(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        kept = store.images.put(upload())
        orphan = store.images.put(ImageUpload(JPEG_MAGIC, "image/jpeg", "old.jpg", 1, 1))
        fresh = store.images.put(ImageUpload(JPEG_MAGIC + b"new", "image/jpeg", "new.jpg", 1, 1))
        conversation = store.create_conversation("c")
        store.add_message(conversation.id, Role.USER, "a", attachments=[kept])
        assert orphan.path is not None
        old = orphan.path.stat().st_mtime - PRUNE_GRACE_S - 10
        for attachment in (kept, orphan):
            assert attachment.path is not None
            os.utime(attachment.path, (old, old))
        assert store.prune_images() == 1
        assert kept.path is not None and kept.path.exists()
        assert orphan.path is not None and not orphan.path.exists()
        assert fresh.path is not None and fresh.path.exists()  # may belong to a turn in flight


def test_an_in_memory_store_keeps_its_images_until_it_closes() -> None:
    store = ChatStore.in_memory()
    image = store.images.put(upload())
    assert image.path is not None and image.path.read_bytes() == PNG
    store.close()
    assert not image.path.exists()


def test_a_user_turn_with_images_is_content_parts(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        image = store.images.put(upload(name="dot.png"))
    url = "data:image/png;base64," + base64.b64encode(PNG).decode()
    assert request_content("what is it?", [image], vision=True) == [
        {"type": "image_url", "image_url": {"url": url}},
        {"type": "text", "text": "what is it?"},
    ]
    assert request_content("", [image], vision=True) == [
        {"type": "image_url", "image_url": {"url": url}}
    ]
    # A model that cannot see (a text model continuing the chat) gets a note instead.
    assert request_content("what is it?", [image], vision=False) == "[image: dot.png]\nwhat is it?"
    assert request_content("plain", [], vision=True) == "plain"
    assert image.path is not None
    image.path.unlink()
    assert request_content("x", [image], vision=True) == [
        {"type": "text", "text": "[image missing: dot.png]"},
        {"type": "text", "text": "x"},
    ]


def test_exports_carry_the_images(tmp_path: Path) -> None:
    with ChatStore(tmp_path / "chat.sqlite3") as store:
        image = store.images.put(upload(name="dot.png"))
        conversation = store.create_conversation("pictures")
        store.add_message(conversation.id, Role.USER, "look", attachments=[image])
        messages = store.messages(conversation.id)
    encoded = base64.b64encode(PNG).decode()
    markdown = to_markdown(conversation, messages)
    assert f"## User\n\n![dot.png](data:image/png;base64,{encoded})\n\nlook" in markdown
    document = json.loads(to_json(conversation, messages))
    assert document["messages"][0]["attachments"] == [{**image.to_dict(), "data": encoded}]
    assert image.path is not None
    image.path.unlink()
    assert "_(image missing: dot.png)_" in to_markdown(conversation, messages)
    (entry,) = json.loads(to_json(conversation, messages))["messages"][0]["attachments"]
    assert entry["missing"] is True and "data" not in entry


def test_vision_comes_from_props_and_the_ladder() -> None:
    seeing = {"modalities": {"vision": True, "audio": False}}
    blind = {"modalities": {"vision": False, "audio": False}}
    assert vision_from_props(seeing) is VisionSupport.READY
    assert vision_from_props(blind) is VisionSupport.NO_PROJECTOR
    assert vision_from_props({}) is VisionSupport.NO_PROJECTOR  # an older engine
    assert vision_from_props(blind, projector_dropped=True) is VisionSupport.PROJECTOR_DROPPED
    assert TemplateCapabilities.from_props(seeing).vision is VisionSupport.READY
    assert cannot_see(VisionSupport.READY) is None
    for support, code in (
        (VisionSupport.NO_PROJECTOR, "chat_image_no_projector"),
        (VisionSupport.PROJECTOR_DROPPED, "chat_image_projector_dropped"),
    ):
        problem = cannot_see(support)
        assert problem is not None and problem.code == code
        assert "cannot see images" in ENGLISH.error(problem)


def test_attachment_to_dict_round_trips() -> None:
    attachment = ImageAttachment("a" * 64, "image/jpeg", "p.jpg", 640, 480, 1234)
    assert ImageAttachment.from_dict(attachment.to_dict()) == attachment
