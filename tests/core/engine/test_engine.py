"""Engine discovery and probing: real binary, user-style fake binaries, and broken ones."""

from __future__ import annotations

import os
import stat
import textwrap
import threading
import time
from pathlib import Path

import pytest

from studio.core.engine import EngineError, EngineProber
from studio.core.engine import locate as locate_module
from studio.core.engine.candidates import BUILD_MANIFEST, candidate_locations
from studio.core.engine.info import parse_devices, parse_help, parse_version
from studio.core.engine.locate import EngineLocation, EngineSource
from tests.support.engine import selector_in

CUDA_DEVICES = """\
Available devices:
  CUDA0: NVIDIA GeForce RTX 4090 (24080 MiB, 23700 MiB free)
  CUDA1: NVIDIA GeForce RTX 3060 (12288 MiB, 11000 MiB free)
  RPC0: 192.168.1.7:50052 (16384 MiB, 16000 MiB free)
"""

OLD_HELP = """\
-m,    --model FNAME                    model path (default: `models/$filename`)
-ngl,  --gpu-layers, --n-gpu-layers N   number of layers to store in VRAM
-sm,   --split-mode {none,layer,row}    how to split the model across multiple GPUs, one of:
-ctk,  --cache-type-k TYPE              KV cache data type for K
                                        allowed values: f32, f16, q8_0
-fa,   --flash-attn                     enable Flash Attention (default: disabled)
"""


def fake_engine(
    directory: Path,
    *,
    help_text: str = OLD_HELP,
    devices: str = CUDA_DEVICES,
    version: str = "version: 4567 (deadbee)\nbuilt with cc for x86_64",
    counter: Path | None = None,
) -> Path:
    """A shell script that answers like a user's own llama-server build."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "help.txt").write_text(help_text)
    (directory / "devices.txt").write_text(devices)
    (directory / "version.txt").write_text(version)
    count = f'echo "$1" >> "{counter}"' if counter else ":"
    script = directory / "llama-server"
    script.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        {count}
        case "$1" in
          --version) cat "{directory}/version.txt" >&2 ;;
          --help) cat "{directory}/help.txt" ;;
          --list-devices) echo "ggml_vulkan: no devices" >&2; cat "{directory}/devices.txt" ;;
          *) exit 1 ;;
        esac
    """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_parse_upstream_and_packaged_versions() -> None:
    upstream = parse_version("version: 6543 (abc1234)\nbuilt with cc (GCC) 13 for x86_64")
    assert upstream is not None
    assert (upstream.version, upstream.build, upstream.commit) == ("6543", 6543, "abc1234")
    assert upstream.compiler == "cc (GCC) 13 for x86_64"
    packaged = parse_version("version: 0.1.0-dev (build 1, commit 7e4c0a9)")
    assert packaged is not None
    assert (packaged.version, packaged.build, packaged.commit) == ("0.1.0-dev", 1, "7e4c0a9")
    assert parse_version("false (GNU coreutils) 9.1") is None


def test_parse_devices() -> None:
    devices = parse_devices(CUDA_DEVICES)
    assert [(d.name, d.backend, d.total_mib, d.free_mib) for d in devices] == [
        ("CUDA0", "CUDA", 24080, 23700),
        ("CUDA1", "CUDA", 12288, 11000),
        ("RPC0", "RPC", 16384, 16000),
    ]
    assert devices[0].description == "NVIDIA GeForce RTX 4090"
    assert parse_devices("Available devices:\n  (none)\n") == ()


def test_old_build_lacks_modern_features() -> None:
    features = parse_help(OLD_HELP)
    assert "--model" in features.flags and "--gpu-layers" in features.flags
    assert features.split_modes == ("none", "layer", "row")
    assert not features.tensor_parallel
    assert not features.fit and not features.n_cpu_moe and not features.mtp
    assert features.cache_types == ("f32", "f16", "q8_0")


@pytest.mark.engine
def test_bundled_engine_probe() -> None:
    # Describing itself works on any CPU, even one the bundled build cannot run models on.
    bundled = locate_module.bundled_engine()
    if bundled is None:
        pytest.skip("the bundled wheel is not installed on this platform")
    assert bundled.source is EngineSource.BUNDLED
    info = EngineProber().probe(bundled)
    features = info.features
    assert features.fit and features.n_cpu_moe and features.rpc and features.mmproj
    assert {"layer", "tensor"} <= set(features.split_modes)
    assert "draft-mtp" in features.spec_types
    assert {"f16", "q8_0", "q4_0"} <= set(features.cache_types)
    assert features.flash_attn_values == ("on", "off", "auto")
    assert info.version.commit
    assert info.to_json()["features"]["tensor_parallel"] is True


def test_candidate_order(tmp_path: Path) -> None:
    explicit = fake_engine(tmp_path / "explicit")
    from_env = fake_engine(tmp_path / "env")
    on_path = fake_engine(tmp_path / "path")
    built = fake_engine(tmp_path / "engines" / "llama.cpp-b1-native")
    (built.parent / BUILD_MANIFEST).write_text('{"built_at": 1}')
    env = {"STUDIO_LLAMA_SERVER": str(from_env), "PATH": str(on_path.parent)}
    locations = candidate_locations(explicit, env, tmp_path / "engines")
    sources = [location.source for location in locations]
    expected = [EngineSource.SETTING, EngineSource.ENVIRONMENT, EngineSource.BUILT]
    if locate_module.bundled_engine() is not None:
        expected.append(EngineSource.BUNDLED)
        bundled = locations[sources.index(EngineSource.BUNDLED)]
        assert "LD_LIBRARY_PATH" in bundled.environment
    assert sources == [*expected, EngineSource.PATH]
    assert [loc.path for loc in locations][:3] == [explicit, from_env, built]
    nothing = candidate_locations(None, {"PATH": str(tmp_path / "nowhere")}, None, lambda: None)
    assert nothing == []


def test_child_environment_prepends_library_path() -> None:
    location = EngineLocation(Path("/x"), EngineSource.BUNDLED, {"LD_LIBRARY_PATH": "/wheel"})
    assert location.child_environment({"LD_LIBRARY_PATH": "/usr/lib"})["LD_LIBRARY_PATH"] == (
        f"/wheel{os.pathsep}/usr/lib"
    )


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda d: d / "absent", "engine_missing"),
        (lambda d: (d / "plain").write_text("x") and d / "plain", "engine_not_executable"),
        (lambda d: d, "engine_not_executable"),
    ],
)
def test_unusable_explicit_binary(tmp_path: Path, make: object, code: str) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    candidate = selector_in(tmp_path / "caches").examine(EngineLocation(path, EngineSource.SETTING))
    assert candidate.error is not None and not candidate.runnable
    assert candidate.error.code == code
    assert str(path) in candidate.error.detail


def test_binary_that_is_not_llama_server(tmp_path: Path) -> None:
    with pytest.raises(EngineError) as error:
        EngineProber().probe(EngineLocation(Path("/bin/false"), EngineSource.SETTING))
    assert error.value.code == "engine_broken"
    garbage = tmp_path / "garbage"
    garbage.write_bytes(b"\x7fELF not really")
    garbage.chmod(0o755)
    with pytest.raises(EngineError) as error:
        EngineProber().probe(EngineLocation(garbage, EngineSource.SETTING))
    assert error.value.code == "engine_not_executable"


def test_hanging_binary_times_out(tmp_path: Path) -> None:
    script = tmp_path / "llama-server"
    script.write_text("#!/bin/sh\nexec sleep 30\n")
    script.chmod(0o755)
    with pytest.raises(EngineError) as error:
        EngineProber(timeout_s=0.5).probe(EngineLocation(script, EngineSource.SETTING))
    assert error.value.code == "engine_timeout"


def test_probe_is_cached_by_path_and_mtime(tmp_path: Path) -> None:
    counter = tmp_path / "calls.txt"
    script = fake_engine(tmp_path / "bin", counter=counter)
    location = EngineLocation(script, EngineSource.SETTING)
    cache_file = tmp_path / "cache" / "probe.json"
    prober = EngineProber(cache_file)
    first = prober.probe(location)
    assert prober.probe(location) is first
    assert counter.read_text().split() == ["--version", "--help", "--list-devices"]
    assert [d.name for d in first.devices] == ["CUDA0", "CUDA1", "RPC0"]
    assert first.device_warnings == ()

    # A new process reuses the static answers from disk and asks only for devices.
    EngineProber(cache_file).probe(location)
    assert counter.read_text().split()[3:] == ["--list-devices"]

    # A rebuilt binary (new mtime) is probed again from scratch.
    stat_result = script.stat()
    os.utime(script, ns=(stat_result.st_atime_ns, stat_result.st_mtime_ns + 10**9))
    prober.probe(location)
    assert counter.read_text().split()[4:] == ["--version", "--help", "--list-devices"]


def test_close_kills_a_probe_in_flight(tmp_path: Path) -> None:
    """Quitting while a hung binary is probed must not wait for the probe timeout."""
    script = tmp_path / "llama-server"
    started = tmp_path / "started"
    script.write_text(f'#!/bin/sh\ntouch "{started}"\nexec sleep 600\n')
    script.chmod(0o755)
    prober = EngineProber(timeout_s=600)
    errors: list[EngineError] = []

    def probe() -> None:
        try:
            prober.probe(EngineLocation(script, EngineSource.SETTING))
        except EngineError as error:
            errors.append(error)

    worker = threading.Thread(target=probe)
    worker.start()
    while not started.exists():
        time.sleep(0.01)
    prober.close()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert [e.code for e in errors] == ["engine_cancelled"]
    with pytest.raises(EngineError) as again:
        prober.probe(EngineLocation(script, EngineSource.SETTING))
    assert again.value.code == "engine_cancelled"
