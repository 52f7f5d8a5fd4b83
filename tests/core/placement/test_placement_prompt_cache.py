"""The host prompt cache (--cache-ram) is planned: it counts in the host budget, the engine
is told the planned size, and the memory panel shows it apart from the load-time buffers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.cli import main
from studio.core.hardware import GIB, MIB
from studio.core.memory import SERVER_CACHE_RAM, ModelSummary
from studio.core.placement import Plan, Planner, PlanRequest, ReasonCode
from studio.core.placement.budget import default_prompt_cache
from studio.core.placement.plan_memory import plan_memory
from tests.core.placement.placement_helpers import fake_inventory, shape_summary
from tests.support.models import cache_dir
from tests.support.synthetic import synthetic_model

Shape = tuple[Path, ModelSummary]


@pytest.fixture(scope="module")
def llama8b() -> Shape:
    return shape_summary(cache_dir() / "synthetic", "llama-8b-shape")


def _plan(shape: Shape, devices: str, request: PlanRequest) -> Plan:
    path, summary = shape
    return Planner(summary, path, fake_inventory(devices)).plan(request)


def _cache_flag(plan: Plan) -> int:
    return int(plan.argv[plan.argv.index("--cache-ram") + 1])


def test_the_default_is_a_sixteenth_of_ram_up_to_the_servers_own() -> None:
    assert default_prompt_cache(16 * GIB) == 1 * GIB
    assert default_prompt_cache(512 * GIB) == SERVER_CACHE_RAM
    assert default_prompt_cache(1000 * MIB) % MIB == 0


def test_the_default_cache_is_in_the_host_budget_and_on_the_command_line(
    llama8b: Shape,
) -> None:
    plan = _plan(llama8b, "GPU0:80GiB,HOST:64GiB", PlanRequest(ctx=8192))
    host = plan.host.predicted
    assert host.prompt_cache == default_prompt_cache(64 * GIB) == 4 * GIB
    assert host.total - host.prompt_cache == (
        host.weights + host.kv + host.compute + host.output + host.overhead + host.draft
    )
    assert _cache_flag(plan) == host.prompt_cache // MIB
    assert plan.estimate.host.prompt_cache == host.prompt_cache


def test_the_default_cache_shrinks_to_what_the_host_has_left(llama8b: Shape) -> None:
    # A CPU-only 8B at a fixed context on a small host: the model comes first.
    plan = _plan(llama8b, "HOST:10GiB", PlanRequest(ctx=36864))
    host = plan.host
    assert plan.fits
    assert 0 <= host.predicted.prompt_cache < default_prompt_cache(10 * GIB)
    assert host.predicted.total <= host.budget
    assert host.budget - host.predicted.total < MIB
    assert _cache_flag(plan) == host.predicted.prompt_cache // MIB
    assert plan.estimate.host.prompt_cache == host.predicted.prompt_cache


def test_an_asked_cache_is_reserved_in_full_or_the_plan_does_not_fit(llama8b: Shape) -> None:
    asked = 2 * GIB
    roomy = _plan(llama8b, "GPU0:80GiB,HOST:64GiB", PlanRequest(ctx=8192, cache_ram=asked))
    assert roomy.fits and roomy.host.predicted.prompt_cache == asked
    assert _cache_flag(roomy) == 2048
    off = _plan(llama8b, "GPU0:80GiB,HOST:64GiB", PlanRequest(ctx=8192, cache_ram=0))
    assert off.host.predicted.prompt_cache == 0 and _cache_flag(off) == 0
    # A host that holds the model but not a 64 GiB cache beside it.
    greedy = _plan(llama8b, "GPU0:80GiB,HOST:16GiB", PlanRequest(ctx=8192, cache_ram=64 * GIB))
    assert not greedy.fits
    assert ReasonCode.HOST_OVER_BUDGET in {r.code for r in greedy.reasons}


def test_the_panel_shows_the_cache_but_does_not_expect_the_engine_to_log_it(
    llama8b: Shape,
) -> None:
    plan = _plan(llama8b, "GPU0:80GiB,HOST:64GiB", PlanRequest(ctx=8192, cache_ram=GIB))
    host = plan_memory(plan)[-1]
    assert host.planned.prompt_cache == GIB
    assert ("prompt_cache", GIB) in host.planned.parts()
    assert host.planned.total == plan.host.predicted.total
    assert host.predicted_buffers == host.planned.total - host.unlogged_overhead - GIB


def test_studio_fit_takes_the_cache_as_a_setting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "HOST:32GiB")
    path = synthetic_model("tiny-llama")
    assert main(["fit", str(path), "--cache-ram", "512", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["host"]["predicted"]["prompt_cache"] == 512 * MIB
    assert plan["argv"][plan["argv"].index("--cache-ram") + 1] == "512"
