"""`studio serve`'s HTTP face against the fake llama-server: races, limits, refusals and
error answers that need many requests or trials."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from studio.core.api.facade import ChatFacade
from studio.core.api.http import ServeOptions
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState
from tests.support.engine_wrappers import fake_engine
from tests.support.serve_race import race

MODEL_A = LaunchSpec(model=Path("/models/a.gguf"))
MODEL_B = LaunchSpec(model=Path("/models/b.gguf"))
HI = [{"role": "user", "content": "hi"}]


def tiny_gguf(path: Path) -> Path:
    """A GGUF v3 header with no tensors and no metadata: readable, plannable by nothing."""
    path.write_bytes(struct.pack("<4sIQQ", b"GGUF", 3, 0, 0))
    return path


@dataclass
class Served:
    manager: ServerManager
    facade: ChatFacade
    port: int
    http: httpx.AsyncClient


@contextlib.asynccontextmanager
async def served(
    tmp_path: Path, options: ServeOptions | None = None, **env: str
) -> AsyncIterator[Served]:
    environ = {**os.environ, "FAKE_LOAD_S": "0.05", **env}
    manager = ServerManager(
        fake_engine(tmp_path), tmp_path / "logs", environ=environ, health_timeout_s=20
    )

    async def spec_for(path: Path) -> tuple[LaunchSpec, None]:
        return LaunchSpec(model=path), None

    facade = ChatFacade(manager, spec_for, options)
    port = await facade.start(0)
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=20
        ) as http:
            await manager.load(MODEL_A)
            yield Served(manager, facade, port, http)
    finally:
        await facade.close()
        await manager.shutdown()


async def until(condition: Callable[[], bool], timeout_s: float = 10) -> None:
    async with asyncio.timeout(timeout_s):
        for _ in itertools.count():
            if condition():
                return
            await asyncio.sleep(0.01)


def assert_error_object(response: httpx.Response, status: int, code: str | None = None) -> None:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert set(error) >= {"message", "type", "code", "param"}
    assert "Traceback" not in error["message"] and "Error(" not in error["message"]
    if code is not None:
        assert error["code"] == code, error


async def test_streams_racing_unload_switch_and_cancel_always_end(tmp_path: Path) -> None:
    async with served(tmp_path, FAKE_TOKENS="8", FAKE_TOKEN_DELAY_S="0.01") as s:
        outcomes = await race(s.manager, s.port, (MODEL_A, MODEL_B), trials=200, seed=13)
    print(dict(outcomes))
    actions = {key.split(":")[0] for key in outcomes}
    assert actions == {"unload", "switch", "cancel", "unload_same_instant", "hang_up", "none"}
    assert outcomes["none:done"] > 0


# -- who may ask ----------------------------------------------------------------------


async def test_a_browser_form_post_and_a_rebound_host_are_refused(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        pid = s.manager.snapshot.pid
        form = await s.http.post(
            "/studio/unload",
            content=b"x=1",
            headers={"Content-Type": "text/plain", "Origin": "https://evil.example"},
        )
        assert_error_object(form, 403, "forbidden_origin")
        plain = await s.http.post(
            "/studio/unload", content=b"x=1", headers={"Content-Type": "text/plain"}
        )
        assert_error_object(plain, 415, "unsupported_media_type")
        rebound = await s.http.post(
            "/studio/unload", json={}, headers={"Host": "attacker.example:8765"}
        )
        assert_error_object(rebound, 403, "forbidden_host")
        assert s.manager.snapshot.state is ServerState.READY and s.manager.snapshot.pid == pid
        assert (await s.http.get("/health", headers={"Host": "localhost:1"})).status_code == 200


async def test_an_api_key_guards_every_route_but_health(tmp_path: Path) -> None:
    options = ServeOptions(api_key="s3cret", allowed_origins=frozenset({"http://localhost:3000"}))
    async with served(tmp_path, options) as s:
        assert (await s.http.get("/health")).status_code == 200
        assert_error_object(await s.http.get("/v1/models"), 401, "invalid_api_key")
        wrong = {"Authorization": "Bearer s3cres"}
        assert_error_object(await s.http.post("/studio/unload", headers=wrong), 401)
        good = {"Authorization": "Bearer s3cret", "Origin": "http://localhost:3000"}
        assert (await s.http.get("/v1/models", headers=good)).status_code == 200
        assert s.manager.snapshot.state is ServerState.READY


async def test_a_50_mb_body_is_refused_from_its_length_unread(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        with socket.create_connection(("127.0.0.1", s.port), timeout=5) as raw:
            raw.sendall(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\nContent-Length: 52428800\r\n\r\n{"
            )
            reply = await asyncio.to_thread(raw.recv, 4096)
        assert reply.startswith(b"HTTP/1.1 413 ")
        assert b'"body_too_large"' in reply


# -- what clients send ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"messages": HI, "reasoning_budget": "abc"}, "reasoning_budget"),
        ({"messages": HI, "logprobs": "x"}, "logprobs"),
        ({"messages": HI, "stream_options": [1]}, "stream_options"),
        ({"messages": HI, "max_tokens": 1.5}, "max_tokens"),
        ({"messages": HI, "client": 1}, "client"),
        ({"messages": [{"role": 1}]}, "messages[0].role"),
        ({"messages": []}, "messages"),
    ],
)
async def test_invalid_fields_are_400_naming_the_field(
    tmp_path: Path, body: dict[str, object], param: str
) -> None:
    async with served(tmp_path) as s:
        response = await s.http.post("/v1/chat/completions", json=body)
        assert_error_object(response, 400, "invalid_field")
        assert response.json()["error"]["param"] == param


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b'{"messages": [{"role": "user", "content": "hi"}], "temperature": NaN}', "invalid_json"),
        (b"[" * 100_000 + b"]" * 100_000, "too_deep"),
        (b'{"a":' * 100 + b"1" + b"}" * 100, "too_deep"),
        (b"\xff\xfe", "invalid_json"),
        (b"[1]", "invalid_body"),
    ],
)
async def test_bodies_that_are_not_a_json_object_are_400(
    tmp_path: Path, raw: bytes, code: str
) -> None:
    async with served(tmp_path) as s:
        response = await s.http.post(
            "/v1/chat/completions", content=raw, headers={"Content-Type": "application/json"}
        )
        assert_error_object(response, 400, code)


async def test_malformed_heads_are_4xx(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        for head, status in (
            (b"POST /studio/unload HTTP/1.1\r\nContent-Length: abc\r\n\r\n", b"400"),
            (b"POST /studio/unload HTTP/1.1\r\nContent-Length: -1\r\n\r\n", b"400"),
            (b"GARBAGE\r\n\r\n", b"400"),
            (b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", b"411"),
        ):
            with socket.create_connection(("127.0.0.1", s.port), timeout=5) as raw:
                raw.sendall(head)
                reply = await asyncio.to_thread(raw.recv, 4096)
            assert reply.split(b" ")[1] == status, (head, reply)
            assert b'"error"' in reply and b"Traceback" not in reply
        assert s.manager.snapshot.state is ServerState.READY


async def test_a_slow_header_is_cut_off(tmp_path: Path) -> None:
    async with served(tmp_path, ServeOptions(header_timeout_s=0.3)) as s:
        with socket.create_connection(("127.0.0.1", s.port), timeout=5) as raw:
            raw.sendall(b"GET /health HTTP/1.1\r\nX-Drip: ")
            reply = await asyncio.to_thread(raw.recv, 4096)
        assert reply.startswith(b"HTTP/1.1 408 ")


# -- loads ------------------------------------------------------------------------------


async def test_a_bad_load_is_refused_before_the_running_model_is_touched(
    tmp_path: Path,
) -> None:
    fifo = tmp_path / "fifo.gguf"
    os.mkfifo(fifo)
    not_gguf = tmp_path / "notes.gguf"
    not_gguf.write_text("hello")
    async with served(tmp_path) as s:
        pid = s.manager.snapshot.pid
        for model, code in (
            (tmp_path / "absent.gguf", "model_missing"),
            (fifo, "model_not_regular_file"),
            (tmp_path, "model_not_regular_file"),
            (not_gguf, "model_invalid"),
        ):
            async with asyncio.timeout(5):  # a FIFO must not block the check
                response = await s.http.post("/studio/load", json={"model": str(model)})
            assert_error_object(response, 422, code)
            assert str(model) in response.json()["error"]["message"]
            assert (await s.http.get("/health")).status_code == 200
            assert s.manager.snapshot.pid == pid
        assert_error_object(await s.http.post("/studio/load", json={"model": 3}), 400)
        good = await s.http.post(
            "/studio/load", json={"model": str(tiny_gguf(tmp_path / "t.gguf"))}
        )
        assert good.status_code == 200 and good.json()["state"] == "ready"


# -- busy slots -------------------------------------------------------------------------


async def test_chats_past_the_queue_are_429_with_retry_after(tmp_path: Path) -> None:
    options = ServeOptions(max_queued_chats=1, retry_after_s=3)
    async with served(tmp_path, options, FAKE_TOKENS="20", FAKE_TOKEN_DELAY_S="0.05") as s:
        body = {"messages": HI, "max_tokens": 20}

        async def chat() -> httpx.Response:
            return await s.http.post("/v1/chat/completions", json=body)

        running = asyncio.ensure_future(chat())
        await until(lambda: s.facade.chats.active == 1)
        queued = asyncio.ensure_future(chat())
        await until(lambda: s.facade.chats.waiting == 1)
        refused = await chat()
        assert_error_object(refused, 429, "server_busy")
        assert refused.headers["Retry-After"] == "3"
        assert (await running).status_code == 200
        assert (await queued).status_code == 200  # the queued one got the slot after


async def test_openapi_document_lists_the_routes(tmp_path: Path) -> None:
    async with served(tmp_path) as s:
        document = (await s.http.get("/openapi.json")).json()
        assert {"/health", "/v1/chat/completions", "/studio/load"} <= set(document["paths"])
        assert json.dumps(document)


# -- floods -----------------------------------------------------------------------------

SERVE_WITH_FD_LIMIT = """
import resource, sys
# The hard limit too: else `studio serve` raises the soft one toward it at start.
resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), int(sys.argv[1])))
from studio.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _half_open(port: int, count: int, deadline_s: float) -> list[socket.socket]:
    """Up to `count` connections that each send half a request head and then nothing."""
    opened: list[socket.socket] = []
    loop_deadline = time.monotonic() + deadline_s
    while len(opened) < count and time.monotonic() < loop_deadline:
        with contextlib.suppress(OSError):
            sock = socket.create_connection(("127.0.0.1", port), timeout=2)
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            opened.append(sock)
    return opened


def test_health_answers_under_a_half_open_flood_with_a_low_fd_limit(tmp_path: Path) -> None:
    model = tiny_gguf(tmp_path / "m.gguf")
    engine = fake_engine(tmp_path)
    serve = ["serve", str(model), "--binary", str(engine.path), "--port", "0"]
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE_WITH_FD_LIMIT, "512", *serve],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "STUDIO_HOME": str(tmp_path), "FAKE_LOAD_S": "0.05"},
    )
    flood: list[socket.socket] = []
    try:
        assert server.stdout is not None and server.stderr is not None
        base_url = server.stdout.readline().split()[2]
        assert "ready" in server.stdout.readline()
        port = int(base_url.rsplit(":", 1)[1])
        flood = _half_open(port, 1100, deadline_s=60)
        assert len(flood) >= 1000  # more than the server's open-file limit allows
        with httpx.Client(base_url=base_url, trust_env=False, timeout=5) as http:
            for _ in range(5):
                assert http.get("/health").json() == {"status": "ok"}
            reply = http.post("/v1/chat/completions", json={"messages": HI, "max_tokens": 3})
            assert reply.status_code == 200
        for sock in flood:
            sock.close()
        server.send_signal(signal.SIGTERM)
        assert server.wait(30) == 0
        errors = server.stderr.read()
        assert len(errors) < 20_000, errors[-2000:]
        assert "Traceback" not in errors
    finally:
        for sock in flood:
            sock.close()
        server.kill()
        server.wait()
        for pipe in (server.stdout, server.stderr):
            if pipe is not None:
                pipe.close()
