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

from studio.core.engine_knobs import EngineKnobs, FlashAttn, knob_arguments
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
class LaunchSpec(EngineKnobs):
    """Everything that decides how llama-server runs one model: the model and its public
    name, the knobs (`studio.core.engine_knobs`; None = the engine default) and extra
    arguments."""

    model: Path
    alias: str | None = None  # the public model name; keeps the local path out of replies
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
        return self.flash_attn is not FlashAttn.OFF

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


def to_argv(
    spec: LaunchSpec, binary: Path, port: int, api_key_file: Path | None = None
) -> list[str]:
    """The complete command line for one spawn. Pure: same inputs, same list."""
    validate_extra_args(spec.extra_args)
    argv = [str(binary), "-m", str(spec.model), "--host", LOOPBACK_HOST, "--port", str(port)]
    argv += ["--alias", spec.public_name, "--no-webui"]
    if api_key_file is not None:
        argv += ["--api-key-file", str(api_key_file)]
    argv += knob_arguments(spec)
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
