"""What one engine build's compute graph costs beyond the estimator's base model, as measured.

The compute-buffer model (compute.py) follows llama.cpp's graph as built by b10435. Later
builds add tensors: b11434 feeds every batch through a "mixed embedding" input (token rows
and embedding rows per slot), which keeps extra n_embd-wide f32 tensors alive on the host
and on the device that runs the first layer; its RPC backend also reports async compute
and events, so llama.cpp turns on pipeline parallelism (llama-context.cpp: more than one
device, every layer and the output offloaded, layer split, KV offloaded, no tensor
overrides) and the scheduler keeps `sched copies` (GGML_SCHED_MAX_COPIES, 4 by default) of
every graph input and every split input (ggml-backend.cpp, ggml_backend_sched_split_graph).

None of that is assumed from a version number: an engine's calibration
(studio.core.engine.calibrate) runs it on a tiny synthetic model in a few placements, reads
its own `-lv 4` log (compute buffer per device, "pipeline parallelism enabled",
"sched copies = N") and stores the differences here in *rows*, one row being one f32
tensor of n_embd x ubatch tokens, the unit in which the graphs differ. The estimate adds
them per device.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

# llama.cpp's default GGML_SCHED_MAX_COPIES (ggml-backend.h): used for GPUs, which support
# async compute and events in every build that has pipeline parallelism (CUDA, Vulkan).
DEFAULT_SCHED_COPIES = 4


@dataclass(frozen=True)
class EngineGraph:
    """Measured per-engine compute-graph facts (rows of n_embd x n_tokens f32).

    host_rows: extra rows on the host when it runs layers;
    recurrent_host_rows: more on top when some of them are recurrent (SSM) layers.
    hybrid_slot_states: when the host runs a whole hybrid model (recurrent and attention
    layers), copies of one slot's SSM state it keeps alive per slot beyond the first
    (b11434 gathers every slot's state into one tensor that outlives the scan, so its peak
    follows -np). Measured on a tiny Granite-hybrid at 1 and 4 slots; the unit is
    d_state x d_inner f32.
    host_offloaded_rows: extra rows on the host when every layer is offloaded.
    entry_rows: extra rows on the device that runs the first layer when the host runs
    none (KV offloaded); entry_nkvo_rows: the same with -nkvo (may be negative).
    rpc_pipeline: RPC devices qualify for pipeline parallelism (async + events);
    gpu_pipeline: GPUs do (true for CUDA and Vulkan in the llama.cpp source).
    sched_copies: the scheduler's copies when pipeline parallelism is on.
    pipeline_host_rows: rows the host keeps per extra copy (its graph inputs);
    pipeline_entry_rows / pipeline_device_rows: rows a device receives per copy (the
    entry device gets the embedding inputs, the others the previous device's output).
    recurrent_boundary_copies: with pipeline parallelism, where a device's first layer
    follows a recurrent layer on another device, the scheduler runs that layer's gate copy
    on the next device (b11434), which then receives the layer's whole SSM input projection
    and sends the gate (d_inner wide) back, once per scheduler copy each: how many times.
    Measured on a tiny Mamba2 over two RPC devices.
    mtp_loads_nextn: `--spec-type draft-mtp` loads the nextn (MTP) blocks' weights into the
    target (b11434; b10435 leaves them unused); nextn_kv_in_target: the target's KV cache
    has cells for the nextn blocks (b10435; b11434 leaves them to the MTP context);
    mtp_context_full: the MTP draft context is a second context as large as the target's
    (KV of every block, compute on every device: b10435) rather than the head's alone (the
    nextn blocks' KV, compute where the head and the embeddings run: b11434). Unmeasured,
    each is assumed the way that costs more.
    gpus_measured: the machine's own GPUs were measured (calibration on each GPU the
    engine lists, cached per binary and device set); then gpu_entry_rows (never below 0)
    replaces entry_rows on a GPU that runs the first layer, and op_offload_rows is the
    measured value, the largest over them.
    op_offload_rows: rows the first GPU keeps beyond the whole graph when it runs the host
    layers' batch ops (op offload): the activations crossing between host and GPU splits.
    Unmeasured, 2 (lavapipe measures 1; 2 errs high).
    measured: False for the default (the b10435 graph, nothing measured).
    """

    host_rows: int = 0
    recurrent_host_rows: int = 0
    hybrid_slot_states: int = 0
    host_offloaded_rows: int = 0
    entry_rows: int = 0
    entry_nkvo_rows: int = 0
    rpc_pipeline: bool = False
    gpu_pipeline: bool = True
    sched_copies: int = DEFAULT_SCHED_COPIES
    pipeline_host_rows: int = 0
    pipeline_entry_rows: int = 1
    pipeline_device_rows: int = 1
    recurrent_boundary_copies: int = 0
    mtp_loads_nextn: bool = True
    nextn_kv_in_target: bool = True
    mtp_context_full: bool = True
    gpus_measured: bool = False
    gpu_entry_rows: int = 0
    op_offload_rows: int = 2
    measured: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EngineGraph:
        fields = cls.__dataclass_fields__
        return cls(**{k: type(getattr(cls(), k))(v) for k, v in data.items() if k in fields})


BASE_GRAPH = EngineGraph()


@dataclass(frozen=True)
class EngineMemory:
    """What the estimator knows of the engine that will run: the instruction sets its CPU
    backend was built with (they decide repacking; None: unknown) and its measured graph
    (None: not measured, the base graph is priced). Both come from its self-test."""

    cpu_features: frozenset[str] | None = None
    graph: EngineGraph | None = None
