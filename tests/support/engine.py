"""Starting the real llama-server in tests without the manager (for client-level tests)."""

from __future__ import annotations

import os
import re
import subprocess
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from studio.core.engine import EngineLocation

_LISTENING = re.compile(rb"listening on (http://127\.0\.0\.1:\d+)")


@contextmanager
def running_server(
    engine: EngineLocation, model: Path, extra: Sequence[str] = (), timeout_s: float = 120.0
) -> Iterator[str]:
    """Run llama-server on a free port and yield its base URL once it has loaded the model."""
    argv = [
        str(engine.path),
        "-m",
        str(model),
        "--host",
        "127.0.0.1",
        "--port",
        "0",
        "--no-webui",
        *extra,
    ]
    process = subprocess.Popen(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=engine.child_environment(os.environ),
    )
    assert process.stderr is not None
    try:
        deadline = time.monotonic() + timeout_s
        seen = b""
        base_url = None
        while base_url is None:
            line = process.stderr.readline()
            if not line:
                raise RuntimeError(f"llama-server exited early:\n{seen.decode(errors='replace')}")
            seen += line
            match = _LISTENING.search(line)
            if match:
                base_url = match.group(1).decode()
            if time.monotonic() > deadline:
                raise TimeoutError(seen.decode(errors="replace"))
        # Keep draining stderr so a chatty server never blocks on a full pipe.
        stderr = process.stderr
        drain = threading.Thread(target=stderr.read, daemon=True)
        drain.start()
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stderr.close()
