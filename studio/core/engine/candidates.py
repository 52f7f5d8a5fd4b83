"""Every llama-server this machine offers, each probed and self-tested; the first that runs wins.

Order: the engine setting, `STUDIO_LLAMA_SERVER`, engines built here by `studio engine build`
(newest first), the bundled wheel, `llama-server` on PATH. A candidate that fails its
self-test is listed with its reason and skipped, never used for a model load: the bundled
AVX-512 build on an AVX2 desktop falls through to a native build instead of crashing.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from studio.core.engine.info import EngineInfo
from studio.core.engine.locate import (
    BINARY_NAME,
    ENV_VARIABLE,
    EngineError,
    EngineLocation,
    EngineSource,
    bundled_engine,
    checked_binary,
)
from studio.core.engine.probe import EngineProber
from studio.core.engine.selftest import SelfTester, SelfTestResult
from studio.core.paths import AppPaths
from studio.core.safe_read import read_regular_text

# Written beside a built engine once it is installed; its presence marks a finished build.
BUILD_MANIFEST = "studio-engine.json"
# A manifest is a few lines of JSON; anything bigger (or not a regular file) is not one.
MAX_MANIFEST_BYTES = 64 * 1024


@dataclass(frozen=True)
class EngineCandidate:
    location: EngineLocation
    info: EngineInfo | None = None
    error: EngineError | None = None  # the binary is missing, broken or not executable
    self_test: SelfTestResult | None = None  # None: not tested (an earlier one was chosen)

    @property
    def runnable(self) -> bool:
        return self.info is not None and self.self_test is not None and self.self_test.passed

    @property
    def verdict(self) -> str:
        """`runs`, `untested` or the code of why it cannot be used."""
        if self.error is not None:
            return self.error.code
        if self.self_test is None:
            return "untested"
        return "runs" if self.self_test.passed else self.self_test.code


@dataclass(frozen=True)
class EngineChoice:
    candidates: tuple[EngineCandidate, ...]

    @property
    def active(self) -> EngineCandidate | None:
        return next((c for c in self.candidates if c.runnable), None)

    def require_active(self) -> EngineCandidate:
        """The engine to run, or an `EngineError` that says why none can run here."""
        active = self.active
        if active is not None:
            return active
        if not self.candidates:
            raise EngineError(
                "engine_missing",
                f"no {BINARY_NAME} found: build one with `studio engine build`, set "
                f"{ENV_VARIABLE} or the engine setting",
                path="",
                source="",
            )
        # None is active, so every self-test that ran failed: the first one says why.
        tested = next((c for c in self.candidates if c.self_test is not None), None)
        if tested is not None and tested.self_test is not None:
            verdict = tested.self_test
            raise EngineError(
                verdict.code,
                f"no engine runs on this CPU; {tested.location.path}: {verdict.exit_status}",
                path=str(tested.location.path),
                **verdict.params,
            )
        error = next((c.error for c in self.candidates if c.error is not None), None)
        if error is not None:
            raise error
        raise EngineError("engine_missing", "no usable engine", path="", source="")


def built_engines(engines_dir: Path) -> list[EngineLocation]:
    """Engines that `studio engine build` installed under `engines_dir`, newest first."""
    found: list[tuple[float, EngineLocation]] = []
    try:
        folders = list(engines_dir.iterdir())
    except OSError:
        return []
    for folder in folders:
        manifest = folder / BUILD_MANIFEST
        binary = folder / BINARY_NAME
        if not (manifest.is_file() and binary.is_file()):
            continue
        try:
            text = read_regular_text(manifest, limit=MAX_MANIFEST_BYTES)
            built_at = float(json.loads(text).get("built_at", 0))
        except (OSError, ValueError, AttributeError, TypeError, RecursionError):
            continue  # a damaged manifest: not a finished build
        found.append((built_at, EngineLocation(binary, EngineSource.BUILT)))
    return [location for _, location in sorted(found, key=lambda item: -item[0])]


def candidate_locations(
    explicit: Path | None,
    environ: Mapping[str, str],
    engines_dir: Path | None,
    bundled: Callable[[], EngineLocation | None] = bundled_engine,
) -> list[EngineLocation]:
    """Every binary to consider, in order, each path once."""
    locations: list[EngineLocation] = []
    if explicit is not None:
        locations.append(EngineLocation(explicit.expanduser(), EngineSource.SETTING))
    from_env = environ.get(ENV_VARIABLE, "").strip()
    if from_env:
        locations.append(EngineLocation(Path(from_env).expanduser(), EngineSource.ENVIRONMENT))
    if engines_dir is not None:
        locations.extend(built_engines(engines_dir))
    in_wheel = bundled()
    if in_wheel is not None:
        locations.append(in_wheel)
    on_path = shutil.which(BINARY_NAME, path=environ.get("PATH"))
    if on_path is not None:
        locations.append(EngineLocation(Path(on_path), EngineSource.PATH))
    unique: dict[str, EngineLocation] = {}
    for location in locations:
        key = os.path.realpath(location.path)
        first = unique.get(key)
        if first is None:
            unique[key] = location
        elif location.environment and not first.environment:
            # The setting names the bundled binary: it still needs the wheel's libraries.
            unique[key] = EngineLocation(first.path, first.source, location.environment)
    return list(unique.values())


def default_selector(paths: AppPaths) -> EngineSelector:
    """The selector over this user's caches and built engines."""
    return EngineSelector(
        EngineProber(paths.engine_probe_cache),
        SelfTester(paths.engine_self_test_cache, paths.cache_dir / "self-test"),
        paths.engines_dir,
    )


class EngineSelector:
    """Chooses the active engine: probes and self-tests candidates in order.

    Blocking (child processes); callers on an event loop use a thread. Both the probe and the
    self-test are cached, so after the first start a choice costs a few `stat` calls plus
    one `--list-devices`.
    """

    def __init__(
        self,
        prober: EngineProber,
        tester: SelfTester,
        engines_dir: Path | None,
        bundled: Callable[[], EngineLocation | None] = bundled_engine,
    ) -> None:
        self.prober = prober
        self.tester = tester
        self.engines_dir = engines_dir
        self._bundled = bundled

    def close(self) -> None:
        self.prober.close()
        self.tester.close()

    def locations(
        self, explicit: Path | None = None, environ: Mapping[str, str] | None = None
    ) -> list[EngineLocation]:
        """The candidates in order, without running any of them."""
        env = os.environ if environ is None else environ
        return candidate_locations(explicit, env, self.engines_dir, self._bundled)

    def examine(self, location: EngineLocation) -> EngineCandidate:
        """Probe and self-test one binary."""
        try:
            checked_binary(location.path, location.source)
            info = self.prober.probe(location)
        except EngineError as error:
            return EngineCandidate(location, error=error)
        gpus = [device for device in info.devices if device.backend != "RPC"]
        return EngineCandidate(location, info=info, self_test=self.tester.test(location, gpus))

    def choose(
        self,
        explicit: Path | None = None,
        environ: Mapping[str, str] | None = None,
        *,
        examine_all: bool = False,
    ) -> EngineChoice:
        """Examine candidates in order until one runs (or all of them, for a listing)."""
        examined: list[EngineCandidate] = []
        chosen = False
        for location in self.locations(explicit, environ):
            if chosen and not examine_all:
                examined.append(EngineCandidate(location))
                continue
            candidate = self.examine(location)
            examined.append(candidate)
            chosen = chosen or candidate.runnable
        return EngineChoice(tuple(examined))

    def active(
        self, explicit: Path | None = None, environ: Mapping[str, str] | None = None
    ) -> EngineCandidate:
        """The engine to run, or `EngineError` saying why none runs here."""
        return self.choose(explicit, environ).require_active()
