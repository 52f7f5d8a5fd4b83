"""The manager's light hop to its engine: framing, errors as the callers know them, and
closing the connection when the stream is left (what frees the engine's slot)."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import httpx
import pytest

from studio.core.server.client import ServerError, loopback_client
from studio.core.server.engine_link import get, post_stream
from studio.core.server.streams import StreamCancel

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


@asynccontextmanager
async def engine(handler: Handler) -> AsyncIterator[httpx.AsyncClient]:
    """A server that reads one request head and body, then lets `handler` answer."""
    seen: list[bytes] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(
            (
                int(line.split(b":")[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length")
            ),
            0,  # a GET
        )
        seen.append(head + await reader.readexactly(length))
        await handler(reader, writer)
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server, loopback_client(f"http://127.0.0.1:{port}", "secret") as client:
        client.seen = seen  # type: ignore[attr-defined]
        yield client


def chunked(*pieces: bytes) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


OK_HEAD = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
)


async def test_events_split_anywhere_come_whole_and_the_request_is_sent_as_json() -> None:
    body = OK_HEAD + chunked(
        b'data: {"a": 1}\n',
        b"\n: keep-alive\n\ndata: {",
        b'"b": "\xc3',
        b'\xa9"}\n\ndata: not json\n\n',
        b'data: {"c": 3}\n\ndata: [DONE]\n\n',
    )

    async def answer(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # Sent in pieces cut across chunk sizes, data and the CRLFs between them.
        for at in range(0, len(body), 7):
            writer.write(body[at : at + 7])
            await writer.drain()
            await asyncio.sleep(0)

    async with engine(answer) as client:
        async with post_stream(client, "/v1/chat/completions", {"q": "é"}) as events:
            got = [event async for event in events]
        (request,) = client.seen  # type: ignore[attr-defined]
    assert got == [{"a": 1}, {"b": "é"}, {"c": 3}]  # the malformed line skipped
    head, body = request.split(b"\r\n\r\n", 1)
    assert head.startswith(b"POST /v1/chat/completions HTTP/1.1\r\n")
    assert b"authorization: bearer secret" in head.lower().split(b"\r\n")[1:]
    assert not any(line.lower().startswith(b"accept-encoding") for line in head.split(b"\r\n"))
    assert json.loads(body) == {"q": "é"}


async def test_an_error_status_is_a_server_error_with_the_engines_type() -> None:
    error = json.dumps({"error": {"code": 400, "type": "exceed_context_size_error"}}).encode()

    async def refuse(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(
            b"HTTP/1.1 400 Bad Request\r\nContent-Length: %d\r\n\r\n%s" % (len(error), error)
        )

    async with engine(refuse) as client:
        with pytest.raises(ServerError) as refused:
            async with post_stream(client, "/v1/chat/completions", {}):
                pass
    assert refused.value.status == 400
    assert refused.value.error_type == "exceed_context_size_error"


async def test_lost_connections_are_the_httpx_errors_the_manager_recovers_from() -> None:
    async def hang_up(_reader: asyncio.StreamReader, _writer: asyncio.StreamWriter) -> None:
        return  # closes without a word

    async with engine(hang_up) as client:
        with pytest.raises(httpx.RemoteProtocolError):
            async with post_stream(client, "/v1/chat/completions", {}):
                pass

    async def cut_short(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(OK_HEAD + b"40\r\ndata: partial")

    async with engine(cut_short) as client:
        with pytest.raises(httpx.RemoteProtocolError):
            async with post_stream(client, "/v1/chat/completions", {}) as events:
                [event async for event in events]

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with loopback_client(f"http://127.0.0.1:{port}", None) as nowhere:
        with pytest.raises(httpx.ConnectError):
            async with post_stream(nowhere, "/v1/chat/completions", {}):
                pass


async def test_leaving_the_stream_closes_the_connection() -> None:
    """The engine frees a slot when its write finds the connection closed."""
    closed = asyncio.Event()

    async def stream_until_closed(
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        writer.write(OK_HEAD + chunked(b"data: {}\n\n"))
        await reader.read()  # returns b"" once the client has closed its end
        closed.set()

    async with engine(stream_until_closed) as client:
        async with post_stream(client, "/v1/chat/completions", {}) as events:
            assert await anext(aiter(events)) == {}
        async with asyncio.timeout(5):
            await closed.wait()


async def test_a_cancel_ends_a_read_that_waits_on_a_silent_engine() -> None:
    """A prefill sends nothing: the cancel must not wait for the engine's next word."""
    closed = asyncio.Event()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(OK_HEAD)
        await reader.read()
        closed.set()

    cancel = StreamCancel()
    async with engine(silent) as client:
        async with post_stream(client, "/v1/chat/completions", {}, cancel) as events:
            waiting = asyncio.ensure_future(anext(aiter(events)))
            await asyncio.sleep(0.05)
            cancel.cancel()
            with pytest.raises(httpx.HTTPError):
                async with asyncio.timeout(2):
                    await waiting
        async with asyncio.timeout(5):
            await closed.wait()


async def test_an_engine_silent_past_the_read_timeout_is_a_read_timeout() -> None:
    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(OK_HEAD + b"a\r\ndata: {}\n\n\r\n")
        await reader.read()

    async with engine(silent) as client:
        client.timeout = httpx.Timeout(5.0, read=0.1)
        async with post_stream(client, "/v1/chat/completions", {}) as events:
            assert await anext(aiter(events)) == {}
            with pytest.raises(httpx.ReadTimeout):
                async with asyncio.timeout(2):
                    await anext(aiter(events))


PROPS = b'{"total_slots": 1}'


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(PROPS), PROPS),
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(PROPS[:5], PROPS[5:]),
        b"HTTP/1.0 200 OK\r\n\r\n" + PROPS,  # up to the close, as Python's http.server
    ],
    ids=["sized", "chunked", "to-the-close"],
)
async def test_a_get_returns_the_status_and_the_whole_body(answer: bytes) -> None:
    async def reply(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for at in range(0, len(answer), 7):  # in pieces, as a socket may deliver it
            writer.write(answer[at : at + 7])
            await writer.drain()
            await asyncio.sleep(0)

    async with engine(reply) as client:
        assert await get(client, "/props", 5) == (200, PROPS)
        (request,) = client.seen  # type: ignore[attr-defined]
    request_line, *headers = request.rstrip(b"\r\n").split(b"\r\n")
    assert request_line == b"GET /props HTTP/1.1"
    assert b"authorization: bearer secret" in [h.lower() for h in headers]
    assert b"connection: close" in [h.lower() for h in headers]


async def test_a_get_passes_an_error_status_on_and_raises_lost_or_silent_engines() -> None:
    async def loading(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 2\r\n\r\n{}")

    async with engine(loading) as client:
        assert await get(client, "/health", 5) == (503, b"{}")

    async def silent(reader: asyncio.StreamReader, _writer: asyncio.StreamWriter) -> None:
        await reader.read()  # until the client gives up and closes

    async with engine(silent) as client:
        with pytest.raises(httpx.ReadTimeout):
            await get(client, "/health", 0.1)

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with loopback_client(f"http://127.0.0.1:{port}", None) as nowhere:
        with pytest.raises(httpx.ConnectError):
            await get(nowhere, "/health", 5)
