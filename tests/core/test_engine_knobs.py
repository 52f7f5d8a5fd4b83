"""The table of engine knobs holds together: every field of a launch and of a plan's request
is a knob with its metadata, each link names a field that exists, and every flag and
LLAMA_ARG_* variable is one the engine itself documents."""

from __future__ import annotations

import re
import subprocess
from dataclasses import fields

import pytest

from studio.core.devices import SplitMode
from studio.core.engine import EngineLocation
from studio.core.engine_knobs import (
    LAUNCH_KNOBS,
    PLANNED_KNOBS,
    EngineKnobs,
    FlashAttn,
    RequestKnobs,
    Written,
    asked_of_plan,
    environment_knobs,
    launch_copies,
)
from studio.core.memory import EstimateSettings
from studio.core.placement import PlanRequest, Setting
from studio.core.server.launch import MANAGED_ENVIRONMENT, LaunchSpec
from studio.core.units import MIB

# What a launch holds besides its knobs: which model, under which name, and what the user
# adds to the command line.
LAUNCH_OWN = {"model", "alias", "extra_args", "label"}
# What a plan's request holds besides its knobs: where the model goes and with what.
REQUEST_OWN = {"disabled", "layers", "tensor_shares", "margins", "projector", "speculative"}


def test_every_field_of_both_sides_is_a_knob_of_the_table() -> None:
    # A field added without its metadata would never reach the command line.
    assert [k.name for k in LAUNCH_KNOBS] == [f.name for f in fields(EngineKnobs)]
    assert [k.name for k in PLANNED_KNOBS] == [f.name for f in fields(RequestKnobs)]


def test_a_launch_and_a_request_hold_the_knobs_and_their_own_fields_only() -> None:
    launch = {k.name for k in LAUNCH_KNOBS}
    assert {f.name for f in fields(LaunchSpec)} == launch | LAUNCH_OWN
    request = {k.name for k in PLANNED_KNOBS}
    assert {f.name for f in fields(PlanRequest)} == request | REQUEST_OWN


def test_the_plans_side_names_fields_that_exist() -> None:
    launch = {k.name: k for k in LAUNCH_KNOBS}
    estimated = {f.name for f in fields(EstimateSettings)}
    for knob in PLANNED_KNOBS:
        assert knob.launch in launch, knob.name
        # What a plan prices, the engine allocates.
        assert launch[knob.launch].memory, knob.name
        assert not knob.estimate or knob.name in estimated, knob.name
        assert not (knob.placed and knob.to_launch), knob.name
        if knob.environment is not None:
            assert knob.environment.setting in {s.value for s in Setting}, knob.name


@pytest.mark.parametrize(
    "request_knobs",
    [
        RequestKnobs(),
        RequestKnobs(
            ctx=4096,
            parallel=3,
            kv_unified=True,
            cache_type_k="q8_0",
            cache_type_v="q4_0",
            flash_attn=False,
            ubatch=256,
            batch=1024,
            n_cpu_moe=5,
        ),
    ],
)
def test_a_launch_asks_a_plan_for_the_request_it_was_copied_from(
    request_knobs: RequestKnobs,
) -> None:
    # `serve --plan` reads a launch's values back into a request: `launch_copies` backwards.
    copied = {k.name for k in PLANNED_KNOBS if not k.placed}
    expected = {name: getattr(request_knobs, name) for name in copied}
    unset = {name for name, value in expected.items() if value is None}
    assert asked_of_plan(launch_copies(request_knobs)) == {
        name: value for name, value in expected.items() if name not in unset
    }


def test_a_value_no_plan_takes_is_left_to_the_plan() -> None:
    assert asked_of_plan({"flash_attn": FlashAttn.AUTO, "split_mode": SplitMode.ROW}) == {}
    assert asked_of_plan({"split_mode": SplitMode.TENSOR, "cache_ram_mib": 64}) == {
        "split_mode": SplitMode.TENSOR,
        "cache_ram": 64 * MIB,
    }


def test_each_flag_key_variable_and_option_is_one_knobs() -> None:
    flags = [f for k in LAUNCH_KNOBS for f in (k.flag, k.off, k.unset) if f is not None]
    assert len(flags) == len(set(flags))
    keys = [k.remembered.key for k in PLANNED_KNOBS if k.remembered is not None]
    assert len(keys) == len(set(keys))
    assert len(environment_knobs()) == sum(1 for k in PLANNED_KNOBS if k.environment)
    for side in (
        [k.option for k in LAUNCH_KNOBS if k.option],
        [k.option for k in PLANNED_KNOBS if k.option],
    ):
        names = [name for option in side for name in option.names]
        assert len(names) == len(set(names))
    # The manager clears these from the child: a plan must not read them either.
    managed = {name.removeprefix("LLAMA_ARG_") for name in MANAGED_ENVIRONMENT}
    assert managed.isdisjoint(environment_knobs())


def test_every_knob_is_written_somehow() -> None:
    launch = {k.name for k in LAUNCH_KNOBS}
    for knob in LAUNCH_KNOBS:
        if knob.written is Written.SWITCH:
            assert knob.flag or knob.off, knob.name
        else:
            assert knob.flag, knob.name
        assert knob.needs is None or knob.needs in launch, knob.name


def _engine_help(engine: EngineLocation) -> str:
    done = subprocess.run(
        [str(engine.path), "--help"],
        capture_output=True,
        text=True,
        env=engine.child_environment({}),
        timeout=60,
        check=False,
    )
    return done.stdout + done.stderr


def _option_blocks(help_text: str) -> dict[str, str]:
    """Each flag of the engine's `--help` -> its whole entry (flags, words, env line)."""
    blocks: dict[str, str] = {}
    for block in re.split(r"\n(?=-)", help_text):
        # The flags end where the words begin: at the column the words are aligned to.
        head = re.split(r"\s{3,}(?=[^-\s])", block.split("\n", 1)[0])[0]
        for flag in re.findall(r"(?<![\w-])--?[\w-]+", head):
            blocks[flag] = block
    return blocks


def test_every_flag_and_variable_is_one_the_engine_documents(
    engine_location: EngineLocation,
) -> None:
    blocks = _option_blocks(_engine_help(engine_location))
    for knob in LAUNCH_KNOBS:
        for flag in (knob.flag, knob.off, knob.unset):
            assert flag is None or flag in blocks, (knob.name, flag)
    launch = {k.name: k for k in LAUNCH_KNOBS}
    for planned in PLANNED_KNOBS:
        if planned.environment is not None:
            flag = launch[planned.launch].flag
            assert flag is not None
            variable = f"LLAMA_ARG_{planned.environment.variable}"
            assert variable in blocks[flag], (planned.name, variable)
