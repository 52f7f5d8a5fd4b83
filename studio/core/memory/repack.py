"""Which host weights llama.cpp's CPU backend repacks, and what that costs in host memory.

The CPU backend offers "extra" buffer types ahead of the plain CPU buffer (AMX, then
CPU_REPACK). llama.cpp gives a host weight the first buffer type whose backend supports the
op the weight feeds: CPU_REPACK takes a 2-D matrix of a `MUL_MAT` (a 3-D expert stack of a
`MUL_MAT_ID`) when its quant type has an interleaved kernel for the instruction sets the
backend was *built* with and its row count is a multiple of the kernel's interleave. The
rules below restate ggml-cpu/repack.cpp (b10435); the features are ggml's `system_info`
names, which an engine's self-test records (`SelfTestResult.built_features`).

Nothing is repacked when the server runs with `--no-repack`, when the build lacks the
repack code (`REPACK = 1` absent), or when a GPU backend offers a pinned host buffer type:
llama.cpp lists that before the CPU's extra types, so CPU layers next to a GPU stay plain.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

# Type -> (required features, row multiple), first match wins, as in
# ggml_repack_get_optimal_repack_type.
_RULES: dict[str, tuple[tuple[frozenset[str], int], ...]] = {
    "Q4_0": (
        (frozenset({"AVX2"}), 8),
        (frozenset({"NEON", "MATMUL_INT8"}), 4),
        (frozenset({"NEON", "DOTPROD"}), 4),
    ),
    "Q4_K": (
        (frozenset({"AVX2"}), 8),
        (frozenset({"NEON", "MATMUL_INT8"}), 8),
        (frozenset({"NEON", "DOTPROD"}), 8),
    ),
    "Q2_K": ((frozenset({"AVX512"}), 8),),
    "Q5_K": ((frozenset({"NEON", "MATMUL_INT8"}), 8), (frozenset({"NEON", "DOTPROD"}), 8)),
    "Q6_K": ((frozenset({"NEON", "MATMUL_INT8"}), 8), (frozenset({"NEON", "DOTPROD"}), 8)),
    "IQ4_NL": ((frozenset({"AVX2"}), 8), (frozenset({"NEON", "DOTPROD"}), 4)),
    "MXFP4": ((frozenset({"AVX2"}), 8), (frozenset({"NEON", "DOTPROD"}), 4)),
    "Q8_0": ((frozenset({"NEON", "MATMUL_INT8"}), 4), (frozenset({"NEON", "DOTPROD"}), 4)),
}
# Types the AMX buffer type (ahead of CPU_REPACK) takes for 2-D MUL_MAT weights.
_AMX_TYPES = frozenset({"Q4_0", "Q4_1", "Q8_0", "Q4_K", "Q5_K", "Q6_K", "IQ4_XS"})

# Why an estimate has no repack term (codes; the UI words them).
REPACK_OFF = "memory.repack_off"  # --no-repack
REPACK_CPU_UNKNOWN = "memory.repack_cpu_unknown"  # the engine's CPU features are not known
REPACK_NOT_BUILT = "memory.repack_not_built"  # the CPU backend has no repack code
REPACK_GPU_HOST_BUFFER = "memory.repack_gpu_host_buffer"  # a GPU's pinned buffer wins
REPACK_AMX_APPROXIMATE = "memory.repack_amx_approximate"  # AMX sizes priced as plain copies


@dataclass(frozen=True)
class WeightTensor:
    """What the repack rules and the mapped-range arithmetic need of one tensor.

    `layer`: the block index, INPUT for the input embeddings, OUTPUT for everything else
    outside the blocks. `rows` is ne1, `dims` ggml_n_dims; `offset` is within `shard`'s data.
    """

    layer: int
    type_name: str
    rows: int
    dims: int
    expert: bool
    shard: int
    offset: int
    n_bytes: int

    INPUT = -1
    OUTPUT = -2


def repacked(tensor: WeightTensor, features: Collection[str]) -> bool:
    """Whether the CPU backend built with `features` repacks `tensor` when it is on the host."""
    if tensor.layer == WeightTensor.INPUT:
        return False  # embeddings feed GET_ROWS, which only the plain CPU buffer supports
    if tensor.dims != (3 if tensor.expert else 2):
        return False
    if "AMX_INT8" in features and not tensor.expert and tensor.type_name in _AMX_TYPES:
        return True
    for needed, multiple in _RULES.get(tensor.type_name, ()):
        if needed <= set(features):
            return tensor.rows % multiple == 0
    return False


def skip_reason(repack: bool, features: Collection[str] | None, has_gpu: bool) -> str | None:
    """Why no weight is repacked at all, or None when the rules decide per tensor."""
    if not repack:
        return REPACK_OFF
    if features is None:
        return REPACK_CPU_UNKNOWN
    if has_gpu:
        return REPACK_GPU_HOST_BUFFER
    if "REPACK" not in features and "AMX_INT8" not in features:
        return REPACK_NOT_BUILT
    return None


@dataclass(frozen=True)
class HostWeights:
    """Host weight bytes as the engine holds them: mapped or copied, plus repacked copies."""

    weights: int  # everything the host's model buffers hold (repacked copies included)
    repack: int  # of which repacked copies (CPU_REPACK / AMX)


def host_weights(
    tensors: Sequence[WeightTensor],
    on_host: Callable[[WeightTensor], bool],
    features: Collection[str] | None,
    *,
    mmap: bool,
    tied_output_bytes: int = 0,
) -> HostWeights:
    """Host weights for the tensors `on_host` selects, `features` None meaning no repacking.

    Copied (`-lm none`): every host tensor lives once, in CPU or CPU_REPACK. Memory-mapped
    (the default): the plain CPU buffer is the file range from its first to its last tensor
    (llama.cpp unmaps what lies outside), so repacked tensors inside that range stay mapped
    and their repacked copies come on top. `tied_output_bytes`: a tied output layer on the
    host whose embedding gets a repacked duplicate (the plain one still feeds GET_ROWS).
    """
    plain: list[WeightTensor] = []
    packed: list[WeightTensor] = []
    for tensor in tensors:
        if on_host(tensor):
            chosen = features is not None and repacked(tensor, features)
            (packed if chosen else plain).append(tensor)
    repack = sum(t.n_bytes for t in packed) + tied_output_bytes
    stored = sum(t.n_bytes for t in plain)
    if mmap:
        stored += _mapped_inside(plain, packed)
    return HostWeights(stored + repack, repack)


def _mapped_inside(plain: Sequence[WeightTensor], packed: Sequence[WeightTensor]) -> int:
    spans: dict[int, tuple[int, int]] = {}
    for t in plain:
        first, last = spans.get(t.shard, (t.offset, t.offset + t.n_bytes))
        spans[t.shard] = (min(first, t.offset), max(last, t.offset + t.n_bytes))
    inside = 0
    for t in packed:
        span = spans.get(t.shard)
        if span is not None and span[0] <= t.offset and t.offset + t.n_bytes <= span[1]:
            inside += t.n_bytes
    return inside
