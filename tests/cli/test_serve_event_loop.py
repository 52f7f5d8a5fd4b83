"""`studio serve` runs on uvloop where it is installed, and on asyncio's loop where not."""

from __future__ import annotations

import asyncio
import sys

import pytest

from studio.cli.serve import run_event_loop


async def _loop_type() -> type[asyncio.AbstractEventLoop]:
    return type(asyncio.get_running_loop())


def test_serve_runs_on_uvloop_where_it_is_installed() -> None:
    uvloop = pytest.importorskip("uvloop")  # not on Windows
    assert issubclass(run_event_loop(_loop_type()), uvloop.Loop)


def test_serve_falls_back_to_asyncio_without_uvloop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import raises ImportError
    loop_type = run_event_loop(_loop_type())
    assert loop_type.__module__.startswith("asyncio")
