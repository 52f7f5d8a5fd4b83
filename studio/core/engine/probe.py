"""Run a `llama-server` binary's self-description commands once and cache what they say.

Probing is blocking (three short child processes); callers on an event loop use
`asyncio.to_thread(prober.probe, location)`. Results are cached in memory by
(path, mtime, size); the static parts (`--version`, `--help`) are also cached on disk so
that a restart does not pay for them again. The device list is probed once per process:
live free memory comes from `studio.core.hardware`, not from here.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from studio.core.engine import cache_file, capture
from studio.core.engine.info import (
    EngineInfo,
    parse_devices,
    parse_help,
    parse_version,
)
from studio.core.engine.locate import EngineError, EngineLocation
from studio.core.safe_read import read_regular_text

log = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 30.0
_TAIL_CHARS = 2000
# The cache holds each engine's version and --help text (tens of KiB each): a larger
# file, or one that is not a regular file, is damaged and set aside.
_CACHE_MAX_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class _Fingerprint:
    path: str
    mtime_ns: int
    size: int

    @classmethod
    def of(cls, path: Path) -> _Fingerprint:
        stat = path.stat()
        return cls(str(path), stat.st_mtime_ns, stat.st_size)

    @property
    def key(self) -> str:
        return f"{self.path}|{self.mtime_ns}|{self.size}"


def _broken(location: EngineLocation, argument: str, code: int, output: str) -> EngineError:
    tail = output[-_TAIL_CHARS:]
    return EngineError(
        "engine_broken",
        f"{location.path} {argument} exited with {code} and did not describe itself as "
        f"llama-server; last output:\n{tail}",
        path=str(location.path),
        argument=argument,
        exit_code=code,
        output_tail=tail,
    )


class EngineProber:
    """Owns the probe cache; one per application context, never a module global."""

    def __init__(
        self,
        cache_file: Path | None = None,
        timeout_s: float = PROBE_TIMEOUT_S,
        output_limit: int = capture.OUTPUT_LIMIT,
    ):
        self._cache_file = cache_file
        self._timeout_s = timeout_s
        self._output_limit = output_limit
        self._infos: dict[str, EngineInfo] = {}
        self._lock = threading.Lock()
        self._children = capture.ChildGroup()

    def close(self) -> None:
        """Kill probes in flight and refuse new ones.

        A probe runs in a worker thread that asyncio cannot interrupt; without this, quitting
        while a hung binary is being probed would wait for the probe timeout.
        """
        self._children.close()

    def _run(self, location: EngineLocation, argument: str) -> tuple[int, str, str]:
        env = location.child_environment(os.environ)
        try:
            process = self._children.start(
                [str(location.path), argument],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
            )
        except capture.ChildrenClosedError as exc:
            raise EngineError("engine_cancelled", "the engine probe was cancelled") from exc
        except OSError as exc:  # exec format error, permission denied, vanished file
            raise EngineError(
                "engine_not_executable",
                f"cannot run {location.path}: {exc.strerror or exc}",
                path=str(location.path),
                reason=exc.strerror or str(exc),
            ) from exc
        try:
            said = capture.collect(process, self._timeout_s, self._output_limit)
        finally:
            self._children.forget(process)
        if self._children.closed:
            raise EngineError("engine_cancelled", "the engine probe was cancelled")
        if said.returncode is None:
            raise EngineError(
                "engine_timeout",
                f"{location.path} {argument} did not finish within {self._timeout_s:.0f} s",
                path=str(location.path),
                argument=argument,
            )
        if said.dropped:
            log.info("%s %s: %d bytes of output left out", location.path, argument, said.dropped)
        return (
            said.returncode,
            said.stdout.decode("utf-8", errors="replace"),
            said.stderr.decode("utf-8", errors="replace"),
        )

    def probe(self, location: EngineLocation) -> EngineInfo:
        fingerprint = _Fingerprint.of(location.path)
        with self._lock:
            cached = self._infos.get(fingerprint.key)
        if cached is not None:
            return cached
        info = self._probe(location, fingerprint)
        with self._lock:
            self._infos[fingerprint.key] = info
        return info

    def _probe(self, location: EngineLocation, fingerprint: _Fingerprint) -> EngineInfo:
        texts = self._load_static(fingerprint)
        if texts is None:
            code, out, err = self._run(location, "--version")
            version_text = out + err
            if parse_version(version_text) is None:
                raise _broken(location, "--version", code, version_text)
            code, out, err = self._run(location, "--help")
            help_text = out + err
            if "--model" not in parse_help(help_text).flags:
                raise _broken(location, "--help", code, help_text)
            texts = (version_text, help_text)
            self._store_static(fingerprint, texts)
        version_text, help_text = texts
        version = parse_version(version_text)
        assert version is not None  # checked before it was cached
        code, out, err = self._run(location, "--list-devices")
        if code != 0 or "Available devices:" not in out:
            raise _broken(location, "--list-devices", code, out + err)
        warnings = tuple(
            line.strip()
            for line in err.splitlines()
            if "error" in line.lower() or "failed" in line.lower()
        )
        return EngineInfo(
            path=location.path,
            source=location.source,
            version=version,
            devices=parse_devices(out),
            features=parse_help(help_text),
            device_warnings=warnings,
        )

    def _load_static(self, fingerprint: _Fingerprint) -> tuple[str, str] | None:
        if self._cache_file is None:
            return None
        try:
            text = read_regular_text(self._cache_file, limit=_CACHE_MAX_BYTES)
            entry = json.loads(text).get(fingerprint.key)
        except OSError:
            return None
        except (*cache_file.DAMAGE, AttributeError) as error:  # AttributeError: not an object
            cache_file.set_aside(self._cache_file, error)
            return None
        if not isinstance(entry, dict):
            return None
        version, help_text = entry.get("version"), entry.get("help")
        if isinstance(version, str) and isinstance(help_text, str):
            return version, help_text
        return None

    def _store_static(self, fingerprint: _Fingerprint, texts: tuple[str, str]) -> None:
        if self._cache_file is None:
            return
        try:
            existing = json.loads(read_regular_text(self._cache_file, limit=_CACHE_MAX_BYTES))
            if not isinstance(existing, dict):
                existing = {}
        except (OSError, *cache_file.DAMAGE):
            existing = {}
        existing[fingerprint.key] = {"version": texts[0], "help": texts[1]}
        try:
            self._cache_file.parent.mkdir(parents=True, exist_ok=True)
            temporary = self._cache_file.with_suffix(".tmp")
            temporary.write_text(json.dumps(existing), "utf-8")
            temporary.replace(self._cache_file)
        except OSError as exc:  # a read-only or full cache directory only costs speed
            log.warning("could not write engine probe cache %s: %s", self._cache_file, exc)
