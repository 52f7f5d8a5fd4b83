"""What to launch: a frozen `LaunchSpec` and the pure function that turns it into argv.

The planner (`studio.core.placement`) produces a `LaunchSpec` from its plan; the manager
adds what changes on every spawn (port, API key file) and calls `to_argv`. The API key is
never on the command line: it lives in a 0600 file inside a private 0700 directory and the
child reads it with `--api-key-file`, so neither `ps` nor a logged argv can reveal it.
"""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import socket
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from studio.core.errors import StudioError

LOOPBACK_HOST = "127.0.0.1"
REDACTED = "<redacted>"

# Flags the manager owns. A user's extra arguments may not set them: they would move the
# server off loopback, leak or replace the key, rename the model or fight the slot and
# projector logic the manager's recovery depends on.
DENIED_EXTRA_FLAGS = frozenset(
    {
        "-m",
        "--model",
        "-mu",
        "--model-url",
        "-hf",
        "-hfr",
        "--hf-repo",
        "-hff",
        "--hf-file",
        "--host",
        "--port",
        "--reuse-port",
        "--api-key",
        "--api-key-file",
        "-a",
        "--alias",
        "-np",
        "--parallel",
        "-mm",
        "--mmproj",
        "-mmu",
        "--mmproj-url",
        "--log-file",
        "--log-disable",
        "--ssl-key-file",
        "--ssl-cert-file",
        "--api-prefix",
        "--tools",
        "--agent",
        "--cors-origins",
        "--cors-methods",
        "--cors-headers",
        "--help",
        "-h",
        "--usage",
        "--version",
        "--list-devices",
    }
)
MAX_EXTRA_ARGS = 256


# Environment variables that would override or undo what the manager sets: llama-server
# reads LLAMA_ARG_<X> for any flag not on the command line, so an inherited API prefix or
# TLS certificate would move or encrypt the endpoints, a log switch would hide the lines
# readiness and classification read, and LLAMA_API_KEY would add a key we do not know.
MANAGED_ENVIRONMENT = frozenset(
    {
        "LLAMA_API_KEY",
        *(
            f"LLAMA_ARG_{name}"
            for name in (
                "HOST",
                "PORT",
                "REUSE_PORT",
                "API_KEY",
                "API_KEY_FILE",
                "API_PREFIX",
                "SSL_KEY_FILE",
                "SSL_CERT_FILE",
                "ALIAS",
                "MODEL",
                "MODEL_URL",
                "HF_REPO",
                "HF_FILE",
                "DOCKER_REPO",
                "MMPROJ",
                "MMPROJ_URL",
                "MMPROJ_AUTO",
                "LOG_FILE",
                "LOG_DISABLE",
                "LOG_VERBOSITY",
                "LOG_COLORS",
                "TOOLS",
                "AGENT",
                "UI",
            )
        ),
    }
)


def spawn_environment(base: Mapping[str, str]) -> dict[str, str]:
    """`base` without the variables the manager owns (see MANAGED_ENVIRONMENT)."""
    return {key: value for key, value in base.items() if key not in MANAGED_ENVIRONMENT}


class LaunchError(StudioError):
    """A launch spec that cannot be turned into arguments.

    Codes: `launch_denied_argument` (params: flag), `launch_too_many_arguments` (count).
    """


@dataclass(frozen=True)
class LaunchSpec:
    """Everything that decides how llama-server runs one model. `None` = the engine default."""

    model: Path
    ctx_size: int | None = None
    parallel: int | None = 1
    kv_unified: bool | None = None
    cache_type_k: str | None = None
    cache_type_v: str | None = None
    flash_attn: str | None = None  # "on", "off" or "auto"
    batch: int | None = None
    ubatch: int | None = None
    n_gpu_layers: int | str | None = None  # a count, or "auto" / "all"
    split_mode: str | None = None  # "none", "layer", "row" or "tensor"
    tensor_split: tuple[float, ...] = ()
    main_gpu: int | None = None
    n_cpu_moe: int | None = None
    fit: bool | None = None
    devices: tuple[str, ...] = ()  # ("none",) = CPU only
    rpc_servers: tuple[str, ...] = ()  # "host:port"
    mmproj: Path | None = None
    mmproj_offload: bool = True
    spec_type: str | None = None  # "draft-mtp", "draft-simple", "ngram-mod", ...
    draft_model: Path | None = None
    draft_n_max: int | None = None
    draft_gpu_layers: int | None = None
    cache_ram_mib: int | None = None  # --cache-ram: the host prompt cache (0 off)
    threads: int | None = None
    alias: str | None = None  # the public model name; keeps the local path out of replies
    jinja: bool | None = None
    embeddings: bool = False  # serve /v1/embeddings too (chat keeps working)
    pooling: str | None = None  # "mean", "cls", "last"...; a chat model's own is "none"
    extra_args: tuple[str, ...] = ()  # go last, so llama.cpp's last-wins parsing honours them
    label: str = field(default="", compare=False)  # for logs and the UI, never for argv

    def with_changes(self, **changes: Any) -> LaunchSpec:
        return replace(self, **changes)

    @property
    def uses_speculative(self) -> bool:
        return (self.spec_type not in (None, "none")) or self.draft_model is not None

    @property
    def flash_attn_maybe_on(self) -> bool:
        """True unless flash attention is explicitly off (the engine's default is auto)."""
        return self.flash_attn != "off"

    @property
    def public_name(self) -> str:
        return self.alias or self.model.stem


DEFAULT_UBATCH = 512


def cancellable(spec: LaunchSpec) -> LaunchSpec:
    """`spec` with its logical batch no larger than its micro-batch. The engine looks at
    cancelled requests only between batches, so with the default 2048-token batch a
    client that left during a long prompt kept its slot busy for seconds; one device
    gains nothing from the larger batch (it runs the micro-batches one after another).
    Split over several devices, the larger batch pipelines them, so it is kept."""
    several = len(spec.devices) > 1 or len(spec.tensor_split) > 1 or bool(spec.rpc_servers)
    ubatch = spec.ubatch or DEFAULT_UBATCH
    if several or (spec.batch is not None and spec.batch <= ubatch):
        return spec
    return spec.with_changes(batch=ubatch)


def validate_extra_args(extra: Sequence[str]) -> None:
    if len(extra) > MAX_EXTRA_ARGS:
        raise LaunchError(
            "launch_too_many_arguments",
            f"{len(extra)} extra arguments, at most {MAX_EXTRA_ARGS} allowed",
            count=len(extra),
        )
    for token in extra:
        flag = token.split("=", 1)[0]
        if flag in DENIED_EXTRA_FLAGS:
            raise LaunchError(
                "launch_denied_argument",
                f"{flag} is managed by GGUF Studio and cannot be passed as an extra argument",
                flag=flag,
            )


def _number(value: float) -> str:
    """`3.0` -> `3`, `0.25` -> `0.25`: the engine parses both, people read the short one."""
    return f"{value:g}"


def to_argv(
    spec: LaunchSpec, binary: Path, port: int, api_key_file: Path | None = None
) -> list[str]:
    """The complete command line for one spawn. Pure: same inputs, same list."""
    validate_extra_args(spec.extra_args)
    argv = [str(binary), "-m", str(spec.model), "--host", LOOPBACK_HOST, "--port", str(port)]
    argv += ["--alias", spec.public_name, "--no-webui"]
    if api_key_file is not None:
        argv += ["--api-key-file", str(api_key_file)]
    if spec.ctx_size is not None:
        argv += ["-c", str(spec.ctx_size)]
    if spec.parallel is not None:
        argv += ["-np", str(spec.parallel)]
    if spec.kv_unified is not None:
        argv.append("-kvu" if spec.kv_unified else "-no-kvu")
    if spec.cache_type_k is not None:
        argv += ["-ctk", spec.cache_type_k]
    if spec.cache_type_v is not None:
        argv += ["-ctv", spec.cache_type_v]
    if spec.flash_attn is not None:
        argv += ["-fa", spec.flash_attn]
    if spec.batch is not None:
        argv += ["-b", str(spec.batch)]
    if spec.ubatch is not None:
        argv += ["-ub", str(spec.ubatch)]
    if spec.fit is not None:
        argv += ["-fit", "on" if spec.fit else "off"]
    if spec.n_gpu_layers is not None:
        argv += ["-ngl", str(spec.n_gpu_layers)]
    if spec.split_mode is not None:
        argv += ["-sm", spec.split_mode]
    if spec.tensor_split:
        argv += ["-ts", ",".join(_number(share) for share in spec.tensor_split)]
    if spec.main_gpu is not None:
        argv += ["-mg", str(spec.main_gpu)]
    if spec.n_cpu_moe is not None:
        argv += ["-ncmoe", str(spec.n_cpu_moe)]
    # --rpc first: llama-server checks -dev names while parsing, and RPC devices exist
    # only once --rpc has been read ("invalid device: RPC0" otherwise).
    if spec.rpc_servers:
        argv += ["--rpc", ",".join(spec.rpc_servers)]
    if spec.devices:
        argv += ["-dev", ",".join(spec.devices)]
    if spec.mmproj is not None:
        argv += ["--mmproj", str(spec.mmproj)]
        if not spec.mmproj_offload:
            argv.append("--no-mmproj-offload")
    else:
        # Never let the engine fetch or auto-pick a projector we did not choose.
        argv.append("--no-mmproj")
    if spec.spec_type is not None:
        argv += ["--spec-type", spec.spec_type]
    if spec.draft_model is not None:
        argv += ["--spec-draft-model", str(spec.draft_model)]
    if spec.draft_n_max is not None:
        argv += ["--spec-draft-n-max", str(spec.draft_n_max)]
    if spec.draft_gpu_layers is not None:
        argv += ["--spec-draft-ngl", str(spec.draft_gpu_layers)]
    if spec.cache_ram_mib is not None:
        argv += ["--cache-ram", str(spec.cache_ram_mib)]
    if spec.threads is not None:
        argv += ["-t", str(spec.threads)]
    if spec.jinja is not None:
        argv.append("--jinja" if spec.jinja else "--no-jinja")
    if spec.embeddings:
        argv.append("--embeddings")
    if spec.pooling is not None:
        argv += ["--pooling", spec.pooling]
    argv += list(spec.extra_args)
    return argv


_SECRET_FLAGS = frozenset({"--api-key", "--hf-token", "-hft"})


def redacted(argv: Sequence[str]) -> list[str]:
    """argv safe to log or show: values of secret flags replaced (defence in depth; the
    manager itself never puts a key on the command line)."""
    shown: list[str] = []
    hide_next = False
    for token in argv:
        if hide_next:
            shown.append(REDACTED)
            hide_next = False
            continue
        flag, sep, _ = token.partition("=")
        if flag in _SECRET_FLAGS:
            if sep:
                shown.append(f"{flag}={REDACTED}")
            else:
                shown.append(token)
                hide_next = True
            continue
        shown.append(token)
    return shown


def display_command(argv: Sequence[str]) -> str:
    """One shell-quoted line a user can copy, with secrets redacted."""
    return shlex.join(redacted(argv))


class ApiKeyFile:
    """A fresh random key in a 0600 file inside a private 0700 temporary directory.

    One per spawn; `remove()` deletes the directory. `key` is what the client sends.
    """

    def __init__(self, parent: Path | None = None) -> None:
        self.key = secrets.token_urlsafe(32)
        self.directory = Path(tempfile.mkdtemp(prefix="studio-key-", dir=parent))  # 0700
        self.path = self.directory / "api-key"
        descriptor = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(self.key + "\n")

    def remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    def __repr__(self) -> str:  # never print the key by accident
        return f"ApiKeyFile({self.path})"


def free_loopback_port() -> int:
    """A port the OS says is free on 127.0.0.1 now. Another process may take it before the
    child binds; the manager classifies that as `port_in_use` and retries on a new port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK_HOST, 0))
        port: int = probe.getsockname()[1]
        return port
