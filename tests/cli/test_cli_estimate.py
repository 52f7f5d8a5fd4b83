"""`studio estimate`: the breakdown per device, as a table and as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.cli import main
from studio.cli.engine_choice import active_engine
from studio.core.engine import EngineError
from studio.core.gguf import read_model
from studio.core.memory import (
    DeviceKind,
    DeviceSpec,
    EngineGraph,
    EstimateSettings,
    estimate,
    summarize,
)
from tests.support.synthetic import synthetic_model


def _active_graph() -> EngineGraph | None:
    """What the engine `studio estimate` prices with measured of its graph (the session's
    engine when the suite chose one), so expected numbers follow the same build."""
    try:
        test = active_engine(None).self_test
    except EngineError:
        return None
    return test.memory.graph if test is not None else None


def test_json_gives_every_component_per_device(capsys: pytest.CaptureFixture[str]) -> None:
    path = synthetic_model("qwen3-30b-a3b-shape")
    argv = ["estimate", str(path), "--ctx", "8192", "-ngl", "30", "-ts", "3,1"]
    assert main([*argv, "--n-cpu-moe", "4", "--cache-type-k", "q8_0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = estimate(
        summarize(read_model(path)),
        EstimateSettings(
            ctx=8192,
            n_gpu_layers=30,
            tensor_split=(3, 1),
            n_cpu_moe=4,
            cache_type_k="q8_0",
            # Studio's defaults, as `studio fit` plans: one slot, flash attention on.
            parallel=1,
            kv_unified=False,
            flash_attn=True,
        ),
        [DeviceSpec("GPU0", DeviceKind.GPU), DeviceSpec("GPU1", DeviceKind.GPU)],
        graph=_active_graph(),
    )
    assert [d["device"] for d in data["devices"]] == ["GPU0", "GPU1", "Host"]
    for row, want in zip(data["devices"], expected.devices, strict=True):
        assert (row["weights"], row["kv"], row["output"], row["compute"], row["total"]) == (
            want.weights,
            want.kv + want.recurrent,
            want.output,
            want.compute,
            want.total,
        )
    assert data["model"]["architecture"] == "qwen3moe"
    assert data["n_ctx"] == 8192


def test_table_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    path = synthetic_model("tiny-gemma3")
    flags = ["-c", "4096", "-np", "2", "-fa", "off", "-ub", "256", "--devices", "1"]
    assert main(["estimate", str(path), *flags]) == 0
    text = capsys.readouterr().out
    assert "2 slots" in text and "flash attention off" in text and "ubatch 256" in text
    assert text.splitlines()[4].startswith("GPU0") and "Host" in text
    assert main(["estimate", str(path), "--devices", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [d["device"] for d in data["devices"]] == ["Host"]
    assert data["n_ctx"] == 8192  # -c 0: the trained context
    assert main(["estimate", str(path), "-sm", "tensor", "--devices", "2", "--json"]) == 0
    split = json.loads(capsys.readouterr().out)["devices"]
    assert split[0]["weights"] == split[1]["weights"] > 0


def test_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bogus = tmp_path / "x.gguf"
    bogus.write_bytes(b"not a gguf at all")
    assert main(["estimate", str(bogus), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "gguf.not_gguf"
    model = synthetic_model("tiny-llama")
    assert main(["estimate", str(model), "-ctv", "q8_0", "-fa", "off", "--devices", "1"]) == 2
    assert "flash attention" in capsys.readouterr().err
    assert main(["estimate", str(tmp_path / "missing.gguf")]) == 2


@pytest.mark.parametrize("devices", ["HOST:64GiB", "GPU0:8GiB,HOST:32GiB"])
def test_no_flags_plans_like_fit(
    devices: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Same model, no flags: `studio estimate` and `studio fit` agree on slots, devices and
    the total (they once planned 4 slots on a "GPU0" against 1 slot on the real devices)."""
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", devices)
    path = synthetic_model("tiny-llama")
    assert main(["estimate", str(path), "--json"]) == 0
    ours = json.loads(capsys.readouterr().out)
    main(["fit", str(path), "--json"])
    fit = json.loads(capsys.readouterr().out)
    fit_rows = [d for d in fit["devices"] if d["predicted"]["total"] > 0] + [fit["host"]]
    # fit's host total holds the planned prompt cache, which the estimate shows apart.
    assert ours["prompt_cache"] == fit["host"]["predicted"]["prompt_cache"]
    assert ours["total"] + ours["prompt_cache"] == sum(d["predicted"]["total"] for d in fit_rows)
    assert ours["n_seq"] == fit["parallel"] == 1
    assert ours["n_ctx"] == fit["ctx"]
    assert len(ours["devices"]) == len(fit_rows)
    assert ("GPU0" in devices) == any(d["kind"] == "gpu" for d in ours["devices"])
