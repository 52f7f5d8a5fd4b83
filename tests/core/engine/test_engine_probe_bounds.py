"""A binary named as the engine cannot make the probe, the self-test or a calibration run
hang or fill the memory: children it leaves behind, a flood of output and a binary that
never ends, each with a fake engine."""

from __future__ import annotations

import os
import textwrap
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from studio.core.engine import EngineError, EngineProber, SelfTester, capture
from studio.core.engine import calibrate as calibrate_module
from studio.core.engine.calibrate import CalibrationError
from studio.core.engine.locate import EngineLocation, EngineSource

ANSWERS = """\
case "$1" in
  --version) echo "version: 4567 (deadbee)" ;;
  --help) echo "-m,    --model FNAME                    model path" ;;
  --list-devices) echo "Available devices:" ;;
esac
"""


def _engine(directory: Path, body: str) -> EngineLocation:
    script = directory / "llama-server"
    script.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    script.chmod(0o755)
    return EngineLocation(script, EngineSource.SETTING)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_child_that_outlives_the_engine_does_not_hold_the_probe(tmp_path: Path) -> None:
    # `communicate()` waited for the grandchild's copy of stdout to close: the probe took
    # the grandchild's whole life (361 s), long past its own timeout.
    pids = tmp_path / "pids"
    location = _engine(tmp_path, f'sleep 60 &\necho $! >> "{pids}"\n{ANSWERS}')
    started = time.monotonic()
    info = EngineProber(timeout_s=10).probe(location)
    assert time.monotonic() - started < 8
    assert info.version.build == 4567
    leftovers = [int(pid) for pid in pids.read_text().split()]
    assert len(leftovers) == 3
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in leftovers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in leftovers), "the engine's children were left running"


def test_an_engine_that_never_ends_is_killed_with_its_children_at_the_timeout(
    tmp_path: Path,
) -> None:
    # The timeout killed the engine only; its child still held the pipe, and the second
    # `communicate()` (no timeout) waited for it.
    location = _engine(tmp_path, "sleep 60 &\nexec sleep 60\n")
    started = time.monotonic()
    with pytest.raises(EngineError) as error:
        EngineProber(timeout_s=1).probe(location)
    assert error.value.code == "engine_timeout"
    assert time.monotonic() - started < 6


def test_a_flood_of_output_is_capped_not_kept(tmp_path: Path) -> None:
    # All 300 MB were kept (919 MB of memory at its peak); now the first MiB is.
    location = _engine(tmp_path, "head -c 300000000 /dev/zero | tr '\\0' 'x'\n")
    tracemalloc.start()
    try:
        with pytest.raises(EngineError) as error:
            EngineProber(timeout_s=60).probe(location)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert error.value.code == "engine_broken"
    assert error.value.params["exit_code"] == 0
    assert peak < 32 * 2**20, f"{peak / 2**20:.0f} MiB kept while probing"
    assert len(str(error.value.params["output_tail"])) <= 2000


def test_a_self_test_is_not_held_by_a_child_the_engine_left(tmp_path: Path) -> None:
    # The engine died at once, but its child kept the log pipe: the self-test waited out
    # its whole timeout, then closing the pipe waited for the child (here 60 s).
    location = _engine(tmp_path, "sleep 60 &\necho 'model load failed' >&2\nexit 3\n")
    started = time.monotonic()
    result = SelfTester(None, tmp_path / "models", timeout_s=30).test(location)
    assert time.monotonic() - started < 10
    assert (result.code, result.exit_status) == ("engine_self_test_failed", "exit 3")
    assert "model load failed" in result.log_tail


def test_a_self_test_keeps_a_bounded_log_of_a_flood(tmp_path: Path) -> None:
    # One 300 MB line was read whole into memory.
    location = _engine(tmp_path, "head -c 300000000 /dev/zero\necho last words\nexit 3\n")
    tester = SelfTester(None, tmp_path / "models", timeout_s=60)
    tracemalloc.start()
    try:
        result = tester.test(location)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 32 * 2**20, f"{peak / 2**20:.0f} MiB kept while self-testing"
    assert result.exit_status == "exit 3" and result.log_tail[-1].endswith("last words")
    assert sum(len(line) for line in result.log_tail) < 200_000


def test_a_calibration_run_is_not_held_by_a_child_the_engine_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Its timeout killed the engine alone; the child kept the pipe and the read waited.
    monkeypatch.setattr(calibrate_module, "RUN_TIMEOUT_S", 1.0)
    location = _engine(tmp_path, "sleep 60 &\necho starting\nexec sleep 60\n")
    started = time.monotonic()
    with pytest.raises(CalibrationError):
        calibrate_module.measure_graph(location, tmp_path / "models")
    assert time.monotonic() - started < 10


def _first_pid(pids: Path, deadline_s: float = 30.0) -> int:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if pids.exists() and pids.read_text().split():
            return int(pids.read_text().split()[0])
        time.sleep(0.05)
    raise AssertionError("the engine never started")


def test_closing_ends_a_calibration_in_flight_and_starts_no_more(tmp_path: Path) -> None:
    # Quitting on a first start closed the self-tester, but the calibration's engines (a
    # dozen runs, each in a session of its own) went on in their worker thread and
    # outlived the app, which exits without waiting for that thread.
    pids = tmp_path / "pids"
    location = _engine(tmp_path, f'echo $$ >> "{pids}"\necho starting\nexec sleep 600\n')
    children = capture.ChildGroup()
    ended: list[BaseException] = []

    def calibrate() -> None:
        try:
            calibrate_module.measure_graph(location, tmp_path / "models", (), children)
        except BaseException as error:  # handed to the test thread
            ended.append(error)

    worker = threading.Thread(target=calibrate)
    worker.start()
    pid = _first_pid(pids)
    children.close()
    worker.join(30)
    assert not worker.is_alive(), "the calibration went on after its children were closed"
    assert len(ended) == 1 and isinstance(ended[0], CalibrationError)
    assert not _alive(pid)
    assert len(pids.read_text().split()) == 1, "a run started after the close"


def test_a_closed_self_tester_starts_nothing_and_remembers_nothing(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    location = _engine(tmp_path, f'echo $$ >> "{pids}"\nexec sleep 600\n')
    cache = tmp_path / "selftest.json"
    tester = SelfTester(cache, tmp_path / "models", timeout_s=60)
    tester.close()
    result = tester.test(location)
    assert not result.passed
    assert not pids.exists()
    assert not cache.exists(), "a run that never happened was kept as a verdict"
