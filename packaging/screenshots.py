"""Take the README's screenshots from the real app, offscreen, in light and dark.

One command renders every page at 1280x800 (`<page>-<theme>.png`) as a user would see it:

- chat: SmolLM2 is loaded through the load dialog on the engine the tests prove runs on this
  CPU (tests/support/engine.py builds one on a cold cache) and answers a real question; also
  the chat at the smallest window (1024x700), with the model picker open and with the
  inspector closed;
- discover: a search against the tests' local fake Hub (nothing leaves this machine), whose
  repositories serve full GGUF headers (sparse files) so the fit column is judged;
- library, server and settings, as they stand after that load;
- the load dialog at its own size: SmolLM2 on this machine, a Qwen3-30B-A3B-shaped GGUF
  planned on two fake GPUs (`STUDIO_FAKE_DEVICES`, the same code path as NVML devices), and
  a gemma-3-270m-shaped GGUF on Mesa's lavapipe as a real Vulkan GPU (where it is installed).

- the chat's features (packaging/chat_shots.py): answer versions, token probabilities, a
  tool call and an image.

    python packaging/screenshots.py [OUTPUT_DIR] [--chat-only]   # default: docs/screenshots
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["HF_HUB_OFFLINE"] = "0"  # the fake Hub is local; the real one is never asked
WINDOW = (1280, 800)
SMALLEST = (1024, 700)
SCREEN = {
    "name": "screenshots",
    "x": 0,
    "y": 0,
    "width": WINDOW[0],
    "height": WINDOW[1],
    "logicalDpi": 96,
    "logicalBaseDpi": 96,
    "dpr": 1,
}
# The second load dialog plans for two GPUs this machine may not have.
FAKE_GPUS = {"STUDIO_FAKE_DEVICES": "GPU0:24GiB,GPU1:12GiB,HOST:64GiB"}
QUESTION = "Write a short Python function that adds two numbers, and explain it in two sentences."

import qasync  # noqa: E402
from chat_shots import shoot_chat_features  # noqa: E402
from PySide6.QtGui import QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from shot_tools import save as _save  # noqa: E402
from shot_tools import settle as _settle  # noqa: E402
from shot_tools import until as _until  # noqa: E402

from studio.composition import StudioApp  # noqa: E402
from studio.context import AppContext  # noqa: E402
from studio.core.engine import EngineProber  # noqa: E402
from studio.core.engine.locate import ENV_VARIABLE  # noqa: E402
from studio.core.paths import AppPaths  # noqa: E402
from studio.core.placement.setup import Machine, ModelSetup  # noqa: E402
from studio.core.server.states import ServerState  # noqa: E402
from studio.services.event_loop import install_asyncgen_finalizer  # noqa: E402
from studio.services.plan_service import PlanService  # noqa: E402
from studio.ui.common.theme import ThemeChoice  # noqa: E402
from studio.ui.load.load_dialog import LoadDialog  # noqa: E402
from studio.ui.load.load_flow import LoadFlow  # noqa: E402
from tests.support.engine import runnable_engine  # noqa: E402
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo  # noqa: E402
from tests.support.models import cache_dir, smollm2_path  # noqa: E402
from tests.support.synthetic import synthetic_model  # noqa: E402
from tests.support.vulkan import VISIBLE, vulkan_engine  # noqa: E402

THEMES = {"light": ThemeChoice.LIGHT, "dark": ThemeChoice.DARK}


def _shape_file(name: str) -> FakeFile:
    # Sparse files with a full header: the Hub's fit reads only the header's byte ranges,
    # so a made-up digest spares hashing gigabytes of holes.
    return FakeFile(synthetic_model(name), known_sha256=name.encode().hex()[:64].ljust(64, "0"))


def _hub_repos(smol: Path) -> list[FakeRepo]:
    """Repositories shaped like real GGUF uploads; every file is a real GGUF header."""
    card: dict[str, object] = {"license": "apache-2.0"}
    return [
        FakeRepo(
            "example/SmolLM2-135M-Instruct-GGUF",
            {"SmolLM2-135M-Instruct-Q4_1.gguf": FakeFile(smol)},
            downloads=48_210,
            likes=112,
            card_data=card,
            gguf={"total": 134_515_008, "architecture": "llama"},
        ),
        FakeRepo(
            "example/Llama-8B-shape-GGUF",
            {"llama-8b-shape-Q4_K_M.gguf": _shape_file("llama-8b-shape")},
            downloads=20_544,
            likes=87,
            card_data=card,
            gguf={"total": 8_030_261_248, "architecture": "llama"},
        ),
        FakeRepo(
            "example/Gemma3-12B-shape-GGUF",
            {"gemma3-12b-shape-Q4_K_M.gguf": _shape_file("gemma3-12b-shape")},
            downloads=9_870,
            likes=41,
            card_data=card,
            gguf={"total": 12_187_325_040, "architecture": "gemma3"},
        ),
        FakeRepo(
            "example/Qwen3-30B-A3B-shape-GGUF",
            {"qwen3-30b-a3b-shape-Q4_K_M.gguf": _shape_file("qwen3-30b-a3b-shape")},
            downloads=15_302,
            likes=66,
            card_data=card,
            gguf={"total": 30_532_122_624, "architecture": "qwen3moe"},
        ),
    ]


@contextmanager
def _studio_home(hub: FakeHub, smol: Path) -> Iterator[AppPaths]:
    """A fresh app home whose library holds SmolLM2 and two larger model shapes."""
    with tempfile.TemporaryDirectory() as home:
        paths = AppPaths.default({"STUDIO_HOME": home})
        models = Path(home) / "models"
        models.mkdir()
        shutil.copy(smol, models / smol.name)
        for shape in ("llama-8b-shape", "gemma3-12b-shape"):
            (models / f"{shape}-Q4_K_M.gguf").symlink_to(synthetic_model(shape))
        paths.config_dir.mkdir(parents=True, exist_ok=True)
        settings = {
            "models_folders": [str(models)],
            "autoload_last_model": False,
            "hf_endpoint": hub.endpoint,
        }
        (paths.config_dir / "settings.json").write_text(json.dumps(settings))
        os.environ["HF_HUB_CACHE"] = str(Path(home) / "hf-cache")  # not the user's cache
        yield paths


def _load_flow(studio: StudioApp) -> LoadFlow:
    flow = studio.areas.load_flow
    assert flow is not None, "no load flow: the app found no engine manager"
    return flow


async def _open_dialog(studio: StudioApp, model: Path) -> LoadDialog:
    """The load dialog of `model`, as the app opens it, on this machine."""
    flow = _load_flow(studio)
    await flow.open(model)
    assert flow.dialog is not None, "the load dialog did not open"
    return flow.dialog


async def _chat_with_answer(studio: StudioApp, smol: Path) -> None:
    """Load SmolLM2 as a user does, through the load dialog, and ask it something."""
    manager = studio.manager
    assert manager is not None, "no engine manager: the app found no engine"
    await _until(lambda: studio.engine.info is not None)
    dialog = await _open_dialog(studio, smol)
    dialog.load_button.click()
    await _until(lambda: manager.snapshot.state is ServerState.READY)
    await _until(lambda: studio.chat.has_backend)
    studio.chat_pane.input.setPlainText(QUESTION)
    studio.chat_pane.send_button.click()
    await _until(lambda: not studio.chat.busy)


async def _search_the_hub(studio: StudioApp) -> None:
    page = studio.hub_area.discover_page
    page.query.setText("GGUF")
    page.search_button.click()
    await _until(lambda: page.results_model.rowCount() > 0, 60)
    page.results.selectRow(1)  # by downloads: the 8B shape, whose fit says more than 135M
    await _until(lambda: page.files_model.rowCount() > 0, 60)
    await _settle(2.0)  # the files' fit is judged from their headers in a worker


async def _pages(studio: StudioApp, theme: str, output: Path) -> None:
    window = studio.window
    window.resize(*WINDOW)
    for area in window.AREAS:
        window.show_area(area)
        await _settle()
        _save(window, output / f"{area}-{theme}.png")
    window.show_area("chat")
    window.resize(*SMALLEST)
    await _settle()
    _save(window, output / f"chat-{SMALLEST[0]}x{SMALLEST[1]}-{theme}.png")
    window.resize(*WINDOW)
    await _settle()
    await _picker_open(studio, output / f"chat-model-picker-{theme}.png")
    studio.chat_pane.set_inspector_open(False)
    await _settle()
    _save(window, output / f"chat-inspector-closed-{theme}.png")
    studio.chat_pane.set_inspector_open(True)


async def _picker_open(studio: StudioApp, target: Path) -> None:
    """The window with the picker's dropdown: a popup is its own window, so it is painted
    onto the window's picture where it stands on screen."""
    window = studio.window
    picker = studio.chat_pane.picker
    picker.model_button.click()
    await _settle(1.0)
    shot = window.grab()
    painter = QPainter(shot)
    offset = picker.list.mapToGlobal(picker.list.rect().topLeft()) - window.mapToGlobal(
        window.rect().topLeft()
    )
    painter.drawPixmap(offset, picker.list.grab())
    painter.end()
    picker.list.hide()
    if not shot.save(str(target)):
        raise OSError(f"could not write {target}")
    print(target)


async def _load_dialogs(studio: StudioApp, smol: Path, theme: str, output: Path) -> None:
    info = studio.engine.info
    assert info is not None
    here = await _open_dialog(studio, smol)
    two_gpus = Machine.of(FAKE_GPUS).setup(synthetic_model("qwen3-30b-a3b-shape"), info)
    planned = [("load-dialog-two-gpus", LoadDialog(two_gpus, PlanService(two_gpus.planner)))]
    vulkan = _on_lavapipe(studio)
    if vulkan is not None:
        planned.append(("load-dialog-vulkan", LoadDialog(vulkan, PlanService(vulkan.planner))))
    for name, dialog in [("load-dialog", here), *planned]:
        dialog.show()
        await _settle(1.5)
        _save(dialog, output / f"{name}-{theme}.png")
        dialog.close()  # the flow deletes its own dialog when it opens the next one
    for _, dialog in planned:
        dialog.deleteLater()


def _on_lavapipe(studio: StudioApp) -> ModelSetup | None:
    """The gemma-3-270m-shaped model planned on Mesa's lavapipe as a real Vulkan GPU (its
    tied 170 MiB output is more than lavapipe takes in one tensor); None without one."""
    tester = studio.context.selector.tester
    session = studio.engine.location
    assert session is not None
    engine, missing = vulkan_engine(session, lambda e: tester.test(e).passed)
    if engine is None:
        print(f"no Vulkan load dialog: {missing}")
        return None
    info = EngineProber().probe(engine)
    gpus = [d for d in info.devices if d.backend != "RPC"]
    memory = tester.test(engine, gpus).memory
    model = synthetic_model("gemma3-270m-shape")
    return Machine.of({**os.environ, **VISIBLE}).setup(model, info, engine, memory=memory)


async def _shoot(studio: StudioApp, smol: Path, output: Path, chat_only: bool) -> None:
    studio.window.resize(*WINDOW)
    studio.start()
    await _chat_with_answer(studio, smol)
    if not chat_only:
        await _search_the_hub(studio)
        for theme, choice in THEMES.items():
            studio.areas.theme.apply(choice)
            await _settle(1.0)
            await _pages(studio, theme, output)
            await _load_dialogs(studio, smol, theme, output)
    # Last: two of these scenes load other models.
    studio.areas.theme.apply(THEMES["light"])
    await _settle(1.0)
    await shoot_chat_features(studio, output)
    studio.window.close()


def main() -> int:
    arguments = [a for a in sys.argv[1:] if a != "--chat-only"]
    chat_only = "--chat-only" in sys.argv  # only the chat-feature scenes (chat_shots.py)
    output = Path(arguments[0]) if arguments else ROOT / "docs" / "screenshots"
    output.mkdir(parents=True, exist_ok=True)
    # Offscreen, on a 1280x800 screen (the platform's own is 800x800, and dialogs size
    # themselves to the screen).
    screen = output / ".offscreen-screen.json"
    screen.write_text(json.dumps({"screens": [SCREEN]}))
    os.environ.setdefault("QT_QPA_PLATFORM", f"offscreen:configfile={screen}")
    # The engine the tests use: one proven to run on this CPU (built here when none does).
    os.environ.setdefault(ENV_VARIABLE, str(runnable_engine(cache_dir()).path))
    smol = smollm2_path()
    hub = FakeHub(_hub_repos(smol))
    app = QApplication([sys.argv[0]])
    screen.unlink()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with hub.running(), _studio_home(hub, smol) as paths:
        studio = StudioApp(AppContext.create(paths))
        install_asyncgen_finalizer(loop, studio.tasks)
        try:
            with loop:
                try:
                    loop.run_until_complete(_shoot(studio, smol, output, chat_only))
                finally:
                    loop.run_until_complete(studio.shutdown())
        finally:
            asyncio.set_event_loop(None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
