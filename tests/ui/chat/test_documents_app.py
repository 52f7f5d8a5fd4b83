"""Documents in the whole app, on the real engine with SmolLM2: a document attached while
the chat's model is loaded is embedded by that model's own engine (one llama-server, one
resident, nothing run twice); with an embedding model chosen in Settings, that model is
loaded as a second resident beside the chat's, and the memory panel shows both."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from studio.core.documents.index import DRAFT
from studio.core.errors import Problem
from tests.core.documents.files import pdf_bytes
from tests.core.documents.test_retrieval_engine import THEMES, _page
from tests.integration.test_manager_engine import engine_children
from tests.services.chat_support import next_emission

pytestmark = pytest.mark.engine


@pytest.fixture
def restore_palette(qapp: QApplication) -> Iterator[None]:
    palette, style = qapp.palette(), qapp.style().name()
    yield
    qapp.styleHints().unsetColorScheme()
    qapp.setStyle(style)
    qapp.setPalette(palette)


def _link(source: Path, target: Path) -> None:
    """A second name for the model file (the Library lists hard links apart)."""
    try:
        os.link(source, target)
    except OSError:  # another file system: a copy
        shutil.copyfile(source, target)


def _pdf(path: Path) -> Path:
    path.write_bytes(pdf_bytes([_page(*theme) for theme in THEMES]))
    return path


def test_documents_embed_through_the_residents_of_the_app(
    qtbot: QtBot,
    qasync_loop: asyncio.AbstractEventLoop,
    tmp_path: Path,
    restore_palette: None,
    smollm2: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from studio.composition import StudioApp
    from studio.context import AppContext
    from studio.core.paths import AppPaths

    monkeypatch.delenv("STUDIO_FAKE_DEVICES", raising=False)
    folder = tmp_path / "models"
    folder.mkdir()
    chat_model, embedding_model = folder / "smol.gguf", folder / "smol-embed.gguf"
    _link(smollm2, chat_model)
    _link(smollm2, embedding_model)
    studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": str(tmp_path)})))
    qtbot.addWidget(studio.window)
    manager = studio.manager
    assert manager is not None
    failures: list[Problem] = []
    studio.documents.failed.connect(failures.append)

    async def attach(path: Path) -> list[str]:
        """Attach `path`; the names the conversation's documents are listed with then."""
        listed = asyncio.ensure_future(
            next_emission(
                studio.documents.documents_listed,
                lambda e: path.name in {d.name for d in e.documents},
                within=120,
            )
        )
        studio.documents.attach([path])
        (shown,) = await listed
        assert shown.conversation_id == DRAFT
        return sorted(d.name for d in shown.documents)

    async def scenario() -> dict[str, object]:
        seen: dict[str, object] = {}
        probed: asyncio.Future[object] = qasync_loop.create_future()

        def on_probed(info: object) -> None:
            if not probed.done():
                probed.set_result(info)

        studio.engine.probed.connect(on_probed)
        scanned = asyncio.ensure_future(
            next_emission(studio.library.scanned, lambda models: len(models) == 2, within=120)
        )
        studio.start()
        await asyncio.wait_for(probed, 120)
        studio.settings.update(lambda s: replace(s, models_folders=(str(folder),)))
        await scanned
        await manager.residents.load(chat_model)  # as the autoload loads: for chatting
        assert manager.chat_model == chat_model
        await attach(_pdf(tmp_path / "report.pdf"))
        seen["own"] = (
            [v.model for v in manager.residents.views()],
            len(engine_children()),
            studio.document_embedder.name if studio.document_embedder else None,
        )
        # A dedicated embedding model, chosen in Settings: a second resident beside it.
        studio.settings.update(lambda s: replace(s, embedding_model=str(embedding_model)))
        seen["documents"] = await attach(_pdf(tmp_path / "notes.pdf"))
        seen["dedicated"] = (
            sorted(v.model.name for v in manager.residents.views()),
            len(engine_children()),
        )
        studio.window.show_area("server")
        bars = studio.areas.loaded_memory.residents.bars

        def shares() -> list[str]:
            device = bars["host"].device if "host" in bars else None
            return sorted(s.name for s in device.shares) if device is not None else []

        while len(shares()) < 2:  # noqa: ASYNC110
            await asyncio.sleep(0.02)
        seen["panel"] = shares()
        seen["chat"] = manager.chat_model
        return seen

    try:
        seen = qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 300))
    finally:
        studio.window.close()
        qasync_loop.run_until_complete(studio.shutdown())
    assert not engine_children(), "an engine outlived the app"
    assert failures == []
    assert seen["own"] == ([chat_model], 1, "smol.gguf")
    assert seen["dedicated"] == (["smol-embed.gguf", "smol.gguf"], 2)
    assert seen["panel"] == ["smol", "smol-embed"]
    assert seen["chat"] == chat_model  # the chat kept its model
    assert seen["documents"] == ["notes.pdf", "report.pdf"]
