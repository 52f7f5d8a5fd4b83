"""The OpenAPI document `studio serve` publishes at /openapi.json.

It describes the routes and the request fields `validation` checks; fields it does
not list pass through to llama-server. Tests fuzz the routes from the same field list.
"""

from __future__ import annotations

from typing import Any, Final

_ERROR: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["message", "type", "code", "param"],
            "properties": {
                "message": {"type": "string"},
                "type": {"type": "string"},
                "code": {"type": "string"},
                "param": {"type": ["string", "null"]},
            },
        }
    },
}

_MESSAGE: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["role"],
    "properties": {
        "role": {"type": "string"},
        "content": {"type": ["string", "array", "null"]},
    },
}

# How long the model stays loaded once idle (`studio serve` with several models): Ollama's
# keep_alive (seconds or "5m"; negative: always) and LM Studio's ttl (seconds).
_DURATION: Final[dict[str, Any]] = {
    "oneOf": [{"type": "number"}, {"type": "string", "pattern": r"^-?\d+(\.\d+)?(ms|s|m|h)?$"}]
}
_TIME_TO_LIVE: Final[dict[str, Any]] = {"keep_alive": _DURATION, "ttl": {"type": "number"}}

CHAT_REQUEST: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["messages"],
    "properties": {
        "messages": {"type": "array", "minItems": 1, "items": _MESSAGE},
        "model": {"type": "string"},
        "stream": {"type": "boolean"},
        "stream_options": {
            "type": "object",
            "properties": {"include_usage": {"type": "boolean"}},
        },
        "max_tokens": {"type": "integer", "minimum": -1},
        "temperature": {"type": "number"},
        "top_p": {"type": "number"},
        "seed": {"type": "integer"},
        "n": {"type": "integer", "minimum": 1},
        "response_format": {"type": "object"},
        "stop": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "logprobs": {"oneOf": [{"type": "boolean"}, {"type": "integer"}]},
        "top_logprobs": {"type": "integer", "minimum": 0, "maximum": 20},
        "reasoning_budget": {"type": "integer", "minimum": -1},
        "tools": {"type": "array"},
        **_TIME_TO_LIVE,
    },
}


_PROMPT: Final[dict[str, Any]] = {
    "oneOf": [
        {"type": "string"},
        {"type": "array", "minItems": 1, "items": {"type": "string"}},
        {"type": "array", "minItems": 1, "items": {"type": "integer"}},
    ]
}

COMPLETION_REQUEST: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["prompt"],
    "properties": {
        **{k: v for k, v in CHAT_REQUEST["properties"].items() if k not in ("messages", "tools")},
        "prompt": _PROMPT,
    },
}

EMBEDDINGS_REQUEST: Final[dict[str, Any]] = {
    "type": "object",
    "required": ["input"],
    "properties": {
        "input": _PROMPT,
        "model": {"type": "string"},
        "encoding_format": {"enum": ["float", "base64"]},
        **_TIME_TO_LIVE,
    },
}


def _answers(ok: str) -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": _ERROR}}}
    return {
        "200": {"description": ok},
        "4XX": {"description": "a refused request", **error},
        "503": {"description": "no model is ready", **error},
    }


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


OPENAPI: Final[dict[str, Any]] = {
    "openapi": "3.1.0",
    "info": {"title": "GGUF Studio serve", "version": "1"},
    "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
    },
    "security": [{"bearer": []}],
    "paths": {
        "/health": {"get": {"security": [], "responses": _answers("the model is ready")}},
        "/v1/models": {
            "get": {"responses": _answers("the library's models, the loaded one marked")}
        },
        "/studio/status": {
            "get": {
                "responses": _answers(
                    "the manager's snapshot; with several models, `residents`: each with "
                    "its bytes per device (planned and allocated), idle time, time to live"
                )
            }
        },
        "/studio/tools": {
            "get": {
                "responses": _answers(
                    "only with `studio serve --mcp-tools`: `tools`, the ready MCP servers' "
                    "tools as OpenAI function definitions, and `servers`, each one's state"
                )
            }
        },
        "/studio/tools/call": {
            "post": {
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["name"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "arguments": {"type": "object"},
                                },
                            }
                        }
                    },
                },
                "responses": _answers(
                    "only with `studio serve --mcp-tools`: the tool's `content` (text) and "
                    "`is_error`; 404 for a tool no ready server offers"
                ),
            }
        },
        "/studio/unload": {
            "post": {
                "requestBody": {
                    "required": False,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "properties": {"model": {"type": "string"}},
                            }
                        }
                    },
                },
                "responses": _answers("the snapshot after unloading (no model: every one)"),
            }
        },
        "/studio/load": {
            "post": {
                "requestBody": _json_body(
                    {
                        "type": "object",
                        "required": ["model"],
                        "properties": {
                            "model": {"type": "string"},
                            "pinned": {"type": "boolean"},
                        },
                    }
                ),
                "responses": _answers("the snapshot with the new model ready"),
            }
        },
        "/v1/chat/completions": {
            "post": {
                "requestBody": _json_body(CHAT_REQUEST),
                "responses": _answers("a chat completion, or its SSE stream"),
            }
        },
        "/v1/completions": {
            "post": {
                "requestBody": _json_body(COMPLETION_REQUEST),
                "responses": _answers("a text completion, or its SSE stream"),
            }
        },
        "/v1/embeddings": {
            "post": {
                "requestBody": _json_body(EMBEDDINGS_REQUEST),
                "responses": _answers("one embedding per input (needs --embeddings)"),
            }
        },
    },
}
