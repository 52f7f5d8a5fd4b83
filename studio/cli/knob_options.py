"""The engine knobs' command-line options, from the one table (`studio.core.engine_knobs`).

`serve` and `run` take the launch's side of the knobs, values the engine takes (`-fa auto`,
`-sm row`), each defaulting to the launch's default; `fit` and `estimate` take the plan's
side, values a plan takes (`-c auto`, `-ncmoe auto`), unset unless given so the plan's own
default (or LLAMA_ARG_*) holds. A knob with an option in the table is on every command of
its side; a new one needs no line here.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from studio.cli import inputs
from studio.core.devices import SplitMode
from studio.core.engine_knobs import (
    LAUNCH_KNOBS,
    PLANNED_KNOBS,
    Entry,
    FlashAttn,
    Option,
)
from studio.core.units import MIB


class Face(Enum):
    """Which side of the knobs a command takes."""

    LAUNCH = "launch"  # `LaunchSpec` keyword arguments
    PLAN = "plan"  # changes to a `PlanRequest`


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class _Kind:
    """How argparse reads an `Entry`, and what it read becomes as the knob's value."""

    parse: Callable[[str], Any] | None = None
    choices: tuple[str, ...] | None = None
    value: Callable[[Any], Any] = _same


_KINDS: dict[Entry, _Kind] = {
    Entry.CONTEXT: _Kind(inputs.context),
    Entry.AUTO_CONTEXT: _Kind(inputs.auto_context),
    Entry.COUNT: _Kind(inputs.count),
    Entry.NON_NEGATIVE: _Kind(inputs.non_negative),
    Entry.AUTO_COUNT: _Kind(inputs.auto_count),
    Entry.AUTO_MIB: _Kind(inputs.auto_mib, value=lambda mib: mib * MIB),
    Entry.THREADS: _Kind(inputs.threads),
    Entry.GPU_LAYERS: _Kind(inputs.gpu_layers),
    Entry.SHARES: _Kind(inputs.shares),
    Entry.CACHE_TYPE: _Kind(choices=inputs.CACHE_TYPES),
    Entry.ON_OFF: _Kind(inputs.on_off),
    Entry.ON_OFF_AUTO: _Kind(inputs.on_off_auto, value=FlashAttn),
    Entry.SPLIT_MODE: _Kind(choices=inputs.SPLIT_MODES, value=SplitMode),
    Entry.PLANNED_SPLIT_MODE: _Kind(choices=inputs.PLANNED_SPLITS, value=SplitMode),
    Entry.NAMES: _Kind(inputs.names),
    Entry.ENDPOINTS: _Kind(inputs.endpoints, value=lambda found: tuple(str(e) for e in found)),
    Entry.MODEL_FILE: _Kind(inputs.model_file),
    Entry.TEXT: _Kind(inputs.text),
    Entry.POOLING: _Kind(choices=inputs.POOLINGS),
    Entry.SWITCH: _Kind(),
}


def _options(face: Face) -> Iterator[tuple[str, Option, Any]]:
    """(the knob's field, its option, the option's default) of every knob `face` takes."""
    if face is Face.LAUNCH:
        for knob in LAUNCH_KNOBS:
            if knob.option is not None:
                yield knob.name, knob.option, knob.default
    else:
        for planned in PLANNED_KNOBS:
            if planned.option is not None:
                yield planned.name, planned.option, None


def add_knob_options(
    parser: argparse.ArgumentParser, face: Face, *, leave_out: Collection[str] = ()
) -> None:
    """Every knob option of `face`, but the knobs (fields) in `leave_out`."""
    for name, option, default in _options(face):
        if name in leave_out:
            continue
        kind = _KINDS[option.entry]
        reading: dict[str, Any] = {"metavar": option.metavar, "choices": kind.choices}
        if option.entry is Entry.SWITCH:
            reading = {"action": "store_true"}
        elif kind.parse is not None:
            reading["type"] = kind.parse
        parser.add_argument(*option.names, default=default, help=option.help, **reading)


def knob_value(face: Face, name: str, text: str) -> tuple[str, Any]:
    """(the knob's field, `text` read as its option reads it) for a knob of `face` named
    by a name of its option without dashes (`ub`, `cache-type-k`) or by its field
    (`n_cpu_moe`). KeyError for no such knob, argparse.ArgumentTypeError for a bad value."""
    for field, option, _default in _options(face):
        spelled = {field, *(n.lstrip("-") for n in option.names)}
        if name not in spelled:
            continue
        kind = _KINDS[option.entry]
        if option.entry is Entry.SWITCH:
            return field, inputs.on_off(text)
        if kind.choices is not None and text not in kind.choices:
            raise argparse.ArgumentTypeError(f"expected one of {', '.join(kind.choices)}")
        read = kind.parse(text) if kind.parse is not None else text
        return field, kind.value(read)
    raise KeyError(name)


def knobs_from_args(args: argparse.Namespace, face: Face) -> dict[str, Any]:
    """The knobs `args` sets, by field: `LaunchSpec` keyword arguments for `Face.LAUNCH`,
    `PlanRequest` changes for `Face.PLAN` (a knob left unset is not among them)."""
    given: dict[str, Any] = {}
    for name, option, _default in _options(face):
        value = getattr(args, option.dest, None)
        if value is not None:
            given[name] = _KINDS[option.entry].value(value)
    return given
