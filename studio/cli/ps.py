"""`studio ps`: the models a running `studio serve` has loaded, with what each takes on
each device (planned, and what its engine allocated), how long it has been idle, its time
to live and the requests it is answering. Asks the server's `/studio/status`."""

from __future__ import annotations

import argparse
import json
from typing import Any

from studio.cli import inputs
from studio.cli.report import INPUT_FAILED, report
from studio.cli.terminal import printable
from studio.core.errors import StudioError
from studio.core.safe_read import read_regular_text
from studio.core.settings import DEFAULT_API_PORT
from studio.core.units import format_bytes

_HEADER = ("MODEL", "STATE", "DEVICE", "PLANNED", "ALLOCATED", "IDLE", "TTL", "REQUESTS")
_KEY_FILE_LIMIT = 4096
_TIMEOUT_S = 10.0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ps", help="list the models a running studio serve has loaded, with their memory"
    )
    parser.add_argument("--port", type=inputs.port, default=DEFAULT_API_PORT)
    parser.add_argument("--host", type=inputs.text, default="127.0.0.1")
    parser.add_argument("--api-key", type=inputs.text, default=None)
    parser.add_argument("--api-key-file", type=inputs.secret_file, default=None)
    parser.add_argument("--json", action="store_true", help="print the residents as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        residents = fetch_residents(args)
    except StudioError as error:
        report(error, as_json=args.json)
        return INPUT_FAILED
    if args.json:
        print(json.dumps({"residents": residents}, indent=2))
    elif not residents:
        print("no model is loaded")
    else:
        print(table(residents))
    return 0


def fetch_residents(args: argparse.Namespace) -> list[dict[str, Any]]:
    import httpx  # only this command talks to a server

    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/studio/status"
    headers = {}
    key = _api_key(args)
    if key:
        headers["Authorization"] = f"Bearer {key}"
    try:
        response = httpx.get(url, headers=headers, timeout=_TIMEOUT_S, trust_env=False)
    except httpx.HTTPError as error:
        raise StudioError(
            "serve_unreachable", f"{url}: {error}", url=f"http://{host}:{args.port}"
        ) from error
    if response.status_code in (401, 403):
        raise StudioError("serve_key_refused", f"{url}: HTTP {response.status_code}")
    try:
        status = response.json()
    except ValueError:
        status = None
    if response.status_code != 200 or not isinstance(status, dict):
        raise StudioError(
            "serve_unexpected_answer",
            f"{url}: HTTP {response.status_code}",
            url=f"http://{host}:{args.port}",
        )
    residents = status.get("residents")
    if residents is None:  # a server of one model at a time (the app's local API)
        spec = status.get("spec") or {}
        if status.get("state") in (None, "idle") or not spec:
            return []
        residents = [_single(status, spec)]
    return [r for r in residents if isinstance(r, dict)]


def _api_key(args: argparse.Namespace) -> str | None:
    if args.api_key_file is None:
        return str(args.api_key) if args.api_key else None
    try:
        return read_regular_text(args.api_key_file, limit=_KEY_FILE_LIMIT).strip()
    except (OSError, ValueError) as error:
        raise StudioError(
            "api_key_file_unreadable", str(error), path=str(args.api_key_file)
        ) from error


def _single(status: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    model = str(spec.get("model") or "")
    name = spec.get("alias") or model.rsplit("/", 1)[-1].removesuffix(".gguf")
    return {"id": name, "model": model, "state": status.get("state"), "devices": []}


def table(residents: list[dict[str, Any]]) -> str:
    """One row per resident and device it holds bytes on, columns aligned."""
    rows: list[tuple[str, ...]] = [_HEADER]
    for resident in residents:
        first = (
            printable(str(resident.get("id", ""))),
            str(resident.get("state", "")),
        )
        tail = (
            _seconds(resident.get("idle_s")),
            _seconds(resident.get("ttl_s"), none="-"),
            str(resident.get("in_flight", 0)),
        )
        devices = resident.get("devices") or [{}]
        for index, device in enumerate(devices):
            cells = (
                printable(str(device.get("label") or device.get("key") or "-")),
                _size(device.get("predicted")),
                _size(device.get("allocated")),
            )
            lead = first if index == 0 else ("", "")
            rows.append((*lead, *cells, *(tail if index == 0 else ("", "", ""))))
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADER))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def _size(value: object) -> str:
    return format_bytes(value) if isinstance(value, int) else "-"


def _seconds(value: object, *, none: str = "") -> str:
    if not isinstance(value, (int, float)):
        return none
    seconds = int(value)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"
