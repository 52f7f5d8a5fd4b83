"""The documents' embeddings through the residents: no model runs twice for them.

The embedding model is the chat's own model or a dedicated one (`model()` names it each
time, so it follows the chat). Every request holds it through `Residents.use`, so it is
never evicted mid-request and counts as in flight. It is launched with `--embeddings` and
a pooling (`embedding_launch`: knobs no plan prices): a resident that was loaded without
them (the chat's model, loaded for chatting) is relaunched once with them in its place and
plan, and a model not resident is planned beside the residents like any load no dialog
asks about and kept until evicted by bytes.

A pooled embedding reads its input in one micro-batch: `too_long` tells which passages the
resident cannot read whole (they are cut smaller, its plan is not changed), and a text
over it (a long question) is embedded by its first micro-batch of tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Final

import httpx

from studio.core.documents.embedder import (
    EMBEDDING_FAILURES,
    embedder_failed,
    embedding_launch,
    names_own_pooling,
    post_embeddings,
)
from studio.core.documents.errors import DocumentError
from studio.core.documents.search import Vectors
from studio.core.errors import StudioError
from studio.core.residents.scheduler import Residents
from studio.core.server.client import ServerError
from studio.core.server.launch import DEFAULT_UBATCH, LaunchSpec
from studio.core.server.switcher import NAME_SAID

TOKENIZE_PATH: Final = "/tokenize"
# Tokens a text may take beyond one per UTF-8 byte (the start and end markers): a text
# whose bytes and these fit the micro-batch is never tokenized first.
SPECIAL_TOKENS: Final = 4
DEFAULT_BATCH: Final = 2048


def passage_room(spec: LaunchSpec) -> int:
    """The most tokens one input may have on an engine launched with `spec`: its
    micro-batch (never more than its logical batch, which the engine clamps it to)."""
    return min(spec.ubatch or DEFAULT_UBATCH, spec.batch or DEFAULT_BATCH)


@dataclass(frozen=True)
class _Engine:
    client: httpx.AsyncClient
    room: int


class ResidentEmbedder:
    """`Embedder` (and `PassageRoom`) over the model `model()` names among `residents`
    (None: no model to embed with, said as `document_no_embedder`)."""

    def __init__(self, residents: Residents, model: Callable[[], Path | None]) -> None:
        self._residents = residents
        self._model = model
        self._own_pooling: dict[Path, bool] = {}  # read once per model file

    @property
    def name(self) -> str:
        return self._path().name

    def _path(self) -> Path:
        path = self._model()
        if path is None:
            raise DocumentError("document_no_embedder", "no model to embed with")
        return path

    async def embed(self, texts: Sequence[str]) -> Vectors:
        async with self._engine() as engine:
            inputs = await _within(engine, texts)
            return await post_embeddings(engine.client, inputs)

    async def too_long(self, texts: Sequence[str]) -> list[bool]:
        async with self._engine() as engine:
            return [len(tokens) > engine.room for tokens in await _counted(engine, texts)]

    @contextlib.asynccontextmanager
    async def _engine(self) -> AsyncIterator[_Engine]:
        """The embedding model's engine, held (never evicted) while the block runs; every
        failure is one `DocumentError`."""
        path = self._path()
        own = self._own_pooling.get(path)
        if own is None:
            own = self._own_pooling[path] = await asyncio.to_thread(names_own_pooling, path)
        launch = partial(embedding_launch, own_pooling=own)
        try:
            async with self._residents.use(str(path), launch=launch) as held:
                process = held.manager.current_process()
                if process is None:
                    raise httpx.ConnectError("the embedding model is not running")
                yield _Engine(process.client, passage_room(held.spec))
        except DocumentError:
            raise
        except EMBEDDING_FAILURES as error:
            if isinstance(error, StudioError) and error.code == "model_not_found":
                raise DocumentError(
                    "document_embedding_model_missing",
                    f"{path} is not in the library",
                    name=path.name[:NAME_SAID],
                ) from error
            raise embedder_failed(error) from error


def _may_be_long(engine: _Engine, text: str) -> bool:
    """Whether `text` could be over the room: never when each UTF-8 byte were a token."""
    return len(text.encode("utf-8", "replace")) + SPECIAL_TOKENS > engine.room


async def _counted(engine: _Engine, texts: Sequence[str]) -> list[list[int]]:
    """Each text's tokens as the embedding reads them (empty for one that surely fits)."""
    return [await _tokens(engine, text) if _may_be_long(engine, text) else [] for text in texts]


async def _within(engine: _Engine, texts: Sequence[str]) -> list[str | list[int]]:
    """`texts` as the engine takes them: a text over the room as its first tokens."""
    inputs: list[str | list[int]] = []
    for text, tokens in zip(texts, await _counted(engine, texts), strict=True):
        inputs.append(tokens[: engine.room] if len(tokens) > engine.room else text)
    return inputs


async def _tokens(engine: _Engine, text: str) -> list[int]:
    response = await engine.client.post(
        TOKENIZE_PATH, json={"content": text, "add_special": True}, timeout=60.0
    )
    if response.status_code != 200:
        raise ServerError(response.status_code, response.text)
    return [int(token) for token in response.json()["tokens"]]
