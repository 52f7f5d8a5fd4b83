"""The load dialog beside the models already loaded, against the fake llama-server with
real plans of 8B-shaped models on two fake 6 GiB GPUs: it plans in the room they leave
(their bytes drawn as taken, nothing unloaded), names the resident a plan pushed onto its
GPU would unload before Load, and that load unloads exactly that one."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from studio.core.placement.load_plan import OwnEngines, PlanningEngine, launched, model_setup
from studio.core.placement.setup import Machine
from studio.core.residents.beside import PlannedBeside, kept_by
from studio.core.tasks import TaskOwner
from studio.services.plan_service import PlanService
from studio.ui.load.load_dialog import LoadDialog
from tests.integration.test_residents_fake import DEVICES, ask, scene


@pytest.fixture(autouse=True)
def no_modal_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    def unexpected(_parent: object, problems: str) -> bool:
        raise AssertionError(f"the load-anyway question was not expected: {problems}")

    monkeypatch.setattr("studio.ui.load.load_dialog._ask_load_anyway", unexpected)


def test_the_dialog_names_the_resident_its_plan_unloads_and_the_load_unloads_it(
    qtbot: QtBot, qasync_loop: asyncio.AbstractEventLoop, tmp_path: Path
) -> None:
    tasks = TaskOwner("test")
    window = QWidget()  # the dialog's parent: closing it must not end the event loop
    qtbot.addWidget(window)
    window.show()
    shots = Path(os.environ.get("STUDIO_SHOTS_DIR") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)

    async def scenario() -> None:
        async with scene(tmp_path) as s:
            await ask(s.residents, "a")
            await ask(s.residents, "b")
            await ask(s.residents, "a")  # b is the least recently used
            path = s.models / "c.gguf"
            views = s.residents.views()
            kept = kept_by(views)
            machine = Machine.of({"STUDIO_FAKE_DEVICES": DEVICES})
            own = OwnEngines(s.residents.pids(), kept)
            setup = await asyncio.to_thread(model_setup, machine, path, PlanningEngine(), own=own)
            dialog = LoadDialog(
                setup, PlanService(setup.planner, tasks), parent=window, residents=views, kept=kept
            )
            dialog.resize(1280, 800)
            dialog.show()

            # Planned in the room the residents leave: nothing unloaded, their bytes taken.
            assert dialog.beside.leaving == ()
            assert dialog.evictions.text() == "Loads beside a, b; nothing is unloaded."
            (index,) = s.where("a")
            gpu = next(d.key for d in dialog.plan.devices if d.key.endswith(index))
            assert dialog.panel.bar(gpu).taken == kept[gpu] > 0

            # Every layer on a's GPU: a, however recently used, is the one to go.
            pushed = setup.planner.plan(dialog.plan.request.with_changes(layers={gpu: 33}))
            dialog.use_plan(pushed)
            assert dialog.beside.leaving == ("a",)
            assert dialog.evictions.text() == "Loading unloads a to make room."
            assert dialog.load_button.text() == "Load"  # it fits once a has gone
            assert dialog.panel.bar(gpu).taken == 0
            assert "Fits once" in dialog.reasons.text()
            await asyncio.sleep(0.05)  # laid out before it is drawn
            dialog.grab().save(str(shots / "load-dialog-eviction.png"))

            loads: list[PlannedBeside] = []
            dialog.load_requested.connect(
                lambda plan: loads.append(PlannedBeside(launched(setup, plan), kept))
            )
            dialog.load_button.click()
            (planned,) = loads
            await s.residents.load_planned(path, planned)
            assert s.names() == {"b", "c"}
            assert s.residents.evicted == 1
        await tasks.shutdown()

    qasync_loop.run_until_complete(asyncio.wait_for(scenario(), 120))
