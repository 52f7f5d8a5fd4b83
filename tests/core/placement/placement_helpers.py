"""Models and machines for the planner's tests.

Real summaries come from A's synthetic GGUFs (big-model shapes with sparse data, written
once per session); `toy_summary` builds a ModelSummary in memory for property tests that
need thousands of shapes.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from studio.core.gguf import read_model
from studio.core.hardware import (
    GIB,
    MIB,
    Device,
    DeviceConfig,
    DeviceInventory,
    DeviceKind,
    HostMemory,
    discover_devices,
)
from studio.core.memory import ModelSummary, summarize
from tests.support.synthetic import SPECS, cached_model


def shape_summary(directory: Path, name: str) -> tuple[Path, ModelSummary]:
    path = cached_model(directory, name, SPECS[name])
    return path, summarize(read_model(path))


def fake_inventory(spec: str) -> DeviceInventory:
    """Devices from a STUDIO_FAKE_DEVICES spec, through the real discovery code."""
    environ = {"STUDIO_FAKE_DEVICES": spec}
    return discover_devices(DeviceConfig.from_environment(environ), (), environ)


def rpc_inventory(free_mib: list[int], host_gib: int = 64) -> DeviceInventory:
    devices = tuple(
        Device(
            key=f"rpc:127.0.0.1:{50000 + i}",
            kind=DeviceKind.RPC,
            engine_name=f"RPC{i}",
            name=f"127.0.0.1:{50000 + i}",
            total_bytes=free * MIB,
            free_bytes=free * MIB,
            endpoint=f"127.0.0.1:{50000 + i}",
        )
        for i, free in enumerate(free_mib)
    )
    return DeviceInventory(devices, HostMemory(host_gib * GIB, host_gib * GIB))


def toy_summary(
    n_layer: int = 32,
    layer_mib: float = 100.0,
    expert_fraction: float = 0.0,
    leading_dense: int = 0,
    nextn: int = 0,
    n_ctx_train: int = 32768,
    n_embd: int = 2048,
    n_head: int = 16,
    n_head_kv: int = 4,
    head_dim: int = 128,
    vocab: int = 32000,
    tied: bool = False,
) -> ModelSummary:
    """A llama- or qwen3moe-like summary with uniform layers (bytes are what matter)."""
    layer = int(layer_mib * MIB)
    moe = expert_fraction > 0
    experts = tuple(
        int(layer * expert_fraction) if moe and il >= leading_dense else 0 for il in range(n_layer)
    )
    embd = vocab * n_embd  # ~Q8
    output = 0 if tied else vocab * n_embd
    layers = (layer,) * n_layer
    return ModelSummary(
        architecture="qwen3moe" if moe else "llama",
        name="toy",
        parameter_count=sum(layers) + embd + output,
        quant_mix={"Q8_0": sum(layers) + embd + output},
        file_type=7,
        context_length=n_ctx_train,
        block_count=n_layer,
        nextn_layers=nextn,
        embedding_length=n_embd,
        vocab_size=vocab,
        head_count=(n_head,) * n_layer,
        head_count_kv=(n_head_kv,) * n_layer,
        feed_forward_length=(4 * n_embd,) * n_layer,
        key_length=head_dim,
        value_length=head_dim,
        key_length_swa=head_dim,
        value_length_swa=head_dim,
        mla=False,
        kv_lora_rank=0,
        sliding_window=0,
        swa_layers=(False,) * n_layer,
        recurrent_layers=(False,) * n_layer,
        ssm=None,
        expert_count=64 if moe else 0,
        expert_used_count=8 if moe else 0,
        expert_feed_forward_length=768 if moe else 0,
        leading_dense_layers=leading_dense,
        has_chat_template=True,
        layer_bytes=layers,
        layer_expert_bytes=experts,
        token_embd_bytes=embd,
        output_bytes=output + n_embd * 4,
        output_is_tied=tied,
        total_bytes=sum(layers) + embd + output,
    )


def without_nextn_bytes(summary: ModelSummary) -> ModelSummary:
    """The same model as a conversion that dropped its NextN tensors would describe it."""
    first = summary.repeating_layers
    layers = tuple(b if i < first else 0 for i, b in enumerate(summary.layer_bytes))
    return replace(summary, layer_bytes=layers)
