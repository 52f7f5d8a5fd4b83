"""Starting the real llama-server in tests without the manager (for client-level tests)."""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from studio.core.engine import (
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineBuilder,
    EngineLocation,
    EngineProber,
    EngineSelector,
    EngineSource,
    SelfTester,
)
from studio.core.engine.build import SDIST_REQUIREMENT, BuildError, vulkan_toolchain_available
from studio.core.engine.candidates import BUILD_MANIFEST, built_engines
from studio.core.engine.locate import ENV_VARIABLE
from studio.core.voice import ENGLISH
from tests.support.vulkan_sdk import provide_vulkan_headers

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


def runnable_engine(cache: Path) -> EngineLocation:
    """The first engine that passes its self-test on this CPU; built here if none does.

    The build (llama.cpp b11434, native CPU kernels, RPC) is installed under the test cache
    and found as a built candidate by every later run, so only a cold cache pays for it.
    """
    selector = selector_in(cache)
    with (cache / ".engine.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test processes never build at once
        # Before anything asks whether a build could have Vulkan: where the system's
        # headers are too old (Debian 12), newer ones from the test cache are named.
        no_vulkan = provide_vulkan_headers(cache)
        if no_vulkan:
            print(f"an engine built here has no Vulkan: {no_vulkan}", file=_log)
        pinned = None if os.environ.get(ENV_VARIABLE) else _pinned_build(selector, cache)
        if pinned is not None:
            return pinned
        choice = selector.choose()
        if choice.active is not None and not _lacks_vulkan(choice.active.location, cache):
            return choice.active.location
        for candidate in choice.candidates:
            print(f"engine {candidate.location.path}: {ENGLISH.verdict(candidate)}", file=_log)
        print("no engine runs on this CPU: building llama.cpp for it", file=_log)
        builder = EngineBuilder(cache / "engine-build", cache / "engines", selector.tester)
        progress = _BuildLog()
        # With Vulkan where glslc and headers are here (.ci/run installs glslc; newer
        # headers come from the test cache): the GPU tests then run on lavapipe with it.
        vulkan = vulkan_toolchain_available()
        try:
            return builder.build(BuildOptions(BuildVariant.NATIVE, vulkan, cuda=False), progress)
        except BuildError as error:
            if not vulkan:
                raise
            print(f"engine build with Vulkan failed ({error}); building without", file=_log)
            # Not tried again by every later run: the CPU-only build then counts.
            failed = cache / _VULKAN_FAILED
            failed.parent.mkdir(parents=True, exist_ok=True)
            failed.write_text(str(error), "utf-8")
            return builder.build(BuildOptions(BuildVariant.NATIVE, False, cuda=False), progress)


_VULKAN_FAILED = "engine-build/vulkan-build-failed"


def _lacks_vulkan(location: EngineLocation, cache: Path) -> bool:
    """A test build without Vulkan, where one with it can be built (the GPU tests need it)
    and has not failed before."""
    built = location.source is EngineSource.BUILT
    if not built or "vulkan" in location.path.parent.name or (cache / _VULKAN_FAILED).exists():
        return False
    return vulkan_toolchain_available()


def _pinned_build(selector: EngineSelector, cache: Path) -> EngineLocation | None:
    """The cached build of the pinned llama.cpp source, when it runs here: the engine the
    app's builder makes is the one the suite runs first. Other builds in the cache (an
    older pin, newest first otherwise) stay for the tests that run against every build."""
    for location in built_engines(cache / "engines"):
        try:
            manifest = json.loads(location.path.with_name(BUILD_MANIFEST).read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(manifest, dict) or manifest.get("source") != SDIST_REQUIREMENT:
            continue
        if _lacks_vulkan(location, cache):
            continue  # rebuilt once, with Vulkan, now that the toolchain for it is here
        candidate = selector.examine(location)
        if candidate.runnable:
            return location
    return None


# pytest captures stdout and stderr; a 20-minute build must still be visible as it runs.
_log = sys.__stderr__


class _BuildLog:
    def __init__(self) -> None:
        self._last = -10.0

    def __call__(self, progress: BuildProgress) -> None:
        if progress.percent - self._last >= 5 or progress.phase in ("self_test", "done"):
            self._last = progress.percent
            print(f"engine build: {progress.phase} {progress.percent:.0f}%", file=_log, flush=True)


def selector_in(directory: Path) -> EngineSelector:
    """An engine selector whose caches live in `directory` (a test's own)."""
    return EngineSelector(
        EngineProber(directory / "probe.json"),
        SelfTester(directory / "self-test.json", directory / "self-test"),
        directory / "engines",
    )
