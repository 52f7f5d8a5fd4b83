"""The async face of the Hub: search, repository details and file addresses.

huggingface_hub is synchronous, so every call runs in a worker thread and its exceptions
come back as `HubError` codes. The endpoint and proxy come from `HubConfig`; the token from
huggingface_hub's own store.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from huggingface_hub import HfApi, get_hf_file_metadata, get_session, hf_hub_url
from huggingface_hub.hf_api import ModelInfo, RepoFile

from studio.core.hub.config import HubConfig, translate_hub_errors
from studio.core.hub.repo import RemoteFile, RepoDetails, card_summary, group_models
from studio.core.hub.search import (
    PAGE_SIZE,
    SEARCH_EXPAND,
    SearchPage,
    SearchSort,
    page_from_infos,
)


@dataclass(frozen=True)
class FileMetadata:
    """What a HEAD on `resolve` says about a file (X-Repo-Commit, X-Linked-Etag/-Size)."""

    commit: str | None
    etag: str | None
    size: int | None
    location: str


class HubClient:
    def __init__(self, config: HubConfig, page_size: int = PAGE_SIZE) -> None:
        self.config = config
        self.page_size = page_size
        config.install()
        self._api = HfApi(endpoint=config.endpoint, library_name="gguf-studio")

    async def search(
        self, query: str, sort: SearchSort = SearchSort.DOWNLOADS, page: int = 0
    ) -> SearchPage:
        """GGUF repositories matching `query`; `page` counts from 0."""
        wanted = (page + 1) * self.page_size + 1

        def call() -> list[ModelInfo]:
            return list(
                self._api.list_models(
                    search=query.strip() or None,
                    filter="gguf",
                    sort=sort.value,
                    limit=wanted,
                    expand=SEARCH_EXPAND,  # type: ignore[arg-type]
                )
            )

        infos = await asyncio.to_thread(translate_hub_errors, call, what=f"search:{query}")
        return page_from_infos(query, sort, page, infos, self.page_size)

    async def repo(self, repo_id: str, revision: str | None = None) -> RepoDetails:
        """The repository's GGUF models at one commit, with the model card's summary."""

        def call() -> RepoDetails:
            info = self._api.model_info(repo_id, revision=revision)
            commit = info.sha or revision or "main"
            entries = self._api.list_repo_tree(repo_id, revision=commit, recursive=True)
            files = [
                RemoteFile(
                    path=e.path,
                    size=e.size,
                    sha256=e.lfs.sha256 if e.lfs is not None else None,
                    blob_id=e.blob_id,
                )
                for e in entries
                if isinstance(e, RepoFile)
            ]
            models, mmproj = group_models(files)
            has_card = any(f.path == "README.md" for f in files)
            summary = card_summary(self._readme(repo_id, commit)) if has_card else ""
            card = info.card_data
            base_model = card.get("base_model") if card is not None else None
            return RepoDetails(
                repo_id=info.id,
                revision=commit,
                models=models,
                mmproj=mmproj,
                summary=summary,
                license=str(card.get("license") or "") if card is not None else "",
                base_model=_first(base_model),
                gated=bool(info.gated),
                downloads=info.downloads or 0,
                likes=info.likes or 0,
                tags=tuple(info.tags or ()),
            )

        return await asyncio.to_thread(translate_hub_errors, call, what=repo_id)

    def file_url(self, repo_id: str, revision: str, path: str) -> str:
        return hf_hub_url(repo_id, path, revision=revision, endpoint=self.config.endpoint)

    async def file_metadata(self, url: str) -> FileMetadata:
        def call() -> FileMetadata:
            meta = get_hf_file_metadata(
                url, token=self.config.token() or False, endpoint=self.config.endpoint
            )
            return FileMetadata(meta.commit_hash, meta.etag, meta.size, meta.location)

        return await asyncio.to_thread(translate_hub_errors, call, what=url)

    def _readme(self, repo_id: str, revision: str) -> str:
        response = get_session().get(
            self.file_url(repo_id, revision, "README.md"), headers=self.config.headers()
        )
        if response.status_code != 200:
            return ""  # a card is optional: no summary rather than a failed repo view
        return response.text


def _first(value: object) -> str:
    if isinstance(value, list):
        return str(value[0]) if value else ""
    return str(value) if value else ""
