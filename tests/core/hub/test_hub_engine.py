"""End to end: a real model downloaded from the fake Hub into the HF cache, found by the
library, loads in the real llama-server and answers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from studio.core.engine import EngineLocation
from studio.core.hub import (
    DownloadQueue,
    DownloadRequest,
    DownloadSnapshot,
    HfCacheTarget,
    HubClient,
    HubConfig,
    JobState,
)
from studio.core.hub.library import scan_library
from studio.core.tasks import TaskOwner
from tests.support.engine import running_server
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, Fault


@pytest.mark.engine
async def test_a_downloaded_model_is_found_and_runs(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    repo = FakeRepo(
        "HuggingFaceTB/SmolLM2-135M-Instruct-GGUF",
        {"SmolLM2-135M-Instruct.Q4_1.gguf": FakeFile(smollm2)},
    )
    fake = FakeHub([repo])
    fake.add_fault(
        repo.repo_id, "SmolLM2-135M-Instruct.Q4_1.gguf", Fault("drop", after_bytes=40 << 20)
    )
    cache = tmp_path / "hf"
    with fake.running():
        config = HubConfig(endpoint=fake.endpoint, cache_dir=cache)
        client = HubClient(config)
        details = await client.repo(repo.repo_id)
        (model,) = details.models
        finished: asyncio.Future[DownloadSnapshot] = asyncio.get_running_loop().create_future()
        queue = DownloadQueue(
            config,
            client.file_url,
            TaskOwner("engine-test"),
            lambda s: s.state.finished and not finished.done() and finished.set_result(s),
        )
        target = HfCacheTarget(cache, repo.repo_id, details.revision)
        queue.add(DownloadRequest(repo.repo_id, details.revision, model.files, "smol", target))
        done = await asyncio.wait_for(finished, 120)
    assert done.state is JobState.COMPLETED, done.error
    (row,) = await asyncio.to_thread(scan_library, cache, [])
    assert (row.architecture, row.quant, row.repo_id) == ("llama", "Q4_1", repo.repo_id)
    with running_server(engine_location, row.path, ["-c", "512", "-np", "1"]) as base_url:
        async with httpx.AsyncClient(trust_env=False, timeout=60) as http:
            reply = await http.post(
                f"{base_url}/completion", json={"prompt": "Hello", "n_predict": 4}
            )
    assert reply.status_code == 200 and reply.json()["content"]
