"""Search, repository view and file metadata through the real huggingface_hub client
against the fake Hub."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from huggingface_hub import constants as hf_constants
from huggingface_hub.utils import _http as hf_http

from studio.core.hub import HubClient, HubConfig, HubError, SearchSort
from studio.core.hub.errors import HUB_AUTH_REQUIRED, HUB_NOT_FOUND, HUB_OFFLINE
from tests.support.fake_hub import FakeFile, FakeHub, FakeRepo, quant_repo


def _many_repos() -> list[FakeRepo]:
    repos = [
        FakeRepo(
            f"org{i:02d}/Model{i:02d}-GGUF",
            {"m-Q4_0.gguf": FakeFile(b"x")},
            downloads=i * 10,
            likes=100 - i,
            last_modified=datetime(2026, 1, 1 + i % 28, tzinfo=UTC),
        )
        for i in range(45)
    ]
    repos.append(FakeRepo("org/Model-safetensors", {}, downloads=10**6, tags=("transformers",)))
    return repos


@pytest.fixture
def hub() -> Iterator[FakeHub]:
    fake = FakeHub([*_many_repos(), quant_repo()], max_page=7)
    with fake.running():
        yield fake


def _client(hub: FakeHub, tmp_path: Path, page_size: int = 20) -> HubClient:
    return HubClient(HubConfig(endpoint=hub.endpoint, cache_dir=tmp_path), page_size=page_size)


async def test_search_sorts_pages_and_keeps_only_gguf(hub: FakeHub, tmp_path: Path) -> None:
    client = _client(hub, tmp_path)
    first = await client.search("model", SearchSort.DOWNLOADS, page=0)
    assert [r.repo_id for r in first.results[:2]] == ["org44/Model44-GGUF", "org43/Model43-GGUF"]
    assert len(first.results) == 20 and first.has_more
    assert all("safetensors" not in r.repo_id for r in first.results)  # filter=gguf
    last = await client.search("model", SearchSort.DOWNLOADS, page=2)
    assert len(last.results) == 5 and not last.has_more
    seen = [r.repo_id for r in first.results] + [r.repo_id for r in last.results]
    assert len(set(seen)) == 25  # pages do not overlap
    by_likes = await client.search("model", SearchSort.LIKES)
    assert by_likes.results[0].repo_id == "org00/Model00-GGUF"
    assert by_likes.results[0].likes == 100
    # huggingface_hub followed the Hub's Link header across the fake's small pages.
    assert any("cursor=" in url for _, url, _ in hub.requests)
    recent = await client.search("model", SearchSort.RECENT)
    dates = [r.last_modified for r in recent.results]
    assert dates == sorted(dates, reverse=True)  # type: ignore[type-var]


async def test_repo_view_groups_quants_and_summarises_the_card(
    hub: FakeHub, tmp_path: Path
) -> None:
    details = await _client(hub, tmp_path).repo("tester/Tiny-GGUF")
    repo = hub.repos["tester/Tiny-GGUF"]
    assert details.revision == repo.commit
    assert [(m.quant, m.split, m.size) for m in details.models] == [
        ("Q4_K_M", False, 3 << 20),
        ("Q8_0", False, (3 << 20) + 4096),
        ("BF16", True, (3 << 20) + (3 << 19)),
    ]
    assert [m.name for m in details.mmproj] == ["mmproj-Tiny-F16.gguf"]
    q4 = details.models[0].first
    assert q4.sha256 == repo.files["Tiny-Q4_K_M.gguf"].sha256()
    assert details.summary.startswith("Tiny is a small test model converted to GGUF so")
    assert (details.license, details.base_model) == ("apache-2.0", "tester/Tiny")
    assert (details.downloads, details.likes) == (1234, 56)


async def test_file_metadata_comes_from_the_linked_headers(hub: FakeHub, tmp_path: Path) -> None:
    client = _client(hub, tmp_path)
    repo = hub.repos["tester/Tiny-GGUF"]
    meta = await client.file_metadata(client.file_url(repo.repo_id, "main", "Tiny-Q8_0.gguf"))
    assert meta.commit == repo.commit
    assert meta.etag == repo.files["Tiny-Q8_0.gguf"].sha256()
    assert meta.size == (3 << 20) + 4096


async def test_unknown_repo_is_not_found(hub: FakeHub, tmp_path: Path) -> None:
    with pytest.raises(HubError) as caught:
        await _client(hub, tmp_path).repo("nobody/nothing")
    assert caught.value.code == HUB_NOT_FOUND


async def test_gated_repo_needs_the_token_from_the_token_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = FakeRepo("corp/Gated-GGUF", {"g-Q4_0.gguf": FakeFile(b"g" * 10)}, gated=True)
    fake = FakeHub([gated], token="hf_secret")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    with fake.running():
        client = _client(fake, tmp_path)
        with pytest.raises(HubError) as caught:
            await client.repo("corp/Gated-GGUF")
        assert caught.value.code == HUB_AUTH_REQUIRED
        # HF_TOKEN is one of the places huggingface_hub's token store reads.
        monkeypatch.setenv("HF_TOKEN", "hf_secret")
        details = await client.repo("corp/Gated-GGUF")
    assert [m.quant for m in details.models] == ["Q4_0"]


async def test_dead_network_is_a_prompt_offline_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeHub([])
    with fake.running():
        endpoint = fake.endpoint
    backoff_sleeps: list[float] = []
    monkeypatch.setattr(hf_http.time, "sleep", backoff_sleeps.append)
    client = HubClient(HubConfig(endpoint=endpoint, cache_dir=tmp_path))
    for call in (client.search("x"), client.repo("a/b")):
        with pytest.raises(HubError) as caught:
            await call
        assert caught.value.code == HUB_OFFLINE
    # No backoff ladder (huggingface_hub would sleep ~25 s): the user hears it at once.
    assert backoff_sleeps == []


async def test_metadata_is_read_from_the_redirect_to_the_cdn(tmp_path: Path) -> None:
    fake = FakeHub([quant_repo()], cdn_redirect=True)
    with fake.running():
        client = _client(fake, tmp_path)
        repo = fake.repos["tester/Tiny-GGUF"]
        meta = await client.file_metadata(client.file_url(repo.repo_id, "main", "Tiny-Q8_0.gguf"))
    assert meta.commit == repo.commit
    assert meta.size == (3 << 20) + 4096
    assert meta.location.startswith("http://localhost:") and "/cdn/" in meta.location
    assert fake.cdn_requests() == []  # huggingface_hub stops at the Hub's own answer


async def test_offline_mode_makes_no_request(
    hub: FakeHub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hf_constants, "HF_HUB_OFFLINE", True)  # what HF_HUB_OFFLINE=1 sets
    before = len(hub.requests)
    with pytest.raises(HubError) as caught:
        await _client(hub, tmp_path).search("tiny")
    assert caught.value.code == HUB_OFFLINE
    assert len(hub.requests) == before
