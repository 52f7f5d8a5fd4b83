"""`studio serve`'s error words, access checks, slot queue and safe defaults, without a
server."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from pathlib import Path

import pytest

from studio.cli.serve import register, serve_options
from studio.core.api.errors import HttpError, from_server_error, from_switch_error
from studio.core.api.http import (
    RateLimitedLog,
    Request,
    ServeOptions,
    SlotGate,
    check_access,
)
from studio.core.errors import StudioError
from studio.core.server.client import ServerError


def test_llama_servers_context_overflow_becomes_context_length_exceeded() -> None:
    body = {
        "error": {
            "code": 400,
            "message": "request (1200 tokens) exceeds the available context size (512 "
            "tokens), try increasing it",
            "type": "exceed_context_size_error",
            "n_prompt_tokens": 1200,
            "n_ctx": 512,
        }
    }
    error = from_server_error(ServerError(400, json.dumps(body), "exceed_context_size_error"))
    assert error.status == 400 and error.code == "context_length_exceeded"
    message = error.body()["error"]["message"]
    assert "1200" in message and "512" in message


def test_other_engine_errors_are_4xx_or_502_without_the_raw_body() -> None:
    refused = from_server_error(ServerError(400, '{"error": {"message": "bad grammar"}}'))
    assert refused.status == 400 and "bad grammar" in refused.message
    typed = from_server_error(
        ServerError(500, '{"error": {"message": "[json.exception.type_error.302] x"}}')
    )
    assert typed.status == 400
    assert from_server_error(ServerError(500, "<html>")).status == 502


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("model_missing", 422),  # the model cannot be loaded here: the request's problem
        ("plan_refused", 422),
        ("gguf.truncated", 422),
        ("launch_denied_argument", 422),
        ("superseded", 503),  # the server's state: replaced on the way, the engine failed
        ("oom_kv", 503),
        ("crashed", 503),
    ],
)
def test_a_switch_that_cannot_bring_the_model_is_the_requests_or_the_servers(
    code: str, status: int
) -> None:
    answer = from_switch_error(StudioError(code, "detail"))
    assert (answer.status, answer.code, answer.param) == (status, code, None)


def test_a_model_no_library_has_is_404_on_the_model_field() -> None:
    answer = from_switch_error(StudioError("model_not_found", "no such", model="gpt-9"))
    assert (answer.status, answer.param) == (404, "model")
    assert answer.body()["error"]["message"] == (
        "There is no model 'gpt-9' in the library. GET /v1/models lists the ones you can name."
    )


def _request(**headers: str) -> Request:
    return Request(
        "POST", "/studio/unload", {k.replace("_", "-"): v for k, v in headers.items()}, b""
    )


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"host": "127.0.0.1:8765"}, None),
        ({"host": "[::1]:8765"}, None),
        ({"host": "localhost"}, None),
        ({"host": "rebound.example:8765"}, 403),
        ({"host": "127.0.0.1", "origin": "https://evil.example"}, 403),
        ({"host": "127.0.0.1", "origin": "null"}, 403),
        ({"host": "127.0.0.1", "content_type": "text/plain"}, 415),
        ({"host": "127.0.0.1", "content_type": "application/x-www-form-urlencoded"}, 415),
    ],
)
def test_access_on_loopback(headers: dict[str, str], status: int | None) -> None:
    request = _request(**headers)
    if status is None:
        check_access(request, ServeOptions())
    else:
        with pytest.raises(HttpError) as refused:
            check_access(request, ServeOptions())
        assert refused.value.status == status


def test_a_wildcard_host_relies_on_the_key() -> None:
    options = ServeOptions(host="0.0.0.0", api_key="k")
    check_access(_request(host="box.lan:8765", authorization="Bearer k"), options)
    with pytest.raises(HttpError) as refused:
        check_access(_request(host="box.lan:8765", authorization="Bearer x"), options)
    assert refused.value.status == 401


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    return parser.parse_args(["serve", "m.gguf", *argv])


def test_a_non_loopback_host_needs_an_api_key(tmp_path: Path) -> None:
    with pytest.raises(StudioError) as refused:
        serve_options(_args("--host", "0.0.0.0"))
    assert refused.value.code == "api_key_required"
    key_file = tmp_path / "key"
    key_file.write_text("from-file\n")
    options = serve_options(_args("--host", "0.0.0.0", "--api-key-file", str(key_file)))
    assert options.api_key == "from-file"
    loopback = serve_options(_args("--allow-origin", "http://localhost:3000/"))
    assert loopback.host == "127.0.0.1" and loopback.api_key is None
    assert loopback.allowed_origins == frozenset({"http://localhost:3000"})


async def test_the_slot_gate_queues_in_order_then_refuses() -> None:
    gate = SlotGate(max_waiting=1, retry_after_s=5)
    await gate.acquire(1)
    waiting = asyncio.ensure_future(gate.acquire(1))
    await asyncio.sleep(0)
    with pytest.raises(HttpError) as busy:
        await gate.acquire(1)
    assert busy.value.status == 429 and busy.value.headers == {"Retry-After": "5"}
    gate.release()
    await asyncio.wait_for(waiting, 1)
    assert gate.active == 1 and gate.waiting == 0
    cancelled = asyncio.ensure_future(gate.acquire(1))
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.sleep(0)
    gate.release()
    assert gate.active == 0 and gate.waiting == 0  # a cancelled waiter gave its turn back


def test_repeated_errors_are_logged_once_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    quiet = RateLimitedLog(logging.getLogger("test.quiet"), interval_s=60)
    logged = [quiet.error("emfile", "too many open files") for _ in range(10_000)]
    assert logged.count(True) == 1
    assert len(caplog.records) == 1


def test_kept_connections_outlive_the_clients_own_idle_expiry() -> None:
    """httpx (and so the openai client) drops an idle connection after its keep-alive
    expiry. If the server closed first, or at the same moment, the client's next request
    would go out on a socket the server is closing and fail with "server disconnected"."""
    import httpx
    import openai

    client_expiry = httpx.Limits().keepalive_expiry
    openai_limits = openai.DEFAULT_CONNECTION_LIMITS
    assert client_expiry is not None and openai_limits.keepalive_expiry is not None
    assert ServeOptions().keep_alive_s > max(client_expiry, openai_limits.keepalive_expiry)
