"""The kinds of input a `studio` command takes, as argparse `type=` callables.

Each kind names what the text must be (a model file, a folder, an engine binary, ...), so
the command checks it in the same words everywhere, and `tests/cli/test_bad_inputs.py`
knows, from the parser alone, which bad inputs to give every sub-command: a new
sub-command that takes a path or an endpoint through one of these is covered without
touching the test (a bare `type=Path` fails that test).

Numbers and choices are one shared set too: every count, size, port and share is a
`WholeNumber` or `RealNumber` with its bounds (NaN and infinities never pass), every
enumerated option takes its `choices` from the core's own list, and free text is `text`
(UTF-8 only); `tests/cli/test_cli_bounds.py` gives each one what it must refuse.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from studio.core.devices import PLANNED_SPLIT_MODES, SplitMode
from studio.core.endpoint import RpcEndpoint
from studio.core.errors import StudioError
from studio.core.gguf.errors import RemoteReadError
from studio.core.hub.config import checked_repo_id
from studio.core.memory import KV_CACHE_TYPES
from studio.core.placement import DraftType

# llama.cpp reads counts (context, slots, batch, layers, tokens) as 32-bit ints: a larger
# number would wrap inside the engine, so it is refused here.
INT32_MAX = 2**31 - 1
# The most devices an estimate invents (llama.cpp's CUDA build stops at 16 GPUs): a count
# of millions would only make the estimate itself run out of memory.
MAX_DEVICES = 64
# ggml's thread pool takes at most 512 threads (GGML_MAX_N_THREADS).
MAX_THREADS = 512
# A tensor split's share: large enough for shares written in bytes, small enough that a
# sum of them stays a finite float.
MAX_SHARE = 1e15

# The enumerated options, each from the core's own list of the values it acts on.
CACHE_TYPES = tuple(sorted(KV_CACHE_TYPES))
SPLIT_MODES = tuple(mode.value for mode in SplitMode)
PLANNED_SPLITS = tuple(mode.value for mode in PLANNED_SPLIT_MODES)
DRAFT_TYPES = tuple(kind.value for kind in DraftType)
POOLINGS = ("none", "mean", "cls", "last", "rank")  # llama-server's --pooling


def _whole(text: str, minimum: int, maximum: int) -> int | None:
    """`text` as a whole number from `minimum` to `maximum`, else None."""
    try:
        value = int(text)
    except ValueError:
        return None
    return value if minimum <= value <= maximum else None


@dataclass(frozen=True)
class WholeNumber:
    """A whole number from `minimum` to `maximum`. `what` names it in the refusal."""

    what: str
    minimum: int
    maximum: int = INT32_MAX

    def __call__(self, text: str) -> int:
        value = _whole(text, self.minimum, self.maximum)
        if value is None:
            raise argparse.ArgumentTypeError(self.expected())
        return value

    def expected(self, *, or_auto: bool = False) -> str:
        words = f"{self.what} from {self.minimum} to {self.maximum}"
        return f"expected auto or {words}" if or_auto else f"expected {words}"


@dataclass(frozen=True)
class AutoOr:
    """The word `auto` (None: the planner chooses) or a `number`."""

    number: WholeNumber

    def __call__(self, text: str) -> int | None:
        if text.strip() == "auto":
            return None
        value = _whole(text, self.number.minimum, self.number.maximum)
        if value is None:
            raise argparse.ArgumentTypeError(self.number.expected(or_auto=True))
        return value


@dataclass(frozen=True)
class RealNumber:
    """A finite number from `minimum` to `maximum` (NaN and infinities refused)."""

    what: str
    minimum: float
    maximum: float

    def __call__(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not self.minimum <= value <= self.maximum:  # False for NaN too
            raise argparse.ArgumentTypeError(
                f"expected {self.what} from {self.minimum:g} to {self.maximum:g}"
            )
        return value


# Every number option takes one of these, so a bound is written once.
count = WholeNumber("a number", 1)  # slots, batch sizes, tokens to write, pages
non_negative = WholeNumber("a number", 0)  # layers, experts kept on the CPU, queue lengths
context = WholeNumber("a context in tokens (0: the model's own)", 0)
token_count = WholeNumber("a number of tokens", 0)
layer_count = WholeNumber("a number of layers", 0)
threads = WholeNumber("a number of threads", 1, MAX_THREADS)
devices = WholeNumber("a number of devices", 0, MAX_DEVICES)
port = WholeNumber("a port (0: any free port)", 0, 65535)
seed = WholeNumber("a seed", 0, 2**32 - 1)  # llama.cpp's seed is a 32-bit unsigned int
jobs = WholeNumber("a number of compilers", 1, 1024)
auto_context = AutoOr(context)
auto_count = AutoOr(non_negative)
auto_mib = AutoOr(WholeNumber("a size in MiB", 0))
temperature = RealNumber("a temperature", 0.0, 100.0)
share = RealNumber("a share", 0.0, MAX_SHARE)


def text(value: str) -> str:
    """Free text (a message, a name, an address). Bytes that are not UTF-8 reach Python as
    lone surrogates, which no engine, request or header can carry: refused here."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError("expected text in UTF-8") from None
    return value


def names(value: str) -> tuple[str, ...]:
    """Comma-separated names the engine knows (its devices): free text, split."""
    return tuple(name for name in text(value).split(",") if name)


def on_off(text: str) -> bool:
    if text not in ("on", "off"):
        raise argparse.ArgumentTypeError("expected on or off")
    return text == "on"


def on_off_auto(text: str) -> str:
    if text not in ("on", "off", "auto"):
        raise argparse.ArgumentTypeError("expected on, off or auto")
    return text


def gpu_layers(text: str) -> int | str:
    """Layers on the GPUs: a number, `auto` or `all`."""
    return text if text in ("auto", "all") else layer_count(text)


def shares(text: str) -> tuple[float, ...]:
    """A tensor split: comma-separated shares per device (3,1), finite, 0 or more, not
    all 0, for at most MAX_DEVICES devices."""
    parts = [part for part in text.split(",") if part.strip()]
    try:
        values = tuple(share(part) for part in parts)
    except argparse.ArgumentTypeError:
        values = ()
    if not any(values) or len(values) > MAX_DEVICES:
        raise argparse.ArgumentTypeError(
            f"expected shares such as 3,1: numbers from 0 to {MAX_SHARE:g}, not all 0, "
            f"for at most {MAX_DEVICES} devices"
        )
    return values


_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0}
# An idle time longer than a year means "never": leave the option out.
_LONGEST_S = 366 * 24 * 3600.0


def duration(text: str) -> float:
    """`90`, `90s`, `15m` or `1h` as seconds (more than 0, at most a year)."""
    unit = _UNITS.get(text[-1:].lower(), 0.0)
    try:
        seconds = float(text[:-1] if unit else text) * (unit or 1.0)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= _LONGEST_S:  # False for NaN too
        raise argparse.ArgumentTypeError("expected a duration such as 90s, 15m or 1h")
    return seconds


def _path(text: str, missing: str) -> Path:
    """`text` as a path; one with a NUL byte, which no file name holds (and which every
    OS call refuses with a ValueError), is the `missing` error for it."""
    if "\0" in text:
        raise StudioError(missing, f"{text!r}: a path cannot hold a NUL byte", path=text)
    try:
        return Path(text).expanduser()
    except RuntimeError:  # `~name` of no such user: kept as typed, and found missing
        return Path(text)


def model_file(text: str) -> Path:
    """A local .gguf file (any shard of a split model)."""
    return _path(text, "model_missing")


def model_source(text: str) -> str:
    """A local .gguf file or an http(s) URL read with Range requests."""
    if not text.startswith(("http://", "https://")):
        _path(text, "model_missing")
        return text
    try:
        valid = bool(urlsplit(text).hostname) and bool(httpx.URL(text).host)
    except (ValueError, httpx.InvalidURL):
        valid = False
    if not valid:
        raise RemoteReadError(text, "it is not a valid web address")
    return text


def engine_file(text: str) -> Path:
    """A llama-server binary the user names."""
    return _path(text, "engine_missing")


def export_file(text: str) -> Path:
    """A file an export is written to (made, or replaced)."""
    return _path(text, "bench_export_failed")


def folder(text: str) -> Path:
    """A folder of models that must exist."""
    return _path(text, "folder_missing")


def new_folder(text: str) -> Path:
    """A folder to write into: made when missing, refused when it is a file."""
    return _path(text, "folder_missing")


def secret_file(text: str) -> Path:
    """A file holding a secret, such as an API key."""
    return _path(text, "api_key_file_unreadable")


def endpoints(text: str) -> tuple[RpcEndpoint, ...]:
    """Comma-separated host:port endpoints (RPC servers); IPv6 in brackets."""
    return tuple(RpcEndpoint.parse(part) for part in text.split(",") if part.strip())


def hub_repo(text: str) -> str:
    """A Hugging Face repository, owner/name; any other text is refused with the core's
    sentence for it (a StudioError, which argparse lets through to `report.guarded`)."""
    return checked_repo_id(text.strip())


def hub_query(value: str) -> str:
    """Words to search the Hugging Face Hub for."""
    return text(value).strip()


def require_folder(path: Path, *, may_be_missing: bool = False) -> Path:
    """`path` if it is a folder (or, with `may_be_missing`, not there yet); else the error
    that says what it is instead."""
    if path.is_dir() or (may_be_missing and not path.exists()):
        return path
    code = "folder_is_file" if path.exists() else "folder_missing"
    raise StudioError(code, f"{path}: not a folder", path=str(path))
