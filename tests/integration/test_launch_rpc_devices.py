"""The engine accepts our argv when a spec names RPC devices explicitly.

llama-server checks `-dev` names while it parses, and RPC devices exist only after `--rpc`
was read, so the order inside `to_argv` matters; only the real binary can prove it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from studio.core.engine import EngineLocation
from studio.core.server.launch import LaunchSpec, to_argv
from tests.support.rpc import rpc_servers

pytestmark = pytest.mark.engine


def test_rpc_device_names_parse(engine_location: EngineLocation, smollm2: Path) -> None:
    with rpc_servers(engine_location, count=1) as (server,):
        spec = LaunchSpec(
            model=smollm2, ctx_size=512, rpc_servers=(server.endpoint,), devices=("RPC0",)
        )
        argv = [*to_argv(spec, engine_location.path, port=1), "--list-devices"]
        done = subprocess.run(
            argv,
            capture_output=True,
            text=True,
            timeout=60,
            env=engine_location.child_environment(os.environ),
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert "invalid device" not in done.stderr
    assert server.endpoint in done.stdout  # the RPC device was registered
