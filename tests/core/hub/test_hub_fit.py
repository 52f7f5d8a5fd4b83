"""Fit before download: only the header of a remote file is read (Range requests against
the fake Hub), and the real planner judges it on fake devices."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from studio.core.hardware import DeviceConfig, discover_devices
from studio.core.hub import HubClient, HubConfig
from studio.core.hub.fit import FIT_FAILED, FitAssessment, FitKind, plan_fit, remote_assessor
from studio.core.memory import ModelSummary
from studio.core.placement.budget import default_prompt_cache
from studio.core.placement.setup import Machine
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo
from tests.support.models import cache_dir
from tests.support.synthetic import LLAMA_8B, QWEN3_30B_A3B, cached_model

NOT_HASHED = "f" * 64


@pytest.fixture(scope="module")
def big_models() -> dict[str, Path]:
    # Sparse files (a header, then a hole): cached across runs like the other test models.
    folder = cache_dir() / "hub-fit"
    folder.mkdir(exist_ok=True)
    return {
        "Llama-8B-Q4_K_M.gguf": cached_model(folder, "llama8b", LLAMA_8B),
        "Qwen3-30B-A3B-Q4_K_M.gguf": cached_model(folder, "qwen30b", QWEN3_30B_A3B),
    }


@pytest.fixture(scope="module")
def summaries() -> dict[str, ModelSummary]:
    """Headers parsed once for the module (a 128k-token vocabulary takes a second)."""
    return {}


@pytest.fixture(scope="module")
def hub(big_models: dict[str, Path]) -> Iterator[FakeHub]:
    files = {name: FakeFile(path, known_sha256=NOT_HASHED) for name, path in big_models.items()}
    fake = FakeHub(
        [
            FakeRepo("tester/Big-GGUF", files),
            FakeRepo("corp/Gated-GGUF", dict(files), gated=True),
        ],
        token="hf_fit_token",
    )
    with fake.running():
        yield fake


def _judge(spec: str) -> Callable[[ModelSummary, str], FitAssessment]:
    inventory = discover_devices(DeviceConfig(fake_spec=spec), (), {})
    machine = Machine.of({})
    return lambda summary, name: plan_fit(machine.prepare(summary, Path(name), inventory, None))


@pytest.mark.parametrize(
    ("devices", "llama", "qwen"),
    [
        ("GPU0:24GiB,HOST:64GiB", FitKind.FULL_GPU, FitKind.FULL_GPU),
        ("GPU0:6GiB,HOST:64GiB", FitKind.FULL_GPU, FitKind.PARTIAL),
        ("GPU0:3GiB,HOST:64GiB", FitKind.PARTIAL, FitKind.PARTIAL),
        ("HOST:64GiB", FitKind.CPU_ONLY, FitKind.CPU_ONLY),
        ("HOST:4GiB", FitKind.NO_FIT, FitKind.NO_FIT),
    ],
)
async def test_each_quant_is_judged_from_its_remote_header(
    hub: FakeHub,
    tmp_path: Path,
    big_models: dict[str, Path],
    summaries: dict[str, ModelSummary],
    devices: str,
    llama: FitKind,
    qwen: FitKind,
) -> None:
    client = HubClient(HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path))
    details = await client.repo("tester/Big-GGUF")
    reads_before = len(summaries)
    requests_before = len(hub.requests)
    assess = remote_assessor(client, _judge(devices), summaries)
    verdicts = {m.name: await assess(details, m) for m in details.models}
    got_llama = verdicts["Llama-8B-Q4_K_M.gguf"]
    got_qwen = verdicts["Qwen3-30B-A3B-Q4_K_M.gguf"]
    assert (got_llama.kind, got_qwen.kind) == (llama, qwen)
    assert got_llama.architecture == "llama" and got_qwen.architecture == "qwen3moe"
    assert got_llama.trained_context == 131072
    for verdict in (got_llama, got_qwen):
        if verdict.kind is FitKind.NO_FIT:
            assert verdict.max_context == 0
        else:
            assert 0 < verdict.max_context <= verdict.trained_context
        if verdict.kind is FitKind.FULL_GPU:
            # All on the GPU: the host holds little beyond the planned prompt cache.
            prompt_cache = default_prompt_cache(64 << 30)
            assert verdict.gpu_layers == verdict.total_layers
            assert verdict.host_bytes - prompt_cache < 2 << 30
    # Only headers travelled (ranged reads of files of gigabytes), once per file.
    for name, path in big_models.items():
        gets = hub.gets_of(name)
        assert gets and all(h.get("Range", "").startswith("bytes=") for h in gets)
        assert path.stat().st_size > 4 << 30
    new_reads = [url for _, url, _ in hub.requests[requests_before:] if "/resolve/" in url]
    assert bool(new_reads) == (reads_before == 0)
    assert len(summaries) == len(big_models)


async def test_more_gpu_memory_never_means_less_context(
    hub: FakeHub, tmp_path: Path, summaries: dict[str, ModelSummary]
) -> None:
    client = HubClient(HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path))
    details = await client.repo("tester/Big-GGUF")
    llama = next(m for m in details.models if m.name.startswith("Llama"))
    contexts = [
        await remote_assessor(client, _judge(f"GPU0:{gib}GiB,HOST:16GiB"), summaries)(
            details, llama
        )
        for gib in (6, 8, 12, 24)
    ]
    assert [c.max_context for c in contexts] == sorted(c.max_context for c in contexts)
    assert contexts[0].max_context < contexts[-1].max_context


async def test_gated_headers_are_read_with_the_token(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HF_TOKEN", "hf_fit_token")
    client = HubClient(HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path))
    details = await client.repo("corp/Gated-GGUF")
    smallest = details.models[0]  # the 8B: its header is the quicker one to parse
    judge = _judge("GPU0:24GiB,HOST:64GiB")
    assert (await remote_assessor(client, judge)(details, smallest)).kind is FitKind.FULL_GPU
    monkeypatch.setenv("HF_TOKEN", "hf_wrong")
    refused = await remote_assessor(client, judge)(details, smallest)
    assert refused.kind is FitKind.UNKNOWN and refused.problem.startswith("gguf.")


async def test_a_judge_that_breaks_marks_one_row_unknown_not_all(
    hub: FakeHub, tmp_path: Path, summaries: dict[str, ModelSummary]
) -> None:
    client = HubClient(HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path))
    details = await client.repo("tester/Big-GGUF")
    healthy = _judge("GPU0:24GiB,HOST:64GiB")

    def judge(summary: ModelSummary, name: str) -> FitAssessment:
        if name.startswith("Llama"):
            raise ValueError("an unexpected layout")
        return healthy(summary, name)

    assess = remote_assessor(client, judge, summaries)
    verdicts = {m.name: await assess(details, m) for m in details.models}
    assert verdicts["Llama-8B-Q4_K_M.gguf"] == FitAssessment(FitKind.UNKNOWN, problem=FIT_FAILED)
    assert verdicts["Qwen3-30B-A3B-Q4_K_M.gguf"].kind is FitKind.FULL_GPU
