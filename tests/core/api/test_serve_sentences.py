"""`studio serve` answers every error with one sentence: the app's own for a code the app
reports too, so an API client and the UI read the same words."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

from studio.core.api.errors import HttpError, from_studio_error
from studio.core.errors import StudioError
from studio.core.voice import ENGLISH, Voice
from studio.core.voice.http import HINTS, HTTP_ONLY
from studio.core.voice.templates import CODES, COUNTED
from tests.support.codes import template_fields

API = Path(__file__).resolve().parents[3] / "studio" / "core" / "api"
_LEFTOVER = re.compile(r"\{[a-z_]*\}|\?")


def raised_http_codes() -> dict[str, set[str]]:
    """Every `HttpError(status, "code", ...)` in the API package, with its keywords."""
    found: dict[str, set[str]] = {}
    for path in API.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and ast.unparse(node.func) == "HttpError"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                keywords = {k.arg for k in node.keywords if k.arg is not None}
                found.setdefault(node.args[1].value, set()).update(keywords)
    return found


RAISED = raised_http_codes()


def test_the_collector_finds_the_servers_codes() -> None:
    assert {"invalid_json", "no_model", "server_busy", "model_state"} <= RAISED.keys()


@pytest.mark.parametrize("code", sorted(RAISED))
def test_every_code_the_server_raises_has_a_sentence_with_its_parameters(code: str) -> None:
    assert code in HTTP_ONLY or Voice.knows(code), f"{code} has no sentence"
    template = HTTP_ONLY.get(code) or CODES.get(code, "")
    # `param` is HttpError's own argument; every other field comes from the raise site.
    missing = template_fields(template) - RAISED[code] - {"param"}
    assert not missing, f"HttpError({code!r}) passes no {sorted(missing)}"
    params: dict[str, Any] = {name: "x" for name in template_fields(template)}
    message = HttpError(400, code, **params).message
    assert message and not _LEFTOVER.search(message), message


def test_no_http_sentence_repeats_one_the_app_has() -> None:
    assert not set(HTTP_ONLY) & Voice.codes()
    assert not set(HTTP_ONLY.values()) & set(CODES.values())
    assert set(HINTS) <= Voice.codes()


@pytest.mark.parametrize("code", sorted(Voice.codes()))
def test_an_error_body_says_the_apps_own_sentence(code: str) -> None:
    """The UI says `Voice(qt_translate).code(code, params)`; in English that is ENGLISH's
    sentence (tests/ui/common/test_voice.py checks), and the body starts with it."""
    counted = COUNTED.get(code)
    if counted is not None:
        params: dict[str, object] = {counted[0]: 3}
    else:
        params = {name: 7 for name in template_fields(CODES[code])}
    body = from_studio_error(StudioError(code, "technical detail", **params)).body()
    message = body["error"]["message"]
    assert body["error"]["code"] == code
    said = ENGLISH.code(code, params)
    assert message == (f"{said} {HINTS[code]}" if code in HINTS else said)
    assert "technical detail" not in message
