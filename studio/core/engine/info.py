"""What a probed `llama-server` binary is and supports, and the parsers that read it.

The parsers work on the text the binary prints (`--version`, `--list-devices`, `--help`)
so that a user's own build (CUDA, ROCm, Metal, an older release) is described by what it
says about itself, never by what we assume a version number implies.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from studio.core.engine.locate import EngineSource


@dataclass(frozen=True)
class EngineDevice:
    """One backend device as the engine names it (CUDA0, Vulkan1, RPC0, ...)."""

    name: str
    description: str
    total_mib: int
    free_mib: int

    @property
    def backend(self) -> str:
        """The backend prefix: `CUDA0` -> `CUDA`."""
        return self.name.rstrip("0123456789")


@dataclass(frozen=True)
class EngineVersion:
    version: str
    build: int | None
    commit: str
    compiler: str

    @property
    def label(self) -> str:
        build = f" build {self.build}" if self.build is not None else ""
        return f"{self.version}{build} ({self.commit})" if self.commit else self.version


@dataclass(frozen=True)
class EngineFeatures:
    """Options parsed from `--help`: the set of flags and the value lists of a few of them."""

    flags: frozenset[str]
    split_modes: tuple[str, ...] = ()
    spec_types: tuple[str, ...] = ()
    cache_types: tuple[str, ...] = ()
    flash_attn_values: tuple[str, ...] = ()

    def supports(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def fit(self) -> bool:
        return self.supports("--fit")

    @property
    def n_cpu_moe(self) -> bool:
        return self.supports("--n-cpu-moe")

    @property
    def tensor_parallel(self) -> bool:
        return "tensor" in self.split_modes

    @property
    def rpc(self) -> bool:
        return self.supports("--rpc")

    @property
    def mmproj(self) -> bool:
        return self.supports("--mmproj")

    @property
    def mtp(self) -> bool:
        return "draft-mtp" in self.spec_types


@dataclass(frozen=True)
class EngineInfo:
    path: Path
    source: EngineSource
    version: EngineVersion
    devices: tuple[EngineDevice, ...]
    features: EngineFeatures
    # Why the device list may be empty or partial (a backend that failed to initialise).
    device_warnings: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["path"] = str(self.path)
        data["source"] = self.source.value
        data["features"] = {
            "flags": sorted(self.features.flags),
            "split_modes": list(self.features.split_modes),
            "spec_types": list(self.features.spec_types),
            "cache_types": list(self.features.cache_types),
            "flash_attn_values": list(self.features.flash_attn_values),
            "fit": self.features.fit,
            "n_cpu_moe": self.features.n_cpu_moe,
            "tensor_parallel": self.features.tensor_parallel,
            "rpc": self.features.rpc,
            "mmproj": self.features.mmproj,
            "mtp": self.features.mtp,
        }
        data["devices"] = [asdict(device) for device in self.devices]
        data["device_warnings"] = list(self.device_warnings)
        return data


_VERSION = re.compile(r"^version:\s*(?P<version>\S+)(?:\s*\((?P<inner>[^)]*)\))?", re.MULTILINE)
_BUILD = re.compile(r"build\s+(?P<build>\d+)")
_COMMIT = re.compile(r"(?:commit\s+)?\b(?P<commit>[0-9a-f]{7,40})\b")
_COMPILER = re.compile(r"^built with (?P<compiler>.+)$", re.MULTILINE)


def parse_version(text: str) -> EngineVersion | None:
    """Parse `version: 6543 (abc1234)` (upstream) or `version: 0.1.0 (build 1, commit abc)`."""
    match = _VERSION.search(text)
    if match is None:
        return None
    version = match.group("version")
    inner = match.group("inner") or ""
    build_match = _BUILD.search(inner)
    build = int(build_match.group("build")) if build_match else None
    if build is None and version.isdigit():
        build = int(version)  # upstream prints the build number as the version
    commit_match = _COMMIT.search(inner.replace(f"build {build}", "") if build else inner)
    compiler_match = _COMPILER.search(text)
    return EngineVersion(
        version=version,
        build=build,
        commit=commit_match.group("commit") if commit_match else "",
        compiler=compiler_match.group("compiler").strip() if compiler_match else "",
    )


_DEVICE = re.compile(
    r"^\s+(?P<name>[A-Za-z][\w-]*\d+):\s+(?P<desc>.*?)\s+"
    r"\((?P<total>\d+)\s+MiB,\s+(?P<free>\d+)\s+MiB free\)\s*$"
)


def parse_devices(text: str) -> tuple[EngineDevice, ...]:
    """Parse the `Available devices:` block of `--list-devices` (stdout)."""
    devices: list[EngineDevice] = []
    in_block = False
    for line in text.splitlines():
        if line.strip() == "Available devices:":
            in_block = True
            continue
        if not in_block:
            continue
        match = _DEVICE.match(line)
        if match:
            devices.append(
                EngineDevice(
                    name=match.group("name"),
                    description=match.group("desc"),
                    total_mib=int(match.group("total")),
                    free_mib=int(match.group("free")),
                )
            )
    return tuple(devices)


# An option line starts at column 0 with its flags: "-fa,   --flash-attn [on|off|auto]  ..."
# The spec ends at the first wide gap that is not followed by another flag.
_OPTION_LINE = re.compile(r"^(?P<spec>-[^\s].*?)(?:\s{2,}(?![\s-])|$)")
_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def _option_spec(help_text: str, flag: str) -> str:
    for line in help_text.splitlines():
        match = _OPTION_LINE.match(line)
        if match and flag in _FLAG.findall(match.group("spec")):
            return match.group("spec")
    return ""


def _values_after(spec: str, flag: str) -> tuple[str, ...]:
    """Values of `--x {a,b}`, `--x [a|b]` or `--x a,b,c` in an option's spec."""
    tail = spec.split(flag, 1)[1] if flag in spec else ""
    braced = re.search(r"[{\[]([^}\]]+)[}\]]", tail)
    raw = braced.group(1) if braced else tail.strip()
    if not raw or raw.isupper():  # a metavariable like N or TYPE, not a value list
        return ()
    return tuple(v for v in re.split(r"[,|]", raw) if re.fullmatch(r"[\w.-]+", v))


def _allowed_values(help_text: str, flag: str) -> tuple[str, ...]:
    """The `allowed values: a, b` line that follows an option in `--help`."""
    lines = help_text.splitlines()
    for index, line in enumerate(lines):
        match = _OPTION_LINE.match(line)
        if not (match and flag in _FLAG.findall(match.group("spec"))):
            continue
        for follow in lines[index + 1 : index + 6]:
            if _OPTION_LINE.match(follow):
                break
            allowed = re.search(r"allowed values:\s*(.+)", follow)
            if allowed:
                return tuple(v.strip() for v in allowed.group(1).split(",") if v.strip())
    return ()


def parse_help(text: str) -> EngineFeatures:
    flags: set[str] = set()
    for line in text.splitlines():
        match = _OPTION_LINE.match(line)
        if match:
            flags.update(_FLAG.findall(match.group("spec")))
    return EngineFeatures(
        flags=frozenset(flags),
        split_modes=_values_after(_option_spec(text, "--split-mode"), "--split-mode"),
        spec_types=_values_after(_option_spec(text, "--spec-type"), "--spec-type"),
        cache_types=_allowed_values(text, "--cache-type-k"),
        flash_attn_values=_values_after(_option_spec(text, "--flash-attn"), "--flash-attn"),
    )
