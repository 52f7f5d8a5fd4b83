"""LLAMA_ARG_* variables: honoured in the plan or cleared from the child, never silent."""

from __future__ import annotations

from studio.core.placement import (
    PlanRequest,
    ReasonCode,
    Setting,
    Severity,
    SplitMode,
    child_environment,
    request_from_environment,
)


def test_memory_settings_in_the_environment_become_request_defaults() -> None:
    environ = {
        "LLAMA_ARG_CTX_SIZE": "16384",
        "LLAMA_ARG_N_PARALLEL": "2",
        "LLAMA_ARG_CACHE_TYPE_K": "Q8_0",
        "LLAMA_ARG_CACHE_TYPE_V": "q8_0",
        "LLAMA_ARG_FLASH_ATTN": "auto",
        "LLAMA_ARG_UBATCH": "256",
        "LLAMA_ARG_KV_UNIFIED": "enabled",
        "LLAMA_ARG_N_CPU_MOE": "4",
        "LLAMA_ARG_SPLIT_MODE": "tensor",
        "PATH": "/usr/bin",
    }
    request, reasons = request_from_environment(environ)
    assert request == PlanRequest(
        ctx=16384,
        parallel=2,
        cache_type_k="q8_0",
        cache_type_v="q8_0",
        flash_attn=True,
        ubatch=256,
        kv_unified=True,
        n_cpu_moe=4,
        split_mode=SplitMode.TENSOR,
    )
    assert {r.code for r in reasons} == {ReasonCode.ENV_HONOURED}
    assert all(r.severity is Severity.INFO for r in reasons) and len(reasons) == 9
    ctx = next(r for r in reasons if r.params["variable"] == "LLAMA_ARG_CTX_SIZE")
    assert ctx.setting is Setting.CTX and ctx.params["value"] == "16384"


def test_an_explicit_base_keeps_what_the_environment_does_not_name() -> None:
    base = PlanRequest(parallel=3, cache_type_k="q4_0")
    request, _ = request_from_environment({"LLAMA_ARG_CTX_SIZE": "0"}, base)
    assert request.ctx is None and request.parallel == 3 and request.cache_type_k == "q4_0"


def test_variables_the_plan_cannot_model_or_read_are_reported_as_ignored() -> None:
    environ = {
        "LLAMA_ARG_CACHE_RAM": "0",
        "LLAMA_ARG_OVERRIDE_TENSOR": "exps=CPU",
        "LLAMA_ARG_N_PARALLEL": "many",
        "LLAMA_ARG_FLASH_ATTN": "sometimes",
    }
    request, reasons = request_from_environment(environ)
    assert request == PlanRequest()
    ignored = {r.params["variable"]: r for r in reasons}
    assert set(ignored) == set(environ)
    assert all(r.code is ReasonCode.ENV_IGNORED for r in reasons)
    assert ignored["LLAMA_ARG_N_PARALLEL"].setting is Setting.PARALLEL
    assert ignored["LLAMA_ARG_CACHE_RAM"].setting is Setting.ENVIRONMENT


def test_the_child_sees_no_llama_arg_variable_and_pci_ordered_cuda() -> None:
    environ = {
        "LLAMA_ARG_N_GPU_LAYERS": "99",
        "LLAMA_ARG_FIT": "on",
        "LLAMA_API_KEY": "kept: not an argument variable",
        "CUDA_DEVICE_ORDER": "FASTEST_FIRST",
        "CUDA_VISIBLE_DEVICES": "1,0",
        "HOME": "/home/me",
    }
    child = child_environment(environ)
    assert not any(k.startswith("LLAMA_ARG_") for k in child)
    assert child["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
    assert child["CUDA_VISIBLE_DEVICES"] == "1,0" and child["HOME"] == "/home/me"
    assert child["LLAMA_API_KEY"] == environ["LLAMA_API_KEY"]
    assert environ["LLAMA_ARG_FIT"] == "on"  # the parent's mapping is untouched
