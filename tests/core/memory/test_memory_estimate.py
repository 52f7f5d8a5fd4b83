"""Model summaries and the estimator's llama.cpp rules, on real (synthetic) GGUF headers.

The numbers asserted here were checked against the real engine (tests/integration and
bench/estimate_accuracy.py); these tests pin the rules without starting it.
"""

from __future__ import annotations

from functools import cache

import pytest

from studio.core.gguf import read_model
from studio.core.memory import (
    DeviceKind,
    DeviceSpec,
    EstimateError,
    EstimateSettings,
    ModelSummary,
    SplitMode,
    assign_layers,
    context_geometry,
    estimate,
    summarize,
)
from tests.support.synthetic import synthetic_model

MIB = 1 << 20
GPU = DeviceKind.GPU


@cache
def summary_of(name: str) -> ModelSummary:
    return summarize(read_model(synthetic_model(name)))


def gpus(count: int, free_mib: int = 8192) -> list[DeviceSpec]:
    return [DeviceSpec(f"GPU{i}", GPU, free_mib * MIB, free_mib * MIB) for i in range(count)]


def test_moe_summary() -> None:
    model = read_model(synthetic_model("tiny-qwen3moe"))
    s = summarize(model)
    assert (s.architecture, s.block_count, s.expert_count, s.expert_used_count) == (
        "qwen3moe",
        6,
        8,
        2,
    )
    experts = sum(t.n_bytes for t in model.tensors if t.name.startswith("blk.2.ffn_up_exps"))
    assert experts == 256 * 128 * 8 * 2  # f16
    assert s.layer_expert_bytes[2] == 3 * experts
    assert s.layer_bytes[2] > s.layer_expert_bytes[2]
    assert s.total_bytes == sum(s.layer_bytes) + s.token_embd_bytes + s.output_bytes
    assert s.parameter_count == sum(t.n_elements for t in model.tensors)
    assert set(s.quant_mix) == {"F16", "F32"}
    assert s.has_chat_template
    assert not s.output_is_tied
    assert s.head_count_kv == (2,) * 6 and s.key_length == 32


def test_sliding_window_summary_and_cells() -> None:
    s = summary_of("gemma3-12b-shape")
    assert s.output_is_tied and s.sliding_window == 1024
    # Gemma 3: five local layers, then one global.
    assert s.swa_layers[:12] == (True,) * 5 + (False,) + (True,) * 5 + (False,)
    geometry = context_geometry(s, EstimateSettings(ctx=32768))
    assert geometry.cells_swa == 4608  # 1024 * 4 unified slots + 512, padded to 256
    assert context_geometry(s, EstimateSettings(ctx=32768, parallel=1)).cells_swa == 1536
    result = estimate(s, EstimateSettings(ctx=32768))
    assert result.host.kv == 3488 * MIB  # the engine's own figure


def test_dense_kv_and_context_padding() -> None:
    s = summary_of("llama-8b-shape")
    assert estimate(s, EstimateSettings(ctx=32768)).host.kv == 4096 * MIB
    assert context_geometry(s, EstimateSettings(ctx=1000)).n_ctx == 1024
    unified = context_geometry(s, EstimateSettings(ctx=8192, parallel=3, kv_unified=True))
    assert (unified.n_ctx, unified.n_ctx_seq, unified.n_stream) == (8192, 8192, 1)
    split = context_geometry(s, EstimateSettings(ctx=8192, parallel=3))
    assert (split.n_ctx_seq, split.n_stream, split.n_ctx) == (2816, 3, 8448)
    # -c 0 means the trained context.
    assert context_geometry(s, EstimateSettings()).n_ctx == 131072
    q8 = estimate(s, EstimateSettings(ctx=32768, cache_type_k="q8_0", cache_type_v="q8_0"))
    assert q8.host.kv == 4096 * MIB * 34 // 64


def test_mla_caches_one_latent_per_token() -> None:
    s = summary_of("tiny-deepseek2")
    assert s.mla and s.kv_lora_rank == 128
    result = estimate(s, EstimateSettings(ctx=2048))
    assert result.host.kv == 4 * 2048 * (128 + 32) * 2  # no V: it is a view of K


def test_recurrent_state_is_f32_per_slot() -> None:
    s = summary_of("tiny-granitehybrid")
    assert s.recurrent_layers == (True, True, False, True, True, False)
    one_slot = estimate(s, EstimateSettings(ctx=2048, parallel=1))
    conv = 3 * (512 + 2 * 64)
    assert one_slot.host.recurrent == 4 * (conv + 64 * 512) * 4
    assert estimate(s, EstimateSettings(ctx=2048)).host.recurrent == 4 * one_slot.host.recurrent
    assert one_slot.host.kv == 2 * 2048 * 2 * 64 * 2 * 2


def test_mtp_layers_are_skipped_unless_loaded() -> None:
    s = summary_of("tiny-glm4moe-mtp")
    assert (s.block_count, s.nextn_layers, s.repeating_layers) == (5, 1, 4)
    plain = estimate(s, EstimateSettings(ctx=2048))
    with_mtp = estimate(s, EstimateSettings(ctx=2048, load_mtp=True))
    assert with_mtp.host.weights - plain.host.weights == s.layer_bytes[4]


def test_output_layer_is_offloaded_first() -> None:
    s = summary_of("llama-8b-shape")
    assert assign_layers(32, gpus(1), EstimateSettings(n_gpu_layers=1)) == (1,) * 32 + (0,)
    one = estimate(s, EstimateSettings(ctx=4096, n_gpu_layers=1), gpus(1))
    assert one.accelerators[0].weights == s.output_bytes
    assert one.accelerators[0].layers == () and one.accelerators[0].has_output_layer
    assert one.host.weights == s.total_bytes - s.output_bytes
    assert one.host.kv == 32 * 4096 * 4096  # every layer's KV stays with its layer
    none = estimate(s, EstimateSettings(ctx=4096, n_gpu_layers=0), gpus(1))
    # No layer, but a GPU still runs the host's batch ops (op offload): a compute buffer
    # only, as the engine allocates on a Vulkan device at -ngl 0.
    gpu = none.accelerators[0]
    assert gpu.weights == gpu.kv == gpu.output == 0 and gpu.compute > 0
    assert none.host.compute < estimate(s, EstimateSettings(ctx=4096)).host.compute
    every = estimate(s, EstimateSettings(ctx=4096), gpus(1))
    assert every.host.weights == s.token_embd_bytes  # the input layer never leaves the host
    assert every.accelerators[0].kv == 32 * 4096 * 4096


def test_tensor_split_boundaries_and_default_split() -> None:
    # 33 "layers" (32 + output) split 3:1: device 0 takes the first 75% of the span.
    placed = assign_layers(32, gpus(2), EstimateSettings(tensor_split=(3, 1)))
    assert placed.count(0) == 25 and placed.count(1) == 8 and placed[-1] == 1
    uneven = [DeviceSpec("a", GPU, 0, 24 * MIB), DeviceSpec("b", GPU, 0, 8 * MIB)]
    assert assign_layers(32, uneven, EstimateSettings()) == placed  # by free memory
    single = assign_layers(32, gpus(2), EstimateSettings(split_mode=SplitMode.NONE, main_gpu=1))
    assert set(single) == {1}


def test_tied_output_is_duplicated_on_its_device() -> None:
    s = summary_of("gemma3-12b-shape")
    result = estimate(s, EstimateSettings(ctx=4096, n_gpu_layers=1), gpus(1))
    assert result.accelerators[0].weights == s.output_bytes + s.token_embd_bytes
    assert result.host.weights == s.total_bytes - s.output_bytes


def test_n_cpu_moe_keeps_the_first_layers_experts_on_the_host() -> None:
    s = summary_of("qwen3-30b-a3b-shape")
    base = estimate(s, EstimateSettings(ctx=4096), gpus(1))
    moved = estimate(s, EstimateSettings(ctx=4096, n_cpu_moe=10), gpus(1))
    experts = sum(s.layer_expert_bytes[:10])
    assert experts > 0
    assert moved.host.weights - base.host.weights == experts
    assert base.accelerators[0].weights - moved.accelerators[0].weights == experts
    every = estimate(s, EstimateSettings(ctx=4096, cpu_moe=True), gpus(1))
    assert every.host.weights == s.token_embd_bytes + sum(s.layer_expert_bytes)


def test_kv_offload_off_and_tensor_parallel() -> None:
    s = summary_of("llama-8b-shape")
    nkvo = estimate(s, EstimateSettings(ctx=4096, kv_offload=False), gpus(2))
    assert all(row.kv == 0 for row in nkvo.accelerators)
    assert nkvo.host.kv == 512 * MIB
    tp = estimate(s, EstimateSettings(ctx=4096, split_mode=SplitMode.TENSOR), gpus(2))
    offloaded = s.total_bytes - s.token_embd_bytes
    assert [row.weights for row in tp.accelerators] == [offloaded // 2, offloaded // 2]
    assert [row.kv for row in tp.accelerators] == [256 * MIB, 256 * MIB]


def test_weights_are_conserved_across_devices() -> None:
    s = summary_of("qwen3-30b-a3b-shape")
    for settings in (
        EstimateSettings(ctx=4096, n_gpu_layers=20, tensor_split=(1, 2, 1)),
        EstimateSettings(ctx=4096, n_cpu_moe=7),
        EstimateSettings(ctx=4096, n_gpu_layers=0),
    ):
        result = estimate(s, settings, gpus(3))
        assert sum(row.weights for row in result.devices) == s.total_bytes
        assert sum(len(row.layers) for row in result.devices) == s.block_count
        assert all(row.total >= 0 for row in result.devices)


def test_output_buffer_and_json() -> None:
    s = summary_of("llama-8b-shape")
    result = estimate(s, EstimateSettings(ctx=4096, parallel=2), gpus(1))
    assert result.host.output == 128256 * 2 * 4
    assert result.n_outputs_max == 2
    data = result.to_json()
    devices = data["devices"]
    assert isinstance(devices, list) and [d["device"] for d in devices] == ["GPU0", "Host"]
    for row in devices:
        assert row["total"] == row["weights"] + row["kv"] + row["output"] + row["compute"]


def test_settings_the_engine_refuses() -> None:
    s = summary_of("tiny-llama")
    with pytest.raises(EstimateError) as quantized_v:
        estimate(s, EstimateSettings(cache_type_v="q8_0", flash_attn=False))
    assert quantized_v.value.code == "memory.quantized_v_needs_flash_attn"
    with pytest.raises(EstimateError):
        estimate(s, EstimateSettings(cache_type_k="q3_k"))
    with pytest.raises(EstimateError) as mla:
        estimate(summary_of("tiny-deepseek2"), EstimateSettings(cache_type_k="q8_0"))
    assert mla.value.code == "memory.mla_needs_equal_cache_types"
    with pytest.raises(EstimateError):
        estimate(s, EstimateSettings(split_mode=SplitMode.TENSOR, flash_attn=False), gpus(2))


def test_flash_attention_auto_resolves_off_at_an_attention_to_recurrent_boundary() -> None:
    # Granite-hybrid: layers 2 and 5 are attention. -ngl 4 leaves layer 2 (attention) last on
    # the host with layer 3 (recurrent) first on a device: llama-server turns -fa auto off.
    s = summary_of("tiny-granitehybrid")
    moved = estimate(s, EstimateSettings(ctx=2048, n_gpu_layers=4), gpus(2))
    assert moved.settings.flash_attn is False
    assert moved.accelerators[0].compute > 2 * 512 * 2048 * 4  # f32 KQ scores of 4 heads
    for settings in (
        EstimateSettings(ctx=2048, n_gpu_layers=5),  # boundary after a recurrent layer
        EstimateSettings(ctx=2048, n_gpu_layers=4, flash_attn=True),  # explicit -fa on
        EstimateSettings(ctx=2048, n_gpu_layers=4, cache_type_v="q8_0"),  # needs FA anyway
    ):
        assert estimate(s, settings, gpus(2)).settings.flash_attention


def test_without_flash_attention_the_host_builds_v_cell_indexes_per_kv_cache() -> None:
    """V is cached transposed without flash attention: each KV cache (full, sliding) takes an
    int64 index per V element of every ubatch token, built on the host as a graph input."""
    for name, caches in (("tiny-llama", 1), ("tiny-gemma3", 2)):
        summary = summary_of(name)
        on = estimate(summary, EstimateSettings(ctx=2048, flash_attn=True), gpus(1))
        off = estimate(summary, EstimateSettings(ctx=2048, flash_attn=False), gpus(1))
        n_head_kv = max(summary.head_count_kv)
        v_index = 8 * 512 * summary.value_length * n_head_kv * caches
        # Masks are f32 without flash attention (f16 with it): 2 more bytes per cell.
        masks = 512 * 2 * (2048 + (off.geometry.cells_swa if caches == 2 else 0))
        assert off.host.compute - on.host.compute == v_index + masks, name


def test_a_tensor_larger_than_its_device_takes_stays_on_the_host() -> None:
    s = summary_of("gemma3-270m-shape")
    embedding = s.token_embd_bytes
    settings = EstimateSettings(ctx=4096, parallel=2)
    roomy = estimate(s, settings, [DeviceSpec("Vulkan0", DeviceKind.GPU)])
    limited = estimate(
        s, settings, [DeviceSpec("Vulkan0", DeviceKind.GPU, max_tensor_bytes=128 << 20)]
    )
    # The tied output (the embedding loaded again for its MUL_MAT) is over 128 MiB: the
    # engine keeps it on the host, where the mapped embedding serves it.
    assert embedding > 128 << 20
    assert roomy.accelerators[0].weights - limited.accelerators[0].weights == embedding
    assert limited.host.weights == roomy.host.weights
    # With AMX the host gives it a repacked copy even beside the GPU (its pinned buffer
    # belongs to the device that refused it).
    amx = frozenset({"AVX2", "AVX512", "AVX512_VNNI", "AMX_INT8", "REPACK"})
    packed = estimate(
        s,
        settings,
        [DeviceSpec("Vulkan0", DeviceKind.GPU, max_tensor_bytes=128 << 20)],
        cpu_features=amx,
    )
    assert packed.host.repack == embedding * 38 // 34  # Q8_0 in AMX's layout
