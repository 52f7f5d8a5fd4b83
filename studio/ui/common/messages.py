"""Every error code the core (and the services) report, as one translated sentence.

The core raises `StudioError(code, detail, **params)`, the server manager reports a
`Failure` with a `FailureCode`, and the planner gives `Reason`s with a `ReasonCode`; the UI
shows any of them through this module, with their parameters filled in. A code without a
sentence here still shows "Something went wrong (code)", and a test fails for it.

Strings are looked up when a message is built, never at import, so a language switch
applies to the next message. Sentences shared with older per-area texts (server_text.py,
plan_text.py, discover_text.py) are worded identically so they share their translations.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtCore import QCoreApplication, QObject

from studio.core.errors import StudioError
from studio.core.placement.reasons import Reason
from studio.core.server.failures import Failure
from studio.core.units import format_bytes

# Parameters that hold byte counts, shown as sizes.
_BYTE_PARAMETERS = frozenset({"needed", "free", "budget", "available", "limit", "reserve"})


# lupdate reads `_translate(...)` as `QCoreApplication.translate(...)` (see i18n/update.py).
_translate = QCoreApplication.translate


def _t(text: str) -> str:
    return QCoreApplication.translate("Messages", text)


def _templates() -> dict[str, str]:

    return {
        # -- the engine binary (studio/core/engine) --
        "engine_missing": _translate("Messages", "The llama-server engine was not found ({path})."),
        "engine_not_executable": _translate(
            "Messages", "The llama-server engine cannot be run ({path}): {reason}"
        ),
        "engine_broken": _translate(
            "Messages",
            "The llama-server engine at {path} does not work: it exited with code {exit_code}.",
        ),
        "engine_timeout": _translate(
            "Messages", "The llama-server engine at {path} did not answer in time."
        ),
        "engine_cancelled": _translate("Messages", "Checking the engine was cancelled."),
        "engine_cpu_unsupported": _translate(
            "Messages",
            "This engine was built for instructions this CPU lacks. Build one for this "
            "computer in Settings > Engine, or choose another engine there.",
        ),
        "engine_self_test_failed": _translate(
            "Messages", "The engine failed its self-test on a tiny model ({status})."
        ),
        # -- building an engine (studio/core/engine/build.py) --
        "build_compiler_missing": _translate(
            "Messages",
            "No C/C++ compiler was found. Install one (on Debian or Ubuntu: "
            "sudo apt install build-essential) and try again.",
        ),
        "build_tool_missing": _translate(
            "Messages", "{tool} is missing and could not be installed from the package index."
        ),
        "build_download_failed": _translate(
            "Messages", "The llama.cpp source could not be downloaded; check the network."
        ),
        "build_failed": _translate("Messages", "The engine build failed; see the build log."),
        "build_cancelled": _translate("Messages", "The engine build was cancelled."),
        "build_self_test_failed": _translate(
            "Messages", "The new engine was built but failed its self-test ({status})."
        ),
        # -- starting and running llama-server (studio/core/server) --
        "binary_missing": _translate("Messages", "The llama-server binary was not found."),
        "binary_not_executable": _translate(
            "Messages", "The llama-server binary cannot be executed."
        ),
        "bad_argument": _translate("Messages", "The engine refused an argument; see the log."),
        "port_in_use": _translate("Messages", "The port was already in use."),
        "model_missing": _translate("Messages", "The model file does not exist."),
        "model_invalid": _translate(
            "Messages", "The file is not a valid GGUF model (truncated or corrupt)."
        ),
        "unknown_architecture": _translate(
            "Messages",
            "This engine does not know the model's architecture; a newer llama-server is needed.",
        ),
        "kv_type_needs_flash_attn": _translate(
            "Messages", "A quantized V cache needs flash attention on."
        ),
        "projector_failed": _translate("Messages", "The vision projector failed to load."),
        "oom_weights": _translate("Messages", "Out of memory while loading the weights."),
        "oom_kv": _translate("Messages", "Out of memory for the KV cache: lower the context."),
        "oom_compute": _translate("Messages", "Out of memory for the compute buffers."),
        "killed": _translate(
            "Messages", "The engine was killed, most likely by the system for lack of memory."
        ),
        "crashed": _translate("Messages", "The engine crashed ({signal})."),
        "health_timeout": _translate("Messages", "The engine did not become ready in time."),
        "crash_loop": _translate(
            "Messages", "The engine crashed repeatedly; it is not restarted again."
        ),
        "hung": _translate("Messages", "The engine stopped answering; it was replaced."),
        "oom_nothing_smaller": _translate(
            "Messages",
            "Out of memory even after {steps} smaller settings (the last with a context of "
            "{ctx}); nothing smaller is left to try. Free memory or choose a smaller model.",
        ),
        "exited": _translate("Messages", "The engine exited (code {exit_code})."),
        # -- the fit check before any load (studio/core/placement/admission.py) --
        "model_does_not_fit": _translate(
            "Messages",
            "{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept "
            "free, and {available} is free.",
        ),
        "plan_refused": _translate(
            "Messages", "{model} cannot be loaded with these settings; see the load dialog."
        ),
        "superseded": _translate("Messages", "A newer request replaced this one."),
        "manager_closed": _translate(
            "Messages", "The app is closing; the engine no longer takes requests."
        ),
        "no_model": _translate("Messages", "No model is loaded."),
        "stream_interrupted": _translate(
            "Messages", "The answer was interrupted: the connection to the engine was lost."
        ),
        "launch_too_many_arguments": _translate(
            "Messages", "Too many engine arguments ({count}); the engine was not started."
        ),
        "launch_denied_argument": _translate(
            "Messages",
            "The engine argument {flag} is managed by the app and cannot be set by hand.",
        ),
        # -- GGUF files (studio/core/gguf) --
        "gguf.not_gguf": _translate("Messages", "{source} is not a GGUF file."),
        "gguf.unsupported_version": _translate(
            "Messages", "{source} uses GGUF version {version}, which is not supported."
        ),
        "gguf.truncated": _translate(
            "Messages", "{source} is incomplete: it ends after {available} of at least {needed}."
        ),
        "gguf.corrupt": _translate("Messages", "{source} is damaged: {reason}."),
        "gguf.header_too_large": _translate(
            "Messages", "The header of {source} is larger than {limit}; it was not read."
        ),
        "gguf.missing_shard": _translate(
            "Messages", "A part of the split model is missing: {shard}."
        ),
        "gguf.range_unsupported": _translate(
            "Messages", "The server of {url} cannot send parts of a file (HTTP {status})."
        ),
        "gguf.remote_failed": _translate("Messages", "{url} could not be read: {reason}."),
        "gguf.bad_metadata": _translate(
            "Messages",
            "{source} is damaged or hostile: it declares {key} = {value}, which no model has.",
        ),
        "model_not_regular_file": _translate(
            "Messages",
            "{path} is not an ordinary file (it is a pipe, a device or a folder); only "
            "ordinary files are opened as models.",
        ),
        "model_unreadable": _translate("Messages", "{path} cannot be read: {reason}."),
        # -- memory estimates (studio/core/memory) --
        "memory.unknown_cache_type": _translate("Messages", "Unknown KV cache type: {type}."),
        "memory.quantized_v_needs_flash_attn": _translate(
            "Messages", "A quantized V cache needs flash attention on."
        ),
        "memory.mla_needs_equal_cache_types": _translate(
            "Messages", "This model needs the same type for the K and V caches."
        ),
        "memory.bad_batch": _translate("Messages", "The batch sizes are not valid."),
        "memory.host_in_devices": _translate(
            "Messages", "System RAM cannot be listed as a GPU device."
        ),
        "memory.tensor_split_needs_fa_f16": _translate(
            "Messages",
            "Tensor parallelism needs flash attention and an unquantized KV cache.",
        ),
        "memory.no_architecture": _translate(
            "Messages", "The model file does not name its architecture."
        ),
        "memory.no_block_count": _translate(
            "Messages", "The model file does not say how many layers it has."
        ),
        # -- devices (studio/core/hardware) --
        "rpc_unreachable": _translate(
            "Messages", "A remote RPC device did not answer ({endpoints})."
        ),
        "rpc_endpoint_invalid": _translate(
            "Messages", "“{endpoint}” is not host:port (for example 192.168.1.20:50052)."
        ),
        "fake_devices_invalid": _translate(
            "Messages", "STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}"
        ),
        # -- Hugging Face, downloads and the library (studio/core/hub) --
        "hub_offline": _translate(
            "Messages",
            "Cannot reach the Hugging Face Hub. Check the network connection, and the proxy "
            "and endpoint in Settings.",
        ),
        "hub_not_found": _translate("Messages", "Not found on the Hub: {target}."),
        "hub_auth_required": _translate(
            "Messages",
            "This repository is gated or private. Add a Hugging Face token in Settings and "
            "accept the model's terms on its Hub page.",
        ),
        "hub_http_error": _translate("Messages", "The Hub answered with an error (HTTP {status})."),
        "download_disk_full": _translate(
            "Messages",
            "Not enough disk space: {needed} needed plus {reserve} kept free, {free} free "
            "in {path}.",
        ),
        "download_checksum_mismatch": _translate(
            "Messages",
            "{file} did not match the Hub's checksum, even when downloaded again. The "
            "damaged copy was deleted.",
        ),
        "download_retries_exhausted": _translate(
            "Messages", "{file} kept failing ({reason}). Resume to try again."
        ),
        "download_unsafe_path": _translate(
            "Messages",
            "Refused a file name that would write outside the target folder: {name}",
        ),
        "download_target_unwritable": _translate("Messages", "Cannot write to {path}."),
        "download_failed": _translate("Messages", "The download failed unexpectedly; see the log."),
        "library_not_gguf": _translate(
            "Messages", "This is not a usable GGUF model file ({reason})."
        ),
        "library_is_mmproj": _translate(
            "Messages",
            "This is a vision projector (mmproj), not a model: load it together with its model.",
        ),
        "library_unreadable": _translate("Messages", "The file cannot be read: {path}"),
        # -- settings (studio/core/settings.py) --
        "settings_set_aside": _translate(
            "Messages",
            "Your settings could not be read, so the defaults apply. The unreadable file "
            "was kept as {moved_to}.",
        ),
        "settings_unreadable": _translate(
            "Messages",
            "Your settings could not be read ({path}), so the defaults apply for now.",
        ),
        # -- conversations (studio/core/chat) --
        "chat_store_too_new": _translate(
            "Messages",
            "The conversations were saved by a newer version of GGUF Studio (format "
            "{version}; this version reads up to {supported}).",
        ),
        "chat_store_unreadable": _translate(
            "Messages", "The conversations file is damaged or not a database: {path}"
        ),
        "chat_store_recovered": _translate(
            "Messages",
            "The conversations file was damaged. Everything that could still be read was "
            "recovered into a new file; the damaged one was kept as {backup}.",
        ),
        "chat_conversation_missing": _translate("Messages", "This conversation no longer exists."),
        "chat_message_missing": _translate("Messages", "This message no longer exists."),
        # -- chatting (studio/services/chat_service.py, stored with an answer) --
        "chat_no_model": _translate("Messages", "Load a model first."),
        "chat_server_refused": _translate("Messages", "The engine refused the request."),
        "chat_connection_lost": _translate("Messages", "The connection to the engine was lost."),
        "chat_export_failed": _translate("Messages", "The conversation could not be exported."),
        "chat_app_stopped": _translate(
            "Messages", "Interrupted: the app closed while this answer was written."
        ),
        # -- settings and the desktop entry --
        "settings_secret_refused": _translate(
            "Messages",
            "A Hugging Face token was kept out of the settings file ({field}); save tokens "
            "with Save token.",
        ),
        "settings_rpc_device_invalid": _translate(
            "Messages", "“{value}” is not host:port (for example 192.168.1.20:50052)."
        ),
        "settings_unwritable": _translate("Messages", "The settings cannot be saved to {path}."),
        "desktop_exec_invalid": _translate(
            "Messages",
            "The desktop entry cannot start the app: the command contains {argument}.",
        ),
        "desktop_icon_missing": _translate("Messages", "The app icon is missing: {path}"),
        # -- the planner's reasons (studio/core/placement/reasons.py) --
        "device_over_budget": _translate(
            "Messages", "{device} needs {needed} but may use {budget}."
        ),
        "host_over_budget": _translate(
            "Messages", "System RAM needs {needed} but may use {budget}."
        ),
        "nothing_fits": _translate(
            "Messages",
            "Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.",
        ),
        "layers_exceed_model": _translate(
            "Messages", "{requested} layers were asked for; the model has {maximum}."
        ),
        "device_unknown": _translate(
            "Messages", "A remembered device is not present any more ({key})."
        ),
        "dense_model_has_no_experts": _translate(
            "Messages", "This model is dense: it has no experts to keep on the CPU."
        ),
        "n_cpu_moe_clamped": _translate(
            "Messages", "Experts on the CPU reduced from {requested} to {maximum} layers."
        ),
        "tensor_parallel_needs_two_devices": _translate(
            "Messages", "Tensor parallelism needs two or more devices."
        ),
        "tensor_parallel_needs_flash_attn": _translate(
            "Messages", "Tensor parallelism needs flash attention on."
        ),
        "tensor_parallel_needs_unquantized_kv": _translate(
            "Messages", "Tensor parallelism needs an unquantized KV cache (not {cache_type})."
        ),
        "tensor_parallel_unsupported_architecture": _translate(
            "Messages", "Tensor parallelism does not support the {architecture} architecture."
        ),
        "tensor_parallel_unsupported_by_engine": _translate(
            "Messages", "This llama-server build has no tensor split mode."
        ),
        "tensor_parallel_excludes_cpu_moe": _translate(
            "Messages",
            "Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.",
        ),
        "tensor_parallel_needs_full_offload": _translate(
            "Messages",
            "Tensor parallelism needs the whole model on the GPUs, which does not fit: layer "
            "split is used.",
        ),
        "quantized_v_needs_flash_attn": _translate(
            "Messages", "A quantized V cache needs flash attention on."
        ),
        "cache_type_unsupported": _translate(
            "Messages", "This llama-server build has no {cache_type} KV cache."
        ),
        "mtp_not_in_model": _translate(
            "Messages", "The model has no MTP layers for speculative decoding."
        ),
        "mtp_tensors_missing": _translate(
            "Messages",
            "The model declares MTP layers but their tensors are missing (layers {layers}): "
            "the conversion dropped them.",
        ),
        "mtp_unsupported_by_engine": _translate(
            "Messages", "This llama-server build has no MTP speculative decoding."
        ),
        "mtp_and_draft_model_together": _translate(
            "Messages", "MTP and a draft model cannot be used together."
        ),
        "ctx_too_small": _translate(
            "Messages", "A context of {requested} is below the minimum {minimum}."
        ),
        "ctx_above_training": _translate(
            "Messages",
            "A context of {requested} is above the {trained} the model was trained for.",
        ),
        "ctx_rounded": _translate("Messages", "Context rounded from {requested} to {planned}."),
        "ctx_reduced_to_fit": _translate(
            "Messages", "Context reduced from {trained} to {planned} to fit."
        ),
        "environment_variable_honoured": _translate(
            "Messages", "{variable}={value} from the environment is used."
        ),
        "environment_variable_ignored": _translate(
            "Messages",
            "{variable}={value} from the environment is ignored (cleared for the engine).",
        ),
        "gpu_not_usable_by_engine": _translate(
            "Messages", "{device} cannot be used by this engine ({why})."
        ),
    }


class _Counted(QObject):
    """Codes whose sentence depends on a count, with each language's plural forms (%n).
    A QObject because lupdate marks a message plural only in `self.tr(text, "", n)`."""

    def texts(self) -> dict[str, Callable[[int], str]]:
        return {
            "layers_spilled_to_host": lambda n: self.tr(
                "%n layer(s) run on the CPU to fit.", "", n
            ),
            "experts_spilled_to_host": lambda n: self.tr(
                "The experts of %n layer(s) stay on the CPU to fit.", "", n
            ),
        }


def _counted() -> dict[str, Callable[[int], str]]:
    return _Counted().texts()


_COUNT_PARAMETER = {"layers_spilled_to_host": "layers", "experts_spilled_to_host": "layers"}


def known_codes() -> frozenset[str]:
    return frozenset(_templates()) | frozenset(_counted())


def has_message(code: str) -> bool:
    return code in known_codes()


def code_message(code: str, params: Mapping[str, object] | None = None) -> str:
    """The sentence for `code` with `params` filled in; missing parameters show "?"."""
    values = dict(params or {})
    counted = _counted().get(code)
    if counted is not None:
        count = values.get(_COUNT_PARAMETER[code])
        return counted(count if isinstance(count, int) else 0)
    template = _templates().get(code)
    if template is None:
        return _t("Something went wrong ({code}).").format(code=code)
    try:
        return template.format_map(_Parameters(values))
    except (ValueError, IndexError):  # a field with a format spec got "?"
        return _t("Something went wrong ({code}).").format(code=code)


def error_message(error: StudioError) -> str:
    return code_message(error.code, error.params)


def failure_message(failure: Failure) -> str:
    params: dict[str, object] = {**failure.params}
    if failure.signal_name:
        params["signal"] = failure.signal_name
    if failure.exit_code is not None:
        params["exit_code"] = failure.exit_code
    return code_message(failure.code.value, params)


def reason_message(reason: Reason, device_name: Callable[[str], str] = str) -> str:
    """`device_name` turns a device key (an NVML UUID, say) into its label."""
    params: dict[str, object] = {**reason.params}
    if "device" in params:
        params["device"] = device_name(str(params["device"]))
    return code_message(reason.code.value, params)


class _Parameters(dict[str, object]):
    """Parameters as shown: byte counts as sizes, lists joined, absent ones as "?"."""

    def __init__(self, values: Mapping[str, object]) -> None:
        super().__init__({key: _shown(key, value) for key, value in values.items()})

    def __missing__(self, key: str) -> object:
        return "?"


def _shown(key: str, value: object) -> object:
    if key in _BYTE_PARAMETERS and isinstance(value, int) and not isinstance(value, bool):
        return format_bytes(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(str(item) for item in value)
    return value
