"""The engine's knobs, each written once: the table every mapping of a llama-server
setting is derived from, in the spirit of llama.cpp's own list of arguments (common/arg.cpp).

A knob is a field of `EngineKnobs`, the launch's side: its type and default (None: the
engine's), the flag `to_argv` writes, the `serve`/`run` option, whether it changes what
the engine allocates. A knob the planner models is a field of `RequestKnobs` too, the
plan's side (a field of `PlanRequest`): its type and default (Studio's), the `fit` and
`estimate` option, the LLAMA_ARG_* variable read into a plan, the remembered key, the
load-dialog control a reason points at, and how a plan copies it into `EstimateSettings`
and `LaunchSpec` (and reads a launch's value back). The two sides differ where the plan
decides what the engine only defaults: flash attention is on or off in a plan, on, off or
auto for the engine.

Derived from these fields and nowhere else written again: `to_argv`'s knob arguments
(`knob_arguments`), the LLAMA_ARG_* settings a plan honours (`placement/environment.py`),
the remembered keys (`placement/remembered.py`), a plan's copies into the estimate and the
launch (`estimate_copies`, `launch_copies`), what `serve --plan` asks of a plan and keeps
beside it (`asked_of_plan`, `kept_beside_plan`) and the command-line options of `fit`,
`estimate`, `serve` and `run` (`studio/cli/knob_options.py`).

A new knob: a field here (on both sides when the planner models it), the estimator when
it changes memory (`studio/core/memory/`), the load dialog when it has a control.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum, StrEnum
from pathlib import Path
from typing import Any

from studio.core.devices import PLANNED_SPLIT_MODES, SplitMode
from studio.core.memory.settings import KV_CACHE_TYPES
from studio.core.units import MIB

# Past these a value is damage, not a choice: llama.cpp reads counts as int32 and has at
# most 512 layers; no machine serves hundreds of parallel slots.
INT32_MAX = 2**31 - 1
MAX_LAYERS = 4096
MAX_PARALLEL = 256


class FlashAttn(StrEnum):
    """llama-server's `--flash-attn`."""

    ON = "on"
    OFF = "off"
    AUTO = "auto"

    @classmethod
    def of(cls, on: bool) -> FlashAttn:
        return cls.ON if on else cls.OFF

    def decided(self) -> bool | None:
        """On or off as a plan takes it; None for auto, which a plan decides itself."""
        return None if self is FlashAttn.AUTO else self is FlashAttn.ON


class Written(Enum):
    """How a knob's value follows its flag on llama-server's command line."""

    VALUE = "value"  # `flag value`
    SWITCH = "switch"  # `flag` when true, the off flag when false
    ON_OFF = "on_off"  # `flag on` or `flag off`
    LIST = "list"  # `flag a,b,c`


class Entry(StrEnum):
    """What a command-line option takes; `studio/cli/knob_options.py` gives each kind its
    parser from `studio/cli/inputs.py` and turns what it read into the knob's value."""

    CONTEXT = "context"  # tokens, 0: the model's own
    AUTO_CONTEXT = "auto_context"  # that, or `auto`
    COUNT = "count"  # 1 or more
    NON_NEGATIVE = "non_negative"  # 0 or more
    AUTO_COUNT = "auto_count"  # that, or `auto`
    AUTO_MIB = "auto_mib"  # `auto` or a size in MiB; the knob holds bytes
    THREADS = "threads"
    GPU_LAYERS = "gpu_layers"  # a count, `auto` or `all`
    SHARES = "shares"  # 3,1
    CACHE_TYPE = "cache_type"  # one of the KV cache types
    ON_OFF = "on_off"  # a bool
    ON_OFF_AUTO = "on_off_auto"  # a FlashAttn
    SPLIT_MODE = "split_mode"  # any SplitMode
    PLANNED_SPLIT_MODE = "planned_split_mode"  # one the planner places with
    NAMES = "names"  # DEV,DEV
    ENDPOINTS = "endpoints"  # HOST:PORT,HOST:PORT
    MODEL_FILE = "model_file"
    TEXT = "text"
    POOLING = "pooling"
    SWITCH = "switch"  # present or not


@dataclass(frozen=True)
class Option:
    """A `studio` command-line option: its names (the first long one names its value, as
    argparse does), what it takes, and the words `--help` shows."""

    names: tuple[str, ...]
    entry: Entry
    metavar: str | None = None
    help: str | None = None

    @property
    def dest(self) -> str:
        return self.names[0].removeprefix("--").replace("-", "_")


@dataclass(frozen=True)
class Knob:
    """The launch's side of a knob. `name` and `default` are its field's."""

    flag: str | None  # what llama-server is told; None for a switch only written when off
    written: Written = Written.VALUE
    off: str | None = None  # a switch's flag when false
    unset: str | None = None  # written when the knob is unset (None)
    needs: str | None = None  # written only beside this knob, when that one is set
    option: Option | None = None  # on `serve` and `run`; the field's default is its default
    memory: bool = False  # changes what the engine allocates: a plan decides it if unmodelled
    name: str = ""
    default: Any = None

    def arguments(self, value: Any) -> list[str]:
        """The tokens `to_argv` writes for `value`."""
        if value is None or value == ():
            return [self.unset] if self.unset is not None else []
        if self.written is Written.SWITCH:
            chosen = self.flag if value else self.off
            return [chosen] if chosen is not None else []
        flag = [self.flag] if self.flag is not None else []
        if self.written is Written.ON_OFF:
            return [*flag, "on" if value else "off"]
        if self.written is Written.LIST:
            return [*flag, ",".join(_text(item) for item in value)]
        return [*flag, _text(value)]


@dataclass(frozen=True)
class FromEnvironment:
    """A LLAMA_ARG_* variable a plan honours as its request's default."""

    variable: str  # LLAMA_ARG_<this>
    read: Callable[[str], Any]  # its text -> the value; ValueError for one a plan cannot use
    setting: str  # the load-dialog control (placement's `Setting`) its reason points at


@dataclass(frozen=True)
class Remembered:
    """A knob kept in the settings remembered per model (JSON)."""

    key: str
    usable: Callable[[object], bool]  # which remembered values a load can use
    decode: Callable[[Any], Any] | None = None  # the JSON value -> the knob's, where they differ

    def encode(self, value: object) -> object:
        return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True)
class PlannedKnob:
    """The plan's side of a knob. `name` and `default` are its `RequestKnobs` field's."""

    option: Option | None = None  # on `fit` and `estimate`; unset (None) keeps the plan's
    environment: FromEnvironment | None = None
    remembered: Remembered | None = None
    estimate: bool = False  # copied as it is into the `EstimateSettings` field of its name
    launch: str = ""  # the `EngineKnobs` field it becomes in a plan's launch
    to_launch: Callable[[Any], Any] | None = None  # converted on the way, where it must be
    # The launch's value back into the request's, where they differ (None: the plan decides).
    from_launch: Callable[[Any], Any] | None = None
    placed: bool = False  # the placement decides the launch's value: not copied
    name: str = ""
    default: Any = None


def _text(value: object) -> str:
    if isinstance(value, float):
        return f"{value:g}"  # `3.0` -> `3`, `0.25` -> `0.25`: the engine parses both
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _knob(flag: str | None, written: Written = Written.VALUE, **rest: Any) -> dict[type, Knob]:
    return {Knob: Knob(flag, written, **rest)}


def _planned(**rest: Any) -> dict[type, PlannedKnob]:
    return {PlannedKnob: PlannedKnob(**rest)}


# Readers of LLAMA_ARG_* text: a value, or ValueError for one a plan cannot use.
_TRUE = frozenset({"1", "true", "on", "enabled", "yes"})
_FALSE = frozenset({"0", "false", "off", "disabled", "no"})


def _boolean(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in _TRUE or lowered == "auto":  # flash-attn auto resolves to on (A6)
        return True
    if lowered in _FALSE:
        return False
    raise ValueError(text)


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise ValueError(text)
    return value


def _context(text: str) -> int | None:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value or None  # 0 = "the trained context", which auto-fit tries first


def _planned_split_mode(text: str) -> SplitMode:
    mode = SplitMode(text.strip().lower())
    if mode not in PLANNED_SPLIT_MODES:
        raise ValueError(text)
    return mode


def _cache_type(text: str) -> str:
    return text.strip().lower()


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise ValueError(text)
    return value


# What a remembered value must be for a load to use it.
def whole_in(low: int, high: int) -> Callable[[object], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def one_of(values: Iterable[object]) -> Callable[[object], bool]:
    allowed = frozenset(str(v) for v in values)
    return lambda v: isinstance(v, str) and v in allowed


def is_bool(value: object) -> bool:
    return isinstance(value, bool)


def _zero_unset(count: int | None) -> int | None:
    return count or None  # no expert on the host is the engine's default: not written


def _if_planned(mode: SplitMode) -> SplitMode | None:
    return mode if mode in PLANNED_SPLIT_MODES else None


def _bytes_of_mib(mib: int) -> int:
    return mib * MIB


@dataclass(frozen=True, kw_only=True)
class EngineKnobs:
    """The knobs of one llama-server launch, in the order `to_argv` writes them."""

    ctx_size: int | None = field(
        default=None,
        metadata=_knob("-c", memory=True, option=Option(("--ctx", "-c"), Entry.CONTEXT, "N")),
    )
    parallel: int | None = field(
        default=1,
        metadata=_knob("-np", memory=True, option=Option(("--parallel", "-np"), Entry.COUNT, "N")),
    )
    kv_unified: bool | None = field(
        default=None, metadata=_knob("-kvu", Written.SWITCH, off="-no-kvu", memory=True)
    )
    cache_type_k: str | None = field(
        default=None,
        metadata=_knob(
            "-ctk",
            memory=True,
            option=Option(("--cache-type-k", "-ctk"), Entry.CACHE_TYPE, "TYPE"),
        ),
    )
    cache_type_v: str | None = field(
        default=None,
        metadata=_knob(
            "-ctv",
            memory=True,
            option=Option(("--cache-type-v", "-ctv"), Entry.CACHE_TYPE, "TYPE"),
        ),
    )
    flash_attn: FlashAttn | None = field(
        default=None,
        metadata=_knob(
            "-fa",
            memory=True,
            option=Option(("--flash-attn", "-fa"), Entry.ON_OFF_AUTO, "on|off|auto"),
        ),
    )
    batch: int | None = field(default=None, metadata=_knob("-b", memory=True))
    ubatch: int | None = field(default=None, metadata=_knob("-ub", memory=True))
    fit: bool | None = field(default=None, metadata=_knob("-fit", Written.ON_OFF, memory=True))
    n_gpu_layers: int | str | None = field(  # a count, or "auto" / "all"
        default=None,
        metadata=_knob(
            "-ngl",
            memory=True,
            option=Option(("--gpu-layers", "-ngl"), Entry.GPU_LAYERS, "N|auto|all"),
        ),
    )
    split_mode: SplitMode | None = field(
        default=None,
        metadata=_knob(
            "-sm", memory=True, option=Option(("--split-mode", "-sm"), Entry.SPLIT_MODE)
        ),
    )
    tensor_split: tuple[float, ...] = field(
        default=(),
        metadata=_knob(
            "-ts",
            Written.LIST,
            memory=True,
            option=Option(("--tensor-split", "-ts"), Entry.SHARES, "A,B,..."),
        ),
    )
    main_gpu: int | None = field(default=None, metadata=_knob("-mg", memory=True))
    n_cpu_moe: int | None = field(
        default=None,
        metadata=_knob(
            "-ncmoe",
            memory=True,
            option=Option(("--n-cpu-moe", "-ncmoe"), Entry.NON_NEGATIVE, "N"),
        ),
    )
    # --rpc before --device: llama-server checks -dev names while parsing, and RPC devices
    # exist only once --rpc has been read ("invalid device: RPC0" otherwise).
    rpc_servers: tuple[str, ...] = field(  # "host:port"
        default=(),
        metadata=_knob(
            "--rpc",
            Written.LIST,
            memory=True,
            option=Option(("--rpc",), Entry.ENDPOINTS, "HOST:PORT,..."),
        ),
    )
    devices: tuple[str, ...] = field(  # ("none",) = CPU only
        default=(),
        metadata=_knob(
            "-dev",
            Written.LIST,
            memory=True,
            option=Option(("--device", "-dev"), Entry.NAMES, "DEV,..."),
        ),
    )
    # Unset, the engine is told so: it must never fetch or pick a projector we did not choose.
    mmproj: Path | None = field(
        default=None,
        metadata=_knob(
            "--mmproj",
            unset="--no-mmproj",
            memory=True,
            option=Option(("--mmproj",), Entry.MODEL_FILE, help="a multimodal projector"),
        ),
    )
    mmproj_offload: bool = field(
        default=True,
        metadata=_knob(
            None, Written.SWITCH, off="--no-mmproj-offload", needs="mmproj", memory=True
        ),
    )
    spec_type: str | None = field(  # "draft-mtp", "draft-simple", "ngram-mod", ...
        default=None,
        metadata=_knob(
            "--spec-type",
            memory=True,
            option=Option(("--spec-type",), Entry.TEXT, help="speculative decoding type"),
        ),
    )
    draft_model: Path | None = field(
        default=None,
        metadata=_knob(
            "--spec-draft-model",
            memory=True,
            option=Option(("--draft",), Entry.MODEL_FILE, help="a draft model (.gguf)"),
        ),
    )
    draft_n_max: int | None = field(default=None, metadata=_knob("--spec-draft-n-max", memory=True))
    draft_gpu_layers: int | None = field(
        default=None, metadata=_knob("--spec-draft-ngl", memory=True)
    )
    cache_ram_mib: int | None = field(  # the host prompt cache (0 off)
        default=None, metadata=_knob("--cache-ram", memory=True)
    )
    threads: int | None = field(
        default=None,
        metadata=_knob("-t", option=Option(("--threads", "-t"), Entry.THREADS, "N")),
    )
    jinja: bool | None = field(
        default=None, metadata=_knob("--jinja", Written.SWITCH, off="--no-jinja")
    )
    embeddings: bool = field(  # serve /v1/embeddings too (chat keeps working)
        default=False,
        metadata=_knob(
            "--embeddings",
            Written.SWITCH,
            option=Option(
                ("--embeddings",), Entry.SWITCH, help="serve /v1/embeddings too (chat still works)"
            ),
        ),
    )
    pooling: str | None = field(  # "mean", "cls", "last"...; a chat model's own is "none"
        default=None,
        metadata=_knob(
            "--pooling",
            option=Option(
                ("--pooling",),
                Entry.POOLING,
                help="embedding pooling (a chat model's own is none: give mean or last)",
            ),
        ),
    )


@dataclass(frozen=True, kw_only=True)
class RequestKnobs:
    """The knobs a plan models, as the user asks for them (`PlanRequest`'s). None means
    "let the planner choose" where a field takes it."""

    ctx: int | None = field(  # None: the largest context that fits (auto)
        default=None,
        metadata=_planned(
            option=Option(("--ctx", "-c"), Entry.AUTO_CONTEXT, "auto|N", "0 = trained"),
            environment=FromEnvironment("CTX_SIZE", _context, "ctx"),
            remembered=Remembered("ctx", whole_in(1, INT32_MAX)),
            launch="ctx_size",
        ),
    )
    parallel: int = field(
        default=1,
        metadata=_planned(
            option=Option(("--parallel", "-np"), Entry.COUNT, "N"),
            environment=FromEnvironment("N_PARALLEL", _positive, "parallel"),
            remembered=Remembered("parallel", whole_in(1, MAX_PARALLEL)),
            estimate=True,
            launch="parallel",
        ),
    )
    kv_unified: bool = field(
        default=False,
        metadata=_planned(
            option=Option(("--kv-unified", "-kvu"), Entry.SWITCH),
            environment=FromEnvironment("KV_UNIFIED", _boolean, "parallel"),
            remembered=Remembered("kv_unified", is_bool),
            estimate=True,
            launch="kv_unified",
        ),
    )
    cache_type_k: str = field(
        default="f16",
        metadata=_planned(
            option=Option(("--cache-type-k", "-ctk"), Entry.CACHE_TYPE, "TYPE"),
            environment=FromEnvironment("CACHE_TYPE_K", _cache_type, "cache_type_k"),
            remembered=Remembered("cache_type_k", one_of(KV_CACHE_TYPES)),
            estimate=True,
            launch="cache_type_k",
        ),
    )
    cache_type_v: str = field(
        default="f16",
        metadata=_planned(
            option=Option(("--cache-type-v", "-ctv"), Entry.CACHE_TYPE, "TYPE"),
            environment=FromEnvironment("CACHE_TYPE_V", _cache_type, "cache_type_v"),
            remembered=Remembered("cache_type_v", one_of(KV_CACHE_TYPES)),
            estimate=True,
            launch="cache_type_v",
        ),
    )
    flash_attn: bool = field(
        default=True,
        metadata=_planned(
            option=Option(("--flash-attn", "-fa"), Entry.ON_OFF, "on|off"),
            environment=FromEnvironment("FLASH_ATTN", _boolean, "flash_attn"),
            remembered=Remembered("flash_attn", is_bool),
            estimate=True,
            launch="flash_attn",
            to_launch=FlashAttn.of,
            from_launch=FlashAttn.decided,
        ),
    )
    ubatch: int = field(
        default=512,
        metadata=_planned(
            option=Option(("--ubatch", "-ub"), Entry.COUNT, "N"),
            environment=FromEnvironment("UBATCH", _positive, "ctx"),
            remembered=Remembered("ubatch", whole_in(1, INT32_MAX)),
            estimate=True,
            launch="ubatch",
        ),
    )
    batch: int = field(
        default=2048,
        metadata=_planned(
            option=Option(("--batch", "-b"), Entry.COUNT, "N"),
            environment=FromEnvironment("BATCH", _positive, "ctx"),
            remembered=Remembered("batch", whole_in(1, INT32_MAX)),
            estimate=True,
            launch="batch",
        ),
    )
    # The placement decides the launch's split mode (none without a device).
    split_mode: SplitMode = field(
        default=SplitMode.LAYER,
        metadata=_planned(
            option=Option(("--split-mode", "-sm"), Entry.PLANNED_SPLIT_MODE),
            environment=FromEnvironment("SPLIT_MODE", _planned_split_mode, "split_mode"),
            remembered=Remembered(
                "split_mode", one_of(m.value for m in PLANNED_SPLIT_MODES), SplitMode
            ),
            launch="split_mode",
            from_launch=_if_planned,
            placed=True,
        ),
    )
    # Expert tensors of the first N layers stay in host RAM. None: auto-fit chooses.
    n_cpu_moe: int | None = field(
        default=None,
        metadata=_planned(
            option=Option(("--n-cpu-moe", "-ncmoe"), Entry.AUTO_COUNT, "auto|N"),
            environment=FromEnvironment("N_CPU_MOE", _count, "n_cpu_moe"),
            remembered=Remembered("n_cpu_moe", whole_in(0, MAX_LAYERS)),
            launch="n_cpu_moe",
            to_launch=_zero_unset,
        ),
    )
    # The host prompt cache (--cache-ram) in bytes, 0 off; it counts in the host budget.
    # None: the planner's default (budget.default_prompt_cache), shrunk to what the host
    # has left when the model needs the rest. The launch gets what the budget holds (MiB).
    cache_ram: int | None = field(
        default=None,
        metadata=_planned(
            option=Option(
                ("--cache-ram", "-cram"),
                Entry.AUTO_MIB,
                "auto|MIB",
                "host prompt cache, counted in the host budget (auto: 1/16 of RAM, at most 8 GiB)",
            ),
            launch="cache_ram_mib",
            from_launch=_bytes_of_mib,
            placed=True,
        ),
    )


def _knobs(cls: type, kind: type[Any]) -> tuple[Any, ...]:
    return tuple(
        replace(f.metadata[kind], name=f.name, default=f.default)
        for f in fields(cls)
        if kind in f.metadata
    )


# Both tables, in their fields' order (the launch's is the command line's).
LAUNCH_KNOBS: tuple[Knob, ...] = _knobs(EngineKnobs, Knob)
PLANNED_KNOBS: tuple[PlannedKnob, ...] = _knobs(RequestKnobs, PlannedKnob)


def knob_arguments(knobs: EngineKnobs) -> list[str]:
    """The knobs' part of llama-server's command line."""
    argv: list[str] = []
    for knob in LAUNCH_KNOBS:
        if knob.needs is not None and getattr(knobs, knob.needs) is None:
            continue
        argv += knob.arguments(getattr(knobs, knob.name))
    return argv


def estimate_copies(request: RequestKnobs) -> dict[str, Any]:
    """The `EstimateSettings` fields a plan takes as they are from its request."""
    return {k.name: getattr(request, k.name) for k in PLANNED_KNOBS if k.estimate}


def launch_copies(request: RequestKnobs) -> dict[str, Any]:
    """The `LaunchSpec` fields a plan copies from its (resolved) request."""
    copies: dict[str, Any] = {}
    for knob in PLANNED_KNOBS:
        if not knob.placed:
            value = getattr(request, knob.name)
            copies[knob.launch] = knob.to_launch(value) if knob.to_launch else value
    return copies


def asked_of_plan(launch: Mapping[str, Any]) -> dict[str, Any]:
    """The `RequestKnobs` fields that launch values (`EngineKnobs` fields, as `studio serve`
    takes them) ask of a plan: `launch_copies` run backwards. A value no plan takes (flash
    attention auto, a row split) leaves the choice to the plan."""
    asked: dict[str, Any] = {}
    for knob in PLANNED_KNOBS:
        if knob.launch in launch:
            value = launch[knob.launch]
            value = knob.from_launch(value) if knob.from_launch else value
            if value is not None:
                asked[knob.name] = value
    return asked


class UnderPlan(Enum):
    """What a plan makes of a launch knob a command line gives it (`studio serve --plan`)."""

    ASKED = "asked"  # the plan models it: asked of the plan (`asked_of_plan`)
    # It changes memory and the plan does not model it (layers, devices, a projector): the
    # placement decides it, or the plan's prediction would not hold.
    PLACED = "placed"
    KEPT = "kept"  # it changes nothing a plan prices (threads, embeddings): launched as given


def under_plan(knob: Knob) -> UnderPlan:
    if any(planned.launch == knob.name for planned in PLANNED_KNOBS):
        return UnderPlan.ASKED
    return UnderPlan.PLACED if knob.memory else UnderPlan.KEPT


def kept_beside_plan(launch: Mapping[str, Any]) -> dict[str, Any]:
    """The launch values (`EngineKnobs` fields) a plan launches as they are."""
    return {
        knob.name: launch[knob.name]
        for knob in LAUNCH_KNOBS
        if knob.name in launch and under_plan(knob) is UnderPlan.KEPT
    }


def environment_knobs() -> Mapping[str, tuple[str, FromEnvironment]]:
    """LLAMA_ARG_ suffix -> the `RequestKnobs` field a plan reads from that variable."""
    return {k.environment.variable: (k.name, k.environment) for k in PLANNED_KNOBS if k.environment}
