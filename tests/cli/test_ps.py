"""`studio ps` says in one sentence when no server answers, or answers as no studio serve
does, and lays residents out one row per device they hold bytes on."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from studio.cli import main
from studio.cli.ps import table
from studio.core.server.launch import free_loopback_port


@pytest.fixture
def other_server() -> Iterator[int]:
    """A web server that is not studio serve."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"<html>hello</html>")

        def log_message(self, *_args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_no_server_is_said_in_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    port = free_loopback_port()
    assert main(["ps", "--port", str(port)]) == 2
    said = capsys.readouterr().err.strip()
    assert said == (
        f"error: No studio serve answers at http://127.0.0.1:{port}; start one with studio serve."
    )


def test_another_kind_of_server_is_said_in_json_too(
    other_server: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ps", "--port", str(other_server), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["code"] == "serve_unexpected_answer"
    assert error["message"].startswith("The server at http://127.0.0.1:")


def test_residents_are_laid_out_one_row_per_device() -> None:
    rows = table(
        [
            {
                "id": "smol",
                "state": "ready",
                "idle_s": 75.0,
                "ttl_s": 300.0,
                "in_flight": 1,
                "devices": [
                    {"key": "rpc:h:1", "label": "h:1", "predicted": 120 << 20, "allocated": None},
                    {"key": "host", "label": "Host", "predicted": 150 << 20, "allocated": 98 << 20},
                ],
            }
        ]
    ).splitlines()
    assert rows[0].split() == [
        "MODEL", "STATE", "DEVICE", "PLANNED", "ALLOCATED", "IDLE", "TTL", "REQUESTS"
    ]  # fmt: skip
    assert rows[1].split() == ["smol", "ready", "h:1", "120", "MiB", "-", "1m15s", "5m00s", "1"]
    assert rows[2].split() == ["Host", "150", "MiB", "98", "MiB"]
