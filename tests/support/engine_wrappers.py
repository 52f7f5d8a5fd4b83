"""Engines for manager tests: the fast fake server, and shell wrappers around the real
binary that misbehave when given a chosen flag (to exercise the recovery ladder)."""

from __future__ import annotations

import shlex
import stat
import sys
from pathlib import Path

from studio.core.engine import EngineLocation
from studio.core.engine.locate import EngineSource

FAKE_SERVER = Path(__file__).with_name("fake_llama_server.py")


def _script(path: Path, body: str) -> Path:
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def fake_engine(directory: Path) -> EngineLocation:
    script = _script(
        directory / "fake-llama-server",
        f'exec {shlex.quote(sys.executable)} {shlex.quote(str(FAKE_SERVER))} "$@"\n',
    )
    return EngineLocation(script, EngineSource.SETTING)


def misbehaving_engine(
    real: EngineLocation, directory: Path, name: str, rules: dict[str, str]
) -> EngineLocation:
    """A wrapper that runs `rules[pattern]` (shell code) when its argv contains `pattern`,
    else execs the real binary. Example: {"-fa on": "kill -SEGV $$"}."""
    cases = "".join(
        f"  *{shlex.quote(pattern)}*) {action} ;;\n" for pattern, action in rules.items()
    )
    script = _script(
        directory / name,
        f'case " $* " in\n{cases}esac\nexec {shlex.quote(str(real.path))} "$@"\n',
    )
    return EngineLocation(script, EngineSource.SETTING, real.environment)
