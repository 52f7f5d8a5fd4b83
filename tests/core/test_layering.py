"""The layer rule, checked mechanically in a fresh interpreter.

`studio.core` must never pull in Qt, qasync or the layers above it; `studio.services` must
never pull in QtWidgets/QtGui or `studio.ui`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

_PROBE = """
import importlib, json, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = [package.__name__]
names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"imported": names, "modules": sorted(sys.modules)}))
"""


def _import_all(package: str) -> tuple[list[str], set[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, package], capture_output=True, text=True, check=True
    )
    result = json.loads(done.stdout)
    return result["imported"], set(result["modules"])


def _forbidden(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_core_imports_no_qt_and_no_upper_layer() -> None:
    imported, modules = _import_all("studio.core")
    assert "studio.core.engine.probe" in imported  # the walk really covered the package
    assert (
        _forbidden(
            modules,
            ("PySide6", "shiboken6", "qasync", "studio.services", "studio.ui", "studio.app"),
        )
        == []
    )


def test_services_import_no_widgets_and_no_ui() -> None:
    imported, modules = _import_all("studio.services")
    assert "studio.services.engine_service" in imported
    assert "PySide6.QtCore" in modules
    assert _forbidden(modules, ("PySide6.QtWidgets", "PySide6.QtGui", "studio.ui")) == []


@pytest.mark.parametrize("package", ["studio.core", "studio.services"])
def test_probe_detects_a_violation(package: str) -> None:
    """The check can fail: importing Qt in the probed interpreter is seen."""
    done = subprocess.run(
        [sys.executable, "-c", "import PySide6.QtWidgets;" + _PROBE, package],
        capture_output=True,
        text=True,
        check=True,
    )
    modules = set(json.loads(done.stdout)["modules"])
    assert _forbidden(modules, ("PySide6",))
