"""Every code the core and the services can report, read from the source, with the
parameter names each raise site passes: what the sentence tests walk.

Read by parsing, not by running, so a code added anywhere is found without a test that
knows about it: a `StudioError` (or subclass) call or `super().__init__` in one, values
assigned to a name later passed as the code, `Reason.of(ReasonCode.X, ...)`, the code
enumerations, a `problem=` code given to a result, and the codes the services emit
themselves.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from studio.core.placement.reasons import ReasonCode
from studio.core.server.failures import FailureCode

STUDIO = Path(__file__).resolve().parents[2] / "studio"
CORE = STUDIO / "core"
SERVICES = STUDIO / "services"
CLI = STUDIO / "cli"  # the command line reports its own input problems as codes too
_ENUMS = {"ReasonCode": ReasonCode, "FailureCode": FailureCode}


@dataclass
class RaiseSites:
    """What the source says about one code: the keyword sets its raise sites pass (a site
    with `**params` passes an unknown set and is not listed)."""

    keyword_sets: list[frozenset[str]] = field(default_factory=list)


def _trees(*roots: Path) -> dict[Path, ast.Module]:
    return {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for root in roots
        for path in root.rglob("*.py")
    }


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


def _codes_in(node: ast.expr, constants: dict[str, str]) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name) and node.id in constants:
        yield constants[node.id]
    elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        enum = _ENUMS.get(node.value.id)
        if enum is not None and node.attr in enum.__members__:
            yield enum[node.attr].value
    elif isinstance(node, ast.IfExp):  # `A if ... else B`
        yield from _codes_in(node.body, constants)
        yield from _codes_in(node.orelse, constants)


def _keywords(call: ast.Call) -> frozenset[str] | None:
    """The parameter names a call passes, or None when `**params` hides some."""
    if any(keyword.arg is None for keyword in call.keywords):
        return None
    return frozenset(keyword.arg for keyword in call.keywords if keyword.arg is not None)


def core_codes() -> dict[str, RaiseSites]:
    """Every code the core (and the command line) can report, with its raise sites."""
    trees = _trees(CORE, CLI)
    errors = _error_classes(trees) | {"Problem"}
    constants = _string_constants(trees)
    found: dict[str, RaiseSites] = {}
    for tree in trees.values():
        assigned: dict[str, list[tuple[int, ast.expr]]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        assigned.setdefault(target.id, []).append((node.lineno, node.value))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:  # `FitAssessment(..., problem=CODE)`
                if keyword.arg == "problem":
                    for code in _codes_in(keyword.value, constants):
                        found.setdefault(code, RaiseSites())
            if not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            super_init = (
                isinstance(func, ast.Attribute)
                and func.attr == "__init__"
                and isinstance(func.value, ast.Call)
                and ast.unparse(func.value.func) == "super"
            )
            reason = ast.unparse(func) == "Reason.of"
            if name not in errors and not super_init and not reason:
                continue
            first = node.args[0]
            codes = set(_codes_in(first, constants))
            if isinstance(first, ast.Name) and first.id not in constants:
                # The assignment nearest above the call is the one it passes.
                before = [a for a in assigned.get(first.id, []) if a[0] <= node.lineno]
                if before:
                    codes.update(_codes_in(max(before, key=lambda a: a[0])[1], constants))
            keywords = _keywords(node)
            for code in codes:
                sites = found.setdefault(code, RaiseSites())
                if keywords is not None and not super_init:
                    sites.keyword_sets.append(keywords)
    for enum in _ENUMS.values():
        for member in enum:
            found.setdefault(member.value, RaiseSites())
    for code in service_codes():
        found.setdefault(code, RaiseSites())
    return found


def service_codes() -> set[str]:
    """Codes the services report themselves: a `Problem("code", ...)`, a signal's
    `emit("code", ...)`, values assigned to a name that holds a code (`status, error_code =
    ..., "chat_connection_lost"`) or passed as `...code=` (a constant, or what the function
    called there returns)."""
    codes: set[str] = set()
    trees = _trees(SERVICES)
    constants = _string_constants(trees)
    returned: dict[str, list[ast.expr]] = {}
    for tree in trees.values():
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef):
                returned[function.name] = [
                    node.value
                    for node in ast.walk(function)
                    if isinstance(node, ast.Return) and node.value is not None
                ]
    for tree in trees.values():
        for node in ast.walk(tree):
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
            if isinstance(node, ast.Call):
                called = ast.unparse(node.func).split(".")[-1]
                first = node.args[0] if node.args else None
                if (
                    called in {"Problem", "emit"}
                    and isinstance(first, ast.Constant)
                    and isinstance(first.value, str)
                ):
                    codes.add(first.value)
                for keyword in node.keywords:
                    if keyword.arg is not None and keyword.arg.endswith("code"):
                        codes.update(_codes_in(keyword.value, constants))
                        # `error_code=start_failure(error)`: what that function returns
                        if isinstance(keyword.value, ast.Call):
                            called_name = ast.unparse(keyword.value.func).split(".")[-1]
                            for value in returned.get(called_name, []):
                                codes.update(_codes_in(value, constants))
    return codes


def string_literals() -> set[str]:
    """Every string the core and the services spell out, and the code enumerations."""
    literals = {
        node.value
        for tree in _trees(CORE, SERVICES, CLI).values()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    return literals | {member.value for enum in _ENUMS.values() for member in enum}


def template_fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
