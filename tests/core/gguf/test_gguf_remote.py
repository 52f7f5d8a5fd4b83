"""Reading GGUF headers over HTTP Range requests from a real (local) HTTP server."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from studio.cli import main
from studio.core.gguf import (
    HeaderTooLargeError,
    RangeUnsupportedError,
    RemoteReadError,
    TruncatedError,
    read_header,
    read_model,
    read_remote_header,
    read_remote_model,
)
from tests.support.synthetic import TINY_LLAMA, synthetic_model, write_model

_RANGE = re.compile(r"bytes=(\d+)-(\d+)")


@dataclass
class FileServer:
    root: Path
    url: str
    ranges: list[tuple[int, int]] = field(default_factory=list)
    honour_ranges: bool = True


@pytest.fixture
def file_server(tmp_path: Path) -> Iterator[FileServer]:
    state = FileServer(tmp_path, "")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.startswith("/redirect/"):  # like Hugging Face's resolve -> CDN
                self.send_response(302)
                self.send_header("Location", self.path.removeprefix("/redirect"))
                self.end_headers()
                return
            path = state.root / self.path.lstrip("/")
            if not path.is_file():
                self.send_error(404)
                return
            size = path.stat().st_size
            match = _RANGE.fullmatch(self.headers.get("Range", ""))
            if not state.honour_ranges or match is None:
                self.send_response(200)
                self.send_header("Content-Length", str(size))
                self.end_headers()
                with path.open("rb") as handle:
                    # A server ignoring Range would send everything; stop once the client
                    # hangs up rather than streaming gigabytes of holes.
                    try:
                        while block := handle.read(1 << 20):
                            self.wfile.write(block)
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                return
            start, end = int(match[1]), int(match[2])
            if start >= size:
                self.send_response(416)
                self.send_header("Content-Range", f"bytes */{size}")
                self.end_headers()
                return
            end = min(end, size - 1)
            state.ranges.append((start, end))
            with path.open("rb") as handle:
                handle.seek(start)
                body = handle.read(end - start + 1)
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
async def client() -> httpx.AsyncClient:
    async with httpx.AsyncClient(trust_env=False, timeout=30) as http:
        yield http


async def test_remote_header_equals_local_and_reads_little(
    file_server: FileServer, client: httpx.AsyncClient
) -> None:
    source = synthetic_model("llama-8b-shape")  # 128k-token vocabulary: a ~3 MiB header
    (file_server.root / "m.gguf").symlink_to(source)
    remote = await read_remote_header(client, f"{file_server.url}/m.gguf")
    local = read_header(source)
    assert remote.tensors == local.tensors
    assert remote.metadata == local.metadata
    assert remote.file_size == source.stat().st_size
    # 2 MiB, then the next 2 MiB (doubling): two requests, never the 4.6 GB of weights.
    assert file_server.ranges == [(0, (2 << 20) - 1), (2 << 20, (4 << 20) - 1)]
    fetched = sum(end - start + 1 for start, end in file_server.ranges)
    assert local.header_bytes < fetched <= 2 * local.header_bytes + (2 << 20)


async def test_small_remote_file_and_split_shards(
    file_server: FileServer, client: httpx.AsyncClient
) -> None:
    first = write_model(file_server.root / "m.gguf", TINY_LLAMA, split_max_tensors=25)
    remote = await read_remote_model(client, f"{file_server.url}/{first.name}")
    local = read_model(first)
    assert len(remote.shards) == len(local.shards) > 1
    assert remote.tensors == local.tensors


async def test_server_without_range_support(
    file_server: FileServer, client: httpx.AsyncClient
) -> None:
    file_server.honour_ranges = False
    (file_server.root / "m.gguf").symlink_to(synthetic_model("tiny-llama"))
    with pytest.raises(RangeUnsupportedError) as caught:
        await read_remote_header(client, f"{file_server.url}/m.gguf")
    assert caught.value.code == "gguf.range_unsupported"


async def test_missing_file_and_unreachable_host(
    file_server: FileServer, client: httpx.AsyncClient
) -> None:
    with pytest.raises(RemoteReadError) as missing:
        await read_remote_header(client, f"{file_server.url}/nothing.gguf")
    assert missing.value.params["status"] == 404
    with pytest.raises(RemoteReadError):
        await read_remote_header(client, "http://127.0.0.1:9/m.gguf")


async def test_truncated_remote_file_and_budget(
    file_server: FileServer, client: httpx.AsyncClient
) -> None:
    data = synthetic_model("tiny-llama").read_bytes()
    (file_server.root / "cut.gguf").write_bytes(data[:5000])
    with pytest.raises(TruncatedError):
        await read_remote_header(client, f"{file_server.url}/cut.gguf")
    (file_server.root / "whole.gguf").write_bytes(data)
    with pytest.raises(HeaderTooLargeError):
        await read_remote_header(
            client, f"{file_server.url}/whole.gguf", initial_bytes=1024, max_bytes=4096
        )


async def test_redirects_are_followed_when_the_client_allows(file_server: FileServer) -> None:
    (file_server.root / "m.gguf").symlink_to(synthetic_model("tiny-llama"))
    async with httpx.AsyncClient(trust_env=False, follow_redirects=True) as http:
        header = await read_remote_header(http, f"{file_server.url}/redirect/m.gguf")
    assert header.metadata["general.architecture"] == "llama"


def test_cli_estimates_a_remote_model(
    file_server: FileServer, capsys: pytest.CaptureFixture[str]
) -> None:
    (file_server.root / "m.gguf").symlink_to(synthetic_model("tiny-qwen3moe"))
    assert main(["estimate", f"{file_server.url}/redirect/m.gguf", "-c", "2048", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"]["architecture"] == "qwen3moe"
    assert data["devices"][-1]["device"] == "Host"
    assert file_server.ranges and file_server.ranges[0][0] == 0
