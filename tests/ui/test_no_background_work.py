"""The UI runs no background work: services run it, one way (`studio/services/background.py`),
and a page is told the outcome. This reads the source, so a widget that starts a task or a
thread of its own fails here by name, unless it is one of the render helpers below."""

from __future__ import annotations

import ast
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[2] / "studio"
# Rendering, not work a service could own: each makes pixels or HTML for one widget, from
# what that widget holds, and drops the result once the widget is gone. Moving it to a
# service would not help: services import only QtCore, and these need QImage and the
# widget's palette; a service would only pass the widget's own request back to it.
RENDER_HELPERS = {
    # Decoding and scaling a dropped or pasted image for the composer's chips.
    "studio/ui/chat/image_attach.py",
    # Thumbnails of a conversation's stored images for the transcript's document.
    "studio/ui/chat/image_thumbnails.py",
    # Syntax colours of an answer's code blocks, in the palette shown.
    "studio/ui/chat/conversation_view.py",
}
# Starting a task, a worker thread or a thread pool.
_CALLS = frozenset({"spawn", "to_thread", "create_task", "ensure_future", "run_in_executor"})
_NAMES = frozenset(
    {"Thread", "QThread", "QThreadPool", "QRunnable", "ThreadPoolExecutor", "Background"}
)
_MODULES = ("threading", "concurrent", "studio.services.background")


def _background_work(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        what = None
        if isinstance(node, ast.Call):
            # `asyncio.to_thread(...)` and, imported by name, `to_thread(...)` alike.
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            what = called if called in _CALLS else None
        if isinstance(node, ast.Name | ast.Attribute):
            name = node.id if isinstance(node, ast.Name) else node.attr
            what = what or (name if name in _NAMES else None)
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            modules += [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            what = next((m for m in modules if m.startswith(_MODULES)), None)
        if what is not None:
            found.append(f"{path.relative_to(STUDIO.parent)}:{node.lineno} {what}")
    return found


def _ui_modules() -> dict[str, Path]:
    return {
        str(path.relative_to(STUDIO.parent)): path for path in sorted((STUDIO / "ui").rglob("*.py"))
    }


def test_the_ui_starts_no_task_or_thread_outside_its_render_helpers() -> None:
    found = [
        place
        for name, path in _ui_modules().items()
        if name not in RENDER_HELPERS
        for place in _background_work(path)
    ]
    assert found == []


def test_every_render_helper_listed_still_renders_in_the_background() -> None:
    """A helper that stopped needing the exception leaves the list."""
    modules = _ui_modules()
    assert all(name in modules and _background_work(modules[name]) for name in RENDER_HELPERS)
