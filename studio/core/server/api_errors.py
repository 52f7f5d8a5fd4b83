"""The error answers of `studio serve`: one OpenAI-style object for every failure.

Every error body is `{"error": {"message", "type", "code", "param"}}`, the shape OpenAI
clients parse. `message` is a sentence from `SENTENCES`, filled with the error's
parameters; never a traceback, an exception's repr or a raw upstream body.

The UI's sentences live in `studio/ui/common/messages.py`, which needs Qt (they are translated);
an HTTP API answers in English, so serve keeps its own table here until the two are
unified.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from studio.core.errors import StudioError
from studio.core.server.client import ServerError

# code -> the sentence an API client sees; `{name}` is filled from the error's params.
SENTENCES: Mapping[str, str] = {
    # the request itself
    "invalid_json": "The request body is not valid JSON: {reason}.",
    "invalid_body": "The request body must be a JSON object.",
    "invalid_field": "Field '{param}' is invalid: {reason}.",
    "too_deep": "The request body nests deeper than {limit} levels.",
    "bad_request_line": "The request line is malformed.",
    "bad_content_length": "The Content-Length header must be a non-negative integer.",
    "chunked_unsupported": "Send the body with a Content-Length header, not chunked.",
    "headers_too_large": "The request headers are larger than {limit} bytes.",
    "header_timeout": "The request headers did not arrive within {seconds} seconds.",
    "body_timeout": "The request body did not arrive within {seconds} seconds.",
    "body_too_large": "The request body is larger than the {limit}-byte limit.",
    "unsupported_media_type": "POST bodies must be sent as Content-Type: application/json.",
    "not_found": "There is no route for {method} {path}.",
    # who may ask
    "invalid_api_key": "A valid API key is required: send 'Authorization: Bearer <key>'.",
    "forbidden_host": "The Host header '{host}' is not a name this server answers to.",
    "forbidden_origin": "Requests from origin '{origin}' are not allowed (see --allow-origin).",
    # the model and the engine
    "no_model": "No model is loaded; load one with POST /studio/load.",
    "model_not_found": (
        "There is no model '{model}' in the library; GET /v1/models lists the ones you can name."
    ),
    "too_many_choices": (
        "This model runs {slots} slots, so 'n' can be at most {slots}; start it with more (-np)."
    ),
    "embeddings_off": (
        "The model '{model}' is not loaded with embeddings on; start studio serve "
        "with --embeddings (and --pooling mean for a chat model)."
    ),
    "context_length_exceeded": (
        "This request needs {prompt_tokens} tokens of context, but the model's context "
        "holds {context_tokens}; shorten the conversation or load the model with a "
        "larger context."
    ),
    "server_busy": "Every slot is busy and {queued} requests are already waiting; retry later.",
    "engine_error": "The engine refused the request: {reason}",
    "engine_unreachable": "The engine did not answer; the request may be retried.",
    "stream_interrupted": "The engine stopped in the middle of the answer.",
    "superseded": "A newer load, switch or unload replaced this request.",
    "model_missing": "The model file does not exist: {path}.",
    "model_not_regular_file": "The model path is not a regular file: {path}.",
    "model_unreadable": "The model file cannot be read: {path}.",
    "model_invalid": "The model file is not a readable GGUF model ({reason}): {path}.",
    "internal_error": "The server hit an unexpected error; its log has the details.",
}

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


class _Blank(dict[str, Any]):
    """Format parameters where a missing name reads as '?' rather than raising."""

    def __missing__(self, key: str) -> str:
        return "?"


def sentence(code: str, params: Mapping[str, Any], fallback: str = "") -> str:
    template = SENTENCES.get(code)
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


def from_studio_error(error: StudioError, status: int = 503) -> HttpError:
    """A manager or load failure; its technical `detail` is used only for codes without a
    sentence, and is one line of English, never a traceback."""
    own = {"log_tail", "status", "code", "param", "headers", "detail"}
    params: dict[str, Any] = {k: v for k, v in error.params.items() if k not in own}
    first_line = error.detail.splitlines()[0] if error.detail else ""
    return HttpError(status, error.code, detail=first_line, **params)


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
