"""Fit before download: read only a remote file's header (HTTP Range) and say how the model
would run on this machine: fully on the GPU, partly on the CPU, on the CPU only, or not at
all, with the largest context that fits.

Reading is here; judging is a function given by the caller (the placement planner's
auto-fit in the app), so this module stays independent of how plans are made.
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from studio.core.errors import StudioError
from studio.core.gguf import read_remote_model
from studio.core.hub.client import HubClient
from studio.core.hub.config import HubConfig
from studio.core.hub.repo import ModelFile, RepoDetails
from studio.core.memory import ModelSummary, summarize


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

    @property
    def needed_bytes(self) -> int:
        return self.gpu_bytes + self.host_bytes


# (summary, model file name) -> assessment. Pure and possibly slow: run in a thread.
Judge = Callable[[ModelSummary, str], FitAssessment]


async def read_remote_summary(config: HubConfig, url: str) -> ModelSummary:
    """The model summary from the header(s) at `url`; every shard of a split model is read
    (headers only), with the token's auth header when there is one."""
    async with config.async_client(headers=config.headers()) as client:
        model = await read_remote_model(client, url)
    return summarize(model)


def unknown(error: StudioError) -> FitAssessment:
    return FitAssessment(FitKind.UNKNOWN, problem=error.code)


def remote_assessor(
    client: HubClient, judge: Judge
) -> Callable[[RepoDetails, ModelFile], Awaitable[FitAssessment]]:
    """An assessor for `HubService`: header over HTTP, then `judge` in a worker thread."""

    async def assess(details: RepoDetails, model: ModelFile) -> FitAssessment:
        url = client.file_url(details.repo_id, details.revision, model.first.path)
        try:
            summary = await read_remote_summary(client.config, url)
            return await asyncio.to_thread(judge, summary, model.name)
        except StudioError as error:
            return unknown(error)

    return assess
