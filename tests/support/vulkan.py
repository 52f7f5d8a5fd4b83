"""A real Vulkan GPU on any machine: Mesa's lavapipe, as the engine's `Vulkan0`.

lavapipe is a CPU-type Vulkan device, which ggml's Vulkan backend skips unless
GGML_VK_VISIBLE_DEVICES names it; with it named, the engine lists `Vulkan0` and allocates
weights, KV cache and compute buffers there exactly as on a discrete GPU, with a GPU
backend's host buffers and per-tensor limit (128 MiB). `ggml-rpc-server -d Vulkan0` serves
the same device as a second GPU behind RPC. .ci/run installs it (mesa-vulkan-drivers).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from dataclasses import replace

from studio.core.engine import EngineLocation
from studio.core.engine.info import parse_devices
from studio.core.engine.locate import bundled_engine

VISIBLE = {"GGML_VK_VISIBLE_DEVICES": "0"}
DEVICE = "Vulkan0"


def with_vulkan(engine: EngineLocation) -> EngineLocation:
    """`engine` with lavapipe visible to it (and to the RPC servers started from it)."""
    return replace(engine, environment={**engine.environment, **VISIBLE})


def vulkan_missing(engine: EngineLocation) -> str | None:
    """Why `engine` sees no Vulkan device here, or None when it lists Vulkan0."""
    env = with_vulkan(engine).child_environment(os.environ)
    done = subprocess.run(
        [str(engine.path), "--list-devices"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    if any(device.name == DEVICE for device in parse_devices(done.stdout)):
        return None
    if "Vulkan" not in done.stdout + done.stderr:
        return f"{engine.path} was built without Vulkan"
    return "no Vulkan device: install Mesa's lavapipe (mesa-vulkan-drivers)"


def vulkan_engine(
    session: EngineLocation, runs: Callable[[EngineLocation], bool]
) -> tuple[EngineLocation | None, str]:
    """An engine here that sees lavapipe: the session's, else the bundled one where it
    `runs` on this CPU (a build of ours can lack Vulkan: Debian 12's headers are too old for
    it). None with the reason when neither does."""
    reason = vulkan_missing(session)
    if reason is None:
        return with_vulkan(session), ""
    bundled = bundled_engine()
    usable = bundled is not None and bundled.path != session.path and runs(bundled)
    if bundled is not None and usable and vulkan_missing(bundled) is None:
        return with_vulkan(bundled), ""
    return None, reason
