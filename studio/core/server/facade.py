"""An OpenAI-compatible HTTP face over the manager, for `studio serve`.

Every chat request goes through `ServerManager.stream_chat`, so crash recovery, replay
and unload epochs apply to API clients exactly as to the app. A deliberately small
HTTP/1.1 server on asyncio streams (one request per connection, Content-Length bodies)
that needs no web framework; `api_http` guards it (limits, Host/Origin/key checks),
`api_validation` checks what clients send, `api_errors` words every error answer.

Routes: GET /health, GET /v1/models, POST /v1/chat/completions (streaming and not),
GET /studio/status, POST /studio/load {"model": PATH}, POST /studio/unload,
GET /openapi.json.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from http import HTTPStatus
from pathlib import Path
from typing import Any

import httpx

from studio.core.errors import StudioError
from studio.core.server import api_validation
from studio.core.server.api_errors import (
    HttpError,
    from_server_error,
    from_studio_error,
)
from studio.core.server.api_http import (
    HEADER_LIMIT,
    LISTEN_BACKLOG,
    ConnectionLimiter,
    RateLimitedLog,
    Request,
    ServeOptions,
    SlotGate,
    check_access,
    read_request,
)
from studio.core.server.api_schema import OPENAPI
from studio.core.server.client import ChatDelta, ServerError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState, Snapshot

log = logging.getLogger(__name__)

_CLOSE_TIMEOUT_S = 5.0


def _jsonable(value: Any) -> Any:
    if is_dataclass(value) and not isinstance(value, type):
        # Not dataclasses.asdict: it deep-copies, and read-only mapping proxies can't be.
        return {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    return value


def snapshot_json(snapshot: Snapshot) -> dict[str, Any]:
    """The snapshot as JSON; the `props` dump and the full log tail are left out."""
    data: dict[str, Any] = _jsonable(snapshot)
    if data.get("ready"):
        data["ready"].pop("props", None)
    if data.get("failure"):
        data["failure"]["log_tail"] = data["failure"]["log_tail"][-10:]
    data["recovery"] = [
        {"step": note["step"], "cause": note["cause"]["code"]} for note in data["recovery"]
    ]
    return data


# /studio/load's model path -> its launch spec and out-of-memory step down (or None).
LoadPlanner = Callable[[Path], Awaitable[tuple[LaunchSpec, SmallerPlan | None]]]

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
            raise StudioError(
                "model_invalid", error.detail, path=str(path), reason=error.code
            ) from error
        raise
    return path


class ChatFacade:
    """Serves the routes above for one manager; `plan_load(path)` turns the model of a
    /studio/load into what to launch, with the options the server was started with."""

    def __init__(
        self,
        manager: ServerManager,
        plan_load: LoadPlanner,
        options: ServeOptions | None = None,
    ) -> None:
        self._manager = manager
        self._plan_load = plan_load
        self._options = options or ServeOptions()
        self._server: asyncio.Server | None = None
        self._connections = ConnectionLimiter(self._options.max_connections)
        self._chats = SlotGate(self._options.max_queued_chats, self._options.retry_after_s)
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
        }

    @property
    def connections(self) -> ConnectionLimiter:
        return self._connections

    @property
    def chats(self) -> SlotGate:
        return self._chats

    async def start(self, port: int) -> int:
        loop = asyncio.get_running_loop()
        # asyncio reports each failed accept() (EMFILE in a flood) with a traceback.
        self._previous_handler = loop.get_exception_handler()
        loop.set_exception_handler(self._quiet_log.loop_exception_handler)
        self._server = await asyncio.start_server(
            self._handle,
            self._options.host,
            port,
            limit=HEADER_LIMIT,
            backlog=LISTEN_BACKLOG,
        )
        bound: int = self._server.sockets[0].getsockname()[1]
        return bound

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            asyncio.get_running_loop().set_exception_handler(self._previous_handler)
            self._server = None

    # -- HTTP plumbing ----------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if not self._connections.admit(writer):
            writer.transport.abort()  # every connection is serving a real request
            return
        try:
            await self._serve_one(reader, writer)
        finally:
            self._connections.release(writer)
            await self._close(writer)

    async def _serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await read_request(reader, self._options)
            self._connections.serving(writer)
            check_access(request, self._options)
            await self._route(request, writer)
        except HttpError as error:
            with contextlib.suppress(ConnectionError, TimeoutError):
                await self._send_error(writer, error)
        except (ConnectionError, asyncio.IncompleteReadError, TimeoutError):
            pass  # the client went away or stopped reading; closing frees the slot
        except Exception as error:
            # Never the exception's text in the answer: it can hold paths and internals.
            self._quiet_log.error("request", "serve: request failed", exc_info=error)
            with contextlib.suppress(ConnectionError, TimeoutError):
                await self._send_error(writer, HttpError(500, "internal_error"))

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
        status: int,
        content_type: str,
        length: int | None = None,
        extra: Mapping[str, str] | None = None,
    ) -> bytes:
        reason = HTTPStatus(status).phrase
        lines = [f"HTTP/1.1 {status} {reason}", f"Content-Type: {content_type}"]
        if length is not None:
            lines.append(f"Content-Length: {length}")
        else:
            lines.append("Cache-Control: no-cache")
        lines.append("Connection: close")
        lines.extend(f"{name}: {value}" for name, value in (extra or {}).items())
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def _drain(self, writer: asyncio.StreamWriter) -> None:
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
        writer.write(self._head(status, "application/json", len(data), extra) + data)
        await self._drain(writer)

    async def _send_error(self, writer: asyncio.StreamWriter, error: HttpError) -> None:
        await self._send_json(writer, error.status, error.body(), error.headers)

    # -- routes -----------------------------------------------------------------------

    async def _route(self, request: Request, writer: asyncio.StreamWriter) -> None:
        handler = self._routes.get((request.method, request.path))
        if handler is None:
            raise HttpError(404, "not_found", method=request.method[:16], path=request.path[:200])
        await handler(request, writer)

    async def _health(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        snapshot = self._manager.snapshot
        if snapshot.state is ServerState.READY:
            await self._send_json(writer, 200, {"status": "ok"})
        else:
            raise HttpError(503, "model_state", detail=f"Model state: {snapshot.state.value}.")

    async def _list_models(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, self._models(self._manager.snapshot))

    async def _status(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, snapshot_json(self._manager.snapshot))

    async def _openapi(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, OPENAPI)

    async def _load(self, request: Request, writer: asyncio.StreamWriter) -> None:
        model = api_validation.parse_json_object(request.body).get("model")
        if not isinstance(model, str) or not model or "\0" in model:
            raise HttpError(400, "invalid_field", param="model", reason="expected a file path")
        try:
            # Everything that can refuse the new model runs before the old one is stopped.
            path = await asyncio.to_thread(check_model_file, Path(model))
            spec, smaller = await self._plan_load(path)
            loaded = await self._manager.load(spec, smaller_plan=smaller)
        except StudioError as error:
            raise from_studio_error(error, 422) from error
        await self._send_json(writer, 200, snapshot_json(loaded))

    async def _unload(self, _request: Request, writer: asyncio.StreamWriter) -> None:
        await self._send_json(writer, 200, snapshot_json(await self._manager.unload()))

    @staticmethod
    def _models(snapshot: Snapshot) -> dict[str, Any]:
        data = []
        if snapshot.spec is not None:
            data.append(
                {
                    "id": snapshot.ready.model_alias
                    if snapshot.ready
                    else snapshot.spec.public_name,
                    "object": "model",
                    "owned_by": "gguf-studio",
                    "status": snapshot.state.value,
                }
            )
        return {"object": "list", "data": data}

    def _slots(self) -> int:
        snapshot = self._manager.snapshot
        if snapshot.ready is not None and snapshot.ready.total_slots > 0:
            return snapshot.ready.total_slots
        parallel = snapshot.spec.parallel if snapshot.spec is not None else None
        return parallel if isinstance(parallel, int) and parallel > 0 else 1

    async def _chat(self, http_request: Request, writer: asyncio.StreamWriter) -> None:
        request = api_validation.chat_request(api_validation.parse_json_object(http_request.body))
        await self._chats.acquire(self._slots())
        try:
            await self._answer(request, writer)
        finally:
            self._chats.release()

    async def _answer(self, request: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        messages = request.pop("messages")
        stream = bool(request.pop("stream", False))
        request.pop("model", None)
        user_stream_options = request.pop("stream_options", None) or {}
        include_usage = bool(user_stream_options.get("include_usage", False))
        completion_id = f"chatcmpl-{uuid.uuid4().hex}"
        created = int(time.time())
        model = self._models(self._manager.snapshot)["data"]
        model_name = model[0]["id"] if model else ""
        options = {k: v for k, v in request.items() if v is not None}
        deltas = self._manager.stream_chat(messages, **options)
        try:
            if stream:
                await self._stream_sse(
                    deltas, writer, completion_id, created, model_name, include_usage
                )
            else:
                await self._complete(deltas, writer, completion_id, created, model_name)
        finally:
            await deltas.aclose()

    async def _stream_sse(
        self,
        deltas: AsyncIterator[ChatDelta],
        writer: asyncio.StreamWriter,
        completion_id: str,
        created: int,
        model: str,
        include_usage: bool,
    ) -> None:
        opened = False

        def event(payload: Mapping[str, Any]) -> bytes:
            return f"data: {json.dumps(payload)}\n\n".encode()

        def chunk(choices: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
            return {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": choices,
                **extra,
            }

        try:
            async for delta in deltas:
                if not opened:
                    writer.write(self._head(200, "text/event-stream"))
                    role = {"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}
                    writer.write(event(chunk([role])))
                    opened = True
                if not (delta.has_text or delta.finish_reason):
                    continue  # role and prompt-progress chunks
                choice = {
                    "index": 0,
                    "delta": _delta_json(delta),
                    "finish_reason": delta.finish_reason,
                }
                extra: dict[str, Any] = {}
                if delta.timings:
                    extra["timings"] = dict(delta.timings)
                writer.write(event(chunk([choice], **extra)))
                if include_usage and delta.usage:
                    writer.write(event(chunk([], usage=dict(delta.usage))))
                await self._drain(writer)
        except _STREAM_FAILURES as error:
            if not opened:
                raise _as_http_error(error) from error
            # The status line is sent: the error goes in the stream, as llama-server does.
            writer.write(event(_as_http_error(error).body()))
            await self._drain(writer)
            return
        if not opened:
            writer.write(self._head(200, "text/event-stream"))
        writer.write(b"data: [DONE]\n\n")
        await self._drain(writer)

    async def _complete(
        self,
        deltas: AsyncIterator[ChatDelta],
        writer: asyncio.StreamWriter,
        completion_id: str,
        created: int,
        model: str,
    ) -> None:
        content: list[str] = []
        reasoning: list[str] = []
        calls: dict[int, dict[str, Any]] = {}
        finish: str | None = None
        usage: Mapping[str, Any] = {}
        timings: Mapping[str, Any] = {}
        try:
            async for delta in deltas:
                content.append(delta.content)
                reasoning.append(delta.reasoning)
                for call in delta.tool_calls:
                    entry = calls.setdefault(
                        call.index,
                        {
                            "id": call.id,
                            "type": "function",
                            "function": {"name": "", "arguments": ""},
                        },
                    )
                    entry["id"] = entry["id"] or call.id
                    entry["function"]["name"] += call.name or ""
                    entry["function"]["arguments"] += call.arguments
                finish = delta.finish_reason or finish
                usage = delta.usage or usage
                timings = delta.timings or timings
        except _STREAM_FAILURES as error:
            raise _as_http_error(error) from error
        message: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
        if any(reasoning):
            message["reasoning_content"] = "".join(reasoning)
        if calls:
            message["tool_calls"] = [calls[index] for index in sorted(calls)]
        reply = {
            "id": completion_id,
            "object": "chat.completion",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": dict(usage),
            "timings": dict(timings),
        }
        await self._send_json(writer, 200, reply)


def _as_http_error(error: Exception) -> HttpError:
    if isinstance(error, ServerError):
        return from_server_error(error)
    if isinstance(error, StudioError):
        return from_studio_error(error, 503)
    return HttpError(502, "engine_unreachable")  # httpx: the engine did not answer


def _delta_json(delta: ChatDelta) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if delta.content:
        data["content"] = delta.content
    if delta.reasoning:
        data["reasoning_content"] = delta.reasoning
    if delta.tool_calls:
        data["tool_calls"] = [
            {
                "index": call.index,
                **({"id": call.id, "type": "function"} if call.id else {}),
                "function": {
                    **({"name": call.name} if call.name else {}),
                    "arguments": call.arguments,
                },
            }
            for call in delta.tool_calls
        ]
    return data
