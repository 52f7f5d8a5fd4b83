"""What llama-server really allocated, read from its `-lv 4` log.

Since llama.cpp moved libllama's INFO lines to verbosity 4, the buffer sizes appear only
with `-lv 4`. Lines look like (timestamp and level prefix optional):

    load_tensors:   CPU_Mapped model buffer size =    92.10 MiB
    load_tensors: RPC0[127.0.0.1:50112] model buffer size =    47.71 MiB
    llama_context:        CPU  output buffer size =     0.75 MiB
    llama_kv_cache:        CPU KV buffer size =    45.00 MiB       (twice with SWA caches)
    llama_memory_recurrent:        CPU RS buffer size =   163.94 MiB
    sched_reserve:        CPU compute buffer size =    15.51 MiB
    common_memory_breakdown_print: |   - RPC0 (127.0.0.1:50111) | 24105 = 24105 + (49 = 21 + ...
    common_memory_breakdown_print: |   - Host                   |        83 = 51 + 16 + 15 |

Buffer names are grouped into devices: host buffer types (CPU, CPU_Mapped, CPU_REPACK, AMX,
CUDA_Host ...) into "Host"; RPC buffers by their endpoint (`RPC[127.0.0.1:50112]`; the engine
prints the same `RPC0` prefix for every server, only the endpoint tells them apart); others
(CUDA0, Vulkan1 ...) by their own name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from studio.core.devices import HOST_ENGINE_NAME
from studio.core.units import MIB

_BUFFER = re.compile(
    r"(?P<where>load_tensors|llama_context|llama_kv_cache|llama_memory_recurrent|sched_reserve)"
    r":\s+(?P<buft>\S+)\s+(?P<kind>model|output|KV|RS|compute) buffer size\s*=\s*"
    r"(?P<mib>[0-9.]+) MiB"
)
_BREAKDOWN_DEVICE = re.compile(
    r"memory_breakdown_print: \|\s+- (?P<name>.+?)\s*\|\s*(?P<total>-?\d+) =\s*(?P<free>-?\d+) \+"
    r" \(\s*(?P<self>-?\d+) =\s*(?P<model>-?\d+) \+\s*(?P<context>-?\d+) \+\s*(?P<compute>-?\d+)\)"
)
_BREAKDOWN_HOST = re.compile(
    r"memory_breakdown_print: \|\s+- (?P<name>.+?)\s*\|\s*(?P<self>-?\d+) =\s*(?P<model>-?\d+) \+"
    r"\s*(?P<context>-?\d+) \+\s*(?P<compute>-?\d+)\s*\|"
)
_BREAKDOWN_HEADER = re.compile(r"memory_breakdown_print: \| memory breakdown \[MiB\]")
_CONTEXT_INT = re.compile(
    r"llama_context: (?P<key>n_seq_max|n_ctx|n_ctx_seq|n_batch|n_ubatch|n_outputs_max)\s+=\s+"
    r"(?P<value>\d+)\s*$"
)
_KV_UNIFIED = re.compile(r"llama_context: kv_unified\s+=\s+(?P<value>true|false)")
# "Flash Attention enabled", "... not supported, set to disabled", "... was auto, set to ..."
_FLASH = re.compile(r"Flash Attention (?P<state>enabled|.*set to disabled|disabled)")
_OFFLOADED = re.compile(r"load_tensors: offloaded (?P<n>\d+)/(?P<total>\d+) layers to GPU")
_HOST_BUFT = re.compile(r"^(CPU.*|AMX|.*_Host)$")
_RPC_BUFT = re.compile(r"^RPC\d*\[(?P<endpoint>[^\]]+)\]$")
_RPC_DEVICE = re.compile(r"^RPC\d+ \((?P<endpoint>[^)]+)\)$")

COMPONENTS = ("model", "output", "KV", "RS", "compute")


def device_key(buffer_type: str) -> str:
    """The device a buffer type belongs to: "Host", "RPC[host:port]" or the buffer's name."""
    if _HOST_BUFT.match(buffer_type):
        return HOST_ENGINE_NAME
    rpc = _RPC_BUFT.match(buffer_type)
    if rpc:
        return f"RPC[{rpc['endpoint']}]"
    return buffer_type


def breakdown_device_key(name: str) -> str:
    """The same key for a memory-breakdown row ("RPC0 (127.0.0.1:50111)", "CUDA0 (RTX)")."""
    if name == HOST_ENGINE_NAME or _HOST_BUFT.match(name):
        return HOST_ENGINE_NAME  # extra host rows (AMX, CPU_REPACK) are host memory too
    rpc = _RPC_DEVICE.match(name)
    if rpc:
        return f"RPC[{rpc['endpoint']}]"
    return name.split(" ", 1)[0]


@dataclass(frozen=True)
class BufferLine:
    buffer_type: str
    kind: str  # model, output, KV, RS or compute
    bytes: int  # as logged (MiB with two decimals, so +-5 KiB)

    @property
    def device(self) -> str:
        return device_key(self.buffer_type)


@dataclass(frozen=True)
class BreakdownRow:
    """One row of the memory breakdown table, in MiB (integers, as the engine prints)."""

    device: str
    name: str
    model_mib: int
    context_mib: int
    compute_mib: int
    total_mib: int | None = None
    free_mib: int | None = None


@dataclass(frozen=True)
class EngineAllocation:
    """Everything memory-related one llama-server log said."""

    buffers: tuple[BufferLine, ...]
    breakdowns: tuple[tuple[BreakdownRow, ...], ...]  # every table, in log order
    context: Mapping[str, int] = field(default_factory=dict)
    kv_unified: bool | None = None
    flash_attention: bool | None = None
    layers_offloaded: int | None = None

    def component(self, device: str, kind: str, *, buffer_type: str | None = None) -> int:
        """Sum of logged buffers of one kind on one device (optionally one buffer type)."""
        return sum(
            b.bytes
            for b in self.buffers
            if b.kind == kind
            and b.device == device
            and (buffer_type is None or b.buffer_type == buffer_type)
        )

    def devices(self) -> tuple[str, ...]:
        seen: dict[str, None] = {}
        for buffer in self.buffers:
            seen.setdefault(buffer.device, None)
        return tuple(seen)

    def by_device(self) -> dict[str, dict[str, int]]:
        """{device: {kind: bytes}} over every logged buffer (the host's "model" is what the
        log says, mapped ranges included; see `resident_weights`)."""
        result: dict[str, dict[str, int]] = {}
        for buffer in self.buffers:
            kinds = result.setdefault(buffer.device, dict.fromkeys(COMPONENTS, 0))
            kinds[buffer.kind] += buffer.bytes
        return result

    def resident_weights(self, device: str) -> int:
        """Weight bytes really held on `device`.

        Device buffers are exact. On the host, a memory-mapped model logs `CPU_Mapped` as the
        whole mapped file range (tensors of other devices included) and repacked copies
        (`CPU_REPACK`, `AMX`) on top; the fit pass's table counts what the host really keeps
        (whole MiB), so it is preferred when the log has one.
        """
        if device != HOST_ENGINE_NAME:
            return self.component(device, "model")
        mapped = any(b.kind == "model" and b.buffer_type.endswith("_Mapped") for b in self.buffers)
        table = self.breakdown_totals(0)
        if mapped and HOST_ENGINE_NAME in table:
            return table[HOST_ENGINE_NAME][0] * MIB
        return self.component(HOST_ENGINE_NAME, "model")

    def breakdown_totals(self, table: int = 0) -> dict[str, tuple[int, int, int]]:
        """{device: (model, context, compute) MiB} of one table, host rows summed."""
        result: dict[str, tuple[int, int, int]] = {}
        for row in self.breakdowns[table] if self.breakdowns else ():
            model, context, compute = result.get(row.device, (0, 0, 0))
            result[row.device] = (
                model + row.model_mib,
                context + row.context_mib,
                compute + row.compute_mib,
            )
        return result

    @property
    def fit_breakdown(self) -> tuple[BreakdownRow, ...]:
        """The first table: the fit pass's projection, printed before weights are loaded."""
        return self.breakdowns[0] if self.breakdowns else ()


def parse_engine_log(lines: Iterable[str]) -> EngineAllocation:
    buffers: list[BufferLine] = []
    tables: list[list[BreakdownRow]] = []
    context: dict[str, int] = {}
    kv_unified: bool | None = None
    flash: bool | None = None
    offloaded: int | None = None
    for line in lines:
        if match := _BUFFER.search(line):
            buffers.append(
                BufferLine(match["buft"], match["kind"], round(float(match["mib"]) * MIB))
            )
        elif _BREAKDOWN_HEADER.search(line):
            tables.append([])
        elif match := _BREAKDOWN_DEVICE.search(line):
            if tables:
                tables[-1].append(
                    BreakdownRow(
                        device=breakdown_device_key(match["name"]),
                        name=match["name"],
                        model_mib=int(match["model"]),
                        context_mib=int(match["context"]),
                        compute_mib=int(match["compute"]),
                        total_mib=int(match["total"]),
                        free_mib=int(match["free"]),
                    )
                )
        elif match := _BREAKDOWN_HOST.search(line):
            if tables:
                tables[-1].append(
                    BreakdownRow(
                        device=breakdown_device_key(match["name"]),
                        name=match["name"],
                        model_mib=int(match["model"]),
                        context_mib=int(match["context"]),
                        compute_mib=int(match["compute"]),
                    )
                )
        elif match := _CONTEXT_INT.search(line):
            context.setdefault(match["key"], int(match["value"]))
        elif match := _KV_UNIFIED.search(line):
            kv_unified = match["value"] == "true" if kv_unified is None else kv_unified
        elif match := _FLASH.search(line):
            flash = match["state"] == "enabled" if flash is None else flash
        elif match := _OFFLOADED.search(line):
            offloaded = int(match["n"])
    return EngineAllocation(
        buffers=tuple(buffers),
        breakdowns=tuple(tuple(t) for t in tables),
        context=context,
        kv_unified=kv_unified,
        flash_attention=flash,
        layers_offloaded=offloaded,
    )
