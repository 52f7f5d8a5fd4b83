"""Vulkan headers new enough for the pinned llama.cpp, where the system's are not.

Debian 12 ships Vulkan 1.3.239 headers; the pinned source's Vulkan backend needs
VK_EXT_layer_settings and fails deep in the compile without it. Its CMake looks in
VULKAN_SDK first (as the app's toolchain check does), so a test session on such a machine
unpacks Debian 13's two header packages, verified by SHA-256, into the test cache and names
them there. An engine built on a CPU the bundled engine cannot run on (no AVX-512) then has
Vulkan, and the GPU-backend tests run on lavapipe there too. Headers only: the system's
Vulkan loader and glslc are used as they are.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

from studio.core.engine.build import vulkan_toolchain_available

_MIRROR = "http://deb.debian.org/debian/"
_PACKAGES = (
    (
        "pool/main/v/vulkan-loader/libvulkan-dev_1.4.309.0-1_amd64.deb",
        "8d329d465e16168afff58b1bd0dd6db46aac2cc3f56054a481b25a04e90b345a",
    ),
    (
        "pool/main/s/spirv-headers/spirv-headers_1.6.1+1.4.309.0-1_all.deb",
        "dc18db866d63680351c40ac6b6bece34cb52da64a7799ce1cc4f16f6bff4d064",
    ),
)
# What a build takes from the packages: the headers and the SPIR-V headers' CMake package.
_WANTED = ("./usr/include/", "./usr/share/cmake/")
_DONE = ".complete"


class HeadersUnavailableError(RuntimeError):
    """The packages could not be fetched or were not what they should be."""


def provide_vulkan_headers(cache: Path) -> str:
    """Name newer Vulkan headers in VULKAN_SDK for this session where a build needs them
    and glslc is here. Returns why a build here will lack Vulkan, or "" when it will not."""
    if vulkan_toolchain_available():
        return ""
    if sys.platform != "linux" or shutil.which("glslc") is None:
        return "no Vulkan toolchain here (glslc and Vulkan's headers: see .ci/run)"
    root = cache / "vulkan-sdk"
    if not (root / _DONE).is_file():
        try:
            _unpack(root)
        except (OSError, HeadersUnavailableError) as error:
            return f"newer Vulkan headers could not be had from {_MIRROR}: {error}"
    os.environ["VULKAN_SDK"] = str(root / "usr")
    return "" if vulkan_toolchain_available() else "the unpacked Vulkan headers do not suffice"


def _unpack(root: Path) -> None:
    partial = root.with_name(root.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    for path, sha256 in _PACKAGES:
        with urllib.request.urlopen(_MIRROR + path, timeout=60) as response:
            data = response.read()
        if hashlib.sha256(data).hexdigest() != sha256:
            raise HeadersUnavailableError(f"{path.rsplit('/', 1)[-1]} is not the file pinned here")
        with tarfile.open(fileobj=io.BytesIO(_deb_data(data)), mode="r:*") as archive:
            members = [
                m
                for m in archive.getmembers()
                if m.name.startswith(_WANTED) and (m.isfile() or m.isdir())
            ]
            archive.extractall(partial, members=members, filter="data")
    (partial / _DONE).write_text("")
    shutil.rmtree(root, ignore_errors=True)
    partial.rename(root)


def _deb_data(deb: bytes) -> bytes:
    """The data.tar.* member of a .deb (an `ar` archive of 60-byte headers and bodies)."""
    if not deb.startswith(b"!<arch>\n"):
        raise HeadersUnavailableError("not a Debian package")
    offset = 8
    while offset + 60 <= len(deb):
        header = deb[offset : offset + 60]
        name = header[:16].decode("ascii", "replace").strip().rstrip("/")
        size = int(header[48:58].decode("ascii").strip())
        body = deb[offset + 60 : offset + 60 + size]
        if name.startswith("data.tar"):
            return body
        offset += 60 + size + (size & 1)
    raise HeadersUnavailableError("the package has no data archive")
