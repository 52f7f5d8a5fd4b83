"""The Settings page edits values, validates RPC endpoints, keeps the token out of them, and
the theme follows the choice."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from studio.core.endpoint import EndpointError, RpcEndpoint
from studio.core.settings import AppSettings
from studio.core.tasks import TaskOwner
from studio.core.voice import ENGLISH
from studio.services.hf_token import HfTokenService, HfTokenStore, mask_token
from studio.ui.common.theme import ThemeChoice, ThemeController
from studio.ui.settings.settings_page import SettingsPage


class MemoryTokens:
    """An in-memory stand-in for huggingface_hub's token store."""

    def __init__(self, token: str | None = None, refuse: str = "") -> None:
        self.token = token
        self.refuse = refuse

    def store(self) -> HfTokenStore:
        return HfTokenStore(read=lambda: self.token, write=self._write, erase=self._erase)

    def _write(self, token: str) -> None:
        if self.refuse:
            raise ValueError(self.refuse)
        self.token = token

    def _erase(self) -> None:
        self.token = None


def _page(qtbot: QtBot, tokens: MemoryTokens, settings: AppSettings | None = None) -> SettingsPage:
    page = SettingsPage(HfTokenService(tokens.store(), TaskOwner("test")), settings)
    qtbot.addWidget(page)
    return page


def _save_token(page: SettingsPage, loop: asyncio.AbstractEventLoop) -> bool:
    """Click Save and wait, on the running qasync loop, for the check to finish."""

    async def save() -> bool:
        finished: asyncio.Future[bool] = loop.create_future()
        page.token_checked.connect(lambda ok: finished.done() or finished.set_result(ok))
        page.token_save.click()
        return await asyncio.wait_for(finished, 10)

    return loop.run_until_complete(save())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("127.0.0.1:50052", "127.0.0.1:50052"),
        (" gpu-box.lan:8000 ", "gpu-box.lan:8000"),
        ("[::1]:50052", "[::1]:50052"),
        ("[::ffff:10.0.0.1]:50052", "[::ffff:10.0.0.1]:50052"),
        ("gpu_box:50052", "gpu_box:50052"),
        ("host", None),
        ("host:0", None),
        ("host:70000", None),
        ("http://host:1", None),
    ],
)
def test_rpc_endpoints_are_validated(qtbot: QtBot, text: str, expected: str | None) -> None:
    page = _page(qtbot, MemoryTokens())
    page.rpc_input.setText(text)
    page.rpc_input.returnPressed.emit()
    kept = page.apply_to(AppSettings()).rpc_devices
    assert kept == ((expected,) if expected else ())
    # Settings keeps exactly what the planner and the CLI accept, and says a refusal in
    # the planner's words.
    try:
        planned: str | None = str(RpcEndpoint.parse(text))
    except EndpointError as error:
        planned = None
        assert page.rpc_error.text() == ENGLISH.error(error)
    assert planned == expected


def test_stored_settings_show_without_announcing_a_change(qtbot: QtBot) -> None:
    stored = AppSettings(
        engine_binary="/opt/llama/llama-server",
        models_folders=("/models",),
        rpc_devices=("10.0.0.2:50052",),
        hf_endpoint="https://hf-mirror.example",
        hf_proxy="http://proxy:3128",
        language="en",
        theme="dark",
        last_model="/models/a.gguf",
    )
    page = _page(qtbot, MemoryTokens())
    with qtbot.assertNotEmitted(page.changed):
        page.set_settings(stored)
    assert page.apply_to(AppSettings(last_model="/models/a.gguf")) == stored
    assert page.theme_choice is ThemeChoice.DARK


def test_apply_to_keeps_fields_the_page_does_not_own(qtbot: QtBot) -> None:
    page = _page(qtbot, MemoryTokens(), AppSettings(theme="light"))
    newer = AppSettings(last_model="/m.gguf", load_in_progress="/m.gguf").with_remembered_load(
        "/m.gguf", {"ctx": 4096}
    )
    applied = page.apply_to(newer)
    assert applied.theme == "light"
    assert applied.load_in_progress == "/m.gguf"
    assert applied.remembered_load("/m.gguf") == {"ctx": 4096}


def test_edits_emit_new_values_and_bad_rpc_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    page = _page(qtbot, MemoryTokens())
    with qtbot.waitSignal(page.changed):
        page.rpc_input.setText("10.0.0.5:50052")
        qtbot.mouseClick(page.findChild(QWidget, "settings-rpc-add"), Qt.MouseButton.LeftButton)
    assert page.apply_to(AppSettings()).rpc_devices == ("10.0.0.5:50052",)

    with qtbot.assertNotEmitted(page.changed):
        page.rpc_input.setText("not-an-endpoint")
        page.rpc_input.returnPressed.emit()
    assert "host:port" in page.rpc_error.text()
    assert page.apply_to(AppSettings()).rpc_devices == ("10.0.0.5:50052",)

    with qtbot.waitSignal(page.changed):
        page.add_models_folder(tmp_path)
    assert page.apply_to(AppSettings()).models_folders == (str(tmp_path),)

    with qtbot.waitSignal(page.changed):
        page.theme.setCurrentIndex(page.theme.findData("light"))
    assert page.apply_to(AppSettings()).theme == "light"
    assert page.theme_choice is ThemeChoice.LIGHT


def test_engine_path_change_asks_for_a_new_probe(qtbot: QtBot) -> None:
    page = _page(qtbot, MemoryTokens())
    with qtbot.waitSignal(page.engine_binary_changed) as seen:
        page.engine_path.setText("/opt/llama/llama-server")
        page.engine_path.editingFinished.emit()
    assert seen.args == ["/opt/llama/llama-server"]
    with qtbot.waitSignal(page.engine_binary_changed) as seen:
        qtbot.mouseClick(
            page.findChild(QWidget, "settings-engine-bundled"), Qt.MouseButton.LeftButton
        )
    assert seen.args == [""]


def test_token_goes_to_the_token_store_not_the_values(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop
) -> None:
    tokens = MemoryTokens()
    page = _page(qtbot, tokens)
    assert not page.token_remove.isEnabled()
    page.token_input.setText("hf_abcdefghijklmnopqrstuvwxyz")

    assert _save_token(page, qasync_loop)
    assert tokens.token == "hf_abcdefghijklmnopqrstuvwxyz"
    assert "hf_ab…wxyz" in page.token_status.text()
    assert page.token_input.text() == ""
    saved = page.apply_to(AppSettings())
    saved.to_dict()  # the settings module refuses anything token-shaped; this must pass
    assert "hf_abcdefghijklmnopqrstuvwxyz" not in repr(saved)
    page.token_remove.click()
    assert tokens.token is None
    assert not page.token_remove.isEnabled()


def test_a_refused_token_is_reported(qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop) -> None:
    tokens = MemoryTokens(refuse="Invalid user token.")
    page = _page(qtbot, tokens)
    page.token_input.setText("hf_wrong")

    assert not _save_token(page, qasync_loop)
    assert tokens.token is None
    assert "Invalid user token." in page.token_status.text()


def test_mask_token_never_shows_the_middle() -> None:
    assert mask_token("hf_abcdefghijklmnopqrstuvwxyz") == "hf_ab…wxyz"
    assert mask_token("short") == "…"
    assert mask_token(None) == ""


@pytest.fixture
def theme(qapp: QApplication) -> Iterator[ThemeController]:
    palette, style, sheet = qapp.palette(), qapp.style().name(), qapp.styleSheet()
    controller = ThemeController(qapp)
    try:
        yield controller
    finally:
        qapp.styleHints().unsetColorScheme()
        qapp.setStyle(style)
        qapp.setPalette(palette)
        qapp.setStyleSheet(sheet)
        controller.deleteLater()


def test_theme_choice_sets_the_palette(theme: ThemeController, qapp: QApplication) -> None:
    theme.apply(ThemeChoice.DARK)
    assert theme.dark
    window = qapp.palette().color(QPalette.ColorRole.Window)
    assert window.lightness() < 80
    theme.apply(ThemeChoice.LIGHT)
    assert not theme.dark
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 180
    theme.apply(ThemeChoice.SYSTEM)
    # Offscreen reports no scheme (or light): following the system gives the light palette.
    assert theme.dark is (qapp.styleHints().colorScheme() == Qt.ColorScheme.Dark)


def test_unknown_stored_theme_follows_the_system() -> None:
    assert ThemeChoice.parse("sepia") is ThemeChoice.SYSTEM
    assert ThemeChoice.parse("dark") is ThemeChoice.DARK


def test_every_control_has_an_accessible_name(qtbot: QtBot) -> None:
    from tests.ui.load.load_dialog_support import unnamed_controls

    page = _page(qtbot, MemoryTokens())
    assert unnamed_controls(page) == []
