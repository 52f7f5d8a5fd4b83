"""`LaunchSpec -> argv` is pure and exact; the key never reaches the command line."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from studio.core.devices import SplitMode
from studio.core.engine_knobs import FlashAttn
from studio.core.server.launch import (
    ApiKeyFile,
    LaunchError,
    LaunchSpec,
    display_command,
    free_loopback_port,
    redacted,
    spawn_environment,
    to_argv,
)

BINARY = Path("/opt/engine/llama-server")
MODEL = Path("/models/tiny.gguf")


def test_minimal_spec_exact_argv() -> None:
    argv = to_argv(LaunchSpec(model=MODEL), BINARY, 8123, Path("/run/k/api-key"))
    assert argv == [
        "/opt/engine/llama-server",
        "-m",
        "/models/tiny.gguf",
        "--host",
        "127.0.0.1",
        "--port",
        "8123",
        "--alias",
        "tiny",
        "--no-webui",
        "--api-key-file",
        "/run/k/api-key",
        "-np",
        "1",
        "--no-mmproj",
    ]


def test_full_spec_exact_argv() -> None:
    spec = LaunchSpec(
        model=MODEL,
        ctx_size=4096,
        parallel=2,
        kv_unified=True,
        cache_type_k="q8_0",
        cache_type_v="q8_0",
        flash_attn=FlashAttn.ON,
        batch=1024,
        ubatch=256,
        n_gpu_layers=30,
        split_mode=SplitMode.LAYER,
        tensor_split=(3.0, 1.5),
        main_gpu=0,
        n_cpu_moe=4,
        fit=False,
        devices=("Vulkan0", "Vulkan1"),
        rpc_servers=("10.0.0.2:50052",),
        mmproj=Path("/models/mmproj.gguf"),
        mmproj_offload=False,
        spec_type="draft-simple",
        draft_model=Path("/models/draft.gguf"),
        draft_n_max=8,
        draft_gpu_layers=99,
        threads=6,
        alias="my-model",
        jinja=True,
        extra_args=("--top-k", "20"),
    )
    assert to_argv(spec, BINARY, 9000) == [
        "/opt/engine/llama-server",
        "-m",
        "/models/tiny.gguf",
        "--host",
        "127.0.0.1",
        "--port",
        "9000",
        "--alias",
        "my-model",
        "--no-webui",
        "-c",
        "4096",
        "-np",
        "2",
        "-kvu",
        "-ctk",
        "q8_0",
        "-ctv",
        "q8_0",
        "-fa",
        "on",
        "-b",
        "1024",
        "-ub",
        "256",
        "-fit",
        "off",
        "-ngl",
        "30",
        "-sm",
        "layer",
        "-ts",
        "3,1.5",
        "-mg",
        "0",
        "-ncmoe",
        "4",
        "--rpc",
        "10.0.0.2:50052",
        "-dev",
        "Vulkan0,Vulkan1",
        "--mmproj",
        "/models/mmproj.gguf",
        "--no-mmproj-offload",
        "--spec-type",
        "draft-simple",
        "--spec-draft-model",
        "/models/draft.gguf",
        "--spec-draft-n-max",
        "8",
        "--spec-draft-ngl",
        "99",
        "-t",
        "6",
        "--jinja",
        "--top-k",
        "20",
    ]


def test_disabled_booleans_and_string_layers() -> None:
    spec = LaunchSpec(model=MODEL, parallel=None, kv_unified=False, n_gpu_layers="all", fit=True)
    argv = to_argv(spec, BINARY, 1)
    assert argv[argv.index("-no-kvu") :] == ["-no-kvu", "-fit", "on", "-ngl", "all", "--no-mmproj"]
    assert "-np" not in argv


@pytest.mark.parametrize("flag", ["--port", "--host=0.0.0.0", "--api-key", "-m", "--alias"])
def test_managed_flags_are_refused_in_extra_args(flag: str) -> None:
    with pytest.raises(LaunchError) as caught:
        to_argv(LaunchSpec(model=MODEL, extra_args=(flag, "x")), BINARY, 1)
    assert caught.value.code == "launch_denied_argument"
    assert caught.value.params["flag"] == flag.split("=")[0]


def test_redaction_hides_key_values_in_both_spellings() -> None:
    argv = ["llama-server", "--api-key", "s3cret", "--api-key=s3cret", "-hft", "hf_x", "-c", "8"]
    shown = redacted(argv)
    assert shown == [
        "llama-server",
        "--api-key",
        "<redacted>",
        "--api-key=<redacted>",
        "-hft",
        "<redacted>",
        "-c",
        "8",
    ]
    assert "s3cret" not in display_command(argv)


def test_api_key_file_is_private_and_removable(tmp_path: Path) -> None:
    key_file = ApiKeyFile(tmp_path)
    other = ApiKeyFile(tmp_path)
    try:
        assert key_file.key != other.key and len(key_file.key) >= 40
        assert key_file.path.read_text().strip() == key_file.key
        assert stat.S_IMODE(key_file.path.stat().st_mode) == 0o600
        assert stat.S_IMODE(key_file.directory.stat().st_mode) == 0o700
        assert key_file.key not in repr(key_file)
        argv = to_argv(LaunchSpec(model=MODEL), BINARY, 5, key_file.path)
        assert key_file.key not in " ".join(argv)
    finally:
        key_file.remove()
        other.remove()
    assert not key_file.directory.exists()


def test_free_port_is_bindable() -> None:
    import socket

    port = free_loopback_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))
    assert 0 < port < 65536


def test_spawn_environment_drops_what_the_manager_owns() -> None:
    base = {
        "PATH": "/bin",
        "LLAMA_API_KEY": "k",
        "LLAMA_ARG_API_PREFIX": "/x",
        "LLAMA_ARG_SSL_CERT_FILE": "/c.pem",
        "LLAMA_ARG_LOG_DISABLE": "1",
        "LLAMA_ARG_HOST": "0.0.0.0",
        "LLAMA_ARG_N_GPU_LAYERS": "20",  # a placement default the planner honours: kept
    }
    assert spawn_environment(base) == {"PATH": "/bin", "LLAMA_ARG_N_GPU_LAYERS": "20"}
