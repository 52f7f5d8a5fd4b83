"""An OpenAI-compatible HTTP face over the manager, for `studio serve`.

Every chat request goes through `ServerManager.stream_chat`, so crash recovery, replay
and unload epochs apply to API clients exactly as to the app. A deliberately small
HTTP/1.1 server on asyncio streams (one request per connection, Content-Length bodies):
it binds 127.0.0.1 only and needs no web framework.

Routes: GET /health, GET /v1/models, POST /v1/chat/completions (streaming and not),
GET /studio/status, POST /studio/load {"model": PATH}, POST /studio/unload.
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

from studio.core.errors import StudioError
from studio.core.server.client import ChatDelta, ServerError
from studio.core.server.launch import LOOPBACK_HOST, LaunchSpec
from studio.core.server.manager import ServerManager
from studio.core.server.recovery import SmallerPlan
from studio.core.server.states import ServerState, Snapshot

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 32 * 1024 * 1024
_HEADER_LIMIT = 64 * 1024


class HttpError(Exception):
    def __init__(self, status: int, message: str, error_type: str = "invalid_request_error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.error_type = error_type


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


def _error_body(status: int, message: str, error_type: str) -> dict[str, Any]:
    return {"error": {"code": status, "message": message, "type": error_type}}


# /studio/load's model path -> its launch spec and out-of-memory step down (or None).
LoadPlanner = Callable[[Path], Awaitable[tuple[LaunchSpec, SmallerPlan | None]]]


class ChatFacade:
    """Serves the routes above for one manager; `plan_load(path)` turns the model of a
    /studio/load into what to launch, with the options the server was started with."""

    def __init__(self, manager: ServerManager, plan_load: LoadPlanner) -> None:
        self._manager = manager
        self._plan_load = plan_load
        self._server: asyncio.Server | None = None

    async def start(self, port: int) -> int:
        self._server = await asyncio.start_server(self._handle, LOOPBACK_HOST, port)
        bound: int = self._server.sockets[0].getsockname()[1]
        return bound

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    # -- HTTP plumbing ----------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            method, path, body = await self._read_request(reader)
            await self._route(method, path, body, writer)
        except HttpError as error:
            await self._send_json(
                writer, error.status, _error_body(error.status, error.message, error.error_type)
            )
        except (ConnectionError, asyncio.IncompleteReadError):
            pass  # the client went away; closing the stream freed the slot
        except Exception as error:
            log.exception("serve: request failed")
            with contextlib.suppress(ConnectionError):
                await self._send_json(writer, 500, _error_body(500, str(error), "server_error"))
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    async def _read_request(self, reader: asyncio.StreamReader) -> tuple[str, str, bytes]:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.LimitOverrunError as error:
            raise HttpError(431, "request headers too large") from error
        if len(head) > _HEADER_LIMIT:
            raise HttpError(431, "request headers too large")
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3:
            raise HttpError(400, "malformed request line")
        method, target, _version = parts
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            raise HttpError(411, "send a Content-Length body")
        length = int(headers.get("content-length") or 0)
        if length > MAX_BODY_BYTES:
            raise HttpError(413, "request body too large")
        body = await reader.readexactly(length) if length else b""
        return method.upper(), target.split("?", 1)[0], body

    @staticmethod
    def _head(status: int, content_type: str, length: int | None = None) -> bytes:
        reason = HTTPStatus(status).phrase
        lines = [f"HTTP/1.1 {status} {reason}", f"Content-Type: {content_type}"]
        if length is not None:
            lines.append(f"Content-Length: {length}")
        else:
            lines.append("Cache-Control: no-cache")
        lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")

    async def _send_json(self, writer: asyncio.StreamWriter, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        writer.write(self._head(status, "application/json", len(data)) + data)
        await writer.drain()

    @staticmethod
    def _json_body(body: bytes) -> dict[str, Any]:
        try:
            data = json.loads(body or b"{}")
        except ValueError as error:
            raise HttpError(400, f"invalid JSON: {error}") from error
        if not isinstance(data, dict):
            raise HttpError(400, "the body must be a JSON object")
        return data

    # -- routes -----------------------------------------------------------------------

    async def _route(
        self, method: str, path: str, body: bytes, writer: asyncio.StreamWriter
    ) -> None:
        snapshot = self._manager.snapshot
        if method == "GET" and path in ("/health", "/v1/health"):
            if snapshot.state is ServerState.READY:
                await self._send_json(writer, 200, {"status": "ok"})
            else:
                message = f"model state: {snapshot.state.value}"
                await self._send_json(writer, 503, _error_body(503, message, "unavailable_error"))
        elif method == "GET" and path in ("/v1/models", "/models"):
            await self._send_json(writer, 200, self._models(snapshot))
        elif method == "GET" and path == "/studio/status":
            await self._send_json(writer, 200, snapshot_json(snapshot))
        elif method == "POST" and path == "/studio/load":
            model = self._json_body(body).get("model")
            if not isinstance(model, str) or not model:
                raise HttpError(400, 'expected {"model": "/path/to/model.gguf"}')
            try:
                spec, smaller = await self._plan_load(Path(model))
                loaded = await self._manager.load(spec, smaller_plan=smaller)
            except StudioError as error:
                await self._send_json(writer, 422, self._studio_error(error))
                return
            await self._send_json(writer, 200, snapshot_json(loaded))
        elif method == "POST" and path == "/studio/unload":
            await self._send_json(writer, 200, snapshot_json(await self._manager.unload()))
        elif method == "POST" and path in ("/v1/chat/completions", "/chat/completions"):
            await self._chat(self._json_body(body), writer)
        else:
            raise HttpError(404, f"no route for {method} {path}", "not_found_error")

    @staticmethod
    def _studio_error(error: StudioError) -> dict[str, Any]:
        return {
            "error": {
                "code": error.code,
                "message": error.detail,
                "type": "studio_error",
                "params": _jsonable(dict(error.params)),
            }
        }

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

    async def _chat(self, request: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        messages = request.pop("messages", None)
        if not isinstance(messages, list) or not messages:
            raise HttpError(400, "messages must be a non-empty list")
        stream = bool(request.pop("stream", False))
        request.pop("model", None)
        user_stream_options = request.pop("stream_options", None) or {}
        include_usage = bool(user_stream_options.get("include_usage", False))
        completion_id = f"chatcmpl-{uuid.uuid4().hex}"
        created = int(time.time())
        model = self._models(self._manager.snapshot)["data"]
        model_name = model[0]["id"] if model else ""
        deltas = self._manager.stream_chat(messages, **request)
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
                await writer.drain()
        except (StudioError, ServerError) as error:
            if not opened:
                raise self._as_http_error(error) from error
            body = _error_body(500, str(error), getattr(error, "code", "server_error"))
            writer.write(event(body))
            await writer.drain()
            return
        if not opened:
            writer.write(self._head(200, "text/event-stream"))
        writer.write(b"data: [DONE]\n\n")
        await writer.drain()

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
        except (StudioError, ServerError) as error:
            raise self._as_http_error(error) from error
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

    @staticmethod
    def _as_http_error(error: StudioError | ServerError) -> HttpError:
        if isinstance(error, ServerError):
            return HttpError(error.status, error.body, error.error_type or "server_error")
        return HttpError(503, f"{error.code}: {error.detail}", "unavailable_error")


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
