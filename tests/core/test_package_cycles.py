"""No import cycle joins core's packages, read from the source.

A unit is a direct child of `studio/core`: a subpackage (`server`, `api`, `voice`) or a
top-level module (`settings`, `errors`). Every import counts, also one inside a function
or under `TYPE_CHECKING`: a cycle hidden from the interpreter is still a knot to whoever
reads or moves the code. `test_layering.py` checks core against the layers above it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from itertools import pairwise
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "studio" / "core"
_PREFIX = ("studio", "core")

# unit -> unit it imports -> the files whose imports make that edge
Graph = Mapping[str, Mapping[str, frozenset[str]]]


def _units() -> set[str]:
    return {
        child.stem if child.suffix == ".py" else child.name
        for child in CORE.iterdir()
        if (child.suffix == ".py" and child.stem != "__init__")
        or (child.is_dir() and (child / "__init__.py").is_file())
    }


def _imported(tree: ast.Module, package: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every module name `tree` imports, as parts; `package` resolves relative imports.
    `from a import b` yields `a` and `a.b`, since `b` may be a module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield tuple(alias.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            module = (*base, *(node.module or "").split(".")) if node.module else base
            yield module
            for alias in node.names:
                yield (*module, alias.name)


def core_graph() -> Graph:
    units = _units()
    graph: dict[str, dict[str, set[str]]] = {}
    for path in sorted(CORE.rglob("*.py")):
        parts = path.relative_to(CORE).with_suffix("").parts
        source = parts[0]
        package = (*_PREFIX, *parts[:-1])  # an __init__ is in its own package too
        for module in _imported(ast.parse(path.read_text(encoding="utf-8")), package):
            if module[:2] != _PREFIX or len(module) < 3:
                continue
            target = module[2]
            if target in units and target != source:
                graph.setdefault(source, {}).setdefault(target, set()).add(
                    str(path.relative_to(CORE.parents[1]))
                )
    return {a: {b: frozenset(files) for b, files in edges.items()} for a, edges in graph.items()}


def tangles(graph: Graph) -> list[set[str]]:
    """The groups of units that import each other, directly or around (strongly connected
    components of more than one unit, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(unit: str) -> None:
        index[unit] = low[unit] = len(index)
        stack.append(unit)
        on_stack.add(unit)
        for target in sorted(graph.get(unit, {})):
            if target not in index:
                visit(target)
                low[unit] = min(low[unit], low[target])
            elif target in on_stack:
                low[unit] = min(low[unit], index[target])
        if low[unit] == index[unit]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == unit:
                    break
            if len(group) > 1:
                groups.append(group)

    for unit in sorted(graph):
        if unit not in index:
            visit(unit)
    return groups


def loop_in(graph: Graph, group: set[str]) -> list[str]:
    """The shortest path inside `group` from its first unit back to it (breadth first:
    in a strongly connected group one always exists)."""
    start = min(group)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for unit in frontier:
            for target in sorted(t for t in graph.get(unit, {}) if t in group):
                if target == start:
                    path = [unit]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = unit
                    following.append(target)
        frontier = following
    raise AssertionError(f"{sorted(group)} is not strongly connected")


def _said(graph: Graph, group: set[str]) -> str:
    """The group, and one loop through it with the files that make each step."""
    loop = loop_in(graph, group)
    lines = [f"{', '.join(sorted(group))}; for one: {' -> '.join(loop)}"]
    lines += [f"  {a} -> {b}  ({', '.join(sorted(graph[a][b]))})" for a, b in pairwise(loop)]
    return "\n".join(lines)


def test_the_scan_sees_the_imports_between_core_packages() -> None:
    graph = core_graph()
    assert "server" in graph["api"]
    assert "errors" in graph["server"]
    assert "hub" in graph["placement"] or "hub" in graph["voice"]


def test_no_import_cycle_joins_core_packages() -> None:
    graph = core_graph()
    found = tangles(graph)
    assert not found, "core packages that import each other:\n" + "\n".join(
        _said(graph, group) for group in found
    )


def test_a_cycle_is_found_and_said() -> None:
    """The check can fail: a cycle of three is found, and a chain that is not one is not."""
    chain = {"a": {"b": frozenset({"a.py"})}, "b": {"c": frozenset({"b.py"})}}
    assert tangles(chain) == []
    loop = {**chain, "c": {"a": frozenset({"c.py"})}}
    assert tangles(loop) == [{"a", "b", "c"}]
    assert loop_in(loop, {"a", "b", "c"}) == ["a", "b", "c", "a"]
    assert "c -> a  (c.py)" in _said(loop, {"a", "b", "c"})
