"""What `studio serve` answers an HTTP client, for the codes only an HTTP API has (a
malformed request, a missing key, a busy slot queue).

These stay English: an API answers in one language, and no screen shows them. A code the
app also reports (no model, a missing file, an interrupted stream) is said by the app's
own sentence in `templates.py`, so the API and the UI say the same; `HINTS` adds what only
an API client needs to know (which route loads a model, say).
"""

from __future__ import annotations

from collections.abc import Mapping

# code -> the sentence an API client sees; `{name}` is filled from the error's params.
HTTP_ONLY: Mapping[str, str] = {
    # the request itself
    "invalid_json": "The request body is not valid JSON: {reason}.",
    "invalid_body": "The request body must be a JSON object.",
    "invalid_field": "Field '{param}' is invalid: {reason}.",
    "too_deep": "The request body nests deeper than {limit} levels.",
    "too_many_values": (
        "The request body holds more than {limit} JSON values; send fewer or larger ones."
    ),
    "lone_surrogate": (
        "The request body holds a lone UTF-16 surrogate (a \\ud800-\\udfff escape "
        "without its pair), which is not text."
    ),
    "bad_request_line": "The request line is malformed.",
    "bad_content_length": "The Content-Length header must be a non-negative integer.",
    "bad_host": "The Host header must appear once, as a host name or address and an optional port.",
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
    "too_many_connections": (
        "All {limit} connections this server takes are busy with requests; retry later."
    ),
    "engine_error": "The engine refused the request: {reason}",
    "engine_unreachable": "The engine did not answer; the request may be retried.",
    "model_state": "The model is not ready to answer (it is {state}).",
    "client_closed": "The client closed the connection before the answer ended.",
    "internal_error": "The server hit an unexpected error; its log has the details.",
}

# code -> what an API client is told after the app's own sentence for it.
HINTS: Mapping[str, str] = {
    "no_model": "Load one with POST /studio/load.",
    "model_not_found": "GET /v1/models lists the ones you can name.",
    "superseded": "A newer load, switch or unload was sent after it.",
}
