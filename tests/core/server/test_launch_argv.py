"""`to_argv` writes every knob exactly as it did before the knobs became one table: the
expected command lines were recorded from the hand-written `to_argv`, so a change to the
table that moves a byte of what the engine receives fails here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from studio.core.devices import SplitMode
from studio.core.engine_knobs import FlashAttn
from studio.core.server.launch import LaunchSpec, to_argv

BINARY = Path("/e/llama-server")
MODEL = Path("/models/m.gguf")
HEAD = [str(BINARY), "-m", str(MODEL), "--host", "127.0.0.1", "--port", "8080"]

SPREAD = [
    pytest.param(dict(), ["--api-key-file", "/k/key", "-np", "1", "--no-mmproj"], id="minimal"),
    pytest.param(dict(parallel=None), ["--no-mmproj"], id="no_parallel"),
    pytest.param(dict(ctx_size=0), ["-c", "0", "-np", "1", "--no-mmproj"], id="ctx_zero"),
    pytest.param(
        dict(kv_unified=False, fit=True, n_gpu_layers="auto"),
        ["-np", "1", "-no-kvu", "-fit", "on", "-ngl", "auto", "--no-mmproj"],
        id="kvu_off_fit_on",
    ),
    pytest.param(
        dict(kv_unified=True, fit=False, n_gpu_layers=0),
        ["-np", "1", "-kvu", "-fit", "off", "-ngl", "0", "--no-mmproj"],
        id="kvu_on_fit_off",
    ),
    pytest.param(
        dict(flash_attn=FlashAttn.AUTO, cache_type_k="q4_0", cache_type_v="q5_1"),
        ["-np", "1", "-ctk", "q4_0", "-ctv", "q5_1", "-fa", "auto", "--no-mmproj"],
        id="fa_auto",
    ),
    pytest.param(
        dict(flash_attn=FlashAttn.OFF), ["-np", "1", "-fa", "off", "--no-mmproj"], id="fa_off"
    ),
    pytest.param(
        dict(
            split_mode=SplitMode.TENSOR,
            tensor_split=(1.0, 1.0),
            devices=("CUDA0", "CUDA1"),
            main_gpu=1,
        ),
        [
            "-np",
            "1",
            "-sm",
            "tensor",
            "-ts",
            "1,1",
            "-mg",
            "1",
            "-dev",
            "CUDA0,CUDA1",
            "--no-mmproj",
        ],
        id="tensor",
    ),
    pytest.param(
        dict(split_mode=SplitMode.ROW, tensor_split=(0.25, 3.0, 1e-05, 123456789.0)),
        ["-np", "1", "-sm", "row", "-ts", "0.25,3,1e-05,1.23457e+08", "--no-mmproj"],
        id="row_shares",
    ),
    pytest.param(
        dict(split_mode=SplitMode.NONE, devices=("none",), n_gpu_layers=0),
        ["-np", "1", "-ngl", "0", "-sm", "none", "-dev", "none", "--no-mmproj"],
        id="none_cpu",
    ),
    pytest.param(
        dict(rpc_servers=("10.0.0.2:50052", "[::1]:50053"), n_cpu_moe=0),
        ["-np", "1", "-ncmoe", "0", "--rpc", "10.0.0.2:50052,[::1]:50053", "--no-mmproj"],
        id="rpc_only",
    ),
    pytest.param(
        dict(mmproj=Path("/p/mm.gguf")), ["-np", "1", "--mmproj", "/p/mm.gguf"], id="mmproj_on"
    ),
    pytest.param(
        dict(mmproj=Path("/p/mm.gguf"), mmproj_offload=False),
        ["-np", "1", "--mmproj", "/p/mm.gguf", "--no-mmproj-offload"],
        id="mmproj_off_offload",
    ),
    pytest.param(
        dict(mmproj_offload=False), ["-np", "1", "--no-mmproj"], id="no_mmproj_offload_false"
    ),
    pytest.param(
        dict(spec_type="draft-mtp", draft_n_max=3),
        ["-np", "1", "--no-mmproj", "--spec-type", "draft-mtp", "--spec-draft-n-max", "3"],
        id="mtp",
    ),
    pytest.param(
        dict(
            draft_model=Path("/d/draft.gguf"),
            draft_n_max=5,
            draft_gpu_layers=0,
            spec_type="ngram-mod",
        ),
        [
            "-np",
            "1",
            "--no-mmproj",
            "--spec-type",
            "ngram-mod",
            "--spec-draft-model",
            "/d/draft.gguf",
            "--spec-draft-n-max",
            "5",
            "--spec-draft-ngl",
            "0",
        ],
        id="draft",
    ),
    pytest.param(
        dict(cache_ram_mib=0, threads=1),
        ["-np", "1", "--no-mmproj", "--cache-ram", "0", "-t", "1"],
        id="cache_ram",
    ),
    pytest.param(
        dict(cache_ram_mib=8192, threads=512),
        ["-np", "1", "--no-mmproj", "--cache-ram", "8192", "-t", "512"],
        id="cache_ram_big",
    ),
    pytest.param(dict(jinja=False), ["-np", "1", "--no-mmproj", "--no-jinja"], id="jinja_off"),
    pytest.param(dict(jinja=True), ["-np", "1", "--no-mmproj", "--jinja"], id="jinja_on"),
    pytest.param(
        dict(embeddings=True, pooling="mean"),
        ["-np", "1", "--no-mmproj", "--embeddings", "--pooling", "mean"],
        id="embeddings",
    ),
    pytest.param(
        dict(pooling="none"), ["-np", "1", "--no-mmproj", "--pooling", "none"], id="pooling_only"
    ),
    pytest.param(
        dict(alias="pub", extra_args=("--top-k", "20", "--seed=3"), label="x"),
        ["-np", "1", "--no-mmproj", "--top-k", "20", "--seed=3"],
        id="alias_extra",
    ),
    pytest.param(
        dict(batch=4096, ubatch=1024, ctx_size=131072),
        ["-c", "131072", "-np", "1", "-b", "4096", "-ub", "1024", "--no-mmproj"],
        id="batch",
    ),
    pytest.param(
        dict(
            ctx_size=4096,
            parallel=2,
            kv_unified=True,
            cache_type_k="q8_0",
            cache_type_v="q8_0",
            flash_attn=FlashAttn.ON,
            batch=1024,
            ubatch=256,
            n_gpu_layers=30,
            split_mode=SplitMode.LAYER,
            tensor_split=(3.0, 1.5),
            main_gpu=0,
            n_cpu_moe=4,
            fit=False,
            devices=("Vulkan0", "Vulkan1"),
            rpc_servers=("10.0.0.2:50052",),
            mmproj=Path("/models/mmproj.gguf"),
            mmproj_offload=False,
            spec_type="draft-simple",
            draft_model=Path("/models/draft.gguf"),
            draft_n_max=8,
            draft_gpu_layers=99,
            cache_ram_mib=2048,
            threads=6,
            alias="my-model",
            jinja=True,
            embeddings=True,
            pooling="last",
            extra_args=("--top-k", "20"),
        ),
        [
            "-c",
            "4096",
            "-np",
            "2",
            "-kvu",
            "-ctk",
            "q8_0",
            "-ctv",
            "q8_0",
            "-fa",
            "on",
            "-b",
            "1024",
            "-ub",
            "256",
            "-fit",
            "off",
            "-ngl",
            "30",
            "-sm",
            "layer",
            "-ts",
            "3,1.5",
            "-mg",
            "0",
            "-ncmoe",
            "4",
            "--rpc",
            "10.0.0.2:50052",
            "-dev",
            "Vulkan0,Vulkan1",
            "--mmproj",
            "/models/mmproj.gguf",
            "--no-mmproj-offload",
            "--spec-type",
            "draft-simple",
            "--spec-draft-model",
            "/models/draft.gguf",
            "--spec-draft-n-max",
            "8",
            "--spec-draft-ngl",
            "99",
            "--cache-ram",
            "2048",
            "-t",
            "6",
            "--jinja",
            "--embeddings",
            "--pooling",
            "last",
            "--top-k",
            "20",
        ],
        id="everything",
    ),
]


@pytest.mark.parametrize(("knobs", "expected"), SPREAD)
def test_the_engine_receives_the_recorded_arguments(
    knobs: dict[str, Any], expected: list[str]
) -> None:
    spec = LaunchSpec(model=MODEL, **knobs)
    key_file = Path("/k/key") if not knobs else None
    alias = spec.alias or MODEL.stem
    head = [*HEAD, "--alias", alias, "--no-webui"]
    assert to_argv(spec, BINARY, 8080, key_file) == [*head, *expected]
