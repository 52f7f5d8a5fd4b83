"""The words: every code the core reports, with its English sentence template.

Each template is written once, here, inside `_mark("Sentences", ...)`: `i18n/update.py`
has lupdate read `_mark` as `QCoreApplication.translate`, so every sentence lands in the
translation catalogues while this module stays free of Qt. `{name}` fields are filled from
the code's parameters; `%n` is a count with each language's plural forms.

Where a sentence belongs: add the code's template to `CODES` (or `COUNTED` when it counts
something), and nowhere else; `tests/core/voice/test_voice.py` fails for a code the core
can report without one here.
"""

from __future__ import annotations

from collections.abc import Mapping

from studio.core.hub.transfer import RetryReason
from studio.core.server.engine_events import EngineEvent
from studio.core.server.recovery import RecoveryStep
from studio.core.server.states import ServerState, StartPhase

CONTEXT = "Sentences"


def _mark(context: str, text: str, disambiguation: str = "", count: int = -1) -> str:
    """Marks `text` for translation (lupdate reads it as `translate`); returns it as is."""
    return text


# code -> sentence with `{parameter}` fields.
CODES: Mapping[str, str] = {
    # -- the engine binary (studio/core/engine) --
    "engine_missing": _mark("Sentences", "The llama-server engine was not found ({path})."),
    "engine_not_executable": _mark(
        "Sentences", "The llama-server engine cannot be run ({path}): {reason}"
    ),
    "engine_broken": _mark(
        "Sentences",
        "The llama-server engine at {path} does not work: it exited with code {exit_code}.",
    ),
    "engine_timeout": _mark(
        "Sentences", "The llama-server engine at {path} did not answer in time."
    ),
    "engine_cancelled": _mark("Sentences", "Checking the engine was cancelled."),
    "engine_cpu_unsupported": _mark(
        "Sentences",
        "This engine was built for instructions this CPU lacks. Build one for this "
        "computer in Settings > Engine, or choose another engine there.",
    ),
    "engine_not_ready": _mark("Sentences", "The engine is not ready yet; see the Server page."),
    "engine_self_test_failed": _mark(
        "Sentences", "The engine failed its self-test on a tiny model ({status})."
    ),
    # -- building an engine (studio/core/engine/build.py) --
    "build_compiler_missing": _mark(
        "Sentences",
        "No C/C++ compiler was found. Install one (on Debian or Ubuntu: "
        "sudo apt install build-essential) and try again.",
    ),
    "build_tool_missing": _mark(
        "Sentences", "{tool} is missing and could not be installed from the package index."
    ),
    "build_download_failed": _mark(
        "Sentences", "The llama.cpp source could not be downloaded; check the network."
    ),
    "build_source_damaged": _mark(
        "Sentences",
        "The llama.cpp source was damaged even when downloaded again ({reason}); try again later.",
    ),
    "build_failed": _mark("Sentences", "The engine build failed; see the build log."),
    "build_cancelled": _mark("Sentences", "The engine build was cancelled."),
    "build_self_test_failed": _mark(
        "Sentences", "The new engine was built but failed its self-test ({status})."
    ),
    # -- starting and running llama-server (studio/core/server) --
    "binary_missing": _mark("Sentences", "The llama-server binary was not found."),
    "binary_not_executable": _mark("Sentences", "The llama-server binary cannot be executed."),
    "bad_argument": _mark("Sentences", "The engine refused an argument; see the log."),
    "port_in_use": _mark("Sentences", "The port was already in use."),
    "model_missing": _mark("Sentences", "The model file does not exist: {path}."),
    "model_invalid": _mark(
        "Sentences", "{path} is not a valid GGUF model (truncated, damaged or not a GGUF file)."
    ),
    "unknown_architecture": _mark(
        "Sentences",
        "This engine does not know the model's architecture; a newer llama-server is needed.",
    ),
    "kv_type_needs_flash_attn": _mark("Sentences", "A quantized V cache needs flash attention on."),
    "projector_failed": _mark("Sentences", "The vision projector failed to load."),
    "oom_weights": _mark("Sentences", "Out of memory while loading the weights."),
    "oom_kv": _mark("Sentences", "Out of memory for the KV cache: lower the context."),
    "oom_compute": _mark("Sentences", "Out of memory for the compute buffers."),
    "killed": _mark(
        "Sentences", "The engine was killed, most likely by the system for lack of memory."
    ),
    "crashed": _mark("Sentences", "The engine crashed ({signal})."),
    "health_timeout": _mark("Sentences", "The engine did not become ready in time."),
    "crash_loop": _mark("Sentences", "The engine crashed repeatedly; it is not restarted again."),
    "hung": _mark("Sentences", "The engine stopped answering; it was replaced."),
    "oom_nothing_smaller": _mark(
        "Sentences",
        "Out of memory even after {steps} smaller settings (the last with a context of "
        "{ctx}); nothing smaller is left to try. Free memory or choose a smaller model.",
    ),
    "exited": _mark("Sentences", "The engine exited (code {exit_code})."),
    # -- the fit check before any load (studio/core/placement/admission.py) --
    "model_does_not_fit": _mark(
        "Sentences",
        "{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept "
        "free, and {available} is free.",
    ),
    "plan_refused": _mark(
        "Sentences", "{model} cannot be loaded with these settings; see the load dialog."
    ),
    "superseded": _mark("Sentences", "A newer request replaced this one."),
    "manager_closed": _mark(
        "Sentences", "The app is closing; the engine no longer takes requests."
    ),
    "no_model": _mark("Sentences", "No model is loaded."),
    "stream_interrupted": _mark(
        "Sentences", "The answer was interrupted: the connection to the engine was lost."
    ),
    "request_crashed_engine": _mark(
        "Sentences",
        "The engine crashed while answering this request ({cause}), so the request was not "
        "retried.",
    ),
    "model_switched": _mark(
        "Sentences",
        "Another model was loaded before {model} could answer; send the request again.",
    ),
    "launch_too_many_arguments": _mark(
        "Sentences", "Too many engine arguments ({count}); the engine was not started."
    ),
    "launch_denied_argument": _mark(
        "Sentences",
        "The engine argument {flag} is managed by the app and cannot be set by hand.",
    ),
    # -- the model a request names (studio/core/server/switcher.py) --
    "model_not_found": _mark("Sentences", "There is no model '{model}' in the library."),
    # -- several resident models (studio/core/residents), `studio ps` --
    "serve_unreachable": _mark(
        "Sentences", "No studio serve answers at {url}; start one with studio serve."
    ),
    "serve_key_refused": _mark(
        "Sentences", "The server refused the API key; give it with --api-key or --api-key-file."
    ),
    "serve_unexpected_answer": _mark(
        "Sentences", "The server at {url} did not answer as studio serve does."
    ),
    "model_no_room": _mark(
        "Sentences", "{model} cannot be loaded: the pinned models {pinned} keep their room."
    ),
    "model_queue_full": _mark(
        "Sentences",
        "{waiting} requests already wait for room to load a model; try again when one has "
        "finished.",
    ),
    "chat_model_missing": _mark(
        "Sentences",
        "This conversation's model {model} is no longer in the library; choose another "
        "model in the picker to go on.",
    ),
    # -- GGUF files (studio/core/gguf) --
    "gguf.not_gguf": _mark("Sentences", "{source} is not a GGUF file."),
    "gguf.unsupported_version": _mark(
        "Sentences", "{source} uses GGUF version {version}, which is not supported."
    ),
    "gguf.truncated": _mark(
        "Sentences", "{source} is incomplete: it ends after {available} of at least {needed}."
    ),
    "gguf.corrupt": _mark("Sentences", "{source} is damaged: {reason}."),
    "gguf.header_too_large": _mark(
        "Sentences", "The header of {source} is larger than {limit}; it was not read."
    ),
    "gguf.missing_shard": _mark("Sentences", "A part of the split model is missing: {shard}."),
    "gguf.range_unsupported": _mark(
        "Sentences", "The server of {url} cannot send parts of a file (HTTP {status})."
    ),
    "gguf.remote_failed": _mark("Sentences", "{url} could not be read: {reason}."),
    "gguf.bad_metadata": _mark(
        "Sentences",
        "{source} is damaged or hostile: it declares {key} = {value}, which no model has.",
    ),
    "model_not_regular_file": _mark(
        "Sentences",
        "{path} is not an ordinary file (it is a pipe, a device or a folder); only "
        "ordinary files are opened as models.",
    ),
    "model_unreadable": _mark("Sentences", "{path} cannot be read: {reason}."),
    # -- memory estimates (studio/core/memory) --
    "memory.unknown_cache_type": _mark("Sentences", "Unknown KV cache type: {type}."),
    "memory.quantized_v_needs_flash_attn": _mark(
        "Sentences", "A quantized V cache needs flash attention on."
    ),
    "memory.mla_needs_equal_cache_types": _mark(
        "Sentences", "This model needs the same type for the K and V caches."
    ),
    "memory.bad_batch": _mark("Sentences", "The batch sizes are not valid."),
    "memory.host_in_devices": _mark("Sentences", "System RAM cannot be listed as a GPU device."),
    "memory.tensor_split_needs_fa_f16": _mark(
        "Sentences",
        "Tensor parallelism needs flash attention and an unquantized KV cache.",
    ),
    "memory.no_architecture": _mark("Sentences", "The model file does not name its architecture."),
    "fit_failed": _mark(
        "Sentences", "How this model fits could not be worked out; the log says why."
    ),
    "memory.no_block_count": _mark(
        "Sentences", "The model file does not say how many layers it has."
    ),
    # why an estimate counts no repacked copies of weights (studio/core/memory/repack.py)
    "memory.repack_off": _mark(
        "Sentences", "No repacked copies of weights are counted: repacking is off (--no-repack)."
    ),
    "memory.repack_cpu_unknown": _mark(
        "Sentences",
        "No repacked copies of weights are counted: no engine has told this CPU's features.",
    ),
    "memory.repack_not_built": _mark(
        "Sentences",
        "No repacked copies of weights are counted: this engine's CPU backend does not repack.",
    ),
    "memory.repack_gpu_host_buffer": _mark(
        "Sentences",
        "No repacked copies of weights are counted: the host's weights stay in a GPU's "
        "pinned buffer.",
    ),
    # -- devices (studio/core/hardware) --
    "rpc_unreachable": _mark("Sentences", "A remote RPC device did not answer ({endpoints})."),
    "rpc_endpoint_invalid": _mark(
        "Sentences", "“{endpoint}” is not host:port (for example 192.168.1.20:50052)."
    ),
    "fake_devices_invalid": _mark(
        "Sentences", "STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}"
    ),
    # -- Hugging Face, downloads and the library (studio/core/hub) --
    "hub_offline": _mark(
        "Sentences",
        "Cannot reach the Hugging Face Hub. Check the network connection, and the proxy "
        "and endpoint in Settings.",
    ),
    "hub_not_found": _mark("Sentences", "Not found on the Hub: {target}."),
    "hub_repo_invalid": _mark(
        "Sentences",
        "“{target}” is not a Hugging Face repository: write it as owner/name, with "
        "letters, digits, -, _ and . only.",
    ),
    "hub_auth_required": _mark(
        "Sentences",
        "This repository is gated or private. Add a Hugging Face token in Settings and "
        "accept the model's terms on its Hub page.",
    ),
    "hub_http_error": _mark("Sentences", "The Hub answered with an error (HTTP {status})."),
    "hf_token_refused": _mark("Sentences", "The token was not saved: {reason}"),
    "download_disk_full": _mark(
        "Sentences",
        "Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.",
    ),
    "download_checksum_mismatch": _mark(
        "Sentences",
        "{file} did not match the Hub's checksum, even when downloaded again. The "
        "damaged copy was deleted.",
    ),
    "download_retries_exhausted": _mark(
        "Sentences", "{file} kept failing ({reason}). Resume to try again."
    ),
    "download_unsafe_path": _mark(
        "Sentences",
        "Refused a file name that would write outside the target folder: {name}",
    ),
    "download_target_unwritable": _mark("Sentences", "Cannot write to {path}."),
    "download_failed": _mark("Sentences", "The download failed unexpectedly; see the log."),
    "library_not_gguf": _mark("Sentences", "This is not a usable GGUF model file ({reason})."),
    "library_is_mmproj": _mark(
        "Sentences",
        "This is a vision projector (mmproj), not a model: load it together with its model.",
    ),
    "library_unreadable": _mark("Sentences", "The file cannot be read: {path}"),
    "library_folder_unreadable": _mark(
        "Sentences", "The folder {path} cannot be read ({reason}); its models are not listed."
    ),
    "library_folder_too_deep": _mark(
        "Sentences",
        "The folder {path} is nested more than {depth} folders deep; what lies in it is "
        "not listed.",
    ),
    "library_folder_too_large": _mark(
        "Sentences",
        "The folder {path} holds more than {folders} folders; the models in the rest are "
        "not listed.",
    ),
    # -- settings (studio/core/settings.py) --
    "settings_set_aside": _mark(
        "Sentences",
        "Your settings could not be read, so the defaults apply. The unreadable file "
        "was kept as {moved_to}.",
    ),
    "settings_unreadable": _mark(
        "Sentences",
        "Your settings could not be read ({path}), so the defaults apply for now.",
    ),
    # -- conversations (studio/core/chat) --
    "chat_store_too_new": _mark(
        "Sentences",
        "The conversations were saved by a newer version of GGUF Studio (format "
        "{version}; this version reads up to {supported}).",
    ),
    "chat_store_unreadable": _mark(
        "Sentences", "The conversations file is damaged or not a database: {path}"
    ),
    "chat_store_recovered": _mark(
        "Sentences",
        "The conversations file was damaged. Everything that could still be read was "
        "recovered into a new file; the damaged one was kept as {backup}.",
    ),
    "chat_conversation_missing": _mark("Sentences", "This conversation no longer exists."),
    "chat_message_missing": _mark("Sentences", "This message no longer exists."),
    "chat_store_full": _mark(
        "Sentences",
        "The disk is full, so this answer stopped where it was last saved. Free some space "
        "to go on.",
    ),
    "chat_store_write_failed": _mark(
        "Sentences",
        "The conversation could not be saved ({reason}), so this answer stopped where it "
        "was last saved.",
    ),
    "chat_branch_loops": _mark(
        "Sentences",
        "The messages of this conversation link back to each other in a loop, so it is "
        "shown from where the loop closes.",
    ),
    # -- chatting (studio/services/chat_service.py, stored with an answer) --
    "chat_no_model": _mark("Sentences", "Load a model first."),
    "chat_server_refused": _mark("Sentences", "The engine refused the request."),
    "chat_connection_lost": _mark("Sentences", "The connection to the engine was lost."),
    "chat_export_failed": _mark("Sentences", "The conversation could not be exported."),
    "chat_app_stopped": _mark(
        "Sentences", "Interrupted: the app closed while this answer was written."
    ),
    # -- images in the chat (studio/core/chat/vision.py, studio/ui/chat/image_attach.py) --
    "chat_image_no_projector": _mark(
        "Sentences",
        "This model cannot see images: it was loaded without a vision projector (mmproj). "
        "Load a model that comes with one to send images.",
    ),
    "chat_image_projector_dropped": _mark(
        "Sentences",
        "This model cannot see images now: its vision projector failed to start, so it was "
        "loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.",
    ),
    "chat_image_unreadable": _mark(
        "Sentences", "{name} could not be read as an image: PNG, JPEG and WebP can be attached."
    ),
    "chat_image_too_many": _mark(
        "Sentences", "At most {count} images can be sent with one message."
    ),
    # -- chat presets (studio/core/chat/presets.py) --
    "preset_name_empty": _mark("Sentences", "A preset needs a name."),
    "preset_name_taken": _mark("Sentences", "A preset named “{name}” already exists."),
    "preset_missing": _mark("Sentences", "The preset “{name}” no longer exists."),
    "preset_import_unreadable": _mark("Sentences", "The preset file {path} cannot be read."),
    "preset_import_not_json": _mark("Sentences", "{path} is not a preset: it is not a JSON file."),
    "preset_import_not_preset": _mark(
        "Sentences",
        "{path} is not a GGUF Studio preset: a preset has a name and its settings.",
    ),
    "preset_import_bad_value": _mark(
        "Sentences", "{path} is not a usable preset: its “{field}” has the wrong kind of value."
    ),
    "preset_export_failed": _mark("Sentences", "The preset could not be saved to {path}."),
    "presets_unwritable": _mark("Sentences", "The presets cannot be saved to {path}."),
    "presets_set_aside": _mark(
        "Sentences",
        "Your presets could not be read, so the list starts empty. The unreadable file "
        "was kept as {moved_to}.",
    ),
    "presets_unreadable": _mark(
        "Sentences", "Your presets could not be read ({path}), so the list starts empty."
    ),
    "preset_import_out_of_range": _mark(
        "Sentences",
        "{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} "
        "to {high}.",
    ),
    "preset_import_max_tokens": _mark(
        "Sentences",
        "{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no "
        "limit) or from {low} to {high}.",
    ),
    # -- remembered load settings (studio/core/placement/remembered.py) --
    "remembered_settings_dropped": _mark(
        "Sentences",
        "Some remembered load settings of {model} could not be used ({settings}), so they "
        "are chosen afresh.",
    ),
    # -- the context (studio/core/chat/context.py, studio/services/context_service.py) --
    "chat_context_exceeded": _mark(
        "Sentences",
        "This conversation needs {prompt_tokens} tokens, but the model's context holds "
        "{context_tokens}. Start a new conversation, let the chat drop the oldest messages "
        "(Inspector > Context), or load the model with a larger context.",
    ),
    "chat_attach_not_text": _mark(
        "Sentences", "{name} is not a text file, so it cannot be added to the message."
    ),
    "chat_attach_unreadable": _mark("Sentences", "{name} cannot be read: {reason}"),
    "chat_attach_not_regular": _mark(
        "Sentences",
        "{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot "
        "be attached.",
    ),
    "chat_attach_too_large": _mark(
        "Sentences", "{name} is too large to add to a message (more than {limit})."
    ),
    "think_budget_unsupported": _mark(
        "Sentences",
        "This model's chat template does not think, so the thinking budget is not sent.",
    ),
    "chat_attach_overflow": _mark(
        "Sentences",
        "{name} takes {tokens} tokens, but only {left} of the context's {context_tokens} "
        "are left, so it was not added.",
    ),
    # -- documents in a conversation (studio/core/documents/) --
    "document_too_large": _mark(
        "Sentences", "{name} is too large to attach (more than {limit}); nothing was added."
    ),
    "document_not_regular": _mark(
        "Sentences",
        "{name} is a pipe, a device or a folder, not a document, so it was not attached.",
    ),
    "document_unreadable": _mark("Sentences", "{name} could not be opened as a document: {reason}"),
    "document_unsupported": _mark(
        "Sentences",
        "{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, "
        "HTML or .docx file.",
    ),
    "document_encrypted": _mark(
        "Sentences", "{name} is protected by a password, so its text cannot be read."
    ),
    "document_no_text_layer": _mark(
        "Sentences",
        "{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.",
    ),
    "document_damaged": _mark(
        "Sentences", "{name} is not a {kind} file this app can read; it may be damaged."
    ),
    "document_zip_bomb": _mark(
        "Sentences",
        "{name} would unpack to more than {limit}, far more than a document holds, so it "
        "was not opened.",
    ),
    "document_empty": _mark("Sentences", "{name} holds no text, so there is nothing to attach."),
    "document_not_text": _mark(
        "Sentences", "{name} is not a text file, so it cannot be attached as a document."
    ),
    "document_embedder_failed": _mark(
        "Sentences", "The documents could not be searched: the embedding model failed ({reason})."
    ),
    "document_no_embedder": _mark(
        "Sentences", "Load a model first: documents are indexed with the loaded model."
    ),
    "document_embedding_model_missing": _mark(
        "Sentences",
        "The embedding model {name} is not in the library: choose another in Settings, Documents.",
    ),
    "document_index_unreadable": _mark(
        "Sentences", "The documents' index at {path} cannot be opened."
    ),
    "document_index_write_failed": _mark(
        "Sentences", "The documents' index at {path} could not be saved: {reason}"
    ),
    # -- tool definitions (studio/core/chat/tools.py) --
    "chat_tools_not_json": _mark(
        "Sentences", "The tools are not valid JSON (line {line}, column {column})."
    ),
    "chat_tools_not_a_list": _mark(
        "Sentences", "The tools must be a JSON list of function definitions."
    ),
    "chat_tool_not_a_function": _mark(
        "Sentences",
        'Tool {number} is not a function definition: give it "type": "function" and a '
        '"function" with a name.',
    ),
    "chat_tool_without_name": _mark("Sentences", "Tool {number} has no name."),
    "chat_tool_parameters_not_an_object": _mark(
        "Sentences", "The parameters of the tool {name} must be a JSON Schema object."
    ),
    "chat_tool_name_repeated": _mark("Sentences", "Two tools are called {name}."),
    "chat_tools_too_deep": _mark(
        "Sentences", "The tools are nested more than {levels} levels deep, which no tool needs."
    ),
    "chat_tools_not_finite": _mark(
        "Sentences", "The tools contain NaN or Infinity, which JSON does not allow."
    ),
    # -- the tool loop (studio/core/chat/tool_loop.py) --
    "chat_tool_rounds_exhausted": _mark(
        "Sentences",
        "The model asked for tools {rounds} rounds in a row, the most one question may take, "
        "so its last calls were not run.",
    ),
    "chat_tool_call_broken": _mark(
        "Sentences",
        "The model's call of {tool} was cut off or is not valid JSON, so it was not run; "
        "a larger answer limit may help.",
    ),
    # -- settings and the desktop entry --
    "settings_secret_refused": _mark(
        "Sentences",
        "A Hugging Face token was kept out of the settings file ({field}); save tokens "
        "with Save token.",
    ),
    "settings_unwritable": _mark("Sentences", "The settings cannot be saved to {path}."),
    "desktop_exec_invalid": _mark(
        "Sentences",
        "The desktop entry cannot start the app: the command contains {argument}.",
    ),
    "desktop_icon_missing": _mark("Sentences", "The app icon is missing: {path}"),
    # -- the app's local API (studio/services/api_server_service.py) --
    "api_port_in_use": _mark(
        "Sentences", "Port {port} is already in use by another program; choose another port."
    ),
    "api_port_denied": _mark(
        "Sentences",
        "Port {port} may only be opened by an administrator; choose one above 1023.",
    ),
    "api_start_failed": _mark("Sentences", "The local API could not start: {reason}."),
    # -- the command line (studio/cli) --
    "folder_missing": _mark("Sentences", "The folder {path} does not exist."),
    "folder_is_file": _mark("Sentences", "{path} is a file, not a folder."),
    "fit_unknown_device": _mark(
        "Sentences", "There is no device named “{device}” (see the device column of studio fit)."
    ),
    "fit_layers_invalid": _mark(
        "Sentences", "“{item}” is not DEVICE=LAYERS (for example CUDA0=20)."
    ),
    "fit_margin_invalid": _mark("Sentences", "“{item}” is not a size such as 2GiB or host=512MiB."),
    "bench_variant_invalid": _mark(
        "Sentences", "“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20)."
    ),
    "bench_knob_value_invalid": _mark(
        "Sentences", "“{value}” is not a value {knob} can take ({expected})."
    ),
    # -- measuring placements (studio/core/bench) --
    "bench_knob_unknown": _mark(
        "Sentences", "A benchmark variant cannot change “{knob}”; it can change: {knobs}."
    ),
    "bench_layers_under_tensor": _mark(
        "Sentences",
        "{variant}: tensor parallelism splits every layer across the devices, so a variant "
        "cannot also move layers between them.",
    ),
    "bench_variant_count": _mark(
        "Sentences", "A comparison takes {least} to {most} variants, not {count}."
    ),
    "bench_not_as_planned": _mark(
        "Sentences",
        "{variant} started only after the engine's recovery changed it, so it was not measured.",
    ),
    "bench_context_too_small": _mark(
        "Sentences",
        "A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} "
        "tokens it writes.",
    ),
    "bench_request_failed": _mark(
        "Sentences", "The engine did not answer a benchmark request for {variant}."
    ),
    "bench_request_cancelled": _mark(
        "Sentences", "A benchmark request was stopped from elsewhere, so the benchmark ended."
    ),
    "bench_no_timings": _mark(
        "Sentences", "The engine's answer had no timings, so nothing could be measured."
    ),
    "bench_export_failed": _mark(
        "Sentences", "The benchmark could not be written to {path}: {reason}."
    ),
    "bench_tune_budget_spent": _mark("Sentences", "Not tried: the time budget was spent."),
    "bench_generation_faster": _mark(
        "Sentences", "{fastest} generates {ratio} times as fast as {slower}."
    ),
    "bench_prompt_faster": _mark(
        "Sentences", "{fastest} reads prompts {ratio} times as fast as {slower}."
    ),
    "bench_generation_within_noise": _mark(
        "Sentences",
        "{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within "
        "the spread of their runs.",
    ),
    "bench_prompt_within_noise": _mark(
        "Sentences",
        "{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is "
        "within the spread of their runs.",
    ),
    "bench_single_run": _mark(
        "Sentences",
        "With one run each there is no spread, so whether a difference is more than noise "
        "is unknown: measure more runs.",
    ),
    # -- the load dialog's benchmark (studio/services/bench_service.py) --
    "bench_chat_answering": _mark(
        "Sentences",
        "A chat answer is being written. Stop it first: a benchmark loads other plans of "
        "the model in its place.",
    ),
    "bench_running": _mark(
        "Sentences", "A benchmark is running already. Wait for it, or cancel it first."
    ),
    "download_choice_unclear": _mark(
        "Sentences", "“{wanted}” does not name one model here; choose one of: {choices}."
    ),
    "api_key_file_unreadable": _mark("Sentences", "The API key file {path} cannot be read."),
    "api_key_empty": _mark("Sentences", "The API key is empty."),
    "serve_max_connections_invalid": _mark(
        "Sentences", "The connection limit must be at least 1, not {given}."
    ),
    "api_key_required": _mark(
        "Sentences",
        "Listening on {host} lets other machines connect: give --api-key or --api-key-file.",
    ),
    "cli_prompt_too_long": _mark(
        "Sentences",
        "The prompt takes {prompt_tokens} tokens, but the model's context holds "
        "{context_tokens}: shorten it or give a larger --ctx.",
    ),
    "spec_type_unknown": _mark(
        "Sentences",
        "This engine has no speculative decoding type “{spec_type}”; it knows {choices}.",
    ),
    "serve_host_unavailable": _mark(
        "Sentences", "This computer has no address {host} to listen on."
    ),
    "cli_unexpected": _mark(
        "Sentences",
        "The command studio {command} stopped on an unexpected problem; the details are in {log}.",
    ),
    # -- MCP servers (studio/core/mcp, studio mcp) --
    "mcp_file_unreadable": _mark("Sentences", "The MCP servers file {path} cannot be read."),
    "mcp_file_not_regular": _mark(
        "Sentences", "The MCP servers file {path} is not a regular file, so it is not read."
    ),
    "mcp_file_too_large": _mark(
        "Sentences", "The MCP servers file {path} is larger than {limit}, so it is not read."
    ),
    "mcp_file_not_text": _mark("Sentences", "The MCP servers file {path} is not UTF-8 text."),
    "mcp_file_not_json": _mark(
        "Sentences",
        "The MCP servers file {path} is not valid JSON (line {line}, column {column}).",
    ),
    "mcp_file_too_deep": _mark(
        "Sentences", "The MCP servers file {path} is nested too deeply to be read."
    ),
    "mcp_servers_missing": _mark(
        "Sentences", "The file {path} has no “mcpServers” object, so it names no MCP servers."
    ),
    "mcp_too_many_servers": _mark("Sentences", "There can be at most {most} MCP servers."),
    "mcp_server_not_object": _mark("Sentences", "The MCP server {server} must be a JSON object."),
    "mcp_server_name_invalid": _mark(
        "Sentences",
        "“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, "
        "dashes and underscores, starting with a letter or a digit.",
    ),
    "mcp_server_transport_missing": _mark(
        "Sentences", "The MCP server {server} needs a “command” to run or a “url” to connect to."
    ),
    "mcp_server_transport_conflict": _mark(
        "Sentences", "The MCP server {server} has both a “command” and a “url”; keep one of them."
    ),
    "mcp_server_type_unknown": _mark(
        "Sentences",
        "The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” "
        "(streamable HTTP) servers.",
    ),
    "mcp_server_type_mismatch": _mark(
        "Sentences",
        "The MCP server {server} has the type “{type}”, which does not go with its "
        "“command” or “url”.",
    ),
    "mcp_field_not_text": _mark(
        "Sentences", "The “{field}” of the MCP server {server} must be text."
    ),
    "mcp_field_not_text_list": _mark(
        "Sentences", "The “{field}” of the MCP server {server} must be a list of texts."
    ),
    "mcp_field_not_text_map": _mark(
        "Sentences",
        "The “{field}” of the MCP server {server} must be an object whose values are texts.",
    ),
    "mcp_field_not_boolean": _mark(
        "Sentences", "The “{field}” of the MCP server {server} must be true or false."
    ),
    "mcp_field_empty": _mark("Sentences", "The “{field}” of the MCP server {server} is empty."),
    "mcp_field_too_long": _mark(
        "Sentences",
        "The “{field}” of the MCP server {server} holds a text longer than {most} characters.",
    ),
    "mcp_field_too_many": _mark(
        "Sentences", "The “{field}” of the MCP server {server} has more than {most} entries."
    ),
    "mcp_field_bad_character": _mark(
        "Sentences",
        "The “{field}” of the MCP server {server} holds a NUL character or a line break, "
        "which it cannot pass on.",
    ),
    "mcp_entry_invalid": _mark(
        "Sentences", "“{entry}” is not a valid name in the “{field}” of the MCP server {server}."
    ),
    "mcp_url_invalid": _mark(
        "Sentences",
        "The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.",
    ),
    "mcp_list_unwritable": _mark("Sentences", "The list of MCP servers cannot be saved to {path}."),
    "mcp_server_unknown": _mark("Sentences", "There is no MCP server called {server}."),
    "mcp_server_exists": _mark(
        "Sentences", "There is already an MCP server called {server}; choose another name."
    ),
    "mcp_line_invalid": _mark(
        "Sentences",
        "The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” "
        "between the name and the value.",
    ),
    "mcp_command_missing": _mark(
        "Sentences", "The MCP server {server} could not start: the program {command} was not found."
    ),
    "mcp_command_failed": _mark(
        "Sentences", "The MCP server {server} could not start {command}: {reason}."
    ),
    "mcp_unreachable": _mark("Sentences", "The MCP server {server} cannot be reached at {url}."),
    "mcp_timeout": _mark(
        "Sentences", "The MCP server {server} did not answer within {seconds} seconds."
    ),
    "mcp_crashed": _mark("Sentences", "The MCP server {server} stopped unexpectedly."),
    "mcp_refused": _mark("Sentences", "The MCP server {server} answered with an error: {reason}"),
    "mcp_call_failed": _mark(
        "Sentences", "The tool {tool} of the MCP server {server} could not be called: {reason}"
    ),
    "mcp_result_invalid": _mark(
        "Sentences",
        "The tool {tool} of the MCP server {server} answered with a result MCP does not allow.",
    ),
    "mcp_not_running": _mark("Sentences", "The MCP server {server} is not running."),
    "mcp_tool_unknown": _mark("Sentences", "No running MCP server offers a tool called {tool}."),
    "mcp_arguments_not_json": _mark(
        "Sentences", "The tool's arguments are not valid JSON (line {line}, column {column})."
    ),
    "mcp_arguments_not_object": _mark("Sentences", "The tool's arguments must be a JSON object."),
    # -- the planner's reasons (studio/core/placement/reasons.py) --
    "device_over_budget": _mark("Sentences", "{device} needs {needed} but may use {budget}."),
    "weights_kept_on_host": _mark(
        "Sentences",
        "{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.",
    ),
    "host_over_budget": _mark("Sentences", "System RAM needs {needed} but may use {budget}."),
    "nothing_fits": _mark(
        "Sentences",
        "Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.",
    ),
    "layers_exceed_model": _mark(
        "Sentences", "{requested} layers were asked for; the model has {maximum}."
    ),
    "device_unknown": _mark("Sentences", "A remembered device is not present any more ({key})."),
    "dense_model_has_no_experts": _mark(
        "Sentences", "This model is dense: it has no experts to keep on the CPU."
    ),
    "n_cpu_moe_clamped": _mark(
        "Sentences", "Experts on the CPU reduced from {requested} to {maximum} layers."
    ),
    "tensor_parallel_needs_two_devices": _mark(
        "Sentences", "Tensor parallelism needs two or more devices."
    ),
    "tensor_parallel_needs_flash_attn": _mark(
        "Sentences", "Tensor parallelism needs flash attention on."
    ),
    "tensor_parallel_needs_unquantized_kv": _mark(
        "Sentences", "Tensor parallelism needs an unquantized KV cache (not {cache_type})."
    ),
    "tensor_parallel_unsupported_architecture": _mark(
        "Sentences", "Tensor parallelism does not support the {architecture} architecture."
    ),
    "tensor_parallel_unsupported_by_engine": _mark(
        "Sentences", "This llama-server build has no tensor split mode."
    ),
    "tensor_parallel_excludes_cpu_moe": _mark(
        "Sentences",
        "Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.",
    ),
    "tensor_parallel_needs_full_offload": _mark(
        "Sentences",
        "Tensor parallelism needs the whole model on the GPUs, which does not fit: layer "
        "split is used.",
    ),
    "quantized_v_needs_flash_attn": _mark(
        "Sentences", "A quantized V cache needs flash attention on."
    ),
    "cache_type_unsupported": _mark(
        "Sentences", "This llama-server build has no {cache_type} KV cache."
    ),
    "mtp_not_in_model": _mark("Sentences", "The model has no MTP layers for speculative decoding."),
    "mtp_tensors_missing": _mark(
        "Sentences",
        "The model declares MTP layers but their tensors are missing (layers {layers}): "
        "the conversion dropped them.",
    ),
    "mtp_unsupported_by_engine": _mark(
        "Sentences", "This llama-server build has no MTP speculative decoding."
    ),
    "mtp_and_draft_model_together": _mark(
        "Sentences", "MTP and a draft model cannot be used together."
    ),
    "ctx_too_small": _mark("Sentences", "A context of {requested} is below the minimum {minimum}."),
    "ctx_above_training": _mark(
        "Sentences",
        "A context of {requested} is above the {trained} the model was trained for.",
    ),
    "ctx_rounded": _mark("Sentences", "Context rounded from {requested} to {planned}."),
    "ctx_reduced_to_fit": _mark("Sentences", "Context reduced from {trained} to {planned} to fit."),
    "environment_variable_honoured": _mark(
        "Sentences", "{variable}={value} from the environment is used."
    ),
    "environment_variable_ignored": _mark(
        "Sentences",
        "{variable}={value} from the environment is ignored (cleared for the engine).",
    ),
    "gpu_not_usable_by_engine": _mark(
        "Sentences", "{device} cannot be used by this engine ({why})."
    ),
    # -- why a load-dialog control is not offered (placement Limits) --
    "flash_attn_unsupported_by_engine": _mark(
        "Sentences", "This llama-server build has no flash attention switch."
    ),
    "cache_type_fixed_by_engine": _mark(
        "Sentences", "This llama-server build cannot change the KV cache type."
    ),
    "draft_unsupported_by_engine": _mark(
        "Sentences", "This llama-server build has no draft-model speculative decoding."
    ),
    "mmproj_not_found": _mark("Sentences", "No mmproj file was found beside the model."),
    "mmproj_unsupported_by_engine": _mark(
        "Sentences", "This llama-server build cannot load a projector."
    ),
    "tensor_parallel_keeps_experts_on_gpus": _mark(
        "Sentences", "Tensor parallelism keeps every expert on the GPUs."
    ),
    "tensor_parallel_splits_every_layer": _mark(
        "Sentences", "Tensor parallelism splits every layer over the devices."
    ),
}

# code -> the sentence used when a parameter of the `CODES` one is missing (a failure the
# engine's log names without the file it concerns, say).
SHORT: Mapping[str, str] = {
    "engine_not_executable": _mark(
        "Sentences", "The llama-server engine cannot be run ({path}): it is not an executable file."
    ),
    "download_disk_full": _mark("Sentences", "The disk is full: {path} could not be written."),
    "chat_store_write_failed": _mark(
        "Sentences",
        "The conversation could not be saved, so this answer stopped where it was last saved.",
    ),
    "model_missing": _mark("Sentences", "The model file does not exist."),
    "bench_export_failed": _mark("Sentences", "The benchmark could not be written to {path}."),
    "model_invalid": _mark(
        "Sentences", "The file is not a valid GGUF model (truncated or corrupt)."
    ),
    "exited": _mark("Sentences", "The engine exited before it said why."),
    "chat_context_exceeded": _mark(
        "Sentences",
        "This conversation no longer fits the model's context. Start a new conversation, "
        "let the chat drop the oldest messages (Inspector > Context), or load the model "
        "with a larger context.",
    ),
}

# code -> sentences tried in order when the code's own sentence lacks a parameter: the
# first whose parameters are all given is said (before the short sentence). An engine
# ended by a signal has no exit code: the signal is what is known.
ALTERNATIVES: Mapping[str, tuple[str, ...]] = {
    "exited": (_mark("Sentences", "The engine was stopped by a signal ({signal})."),),
}

# code -> (the parameter that holds the count, the sentence with `%n` and plural forms).
COUNTED: Mapping[str, tuple[str, str]] = {
    "layers_spilled_to_host": (
        "layers",
        _mark("Sentences", "%n layer(s) run on the CPU to fit.", "", 1),
    ),
    "experts_spilled_to_host": (
        "layers",
        _mark("Sentences", "The experts of %n layer(s) stay on the CPU to fit.", "", 1),
    ),
    "chat_messages_left_out": (
        "count",
        _mark(
            "Sentences",
            "%n message(s) of this conversation could not be read and are left out; the "
            "rest is shown.",
            "",
            1,
        ),
    ),
    "presets_left_out": (
        "count",
        _mark(
            "Sentences",
            "%n preset(s) in your presets file could not be used and are left out.",
            "",
            1,
        ),
    ),
    "chat_context_trimmed": (
        "dropped",
        _mark(
            "Sentences",
            "The %n oldest message(s) were left out of this request so that it fits the "
            "model's context.",
            "",
            1,
        ),
    ),
}

FALLBACK = _mark("Sentences", "Something went wrong ({code}).")

# Why a download is retrying (a clause: it fills `{reason}` of a sentence).
RETRY_REASONS: Mapping[RetryReason, str] = {
    RetryReason.STALLED: _mark("Sentences", "no data for a while"),
    RetryReason.CONNECTION_DROPPED: _mark("Sentences", "the connection dropped"),
    RetryReason.CANNOT_CONNECT: _mark("Sentences", "cannot connect"),
    RetryReason.CHECKSUM_MISMATCH: _mark("Sentences", "the bytes did not match the checksum"),
    RetryReason.RANGE_NOT_SATISFIABLE: _mark("Sentences", "the server refused to resume"),
    RetryReason.TOO_MANY_BYTES: _mark("Sentences", "the server sent too much"),
    RetryReason.HTTP_STATUS: _mark("Sentences", "server error {status}"),
}

# What the recovery ladder did before the engine started (a clause without a full stop).
RECOVERY_STEPS: Mapping[RecoveryStep, str] = {
    RecoveryStep.NEW_PORT: _mark("Sentences", "Retried on another port"),
    RecoveryStep.FLASH_ATTN_OFF: _mark("Sentences", "Retried with flash attention off"),
    RecoveryStep.PROJECTOR_ON_CPU: _mark(
        "Sentences", "Retried with the vision projector on the CPU"
    ),
    RecoveryStep.TEXT_ONLY: _mark("Sentences", "Retried without the vision projector"),
    RecoveryStep.SPECULATIVE_OFF: _mark("Sentences", "Retried without speculative decoding"),
    RecoveryStep.LAYER_SPLIT: _mark(
        "Sentences", "Retried with layer split instead of tensor parallel"
    ),
    RecoveryStep.SMALLER_PLAN: _mark("Sentences", "Retried with a smaller plan"),
    RecoveryStep.SMALLER_CONTEXT: _mark(
        "Sentences", "Retried with a context of {ctx} (it goes no lower than {floor})"
    ),
    RecoveryStep.QUANTIZED_KV: _mark("Sentences", "Retried with a {cache_type} KV cache"),
    RecoveryStep.EXPERTS_TO_CPU: _mark(
        "Sentences", "Retried with the experts of {layers} layers on the CPU"
    ),
    RecoveryStep.FEWER_LAYERS: _mark("Sentences", "Retried with {layers} layers left on {device}"),
}
RECOVERED_AFTER = _mark("Sentences", "{step}, after: {cause}")

# Whether an engine runs on this CPU (the Settings list, `studio engine list`); an engine
# that cannot run says its error's or self-test's code instead.
VERDICT_UNTESTED = _mark("Sentences", "Not tested (an engine before it runs)")
VERDICT_RUNS = _mark("Sentences", "Runs on this CPU")
VERDICT_BUILT_FOR = _mark(
    "Sentences", "Cannot run here: built for {built_for}; this CPU has {cpu}."
)

# What the engine is doing (the Server page, the status bar).
SERVER_STATES: Mapping[ServerState, str] = {
    ServerState.IDLE: _mark("Sentences", "No model loaded"),
    ServerState.STARTING: _mark("Sentences", "Loading"),
    ServerState.READY: _mark("Sentences", "Ready"),
    ServerState.CRASHED: _mark("Sentences", "Crashed"),
    ServerState.RESPAWNING: _mark("Sentences", "Restarting after a crash"),
    ServerState.STOPPING: _mark("Sentences", "Stopping"),
    ServerState.FAILED: _mark("Sentences", "Failed"),
}
# How far a starting engine has come (a clause that follows its state).
START_PHASES: Mapping[StartPhase, str] = {
    StartPhase.SPAWNED: _mark("Sentences", "starting the engine"),
    StartPhase.LOADING_MODEL: _mark("Sentences", "loading the weights"),
    StartPhase.CREATING_CONTEXT: _mark("Sentences", "creating the context"),
    StartPhase.WARMING_UP: _mark("Sentences", "warming up"),
    StartPhase.LOADED: _mark("Sentences", "loaded"),
}
STATE_AND_PHASE = _mark("Sentences", "{state}: {phase}")
STATE_AND_REASON = _mark("Sentences", "{state}: {reason}")

# What happened to the engine (the chat's status line and its conversation): `{model}` is
# the model's label, `{reason}` why it failed, `{step}` the recovery step taken.
ENGINE_EVENTS: Mapping[EngineEvent, str] = {
    EngineEvent.LOADING: _mark("Sentences", "Loading {model}…"),
    EngineEvent.READY: _mark("Sentences", "{model} is ready."),
    EngineEvent.CRASHED: _mark("Sentences", "The engine stopped unexpectedly; restarting it…"),
    EngineEvent.RECOVERED: _mark(
        "Sentences", "The engine crashed and was restarted; {model} is ready again."
    ),
    EngineEvent.RECOVERY_STEP: _mark("Sentences", "{model} could not start as planned. {step}."),
    EngineEvent.FAILED: _mark("Sentences", "{model} could not be loaded: {reason}"),
    EngineEvent.UNLOADED: _mark("Sentences", "{model} was unloaded."),
    EngineEvent.PREVIOUS_LOAD_CRASHED: _mark(
        "Sentences",
        "{model} was not loaded automatically: the app closed unexpectedly while "
        "loading it last time. Load it again from the Library when you are ready.",
    ),
    EngineEvent.LAST_MODEL_MISSING: _mark(
        "Sentences", "The last model, {model}, was not loaded automatically: its file is gone."
    ),
}
# `{model}` of an event that names no model.
UNNAMED_MODEL = _mark("Sentences", "The model")
