"""`studio fit`: plans for STUDIO_FAKE_DEVICES through the real engine probe and reader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from studio.cli import main
from tests.support.models import cache_dir
from tests.support.synthetic import SPECS, cached_model


@pytest.fixture(scope="module")
def moe_model() -> Path:
    return cached_model(
        cache_dir() / "synthetic", "qwen3-30b-a3b-shape", SPECS["qwen3-30b-a3b-shape"]
    )


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
    for name in [n for n in __import__("os").environ if n.startswith("LLAMA_ARG_")]:
        monkeypatch.delenv(name)


def test_fit_plans_for_fake_devices_and_prints_the_arguments(
    moe_model: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,GPU1:6GiB,HOST:32GiB")
    assert main(["fit", str(moe_model)]) == 0
    out = capsys.readouterr().out
    assert "fits:       yes" in out
    assert "CUDA0" in out and "CUDA1" in out
    assert "-dev CUDA0,CUDA1" in out and "-fit off" in out and "-ncmoe" in out


def test_fit_json_carries_devices_reasons_and_argv(
    moe_model: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:24GiB,HOST:32GiB")
    monkeypatch.setenv("LLAMA_ARG_CACHE_RAM", "0")
    code = main(["fit", str(moe_model), "--ctx", "8192", "-ctk", "q8_0", "-ctv", "q8_0", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ctx"] == 8192 and data["fits"] is True
    assert data["devices"][0]["engine_name"] == "CUDA0"
    argv = data["argv"]
    assert argv[argv.index("-ctk") + 1] == "q8_0" and argv[argv.index("-c") + 1] == "8192"
    assert data["environment"][0]["code"] == "environment_variable_ignored"
    assert data["child_environment_cleared"] == ["LLAMA_ARG_CACHE_RAM"]


def test_fit_honours_llama_arg_environment_and_flags_beat_it(
    moe_model: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:24GiB,HOST:32GiB")
    monkeypatch.setenv("LLAMA_ARG_CTX_SIZE", "2048")
    monkeypatch.setenv("LLAMA_ARG_N_PARALLEL", "2")
    assert main(["fit", str(moe_model), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ctx"] == 2048 and data["parallel"] == 2
    assert main(["fit", str(moe_model), "--json", "--ctx", "4096"]) == 0
    assert json.loads(capsys.readouterr().out)["ctx"] == 4096


def test_fit_manual_layers_and_exit_status_when_it_does_not_fit(
    moe_model: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,HOST:32GiB")
    code = main(["fit", str(moe_model), "--layers", "CUDA0=49", "--n-cpu-moe", "0", "-c", "4096"])
    assert code == 1
    out = capsys.readouterr().out
    assert "fits:       NO" in out and "OVER" in out
    assert "error: CUDA0 Fake GPU 0 needs 16.8 GiB but may use 7.7 GiB." in out
    assert "device_over_budget" not in out  # said, never a code


def test_fit_refuses_unknown_devices_and_bad_files(
    moe_model: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB")
    assert main(["fit", str(moe_model), "--disable", "CUDA7"]) == 2
    assert "CUDA7" in capsys.readouterr().err
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"not a model")
    assert main(["fit", str(junk), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"].startswith("gguf.")


def test_fit_plans_a_separate_mtp_head_as_draft_mtp(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = cached_model(
        cache_dir() / "synthetic", "tiny-deepseek2-trunk", SPECS["tiny-deepseek2-trunk"]
    )
    head = cached_model(
        cache_dir() / "synthetic", "mtp-tiny-deepseek2", SPECS["mtp-tiny-deepseek2"]
    )
    monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,HOST:32GiB")
    argv = ["fit", str(target), "-c", "4096", "--json", "--draft", str(head)]
    assert main([*argv, "--spec-type", "draft-mtp"]) == 0
    data = json.loads(capsys.readouterr().out)
    planned = data["argv"]
    assert planned[planned.index("--spec-type") + 1] == "draft-mtp"
    assert planned[planned.index("--spec-draft-model") + 1] == str(head)
    assert data["devices"][0]["predicted"]["draft"] > 0
    # Without --spec-type the file is an ordinary draft model (llama-server's default).
    assert main(argv) == 0
    assert "--spec-type" not in json.loads(capsys.readouterr().out)["argv"]
