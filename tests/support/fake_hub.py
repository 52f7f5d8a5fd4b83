"""A local HTTP server that speaks the part of the Hugging Face Hub API that huggingface_hub
and our downloader use, so tests run the REAL client against it through `HF_ENDPOINT` or
`HubConfig(endpoint=...)`.

Served: `GET /api/models` (search, sort, `limit` pages with a `Link: rel="next"` cursor),
`GET /api/models/{repo}[/revision/{rev}]` (model info), `GET /api/models/{repo}/tree/{rev}`
(the file tree with LFS sha256), `HEAD|GET /{repo}/resolve/{rev}/{path}` (Range, ETag,
X-Repo-Commit, X-Linked-Size, X-Linked-Etag; no Xet headers, so clients use plain HTTP)
and `GET /api/whoami-v2`. Gated repos answer 401 with `X-Error-Code: GatedRepo` unless the
request carries the hub's token.

Faults are queued per file and each one spoils one GET: drop the connection after N bytes,
stall after N bytes, serve wrong bytes, or answer an HTTP error status.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Literal
from urllib.parse import parse_qs, quote, unquote, urlencode, urlsplit

FaultKind = Literal["drop", "stall", "corrupt", "status"]


@dataclass
class Fault:
    kind: FaultKind
    after_bytes: int = 0  # drop/stall: how many body bytes are sent first
    stall_s: float = 30.0  # stall: how long the connection hangs before closing
    status: int = 503  # status: the error answered


@dataclass
class FakeFile:
    content: bytes | Path
    lfs: bool = True
    # For big sparse files that are only ever range-read (fit tests): skip hashing them.
    known_sha256: str | None = None

    @property
    def size(self) -> int:
        return len(self.content) if isinstance(self.content, bytes) else self.content.stat().st_size

    def read(self, start: int, end: int) -> bytes:
        """Bytes [start, end)."""
        if isinstance(self.content, bytes):
            return self.content[start:end]
        with self.content.open("rb") as handle:
            handle.seek(start)
            return handle.read(end - start)

    def sha256(self) -> str:
        if self.known_sha256 is not None:
            return self.known_sha256
        digest = hashlib.sha256()
        step = 1 << 22
        for offset in range(0, self.size, step):
            digest.update(self.read(offset, min(offset + step, self.size)))
        return digest.hexdigest()

    def blob_id(self) -> str:
        """Git's blob sha1; for LFS files git stores a pointer, whose id we fake stably."""
        if self.lfs:
            return hashlib.sha1(b"pointer " + self.sha256().encode()).hexdigest()
        return hashlib.sha1(b"blob %d\0" % self.size + self.read(0, self.size)).hexdigest()


@dataclass
class FakeRepo:
    repo_id: str
    files: dict[str, FakeFile]
    downloads: int = 0
    likes: int = 0
    last_modified: datetime = field(default_factory=lambda: datetime(2026, 1, 1, tzinfo=UTC))
    gated: bool = False
    tags: tuple[str, ...] = ("gguf",)
    card_data: dict[str, object] = field(default_factory=dict)
    pipeline_tag: str = "text-generation"
    # What the Hub reports from the GGUF headers, e.g. {"total": 8e9, "architecture": "llama"}.
    gguf: dict[str, object] | None = None

    @property
    def commit(self) -> str:
        digest = hashlib.sha1(self.repo_id.encode())
        for path in sorted(self.files):
            digest.update(path.encode() + str(self.files[path].size).encode())
        return digest.hexdigest()


class FakeHub:
    def __init__(
        self,
        repos: list[FakeRepo],
        token: str | None = None,
        max_page: int = 50,
        cdn_redirect: bool = False,
    ):
        """With `cdn_redirect`, LFS files answer `resolve` with a 302 to another origin
        (`localhost` instead of `127.0.0.1`), as huggingface.co sends clients to its CDN."""
        self.repos = {repo.repo_id: repo for repo in repos}
        self.token = token
        self.cdn_redirect = cdn_redirect
        self.max_page = max_page
        self.faults: dict[tuple[str, str], list[Fault]] = {}
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.proxied: list[str] = []  # target hosts of requests that came as a proxy
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._hashes: dict[tuple[str, str], tuple[str, str]] = {}
        self.endpoint = ""

    def add_fault(self, repo_id: str, path: str, *faults: Fault) -> None:
        with self._lock:
            self.faults.setdefault((repo_id, path), []).extend(faults)

    def take_fault(self, repo_id: str, path: str) -> Fault | None:
        with self._lock:
            queue = self.faults.get((repo_id, path))
            return queue.pop(0) if queue else None

    def hashes(self, repo: FakeRepo, path: str) -> tuple[str, str]:
        """(sha256, blob id) of one file, computed once."""
        key = (repo.repo_id, path)
        if key not in self._hashes:
            fake = repo.files[path]
            self._hashes[key] = (fake.sha256(), fake.blob_id())
        return self._hashes[key]

    def gets_of(self, path: str) -> list[dict[str, str]]:
        """Headers of every GET that could carry the bytes of files named `path`: on
        `resolve`, or on the CDN when LFS files are redirected there."""
        cdn_urls = {
            f"/cdn/{self.hashes(repo, name)[0]}"
            for repo in self.repos.values()
            for name, fake in repo.files.items()
            if name == path and fake.lfs
        }
        redirected = self.cdn_redirect and bool(cdn_urls)

        def carries_bytes(url: str) -> bool:
            if url in cdn_urls:
                return True
            return not redirected and "/resolve/" in url and unquote(url).endswith("/" + path)

        return [h for method, url, h in self.requests if method == "GET" and carries_bytes(url)]

    def cdn_requests(self) -> list[dict[str, str]]:
        return [headers for _, url, headers in self.requests if url.startswith("/cdn/")]

    @contextmanager
    def running(self) -> Iterator[str]:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        self.endpoint = f"http://127.0.0.1:{server.server_address[1]}"
        thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
        thread.start()
        try:
            yield self.endpoint
        finally:
            self._stopping.set()
            server.shutdown()
            server.server_close()
            thread.join()

    def stall(self, seconds: float) -> None:
        self._stopping.wait(seconds)


_SORT_KEYS = {
    "downloads": lambda r: r.downloads,
    "likes": lambda r: r.likes,
    "lastModified": lambda r: r.last_modified,
}


def _handler_for(hub: FakeHub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass  # keep test output clean

        def do_HEAD(self) -> None:
            self._route("HEAD")

        def do_GET(self) -> None:
            self._route("GET")

        def _route(self, method: str) -> None:
            url = urlsplit(self.path)
            if url.scheme:
                # An absolute URI: the client uses us as its HTTP proxy. Serve it as the
                # Hub would, and remember which host it was meant for.
                hub.proxied.append(url.netloc)
            hub.requests.append(
                (
                    method,
                    url.path + ("?" + url.query if url.query else ""),
                    dict(self.headers.items()),
                )
            )
            path = unquote(url.path)
            query = parse_qs(url.query)
            if path == "/api/whoami-v2":
                return self._whoami()
            if path == "/api/models":
                return self._search(query)
            if path.startswith("/api/models/"):
                return self._model_api(path.removeprefix("/api/models/"), query)
            if "/resolve/" in path:
                return self._resolve(method, path.lstrip("/"))
            if path.startswith("/cdn/"):
                return self._cdn(method, path.removeprefix("/cdn/"))
            return self._error(404, "RepoNotFound")

        # -- helpers ---------------------------------------------------------------------
        def _authorized(self) -> bool:
            return hub.token is not None and self.headers.get("authorization") == (
                f"Bearer {hub.token}"
            )

        def _json(self, payload: object, extra: dict[str, str] | None = None) -> None:
            body = json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def _error(self, status: int, code: str) -> None:
            body = json.dumps({"error": code}).encode()
            self.send_response(status)
            self.send_header("X-Error-Code", code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _repo(self, repo_id: str) -> FakeRepo | None:
            repo = hub.repos.get(repo_id)
            if repo is None:
                self._error(404, "RepoNotFound")
                return None
            if repo.gated and not self._authorized():
                self._error(401, "GatedRepo")
                return None
            return repo

        # -- endpoints -------------------------------------------------------------------
        def _whoami(self) -> None:
            if not self._authorized():
                self.send_response(401)
                self.send_header("X-Error-Message", "Invalid credentials in Authorization header")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self._json({"type": "user", "name": "tester", "auth": {"type": "access_token"}})

        def _search(self, query: dict[str, list[str]]) -> None:
            text = query.get("search", [""])[0].lower()
            wanted_tags = set(query.get("filter", []))
            found = [
                repo
                for repo in hub.repos.values()
                if text in repo.repo_id.lower() and wanted_tags <= set(repo.tags)
            ]
            sort = query.get("sort", [""])[0]
            if sort in _SORT_KEYS:
                found.sort(key=_SORT_KEYS[sort], reverse=True)  # type: ignore[arg-type, return-value]
            limit = int(query.get("limit", [str(hub.max_page)])[0])
            page = min(limit, hub.max_page)
            cursor = int(query.get("cursor", ["0"])[0])
            chosen = found[cursor : cursor + page]
            extra = {}
            if cursor + page < len(found):
                rest = {k: v for k, v in query.items() if k != "cursor"}
                rest["cursor"] = [str(cursor + page)]
                link = f"{hub.endpoint}/api/models?{urlencode(rest, doseq=True)}"
                extra["Link"] = f'<{link}>; rel="next"'
            self._json([self._info(repo, siblings=False) for repo in chosen], extra)

        def _info(self, repo: FakeRepo, siblings: bool) -> dict[str, object]:
            info: dict[str, object] = {
                "_id": repo.commit[:24],
                "id": repo.repo_id,
                "modelId": repo.repo_id,
                "author": repo.repo_id.split("/")[0],
                "sha": repo.commit,
                "lastModified": repo.last_modified.isoformat().replace("+00:00", "Z"),
                "private": False,
                "gated": "manual" if repo.gated else False,
                "disabled": False,
                "downloads": repo.downloads,
                "likes": repo.likes,
                "tags": list(repo.tags),
                "pipeline_tag": repo.pipeline_tag,
                "library_name": "gguf",
            }
            if repo.gguf is not None:
                info["gguf"] = repo.gguf
            if siblings:
                info["siblings"] = [{"rfilename": path} for path in sorted(repo.files)]
                info["cardData"] = repo.card_data
            return info

        def _model_api(self, rest: str, query: dict[str, list[str]]) -> None:
            parts = rest.split("/")
            repo_id = "/".join(parts[:2])
            repo = self._repo(repo_id)
            if repo is None:
                return
            tail = parts[2:]
            if not tail or tail[0] == "revision":
                if tail and tail[1] not in ("main", repo.commit):
                    return self._error(404, "RevisionNotFound")
                return self._json(self._info(repo, siblings=True))
            if tail[0] == "tree":
                if tail[1] not in ("main", repo.commit):
                    return self._error(404, "RevisionNotFound")
                return self._json(self._tree(repo, "/".join(tail[2:])))
            self._error(404, "EntryNotFound")

        def _tree(self, repo: FakeRepo, under: str) -> list[dict[str, object]]:
            entries: list[dict[str, object]] = []
            folders: set[str] = set()
            for path in sorted(repo.files):
                if under and not path.startswith(under + "/"):
                    continue
                parents = path.split("/")[:-1]
                for depth in range(1, len(parents) + 1):
                    folders.add("/".join(parents[:depth]))
                fake = repo.files[path]
                sha256, blob = hub.hashes(repo, path)
                entry: dict[str, object] = {
                    "type": "file",
                    "oid": blob,
                    "size": fake.size,
                    "path": path,
                }
                if fake.lfs:
                    entry["lfs"] = {"oid": sha256, "size": fake.size, "pointerSize": 134}
                entries.append(entry)
            for folder in sorted(folders):
                oid = hashlib.sha1(folder.encode()).hexdigest()
                entries.append({"type": "directory", "oid": oid, "path": folder})
            return entries

        def _resolve(self, method: str, path: str) -> None:
            before, _, after = path.partition("/resolve/")
            repo = self._repo(before)
            if repo is None:
                return
            revision, _, file_path = after.partition("/")
            if revision not in ("main", repo.commit):
                return self._error(404, "RevisionNotFound")
            fake = repo.files.get(file_path)
            if fake is None:
                return self._error(404, "EntryNotFound")
            sha256, blob = hub.hashes(repo, file_path)
            hub_headers = {"X-Repo-Commit": repo.commit}
            if fake.lfs:
                hub_headers["X-Linked-Etag"] = f'"{sha256}"'
                hub_headers["X-Linked-Size"] = str(fake.size)
            if fake.lfs and hub.cdn_redirect:
                port = hub.endpoint.rsplit(":", 1)[1]
                self.send_response(302)
                self.send_header("Location", f"http://localhost:{port}/cdn/{sha256}")
                self.send_header("ETag", f'"{sha256}"')
                for name, value in hub_headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            key = (repo.repo_id, file_path)
            self._serve(method, key, fake, sha256 if fake.lfs else blob, hub_headers)

        def _cdn(self, method: str, sha256: str) -> None:
            for repo in hub.repos.values():
                for path, fake in repo.files.items():
                    if fake.lfs and hub.hashes(repo, path)[0] == sha256:
                        return self._serve(method, (repo.repo_id, path), fake, sha256, {})
            self._error(404, "EntryNotFound")

        def _serve(
            self,
            method: str,
            key: tuple[str, str],
            fake: FakeFile,
            etag: str,
            extra: dict[str, str],
        ) -> None:
            fault = hub.take_fault(*key) if method == "GET" else None
            if fault is not None and fault.kind == "status":
                return self._error(fault.status, "Injected")
            size = fake.size
            start, end = 0, size
            status = 200
            requested = self.headers.get("Range")
            if requested and requested.startswith("bytes="):
                first, _, last = requested.removeprefix("bytes=").partition("-")
                start = int(first) if first else 0
                end = min(int(last) + 1, size) if last else size
                if start >= size:
                    self.send_response(416)
                    self.send_header("Content-Range", f"bytes */{size}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                status = 206
            self.send_response(status)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(end - start))
            self.send_header("Accept-Ranges", "bytes")
            self.send_header("ETag", f'"{etag}"')
            for name, value in extra.items():
                self.send_header(name, value)
            if status == 206:
                self.send_header("Content-Range", f"bytes {start}-{end - 1}/{size}")
            self.end_headers()
            if method == "HEAD":
                return
            self._send_body(fake, start, end, fault)

        def _send_body(self, fake: FakeFile, start: int, end: int, fault: Fault | None) -> None:
            stop = end
            if fault is not None and fault.kind in ("drop", "stall"):
                stop = min(end, start + fault.after_bytes)
            step = 1 << 16
            try:
                for offset in range(start, stop, step):
                    chunk = fake.read(offset, min(offset + step, stop))
                    if fault is not None and fault.kind == "corrupt":
                        chunk = bytes(b ^ 0x5A for b in chunk)
                    self.wfile.write(chunk)
                self.wfile.flush()
                if fault is not None and fault.kind == "stall":
                    hub.stall(fault.stall_s)
            except (BrokenPipeError, ConnectionResetError):
                pass
            if stop < end:
                self.close_connection = True

    return Handler


def repo_url(endpoint: str, repo_id: str, path: str, revision: str = "main") -> str:
    return f"{endpoint}/{repo_id}/resolve/{revision}/{quote(path)}"


def random_bytes(size: int, seed: int) -> bytes:
    """Deterministic incompressible bytes for test files."""
    import random

    return random.Random(seed).randbytes(size)


def quant_repo(repo_id: str = "tester/Tiny-GGUF", shard_size: int = 3 << 20) -> FakeRepo:
    """A repository shaped like a typical GGUF upload: two single-file quants, one quant
    split in two shards, an mmproj companion and a model card."""
    card = (
        "---\nlicense: apache-2.0\nbase_model: tester/Tiny\ntags:\n- gguf\n---\n\n"
        "# Tiny GGUF\n\n![logo](logo.png)\n\n"
        "Tiny is a **small** test model converted to [GGUF](https://github.com/ggml-org) "
        "so that the downloader can be exercised end to end.\n\n## Files\n"
    )
    return FakeRepo(
        repo_id,
        {
            "README.md": FakeFile(card.encode(), lfs=False),
            "Tiny-Q4_K_M.gguf": FakeFile(random_bytes(shard_size, 1)),
            "Tiny-Q8_0.gguf": FakeFile(random_bytes(shard_size + 4096, 2)),
            "BF16/Tiny-BF16-00001-of-00002.gguf": FakeFile(random_bytes(shard_size, 3)),
            "BF16/Tiny-BF16-00002-of-00002.gguf": FakeFile(random_bytes(shard_size // 2, 4)),
            "mmproj-Tiny-F16.gguf": FakeFile(random_bytes(100_000, 5)),
        },
        downloads=1234,
        likes=56,
        card_data={"license": "apache-2.0", "base_model": "tester/Tiny"},
    )
