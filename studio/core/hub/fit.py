"""Fit before download: read only a remote file's header (HTTP Range) and say how the model
would run on this machine: fully on the GPU, partly on the CPU, on the CPU only, or not at
all, with the largest context that fits.

Reading is here; judging is a function given by the caller (the placement planner's
auto-fit in the app), so this module stays independent of how plans are made.
"""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from studio.core.errors import StudioError
from studio.core.gguf import read_remote_model
from studio.core.hub.client import HubClient
from studio.core.hub.config import HubConfig
from studio.core.hub.repo import ModelFile, RepoDetails
from studio.core.memory import ModelSummary, summarize
from studio.core.placement import PlanRequest

if TYPE_CHECKING:
    from studio.core.placement.setup import ModelSetup

log = logging.getLogger(__name__)

# The planner or estimator failed on a header that did parse (a bug or an unknown layout).
FIT_FAILED = "fit_failed"


class FitKind(enum.Enum):
    FULL_GPU = "full_gpu"  # every layer and the KV cache on GPUs
    PARTIAL = "partial"  # some layers (or experts) stay in host RAM
    CPU_ONLY = "cpu_only"  # no usable GPU: everything in host RAM
    NO_FIT = "no_fit"  # not even the smallest context fits
    UNKNOWN = "unknown"  # the header could not be read or judged


@dataclass(frozen=True)
class FitAssessment:
    kind: FitKind
    max_context: int = 0  # the largest context that fits (0 when it does not)
    trained_context: int = 0
    gpu_layers: int = 0  # positions on GPUs, the output layer counting as one
    total_layers: int = 0
    gpu_bytes: int = 0  # predicted on all GPUs together at max_context
    host_bytes: int = 0  # predicted in host RAM at max_context
    parameters: int = 0
    architecture: str = ""
    problem: str = ""  # an error code when kind is UNKNOWN
    problem_params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


# (summary, model file name) -> assessment. Pure and possibly slow: run in a thread.
Judge = Callable[[ModelSummary, str], FitAssessment]


def read_remote_summary(config: HubConfig, url: str) -> ModelSummary:
    """The model summary from the header(s) at `url`; every shard of a split model is read
    (headers only), with the token's auth header when there is one.

    Blocking: parsing a big vocabulary takes a second or more of CPU, so this runs the
    ranged reads on a private event loop in whatever worker thread calls it.
    """

    async def read() -> ModelSummary:
        async with config.async_client(headers=config.headers()) as client:
            model = await read_remote_model(client, url)
        return summarize(model)

    return asyncio.run(read())


def plan_fit(setup: ModelSetup) -> FitAssessment:
    """The planner's auto-fit (largest context, layers where they fit) of a model prepared
    as every front end prepares one (`Machine.prepare`), turned into a badge.

    Full GPU means every position (all layers and the output layer) on GPUs with no
    experts left in RAM; anything less that still fits is partial; no usable GPU is CPU only.
    """
    # The defaults, not the shell's LLAMA_ARG_*: the badge says the most that fits here.
    plan = setup.planner.plan(PlanRequest())
    summary = setup.summary
    gpu_layers = sum(device.layers for device in plan.devices)
    verdict = FitAssessment(
        FitKind.NO_FIT,
        trained_context=summary.context_length,
        gpu_layers=gpu_layers,
        total_layers=plan.limits.positions,
        gpu_bytes=sum(device.predicted.total for device in plan.devices),
        host_bytes=plan.host.predicted.total,
        parameters=summary.parameter_count,
        architecture=summary.architecture,
    )
    if not plan.fits:
        return verdict
    if gpu_layers == 0:
        kind = FitKind.CPU_ONLY
    elif gpu_layers >= plan.limits.positions and plan.n_cpu_moe == 0:
        kind = FitKind.FULL_GPU
    else:
        kind = FitKind.PARTIAL
    return replace(verdict, kind=kind, max_context=plan.ctx)


def unknown(error: StudioError) -> FitAssessment:
    return FitAssessment(FitKind.UNKNOWN, problem=error.code, problem_params=error.params)


def remote_assessor(
    client: HubClient, judge: Judge, summaries: dict[str, ModelSummary] | None = None
) -> Callable[[RepoDetails, ModelFile], Awaitable[FitAssessment]]:
    """An assessor for `HubService`: the header over HTTP in a worker thread, then `judge`.

    URLs name a commit, so a header read once stays valid: `summaries` keeps them (give a
    shared dict to reuse them across assessors, e.g. after the devices change).
    """
    known = summaries if summaries is not None else {}

    def summary_then_verdict(url: str, name: str) -> FitAssessment:
        if url not in known:
            known[url] = read_remote_summary(client.config, url)
        return judge(known[url], name)

    async def assess(details: RepoDetails, model: ModelFile) -> FitAssessment:
        url = client.file_url(details.repo_id, details.revision, model.first.path)
        try:
            return await asyncio.to_thread(summary_then_verdict, url, model.name)
        except StudioError as error:
            return unknown(error)
        except Exception:
            # A header the estimator or planner chokes on must not leave the other quants
            # unjudged: this row says "unknown", the log says why.
            log.exception("fit of %s failed", url)
            return FitAssessment(FitKind.UNKNOWN, problem=FIT_FAILED)

    return assess
