"""`studio serve` against the fake llama-server, under what issue 25 found it fell to:
lone surrogates, a body of millions of values, a malformed or doubled Host, CORS from an
allowed page, a connection past the cap, a client that half-closes, an API key file that
is a FIFO or a device."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from studio.core.api.http import ServeOptions
from studio.core.server.states import ServerState
from tests.integration.test_serve_fake import (
    HI,
    assert_error_object,
    served,
    tiny_gguf,
    until,
)

# -- what the body holds ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/v1/chat/completions", b'{"messages": [{"role": "user", "content": "a\\ud800"}]}'),
        (
            "/v1/chat/completions",
            b'{"messages": [{"role": "user", "content": "hi"}], "stop": "\\udc00"}',
        ),
        ("/v1/completions", b'{"prompt": "\\ud800"}'),
        ("/studio/load", b'{"model": "/tmp/\\ud800.gguf"}'),
    ],
    ids=["content", "stop", "prompt", "load-path"],
)
async def test_a_lone_surrogate_is_a_400_not_a_500(tmp_path: Path, path: str, raw: bytes) -> None:
    async with served(tmp_path) as s:
        pid = s.manager.snapshot.pid
        response = await s.http.post(
            path, content=raw, headers={"Content-Type": "application/json"}
        )
        assert_error_object(response, 400, "lone_surrogate")
        assert s.manager.snapshot.pid == pid
        ok = await s.http.post("/v1/chat/completions", json={"messages": HI, "max_tokens": 2})
        assert ok.status_code == 200


async def test_a_body_of_ten_million_empty_lists_is_refused(tmp_path: Path) -> None:
    body = b'{"messages": [' + b"[]," * 9_999_999 + b"[]]}"  # 28.6 MiB
    async with served(tmp_path) as s:
        response = await s.http.post(
            "/v1/chat/completions", content=body, headers={"Content-Type": "application/json"}
        )
        assert_error_object(response, 413, "too_many_values")


# -- Host -------------------------------------------------------------------------------


def _exchange(port: int, head: bytes) -> bytes:
    """What the server answers `head` on a fresh connection, to its close."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        raw.sendall(head)
        chunks = []
        while chunk := raw.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize(
    "hosts",
    [[b"[::1]evil.example"], [b"127.0.0.1", b"evil.example"], [b"evil.example", b"localhost"]],
    ids=["after-the-bracket", "doubled", "doubled-loopback-last"],
)
async def test_a_malformed_or_doubled_host_is_refused(tmp_path: Path, hosts: list[bytes]) -> None:
    async with served(tmp_path) as s:
        lines = b"".join(b"Host: " + host + b"\r\n" for host in hosts)
        head = b"POST /studio/unload HTTP/1.1\r\n" + lines + b"Content-Length: 0\r\n\r\n"
        reply = await asyncio.to_thread(_exchange, s.port, head)
        assert reply.startswith(b"HTTP/1.1 400 "), reply[:200]
        assert b'"bad_host"' in reply
        assert s.manager.snapshot.state is ServerState.READY


# -- CORS -------------------------------------------------------------------------------

PAGE = "http://localhost:3000"
CORS = ServeOptions(api_key="s3cret", allowed_origins=frozenset({PAGE}))
KEY = {"Authorization": "Bearer s3cret"}


async def test_a_page_on_an_allowed_origin_can_call_the_api(tmp_path: Path) -> None:
    async with served(tmp_path, CORS) as s:
        preflight = await s.http.options(
            "/v1/chat/completions",
            headers={
                "Origin": PAGE,
                "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "authorization,content-type,x-stainless-os",
            },
        )
        assert preflight.status_code == 204, preflight.text
        assert preflight.headers["Access-Control-Allow-Origin"] == PAGE
        assert "POST" in preflight.headers["Access-Control-Allow-Methods"]
        allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
        assert {"authorization", "content-type", "x-stainless-os"} <= {
            name.strip() for name in allowed.split(",")
        }
        assert int(preflight.headers["Access-Control-Max-Age"]) > 0
        assert "Origin" in preflight.headers["Vary"]

        page = {**KEY, "Origin": PAGE}
        plain = await s.http.post(
            "/v1/chat/completions", json={"messages": HI, "max_tokens": 2}, headers=page
        )
        assert plain.status_code == 200
        assert plain.headers["Access-Control-Allow-Origin"] == PAGE
        body = {"messages": HI, "max_tokens": 2, "stream": True}
        async with s.http.stream("POST", "/v1/chat/completions", json=body, headers=page) as stream:
            assert stream.headers["Access-Control-Allow-Origin"] == PAGE
            assert "data: [DONE]" in [line async for line in stream.aiter_lines()]
        unkeyed = await s.http.get("/v1/models", headers={"Origin": PAGE})
        assert_error_object(unkeyed, 401, "invalid_api_key")
        assert unkeyed.headers["Access-Control-Allow-Origin"] == PAGE  # the page reads why


async def test_another_origin_gets_no_cors_headers(tmp_path: Path) -> None:
    async with served(tmp_path, CORS) as s:
        evil = {"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}
        preflight = await s.http.options("/v1/chat/completions", headers=evil)
        assert_error_object(preflight, 403, "forbidden_origin")
        posted = await s.http.post(
            "/v1/chat/completions", json={"messages": HI}, headers={**KEY, **evil}
        )
        assert_error_object(posted, 403, "forbidden_origin")
        for response in (preflight, posted):
            assert not any(name.lower().startswith("access-control-") for name in response.headers)
        bare = await s.http.get("/v1/models", headers=KEY)
        assert "Access-Control-Allow-Origin" not in bare.headers


# -- connections ------------------------------------------------------------------------


async def test_a_client_past_the_connection_cap_gets_a_429(tmp_path: Path) -> None:
    options = ServeOptions(max_connections=2, retry_after_s=4)
    async with served(tmp_path, options, FAKE_TOKENS="40", FAKE_TOKEN_DELAY_S="0.05") as s:
        body = {"messages": HI, "max_tokens": 40}
        clients = [
            httpx.AsyncClient(base_url=f"http://127.0.0.1:{s.port}", trust_env=False, timeout=20)
            for _ in range(3)
        ]
        try:
            busy = [
                asyncio.ensure_future(client.post("/v1/chat/completions", json=body))
                for client in clients[:2]
            ]
            await until(lambda: s.facade.chats.active + s.facade.chats.waiting == 2)
            refused = await clients[2].get("/health")
            assert_error_object(refused, 429, "too_many_connections")
            assert refused.headers["Retry-After"] == "4"
            assert "2" in refused.json()["error"]["message"]
            assert [r.status_code for r in await asyncio.gather(*busy)] == [200, 200]
        finally:
            for client in clients:
                await client.aclose()
        assert (await s.http.get("/health")).status_code == 200  # the cap let go


# -- a client that closes its sending side ------------------------------------------------


def _half_closed(port: int, body: dict[str, object]) -> bytes:
    """Send a chat, shut the sending side (as `nc -N` or a proxy does), read the answer."""
    data = json.dumps(body).encode()
    head = (
        "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as raw:
        raw.sendall(head + data)
        raw.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := raw.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("stream", [False, True], ids=["gathered", "streamed"])
async def test_a_client_that_half_closes_still_gets_its_whole_answer(
    tmp_path: Path, stream: bool
) -> None:
    async with served(tmp_path, FAKE_TOKENS="6", FAKE_TOKEN_DELAY_S="0.05") as s:
        body = {"messages": HI, "max_tokens": 6, "stream": stream}
        reply = await asyncio.to_thread(_half_closed, s.port, body)
        final = reply.split(b"\r\n\r\n", 1)[1] if reply.startswith(b"HTTP/1.1 100 ") else reply
        assert final.startswith(b"HTTP/1.1 200 "), reply[:300]
        if stream:
            assert b"data: [DONE]" in final
        else:
            answer = json.loads(final.split(b"\r\n\r\n", 1)[1].split(b"\r\n0\r\n")[0])
            assert answer["choices"][0]["finish_reason"] in ("length", "stop")


@pytest.mark.parametrize("stream", [False, True], ids=["gathered", "streamed"])
async def test_a_client_that_closes_entirely_mid_answer_still_frees_its_slot(
    tmp_path: Path, stream: bool
) -> None:
    """Between two tokens 1.5 s apart nothing is written to the client (a gathered answer
    writes nothing before its end): that it left must be found all the same, at once."""
    async with served(tmp_path, FAKE_TOKENS="10", FAKE_TOKEN_DELAY_S="1.5") as s:
        data = json.dumps({"messages": HI, "max_tokens": 10, "stream": stream}).encode()
        raw = socket.create_connection(("127.0.0.1", s.port), timeout=5)
        raw.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%b" % (len(data), data)
        )
        await until(lambda: s.facade.chats.active == 1)
        if stream:  # the stream has begun: its head and first token are sent
            assert b"data: " in await asyncio.to_thread(raw.recv, 65536)
        raw.close()
        left = time.monotonic()
        await until(lambda: s.facade.chats.active == 0, timeout_s=1.2)
        assert time.monotonic() - left < 1.2


# -- the API key file -----------------------------------------------------------------------

_MEMORY_CAP = 2 << 30  # old code read /dev/zero until it ran out: here, of this


def _serve_with_key_file(tmp_path: Path, key_file: Path) -> subprocess.CompletedProcess[str]:
    model = tiny_gguf(tmp_path / "m.gguf")

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY_CAP, _MEMORY_CAP))

    return subprocess.run(
        [sys.executable, "-m", "studio", "serve", str(model), "--api-key-file", str(key_file)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "STUDIO_HOME": str(tmp_path)},
        preexec_fn=cap_memory,
    )


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_an_api_key_file_that_is_no_file_is_said_at_once(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        key_file = tmp_path / "key"
        os.mkfifo(key_file)
    else:
        key_file = Path("/dev/zero")
    try:
        done = _serve_with_key_file(tmp_path, key_file)
    finally:
        if kind == "fifo":  # a reader stuck on it (the old code) is let go
            with contextlib.suppress(OSError):
                os.close(os.open(key_file, os.O_WRONLY | os.O_NONBLOCK))
    assert done.returncode != 0
    assert f"The API key file {key_file} cannot be read." in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
