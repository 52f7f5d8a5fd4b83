"""Fuzzing `studio serve`'s routes: whatever a client sends, the answer is never a 5xx, and
every error is an OpenAI-style object without a traceback."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studio.core.api.schema import CHAT_REQUEST
from tests.integration.test_serve_fake import served

HI = [{"role": "user", "content": "hi"}]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
field_names = st.sampled_from(
    [*CHAT_REQUEST["properties"], "reasoning_effort", "n", "top_k", "stop", "client", "self"]
)
chat_bodies = st.fixed_dictionaries(
    {"messages": st.just(HI) | json_values},
    optional={"stream": st.booleans() | json_values},
).flatmap(
    lambda base: st.dictionaries(field_names, json_values, max_size=3).map(
        lambda extra: {**base, **extra}
    )
)
routes = st.sampled_from(
    [
        ("POST", "/v1/chat/completions"),
        ("POST", "/v1/completions"),
        ("POST", "/v1/embeddings"),
        ("POST", "/studio/load"),
        ("GET", "/v1/models"),
        ("GET", "/studio/status"),
        ("GET", "/health"),
        ("PUT", "/v1/chat/completions"),
        ("GET", "/../etc/passwd"),
    ]
)


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    """A served fake engine on its own event loop thread, for synchronous hypothesis tests."""
    ready: list[str] = []
    started = threading.Event()
    stop: list[asyncio.Event] = []
    loops: list[asyncio.AbstractEventLoop] = []

    async def main() -> None:
        async with served(tmp_path, FAKE_TOKENS="2", FAKE_TOKEN_DELAY_S="0") as s:
            stop.append(asyncio.Event())
            loops.append(asyncio.get_running_loop())
            ready.append(f"http://127.0.0.1:{s.port}")
            started.set()
            await stop[0].wait()

    thread = threading.Thread(target=asyncio.run, args=(main(),), name="serve-fuzz")
    thread.start()
    try:
        assert started.wait(30)
        yield ready[0]
    finally:
        if loops:
            loops[0].call_soon_threadsafe(stop[0].set)
        thread.join(30)


def check(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert set(error) >= {"message", "type", "code", "param"}
        assert "Traceback" not in error["message"]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(route=routes, body=chat_bodies | json_values.map(lambda v: {"model": v}))
def test_json_requests_never_get_a_5xx(base_url: str, route: tuple[str, str], body: Any) -> None:
    method, path = route
    with httpx.Client(base_url=base_url, trust_env=False, timeout=20) as http:
        check(http.request(method, path, json=body))


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    route=routes,
    raw=st.binary(max_size=64),
    content_type=st.sampled_from(["application/json", "text/plain", "", "application/json; x"]),
)
def test_raw_bodies_never_get_a_5xx(
    base_url: str, route: tuple[str, str], raw: bytes, content_type: str
) -> None:
    method, path = route
    headers = {"Content-Type": content_type} if content_type else {}
    with httpx.Client(base_url=base_url, trust_env=False, timeout=20) as http:
        check(http.request(method, path, content=raw, headers=headers))
