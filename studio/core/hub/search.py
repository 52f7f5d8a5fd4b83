"""Search results: GGUF model repositories on the Hub, a page at a time."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from huggingface_hub.hf_api import ModelInfo

PAGE_SIZE = 30


class SearchSort(enum.Enum):
    """How results are ordered (always most first); values are huggingface_hub's names."""

    DOWNLOADS = "downloads"
    LIKES = "likes"
    RECENT = "last_modified"
    TRENDING = "trending_score"


@dataclass(frozen=True)
class RepoSummary:
    repo_id: str
    author: str
    downloads: int
    likes: int
    last_modified: datetime | None
    gated: bool
    pipeline_tag: str
    tags: tuple[str, ...]
    # From the Hub's own reading of the GGUF headers (0 / "" when it has none).
    parameters: int = 0
    architecture: str = ""

    @property
    def name(self) -> str:
        return self.repo_id.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class SearchPage:
    query: str
    sort: SearchSort
    index: int  # 0-based page number
    results: tuple[RepoSummary, ...]
    has_more: bool


# The properties a result row shows; asking only for these keeps the response small.
SEARCH_EXPAND = [
    "author",
    "downloads",
    "likes",
    "lastModified",
    "gated",
    "pipeline_tag",
    "tags",
    "gguf",
]


def summary_from_info(info: ModelInfo) -> RepoSummary:
    author = info.author or (info.id.split("/", 1)[0] if "/" in info.id else "")
    gguf = info.gguf if isinstance(info.gguf, dict) else {}
    total = gguf.get("total")
    return RepoSummary(
        repo_id=info.id,
        author=author,
        downloads=info.downloads or 0,
        likes=info.likes or 0,
        last_modified=info.last_modified,
        gated=bool(info.gated),
        pipeline_tag=info.pipeline_tag or "",
        tags=tuple(info.tags or ()),
        parameters=total if isinstance(total, int) else 0,
        architecture=str(gguf.get("architecture") or ""),
    )


def page_from_infos(
    query: str, sort: SearchSort, index: int, infos: list[ModelInfo], page_size: int
) -> SearchPage:
    """Page `index` out of the first `(index + 1) * page_size + 1` results.

    The Hub paginates with an opaque cursor, so a later page is reached by asking for a
    longer list; the one extra result tells whether another page exists.
    """
    start = index * page_size
    chosen = infos[start : start + page_size]
    return SearchPage(
        query=query,
        sort=sort,
        index=index,
        results=tuple(summary_from_info(info) for info in chosen),
        has_more=len(infos) > start + page_size,
    )
