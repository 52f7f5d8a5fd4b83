"""This CPU's instruction sets, and the ones an engine's CPU backend was built for.

A llama.cpp CPU backend compiled for AVX-512 or AMX dies with SIGILL on the first model load
on a CPU without them, while `--version` and `--help` still work. Comparing what the engine
says it was built for (its `system_info` line) with `/proc/cpuinfo` names what is missing,
so the user reads "built for AVX-512 and AMX; this CPU has AVX2" instead of "crashed".
"""

from __future__ import annotations

import hashlib
import platform
import re
from dataclasses import dataclass
from pathlib import Path

from studio.core.safe_read import read_regular_text

# ggml's system_info names -> the /proc/cpuinfo flag that a CPU must have for it, and the
# name a person knows it by. Ordered from oldest to newest so summaries read naturally.
_FEATURES: tuple[tuple[str, str, str], ...] = (
    ("SSE3", "pni", "SSE3"),
    ("SSSE3", "ssse3", "SSSE3"),
    ("AVX", "avx", "AVX"),
    ("F16C", "f16c", "F16C"),
    ("FMA", "fma", "FMA"),
    ("BMI2", "bmi2", "BMI2"),
    ("AVX2", "avx2", "AVX2"),
    ("AVX_VNNI", "avx_vnni", "AVX-VNNI"),
    ("AVX512", "avx512f", "AVX-512"),
    ("AVX512_VBMI", "avx512vbmi", "AVX-512 VBMI"),
    ("AVX512_VNNI", "avx512_vnni", "AVX-512 VNNI"),
    ("AVX512_BF16", "avx512_bf16", "AVX-512 BF16"),
    ("AMX_INT8", "amx_int8", "AMX"),
)
_CPUINFO_FLAG = {ggml: flag for ggml, flag, _ in _FEATURES}
# Features a build uses only after asking the CPU (and the OS) at run time: ggml offers its
# AMX buffer type only when the kernel grants the tile state, and says "AMX is not ready to
# be used!" otherwise. Missing, they cost speed, never a crash; every other feature is
# compiled into ordinary code paths and dies with SIGILL where the CPU lacks it.
RUNTIME_CHECKED = frozenset({"AMX_INT8"})
_NOT_READY = {"AMX_INT8": "AMX is not ready to be used!"}
_HUMAN = {ggml: human for ggml, _, human in _FEATURES}

# /proc/cpuinfo is a few KiB per logical CPU: this holds thousands of them.
_CPUINFO_MAX_BYTES = 16 * 1024 * 1024

_SYSTEM_INFO = re.compile(r"system_info:.*?\|\s*CPU\s*:(?P<features>[^\n]*)")
_FEATURE_ON = re.compile(r"(?P<name>[A-Z][A-Z0-9_]*)\s*=\s*1\b")


@dataclass(frozen=True)
class CpuInfo:
    """What this machine's processor is and which instruction sets it has."""

    model: str
    flags: frozenset[str]

    @classmethod
    def of_this_machine(cls, cpuinfo: Path = Path("/proc/cpuinfo")) -> CpuInfo:
        try:
            text = read_regular_text(cpuinfo, limit=_CPUINFO_MAX_BYTES, errors="replace")
        except (OSError, ValueError):
            # Not Linux, or not a file we may read: we cannot tell, so nothing is
            # reported missing.
            return cls(platform.processor() or platform.machine(), frozenset())
        return cls.parse(text)

    @classmethod
    def parse(cls, text: str) -> CpuInfo:
        model = ""
        flags: frozenset[str] = frozenset()
        for line in text.splitlines():
            key, _, value = line.partition(":")
            key = key.strip()
            if key == "model name" and not model:
                model = value.strip()
            elif key == "flags" and not flags:
                flags = frozenset(value.split())
        return cls(model or platform.machine(), flags)

    @property
    def fingerprint(self) -> str:
        """Changes when the binary would meet another CPU (a moved disk, a new VM host)."""
        text = self.model + "|" + " ".join(sorted(self.flags))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def has(self, ggml_feature: str) -> bool:
        flag = _CPUINFO_FLAG.get(ggml_feature)
        return flag is None or flag in self.flags

    @property
    def summary(self) -> str:
        """The newest instruction sets this CPU has, e.g. "AVX2" or "AVX-512 and AMX"."""
        return _summarise({ggml for ggml, _, _ in _FEATURES if self.has(ggml)})


def built_features(log_text: str) -> frozenset[str]:
    """The CPU features a llama.cpp build reports in its `system_info` line (`AVX2 = 1`)."""
    match = _SYSTEM_INFO.search(log_text)
    if match is None:
        return frozenset()
    return frozenset(m.group("name") for m in _FEATURE_ON.finditer(match.group("features")))


def missing_features(built: frozenset[str], cpu: CpuInfo) -> tuple[str, ...]:
    """ggml feature names the build uses that this CPU lacks, oldest first."""
    if not cpu.flags:
        return ()
    return tuple(ggml for ggml, _, _ in _FEATURES if ggml in built and not cpu.has(ggml))


def crashing_features(missing: tuple[str, ...]) -> tuple[str, ...]:
    """Of the missing features, those whose absence kills the engine (not runtime-checked)."""
    return tuple(f for f in missing if f not in RUNTIME_CHECKED)


def usable_features(
    built: frozenset[str], missing: tuple[str, ...], log_text: str
) -> frozenset[str]:
    """What the CPU backend really runs here: built, present on this CPU, and not refused
    by the engine at run time (its log says so). Repacking follows these, not the build."""
    refused = {f for f, line in _NOT_READY.items() if line in log_text}
    return built - set(missing) - refused


def engine_features(log_text: str, cpu: CpuInfo) -> frozenset[str]:
    """The features an engine that printed `log_text` really runs on `cpu`."""
    built = built_features(log_text)
    return usable_features(built, missing_features(built, cpu), log_text)


def describe_features(features: frozenset[str] | tuple[str, ...]) -> str:
    """The families a person knows: {"AVX512", "AVX512_VNNI", "AMX_INT8"} -> "AVX-512 and AMX"."""
    return _summarise(set(features))


def cpu_variant(built: frozenset[str]) -> str:
    """A short name of the kernels a build runs: "AVX-512 + AMX", "AVX2", "SSE3", ..."""
    return _summarise(set(built)).replace(" and ", " + ") or "generic"


def _summarise(features: set[str]) -> str:
    # The widest vector extensions name a build: AVX-512 and AMX when there, else the best of
    # AVX2, AVX, SSSE3 and SSE3 (each of which implies the ones before it).
    names = [_HUMAN[f] for f in ("AVX512", "AMX_INT8") if f in features]
    if not names:
        names = [_HUMAN[f] for f in ("AVX2", "AVX", "SSSE3", "SSE3") if f in features][:1]
    return " and ".join(names)
