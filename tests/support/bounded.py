"""Run a few lines of Python in a child with its memory capped.

For cases whose failure is a read without end (`/dev/zero`): in the test's own process a
regression would fill the memory and take the whole run down; in a child under an
address-space limit it ends in a MemoryError or an abort, and the test fails on that.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
# Python with PySide6 and an offscreen window stays well under this (about 300 MiB).
DEFAULT_MEMORY_BYTES = 1 << 30


def run_bounded(
    script: str, *, memory_bytes: int = DEFAULT_MEMORY_BYTES, timeout_s: float = 60
) -> subprocess.CompletedProcess[str]:
    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))

    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=REPOSITORY,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        capture_output=True,
        text=True,
        timeout=timeout_s,
        preexec_fn=limit_memory,
        check=False,
    )
