"""Parsing llama-server's -lv 4 log: lines captured from the real engine."""

from __future__ import annotations

from pathlib import Path

from studio.core.devices import HOST_ENGINE_NAME
from studio.core.memory.engine_log import (
    breakdown_device_key,
    device_key,
    parse_engine_log,
)
from studio.core.units import MIB

# llama-server -lv 4 with two RPC devices and -ngl 20 (SmolLM2-135M), lightly trimmed.
_RPC_LOG = (Path(__file__).parents[1] / "data" / "llama_server_rpc.log").read_text()

# A sliding-window model logs one KV buffer per cache; a recurrent one an RS buffer.
_SWA_AND_RS_LOG = """\
llama_kv_cache:        CPU KV buffer size =     0.50 MiB
llama_kv_cache:        CPU KV buffer size =     3.50 MiB
llama_memory_recurrent:        CPU RS buffer size =   163.94 MiB
load_tensors:       Meta() model buffer size =     3.89 MiB
load_tensors:          AMX model buffer size =    95.34 MiB
llama_context:  CUDA_Host  output buffer size =     1.96 MiB
sched_reserve:      CUDA0 compute buffer size =   124.01 MiB
"""


def test_buffers_are_grouped_by_device() -> None:
    allocation = parse_engine_log(_RPC_LOG.splitlines())
    devices = allocation.by_device()
    assert set(devices) == {HOST_ENGINE_NAME, "RPC[127.0.0.1:50111]", "RPC[127.0.0.1:50112]"}
    assert devices["RPC[127.0.0.1:50112]"]["model"] == round(47.71 * MIB)
    assert devices["RPC[127.0.0.1:50111]"]["KV"] == 15 * MIB
    assert devices[HOST_ENGINE_NAME]["output"] == round(0.75 * MIB)
    assert devices[HOST_ENGINE_NAME]["compute"] == round(15.51 * MIB)
    assert allocation.component(HOST_ENGINE_NAME, "model", buffer_type="CPU_Mapped") == round(
        92.1 * MIB
    )
    assert allocation.context == {"n_seq_max": 4, "n_ctx": 2048}
    assert allocation.kv_unified is True
    assert allocation.flash_attention is True
    assert allocation.layers_offloaded == 20


def test_breakdown_tables() -> None:
    allocation = parse_engine_log(_RPC_LOG.splitlines())
    assert len(allocation.breakdowns) == 2
    fit = allocation.fit_breakdown
    assert [row.device for row in fit] == [
        "RPC[127.0.0.1:50111]",
        "RPC[127.0.0.1:50112]",
        HOST_ENGINE_NAME,
    ]
    assert (fit[1].model_mib, fit[1].context_mib, fit[1].compute_mib) == (47, 13, 13)
    assert fit[1].total_mib == 24105 and fit[2].total_mib is None
    # At exit, extra host rows (the AMX repack buffer) are host memory too.
    assert allocation.breakdown_totals(1) == {HOST_ENGINE_NAME: (92 + 95, 16, 15)}


def test_multiple_kv_buffers_and_other_backends() -> None:
    allocation = parse_engine_log(_SWA_AND_RS_LOG.splitlines())
    host = allocation.by_device()[HOST_ENGINE_NAME]
    assert host["KV"] == 4 * MIB
    assert host["RS"] == round(163.94 * MIB)
    assert host["output"] == round(1.96 * MIB)
    assert host["model"] == round(95.34 * MIB)
    assert allocation.by_device()["CUDA0"]["compute"] == round(124.01 * MIB)
    assert allocation.by_device()["Meta()"]["model"] == round(3.89 * MIB)


def test_device_keys() -> None:
    assert device_key("CPU_REPACK") == HOST_ENGINE_NAME
    assert device_key("CUDA_Host") == HOST_ENGINE_NAME
    assert device_key("RPC0[10.0.0.2:50052]") == "RPC[10.0.0.2:50052]"
    assert device_key("Vulkan1") == "Vulkan1"
    assert breakdown_device_key("CUDA0 (NVIDIA GeForce RTX 4090)") == "CUDA0"
    assert breakdown_device_key("RPC1 (10.0.0.2:50052)") == "RPC[10.0.0.2:50052]"
    assert breakdown_device_key("CPU_REPACK") == HOST_ENGINE_NAME


def test_flash_attention_auto_turned_off() -> None:
    allocation = parse_engine_log(
        [
            "W resolve_fused_ops: layer 2 is assigned to device CPU but Flash Attention is "
            "assigned to device RPC0 (usually due to missing support)",
            "W resolve_fused_ops: Flash Attention not supported, set to disabled",
        ]
    )
    assert allocation.flash_attention is False


def test_unrelated_lines_are_ignored() -> None:
    allocation = parse_engine_log(["srv  llama_server: model loaded", "", "garbage | - x |"])
    assert allocation.buffers == () and allocation.breakdowns == ()


def test_resident_host_weights_prefer_the_fit_table_over_the_mapped_range() -> None:
    allocation = parse_engine_log(_RPC_LOG.splitlines())
    # CPU_Mapped says 92.10 MiB (the whole file); the host really keeps 51 MiB.
    assert allocation.resident_weights(HOST_ENGINE_NAME) == 51 * MIB
    assert allocation.resident_weights("RPC[127.0.0.1:50112]") == round(47.71 * MIB)
    without_table = parse_engine_log(
        [line for line in _RPC_LOG.splitlines() if "breakdown" not in line]
    )
    assert without_table.resident_weights(HOST_ENGINE_NAME) == round(92.10 * MIB)
    loaded = parse_engine_log(["load_tensors:          CPU model buffer size =    28.69 MiB"])
    assert loaded.resident_weights(HOST_ENGINE_NAME) == round(28.69 * MIB)


def test_repack_buffer_line_of_b10435_counts_on_the_host() -> None:
    # Captured at -lv 4 from the AVX2 build (Q4_K model, memory-mapped, repack on).
    log = [
        "0.00.009.300 I load_tensors:   CPU_Mapped model buffer size =     2.69 MiB",
        "0.00.009.301 I load_tensors:   CPU_REPACK model buffer size =     2.50 MiB",
    ]
    allocation = parse_engine_log(log)
    assert allocation.component(HOST_ENGINE_NAME, "model", buffer_type="CPU_REPACK") == round(
        2.5 * MIB
    )
    assert allocation.by_device()[HOST_ENGINE_NAME]["model"] == round(2.69 * MIB) + round(2.5 * MIB)
