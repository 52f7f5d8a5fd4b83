"""The knob options come from the table: every knob with an option is on its commands, and
what a person gives reaches the engine's command line (`serve`, `run`) or the plan's
request (`fit`, `estimate`) as the knob's own value."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from studio.cli import build_parser
from studio.cli.knob_options import Face, knobs_from_args
from studio.cli.serve import spec_from_args
from studio.core.devices import SplitMode
from studio.core.engine_knobs import LAUNCH_KNOBS, PLANNED_KNOBS, Entry, FlashAttn, Option
from studio.core.placement import PlanRequest
from studio.core.server.launch import to_argv
from tests.cli.test_bad_inputs import COMMANDS

# A good value of each kind, none of them a knob's default.
SAMPLES = {
    Entry.CONTEXT: "4096",
    Entry.AUTO_CONTEXT: "4096",
    Entry.COUNT: "2",
    Entry.NON_NEGATIVE: "3",
    Entry.AUTO_COUNT: "3",
    Entry.AUTO_MIB: "64",
    Entry.THREADS: "4",
    Entry.GPU_LAYERS: "12",
    Entry.SHARES: "3,1",
    Entry.CACHE_TYPE: "q8_0",
    Entry.ON_OFF: "off",
    Entry.ON_OFF_AUTO: "auto",
    Entry.SPLIT_MODE: "row",
    Entry.PLANNED_SPLIT_MODE: "tensor",
    Entry.NAMES: "CUDA0,CUDA1",
    Entry.ENDPOINTS: "10.0.0.2:50052",
    Entry.MODEL_FILE: "/models/other.gguf",
    Entry.TEXT: "ngram-mod",
    Entry.POOLING: "mean",
}


def _given(options: list[Option]) -> list[str]:
    argv: list[str] = []
    for option in options:
        argv.append(option.names[-1])  # the short name, where there is one
        if option.entry is not Entry.SWITCH:
            argv.append(SAMPLES[option.entry])
    return argv


def _parsed(command: str, options: list[Option]) -> argparse.Namespace:
    extra = ["-p", "hi"] if command == "run" else []
    return build_parser().parse_args([command, "/models/m.gguf", *_given(options), *extra])


@pytest.mark.parametrize("command", ["serve", "run"])
def test_every_launch_option_reaches_the_engines_command_line(command: str) -> None:
    knobs = [k for k in LAUNCH_KNOBS if k.option is not None]
    spec = spec_from_args(_parsed(command, [k.option for k in knobs if k.option]))
    joined = " ".join(to_argv(spec, Path("/e/llama-server"), 1))
    for knob in knobs:
        value = getattr(spec, knob.name)
        assert value != knob.default, knob.name
        assert knob.default is None or type(value) is type(knob.default), knob.name
        assert " ".join(knob.arguments(value)) in joined, knob.name
    # The core's own words, not the text typed.
    assert spec.flash_attn is FlashAttn.AUTO and spec.split_mode is SplitMode.ROW


@pytest.mark.parametrize("command", ["fit", "estimate"])
def test_every_plan_option_reaches_the_request(command: str) -> None:
    taken = {action.dest for action in COMMANDS[(command,)]._actions}
    knobs = [k for k in PLANNED_KNOBS if k.option is not None and k.option.dest in taken]
    given = knobs_from_args(_parsed(command, [k.option for k in knobs if k.option]), Face.PLAN)
    request = PlanRequest(**given)
    for knob in knobs:
        value = getattr(request, knob.name)
        assert value != knob.default, knob.name
        assert knob.default is None or type(value) is type(knob.default), knob.name


def test_unset_plan_options_leave_the_request_alone() -> None:
    assert knobs_from_args(build_parser().parse_args(["fit", "/models/m.gguf"]), Face.PLAN) == {}
