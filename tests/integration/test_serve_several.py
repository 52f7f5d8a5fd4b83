"""`studio serve --models-dir DIR` with the real engine keeps two SmolLM2 models loaded
together, answers both at once through the official `openai` client, evicts by bytes when
a third does not fit beside them, and `studio ps` shows each resident's bytes per device."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from studio.cli.engine_choice import active_engine
from studio.core.engine import EngineLocation
from studio.core.placement.load_plan import Explicit, PlanningEngine, plan_load
from studio.core.placement.setup import Machine
from tests.support.serve_process import openai_client, studio_serve

pytestmark = pytest.mark.engine

HI = [{"role": "user", "content": "Say hello."}]
DEVICES = "HOST:4096MiB"


def host_budget(model: Path) -> int:
    """Bytes of host memory to offer (before the margin) so that two of `model` fit and a
    third does not, even with its host prompt cache shrunk to nothing; priced as `studio
    serve` prices it, with what this CPU's engine measured at its self-test."""
    policy = Explicit({"ctx": 512}, load_anyway=True)
    machine = Machine.of({"STUDIO_FAKE_DEVICES": DEVICES})
    planned = plan_load(machine, model, PlanningEngine.of(active_engine(None)), policy)
    assert planned.plan is not None
    host = planned.plan.host
    one, cache = host.predicted.total, host.predicted.prompt_cache
    return host.margin + 2 * one + (one - cache) // 2


@pytest.fixture
def served(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> Iterator[tuple[str, int, subprocess.Popen[str]]]:
    library = tmp_path / "library"
    library.mkdir()
    for name in ("smol-a", "smol-b", "smol-c"):
        # Hard links: the library lists one file once, however many symlinks name it.
        _link_or_copy(smollm2, library / f"{name}.gguf")
    # Host memory for two SmolLM2 models and not a third: the third evicts one.
    available_kib = host_budget(smollm2) // 1024
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path),
        "HF_HUB_CACHE": str(tmp_path / "hf"),
        "STUDIO_LLAMA_SERVER": str(engine_location.path),
        "STUDIO_FAKE_DEVICES": f"{DEVICES}/{available_kib}KiB",
    }
    arguments = ["--models-dir", str(library), "-c", "512", "--port", "0"]
    with studio_serve(arguments, env) as server:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert "no model loaded" in line, line
        base_url = line.split()[2]
        yield base_url, int(base_url.rsplit(":", 1)[1]), server


def residents(base_url: str) -> dict[str, dict[str, Any]]:
    with httpx.Client(base_url=base_url, trust_env=False, timeout=30) as http:
        status = http.get("/studio/status").json()
    return {r["id"]: r for r in status["residents"]}


def test_studio_serve_keeps_two_models_answers_both_at_once_and_evicts_by_bytes(
    served: tuple[str, int, subprocess.Popen[str]],
) -> None:
    base_url, port, server = served
    with openai_client(base_url) as client:

        def ask(model: str) -> str:
            reply = client.chat.completions.create(model=model, messages=HI, max_tokens=6)
            assert reply.choices[0].message.content
            return reply.model

        with ThreadPoolExecutor(2) as pool:
            assert list(pool.map(ask, ["smol-a", "smol-b"])) == ["smol-a", "smol-b"]
        loaded = residents(base_url)
        assert set(loaded) == {"smol-a", "smol-b"}
        assert len({r["pid"] for r in loaded.values()}) == 2
        for resident in loaded.values():
            (host,) = (d for d in resident["devices"] if d["key"] == "host")
            assert host["predicted"] > 0 and host["allocated"] > 0

        # Both at once again, now that both are resident: neither reloads.
        with ThreadPoolExecutor(2) as pool:
            assert list(pool.map(ask, ["smol-b", "smol-a"])) == ["smol-b", "smol-a"]
        ask("smol-a")  # smol-b is now the least recently used
        listed = {m.id: m for m in client.models.list().data}
        assert {i for i, m in listed.items() if getattr(m, "loaded", False)} == {
            "smol-a",
            "smol-b",
        }

        ps = subprocess.run(
            [sys.executable, "-m", "studio", "ps", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        rows = ps.stdout.splitlines()
        assert rows[0].split()[:3] == ["MODEL", "STATE", "DEVICE"]
        assert {row.split()[0] for row in rows[1:]} == {"smol-a", "smol-b"}
        assert all("Host" in row and "MiB" in row for row in rows[1:])

        pids = {r["pid"] for r in residents(base_url).values()}
        assert ask("smol-c") == "smol-c"
        assert set(residents(base_url)) == {"smol-a", "smol-c"}
        assert not any(_alive(pid) for pid in pids - {residents(base_url)["smol-a"]["pid"]})

    server.send_signal(signal.SIGTERM)
    server.wait(30)
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in pids), "an engine outlived studio serve"


def _link_or_copy(target: Path, link: Path) -> None:
    try:
        os.link(target, link)
    except OSError:  # another file system than the test cache's
        shutil.copyfile(target, link)


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_studio_serve_loads_every_model_on_its_command_line(
    engine_location: EngineLocation, smollm2: Path, tmp_path: Path
) -> None:
    """`studio serve A.gguf B.gguf` loads both at start, and requests name them by file
    name though no library folder holds them."""
    paths = [tmp_path / "first.gguf", tmp_path / "second.gguf"]
    for path in paths:
        _link_or_copy(smollm2, path)
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path / "home"),
        "HF_HUB_CACHE": str(tmp_path / "hf"),
        "STUDIO_LLAMA_SERVER": str(engine_location.path),
    }
    with studio_serve([*map(str, paths), "-c", "512", "--port", "0"], env) as server:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(4)]
        base_url = lines[0].split()[2]
        assert [("ready" in line) for line in lines] == [False, True, False, True], lines
        assert set(residents(base_url)) == {"first", "second"}
        with httpx.Client(base_url=base_url, trust_env=False, timeout=120) as http:
            for name in ("second", "first.gguf"):
                body = {"model": name, "messages": HI, "max_tokens": 4}
                reply = http.post("/v1/chat/completions", json=body).json()
                assert reply["model"] == name.removesuffix(".gguf")
