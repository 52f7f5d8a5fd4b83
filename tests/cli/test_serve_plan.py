"""`studio serve --plan` plans a model as `studio fit` does: the same placement and the same
bytes predicted on every device, priced with what the engine's self-test measured and on
the same RPC servers, with the same LLAMA_ARG_* settings under the flags. What the plan
does not price reaches the launch as given, every such option of the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from studio.cli import build_parser, main, serve
from studio.cli.engine_choice import active_engine
from studio.core.engine import EngineLocation
from studio.core.engine_knobs import LAUNCH_KNOBS, Entry, FlashAttn, Knob, UnderPlan, under_plan
from studio.core.placement.load_plan import PlannedLoad, PlanningEngine
from studio.core.server.launch import to_argv
from tests.cli.test_knob_options import SAMPLES
from tests.support.rpc import rpc_server
from tests.ui.load.load_dialog_support import synthetic_model

pytestmark = pytest.mark.engine


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    for name in [n for n in __import__("os").environ if n.startswith("LLAMA_ARG_")]:
        monkeypatch.delenv(name)


def placed(plan: dict[str, Any]) -> dict[str, Any]:
    """What a plan decides and predicts, without the free memory it was made against
    (budgets follow live free memory, which moves between two plans)."""
    decided = ("ctx", "split_mode", "n_gpu_layers", "tensor_split", "n_cpu_moe", "parallel")
    return {
        **{key: plan[key] for key in (*decided, "cache_type_k", "cache_type_v", "flash_attn")},
        "predicted": [
            (d["key"], d["layers"], d["predicted"]) for d in (*plan["devices"], plan["host"])
        ],
    }


def serve_and_fit(
    model: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> tuple[PlannedLoad, dict[str, Any]]:
    """Serve's planned load and fit's JSON plan, for the same model and flags."""
    args = build_parser().parse_args(["serve", str(model), "--plan", *flags])
    load = serve.planned(args, PlanningEngine.of(active_engine(None)))
    capsys.readouterr()
    assert main(["fit", str(model), *flags, "--json"]) == 0
    return load, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("model", "devices", "flags"),
    [
        # The host prices its repacked weights from the engine's CPU features.
        ("tiny-llama-q4_0", "HOST:32GiB", ["-c", "1024"]),
        ("tiny-llama", "HOST:32GiB", ["-c", "0", "-ctk", "q8_0", "-ctv", "q8_0"]),
        ("qwen3-30b-a3b-shape", "GPU0:8GiB,HOST:64GiB", ["-np", "2"]),
    ],
)
def test_serve_plans_a_model_as_fit_does(
    model: str,
    devices: str,
    flags: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", devices)
    monkeypatch.setenv("LLAMA_ARG_CTX_SIZE", "2048")  # fit honours it under the flags
    load, fit = serve_and_fit(synthetic_model(model), flags, capsys)
    assert load.plan is not None and load.step_down is not None
    assert placed(load.plan.to_json()) == placed(fit)


def test_serve_plans_a_model_on_the_rpc_server_as_fit_does(
    smollm2: Path,
    engine_location: EngineLocation,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("STUDIO_FAKE_DEVICES", raising=False)
    with rpc_server(engine_location) as server:
        load, fit = serve_and_fit(smollm2, ["--rpc", server.endpoint, "-c", "1024"], capsys)
    fit_argv: list[str] = fit["argv"]
    assert fit_argv[fit_argv.index("--rpc") + 1] == server.endpoint
    # Before, serve planned for the host alone: no --rpc, no layers on the RPC device.
    assert load.spec.rpc_servers == (server.endpoint,)
    assert load.spec.n_gpu_layers == int(fit_argv[fit_argv.index("-ngl") + 1]) > 0
    assert load.plan is not None
    assert placed(load.plan.to_json()) == placed(fit)


def _serve_plan(flags: list[str], monkeypatch: pytest.MonkeyPatch) -> PlannedLoad:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "HOST:32GiB")
    model = synthetic_model("tiny-llama")
    args = build_parser().parse_args(["serve", str(model), "--plan", *flags])
    return serve.planned(args, PlanningEngine.of(active_engine(None)))


def _options(fate: UnderPlan) -> list[Knob]:
    return [k for k in LAUNCH_KNOBS if k.option is not None and under_plan(k) is fate]


def _given(knobs: list[Knob]) -> list[str]:
    flags: list[str] = []
    for knob in knobs:
        assert knob.option is not None
        flags.append(knob.option.names[-1])
        if knob.option.entry is not Entry.SWITCH:
            flags.append(SAMPLES[knob.option.entry])
    return flags


def test_serve_plan_launches_threads_and_embeddings_as_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    load = _serve_plan(["-t", "3", "--embeddings", "--pooling", "mean"], monkeypatch)
    assert (load.spec.threads, load.spec.embeddings, load.spec.pooling) == (3, True, "mean")
    argv = to_argv(load.spec, Path("/e/llama-server"), 1)
    assert argv[argv.index("-t") + 1] == "3" and "--embeddings" in argv


def test_serve_plan_asks_the_plan_for_what_it_models(monkeypatch: pytest.MonkeyPatch) -> None:
    load = _serve_plan(["-c", "2048", "-ctk", "q8_0", "-fa", "on", "-ncmoe", "0"], monkeypatch)
    assert load.plan is not None
    asked = load.plan.asked
    assert (asked.ctx, asked.cache_type_k, asked.flash_attn, asked.n_cpu_moe) == (
        2048,
        "q8_0",
        True,
        0,
    )
    spec = load.spec
    assert (spec.ctx_size, spec.cache_type_k, spec.flash_attn) == (2048, "q8_0", FlashAttn.ON)
    # What the plan may choose stays its own: flash attention auto is the plan's default.
    auto = _serve_plan(["-fa", "auto"], monkeypatch)
    assert auto.plan is not None and auto.plan.asked.flash_attn is True


def test_every_option_no_plan_prices_survives_serve_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _options(UnderPlan.KEPT)
    assert kept  # threads, embeddings, pooling at least
    load = _serve_plan(_given(kept), monkeypatch)
    assert load.plan is not None
    argv = " ".join(to_argv(load.spec, Path("/e/llama-server"), 1))
    for knob in kept:
        # The plan never sets it itself, so what the user gave is the launch's.
        assert getattr(load.plan.launch, knob.name) == knob.default, knob.name
        value = getattr(load.spec, knob.name)
        assert value != knob.default, knob.name
        assert " ".join(knob.arguments(value)) in argv, knob.name


def test_serve_plan_leaves_the_placement_to_the_plan() -> None:
    placed = _options(UnderPlan.PLACED)
    assert placed  # layers, devices, a projector...
    plain = ["serve", "/models/m.gguf", "--plan"]
    given = serve.load_policy(build_parser().parse_args([*plain, *_given(placed)]))
    assert given == serve.load_policy(build_parser().parse_args(plain))
