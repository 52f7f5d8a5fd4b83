"""The kinds of input a `studio` command takes, as argparse `type=` callables.

Each kind names what the text must be (a model file, a folder, an engine binary, ...), so
the command checks it in the same words everywhere, and `tests/cli/test_bad_inputs.py`
knows, from the parser alone, which bad inputs to give every sub-command: a new
sub-command that takes a path or an endpoint through one of these is covered without
touching the test (a bare `type=Path` fails that test).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from studio.core.endpoint import RpcEndpoint
from studio.core.errors import StudioError


def auto_int(text: str) -> int | None:
    """A whole number, or `auto` (None: the planner chooses)."""
    return None if text == "auto" else int(text)


def auto_mib(text: str) -> int | None:
    """A size in MiB, 0 or more, or `auto` (None: the planner chooses)."""
    if text == "auto":
        return None
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError("expected auto or a size in MiB, 0 or more")
    return value


def on_off(text: str) -> bool:
    if text not in ("on", "off"):
        raise argparse.ArgumentTypeError("expected on or off")
    return text == "on"


def token_count(text: str) -> int:
    """A number of tokens, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError("expected a number of tokens, 0 or more")
    return value


def model_file(text: str) -> Path:
    """A local .gguf file (any shard of a split model)."""
    return Path(text).expanduser()


def model_source(text: str) -> str:
    """A local .gguf file or an http(s) URL read with Range requests."""
    return text


def engine_file(text: str) -> Path:
    """A llama-server binary the user names."""
    return Path(text).expanduser()


def folder(text: str) -> Path:
    """A folder of models that must exist."""
    return Path(text).expanduser()


def new_folder(text: str) -> Path:
    """A folder to write into: made when missing, refused when it is a file."""
    return Path(text).expanduser()


def secret_file(text: str) -> Path:
    """A file holding a secret, such as an API key."""
    return Path(text).expanduser()


def endpoints(text: str) -> tuple[RpcEndpoint, ...]:
    """Comma-separated host:port endpoints (RPC servers); IPv6 in brackets."""
    return tuple(RpcEndpoint.parse(part) for part in text.split(",") if part.strip())


def hub_repo(text: str) -> str:
    """A Hugging Face repository, owner/name."""
    return text.strip()


def hub_query(text: str) -> str:
    """Words to search the Hugging Face Hub for."""
    return text.strip()


def require_folder(path: Path, *, may_be_missing: bool = False) -> Path:
    """`path` if it is a folder (or, with `may_be_missing`, not there yet); else the error
    that says what it is instead."""
    if path.is_dir() or (may_be_missing and not path.exists()):
        return path
    code = "folder_is_file" if path.exists() else "folder_missing"
    raise StudioError(code, f"{path}: not a folder", path=str(path))
