"""The real llama-server on the real small model, read through our streaming client."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.server.client import loopback_client, stream_chat
from tests.support.engine import running_server

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
