"""The transcript loads only images from the app's own store: nothing an answer writes (a
path, `file:`, a relative name, `qrc:`, `data:`, a web address, a FIFO, `/dev/zero`) makes
it read a file or wait on one (issue 25)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize, QUrl
from PySide6.QtGui import QColor, QImage, QTextDocument
from pytestqt.qtbot import QtBot

import studio.core.chat.attachments as attachments_module
from studio.core.chat import Message, Role
from studio.core.chat.attachments import ImageAttachment, ImageStore, ImageUpload
from studio.ui.chat import conversation_view
from studio.ui.chat.conversation_view import ConversationView
from tests.support.bounded import run_bounded
from tests.support.fifo_watch import WatchedFifo, watched_fifo

PLACEHOLDER = QSize(1, 1)
IMAGE = QTextDocument.ResourceType.ImageResource


def png(width: int, height: int) -> bytes:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    encoded = QByteArray()
    buffer = QBuffer(encoded)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(encoded.data())


@pytest.fixture
def view(qtbot: QtBot) -> ConversationView:
    widget = ConversationView()  # no task owner: thumbnails load at once
    qtbot.addWidget(widget)
    widget.resize(600, 400)
    widget.show()
    return widget


@pytest.fixture
def fifo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[WatchedFifo]:
    monkeypatch.chdir(tmp_path)  # a relative name resolves here
    with watched_fifo(tmp_path / "pipe.png") as watched:
        yield watched


def show(view: ConversationView, content: str, message_id: int = 1) -> None:
    view.add_message(Message(message_id, 1, Role.ASSISTANT, content))
    view.grab()  # lays out and paints: every image is asked for


def image_sizes(view: ConversationView) -> dict[str, QSize]:
    """What each image of the document shows, by the name the answer gave it."""
    document = view.document()
    sizes: dict[str, QSize] = {}
    block = document.begin()
    while block.isValid():
        fragments = block.begin()
        while not fragments.atEnd():
            char_format = fragments.fragment().charFormat()
            if char_format.isImageFormat():
                name = char_format.toImageFormat().name()
                shown = document.resource(IMAGE.value, QUrl.fromEncoded(name.encode()))
                sizes[name] = shown.size() if isinstance(shown, QImage) else QSize(-1, -1)
            fragments += 1
        block = block.next()
    return sizes


@pytest.mark.parametrize("form", ["absolute", "file-url", "relative"])
def test_an_answer_naming_a_fifo_renders_without_opening_it(
    view: ConversationView, fifo: WatchedFifo, form: str
) -> None:
    target = {"absolute": str(fifo.path), "file-url": fifo.path.as_uri(), "relative": "pipe.png"}
    show(view, f"look ![a]({target[form]}) and [b]({target[form]}) after")
    assert "after" in view.text_of(1)
    assert fifo.blocked() == 0
    assert set(image_sizes(view).values()) == {PLACEHOLDER}


def test_files_and_other_schemes_an_answer_names_show_only_a_placeholder(
    view: ConversationView, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "near.png").write_bytes(png(30, 20))
    (tmp_path / "far.png").write_bytes(png(30, 20))
    encoded = QByteArray(png(30, 20)).toBase64().data().decode()
    targets = [
        "file:///etc/passwd",
        "/etc/passwd",
        "near.png",
        (tmp_path / "far.png").as_uri(),
        f"data:image/png;base64,{encoded}",
        "qrc:/qt-project.org/styles/commonstyle/images/file-16.png",
        "http://example.com/a.png",
        "studio-image:../../../etc/passwd",
    ]
    show(view, "\n\n".join(f"![x{i}]({target})" for i, target in enumerate(targets)))
    sizes = image_sizes(view)
    assert len(sizes) == len(targets)
    assert set(sizes.values()) == {PLACEHOLDER}


def test_dev_zero_in_an_answer_renders_at_once_in_bounded_memory() -> None:
    # In a child under a memory cap: before the fix the view read /dev/zero until it
    # aborted at about 4.3 GB, which would take the test run down with it.
    done = run_bounded(
        """
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from studio.core.chat import Message, Role
        from studio.ui.chat.conversation_view import ConversationView
        view = ConversationView()
        view.resize(600, 400)
        view.show()
        view.add_message(Message(1, 1, Role.ASSISTANT, "zero ![a](/dev/zero) done"))
        view.add_message(Message(2, 1, Role.ASSISTANT, "![b](file:///dev/zero)"))
        view.grab()
        print("rendered:", view.text_of(1).strip())
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "rendered: zero" in done.stdout and "done" in done.stdout


def test_images_from_the_store_still_show(view: ConversationView, tmp_path: Path) -> None:
    store = ImageStore(tmp_path / "chat-images")
    stored = store.put(ImageUpload(png(40, 30), "image/png", "red.png", 40, 30))
    view.add_message(Message(1, 1, Role.USER, "this one", attachments=(stored,)))
    view.grab()
    url = f"studio-image:{stored.sha256}"
    assert image_sizes(view) == {url: QSize(40, 30)}
    # Asked again after the document dropped its resources, the view answers from its
    # thumbnails, by the checked digest only.
    assert view.loadResource(IMAGE.value, QUrl(url)).size() == QSize(40, 30)
    assert view.loadResource(IMAGE.value, QUrl("studio-image:" + "A" * 64)).size() == PLACEHOLDER


def test_a_stored_image_that_is_a_fifo_is_missing_not_a_hang(
    view: ConversationView, tmp_path: Path
) -> None:
    store = ImageStore(tmp_path / "chat-images")
    store.directory.mkdir()
    sha = "ab" * 32
    (attachment,) = store.resolve([ImageAttachment(sha, "image/png", "p.png", 4, 4, 9)])
    assert attachment.path is not None
    with watched_fifo(attachment.path) as fifo:
        view.add_message(Message(1, 1, Role.USER, "pipe", attachments=(attachment,)))
        assert fifo.blocked() == 0
    assert "the image file is missing" in view.text_of(1, "header")


def test_links_an_answer_writes_open_nothing_but_the_web(
    view: ConversationView, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(
        conversation_view.QDesktopServices, "openUrl", lambda url: opened.append(url.toString())
    )
    for link in (
        "file:///etc/passwd",
        "/etc/passwd",
        "notes.txt",
        "qrc:/x",
        "data:text/plain,hi",
        "https://example.com/",
    ):
        view.activate(link)
    assert opened == ["https://example.com/"]


# -- property: whatever Markdown an answer holds ------------------------------------------

_WORDS = st.sampled_from(["text", "**bold**", "`code`", "> quote", "- item", "|a|b|", "\n\n"])


def _targets(fifo: Path, stored: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            str(fifo),
            fifo.as_uri(),
            fifo.name,
            f"./{fifo.name}",
            f"../{fifo.parent.name}/{fifo.name}",
            "file:///etc/passwd",
            "/etc/shadow",
            "qrc:/qt-project.org/styles/commonstyle/images/file-16.png",
            "data:image/png;base64,iVBORw0KGgo=",
            "http://127.0.0.1:9/x.png",
            f"studio-image:{stored}",
            "studio-image:../../etc/passwd",
            "studio:image/1/0",
            "",
            "<" + str(fifo) + ">",
        ]
    )


def _markdown(fifo: Path, stored: str) -> st.SearchStrategy[str]:
    target = _targets(fifo, stored)
    alt = st.text(alphabet="ab []()!<>*\\`", max_size=6)
    image = st.builds(lambda a, t: f"![{a}]({t})", alt, target)
    link = st.builds(lambda a, t: f"[{a}]({t})", alt, target)
    reference = st.builds(lambda a, t: f"![{a}][r]\n\n[r]: {t}", alt, target)
    html = st.builds(lambda t: f'<img src="{t}">', target)
    part = st.one_of(_WORDS, image, link, reference, html, st.text(max_size=8))
    return st.lists(part, max_size=8).map(" ".join)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_markdown_in_an_answer_makes_the_view_read_outside_the_store(
    view: ConversationView,
    fifo: WatchedFifo,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    data: st.DataObject,
) -> None:
    store = ImageStore(tmp_path / "chat-images")
    stored = store.put(ImageUpload(png(8, 8), "image/png", "dot.png", 8, 8))
    reads: list[Path] = []
    real_read = attachments_module.read_regular

    def recording_read(path: Path | str, *, limit: int) -> bytes:
        reads.append(Path(path))
        return real_read(path, limit=limit)

    monkeypatch.setattr(attachments_module, "read_regular", recording_read)
    opened: list[QUrl] = []  # nothing leaves for the desktop's viewers during the test
    monkeypatch.setattr(conversation_view.QDesktopServices, "openUrl", opened.append)
    answers = data.draw(st.lists(_markdown(fifo.path, stored.sha256), min_size=1, max_size=3))
    view.clear()
    view.add_message(Message(1, 1, Role.USER, "see", attachments=(stored,)))
    for number, answer in enumerate(answers, start=2):
        show(view, answer, number)
    for link in data.draw(st.lists(_targets(fifo.path, stored.sha256), max_size=3)):
        view.activate(link)
    assert all(path.parent == store.directory for path in reads)
    shown = image_sizes(view)
    assert set(shown.values()) <= {PLACEHOLDER, QSize(8, 8)}
    assert all(size == PLACEHOLDER or name.endswith(stored.sha256) for name, size in shown.items())
    assert all(url.scheme() in ("http", "https", "file") for url in opened)
    assert all(
        url.toLocalFile().startswith(str(store.directory)) for url in opened if url.isLocalFile()
    )
    assert fifo.blocked(settle_s=0.01) == 0
