"""Text to vectors, by an embedding model that llama-server runs with `--embeddings`.

`Embedder` is all the documents need. The app embeds through its residents
(`studio/core/residents/embedder.py`, `ResidentEmbedder`): the chat's own resident,
relaunched once with `--embeddings` and a pooling (`embedding_launch`; chat keeps working on
the same engine), or a dedicated embedding model loaded as a resident beside it, so no
model runs twice and every byte is in the residents' ledger. `PassageRoom` is what an
embedder tells of the passages it reads whole (a micro-batch), so they are cut to fit.

`ServerEmbedder` is one over a `ServerManager` of its own (the bench's stand-alone
measurement); the app never uses it.

A chat model can embed too (mean pooling of its hidden states): worse than a model made
for it, but one that is always there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Protocol, runtime_checkable

import httpx
import numpy as np

from studio.core.documents.errors import DocumentError
from studio.core.documents.search import Vectors, normalised
from studio.core.errors import StudioError
from studio.core.gguf.local import read_header
from studio.core.server.client import ServerError
from studio.core.server.launch import LaunchSpec
from studio.core.server.manager import ServerManager

EMBEDDINGS_PATH: Final = "/v1/embeddings"
# Texts per request: the engine embeds a request's inputs in one batch of slots.
BATCH: Final = 16
# Room for a passage (about 250 tokens) in one micro-batch: a non-causal pooling reads
# each input whole, so an input over the micro-batch is refused.
EMBEDDING_CONTEXT: Final = 2048


class Embedder(Protocol):
    @property
    def name(self) -> str:
        """Which model embeds: vectors of different models are never compared."""
        ...

    async def embed(self, texts: Sequence[str]) -> Vectors:
        """One unit-length float32 row per text, in order; `DocumentError`
        (`document_embedder_failed`) when the model cannot give them."""
        ...


@runtime_checkable
class PassageRoom(Protocol):
    async def too_long(self, texts: Sequence[str]) -> list[bool]:
        """For each text, whether the embedding model cannot read it whole (a pooled
        embedding reads its input in one micro-batch)."""
        ...


def embedding_launch(spec: LaunchSpec, *, own_pooling: bool = False) -> LaunchSpec:
    """`spec` that also embeds: `--embeddings`, and mean pooling unless the launch or the
    model file (`own_pooling`) names one. Only knobs no plan prices change, so a resident
    relaunched with it keeps its plan and bytes; given its own result it returns it."""
    pooling = spec.pooling or (None if own_pooling else "mean")
    return spec.with_changes(embeddings=True, pooling=pooling)


def names_own_pooling(model: Path) -> bool:
    """Whether the model file names its pooling (an embedding model's `<arch>.pooling_type`),
    which the engine then uses. Blocking; an unreadable header says no."""
    try:
        header = read_header(model, check_data=False)
    except (StudioError, OSError):
        return False
    arch = header.get("general.architecture")
    return isinstance(arch, str) and header.get(f"{arch}.pooling_type") is not None


def embedding_spec(spec: LaunchSpec) -> LaunchSpec:
    """`spec` launched to embed: `--embeddings`, mean pooling unless it names its own, a
    small context and one micro-batch that holds a whole passage."""
    return spec.with_changes(
        embeddings=True,
        pooling=spec.pooling or "mean",
        ctx_size=EMBEDDING_CONTEXT,
        batch=EMBEDDING_CONTEXT,
        ubatch=EMBEDDING_CONTEXT,
        parallel=1,
        alias=None,
        mmproj=None,
        draft_model=None,
        label=f"{spec.label or spec.model.stem} (embeddings)",
    )


async def post_embeddings(
    client: httpx.AsyncClient, texts: Sequence[str | Sequence[int]]
) -> Vectors:
    """The engine's vectors for `texts` (OpenAI's body and reply; a text may be given as
    its tokens), normalised."""
    rows: list[list[float]] = []
    for start in range(0, len(texts), BATCH):
        batch = [t if isinstance(t, str) else list(t) for t in texts[start : start + BATCH]]
        response = await client.post(EMBEDDINGS_PATH, json={"input": batch}, timeout=300.0)
        if response.status_code != 200:
            raise ServerError(response.status_code, response.text)
        data: list[dict[str, Any]] = sorted(
            response.json()["data"], key=lambda item: int(item["index"])
        )
        if len(data) != len(batch):
            raise ValueError(f"{len(batch)} texts, {len(data)} embeddings")
        rows.extend(item["embedding"] for item in data)
    if not rows:
        return np.zeros((0, 0), dtype=np.float32)
    return normalised(rows)


# What an engine's embedding request can end with: its manager's refusal, the HTTP
# exchange, or a reply that is not the OpenAI shape.
EMBEDDING_FAILURES = (StudioError, httpx.HTTPError, ServerError, ValueError, KeyError, TypeError)


def embedder_failed(error: Exception) -> DocumentError:
    """`error` (one of `EMBEDDING_FAILURES`) as the documents say it, in one sentence."""
    if isinstance(error, StudioError):
        return DocumentError("document_embedder_failed", str(error), reason=error.detail)
    return DocumentError(
        "document_embedder_failed",
        f"{type(error).__name__}: {error}",
        reason=str(error) or type(error).__name__,
    )


class ServerEmbedder:
    """Embeds with `spec` (made an embedding spec) on a manager of its own, loaded on
    first use and kept loaded until `close`."""

    def __init__(self, manager: ServerManager, spec: LaunchSpec) -> None:
        self._manager = manager
        self.spec = embedding_spec(spec)
        self._loading = asyncio.Lock()

    @property
    def name(self) -> str:
        return self.spec.model.name

    async def embed(self, texts: Sequence[str]) -> Vectors:
        try:
            await self._ready()
            process = self._manager.current_process()
            if process is None:
                raise httpx.ConnectError("the embedding model is not running")
            return await post_embeddings(process.client, texts)
        except EMBEDDING_FAILURES as error:
            raise embedder_failed(error) from error

    async def _ready(self) -> None:
        async with self._loading:
            snapshot = self._manager.snapshot
            if snapshot.ready is None or snapshot.requested != self.spec:
                await self._manager.load(self.spec)

    async def close(self) -> None:
        await self._manager.shutdown()
