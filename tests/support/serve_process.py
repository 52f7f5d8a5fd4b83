"""`studio serve` as a separate process, as a person starts it, stopped and reaped after."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

import openai


@contextmanager
def studio_serve(
    arguments: Sequence[str], env: Mapping[str, str]
) -> Iterator[subprocess.Popen[str]]:
    """`python -m studio serve ARGUMENTS` with its stdout readable as text; SIGTERM at the
    end (as Ctrl+C would), then killed if it does not stop within 30 s."""
    server = subprocess.Popen(
        [sys.executable, "-m", "studio", "serve", *arguments],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(env),
    )
    try:
        yield server
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        finally:
            server.kill()
            server.wait()
            if server.stdout is not None:
                server.stdout.close()


def openai_client(base_url: str) -> openai.OpenAI:
    """The official client for the server at `base_url`, no retries, no proxy. Close it
    (`with`): `studio serve` keeps connections alive, so a client left to the garbage
    collector would leave its socket open into a later test."""
    return openai.OpenAI(
        base_url=f"{base_url}/v1",
        api_key="unused",
        max_retries=0,
        http_client=openai.DefaultHttpxClient(trust_env=False, timeout=120),
    )
