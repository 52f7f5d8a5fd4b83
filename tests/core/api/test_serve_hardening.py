"""`studio serve`'s guards against what a hostile or careless client sends (issue 25):
lone surrogates, bodies that would cost the parser gigabytes, malformed or doubled Host
headers, CORS for `--allow-origin`, connection caps that follow the open-file limit."""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import re
import subprocess
import sys
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.api.errors import HttpError
from studio.core.api.http import (
    Admission,
    ConnectionLimiter,
    Request,
    ServeOptions,
    check_access,
    max_connections_for,
    preflight_headers,
    read_request,
)
from studio.core.api.validation import MAX_VALUES, chat_request, parse_json_object
from studio.core.errors import StudioError

# -- lone surrogates --------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw",
    [
        b'{"messages": [{"role": "user", "content": "\\ud800"}]}',
        b'{"messages": [{"role": "user", "content": "hi"}], "stop": ["a\\udfffb"]}',
        b'{"prompt": "\\udc00"}',
        b'{"model": "/models/\\ud83d.gguf"}',
        b'{"messages": [{"role": "user", "content": [{"type": "text", "text": "\\ud800"}]}]}',
        b'{"\\ud800": 1}',
    ],
)
def test_a_lone_surrogate_anywhere_is_a_400(raw: bytes) -> None:
    with pytest.raises(HttpError) as refused:
        parse_json_object(raw)
    assert refused.value.status == 400 and refused.value.code == "lone_surrogate"
    assert refused.value.message.endswith(".") and "surrogate" in refused.value.message


def test_a_surrogate_pair_is_text() -> None:
    assert parse_json_object(b'{"content": "\\ud83d\\ude00"}') == {"content": "\U0001f600"}


# -- the parser's memory budget ---------------------------------------------------------


def _peak_mib(body: bytes) -> tuple[Any, float]:
    """What parsing `body` gave (or the HttpError it raised) and its peak memory."""
    tracemalloc.start()
    try:
        try:
            result: Any = parse_json_object(body)
        except HttpError as error:
            result = error
        return result, tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def test_ten_million_empty_lists_are_refused_without_building_them() -> None:
    count = 10_000_000  # 28.6 MiB: under the body cap, 1.5 GB once parsed
    body = b'{"messages": [' + b"[]," * (count - 1) + b"[]]}"
    refused, peak = _peak_mib(body)
    assert isinstance(refused, HttpError), "parsed"
    assert refused.status == 413 and refused.code == "too_many_values"
    assert str(MAX_VALUES) in refused.message
    assert peak < 200, f"{peak:.0f} MiB"


@pytest.mark.parametrize(
    "filler",
    [b'"",', b'"\\\\",', b"{},", b"1.5,"],
    ids=["empty-strings", "escapes", "objects", "floats"],
)
def test_many_small_values_of_any_kind_are_refused_within_budget(filler: bytes) -> None:
    body = b'{"a": [' + filler * 6_000_000 + b"0]}"
    refused, peak = _peak_mib(body)
    assert isinstance(refused, HttpError) and refused.status == 413
    assert peak < 200, f"{peak:.0f} MiB"


def test_a_large_image_and_text_full_of_commas_still_parse_within_budget() -> None:
    image = base64.b64encode(bytes(range(256)) * 90_000).decode()  # 30 MB of base64
    text = "a, [b]: {c}, " * 200_000  # more commas and brackets than the value budget
    content = [
        {"type": "text", "text": text},
        {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{image}"}},
    ]
    body = json.dumps({"messages": [{"role": "user", "content": content}]}).encode()
    parsed, peak = _peak_mib(body)
    assert isinstance(parsed, dict), parsed
    assert parsed["messages"][0]["content"][0]["text"] == text
    assert peak < 200, f"{peak:.0f} MiB"


def test_a_token_list_prompt_within_the_budget_parses() -> None:
    body = json.dumps({"prompt": list(range(500_000))}).encode()
    assert len(parse_json_object(body)["prompt"]) == 500_000


# -- Host -------------------------------------------------------------------------------


def _get(*headers: tuple[str, str]) -> bytes:
    lines = "".join(f"{name}: {value}\r\n" for name, value in headers)
    return f"GET /health HTTP/1.1\r\n{lines}\r\n".encode("latin-1")


async def _read(raw: bytes) -> Request:
    reader = asyncio.StreamReader()
    reader.feed_data(raw)
    reader.feed_eof()
    request, _rest = await read_request(reader, ServeOptions())
    return request


@pytest.mark.parametrize(
    "host",
    ["[::1]evil.example", "[::1]:8765evil", "127.0.0.1 evil.example", "localhost/x", "", "[::1"],
)
async def test_a_malformed_host_is_a_400(host: str) -> None:
    request = await _read(_get(("Host", host)))
    with pytest.raises(HttpError) as refused:
        check_access(request, ServeOptions())
    assert refused.value.status == 400 and refused.value.code == "bad_host"


@pytest.mark.parametrize(
    "hosts",
    [("127.0.0.1", "evil.example"), ("evil.example", "127.0.0.1"), ("localhost", "localhost")],
)
async def test_a_doubled_host_header_is_a_400(hosts: tuple[str, str]) -> None:
    with pytest.raises(HttpError) as refused:
        await _read(_get(("Host", hosts[0]), ("host", hosts[1])))
    assert refused.value.status == 400 and refused.value.code == "bad_host"


def _loopback_host(value: str) -> bool:
    """What a loopback-bound server may answer: a loopback name or address, alone or
    with a port, and nothing else (the reference the check is held to)."""
    match = re.fullmatch(r"(?:\[([^\[\]]*)\]|([A-Za-z0-9.]*))(?::[0-9]{0,5})?", value)
    if match is None:
        return False
    name = (match[1] if match[1] is not None else match[2]).lower()
    if name == "localhost":
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    # An IPv6 address only in brackets, an IPv4 one only bare.
    return address.is_loopback and (address.version == 6) == (match[1] is not None)


_NAMES = ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "[::1]", "[0:0::1]", "::1"]
_OTHERS = ["[::2]", "evil.example", "[::1]evil.example", "127.0.0.1.evil", "localhost."]
_TAILS = [":8765", ":", ":99999", ":80x", "@evil", "/", " ", "\t", "%00", "[", "]"]
_HOST_PARTS = st.sampled_from([*_NAMES, *_OTHERS, *_TAILS])
_HOSTS = st.lists(_HOST_PARTS, min_size=1, max_size=3).map("".join) | st.text(max_size=20)


@settings(max_examples=400, deadline=None)
@given(host=_HOSTS)
def test_a_loopback_server_answers_exactly_the_loopback_hosts(host: str) -> None:
    request = Request("GET", "/health", {"host": host.strip()}, b"")
    try:
        check_access(request, ServeOptions())
    except HttpError as refused:
        assert refused.status in (400, 403)
        assert not _loopback_host(host.strip()), host
    else:
        assert _loopback_host(host.strip()), host


# -- CORS -------------------------------------------------------------------------------

ALLOWED = ServeOptions(api_key="k", allowed_origins=frozenset({"http://localhost:3000"}))


def _preflight(origin: str | None, asked: str = "") -> Request:
    headers = {"host": "127.0.0.1:8765", "access-control-request-method": "POST"}
    if origin is not None:
        headers["origin"] = origin
    if asked:
        headers["access-control-request-headers"] = asked
    return Request("OPTIONS", "/v1/chat/completions", headers, b"")


def test_a_preflight_from_an_allowed_origin_needs_no_key() -> None:
    answer = preflight_headers(
        _preflight("http://localhost:3000", "authorization, content-type, x-stainless-os"),
        ALLOWED,
    )
    assert "POST" in answer["Access-Control-Allow-Methods"]
    allowed = {name.strip().lower() for name in answer["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "x-stainless-os"} <= allowed
    assert int(answer["Access-Control-Max-Age"]) > 0


def test_a_preflight_from_another_origin_is_403() -> None:
    with pytest.raises(HttpError) as refused:
        preflight_headers(_preflight("https://evil.example"), ALLOWED)
    assert refused.value.status == 403 and not refused.value.headers


def test_a_preflight_asking_for_a_header_name_with_a_line_break_drops_it() -> None:
    answer = preflight_headers(_preflight("http://localhost:3000", "x-a\nInjected: 1"), ALLOWED)
    assert "\n" not in answer["Access-Control-Allow-Headers"]


# -- connections ------------------------------------------------------------------------


def test_the_connection_cap_follows_a_small_open_file_limit() -> None:
    assert max_connections_for(256) >= 128  # macOS's default limit: was 16
    assert max_connections_for(256) + 64 <= 256  # headroom for the engine and the stores
    assert max_connections_for(1 << 20) == 1024
    assert max_connections_for(8) == 1


_CAP_AT_LIMIT = """
import resource, sys
soft, hard = (int(v) for v in sys.argv[1:3])
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
from studio.core.api.http import ServeOptions
cap = ServeOptions().max_connections
print(cap, resource.getrlimit(resource.RLIMIT_NOFILE)[0])
"""


def _cap_at(soft: int, hard: int) -> tuple[int, int]:
    """The default cap, and the soft limit after it, in a process started at these."""
    out = subprocess.run(
        [sys.executable, "-c", _CAP_AT_LIMIT, str(soft), str(hard)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.split()
    return int(out[0]), int(out[1])


def test_the_default_cap_raises_the_soft_limit_toward_the_hard_one() -> None:
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        pytest.skip(f"the hard open-file limit here is {hard}")
    cap, soft_after = _cap_at(256, 2048)
    assert 1024 + 64 <= soft_after <= 2048 and cap == 1024
    cap, soft_after = _cap_at(256, 256)  # the hard limit holds it: the cap fits under it
    assert soft_after == 256 and 128 <= cap <= 256 - 64


@pytest.mark.parametrize("given_cap", [0, -5])
def test_a_connection_cap_below_one_is_refused_with_a_sentence(given_cap: int) -> None:
    with pytest.raises(StudioError) as refused:
        ServeOptions(max_connections=given_cap)
    assert refused.value.code == "serve_max_connections_invalid"
    assert refused.value.params["given"] == given_cap


class _Transport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


class _Writer:
    def __init__(self) -> None:
        self.transport = _Transport()


def test_past_the_cap_busy_connections_refuse_then_drop() -> None:
    limiter = ConnectionLimiter(2, max_refusing=1)
    writers: list[Any] = [_Writer() for _ in range(5)]
    assert limiter.admit(writers[0]) is Admission.ADMIT
    assert limiter.admit(writers[1]) is Admission.ADMIT
    limiter.serving(writers[0])
    limiter.serving(writers[1])
    assert limiter.admit(writers[2]) is Admission.REFUSE  # answered 429
    assert limiter.admit(writers[3]) is Admission.DROP  # one 429 under way is the most
    limiter.release(writers[2])
    assert limiter.admit(writers[4]) is Admission.REFUSE
    assert not any(w.transport.aborted for w in writers)  # nobody serving was evicted
    limiter.release(writers[0])
    assert limiter.admit(_Writer()) is Admission.ADMIT  # type: ignore[arg-type]


def test_a_reading_connection_is_still_evicted_before_anyone_is_refused() -> None:
    limiter = ConnectionLimiter(1)
    slow: Any = _Writer()
    assert limiter.admit(slow) is Admission.ADMIT
    assert limiter.admit(_Writer()) is Admission.ADMIT  # type: ignore[arg-type]
    assert slow.transport.aborted and limiter.evicted == 1


# -- the property: any JSON a client sends is taken or refused with a 4xx ---------------

_TEXT = st.text(st.characters(exclude_categories=()), max_size=6)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=10,
)
_PART = st.fixed_dictionaries(
    {"type": st.sampled_from(["text", "image_url", "input_audio"]) | _JSON},
    optional={"text": _JSON, "image_url": _JSON | st.fixed_dictionaries({"url": _TEXT})},
)
_MESSAGE = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "assistant", "system", "tool"]) | _JSON},
    optional={
        "content": _TEXT | st.lists(_PART | _JSON, max_size=3) | _JSON,
        "tool_calls": _JSON,
        "name": _JSON,
    },
)
_TOOL = st.fixed_dictionaries(
    {"type": st.just("function") | _JSON},
    optional={"function": st.fixed_dictionaries({"name": _TEXT}, optional={"parameters": _JSON})},
)
_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        name: _JSON | strategy
        for name, strategy in {
            "stop": _TEXT | st.lists(_TEXT, max_size=3),
            "temperature": st.floats(),
            "top_p": st.floats(min_value=0, max_value=1),
            "top_k": st.integers(),
            "max_tokens": st.integers(),
            "n": st.integers(),
            "seed": st.integers(),
            "logprobs": st.booleans() | st.integers(),
            "top_logprobs": st.integers(),
            "stream": st.booleans(),
            "stream_options": st.fixed_dictionaries({"include_usage": _JSON}),
            "tools": st.lists(_TOOL | _JSON, max_size=3),
            "tool_choice": _TEXT | _JSON,
            "response_format": _JSON,
            "logit_bias": st.dictionaries(_TEXT, _JSON, max_size=3),
            "client": _JSON,
            "model": _TEXT,
        }.items()
    },
)
_BODIES = st.builds(
    lambda messages, fields: {"messages": messages, **fields},
    st.lists(_MESSAGE, max_size=3) | _JSON,
    _FIELDS,
)


@settings(max_examples=300, deadline=None)
@given(body=_BODIES)
def test_any_json_body_is_taken_or_refused_with_a_4xx(body: Any) -> None:
    raw = json.dumps(body).encode()  # NaN as `NaN`, lone surrogates as `\ud800` escapes
    try:
        checked = chat_request(parse_json_object(raw))
    except HttpError as refused:
        assert 400 <= refused.status < 500
        assert refused.message.endswith(".") and "{" not in refused.message
        return
    # What goes on to the engine is text UTF-8 can carry, in a body that is a JSON object.
    assert isinstance(checked, dict)
    json.dumps(checked, ensure_ascii=False).encode("utf-8")
