"""Pure memory estimates for llama-server, per device and per component.

API (all frozen dataclasses, no I/O, no Qt):

    from studio.core.gguf import read_model
    from studio.core.memory import summarize, estimate, EstimateSettings, DeviceSpec

    summary = summarize(read_model(path))          # ModelSummary: hparams + weight bytes
    result = estimate(summary, EstimateSettings(ctx=8192, n_gpu_layers=20),
                      [DeviceSpec("CUDA0", DeviceKind.GPU, total_bytes=..., free_bytes=...)])
    result.devices      # one DeviceEstimate per given device, then the host (last)
    row.weights, row.kv, row.recurrent, row.output, row.compute, row.total   # bytes

- `ModelSummary` (summary.py): architecture, parameter count, quant mix, layers, heads and
  KV heads per layer, head dims, SWA window + per-layer flags, MoE, MLA, SSM, nextn layers,
  vocab, chat template; bytes per layer, per layer's experts, token embedding, output.
- `EstimateSettings` (settings.py): llama-server flags that change memory, with the
  server's defaults (4 unified slots when -np is not given, -c 0 = trained context, FA auto).
- Speculative decoding: `draft_n_max` widens the logits buffer; `load_mtp` loads the nextn
  blocks; a draft model is priced by a second `estimate()` of its own summary on the same
  devices (llama-server loads it with the target's split), as `studio.core.placement` does.
- `estimate()` (estimate.py) follows llama.cpp's rules: the output layer is offloaded first
  and counts in -ngl, the token embedding stays on the host, tied output embeddings are
  duplicated onto the output device, --n-cpu-moe keeps the first N layers' experts on the
  host, context padding and SWA cell counts as in llama-kv-cache-iswa.cpp, MTP blocks are
  skipped unless load_mtp. Weights, KV and recurrent state are exact; compute is a fitted
  heuristic (compute.py).
  `Estimate.settings` are the settings as the engine resolves them (`-fa auto` becomes off
  where llama-server would turn it off). Settings the engine refuses raise `EstimateError`
  (quantized V without flash attention, MLA with different K/V types, unknown cache types).
- Host weights follow the engine's load: `cpu_features=` (the engine self-test's
  `usable_features`: what the CPU backend runs here) decides which host weights it repacks
  (repack.py, the rules of ggml-cpu/repack.cpp and amx/); a weight larger than its device's
  `max_tensor_bytes` stays on the host; memory-mapped weights keep their mapped range beside
  the repacked copy (`row.repack`, part of `row.weights`). Unknown features, `repack=False`
  or a GPU leave the term out and `Estimate.notes` says why. `settings.cache_ram` is the
  host's `prompt_cache` (filled with use: in `Estimate.host_budget`, not in the load-time
  total; the planner reserves it in the host budget and launches with it,
  placement/budget.py).
- Engine builds differ (graph inputs kept alive, pipeline parallelism on RPC devices, SSM
  states a hybrid keeps per slot, a pipelined recurrent layer boundary, how an MTP head is
  held): `graph=` (graph.py `EngineGraph`, measured by the engine's
  self-test: studio.core.engine.calibrate) adds what the engine that will run measured;
  `EngineMemory` carries it with the CPU features to the planner. None prices the base
  graph (b10435's) and, where unmeasured, the costlier MTP behaviours.
- `parse_engine_log()` (engine_log.py): what llama-server really allocated, from its
  `-lv 4` log (buffer-size lines and the fit memory-breakdown table), grouped per device key
  ("Host", "RPC[host:port]", "CUDA0" ...); `resident_weights(device)` corrects the host's
  memory-mapped range with the fit table.

Typical cost: well under 1 ms for a 100-layer model (bench/estimate_accuracy.py measures).
"""

from studio.core.devices import DeviceKind, SplitMode
from studio.core.memory.estimate import DeviceEstimate, Estimate, estimate, n_outputs_max
from studio.core.memory.graph import BASE_GRAPH, EngineGraph, EngineMemory
from studio.core.memory.kv import ContextGeometry, EstimateError, context_geometry
from studio.core.memory.placement import assign_layers, split_fractions
from studio.core.memory.settings import (
    HOST,
    KV_CACHE_TYPES,
    SERVER_AUTO_PARALLEL,
    SERVER_CACHE_RAM,
    DeviceSpec,
    EstimateSettings,
)
from studio.core.memory.summary import ModelSummary, SSMDims, SummaryError, summarize

__all__ = [
    "BASE_GRAPH",
    "HOST",
    "KV_CACHE_TYPES",
    "SERVER_AUTO_PARALLEL",
    "SERVER_CACHE_RAM",
    "ContextGeometry",
    "DeviceEstimate",
    "DeviceKind",
    "DeviceSpec",
    "EngineGraph",
    "EngineMemory",
    "Estimate",
    "EstimateError",
    "EstimateSettings",
    "ModelSummary",
    "SSMDims",
    "SplitMode",
    "SummaryError",
    "assign_layers",
    "context_geometry",
    "estimate",
    "n_outputs_max",
    "split_fractions",
    "summarize",
]
