"""An OpenAI-compatible HTTP face over the manager, for `studio serve`.

Every chat request goes through `ServerManager.stream_chat`, so crash recovery, replay
and unload epochs apply to API clients exactly as to the app. A deliberately small
HTTP/1.1 server on asyncio streams (kept connections, Content-Length request bodies,
chunked streams) that needs no web framework; `http` guards it (limits, Host/Origin/key
checks), `validation` checks what clients send, `errors` words every error answer.

Routes: GET /health, GET /v1/models (the library, the loaded model marked),
POST /v1/chat/completions and /v1/completions (streaming and not), POST /v1/embeddings,
GET /studio/status, POST /studio/load {"model": PATH}, POST /studio/unload,
GET /studio/tools (once `serve_tools` is called), GET /openapi.json, and OPTIONS on any
of them (a browser's CORS preflight). A request naming a library model (`catalog`)
that is not loaded loads it first (the manager's `ModelSwitch`,
`core/server/switcher.py`); a client that disconnects cancels its request
at once, which frees the engine's slot (the engine stops when the stream it writes to is
closed); one that only closes its sending side is answered (`_gone`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import time
import uuid
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import httpx
import orjson

from studio.core.api import validation
from studio.core.api.catalog import LibraryScan, ModelCatalog
from studio.core.api.errors import (
    HttpError,
    from_server_error,
    from_studio_error,
    from_switch_error,
)
from studio.core.api.events import CLIENT_CLOSED, RequestEvent, RequestListener
from studio.core.api.http import (
    HEADER_LIMIT,
    LISTEN_BACKLOG,
    Admission,
    ConnectionLimiter,
    RateLimitedLog,
    Request,
    ServeOptions,
    SlotGate,
    allowed_origin,
    check_access,
    cors_headers,
    listen_backlog,
    open_file_limit,
    preflight_headers,
    read_request,
)
from studio.core.api.replies import ReplyCollector, ReplyHead, StreamRewriter
from studio.core.api.routing import OneModel, ServedModels, SeveralModels, snapshot_json
from studio.core.api.schema import OPENAPI
from studio.core.errors import StudioError
from studio.core.server.client import COMPLETIONS_PATH, ChatDelta, ServerError
from studio.core.server.manager import EngineCrashedOnRequestError, ServerManager
from studio.core.server.states import ServerState
from studio.core.server.switcher import Held, LoadPlanner, ModelLookup, ModelSwitch

if TYPE_CHECKING:
    from studio.core.residents.scheduler import Residents

log = logging.getLogger(__name__)

_CLOSE_TIMEOUT_S = 5.0
# How long a connection refused with a 429 is read from before it is closed: closing a
# socket with its request unread resets it, and a reset may cost the client the 429.
_LINGER_S = 1.0
# How often a client that closed its sending side is checked for having gone entirely.
_GONE_POLL_S = 0.1
# What may be written to such a client to find out (see `_gone`): before the answer, an
# interim answer every HTTP/1.1 client skips (RFC 9110 15.2); in an event stream, a
# comment, which every event-stream reader skips.
_INTERIM = b"HTTP/1.1 100 Continue\r\n\r\n"
_SSE_COMMENT = b": waiting\n\n"
EMBEDDINGS_PATH = "/v1/embeddings"
# States a plain (non-streamed) engine request may stop waiting in.
_SETTLED = frozenset({ServerState.READY, ServerState.IDLE, ServerState.FAILED})


# What a stream's failure means to an API client.
_STREAM_FAILURES = (StudioError, ServerError, httpx.HTTPError)


def check_model_file(given: Path) -> Path:
    """Refuse a model path that cannot be loaded, before the running model is touched:
    missing, not a regular file (a FIFO would block the reader forever), unreadable, or
    not a GGUF. Returns the path with `~` expanded. Blocking: run it in a thread."""
    from studio.core.gguf import GGUFError
    from studio.core.gguf import check_model_file as check_gguf

    path = given.expanduser()
    try:
        check_gguf(path)
    except GGUFError as error:
        if error.code.startswith("gguf."):  # one answer for every way a header is bad
            raise StudioError("model_invalid", error.detail, path=str(path)) from error
        raise
    return path


class ServedTools(Protocol):
    """Tools the API serves beside the models (`studio serve --mcp-tools`)."""

    def listing(self) -> Mapping[str, Any]: ...

    async def call(self, name: str, arguments: Mapping[str, Any]) -> Mapping[str, Any]: ...


class ChatFacade:
    """Serves the routes above for one manager; `plan_load(path)` turns the model of a
    /studio/load into what to launch, with the options the server was started with.
    `library()` lists the models requests may name (`plan_demand` plans those, default
    `plan_load`); `idle_unload_s` unloads the model after that long without a request.
    `on_request` is told of every answered request (see `events`). `several` serves
    several resident models instead (`core/residents`)."""

    def __init__(
        self,
        manager: ServerManager,
        plan_load: LoadPlanner,
        options: ServeOptions | None = None,
        *,
        library: LibraryScan = tuple,
        plan_demand: LoadPlanner | None = None,
        idle_unload_s: float | None = None,
        on_request: RequestListener | None = None,
    ) -> None:
        self._prepare(options, library, on_request)
        switch = ModelSwitch(manager, self._catalog.find, plan_demand or plan_load, idle_unload_s)
        self._models: ServedModels = OneModel(manager, switch, plan_load)

    @classmethod
    def several(
        cls,
        residents: Callable[[ModelLookup], Residents],
        options: ServeOptions | None = None,
        *,
        library: LibraryScan = tuple,
        on_request: RequestListener | None = None,
        owned: bool = True,
    ) -> ChatFacade:
        """Serve several resident models: `residents(lookup)` makes the scheduler, given
        how a request's model name becomes a library file. `owned`: started and closed
        with the facade (False: the app's own residents, which outlive its local API)."""
        facade = cls.__new__(cls)
        facade._prepare(options, library, on_request)
        facade._models = SeveralModels(residents(facade._catalog.find), owned=owned)
        return facade

    def _prepare(
        self,
        options: ServeOptions | None,
        library: LibraryScan,
        on_request: RequestListener | None,
    ) -> None:
        self._on_request = on_request
        # The exchange under way on each open connection.
        self._exchanges: dict[asyncio.StreamWriter, _Exchange] = {}
        self._options = options or ServeOptions()
        self._catalog = ModelCatalog(library)
        self._server: asyncio.Server | None = None
        self._connections = ConnectionLimiter(self._options.max_connections)
        # Each model's chats wait for its own engine's slots.
        self._gates: weakref.WeakKeyDictionary[ServerManager, SlotGate] = (
            weakref.WeakKeyDictionary()
        )
        self._quiet_log = RateLimitedLog(log)
        self._previous_handler: Any = None
        self._routes: dict[
            tuple[str, str], Callable[[Request, asyncio.StreamWriter], Awaitable[None]]
        ] = {
            ("GET", "/health"): self._health,
            ("GET", "/v1/health"): self._health,
            ("GET", "/v1/models"): self._list_models,
            ("GET", "/models"): self._list_models,
            ("GET", "/studio/status"): self._status,
            ("GET", "/openapi.json"): self._openapi,
            ("POST", "/studio/load"): self._load,
            ("POST", "/studio/unload"): self._unload,
            ("POST", "/v1/chat/completions"): self._chat,
            ("POST", "/chat/completions"): self._chat,
            ("POST", "/v1/completions"): self._text,
            ("POST", "/completions"): self._text,
            ("POST", "/v1/embeddings"): self._embeddings,
            ("POST", "/embeddings"): self._embeddings,
        }

    @property
    def connections(self) -> ConnectionLimiter:
        return self._connections

    def serve_tools(self, tools: ServedTools) -> None:
        """Answer GET /studio/tools with `tools.listing()`, read at each request, and POST
        /studio/tools/call {"name", "arguments"} with the tool's result (`studio serve
        --mcp-tools`: the MCP servers' tools, for clients that run their own tool loop);
        without this call neither route is there."""

        async def listing(_request: Request, writer: asyncio.StreamWriter) -> None:
            await self._send_json(writer, 200, tools.listing())

        async def call(request: Request, writer: asyncio.StreamWriter) -> None:
            body = validation.parse_json_object(request.body)
            name = body.get("name")
            if not isinstance(name, str) or not name:
                raise HttpError(400, "invalid_field", param="name", reason="expected a tool name")
            arguments = body.get("arguments", {})
            if not isinstance(arguments, dict):
                raise HttpError(
                    400, "invalid_field", param="arguments", reason="expected an object"
                )
            try:
                answer = await tools.call(name, arguments)
            except StudioError as error:
                status = 404 if error.code == "mcp_tool_unknown" else 502
                raise from_studio_error(error, status, param="name") from error
            await self._send_json(writer, 200, answer)

        self._routes[("GET", "/studio/tools")] = listing
        self._routes[("POST", "/studio/tools/call")] = call

    @property
    def chats(self) -> SlotGate:
        """The chat gate of the model a request naming none goes to."""
        front = self._models.front()
        return self._gate(front) if front is not None else SlotGate(0, 0)

    def _gate(self, manager: ServerManager) -> SlotGate:
        gate = self._gates.get(manager)
        if gate is None:
            gate = SlotGate(self._options.max_queued_chats, self._options.retry_after_s)
            self._gates[manager] = gate
        return gate

    @property
    def models(self) -> ServedModels:
        return self._models

    async def start(self, port: int) -> int:
        loop = asyncio.get_running_loop()
        # asyncio reports each failed accept() (EMFILE in a flood) with a traceback.
        self._previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._quiet_log.loop_exception_handler)
        fd_limit = open_file_limit()
        self._server = await asyncio.start_server(
            self._handle,
            self._options.host,
            port,
            limit=HEADER_LIMIT,
            backlog=LISTEN_BACKLOG if fd_limit is None else listen_backlog(fd_limit),
        )
        bound: int = self._server.sockets[0].getsockname()[1]
        self._models.start()
        return bound

    async def close(self) -> None:
        await self._models.close()
        if self._server is not None:
            self._server.close()
            # Streams in flight end now: waiting for them would let one client hold the
            # stop (and the app's quit) for as long as it keeps reading.
            self._connections.abort_all()
            await self._server.wait_closed()
            asyncio.get_running_loop().set_exception_handler(self._previous_handler)
            self._server = None

    # -- HTTP plumbing ----------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        admission = self._connections.admit(writer)
        if admission is not Admission.ADMIT:  # every connection is serving a real request
            try:
                if admission is Admission.REFUSE:
                    await self._refuse(reader, writer)
            finally:
                self._connections.release(writer)
                writer.transport.abort()
            return
        try:
            received: bytes | None = b""
            while received is not None:
                received = await self._serve_one(reader, writer, received)
                if received is not None:
                    self._connections.waiting(writer)
                    received = await self._next_request(reader, received)
        finally:
            self._exchanges.pop(writer, None)
            self._connections.release(writer)
            await self._close(writer)

    async def _refuse(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Answer a connection past the cap 429, then read its request away for a moment
        so that closing it does not reset the answer away."""
        busy = HttpError(
            429,
            "too_many_connections",
            headers={"Retry-After": str(self._options.retry_after_s)},
            limit=self._connections.limit,
        )
        with contextlib.suppress(ConnectionError, TimeoutError, OSError):
            await self._send_json(writer, busy.status, busy.body(), busy.headers)
            writer.write_eof()
            async with asyncio.timeout(_LINGER_S):
                while await reader.read(HEADER_LIMIT):
                    pass

    async def _next_request(self, reader: asyncio.StreamReader, received: bytes) -> bytes | None:
        """The first bytes of a kept connection's next request; None when the client
        closes it or sends nothing within `keep_alive_s` (closed quietly: no request)."""
        if received:
            return received
        try:
            async with asyncio.timeout(self._options.keep_alive_s):
                return await reader.read(HEADER_LIMIT) or None
        except (ConnectionError, TimeoutError):
            return None

    async def _serve_one(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, received: bytes
    ) -> bytes | None:
        """Answer one request; returns the bytes of the next one read so far when the
        connection may carry it, None when it must close."""
        started = time.monotonic()
        request: Request | None = None
        failure: HttpError | None = None
        exchange = self._exchanges[writer] = _Exchange()
        try:
            request, exchange.received = await read_request(reader, self._options, received)
            exchange.keep_alive = request.keep_alive
            exchange.origin = allowed_origin(request, self._options)
            self._connections.serving(writer)
            if request.method == "OPTIONS":
                await self._preflight(request, writer)
            else:
                check_access(request, self._options)
                await self._route_while_connected(request, reader, writer, exchange)
        except HttpError as error:
            failure = error
            with contextlib.suppress(ConnectionError, TimeoutError):
                await self._send_error(writer, error)
        except (ConnectionError, asyncio.IncompleteReadError, TimeoutError):
            # The client went away or stopped reading; closing frees the slot.
            failure = HttpError(CLIENT_CLOSED, "client_closed")
        except Exception as error:
            # Never the exception's text in the answer: it can hold paths and internals.
            self._quiet_log.error("request", "serve: request failed", exc_info=error)
            failure = HttpError(500, "internal_error")
            with contextlib.suppress(ConnectionError, TimeoutError):
                await self._send_error(writer, failure)
        listener = self._on_request
        failure = exchange.late_error or failure
        if listener is not None and (request is not None or failure is not None):
            self._report(listener, request, writer, failure, time.monotonic() - started)
        if failure is not None or not exchange.keep_alive or writer.transport.is_closing():
            return None
        return bytes(exchange.received)

    def _report(
        self,
        listener: RequestListener,
        request: Request | None,
        writer: asyncio.StreamWriter,
        failure: HttpError | None,
        duration_s: float,
    ) -> None:
        if request is None and failure is not None and failure.status == CLIENT_CLOSED:
            return  # a connection that closed without a request: a probe, not a request
        peer = writer.get_extra_info("peername")
        event = RequestEvent(
            method=request.method if request else "",
            path=request.path if request else "",
            client=str(peer[0]) if isinstance(peer, tuple) and peer else "",
            status=failure.status if failure else 200,
            duration_s=duration_s,
            error_code=failure.code if failure else None,
            message=failure.message if failure else None,
        )
        try:
            listener(event)
        except Exception as error:  # a watcher's bug must not cost the client its answer
            self._quiet_log.error("listener", "serve: request listener failed", exc_info=error)

    @staticmethod
    async def _close(writer: asyncio.StreamWriter) -> None:
        writer.close()
        try:
            # A peer that never reads would keep the flush, and the socket, forever.
            async with asyncio.timeout(_CLOSE_TIMEOUT_S):
                await writer.wait_closed()
        except (ConnectionError, TimeoutError):
            writer.transport.abort()

    def _head(
        self,
        writer: asyncio.StreamWriter,
        status: int,
        content_type: str,
        length: int | None = None,
        extra: Mapping[str, str] | None = None,
    ) -> bytes:
        """The status line and headers. Without `length` the body is a stream: chunked on
        a kept connection, else ended by closing it."""
        exchange = self._exchanges.get(writer)
        keep_alive = exchange is not None and exchange.keep_alive
        reason = HTTPStatus(status).phrase
        lines = [f"HTTP/1.1 {status} {reason}"]
        if status != 204:  # a 204 has no body, so neither of these
            lines.append(f"Content-Type: {content_type}")
            if length is not None:
                lines.append(f"Content-Length: {length}")
        if length is None:
            lines.append("Cache-Control: no-cache")
            if keep_alive:
                lines.append("Transfer-Encoding: chunked")
        lines.append("Connection: keep-alive" if keep_alive else "Connection: close")
        if exchange is not None:
            exchange.probe = None  # from here on nothing may come before the body
            if exchange.origin is not None:
                lines.extend(
                    f"{name}: {value}" for name, value in cors_headers(exchange.origin).items()
                )
        lines.extend(f"{name}: {value}" for name, value in (extra or {}).items())
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def _drain(self, writer: asyncio.StreamWriter) -> None:
        if writer.transport.get_write_buffer_size() == 0 and not writer.transport.is_closing():
            return  # all sent: no wait, and no timer per streamed token on the hot path
        async with asyncio.timeout(self._options.write_timeout_s):
            await writer.drain()

    async def _send_json(
        self,
        writer: asyncio.StreamWriter,
        status: int,
        body: Any,
        extra: Mapping[str, str] | None = None,
    ) -> None:
        data = json.dumps(body).encode()
        writer.write(self._head(writer, status, "application/json", len(data), extra) + data)
        await self._drain(writer)

    async def _send_error(self, writer: asyncio.StreamWriter, error: HttpError) -> None:
        # After an error the connection closes: its request may have left unread bytes.
        exchange = self._exchanges.get(writer)
        if exchange is not None:
            exchange.keep_alive = False
        await self._send_json(writer, error.status, error.body(), error.headers)

    async def _preflight(self, request: Request, writer: asyncio.StreamWriter) -> None:
        """OPTIONS: a browser's CORS preflight, answered without the API key."""
        headers = preflight_headers(request, self._options)
        writer.write(self._head(writer, 204, "", 0, headers))
        await self._drain(writer)

    # -- routes -----------------------------------------------------------------------

    async def _route_while_connected(
        self,
        request: Request,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        exchange: _Exchange,
    ) -> None:
        """Answer `request`, cancelled the moment its client disconnects: closing the
        engine stream is what frees the slot, during a prefill too, streamed or not."""
        answer = asyncio.ensure_future(self._route(request, writer))
        if request.version == "HTTP/1.1":  # HTTP/1.0 has no interim answers
            exchange.probe = _INTERIM
        gone = asyncio.ensure_future(_disconnected(reader, writer, exchange))
        try:
            await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (gone, answer):  # both are this connection's; none outlives it
                if not task.done():
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
        if answer.cancelled():
            raise ConnectionResetError("the client closed the connection")
        answer.result()  # the answer's own error (an HttpError, say) propagates

    async def _route(self, request: Request, writer: asyncio.StreamWriter) -> None:
        handler = self._routes.get((request.method, request.path))
        if handler is None:
            raise HttpError(404, "not_found", method=request.method[:16], path=request.path[:200])
        await handler(request, writer)

    async def _health(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        front = self._models.front()
        state = front.snapshot.state if front is not None else ServerState.IDLE
        if state is ServerState.READY:
            await self._send_json(writer, 200, {"status": "ok"})
        else:
            raise HttpError(503, "model_state", state=state.value)

    async def _list_models(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        entries = await self._catalog.entries()
        await self._send_json(writer, 200, self._models.listing(entries))

    async def _status(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, self._models.status())

    async def _openapi(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, OPENAPI)

    async def _load(self, request: Request, writer: asyncio.StreamWriter) -> None:
        body = validation.parse_json_object(request.body)
        model = body.get("model")
        if not isinstance(model, str) or not model or "\0" in model:
            raise HttpError(400, "invalid_field", param="model", reason="expected a file path")
        pinned = body.get("pinned", False)
        if not isinstance(pinned, bool):
            raise HttpError(400, "invalid_field", param="pinned", reason="expected true or false")
        try:
            # Everything that can refuse the new model runs before the old one is stopped.
            path = await asyncio.to_thread(check_model_file, Path(model))
            loaded = await self._models.load(path, pinned)
        except StudioError as error:
            raise from_studio_error(error, 422) from error
        await self._send_json(writer, 200, snapshot_json(loaded))

    async def _unload(self, request: Request, writer: asyncio.StreamWriter) -> None:
        body = validation.parse_json_object(request.body) if request.body.strip() else {}
        model = body.get("model")
        if model is not None and (not isinstance(model, str) or "\0" in model):
            raise HttpError(400, "invalid_field", param="model", reason="expected a model name")
        await self._send_json(writer, 200, await self._models.unload(model or None))

    @contextlib.asynccontextmanager
    async def _holding(
        self, name: str | None, ttl_s: float | None = None
    ) -> AsyncIterator[Held | None]:
        """The served models' `use`, with its failure to bring the model answered over
        HTTP; what the block itself raises passes unchanged."""
        entered = False
        try:
            async with self._models.use(name, ttl_s) as held:
                entered = True
                yield held
        except StudioError as error:
            if entered:
                raise
            raise from_switch_error(error) from error

    def _manager_of(self, held: Held | None) -> ServerManager:
        """The manager answering a request: the one it holds, else the front one (which
        then says why it cannot answer)."""
        if held is not None:
            return held.manager
        front = self._models.front()
        if front is None:
            raise HttpError(503, "no_model")
        return front

    @staticmethod
    def _slots(manager: ServerManager) -> int:
        snapshot = manager.snapshot
        if snapshot.ready is not None and snapshot.ready.total_slots > 0:
            return snapshot.ready.total_slots
        parallel = snapshot.spec.parallel if snapshot.spec is not None else None
        return parallel if isinstance(parallel, int) and parallel > 0 else 1

    async def _chat(self, http_request: Request, writer: asyncio.StreamWriter) -> None:
        request = validation.chat_request(validation.parse_json_object(http_request.body))
        await self._generate(request, writer, chat=True)

    async def _text(self, http_request: Request, writer: asyncio.StreamWriter) -> None:
        body = validation.parse_json_object(http_request.body)
        await self._generate(validation.completion_request(body), writer, chat=False)

    async def _generate(
        self, request: dict[str, Any], writer: asyncio.StreamWriter, *, chat: bool
    ) -> None:
        ttl_s = request.pop("ttl_s", None)
        async with self._holding(request.pop("model", None), ttl_s) as held:
            manager = self._manager_of(held)
            slots = self._slots(manager)
            choices = request.get("n") or 1
            if choices > slots:
                raise HttpError(400, "too_many_choices", param="n", slots=slots)
            gate = self._gate(manager)
            await gate.acquire(slots)
            try:
                await self._answer(request, writer, chat=chat, manager=manager, held=held)
            finally:
                gate.release()

    async def _answer(
        self,
        request: dict[str, Any],
        writer: asyncio.StreamWriter,
        *,
        chat: bool,
        manager: ServerManager,
        held: Held | None = None,
    ) -> None:
        """`held`: the model the request holds; only it answers, and the reply says so."""
        messages = request.pop("messages", [])
        stream = bool(request.pop("stream", False))
        include_usage = bool((request.pop("stream_options", None) or {}).get("include_usage"))
        head = ReplyHead(
            f"{'chatcmpl' if chat else 'cmpl'}-{uuid.uuid4().hex}",
            int(time.time()),
            held.spec.public_name if held is not None else _model_name(manager),
            chat,
        )
        options = {k: v for k, v in request.items() if v is not None}
        if not chat:
            options["endpoint"] = COMPLETIONS_PATH
        requested = held.spec if held is not None else None
        deltas = manager.stream_chat(messages, requested=requested, **options)
        try:
            if stream:
                rewriter = StreamRewriter(head, int(request.get("n") or 1))
                await self._stream_sse(deltas, writer, rewriter, include_usage)
            else:
                await self._complete(deltas, writer, ReplyCollector(head))
        finally:
            await deltas.aclose()

    async def _stream_sse(
        self,
        deltas: AsyncIterator[ChatDelta],
        writer: asyncio.StreamWriter,
        rewriter: StreamRewriter,
        include_usage: bool,
    ) -> None:
        exchange = self._exchanges[writer]
        frame, ending = _framing(exchange.keep_alive)
        opened = False
        try:
            async for delta in deltas:
                if not opened:
                    # Framed as the head says: pipelined bytes past a head's worth may
                    # have ended the keep-alive since the stream began.
                    frame, ending = _framing(exchange.keep_alive)
                    opening = b"".join(_event(c) for c in rewriter.opening())
                    writer.write(self._head(writer, 200, "text/event-stream") + frame(opening))
                    exchange.probe = frame(_SSE_COMMENT)
                    opened = True
                chunks = rewriter.chunks(delta)
                if chunks:
                    writer.write(frame(b"".join(_event(c) for c in chunks)))
                    await self._drain(writer)
        except _STREAM_FAILURES as error:
            if not opened:
                raise _as_http_error(error) from error
            # The status line is sent: the error goes in the stream, as llama-server does.
            exchange.late_error = late = _as_http_error(error)
            exchange.probe = None  # the body ends here: nothing may follow it
            writer.write(frame(_event(late.body())) + ending)
            await self._drain(writer)
            return
        if not opened:
            frame, ending = _framing(exchange.keep_alive)
            writer.write(self._head(writer, 200, "text/event-stream"))
        exchange.probe = None  # the body ends here: nothing may follow it
        closing = b"".join(_event(c) for c in rewriter.closing(include_usage))
        writer.write(frame(closing + b"data: [DONE]\n\n") + ending)
        await self._drain(writer)

    async def _complete(
        self,
        deltas: AsyncIterator[ChatDelta],
        writer: asyncio.StreamWriter,
        collector: ReplyCollector,
    ) -> None:
        try:
            async for delta in deltas:
                collector.add(delta)
        except _STREAM_FAILURES as error:
            raise _as_http_error(error) from error
        await self._send_json(writer, 200, collector.reply())

    async def _embeddings(self, http_request: Request, writer: asyncio.StreamWriter) -> None:
        body = validation.embeddings_request(validation.parse_json_object(http_request.body))
        ttl_s = body.pop("ttl_s", None)
        async with self._holding(body.pop("model", None), ttl_s) as held:
            manager = self._manager_of(held)
            spec = manager.snapshot.spec
            if spec is not None and not spec.embeddings:
                raise HttpError(400, "embeddings_off", param="model", model=spec.public_name)
            gate = self._gate(manager)
            await gate.acquire(self._slots(manager))
            try:
                reply = await _post_engine(manager, EMBEDDINGS_PATH, body)
            finally:
                gate.release()
        reply["model"] = _model_name(manager)
        await self._send_json(writer, 200, reply)


def _model_name(manager: ServerManager) -> str:
    snapshot = manager.snapshot
    if snapshot.ready is not None:
        return snapshot.ready.model_alias
    return snapshot.spec.public_name if snapshot.spec is not None else ""


async def _post_engine(
    manager: ServerManager, path: str, body: Mapping[str, Any]
) -> dict[str, Any]:
    """One plain request to `manager`'s child, once it has it ready."""
    snapshot = await manager.wait_for(lambda s: s.state in _SETTLED)
    process = manager.current_process()
    if snapshot.state is not ServerState.READY or process is None:
        if snapshot.failure is not None:
            failure = snapshot.failure
            raise from_studio_error(
                StudioError(failure.code.value, failure.detail, **dict(failure.params))
            )
        raise HttpError(503, "no_model")
    try:
        response = await process.client.post(path, json=body)
    except httpx.HTTPError as error:
        raise HttpError(502, "engine_unreachable") from error
    if response.status_code != 200:
        raise from_server_error(ServerError(response.status_code, response.text))
    reply: dict[str, Any] = response.json()
    return reply


def _event(payload: Mapping[str, Any]) -> bytes:
    return b"data: " + orjson.dumps(payload) + b"\n\n"


async def _disconnected(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    exchange: _Exchange,
) -> None:
    """Return when the client has gone. Bytes it sends meanwhile are the next request of
    a client that pipelines: kept for it, up to a head's worth (past that the connection
    closes after this answer and the rest is dropped). The end of what it sends is no
    sign it left: a client may close only its sending side once its request is sent
    (shutdown(SHUT_WR)) and wait for the answer; see `_gone`."""
    try:
        while data := await reader.read(HEADER_LIMIT):
            if len(exchange.received) + len(data) > HEADER_LIMIT:
                exchange.keep_alive = False
            else:
                exchange.received += data
    except ConnectionError:
        return
    await _gone(writer, exchange)


async def _gone(writer: asyncio.StreamWriter, exchange: _Exchange) -> None:
    """Return once a client that closed its sending side is found gone entirely. Only
    writing tells: its system answers data for a closed socket with a reset. So what the
    exchange allows to be written now (`probe`) is, at once: a client that left during a
    long prefill then frees the engine's slot in a moment, not when the answer comes."""
    if exchange.probe is not None:
        writer.write(exchange.probe)
    sock = writer.get_extra_info("socket")
    while not writer.transport.is_closing():
        await asyncio.sleep(_GONE_POLL_S)
        if sock is not None and sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
            return


@dataclass
class _Exchange:
    """One request and its answer on a connection."""

    keep_alive: bool = False  # the connection may carry another request after this one
    received: bytes = b""  # bytes of the next request, read early
    origin: str | None = None  # an allowed Origin the answer's CORS headers name
    # Bytes the client must skip that may be written now, to learn whether it is still
    # there: None where nothing may (an HTTP/1.0 client, a body under way).
    probe: bytes | None = None
    # An error written into a stream whose 200 was already sent: reported instead of it.
    late_error: HttpError | None = None


_LAST_CHUNK = b"0\r\n\r\n"


def _framing(keep_alive: bool) -> tuple[Callable[[bytes], bytes], bytes]:
    """How a streamed body is framed, and what ends it: chunks on a kept connection,
    else plain bytes ended by closing it."""
    return (_chunk, _LAST_CHUNK) if keep_alive else (bytes, b"")


def _chunk(data: bytes) -> bytes:
    """`data` as one chunk of a chunked body (none for no data: an empty chunk ends it)."""
    return b"%X\r\n%b\r\n" % (len(data), data) if data else b""


def _as_http_error(error: Exception) -> HttpError:
    if isinstance(error, ServerError):
        return from_server_error(error)
    if isinstance(error, EngineCrashedOnRequestError):
        # The request may be what crashed the engine: a 4xx, so clients do not resend it.
        return from_studio_error(error, 422)
    if isinstance(error, StudioError):
        return from_studio_error(error, 503)
    return HttpError(502, "engine_unreachable")  # httpx: the engine did not answer
