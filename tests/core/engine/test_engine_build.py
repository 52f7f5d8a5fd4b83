"""Building an engine: bounded parallelism, progress from the build tool's own lines, the
cmake options per variant, a missing compiler, and the atomic, self-tested install.

The full build itself runs in the suite's engine fixture on any CPU where no candidate
passes its self-test (and is cached there); these tests cover the parts around it."""

from __future__ import annotations

import gc
import json
import platform
import shutil
import stat
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from studio.core.engine import (
    BuildError,
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineBuilder,
    EngineLocation,
    SelfTester,
)
from studio.core.engine import build as build_module
from studio.core.engine.candidates import BUILD_MANIFEST, built_engines
from studio.core.engine.locate import EngineSource

GIB = 1024**3


def test_jobs_are_bounded_by_cores_and_memory() -> None:
    # The sdist's bare `-j` started 150 compilers on a 24 GiB machine.
    assert build_module.job_count({}, cores=150, available_bytes=24 * GIB) == 12
    assert build_module.job_count({}, cores=2, available_bytes=24 * GIB) == 2
    assert build_module.job_count({}, cores=16, available_bytes=GIB) == 1
    assert build_module.job_count({"LLAMA_CPP_BUILD_JOBS": "3"}, cores=2, available_bytes=0) == 3
    assert build_module.job_count({"LLAMA_CPP_BUILD_JOBS": "x"}, cores=2, available_bytes=GIB) == 1


def test_progress_comes_from_ninja_and_make_lines() -> None:
    seen: list[BuildProgress] = []
    parse = build_module._CompileProgress(seen.append)
    parse("-- Configuring done")
    parse("[1/224] Building C object ggml/src/ggml.c.o")
    parse("[112/224] Building CXX object src/llama.cpp.o")
    parse("[224/224] Linking CXX executable bin/llama-server")
    assert [round(p.percent) for p in seen] == [7, 52, 97]
    assert all(p.phase == "compile" for p in seen)
    assert seen[0].eta_s is None  # too early to tell
    make: list[BuildProgress] = []
    build_module._CompileProgress(make.append)("[ 50%] Building CXX object x.o")
    assert round(make[0].percent) == 52


def test_cmake_options_per_variant(tmp_path: Path) -> None:
    toolchain = build_module.Toolchain("cmake", "Ninja", "ninja", "c++", vulkan=False, cuda=False)
    native = build_module.cmake_arguments(BuildOptions(BuildVariant.NATIVE), toolchain)
    assert "-DGGML_NATIVE=ON" in native and "-DGGML_RPC=ON" in native
    assert "-DGGML_BACKEND_DL=ON" not in native
    portable = build_module.cmake_arguments(BuildOptions(BuildVariant.PORTABLE), toolchain)
    assert {"-DGGML_NATIVE=OFF", "-DGGML_BACKEND_DL=ON", "-DGGML_CPU_ALL_VARIANTS=ON"} <= set(
        portable
    )
    vulkan = build_module.Toolchain("cmake", "Ninja", "ninja", "c++", vulkan=True, cuda=False)
    assert "-DGGML_VULKAN=ON" in build_module.cmake_arguments(BuildOptions(), vulkan)
    assert build_module.build_name(BuildOptions(BuildVariant.PORTABLE), vulkan) == "portable-vulkan"


def test_a_native_build_leaves_amx_out_where_the_compiler_knows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CXXFLAGS", "-g")
    native = build_module.find_toolchain(BuildOptions(BuildVariant.NATIVE), tmp_path)
    portable = build_module.find_toolchain(BuildOptions(BuildVariant.PORTABLE), tmp_path)
    assert portable.cpu_flags == ()
    # This machine's compiler, asked as the builder asks it.
    probe = [native.compiler, "-mno-amx-int8", "-x", "c++", "-fsyntax-only", "-"]
    knows_amx = subprocess.run(probe, input=b"", capture_output=True, check=False).returncode == 0
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    assert bool(native.cpu_flags) == (knows_amx and x86)
    args = build_module.cmake_arguments(BuildOptions(BuildVariant.NATIVE), native)
    flags = [a for a in args if a.startswith(("-DCMAKE_C_FLAGS=", "-DCMAKE_CXX_FLAGS="))]
    if native.cpu_flags:
        assert "-DCMAKE_CXX_FLAGS=-g -mno-amx-tile -mno-amx-int8 -mno-amx-bf16" in flags
    else:
        assert flags == []


def _sdk(root: Path, core_header: str) -> Path:
    """A Vulkan SDK folder as LunarG's (or unpacked packages) lay it out."""
    (root / "include" / "vulkan").mkdir(parents=True)
    (root / "include" / "vulkan" / "vulkan_core.h").write_text(core_header)
    (root / "share" / "cmake" / "SPIRV-Headers").mkdir(parents=True)
    (root / "share" / "cmake" / "SPIRV-Headers" / "SPIRV-HeadersConfig.cmake").write_text("")
    (root / "bin").mkdir()
    (root / "bin" / "glslc").write_text("")
    return root


def test_a_vulkan_sdk_named_by_vulkan_sdk_is_a_toolchain(tmp_path: Path) -> None:
    new = _sdk(tmp_path / "new", "#define VK_EXT_layer_settings 1\n")
    assert build_module.vulkan_toolchain_available({"VULKAN_SDK": str(new)})
    # Headers older than the pinned source needs (Debian 12's) are no toolchain, SDK or not.
    old = _sdk(tmp_path / "old", "#define VK_EXT_metal_objects 1\n")
    system = build_module.vulkan_toolchain_available({})
    assert build_module.vulkan_toolchain_available({"VULKAN_SDK": str(old)}) == system
    assert build_module.vulkan_toolchain_available({"VULKAN_SDK": str(tmp_path / "none")}) == system


def test_a_missing_compiler_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no compiler on it
    builder = EngineBuilder(tmp_path / "work", tmp_path / "engines", SelfTester(None, tmp_path))
    with pytest.raises(BuildError) as caught:
        builder.build(BuildOptions())
    assert caught.value.code == "build_compiler_missing"
    assert "build-essential" in caught.value.detail


def test_install_is_atomic_and_self_tested(tmp_path: Path, engine_location: EngineLocation) -> None:
    bin_dir = tmp_path / "build" / "bin"
    shutil.copytree(engine_location.path.parent, bin_dir, symlinks=True)
    if engine_location.path.name != "llama-server":
        pytest.skip("the suite's engine is not named llama-server")
    engines = tmp_path / "engines"
    builder = EngineBuilder(tmp_path / "work", engines, SelfTester(None, tmp_path / "models"))
    phases: list[str] = []
    installed = builder._install(bin_dir, "llama.cpp-test-native", lambda p: phases.append(p.phase))
    assert phases == ["self_test", "done"]
    assert installed.source is EngineSource.BUILT
    manifest = json.loads((installed.path.parent / BUILD_MANIFEST).read_text())
    assert manifest["name"] == "llama.cpp-test-native" and manifest["cpu_variant"]
    assert built_engines(engines) == [installed]
    assert not list(engines.glob(".*"))  # no partial or retired folder is left behind
    # Installing again replaces the old build in one rename.
    again = builder._install(bin_dir, "llama.cpp-test-native", lambda _p: None)
    assert again.path == installed.path and not list(engines.glob(".*"))


def test_an_engine_that_fails_its_self_test_is_not_installed(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    binary = bin_dir / "llama-server"
    binary.write_text("#!/bin/sh\necho 'illegal' >&2\nkill -ILL $$\n")
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    engines = tmp_path / "engines"
    builder = EngineBuilder(tmp_path / "work", engines, SelfTester(None, tmp_path / "models"))
    with pytest.raises(BuildError) as caught:
        builder._install(bin_dir, "llama.cpp-bad", lambda _p: None)
    assert caught.value.code == "build_self_test_failed"
    assert caught.value.params["status"] == "SIGILL"
    assert not engines.exists() or not any(engines.iterdir())
    assert built_engines(engines) == []


def test_unfinished_builds_are_not_candidates(tmp_path: Path) -> None:
    folder = tmp_path / "engines" / "llama.cpp-b11434-native"
    folder.mkdir(parents=True)
    (folder / "llama-server").write_text("")
    assert built_engines(tmp_path / "engines") == []  # no manifest: never finished
    (folder / BUILD_MANIFEST).write_text(json.dumps({"built_at": 5}))
    assert built_engines(tmp_path / "engines") == [
        EngineLocation(folder / "llama-server", EngineSource.BUILT)
    ]


def test_a_build_step_closes_its_output_pipe(tmp_path: Path) -> None:
    """Each step's output is read line by line into the build log; the pipe it came through
    must be closed by the step, not left to the collector (a cold-cache CI build did)."""
    builder = EngineBuilder(tmp_path / "work", tmp_path / "engines", SelfTester(None, tmp_path))
    builder.log_path.parent.mkdir(parents=True, exist_ok=True)
    toolchain = build_module.Toolchain("cmake", "Ninja", "ninja", "cc", vulkan=False, cuda=False)
    lines: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        builder._run([sys.executable, "-c", "print('one'); print('two')"], toolchain, lines.append)
        gc.collect()  # an unclosed pipe would warn here, as it is collected
    assert lines == ["one", "two"]
    assert "one\ntwo\n" in builder.log_path.read_text("utf-8")
