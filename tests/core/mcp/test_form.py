"""The Settings editor's form: what it shows of a server reads back the same, and each
mistake is refused by the core's parser, in one code, before anything is saved."""

from __future__ import annotations

import pytest

from studio.core.errors import StudioError
from studio.core.mcp import HttpTransport, ServerConfig, StdioTransport, TransportKind
from studio.core.mcp.form import ServerForm, form_of, server_of
from studio.core.voice import ENGLISH


def _refusal(form: ServerForm, taken: tuple[str, ...] = ()) -> str:
    with pytest.raises(StudioError) as raised:
        server_of(form, taken=taken)
    return ENGLISH.error(raised.value)


def test_a_stdio_server_goes_through_the_form_and_back() -> None:
    server = ServerConfig(
        "files",
        StdioTransport("npx", ("-y", "a server", "/tmp"), (("TOKEN", "a=b c"), ("EMPTY", ""))),
        enabled=False,
    )
    form = form_of(server)
    assert form.arguments == "-y\na server\n/tmp"  # an argument keeps its spaces
    assert form.environment == "TOKEN=a=b c\nEMPTY="
    assert server_of(form) == server


def test_an_http_server_goes_through_the_form_and_back() -> None:
    server = ServerConfig(
        "web", HttpTransport("https://example.com/mcp", (("Authorization", "Bearer x:y"),))
    )
    form = form_of(server)
    assert form.kind is TransportKind.HTTP
    assert form.headers == "Authorization: Bearer x:y"
    assert server_of(form) == server


def test_blank_lines_and_spaces_around_fields_are_left_out() -> None:
    form = ServerForm(
        " tools ", TransportKind.STDIO, command=" python ", arguments="\n-m\n\n  \nserver\n"
    )
    assert server_of(form) == ServerConfig("tools", StdioTransport("python", ("-m", "server")))


def test_each_mistake_is_one_sentence() -> None:
    stdio = ServerForm("tools", TransportKind.STDIO, command="python")
    http = ServerForm("web", TransportKind.HTTP, url="https://example.com/mcp")
    assert _refusal(ServerForm("tools", TransportKind.STDIO)) == (
        "The “command” of the MCP server tools is empty."
    )
    assert _refusal(ServerForm("web", TransportKind.HTTP, url="ftp://x")) == (
        "The MCP server web has the URL “ftp://x”, which is not an http:// or https:// address."
    )
    assert _refusal(ServerForm("tools", TransportKind.STDIO, environment="TOKEN")) == (
        "The line “TOKEN” in the “env” of the MCP server tools needs a “=” between the name "
        "and the value."
    )
    assert _refusal(ServerForm("web", TransportKind.HTTP, url=http.url, headers="X-Key abc")) == (
        "The line “X-Key abc” in the “headers” of the MCP server web needs a “:” between the "
        "name and the value."
    )
    assert _refusal(ServerForm("web", TransportKind.HTTP, url=http.url, headers="X Key: a")) == (
        "“X Key” is not a valid name in the “headers” of the MCP server web."
    )
    assert _refusal(stdio, taken=("tools",)) == (
        "There is already an MCP server called tools; choose another name."
    )
    assert _refusal(ServerForm("", TransportKind.STDIO, command="python")).startswith(
        "“” cannot name an MCP server"
    )
    assert server_of(stdio, taken=("other",)).name == "tools"
