"""The error answers of `studio serve`: one OpenAI-style object for every failure.

Every error body is `{"error": {"message", "type", "code", "param"}}`, the shape OpenAI
clients parse. `message` is the code's one sentence from `studio.core.voice`, in English
and filled with the error's parameters: the app's own sentence for a code the app reports
too (so the API and the UI say the same), or the HTTP-only one (`voice/http.py`); never a
traceback, an exception's repr or a raw upstream body.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from studio.core.errors import StudioError
from studio.core.server.client import ServerError
from studio.core.voice import ENGLISH
from studio.core.voice.http import HINTS, HTTP_ONLY

# HTTP status -> OpenAI's error `type` for it.
_TYPES: Mapping[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    408: "invalid_request_error",
    411: "invalid_request_error",
    413: "invalid_request_error",
    415: "invalid_request_error",
    422: "invalid_request_error",
    429: "rate_limit_error",
    431: "invalid_request_error",
    500: "server_error",
    502: "server_error",
    503: "unavailable_error",
}


# The code families of a model that cannot be loaded here, as opposed to a server busy
# with another intent or an engine that failed.
_REFUSED_FAMILIES = ("model_", "plan_", "gguf.", "launch_")


class _Blank(dict[str, Any]):
    """Format parameters where a missing name reads as '?' rather than raising."""

    def __missing__(self, key: str) -> str:
        return "?"


def sentence(code: str, params: Mapping[str, Any], fallback: str = "") -> str:
    """The code's sentence (with an API hint after it, where there is one); `fallback`
    (the error's one-line detail) for a code no sentence knows."""
    if ENGLISH.knows(code):
        said = ENGLISH.code(code, params)
        hint = HINTS.get(code)
        return f"{said} {hint}" if hint else said
    template = HTTP_ONLY.get(code)
    if template is None:
        return fallback or code.replace("_", " ")
    return template.format_map(_Blank(params))


class HttpError(Exception):
    """A request answered with an error status; `headers` are added to the response."""

    def __init__(
        self,
        status: int,
        code: str,
        *,
        param: str | None = None,
        headers: Mapping[str, str] | None = None,
        detail: str = "",
        **params: Any,
    ) -> None:
        self.status = status
        self.code = code
        self.param = param
        self.headers = dict(headers or {})
        self.message = sentence(code, {"param": param, **params}, detail)
        super().__init__(f"{status} {code}: {self.message}")

    def body(self) -> dict[str, Any]:
        error_type = _TYPES.get(self.status, "invalid_request_error")
        return {
            "error": {
                "message": self.message,
                "type": error_type,
                "code": self.code,
                "param": self.param,
            }
        }


def from_studio_error(
    error: StudioError, status: int = 503, *, param: str | None = None
) -> HttpError:
    """A manager or load failure; its technical `detail` is used only for codes without a
    sentence, and is one line of English, never a traceback."""
    own = {"log_tail", "status", "code", "param", "headers", "detail"}
    params: dict[str, Any] = {k: v for k, v in error.params.items() if k not in own}
    first_line = error.detail.splitlines()[0] if error.detail else ""
    answer = HttpError(status, error.code, param=param, detail=first_line, **params)
    # The sentence reads every parameter, also those named like HttpError's own arguments
    # (an engine's exit `status`, say).
    answer.message = sentence(error.code, error.params, first_line)
    return answer


def from_switch_error(error: StudioError) -> HttpError:
    """Why the model a request named could not be brought (`core/server/switcher.py`):
    a name no model has is 404; a model that cannot be loaded here (missing, not a GGUF,
    does not fit, refused arguments) is the request's problem, 422; a load replaced or
    failed on the way is the server's state, 503."""
    if error.code == "model_not_found":
        return from_studio_error(error, 404, param="model")
    if error.code == "model_queue_full":  # busy, as a full chat queue: ask again soon
        return from_studio_error(error, 429)
    if error.code == "model_no_room":  # not this request's fault: pinned models hold the room
        return from_studio_error(error, 503)
    refused = error.code.startswith(_REFUSED_FAMILIES)
    return from_studio_error(error, 422 if refused else 503)


def from_server_error(error: ServerError) -> HttpError:
    """llama-server's own error, with its context-size refusal made OpenAI's."""
    payload = _server_payload(error.body)
    if error.error_type == "exceed_context_size_error" or "n_prompt_tokens" in payload:
        return HttpError(
            400,
            "context_length_exceeded",
            param="messages",
            prompt_tokens=payload.get("n_prompt_tokens", "?"),
            context_tokens=payload.get("n_ctx", "?"),
        )
    reason = str(payload.get("message") or f"HTTP {error.status}")[:300]
    # llama-server answers a JSON type error in a field it reads with a 500.
    if 400 <= error.status < 500 or "json.exception" in reason:
        return HttpError(400, "engine_error", reason=reason)
    return HttpError(502, "engine_error", reason=reason)


def _server_payload(body: str) -> dict[str, Any]:
    """The `error` object of llama-server's body (or the body itself), {} if not JSON."""
    try:
        data = json.loads(body)
    except ValueError:
        return {}
    if isinstance(data, dict) and isinstance(data.get("error"), dict):
        data = data["error"]
    return data if isinstance(data, dict) else {}
