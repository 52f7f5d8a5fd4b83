"""MCP servers (the Model Context Protocol), run with the official `mcp` SDK: the list the
person keeps (`config`, `store`: no SDK, cheap to import for Settings), and the running
servers (`connection`, `registry`: they import the SDK, about half a second, so import
them from their modules when servers are started)."""

from studio.core.mcp.config import (
    HttpTransport,
    ServerConfig,
    StdioTransport,
    TransportKind,
    parse_document,
    parse_json,
    to_document,
)
from studio.core.mcp.states import McpSnapshot, McpState, ToolInfo
from studio.core.mcp.store import ImportReport, McpServerStore, merged, read_servers_file

__all__ = [
    "HttpTransport",
    "ImportReport",
    "McpServerStore",
    "McpSnapshot",
    "McpState",
    "ServerConfig",
    "StdioTransport",
    "ToolInfo",
    "TransportKind",
    "merged",
    "parse_document",
    "parse_json",
    "read_servers_file",
    "to_document",
]
