"""`studio run` as a user's process: SIGTERM mid-answer leaves nothing behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from tests.support.engine_wrappers import fake_engine
from tests.support.hostile import hostile_gguf

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def test_sigterm_mid_answer_removes_the_key_folder_and_stops_the_engine(tmp_path: Path) -> None:
    temporary = tmp_path / "tmp"  # where the API-key folder is made (tempfile honours TMPDIR)
    temporary.mkdir()
    # A small valid header: studio checks the model before any engine starts (the fake
    # engine itself never reads it).
    model = hostile_gguf(tmp_path / "model.gguf")
    engine = fake_engine(tmp_path).path
    env = {
        **os.environ,
        "STUDIO_HOME": str(tmp_path / "home"),
        "TMPDIR": str(temporary),
        "FAKE_TOKENS": "10000",  # an answer that is still streaming when the signal comes
        "FAKE_TOKEN_DELAY_S": "0.02",
    }
    argv = [sys.executable, "-m", "studio", "run", str(model), "-p", "hi", "--binary", str(engine)]
    with subprocess.Popen(
        argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    ) as process:
        try:
            assert process.stdout is not None
            first = process.stdout.read(1)  # the answer has begun: the engine is up
            assert first, process.stderr.read() if process.stderr else ""
            assert list(temporary.glob("studio-key-*"))
            children = psutil.Process(process.pid).children(recursive=True)
            assert children
            process.send_signal(signal.SIGTERM)
            returncode = process.wait(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
    assert returncode == 128 + signal.SIGTERM
    assert list(temporary.iterdir()) == []
    _, alive = psutil.wait_procs(children, timeout=10)
    assert alive == []
