"""Take the README's screenshots from the real app, offscreen.

The app runs as a user would have it: SmolLM2 is loaded through the load dialog, and the
bundled engine answers a real question; a second load dialog plans a Qwen3-30B-A3B-shaped
GGUF (full header, sparse data) on two fake GPUs (`STUDIO_FAKE_DEVICES`, the same code path
as NVML devices).

    python packaging/screenshots.py [OUTPUT_DIR]     # default: docs/screenshots
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The load dialog's picture plans for two GPUs this machine may not have.
FAKE_GPUS = {"STUDIO_FAKE_DEVICES": "GPU0:24GiB,GPU1:12GiB,HOST:64GiB"}

import qasync  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from studio.app import StudioApp  # noqa: E402
from studio.context import AppContext  # noqa: E402
from studio.core.paths import AppPaths  # noqa: E402
from studio.core.placement.setup import Machine  # noqa: E402
from studio.core.server.states import ServerState  # noqa: E402
from studio.services.event_loop import install_asyncgen_finalizer  # noqa: E402
from studio.services.plan_service import PlanService  # noqa: E402
from studio.ui.load.load_dialog import LoadDialog  # noqa: E402
from tests.support.models import smollm2_path  # noqa: E402
from tests.ui.load.load_dialog_support import synthetic_model  # noqa: E402


async def _settle(seconds: float = 0.3) -> None:
    await asyncio.sleep(seconds)  # qasync lets Qt lay out and paint meanwhile


async def _until(condition: object, timeout_s: float = 120.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not condition():  # type: ignore[operator]
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("the app did not reach the state to photograph")
        await asyncio.sleep(0.1)


def _save(widget: QWidget, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not widget.grab().save(str(target)):
        raise OSError(f"could not write {target}")
    print(target)


async def _shoot(studio: StudioApp, output: Path) -> None:
    window = studio.window
    studio.start()
    window.resize(1280, 820)
    manager = studio.manager
    assert manager is not None, "no engine: install the app first"
    await _until(lambda: studio.engine.info is not None)

    # Load SmolLM2 as a user does: through the load dialog and its plan for this machine.
    smol = await studio.areas.load_flow.open(smollm2_path())
    assert smol is not None
    smol.load_button.click()
    await _until(lambda: manager.snapshot.state is ServerState.READY)
    await _until(lambda: studio.chat.has_backend)
    studio.chat.send("Write a haiku about running language models at home.")
    await _until(lambda: not studio.chat.busy)
    window.show_area("chat")
    await _settle(1.0)
    _save(window, output / "chat.png")

    window.show_area("server")
    await _settle(1.5)
    _save(window, output / "server.png")

    assert studio.engine.info is not None
    setup = Machine.of(FAKE_GPUS).setup(synthetic_model("qwen3-30b-a3b-shape"), studio.engine.info)
    dialog = LoadDialog(setup, PlanService(setup.planner))
    dialog.resize(1100, 760)
    dialog.show()
    await _settle(1.5)
    _save(dialog, output / "load-dialog.png")
    dialog.close()

    window.close()


def main() -> int:
    output = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    app = QApplication([sys.argv[0]])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with tempfile.TemporaryDirectory() as home:
        studio = StudioApp(AppContext.create(AppPaths.default({"STUDIO_HOME": home})))
        install_asyncgen_finalizer(loop, studio.tasks)
        try:
            with loop:
                loop.run_until_complete(_shoot(studio, output))
                loop.run_until_complete(studio.shutdown())
        finally:
            asyncio.set_event_loop(None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
