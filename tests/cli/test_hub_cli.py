"""`studio search/files/download/library` against the fake Hub (HF_ENDPOINT), headless."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from studio.cli import main
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, quant_repo
from tests.support.synthetic import TINY_LLAMA, cached_model


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeHub]:
    tiny = cached_model(tmp_path, "tiny", TINY_LLAMA)
    fake = FakeHub(
        [quant_repo(), FakeRepo("tester/TinyLlama-GGUF", {"TinyLlama-F16.gguf": FakeFile(tiny)})]
    )
    with fake.running():
        monkeypatch.setenv("HF_ENDPOINT", fake.endpoint)
        monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        monkeypatch.setenv("STUDIO_FAKE_DEVICES", "GPU0:8GiB,HOST:32GiB")
        monkeypatch.setenv("STUDIO_HOME", str(tmp_path / "home"))
        yield fake


def test_search_and_files(hub: FakeHub, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "tiny", "--sort", "likes", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [r["repo"] for r in found["results"]] == ["tester/Tiny-GGUF", "tester/TinyLlama-GGUF"]
    assert main(["files", "tester/Tiny-GGUF", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["quant"], len(r["files"]), r["projector"]) for r in rows] == [
        ("Q4_K_M", 1, False),
        ("Q8_0", 1, False),
        ("BF16", 2, False),
        ("F16", 1, True),
    ]
    assert main(["files", "tester/TinyLlama-GGUF", "--fit"]) == 0
    assert "full_gpu, ctx 4096, 7/7 on GPU" in capsys.readouterr().out


def test_download_into_a_folder_then_list_it(
    hub: FakeHub, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "models"
    assert main(["download", "tester/Tiny-GGUF", "BF16", "--mmproj", "--into", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-3:] == [
        str(folder / "tester/Tiny-GGUF/BF16/Tiny-BF16-00001-of-00002.gguf"),
        str(folder / "tester/Tiny-GGUF/BF16/Tiny-BF16-00002-of-00002.gguf"),
        str(folder / "tester/Tiny-GGUF/mmproj-Tiny-F16.gguf"),
    ]
    assert any(line.startswith("completed") for line in out)
    assert main(["download", "tester/TinyLlama-GGUF", "F16"]) == 0  # into the HF cache
    capsys.readouterr()
    assert main(["library", str(folder), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    llama = [m for m in listed if m["architecture"] == "llama"]
    assert len(llama) == 1 and "models--tester--TinyLlama-GGUF" in llama[0]["path"]
    assert {m["quant"] for m in listed} >= {"BF16", "F16"}


def test_errors_are_sentences_and_an_exit_status(
    hub: FakeHub, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["download", "tester/Tiny-GGUF", "Q3_K_S"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: “Q3_K_S” does not name one model here; choose one of: ")
    assert "Q4_K_M (Tiny-Q4_K_M.gguf)" in err and "_not_" not in err
    assert main(["files", "nobody/nothing"]) == 1
    assert capsys.readouterr().err == "error: Not found on the Hub: nobody/nothing.\n"
    assert main(["files", "nobody/nothing", "--json"]) == 1
    said = json.loads(capsys.readouterr().out)["error"]
    assert said["code"] == "hub_not_found"
    assert said["message"] == "Not found on the Hub: nobody/nothing."
