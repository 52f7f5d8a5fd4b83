"""One composition root: `studio/composition.py` (with `studio/shell.py`, the part the
first paint needs) builds every service, and `studio/app.py` reads the environment once;
pages, areas and services receive what they need. This reads the source, so a page
that starts building its own service, or reading `os.environ`, fails here by name."""

from __future__ import annotations

import ast
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[2] / "studio"


def _modules(package: str) -> list[Path]:
    return sorted((STUDIO / package).rglob("*.py"))


def _service_classes() -> frozenset[str]:
    """The services of studio/services: its QObjects, and its plain helpers that hold
    collaborators (a token store, the Hub's settings). Events and snapshots it defines are
    values anyone may make."""
    names = set()
    for path in _modules("services"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            qobject = any(isinstance(b, ast.Name) and b.id == "QObject" for b in node.bases)
            if qobject or node.name.endswith(("Service", "Store", "Settings")):
                names.add(node.name)
    return frozenset(names)


def _environment_reads(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "os"
            and node.attr in {"environ", "getenv", "putenv"}
        ):
            found.append(f"{path.relative_to(STUDIO.parent)}:{node.lineno} os.{node.attr}")
    return found


def test_only_the_composition_root_reads_the_environment() -> None:
    reads = [
        r
        for package in ("ui", "services")
        for p in _modules(package)
        for r in _environment_reads(p)
    ]
    assert reads == []


def test_pages_and_areas_build_no_service() -> None:
    services = _service_classes()
    # The scan found them (a load dialog's PlanService comes from `DialogLoads`).
    assert {"MemoryMonitor", "HubService", "PlanService"} <= services
    built = []
    for path in _modules("ui"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in services
            ):
                built.append(f"{path.relative_to(STUDIO.parent)}:{node.lineno} {node.func.id}")
    assert built == []
