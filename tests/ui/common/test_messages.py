"""Every error code the core can report has a translated message with its parameters."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QApplication

from studio.core.errors import StudioError
from studio.core.hub.errors import DOWNLOAD_DISK_FULL, HubError
from studio.core.placement.reasons import Reason, ReasonCode, Setting, Severity
from studio.core.server.failures import Failure, FailureCode
from studio.core.shipped_files import ShippedFiles
from studio.ui.common.messages import (
    code_message,
    error_message,
    failure_message,
    has_message,
    known_codes,
    reason_message,
)
from studio.ui.i18n.i18n import LanguageController

STUDIO = Path(__file__).resolve().parents[3] / "studio"
CORE = STUDIO / "core"
SERVICES = STUDIO / "services"
# Enumerations whose values are codes the UI shows (the others are states and settings).
CODE_ENUMS = ("FailureCode", "ReasonCode")


def _trees(*roots: Path) -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for root in roots
        for path in root.rglob("*.py")
    }


def _core_trees() -> dict[Path, ast.Module]:
    return _trees(CORE)


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    bases: dict[str, list[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [ast.unparse(base).split(".")[-1] for base in node.bases]

    def is_error(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if name == "StudioError":
            return True
        return any(is_error(b, seen | {name}) for b in bases.get(name, []) if b not in seen)

    return {name for name in bases if is_error(name)}


def _string_constants(trees: dict[Path, ast.Module]) -> dict[str, str]:
    constants: dict[str, str] = {}
    for tree in trees.values():
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name) and isinstance(node.value.value, str):
                        constants[target.id] = node.value.value
    return constants


def _codes_in_expression(node: ast.expr, constants: dict[str, str]) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name) and node.id in constants:
        yield constants[node.id]
    elif isinstance(node, ast.IfExp):  # `A if ... else B`
        yield from _codes_in_expression(node.body, constants)
        yield from _codes_in_expression(node.orelse, constants)


def collect_core_codes() -> set[str]:
    """Codes passed to a StudioError (or its `super().__init__`), the values assigned to a
    variable later passed as one (`code = A if ... else B`), and the code enumerations."""
    trees = _core_trees()
    errors = _error_classes(trees)
    constants = _string_constants(trees)
    codes: set[str] = set()
    for tree in trees.values():
        assigned: dict[str, list[ast.expr]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append(node.value)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            super_init = (
                isinstance(func, ast.Attribute)
                and func.attr == "__init__"
                and isinstance(func.value, ast.Call)
                and ast.unparse(func.value.func) == "super"
            )
            if name not in errors and not super_init:
                continue
            first = node.args[0]
            codes.update(_codes_in_expression(first, constants))
            if isinstance(first, ast.Name) and first.id not in constants:
                for value in assigned.get(first.id, []):
                    codes.update(_codes_in_expression(value, constants))
    codes.update(code.value for code in FailureCode)
    codes.update(code.value for code in ReasonCode)
    return codes | collect_service_codes()


def collect_service_codes() -> set[str]:
    """Codes the services emit themselves: `failed.emit("code", ...)` and values assigned to
    a name that holds a code (`status, error_code = ..., "chat_connection_lost"`)."""
    codes: set[str] = set()
    for tree in _trees(SERVICES).values():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "emit"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                codes.add(node.args[0].value)
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    names = target.elts if isinstance(target, ast.Tuple) else [target]
                    values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                    for name, value in zip(names, values, strict=False):
                        if (
                            isinstance(name, ast.Name)
                            and name.id.endswith("code")
                            and isinstance(value, ast.Constant)
                            and isinstance(value.value, str)
                        ):
                            codes.add(value.value)
    return codes


def string_literals() -> set[str]:
    """Every string the core and the services spell out, and the code enumerations."""
    literals = {
        node.value
        for tree in _trees(CORE, SERVICES).values()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    return literals | {c.value for c in FailureCode} | {c.value for c in ReasonCode}


@pytest.fixture
def english(qapp: QApplication) -> Iterator[None]:
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    controller.apply("en")
    try:
        yield
    finally:
        controller.close()
        QLocale.setDefault(default_locale)


def test_the_collector_finds_codes_of_every_kind() -> None:
    codes = collect_core_codes()
    # A literal, a constant, a conditional, a subclass's super().__init__ and the enums.
    for code in (
        "engine_missing",
        "hub_offline",
        "library_not_gguf",
        "gguf.truncated",
        "oom_kv",
        "ctx_reduced_to_fit",
        "chat_no_model",
        "chat_connection_lost",
    ):
        assert code in codes
    assert len(codes) > 90


def test_every_core_error_code_has_a_message() -> None:
    missing = sorted(code for code in collect_core_codes() if not has_message(code))
    assert not missing, f"codes without a message in studio/ui/common/messages.py: {missing}"


def test_no_message_is_kept_for_a_code_the_core_no_longer_has() -> None:
    stale = sorted(known_codes() - string_literals())
    assert not stale, f"messages for codes the core never reports: {stale}"


def test_parameters_are_filled_in(english: None) -> None:
    error = HubError(
        DOWNLOAD_DISK_FULL, "disk full", needed=3 * 1024**3, free=512 * 1024**2, reserve=64 << 20
    )
    assert error_message(error) == (
        "Not enough disk space: 3.0 GiB needed plus 64 MiB kept free, 512 MiB free in ?."
    )
    assert code_message("gguf.unsupported_version", {"source": "a.gguf", "version": 9}) == (
        "a.gguf uses GGUF version 9, which is not supported."
    )
    assert code_message("rpc_unreachable", {"endpoints": ["a:1", "b:2"]}) == (
        "A remote RPC device did not answer (a:1, b:2)."
    )


def test_unknown_codes_and_failures_and_reasons(english: None) -> None:
    assert code_message("made_up_code") == "Something went wrong (made_up_code)."
    assert error_message(StudioError("made_up_code", "x")) == "Something went wrong (made_up_code)."
    crashed = Failure(FailureCode.CRASHED, signal_name="SIGSEGV")
    assert failure_message(crashed) == "The engine crashed (SIGSEGV)."
    assert failure_message(Failure(FailureCode.EXITED, exit_code=3)) == (
        "The engine exited (code 3)."
    )
    over = Reason.of(
        ReasonCode.DEVICE_OVER_BUDGET,
        Setting.LAYERS,
        Severity.ERROR,
        device="GPU-1234",
        needed=2 * 1024**3,
        budget=1024**3,
    )
    assert reason_message(over, {"GPU-1234": "RTX 4090"}.__getitem__) == (
        "RTX 4090 needs 2.0 GiB but may use 1.0 GiB."
    )


def test_messages_follow_the_language(qapp: QApplication) -> None:
    default_locale = QLocale()
    controller = LanguageController(qapp, ShippedFiles.default().i18n, {})
    try:
        controller.apply("de")
        assert code_message("hub_not_found", {"target": "org/model"}) == (
            "Nicht auf dem Hub gefunden: org/model."
        )
        controller.apply("ja")
        assert code_message("oom_kv") == (
            "KV キャッシュ用のメモリが足りません。コンテキストを小さくしてください。"
        )
    finally:
        controller.close()
        QLocale.setDefault(default_locale)
