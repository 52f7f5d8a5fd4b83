"""The real llama-server on the real small model, read through our streaming client."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.server.client import loopback_client, stream_chat
from tests.support.engine import running_server, selector_in
from tests.support.models import cache_dir

pytestmark = pytest.mark.engine


async def test_streamed_chat_completion(engine_location: EngineLocation, smollm2: Path) -> None:
    with running_server(engine_location, smollm2, ["-c", "1024", "-np", "1"]) as base_url:
        async with loopback_client(base_url, api_key=None) as client:
            deltas = [
                delta
                async for delta in stream_chat(
                    client,
                    [{"role": "user", "content": "Name a colour."}],
                    max_tokens=12,
                    temperature=0,
                    seed=1,
                )
            ]
    text = "".join(d.content for d in deltas)
    assert len([d for d in deltas if d.content]) >= 2  # really streamed, chunk by chunk
    assert text.strip()
    assert deltas[-1].finish_reason in {"stop", "length"}
    assert deltas[-1].timings.get("predicted_n", 0) >= 1


def _every_engine_that_runs_here() -> list[EngineLocation]:
    """Every candidate that passes its self-test: the bundled build where this CPU suits it,
    the engine built for this CPU, and the user's own (STUDIO_LLAMA_SERVER)."""
    choice = selector_in(cache_dir()).choose(examine_all=True)
    return [candidate.location for candidate in choice.candidates if candidate.runnable]


@pytest.mark.usefixtures("engine_location")  # builds one first where nothing runs here
async def test_every_engine_that_runs_here_answers(smollm2: Path) -> None:
    engines = _every_engine_that_runs_here()
    assert engines, "the engine fixture guarantees at least one"
    for engine in engines:
        with running_server(engine, smollm2, ["-c", "1024", "-np", "1"]) as base_url:
            async with loopback_client(base_url, api_key=None) as client:
                deltas = [
                    delta
                    async for delta in stream_chat(
                        client, [{"role": "user", "content": "Hi"}], max_tokens=4, seed=1
                    )
                ]
        assert "".join(d.content for d in deltas).strip(), engine.path
