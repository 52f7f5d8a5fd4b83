"""A request's time to live for its model: Ollama's `keep_alive` and LM Studio's `ttl`
become `ttl_s` (seconds once idle, -1 for always) and never reach the engine; anything
else is refused with the field named."""

from __future__ import annotations

import pytest

from studio.core.api.errors import HttpError
from studio.core.api.validation import chat_request, embeddings_request

HI = [{"role": "user", "content": "hi"}]


@pytest.mark.parametrize(
    ("field", "value", "seconds"),
    [
        ("keep_alive", "5m", 300.0),
        ("keep_alive", "1h", 3600.0),
        ("keep_alive", "30s", 30.0),
        ("keep_alive", "250ms", 0.25),
        ("keep_alive", 0, 0.0),
        ("keep_alive", -1, -1.0),
        ("keep_alive", "-1m", -1.0),
        ("keep_alive", 10**12, -1.0),  # past a year: always
        ("ttl", 90, 90.0),
    ],
)
def test_keep_alive_and_ttl_become_seconds_and_leave_the_request(
    field: str, value: object, seconds: float
) -> None:
    checked = chat_request({"messages": HI, field: value})
    assert checked["ttl_s"] == seconds and field not in checked
    embedded = embeddings_request({"input": "x", field: value})
    assert embedded["ttl_s"] == seconds and field not in embedded


@pytest.mark.parametrize("value", ["soon", "5 minutes", [], {}, True, float("nan"), "1e400s"])
def test_a_time_to_live_that_is_no_duration_is_refused(value: object) -> None:
    with pytest.raises(HttpError) as refused:
        chat_request({"messages": HI, "keep_alive": value})
    assert refused.value.status == 400 and refused.value.param == "keep_alive"


def test_ttl_s_is_the_servers_own_name_and_not_taken_from_clients() -> None:
    with pytest.raises(HttpError) as refused:
        chat_request({"messages": HI, "ttl_s": 5})
    assert refused.value.param == "ttl_s"
