"""Checking what API clients send before any of it reaches the manager or the engine.

A field of the wrong type must be a 400 naming the field, not an exception deep in
`build_request` (`int("abc")`) that used to surface as a 500 with its text. Fields this
module does not know pass through to llama-server, which answers for them itself.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from studio.core.api.errors import HttpError

MAX_DEPTH = 64
# The most JSON values (containers and scalars) one body may hold. Each costs the parser
# a Python object, up to ~100 bytes with its slot in the parent: a 32 MiB body of empty
# lists is 10 M of them and 1.5 GB, this many stay under ~100 MB. Far more than any
# request needs; a large image is one string, whatever its size.
MAX_VALUES = 1_000_000
# A JSON string, escapes included. Possessive: the match keeps no backtracking state, so
# a string of millions of escapes costs no memory to skip.
_JSON_STRING = re.compile(rb'"[^"\\]*+(?:\\.[^"\\]*+)*+"')
_SURROGATE = re.compile("[\ud800-\udfff]")
_END = object()


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object; NaN/Infinity, deep nesting, more values than the
    memory budget allows and lone UTF-16 surrogates are refused (all 4xx)."""
    if not body.strip():
        return {}
    _check_value_count(body)
    try:
        data = json.loads(body, parse_constant=_refuse_constant)
    except RecursionError as error:
        raise HttpError(400, "too_deep", limit=MAX_DEPTH) from error
    except (ValueError, UnicodeDecodeError) as error:
        reason = error.msg if isinstance(error, json.JSONDecodeError) else "not valid JSON"
        raise HttpError(400, "invalid_json", reason=reason) from error
    if not isinstance(data, dict):
        raise HttpError(400, "invalid_body")
    _check_tree(data)
    return data


def _value_marks(text: bytes) -> int:
    """An upper bound on the values `text` holds, less one: every value but the first
    follows a ',' or a ':' or opens a container."""
    return sum(text.count(mark) for mark in (b"[", b"{", b",", b":"))


def _check_value_count(body: bytes) -> None:
    """Refuse a body the parser would turn into more than MAX_VALUES objects, before it
    does. Counted at C speed over the bytes; only a body over the budget that way is
    counted again without its strings (brackets and commas in text are no values)."""
    if _value_marks(body) <= MAX_VALUES:
        return
    # Taking the strings out costs ~170 bytes a string: past half the budget of them
    # (only megabytes of quoted text would have so many) the body is refused unsearched.
    if body.count(b'"') > MAX_VALUES or _value_marks(_JSON_STRING.sub(b"", body)) > MAX_VALUES:
        raise HttpError(413, "too_many_values", limit=MAX_VALUES)


def _check_text(text: str) -> None:
    # JSON's \ud800 escapes decode to a lone surrogate, which no UTF-8 encoder takes:
    # refused here rather than wherever the text is next encoded (the engine, a path).
    if not text.isascii() and _SURROGATE.search(text):
        raise HttpError(400, "lone_surrogate")


def _check_tree(value: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and lone surrogates in any key or string.
    Walked without recursion, in memory that grows with the depth only."""
    pending: list[Iterator[Any]] = [iter((value,))]
    while pending:
        item = next(pending[-1], _END)
        if item is _END:
            pending.pop()
        elif isinstance(item, str):
            _check_text(item)
        elif isinstance(item, (dict, list)):
            if len(pending) > MAX_DEPTH:
                raise HttpError(400, "too_deep", limit=MAX_DEPTH)
            if isinstance(item, dict):
                for key in item:
                    _check_text(key)
                pending.append(iter(item.values()))
            else:
                pending.append(iter(item))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _is_int_or_bool(value: Any) -> bool:
    return isinstance(value, bool) or _is_int(value)


def _is_stop(value: Any) -> bool:
    return isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(v, str) for v in value)
    )


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _is_list(value: Any) -> bool:
    return isinstance(value, list)


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_tool_choice(value: Any) -> bool:
    return isinstance(value, (str, dict))


# field -> (check, what the field must be). `None` is accepted for every field: OpenAI
# clients send explicit nulls for "unset".
_FIELDS: Mapping[str, tuple[Callable[[Any], bool], str]] = {
    "model": (_is_str, "a string"),
    "stream": (_is_bool, "a boolean"),
    "stream_options": (_is_object, "an object"),
    "max_tokens": (_is_int, "an integer"),
    "max_completion_tokens": (_is_int, "an integer"),
    "n_predict": (_is_int, "an integer"),
    "n": (_is_int, "an integer"),
    "seed": (_is_int, "an integer"),
    "top_k": (_is_int, "an integer"),
    "temperature": (_is_number, "a finite number"),
    "top_p": (_is_number, "a finite number"),
    "min_p": (_is_number, "a finite number"),
    "presence_penalty": (_is_number, "a finite number"),
    "frequency_penalty": (_is_number, "a finite number"),
    "repeat_penalty": (_is_number, "a finite number"),
    "logprobs": (_is_int_or_bool, "a boolean or an integer"),
    "top_logprobs": (_is_int, "an integer"),
    "reasoning_budget": (_is_int, "an integer"),
    "reasoning_effort": (_is_str, "a string"),
    "thinking": (_is_bool, "a boolean"),
    "stop": (_is_stop, "a string or a list of strings"),
    "tools": (_is_list, "a list"),
    "tool_choice": (_is_tool_choice, "a string or an object"),
    "response_format": (_is_object, "an object"),
    "chat_template_kwargs": (_is_object, "an object"),
    "logit_bias": (_is_object, "an object"),
}

_INT_RANGES: Mapping[str, tuple[int, int]] = {
    "max_tokens": (-1, 1 << 30),
    "max_completion_tokens": (-1, 1 << 30),
    "n_predict": (-1, 1 << 30),
    "n": (1, 1 << 10),  # the engine's slots bound it; the facade checks against them
    "top_logprobs": (0, 20),
    "reasoning_budget": (-1, 1 << 30),
    "seed": (-(1 << 63), (1 << 64) - 1),
    "top_k": (0, 1 << 30),
}


def _invalid(param: str, reason: str) -> HttpError:
    return HttpError(400, "invalid_field", param=param, reason=reason)


def _check_field(name: str, value: Any) -> None:
    check, expected = _FIELDS[name]
    if not check(value):
        raise _invalid(name, f"expected {expected}")
    bounds = _INT_RANGES.get(name)
    if bounds is not None and _is_int(value) and not bounds[0] <= value <= bounds[1]:
        raise _invalid(name, f"expected a value from {bounds[0]} to {bounds[1]}")


def _check_messages(messages: Any) -> None:
    if not isinstance(messages, list) or not messages:
        raise _invalid("messages", "expected a non-empty list of messages")
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not isinstance(message, dict):
            raise _invalid(where, "expected an object")
        if not isinstance(message.get("role"), str):
            raise _invalid(f"{where}.role", "expected a string")
        content = message.get("content")
        if content is not None and not isinstance(content, (str, list)):
            raise _invalid(f"{where}.content", "expected a string or a list of parts")


# Names the facade and `build_request` use for their own parameters: passed through as
# keyword options they would collide with them (a TypeError, once a 500).
_RESERVED = frozenset(
    {"self", "client", "fields", "include_usage", "return_progress", "endpoint", "ttl_s"}
)

# Ollama's `keep_alive` ("5m", "1h", "30s", or seconds; negative: stay loaded) and LM
# Studio's `ttl` (seconds): how long the model stays loaded once idle. A year is "always".
_TTL_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
_TTL_LONGEST_S = 366 * 24 * 3600.0
_TTL_PATTERN = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$")


def _seconds(name: str, value: Any) -> float:
    if _is_number(value):
        seconds = float(value)
    elif isinstance(value, str) and (match := _TTL_PATTERN.match(value[:64])):
        seconds = float(match.group(1)) * _TTL_UNITS[match.group(2) or "s"]
    else:
        raise _invalid(name, "expected seconds or a duration such as 30s, 5m or 1h")
    return -1.0 if seconds < 0 or seconds > _TTL_LONGEST_S else seconds


def _time_to_live(data: dict[str, Any]) -> dict[str, Any]:
    """`keep_alive` or `ttl` taken out of the request (the engine has no such field) as
    `ttl_s`: seconds the model stays loaded once idle, -1 for always."""
    for name in ("keep_alive", "ttl"):
        value = data.pop(name, None)
        if value is not None:
            data["ttl_s"] = _seconds(name, value)
    return data


def chat_request(data: dict[str, Any]) -> dict[str, Any]:
    """`data` checked: the known fields have their types and ranges; raises HttpError."""
    _check_messages(data.get("messages"))
    return _checked_fields(data)


def completion_request(data: dict[str, Any]) -> dict[str, Any]:
    """A /v1/completions body: `prompt` plus the sampling fields a chat takes."""
    if not _is_prompt(data.get("prompt")):
        raise _invalid("prompt", "expected a string, a list of strings or a list of tokens")
    if "messages" in data:
        raise _invalid("messages", "this field is not accepted; send 'prompt'")
    return _checked_fields(data)


def embeddings_request(data: dict[str, Any]) -> dict[str, Any]:
    """A /v1/embeddings body: `input` (text, texts, tokens or token lists)."""
    given = data.get("input")
    token_lists = isinstance(given, list) and all(_is_token_list(item) for item in given)
    if not _is_prompt(given) and not (given and token_lists):
        raise _invalid("input", "expected a string, a list of strings or a list of tokens")
    model = data.get("model")
    if model is not None and not isinstance(model, str):
        raise _invalid("model", "expected a string")
    fmt = data.get("encoding_format")
    if fmt is not None and fmt not in ("float", "base64"):
        raise _invalid("encoding_format", "expected 'float' or 'base64'")
    if "ttl_s" in data:
        raise _invalid("ttl_s", "this field is not accepted")
    return _time_to_live(data)


def _is_token_list(value: Any) -> bool:
    return isinstance(value, list) and all(_is_int(v) for v in value)


def _is_prompt(value: Any) -> bool:
    if isinstance(value, str):
        return True
    if not isinstance(value, list) or not value:
        return False
    return all(isinstance(v, str) for v in value) or _is_token_list(value)


def _checked_fields(data: dict[str, Any]) -> dict[str, Any]:
    for name in _RESERVED.intersection(data):
        raise _invalid(name, "this field is not accepted")
    for name, value in data.items():
        if value is not None and name in _FIELDS:
            _check_field(name, value)
    options = data.get("stream_options") or {}
    if "include_usage" in options and not isinstance(options["include_usage"], bool):
        raise _invalid("stream_options.include_usage", "expected a boolean")
    return _time_to_live(data)
