"""A streaming chat through `studio serve`'s HTTP face raced against an unload, a switch, a
cancel or the client hanging up, in random orders 0-30 ms apart. Shared by the fake-server
test (many trials) and the real-engine test (a few, more with STUDIO_RACE_TRIALS)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections import Counter
from collections.abc import Sequence

import httpx
import psutil

from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.states import ServerState

ACTIONS = ("unload", "switch", "cancel", "unload_same_instant", "hang_up", "none")
STREAM_BOUND_S = 30.0
HI = [{"role": "user", "content": "Count to twenty."}]


async def _stream(http: httpx.AsyncClient) -> str:
    """How the stream ended: 'done', 'error-event', 'status-NNN' or 'closed'."""
    body = {"messages": HI, "stream": True, "max_tokens": 16, "temperature": 0}
    async with http.stream("POST", "/v1/chat/completions", json=body) as response:
        if response.status_code != 200:
            await response.aread()
            return f"status-{response.status_code}"
        ended = "closed"
        async for line in response.aiter_lines():
            if line == "data: [DONE]":
                ended = "done"
            elif line.startswith("data: ") and "error" in json.loads(line[6:]):
                ended = "error-event"
        return ended


async def _interfere(
    action: str,
    http: httpx.AsyncClient,
    manager: ServerManager,
    other: LaunchSpec,
    stream: asyncio.Task[str],
) -> None:
    if action == "unload":
        response = await http.post("/studio/unload")
        assert response.status_code == 200, response.text
    elif action == "switch":
        with contextlib.suppress(Exception):  # superseded or failed: the stream must end
            await manager.load(other)
    elif action == "cancel":
        manager.cancel()
    elif action == "hang_up":
        stream.cancel()


def _raw_request(path: str, body: dict[str, object]) -> bytes:
    data = json.dumps(body).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        # Read until the server closes: a keep-alive HTTP/1.1 client must ask for that.
        "Connection: close\r\n"
        f"Content-Length: {len(data)}\r\n\r\n"
    )
    return head.encode() + data


async def _same_instant(port: int) -> str:
    """A chat and an unload whose last bytes arrive together, so the server handles both
    in one event-loop step: the unload cancels the chat's reader before it has run."""
    chat = _raw_request("/v1/chat/completions", {"messages": HI, "stream": True})
    unload = _raw_request("/studio/unload", {})
    (chat_in, chat_out), (unload_in, unload_out) = [
        await asyncio.open_connection("127.0.0.1", port) for _ in range(2)
    ]
    try:
        chat_out.write(chat[:-1])
        unload_out.write(unload[:-1])
        await asyncio.gather(chat_out.drain(), unload_out.drain())
        await asyncio.sleep(0.02)  # the server has read both heads and waits for the rest
        chat_out.write(chat[-1:])
        unload_out.write(unload[-1:])
        reply = await chat_in.read()  # until the server closes: it must
        await unload_in.read()
    finally:
        chat_out.close()
        unload_out.close()
    if b"[DONE]" in reply:
        return "done"
    return "status-" + reply.split(b" ", 2)[1].decode() if reply else "closed"


async def _trial(
    rng: random.Random,
    port: int,
    http: httpx.AsyncClient,
    manager: ServerManager,
    specs: Sequence[LaunchSpec],
) -> str:
    if manager.snapshot.state is not ServerState.READY:
        await manager.load(specs[0])
    action = rng.choice(ACTIONS)
    if action == "unload_same_instant":
        async with asyncio.timeout(STREAM_BOUND_S):
            return f"{action}:{await _same_instant(port)}"
    delay = rng.uniform(0, 0.03)
    current = manager.snapshot.spec
    other = specs[1] if current == specs[0] else specs[0]
    interfere_first = rng.random() < 0.5
    if interfere_first:
        await asyncio.sleep(delay)
    stream = asyncio.ensure_future(_stream(http))
    if not interfere_first:
        await asyncio.sleep(delay)
    async with asyncio.timeout(STREAM_BOUND_S):  # the bug: a stream that never ends
        await _interfere(action, http, manager, other, stream)
        try:
            ended = await stream
        except asyncio.CancelledError:
            ended = "hung-up"
    return f"{action}:{ended}"


def close_wait_sockets(port: int) -> list[object]:
    """Server-side sockets of `port` the client closed but the server never did."""
    return [
        c
        for c in psutil.Process().net_connections(kind="tcp")
        if c.status == psutil.CONN_CLOSE_WAIT and c.laddr and c.laddr.port == port
    ]


async def race(
    manager: ServerManager, port: int, specs: Sequence[LaunchSpec], trials: int, seed: int
) -> Counter[str]:
    """Run `trials` races; every stream must end within the bound, and no socket may be
    left in CLOSE_WAIT afterwards. Returns how often each action ended each way."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    timeout = httpx.Timeout(STREAM_BOUND_S)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", trust_env=False, timeout=timeout
    ) as http:
        for _ in range(trials):
            outcomes[await _trial(rng, port, http, manager, specs)] += 1
    await asyncio.sleep(0.5)  # let the last closes land
    leaked = close_wait_sockets(port)
    assert not leaked, f"sockets left in CLOSE_WAIT: {leaked}"
    return outcomes
