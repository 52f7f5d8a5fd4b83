"""Every `@Slot(...)` declares the arguments its method takes.

Qt calls a decorated slot with the types the decorator names: a handler that takes one
`Problem` but is declared `@Slot(str, str)` is refused at connect time or raises when the
signal fires. Read from the source, so a slot on a path the tests never exercise is checked
too.
"""

from __future__ import annotations

import ast
from pathlib import Path

STUDIO = Path(__file__).resolve().parents[1] / "studio"


def _is_slot(decorator: ast.expr) -> bool:
    if not isinstance(decorator, ast.Call):
        return False
    called = decorator.func
    name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
    return name == "Slot"


def mismatched_slots(source: str) -> list[str]:
    """`name (line): declared n, takes a..b` for each slot whose declared argument count
    its method cannot take."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for decorator in node.decorator_list:
            if not _is_slot(decorator):
                continue
            assert isinstance(decorator, ast.Call)
            declared = len(decorator.args)
            arguments = node.args
            takes = len([*arguments.posonlyargs, *arguments.args]) - 1  # less self
            required = takes - len(arguments.defaults)
            if arguments.vararg is None and not required <= declared <= takes:
                found.append(
                    f"{node.name} (line {node.lineno}): declared {declared}, "
                    f"takes {required}..{takes}"
                )
    return found


def test_the_check_sees_a_slot_declared_with_the_wrong_arguments() -> None:
    source = (
        "class Page:\n"
        "    @Slot(str, str)\n"
        "    def _on_failed(self, problem): ...\n"
        "    @QtCore.Slot()\n"
        "    def _on_done(self, result): ...\n"
        "    @Slot(object)\n"
        "    def _on_probed(self, info, quiet=False): ...\n"
    )
    assert mismatched_slots(source) == [
        "_on_failed (line 3): declared 2, takes 1..1",
        "_on_done (line 5): declared 0, takes 1..1",
    ]


def test_every_slot_takes_the_arguments_it_declares() -> None:
    found = {
        f"{path.relative_to(STUDIO.parent)}: {slot}"
        for path in sorted(STUDIO.rglob("*.py"))
        for slot in mismatched_slots(path.read_text(encoding="utf-8"))
    }
    assert not found, "\n".join(sorted(found))
