"""Which host weights llama.cpp's CPU backend repacks, and what that costs in host memory.

The CPU backend offers "extra" buffer types ahead of the plain CPU buffer (AMX, then
CPU_REPACK). llama.cpp gives a host weight the first buffer type whose backend supports the
op the weight feeds: AMX takes a 2-D `MUL_MAT` matrix of a type it has tiles for, with 32-row
multiples and aligned rows, in its own layout (ggml-cpu/amx: quant blocks plus per-block
compensation or scales); CPU_REPACK takes a 2-D matrix of a `MUL_MAT` (a 3-D expert stack of
a `MUL_MAT_ID`) when its quant type has an interleaved kernel for the instruction sets the
backend runs and its row count is a multiple of the kernel's interleave. The rules below
restate ggml-cpu/repack.cpp (b10435) and amx/ (b11434); the features are ggml's
`system_info` names that the CPU really runs, as the engine's self-test records them
(`SelfTestResult.usable_features`: built, present, and not refused at run time), so an AMX
build on a CPU without AMX is priced as the AVX-512 build it then is.

Nothing is repacked when the server runs with `--no-repack`, when the build lacks the
repack code (`REPACK = 1` absent), or when a GPU backend offers a pinned host buffer type:
llama.cpp lists that before the CPU's extra types, so CPU layers next to a GPU stay plain.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
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
# The AMX buffer type (ahead of CPU_REPACK): type -> (row-length alignment, quant block
# elements, block bytes, bytes it adds per block). Q8_0 keeps an int32 compensation per
# block, Q4_K/Q5_K unpacked scales; F16 is stored as it is.
_AMX: dict[str, tuple[int, int, int, int]] = {
    "Q4_0": (32, 32, 18, 0),
    "Q4_1": (32, 32, 20, 0),
    "Q8_0": (32, 32, 34, 4),
    "Q4_K": (256, 256, 144, 4),
    "Q5_K": (256, 256, 176, 4),
    "Q6_K": (256, 256, 210, 0),
    "IQ4_XS": (256, 256, 136, 2),
    "F16": (16, 1, 2, 0),
}
_AMX_ROWS = 32  # the op's output rows must fill two 16-row tiles

# Why an estimate has no repack term (codes; the UI words them).
REPACK_OFF = "memory.repack_off"  # --no-repack
REPACK_CPU_UNKNOWN = "memory.repack_cpu_unknown"  # the engine's CPU features are not known
REPACK_NOT_BUILT = "memory.repack_not_built"  # the CPU backend has no repack code
REPACK_GPU_HOST_BUFFER = "memory.repack_gpu_host_buffer"  # a GPU's pinned buffer wins


@dataclass(frozen=True)
class WeightTensor:
    """What the repack rules and the mapped-range arithmetic need of one tensor.

    `layer`: the block index, INPUT for the input embeddings, OUTPUT for everything else
    outside the blocks. `rows` is ne1, `row_length` ne0, `dims` ggml_n_dims; `offset` is
    within `shard`'s data.
    """

    layer: int
    type_name: str
    rows: int
    dims: int
    expert: bool
    shard: int
    offset: int
    n_bytes: int
    row_length: int = 0

    INPUT = -1
    OUTPUT = -2


def repacked(tensor: WeightTensor, features: Collection[str]) -> bool:
    """Whether a CPU backend running `features` repacks `tensor` when it is on the host."""
    return repacked_bytes(tensor, features) > 0


def repacked_bytes(tensor: WeightTensor, features: Collection[str]) -> int:
    """The bytes of `tensor`'s repacked copy on the host; 0 when it stays plain."""
    if tensor.layer == WeightTensor.INPUT:
        return 0  # embeddings feed GET_ROWS, which only the plain CPU buffer supports
    if tensor.dims != (3 if tensor.expert else 2):
        return 0
    if "AMX_INT8" in features and not tensor.expert:
        amx = _amx_bytes(tensor)
        if amx:
            return amx
    for needed, multiple in _RULES.get(tensor.type_name, ()):
        if needed.issubset(features):
            return tensor.n_bytes if tensor.rows % multiple == 0 else 0
    return 0


def _amx_bytes(tensor: WeightTensor) -> int:
    layout = _AMX.get(tensor.type_name)
    if layout is None or tensor.rows % _AMX_ROWS:
        return 0
    alignment, block, block_bytes, added = layout
    if tensor.row_length <= 0 or tensor.row_length % alignment:
        return 0
    blocks = tensor.row_length // block
    return tensor.rows * blocks * (block_bytes + added)


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
    groups: Iterable[tuple[Iterable[WeightTensor], Collection[str] | None]],
    *,
    mmap: bool,
    tied_output_bytes: int = 0,
) -> HostWeights:
    """Host weights for the tensors of `groups`, each group with what the CPU backend may
    repack its tensors with (None: they stay plain).

    Copied (`-lm none`): every host tensor lives once, in CPU or CPU_REPACK. Memory-mapped
    (the default): the plain CPU buffer is the file range from its first to its last tensor
    (llama.cpp unmaps what lies outside), so repacked tensors inside that range stay mapped
    and their repacked copies come on top. `tied_output_bytes`: a tied output layer on the
    host whose embedding gets a repacked duplicate (the plain one still feeds GET_ROWS).
    """
    plain: list[WeightTensor] = []
    packed: list[WeightTensor] = []
    repack = tied_output_bytes
    for tensors, features in groups:
        for tensor in tensors:
            size = repacked_bytes(tensor, features) if features is not None else 0
            (packed if size else plain).append(tensor)
            repack += size
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
