"""The load dialog and `studio fit` show the same command for the same plan: both take it
from the one core set-up (`ModelSetup.command`), so what a user copies from either is
what the app runs."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from studio.cli import main
from studio.core.engine import EngineError, EngineInfo, default_selector
from studio.core.paths import AppPaths
from studio.core.placement.setup import Machine
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from tests.ui.load.load_dialog_support import TWO_GPUS, synthetic_model


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", TWO_GPUS)
    for name in [n for n in os.environ if n.startswith("LLAMA_ARG_")]:
        monkeypatch.delenv(name)


def _engine_fit_uses() -> EngineInfo | None:
    """The engine `studio fit` plans for: the one that passes its self-test here, or none
    (fake devices are planned without one)."""
    try:
        return default_selector(AppPaths.default()).active().info
    except EngineError:
        return None


@pytest.mark.parametrize(
    ("remembered", "flags"),
    [
        ({}, []),
        (
            {"ctx": 8192, "cache_type_k": "q8_0", "cache_type_v": "q8_0", "n_cpu_moe": 6},
            ["--ctx", "8192", "-ctk", "q8_0", "-ctv", "q8_0", "--n-cpu-moe", "6"],
        ),
    ],
    ids=["automatic", "chosen"],
)
def test_the_dialog_shows_the_command_studio_fit_prints(
    qtbot: QtBot,
    capsys: pytest.CaptureFixture[str],
    remembered: dict[str, object],
    flags: list[str],
) -> None:
    model = synthetic_model("qwen3-30b-a3b-shape")
    setup = Machine.of(os.environ).setup(model, _engine_fit_uses())
    dialog = LoadDialog(setup, PlanService(setup.planner), setup.recall(remembered))
    qtbot.addWidget(dialog)
    shown = dialog.command.toPlainText()

    main(["fit", str(model), *flags, "--json"])
    printed = json.loads(capsys.readouterr().out)["argv"]
    assert shlex.split(shown) == ["llama-server", *printed]
    main(["fit", str(model), *flags])
    text = capsys.readouterr().out
    assert "  " + shlex.join(printed) in text.splitlines()
    assert shown == "llama-server " + shlex.join(printed)  # the same words, in the same order
