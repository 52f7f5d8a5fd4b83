"""The CPU repack rules (ggml-cpu/repack.cpp, b10435) and how they reach an estimate."""

from __future__ import annotations

import pytest

from studio.core.gguf import read_model
from studio.core.memory import DeviceKind, DeviceSpec, EstimateSettings, estimate, summarize
from studio.core.memory.repack import (
    REPACK_CPU_UNKNOWN,
    REPACK_GPU_HOST_BUFFER,
    REPACK_NOT_BUILT,
    REPACK_OFF,
    WeightTensor,
    repacked,
    repacked_bytes,
)
from studio.core.memory.settings import SERVER_CACHE_RAM
from tests.support.synthetic import synthetic_model

AVX2 = frozenset({"AVX", "AVX2", "FMA", "F16C", "REPACK"})
AVX512 = AVX2 | {"AVX512"}
ARM_DOTPROD = frozenset({"NEON", "DOTPROD", "REPACK"})


def _matrix(
    type_name: str, rows: int = 256, *, layer: int = 0, expert: bool = False
) -> WeightTensor:
    return WeightTensor(layer, type_name, rows, 3 if expert else 2, expert, 0, 0, 1000)


@pytest.mark.parametrize(
    ("type_name", "features", "expected"),
    [
        ("Q4_0", AVX2, True),
        ("Q4_K", AVX2, True),
        ("IQ4_NL", AVX2, True),
        ("MXFP4", AVX2, True),
        ("Q8_0", AVX2, False),  # x86 has no interleaved Q8_0 kernel
        ("Q6_K", AVX2, False),
        ("Q2_K", AVX2, False),
        ("Q2_K", AVX512, True),
        ("Q8_0", ARM_DOTPROD, True),
        ("Q6_K", ARM_DOTPROD, True),
        ("F16", AVX512, False),
    ],
)
def test_types_by_built_features(type_name: str, features: frozenset[str], expected: bool) -> None:
    assert repacked(_matrix(type_name), features) is expected


def test_rows_must_fill_the_interleave_and_embeddings_stay_plain() -> None:
    assert not repacked(_matrix("Q4_0", rows=12), AVX2)  # AVX2 interleaves 8 rows
    assert repacked(_matrix("Q4_0", rows=12), ARM_DOTPROD)  # NEON interleaves 4
    assert not repacked(_matrix("Q4_0", layer=WeightTensor.INPUT), AVX2)  # GET_ROWS
    assert repacked(_matrix("Q4_K", layer=WeightTensor.OUTPUT), AVX2)
    assert repacked(_matrix("Q4_K", expert=True), AVX2)  # MUL_MAT_ID of a 3-D stack


def test_estimate_adds_the_repacked_copy_to_mapped_weights() -> None:
    summary = summarize(read_model(synthetic_model("tiny-llama-q4_k")))
    settings = EstimateSettings(ctx=2048)
    plain = estimate(summary, settings, cpu_features=None)
    packed = estimate(summary, settings, cpu_features=AVX2)
    matrices = sum(
        t.n_bytes for t in summary.weight_tensors if t.type_name == "Q4_K" and t.dims == 2
    )
    assert packed.host.repack == matrices
    assert plain.notes == (REPACK_CPU_UNKNOWN,)
    assert packed.notes == ()
    # output.weight is the file's last tensor: outside the mapped range, so only its copy.
    output = next(
        t.n_bytes
        for t in summary.weight_tensors
        if t.layer == WeightTensor.OUTPUT and t.type_name == "Q4_K"
    )
    assert packed.host.weights == plain.host.weights + matrices - output


def test_copied_weights_move_to_the_repack_buffer_at_the_same_size() -> None:
    summary = summarize(read_model(synthetic_model("tiny-llama-q4_k")))
    copied = estimate(summary, EstimateSettings(ctx=2048, mmap=False), cpu_features=AVX2)
    baseline = estimate(summary, EstimateSettings(ctx=2048, repack=False, mmap=False))
    assert copied.host.repack > 0
    assert copied.host.weights == baseline.host.weights


@pytest.mark.parametrize(
    ("settings", "features", "devices", "note"),
    [
        (EstimateSettings(repack=False), AVX2, (), REPACK_OFF),
        (EstimateSettings(), frozenset({"AVX2"}), (), REPACK_NOT_BUILT),
        (EstimateSettings(), AVX2, (DeviceSpec("CUDA0", DeviceKind.GPU),), REPACK_GPU_HOST_BUFFER),
    ],
)
def test_no_repack_term_says_why(
    settings: EstimateSettings,
    features: frozenset[str],
    devices: tuple[DeviceSpec, ...],
    note: str,
) -> None:
    summary = summarize(read_model(synthetic_model("tiny-llama-q4_k")))
    result = estimate(summary, settings, devices, cpu_features=features)
    assert result.host.repack == 0
    assert result.notes == (note,)


def test_prompt_cache_is_planned_on_the_host_but_not_allocated_at_load() -> None:
    summary = summarize(read_model(synthetic_model("tiny-llama-q4_k")))
    result = estimate(summary, EstimateSettings(ctx=2048))
    assert result.host.prompt_cache == SERVER_CACHE_RAM
    assert result.host_budget == result.host.total + SERVER_CACHE_RAM
    assert estimate(summary, EstimateSettings(ctx=2048, cache_ram=0)).host_budget == (
        result.host.total
    )


AMX_CPU = AVX512 | {"AMX_INT8", "AVX512_VNNI"}


def _amx_matrix(type_name: str, rows: int, row_length: int, block: tuple[int, int]) -> WeightTensor:
    elements, block_bytes = block
    n_bytes = rows * row_length // elements * block_bytes
    return WeightTensor(0, type_name, rows, 2, False, 0, 0, n_bytes, row_length)


def test_amx_copies_are_priced_in_its_own_layout() -> None:
    # ggml-cpu/amx: Q8_0 keeps an int32 compensation per 34-byte block; Q4_0 packs as is.
    q8 = _amx_matrix("Q8_0", 64, 256, (32, 34))
    assert repacked_bytes(q8, AMX_CPU) == q8.n_bytes * 38 // 34
    q4 = _amx_matrix("Q4_0", 64, 256, (32, 18))
    assert repacked_bytes(q4, AMX_CPU) == q4.n_bytes
    # Rows must fill two 16-row tiles, rows align to the type's block: else CPU_REPACK's
    # rules decide (Q4_0 with AVX2: interleaved by 8 rows, same size).
    assert repacked_bytes(_amx_matrix("Q4_0", 40, 256, (32, 18)), AMX_CPU) == 40 * 8 * 18
    assert repacked_bytes(_amx_matrix("Q8_0", 40, 256, (32, 34)), AMX_CPU) == 0
    # Without AMX (an AVX-512 CPU that lacks it, or whose OS refuses the tiles) no copy.
    assert repacked_bytes(q8, AVX512) == 0
