"""What the estimator is asked about: llama-server settings and the devices to place on."""

from __future__ import annotations

from dataclasses import dataclass

from studio.core.devices import HOST_ENGINE_NAME, DeviceKind, SplitMode

# Bytes per element of each KV cache type llama-server accepts for -ctk/-ctv,
# as (block size, bytes per block) like gguf's GGML_QUANT_SIZES.
KV_CACHE_TYPES: dict[str, tuple[int, int]] = {
    "f32": (1, 4),
    "f16": (1, 2),
    "bf16": (1, 2),
    "q8_0": (32, 34),
    "q4_0": (32, 18),
    "q4_1": (32, 20),
    "iq4_nl": (32, 18),
    "q5_0": (32, 22),
    "q5_1": (32, 24),
}

SERVER_AUTO_PARALLEL = 4  # llama-server: no -np means 4 slots with a unified KV cache
SERVER_CACHE_RAM = 8192 << 20  # llama-server's --cache-ram default (8192 MiB)


@dataclass(frozen=True)
class DeviceSpec:
    """One device llama.cpp can place layers on, in llama.cpp's device order (RPC first).

    `free_bytes` only matters for the default tensor split (proportional to free memory).
    `max_tensor_bytes`: the largest tensor the device's backend takes (0: no limit); the
    engine keeps a larger weight of a layer placed here on the host.
    """

    name: str
    kind: DeviceKind = DeviceKind.GPU
    total_bytes: int = 0
    free_bytes: int = 0
    max_tensor_bytes: int = 0


HOST = DeviceSpec(HOST_ENGINE_NAME, DeviceKind.HOST)


@dataclass(frozen=True)
class EstimateSettings:
    """llama-server flags that change memory. Defaults are llama-server's defaults.

    ctx: -c (0 = the model's trained context). parallel: -np (None = server auto, 4 slots).
    kv_unified: -kvu (None = server auto: on exactly when -np is auto).
    flash_attn: -fa (None = auto; every backend we run supports it, so auto means on).
    n_gpu_layers: -ngl (None = auto/all; the output layer counts as one layer).
    tensor_split: -ts proportions (None = proportional to each device's free memory).
    n_cpu_moe: -ncmoe (expert tensors of the first N layers stay on the host);
    cpu_moe: -cmoe (all of them). load_mtp: --spec-type draft-mtp (loads the nextn layers).
    repack: --repack/--no-repack (host weights of some quant types get a repacked copy).
    mmap: -lm mmap (the default: host weights stay memory-mapped) or -lm none (copied).
    cache_ram: --cache-ram in bytes (0 off, -1 unlimited). The server saves idle slots'
    prompts there, so it is empty at load and grows with use up to this limit: it is not
    part of what the engine allocates at load (`DeviceEstimate.total`), but a host that
    cannot hold it runs out of memory later, so the estimate shows it as the host's
    `prompt_cache` and `Estimate.host_budget` counts it. The default is the server's own.
    """

    ctx: int = 0
    parallel: int | None = None
    kv_unified: bool | None = None
    cache_type_k: str = "f16"
    cache_type_v: str = "f16"
    flash_attn: bool | None = None
    ubatch: int = 512
    batch: int = 2048
    n_gpu_layers: int | None = None
    tensor_split: tuple[float, ...] | None = None
    split_mode: SplitMode = SplitMode.LAYER
    main_gpu: int = 0
    n_cpu_moe: int = 0
    cpu_moe: bool = False
    swa_full: bool = False
    kv_offload: bool = True
    load_mtp: bool = False
    mmproj_bytes: int = 0
    mmproj_offload: bool = True
    repack: bool = True
    mmap: bool = True
    cache_ram: int = SERVER_CACHE_RAM

    def host_expert_layers(self, block_count: int) -> int:
        """How many of the first layers keep their expert tensors on the host."""
        return block_count if self.cpu_moe else self.n_cpu_moe

    @property
    def n_seq(self) -> int:
        return SERVER_AUTO_PARALLEL if self.parallel is None else max(1, self.parallel)

    @property
    def unified(self) -> bool:
        return self.parallel is None if self.kv_unified is None else self.kv_unified

    @property
    def flash_attention(self) -> bool:
        return True if self.flash_attn is None else self.flash_attn
