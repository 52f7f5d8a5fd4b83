"""`host:port` parsing: the one parser Settings, the planner and the CLI share."""

from __future__ import annotations

import pytest

from studio.core.endpoint import EndpointError, RpcEndpoint


@pytest.mark.parametrize(
    ("text", "host", "port"),
    [
        ("192.168.1.5:50052", "192.168.1.5", 50052),
        (" gpu-box.lan:1 ", "gpu-box.lan", 1),
        ("gpu_box:50052", "gpu_box", 50052),  # LAN and container names use underscores
        ("localhost:65535", "localhost", 65535),
        ("[::1]:50052", "[::1]", 50052),
        ("[fe80::1]:50052", "[fe80::1]", 50052),
        ("[::ffff:10.0.0.1]:50052", "[::ffff:10.0.0.1]", 50052),  # IPv4-mapped IPv6
    ],
)
def test_hosts_ipv4_ipv6_and_names_parse(text: str, host: str, port: int) -> None:
    endpoint = RpcEndpoint.parse(text)
    assert (endpoint.host, endpoint.port) == (host, port)
    assert str(endpoint) == text.strip()  # the form llama-server's --rpc list takes


@pytest.mark.parametrize(
    "text",
    [
        "host",
        "host:",
        ":50052",
        "host:0",
        "host:70000",
        "a b:1",
        "http://host:1",
        "::1:50052",  # a bare IPv6 address: its last group would read as the port
        "[::g]:1",
        "[10.0.0.1]:1",  # brackets hold IPv6 only
        "-host:1",
        "",
    ],
)
def test_malformed_endpoints_are_one_typed_error(text: str) -> None:
    with pytest.raises(EndpointError) as caught:
        RpcEndpoint.parse(text)
    assert caught.value.code == "rpc_endpoint_invalid"
    assert caught.value.params["endpoint"] == text.strip()
