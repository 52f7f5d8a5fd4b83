"""One file over HTTP: resumable with Range, stall and drop tolerant with backoff, and
verified against the Hub's digest before it counts as complete.

A stall is a read that waits longer than the client's read timeout; a drop is the server
closing before Content-Length. Both resume from the bytes already on disk. Attempts that
bring no new bytes are limited; an attempt that makes progress resets the count, so a long
download over a flaky line keeps going while a dead one fails with a clear code.
"""

from __future__ import annotations

import asyncio
import errno
import hashlib
import logging
import os
import stat
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO

import httpx

from studio.core.hub.errors import (
    DOWNLOAD_CHECKSUM_MISMATCH,
    DOWNLOAD_DISK_FULL,
    DOWNLOAD_RETRIES_EXHAUSTED,
    DOWNLOAD_TARGET_UNWRITABLE,
    HUB_AUTH_REQUIRED,
    HUB_HTTP_ERROR,
    HUB_NOT_FOUND,
    DownloadError,
    HubError,
)
from studio.core.hub.repo import RemoteFile
from studio.core.safe_read import kind_of as file_kind

log = logging.getLogger(__name__)

# Bytes gathered before one write (and hash update) in a worker thread.
WRITE_BLOCK = 1 << 20
_RETRYABLE_STATUS = {408, 425, 429, 500, 502, 503, 504}


@dataclass(frozen=True)
class RetryPolicy:
    first_delay_s: float = 1.0
    max_delay_s: float = 30.0
    # Consecutive attempts without a single new byte before giving up.
    attempts_without_progress: int = 6
    # A file whose bytes hash wrong is fetched again from zero this many times.
    fresh_retries_on_mismatch: int = 1

    def delay(self, failures: int) -> float:
        return float(min(self.max_delay_s, self.first_delay_s * 2 ** max(0, failures - 1)))


class RetryReason(StrEnum):
    """Why an attempt failed in a way worth retrying (`studio.core.voice` says each)."""

    STALLED = "stalled"  # no bytes for longer than the read timeout
    CONNECTION_DROPPED = "connection_dropped"  # closed before Content-Length
    CANNOT_CONNECT = "cannot_connect"
    CHECKSUM_MISMATCH = "checksum_mismatch"  # the whole file arrived but hashed wrong
    RANGE_NOT_SATISFIABLE = "range_not_satisfiable"  # the server refused to resume
    TOO_MANY_BYTES = "too_many_bytes"  # more bytes than the Hub's size for the file
    HTTP_STATUS = "http_status"  # a retryable HTTP status (`status` says which)


@dataclass(frozen=True)
class RetryNotice:
    attempt: int  # consecutive failures so far
    delay_s: float
    reason: RetryReason
    status: int | None = None  # the HTTP status, for `RetryReason.HTTP_STATUS`


class _RetryableError(Exception):
    def __init__(self, reason: RetryReason, status: int | None = None) -> None:
        super().__init__(reason.value if status is None else f"{reason.value} {status}")
        self.reason = reason
        self.status = status


def new_digest(remote: RemoteFile) -> Any:
    """A hash object that ends as the Hub's digest of the file: sha256 for LFS files, the
    git blob sha1 (which hashes a `blob <size>\\0` header first) otherwise."""
    if remote.sha256:
        return hashlib.sha256()
    digest = hashlib.sha1(usedforsecurity=False)
    digest.update(b"blob %d\0" % remote.size)
    return digest


def expected_digest(remote: RemoteFile) -> str:
    return (remote.sha256 or remote.blob_id).lower()


def _hash_prefix(path: Path, remote: RemoteFile) -> tuple[Any, int]:
    digest = new_digest(remote)
    size = 0
    with path.open("rb") as handle:
        while block := handle.read(WRITE_BLOCK * 4):
            digest.update(block)
            size += len(block)
    return digest, size


# O_NONBLOCK: opening a FIFO for writing blocks until a reader comes; this way it fails at
# once (ENXIO), and the fstat after the open refuses whatever else is not a regular file.
_APPEND_FLAGS = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _not_regular(path: Path, kind: str) -> DownloadError:
    return DownloadError(
        DOWNLOAD_TARGET_UNWRITABLE,
        f"cannot write {path}: it is a {kind}, not a regular file",
        path=str(path),
    )


def _open_for_append(path: Path) -> BinaryIO:
    descriptor = os.open(path, _APPEND_FLAGS, 0o644)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, file_kind(mode))
        return os.fdopen(descriptor, "ab")
    except BaseException:
        os.close(descriptor)
        raise


def _append(path: Path, data: bytes, digest: Any) -> None:
    try:
        with _open_for_append(path) as handle:
            handle.write(data)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DownloadError(
                DOWNLOAD_DISK_FULL, f"disk full writing {path}", path=str(path), needed=len(data)
            ) from error
        raise DownloadError(
            DOWNLOAD_TARGET_UNWRITABLE, f"cannot write {path}: {error}", path=str(path)
        ) from error
    digest.update(data)


def _mode_or_none(path: Path) -> int | None:
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None


class FileTransfer:
    """Downloads `remote` from `url` into `partial`, resuming whatever is already there."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        url: str,
        headers: dict[str, str],
        remote: RemoteFile,
        partial: Path,
        *,
        on_bytes: Callable[[int], None],
        on_retry: Callable[[RetryNotice], None],
        policy: RetryPolicy,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._client = client
        self._url = url
        self._headers = headers
        self._remote = remote
        self._partial = partial
        self._on_bytes = on_bytes
        self._on_retry = on_retry
        self._policy = policy
        self._sleep = sleep
        self._digest: Any = None
        self._offset = 0

    @property
    def offset(self) -> int:
        return self._offset

    async def run(self) -> None:
        """Returns once the partial file holds exactly the verified bytes."""
        await asyncio.to_thread(self._partial.parent.mkdir, parents=True, exist_ok=True)
        await self._load_partial()
        mismatches = 0
        failures = 0
        while True:
            before = self._offset
            try:
                if self._offset < self._remote.size:
                    await self._attempt()
                if self._offset < self._remote.size:
                    raise _RetryableError(RetryReason.CONNECTION_DROPPED)
                actual = self._digest.hexdigest().lower()
                if actual == expected_digest(self._remote):
                    return
                mismatches += 1
                await self._discard()
                if mismatches > self._policy.fresh_retries_on_mismatch:
                    raise DownloadError(
                        DOWNLOAD_CHECKSUM_MISMATCH,
                        f"{self._remote.path}: got {actual}, Hub says "
                        f"{expected_digest(self._remote)}",
                        file=self._remote.path,
                        expected=expected_digest(self._remote),
                        actual=actual,
                    )
                raise _RetryableError(RetryReason.CHECKSUM_MISMATCH)
            except _RetryableError as retry:
                failures = 1 if self._offset > before else failures + 1
                if failures > self._policy.attempts_without_progress:
                    raise DownloadError(
                        DOWNLOAD_RETRIES_EXHAUSTED,
                        f"{self._remote.path}: {retry} {failures - 1} times in a row",
                        file=self._remote.path,
                        reason=retry.reason,
                        status=retry.status,
                    ) from retry
                delay = self._policy.delay(failures)
                log.info("%s: %s, retrying in %.1fs", self._remote.path, retry, delay)
                self._on_retry(RetryNotice(failures, delay, retry.reason, retry.status))
                await self._sleep(delay)

    async def _load_partial(self) -> None:
        mode = await asyncio.to_thread(_mode_or_none, self._partial)
        if mode is not None and not stat.S_ISREG(mode):
            # A FIFO or device where our partial file goes: never written, never hashed.
            raise _not_regular(self._partial, file_kind(mode))
        if mode is None:
            self._digest, self._offset = new_digest(self._remote), 0
            return
        size = (await asyncio.to_thread(self._partial.stat)).st_size
        if size > self._remote.size:
            await self._discard()
            return
        self._digest, self._offset = await asyncio.to_thread(
            _hash_prefix, self._partial, self._remote
        )

    async def _discard(self) -> None:
        await asyncio.to_thread(self._partial.unlink, missing_ok=True)
        self._digest, self._offset = new_digest(self._remote), 0

    async def _attempt(self) -> None:
        headers = dict(self._headers)
        headers["Accept-Encoding"] = "identity"  # the Hub's sizes and digests are of raw bytes
        if self._offset:
            headers["Range"] = f"bytes={self._offset}-"
        buffer = bytearray()
        try:
            async with self._client.stream("GET", self._url, headers=headers) as response:
                await self._check_status(response)
                async for chunk in response.aiter_raw():
                    buffer += chunk
                    if len(buffer) >= WRITE_BLOCK:
                        await self._write(bytes(buffer))
                        buffer.clear()
        except asyncio.CancelledError:
            # Paused or quitting: what arrived is good, so the next session resumes after it.
            await self._write(bytes(buffer))
            raise
        except (httpx.ConnectError, httpx.ConnectTimeout) as error:
            raise _RetryableError(RetryReason.CANNOT_CONNECT) from error
        except httpx.TimeoutException as error:
            # Bytes that arrived before the stall are good: keep them, resume after them.
            await self._write(bytes(buffer))
            raise _RetryableError(RetryReason.STALLED) from error
        except httpx.TransportError as error:
            await self._write(bytes(buffer))
            raise _RetryableError(RetryReason.CONNECTION_DROPPED) from error
        await self._write(bytes(buffer))

    async def _check_status(self, response: httpx.Response) -> None:
        status = response.status_code
        if status == 206:
            return
        if status == 200:
            if self._offset:
                # The server ignored Range: start over rather than append a second copy.
                log.info("%s: server ignored Range, restarting", self._remote.path)
                await self._discard()
            return
        if status == 416:
            await self._discard()
            raise _RetryableError(RetryReason.RANGE_NOT_SATISFIABLE)
        if status in _RETRYABLE_STATUS:
            raise _RetryableError(RetryReason.HTTP_STATUS, status)
        if status in (401, 403):
            raise HubError(HUB_AUTH_REQUIRED, f"{self._url}: {status}", target=self._remote.path)
        if status == 404:
            raise HubError(HUB_NOT_FOUND, f"{self._url}: 404", target=self._remote.path)
        raise HubError(HUB_HTTP_ERROR, f"{self._url}: {status}", status=status)

    async def _write(self, data: bytes) -> None:
        if not data:
            return
        if self._offset + len(data) > self._remote.size:
            await self._discard()
            raise _RetryableError(RetryReason.TOO_MANY_BYTES)
        write = asyncio.ensure_future(asyncio.to_thread(_append, self._partial, data, self._digest))
        try:
            await asyncio.shield(write)
        except asyncio.CancelledError:
            # A pause or cancel must not return while a thread still appends to the file:
            # the caller may delete it next. Let the write land, then stop.
            await asyncio.gather(write, return_exceptions=True)
            raise
        self._offset += len(data)
        self._on_bytes(len(data))
