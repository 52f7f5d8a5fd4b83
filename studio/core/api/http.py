"""The guarded HTTP/1.1 plumbing of `studio serve`: reading a request within limits,
deciding who may ask, bounding connections and queued chats, and logging floods quietly.

Threats it answers (issues 13, 15 and 25): slowloris and half-open floods (a deadline on
the headers and body, a connection cap that follows the open-file limit and evicts the
oldest connection still sending its headers, so /health keeps answering; past it, 429),
oversized bodies (413 from Content-Length, before reading), browser pages (a cross-site
form POST is text/plain with a foreign Origin: 415 and 403; a DNS-rebinding page sends a
foreign Host: 403; a Host that is malformed or sent twice: 400), and remote clients (an
API key, checked in constant time). Pages on the origins `--allow-origin` names get CORS:
a preflight answered without the key, and the origin named on every answer to them.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import re
import socket
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from studio.core.api.errors import HttpError
from studio.core.errors import StudioError

LISTEN_BACKLOG = 128
HEADER_LIMIT = 64 * 1024
MAX_BODY_BYTES = 32 * 1024 * 1024
HEALTH_PATHS = frozenset({"/health", "/v1/health"})
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
_WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
MAX_CONNECTIONS = 1024
# File descriptors kept for everything but client connections: the engine's client, its
# log and the child's pipes, the stores, the event loop's own.
_HEADROOM_FDS = 64
# What the open-file limit is raised toward: the most connections, the headroom, and two
# backlogs (see `max_connections_for`).
_WANTED_FDS = MAX_CONNECTIONS + _HEADROOM_FDS + 2 * LISTEN_BACKLOG
# Connections refused with a 429 at once, each held for a moment while its request is
# read away (the facade's `_LINGER_S`); past that a newcomer is closed bare, so a flood
# costs no more descriptors than the cap allows for.
MAX_REFUSING = 16
# CORS: what a page on an allowed origin may send, and how long its browser may cache
# that answer to the preflight.
CORS_METHODS = "GET, POST, OPTIONS"
_CORS_HEADERS = ("Authorization", "Content-Type", "X-Api-Key")
CORS_MAX_AGE_S = 600
_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on its local network, as other machines would dial it: the
    interface the default route leaves by (a UDP "connect" sends nothing), else the host
    name's address, else the host name itself."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never sent to
        address = str(probe.getsockname()[0])
        if address and not address.startswith(("0.", "127.")):
            return address
    except OSError:
        pass
    finally:
        probe.close()
    name = socket.gethostname()
    try:
        return socket.gethostbyname(name)
    except OSError:
        return name


def listen_backlog(fd_limit: int) -> int:
    """Connections the kernel queues for accepting, which asyncio also accepts in one go
    before any handler runs (so each holds a descriptor before the cap is checked): a
    share of a small open-file limit."""
    return max(8, min(LISTEN_BACKLOG, fd_limit // 16))


def max_connections_for(fd_limit: int) -> int:
    """The connection cap an open-file limit leaves room for: besides the headroom, one
    backlog of sockets accepted and not yet counted, and one of refused or evicted ones
    whose close is still pending. A flood then meets the cap, not EMFILE (which stops
    asyncio accepting anything for a second, and the engine's client opening sockets)."""
    return max(1, min(MAX_CONNECTIONS, fd_limit - _HEADROOM_FDS - 2 * listen_backlog(fd_limit)))


def open_file_limit() -> int | None:
    """The soft open-file limit, first raised toward the hard one as far as serving can use
    (macOS starts programs at 256, which would leave room for few connections); None
    where there is no such limit (Windows)."""
    try:
        import resource  # POSIX only
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return _WANTED_FDS
    wanted = _WANTED_FDS if hard == resource.RLIM_INFINITY else min(hard, _WANTED_FDS)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            return soft  # a sandbox may refuse; the cap then follows the lower limit
        return wanted
    return soft


def default_max_connections() -> int:
    """The cap for the open-file limit (raised first where it may be)."""
    limit = open_file_limit()
    return 512 if limit is None else max_connections_for(limit)


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    api_key: str | None = None
    allowed_origins: frozenset[str] = frozenset()
    max_connections: int = field(default_factory=default_max_connections)
    header_timeout_s: float = 10.0
    body_timeout_s: float = 60.0
    write_timeout_s: float = 60.0
    max_body_bytes: int = MAX_BODY_BYTES
    max_queued_chats: int = 16
    retry_after_s: int = 2
    # How long an open connection may wait for its next request: clients that keep their
    # connections (every HTTP/1.1 client library) skip a connect per request. Longer than
    # the clients' own idle expiry (httpx and so the openai client: 5 s): at equal timeouts
    # a client reuses the connection just as the server closes it, and that request fails
    # with "server disconnected". Idle kept connections are the first the limiter evicts,
    # so holding them costs a busy server nothing.
    keep_alive_s: float = 75.0

    def __post_init__(self) -> None:
        # A cap below one would accept connections only to drop every one of them.
        if isinstance(self.max_connections, bool) or self.max_connections < 1:
            raise StudioError(
                "serve_max_connections_invalid",
                f"max_connections is {self.max_connections}",
                given=self.max_connections,
            )


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    # HTTP/1.1 without `Connection: close`: the client may send another request after
    # this one's answer, on the same connection.
    keep_alive: bool = False
    version: str = "HTTP/1.1"


# -- reading ----------------------------------------------------------------------------


async def read_request(
    reader: asyncio.StreamReader, options: ServeOptions, received: bytes = b""
) -> tuple[Request, bytes]:
    """One request, its headers within `header_timeout_s` and its body within
    `body_timeout_s`; a body over the cap is refused from its Content-Length, unread.

    `received` holds bytes of it read already (with the previous request on the same
    connection); returned with the request are the bytes read past its end (the start
    of the next one, from a client that pipelines)."""
    try:
        async with asyncio.timeout(options.header_timeout_s):
            head, rest = await _read_head(reader, received)
    except TimeoutError as error:
        raise HttpError(408, "header_timeout", seconds=options.header_timeout_s) from error
    method, path, headers, version = _parse_head(head)
    tokens = {token.strip() for token in headers.get("connection", "").lower().split(",")}
    keep_alive = version == "HTTP/1.1" and "close" not in tokens
    length = _content_length(headers, options.max_body_bytes)
    body, rest = rest[:length], rest[length:]
    try:
        async with asyncio.timeout(options.body_timeout_s):
            if len(body) < length:
                body += await reader.readexactly(length - len(body))
    except TimeoutError as error:
        raise HttpError(408, "body_timeout", seconds=options.body_timeout_s) from error
    return Request(method, path, headers, body, keep_alive, version), rest


async def _read_head(reader: asyncio.StreamReader, received: bytes) -> tuple[bytes, bytes]:
    """The head (up to its blank line) and whatever was read after it."""
    buffer = bytearray(received)
    searched = 0
    while (end := buffer.find(b"\r\n\r\n", max(0, searched - 3))) < 0:
        if len(buffer) > HEADER_LIMIT:
            raise HttpError(431, "headers_too_large", limit=HEADER_LIMIT)
        searched = len(buffer)
        chunk = await reader.read(HEADER_LIMIT)
        if not chunk:
            raise asyncio.IncompleteReadError(bytes(buffer), None)
        buffer += chunk
    end += 4
    if end > HEADER_LIMIT:
        raise HttpError(431, "headers_too_large", limit=HEADER_LIMIT)
    return bytes(buffer[:end]), bytes(buffer[end:])


def _parse_head(head: bytes) -> tuple[str, str, dict[str, str], str]:
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    if len(parts) != 3 or not parts[0].isalpha() or not parts[2].startswith("HTTP/"):
        raise HttpError(400, "bad_request_line")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if not line:
            continue
        name, colon, value = line.partition(":")
        if not colon or not name or name != name.strip():
            raise HttpError(400, "bad_request_line")
        key = name.lower()
        if key == "content-length" and key in headers and headers[key] != value.strip():
            raise HttpError(400, "bad_content_length")
        if key == "host" and key in headers:  # RFC 9112: answered 400, whichever it names
            raise HttpError(400, "bad_host")
        headers[key] = value.strip()
    return parts[0].upper(), parts[1].split("?", 1)[0], headers, parts[2]


def _content_length(headers: dict[str, str], limit: int) -> int:
    if "transfer-encoding" in headers:
        raise HttpError(411, "chunked_unsupported")
    text = headers.get("content-length", "0")
    if not (text.isascii() and text.isdigit()) or len(text) > 18:
        raise HttpError(400, "bad_content_length")
    length = int(text)
    if length > limit:
        raise HttpError(413, "body_too_large", limit=limit)
    return length


# -- who may ask ------------------------------------------------------------------------


def check_access(request: Request, options: ServeOptions) -> None:
    """Refuse foreign Hosts and Origins (403), a missing or wrong key (401) and POST
    bodies that are not JSON (415): what a browser page can send without a preflight."""
    _check_host(request.headers.get("host"), options)
    origin = request.headers.get("origin")
    if origin is not None and allowed_origin(request, options) is None:
        raise HttpError(403, "forbidden_origin", origin=origin[:200])
    if options.api_key and request.path not in HEALTH_PATHS:
        _check_key(request.headers, options.api_key)
    if request.method == "POST":
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if (request.body or media) and media != "application/json":
            raise HttpError(415, "unsupported_media_type")


# RFC 3986's host [":" port]: an IPv6 literal in brackets or a name (IPv4 included), and
# nothing after the port. Anything else (`[::1]evil.example`, a user, a path, a space)
# is refused whole, never cut down to a loopback name it merely starts with.
_HOST_HEADER = re.compile(
    r"(?:\[(?P<literal>[0-9A-Fa-f.]*:[0-9A-Za-z:.%_~-]*)\]|(?P<name>[0-9A-Za-z._~-]+))"
    r"(?::[0-9]{0,5})?"
)


def _host_name(host: str) -> str:
    """The name of a Host header value, lowercased; HttpError 400 unless well formed."""
    match = _HOST_HEADER.fullmatch(host)
    if match is None:
        raise HttpError(400, "bad_host")
    return (match["literal"] or match["name"]).lower()


def _check_host(host: str | None, options: ServeOptions) -> None:
    """DNS rebinding: a page on attacker.example whose name now resolves to 127.0.0.1
    still sends `Host: attacker.example`. Bound to a wildcard address the server cannot
    know its names; the required API key is then what keeps such pages out."""
    if host is None:
        return
    name = _host_name(host)
    if options.host in _WILDCARD_HOSTS or is_loopback(name):
        return
    if name == options.host.lower().strip("[]"):
        return
    raise HttpError(403, "forbidden_host", host=host[:200])


def allowed_origin(request: Request, options: ServeOptions) -> str | None:
    """The request's Origin, as sent, when `--allow-origin` lets it in: the value the
    CORS headers of its answer name. None for no Origin or another one."""
    origin = request.headers.get("origin")
    if origin is not None and origin.rstrip("/").lower() in options.allowed_origins:
        return origin
    return None


def cors_headers(origin: str) -> dict[str, str]:
    """What lets a page on `origin` (an allowed one) read an answer, errors included."""
    return {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Expose-Headers": "Retry-After",
        "Vary": "Origin",
    }


def preflight_headers(request: Request, options: ServeOptions) -> dict[str, str]:
    """The answer to an OPTIONS request: for a CORS preflight from an allowed origin, the
    methods and headers its page may send (those its browser asks for, besides the key
    and the JSON type); without an Origin, the methods. A browser never sends the API key
    on a preflight, so none is asked for. Raises HttpError for a foreign Host or Origin."""
    _check_host(request.headers.get("host"), options)
    given = request.headers.get("origin")
    if given is None:
        return {"Allow": CORS_METHODS}
    origin = allowed_origin(request, options)
    if origin is None:
        raise HttpError(403, "forbidden_origin", origin=given[:200])
    asked = request.headers.get("access-control-request-headers", "").split(",")
    names = [name.strip() for name in asked if _HEADER_NAME.fullmatch(name.strip())]
    return {  # with the origin's `cors_headers`, as on every answer to it
        "Access-Control-Allow-Methods": CORS_METHODS,
        "Access-Control-Allow-Headers": ", ".join(dict.fromkeys([*_CORS_HEADERS, *names])),
        "Access-Control-Max-Age": str(CORS_MAX_AGE_S),
    }


def _check_key(headers: dict[str, str], key: str) -> None:
    given = headers.get("authorization", "")
    scheme, _space, token = given.partition(" ")
    if scheme.lower() != "bearer":
        token = headers.get("x-api-key", "")
    # Constant time: the comparison must not reveal how much of a guess was right.
    if not hmac.compare_digest(token.strip().encode(), key.encode()):
        raise HttpError(401, "invalid_api_key")


# -- connections --------------------------------------------------------------------------


class Admission(Enum):
    ADMIT = "admit"
    REFUSE = "refuse"  # answer 429 (with Retry-After), then close
    DROP = "drop"  # close at once: too many refusals are under way already


class ConnectionLimiter:
    """At most `limit` open connections. A new one past the cap evicts the oldest one
    still sending its headers (a slowloris or half-open socket costs a well-behaved client
    nothing); when every connection is busy with a real request, the newcomer is refused
    with a 429, up to `max_refusing` at once, and past those closed."""

    def __init__(self, limit: int, max_refusing: int = MAX_REFUSING) -> None:
        self._limit = limit
        self._max_refusing = max_refusing
        self._reading: OrderedDict[asyncio.StreamWriter, None] = OrderedDict()
        self._serving: set[asyncio.StreamWriter] = set()
        self._refusing: set[asyncio.StreamWriter] = set()
        self.evicted = 0
        self.refused = 0

    @property
    def limit(self) -> int:
        return self._limit

    @property
    def open(self) -> int:
        return len(self._reading) + len(self._serving)

    def admit(self, writer: asyncio.StreamWriter) -> Admission:
        while self.open >= self._limit and self._reading:
            oldest, _ = self._reading.popitem(last=False)
            oldest.transport.abort()
            self.evicted += 1
        if self.open < self._limit:
            self._reading[writer] = None
            return Admission.ADMIT
        self.refused += 1
        if len(self._refusing) >= self._max_refusing:
            return Admission.DROP
        self._refusing.add(writer)
        return Admission.REFUSE

    def serving(self, writer: asyncio.StreamWriter) -> None:
        if self._reading.pop(writer, False) is None:
            self._serving.add(writer)

    def waiting(self, writer: asyncio.StreamWriter) -> None:
        """A kept connection answered and waits for its next request: it may be evicted
        again, newest last, like one still sending its first headers."""
        if writer in self._serving:
            self._serving.discard(writer)
            self._reading[writer] = None

    def release(self, writer: asyncio.StreamWriter) -> None:
        self._reading.pop(writer, None)
        self._serving.discard(writer)
        self._refusing.discard(writer)

    def abort_all(self) -> None:
        """Drop every open connection (the server is stopping); each handler then ends."""
        for writer in [*self._reading, *self._serving, *self._refusing]:
            writer.transport.abort()


class SlotGate:
    """Chats beyond the engine's slots wait in order, at most `max_waiting` of them; one
    more is answered 429 with Retry-After instead of piling up without bound."""

    def __init__(self, max_waiting: int, retry_after_s: int) -> None:
        self._max_waiting = max_waiting
        self._retry_after_s = retry_after_s
        self._slots = 1
        self._active = 0
        self._waiters: deque[asyncio.Future[None]] = deque()

    @property
    def active(self) -> int:
        return self._active

    @property
    def waiting(self) -> int:
        return len(self._waiters)

    async def acquire(self, slots: int) -> None:
        self._slots = max(1, slots)
        if self._active < self._slots and not self._waiters:
            self._active += 1
            return
        if len(self._waiters) >= self._max_waiting:
            raise HttpError(
                429,
                "server_busy",
                headers={"Retry-After": str(self._retry_after_s)},
                queued=len(self._waiters),
            )
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        try:
            await waiter  # the releaser counts us active before waking us
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a slot this request will not use
            else:
                self._waiters.remove(waiter)
            raise

    def release(self) -> None:
        self._active -= 1
        while self._waiters and self._active < self._slots:
            waiter = self._waiters.popleft()
            if not waiter.done():
                self._active += 1
                waiter.set_result(None)


# -- quiet logging --------------------------------------------------------------------------


class RateLimitedLog:
    """At most one record per kind per `interval_s`, then how many were suppressed: a
    flood must cost a line every few seconds, not megabytes of identical tracebacks."""

    def __init__(self, logger: logging.Logger, interval_s: float = 10.0) -> None:
        self._logger = logger
        self._interval_s = interval_s
        self._last: dict[str, float] = {}
        self._suppressed: dict[str, int] = {}

    def error(self, kind: str, message: str, *, exc_info: BaseException | None = None) -> bool:
        """Log `message` unless `kind` was logged within the interval; True if logged."""
        now = time.monotonic()
        last = self._last.get(kind)
        if last is not None and now - last < self._interval_s:
            self._suppressed[kind] = self._suppressed.get(kind, 0) + 1
            return False
        self._last[kind] = now
        suppressed = self._suppressed.pop(kind, 0)
        note = f" ({suppressed} similar suppressed)" if suppressed else ""
        self._logger.error("%s%s", message, note, exc_info=exc_info)
        return True

    def loop_exception_handler(
        self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]
    ) -> None:
        """For `loop.set_exception_handler`: asyncio reports every failed accept() (EMFILE
        under a flood) here, with a traceback each time."""
        message = str(context.get("message") or "event loop error")
        error = context.get("exception")
        if isinstance(error, OSError):  # EMFILE and friends: the line says it all
            self.error(f"loop:{message}", f"serve: {message}: {error}")
        else:
            self.error(f"loop:{message}", f"serve: {message}", exc_info=error)
