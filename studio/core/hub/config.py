"""Where the Hub is, how to reach it, and how its failures become `HubError` codes.

The endpoint may be huggingface.co or any mirror speaking its HTTP API (`HF_ENDPOINT`); the
proxy applies to every request we and huggingface_hub make. The token is never stored here:
it lives in huggingface_hub's own token store (or `HF_TOKEN`) and is read when needed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import httpx
import httpx2
from huggingface_hub import constants as hf_constants
from huggingface_hub import errors as hf_errors
from huggingface_hub import get_token, set_client_factory

# Public per its docs; the lazily loaded `utils` package just does not re-export it for mypy.
from huggingface_hub.utils import (  # type: ignore[attr-defined]
    build_hf_headers,
    validate_repo_id,
)

from studio.core.hub.errors import (
    HUB_AUTH_REQUIRED,
    HUB_HTTP_ERROR,
    HUB_NOT_FOUND,
    HUB_OFFLINE,
    HUB_REPO_INVALID,
    HubError,
)

DEFAULT_ENDPOINT = "https://huggingface.co"
T = TypeVar("T")


def _default_endpoint() -> str:
    return os.environ.get("HF_ENDPOINT", "").strip().rstrip("/") or DEFAULT_ENDPOINT


def _default_cache_dir() -> Path:
    # Read the variables now rather than huggingface_hub's import-time constant, so a
    # process that sets them later (tests, a launcher) is honoured the same way.
    if cache := os.environ.get("HF_HUB_CACHE", "").strip():
        return Path(cache).expanduser()
    if home := os.environ.get("HF_HOME", "").strip():
        return Path(home).expanduser() / "hub"
    return Path(hf_constants.HF_HUB_CACHE)


@dataclass(frozen=True)
class HubConfig:
    """How to reach the Hub. Built once in the composition root from the user's settings."""

    endpoint: str = field(default_factory=_default_endpoint)
    proxy: str | None = None
    # The standard cache, so files we download are shared with every other HF tool.
    cache_dir: Path = field(default_factory=_default_cache_dir)
    connect_timeout_s: float = 10.0
    # A read that waits longer than this counts as a stall and the transfer resumes.
    read_timeout_s: float = 30.0

    def timeout(self) -> httpx.Timeout:
        return httpx.Timeout(self.read_timeout_s, connect=self.connect_timeout_s)

    def token(self) -> str | None:
        """The token from huggingface_hub's store or `HF_TOKEN`; never from our settings."""
        return get_token()

    def headers(self) -> dict[str, str]:
        """Headers for a request to the endpoint: user agent and, if there is one, the token."""
        token = self.token()
        built: Mapping[str, str] = build_hf_headers(
            token=token if token else False, library_name="gguf-studio"
        )
        return dict(built)

    def async_client(self, headers: Mapping[str, str] | None = None) -> httpx.AsyncClient:
        """A client for byte transfers and header reads against this endpoint; `headers`
        (e.g. `self.headers()` with the token) go with every request."""
        return httpx.AsyncClient(
            headers=dict(headers or {}),
            proxy=self.proxy,
            timeout=self.timeout(),
            follow_redirects=True,
            # An explicit proxy wins; otherwise honour the system's proxy variables.
            trust_env=self.proxy is None,
        )

    def install(self) -> None:
        """Make huggingface_hub's own HTTP client use our proxy and finite timeouts.

        huggingface_hub keeps one process-wide client; its default has no timeout at all, so
        a dead network would hang a search forever. This is the library's documented hook.
        """

        def refuse_when_offline(request: httpx2.Request) -> None:
            # What huggingface_hub's default client does: HF_HUB_OFFLINE means no request.
            if hf_constants.is_offline_mode():
                raise hf_errors.OfflineModeIsEnabled(f"offline mode: {request.url}")

        def factory() -> httpx2.Client:
            return httpx2.Client(
                event_hooks={"request": [refuse_when_offline]},
                follow_redirects=True,
                timeout=httpx2.Timeout(self.read_timeout_s, connect=self.connect_timeout_s),
                transport=_FailFastTransport(proxy=self.proxy),
                trust_env=self.proxy is None,
            )

        set_client_factory(factory)


class EndpointUnreachableError(ConnectionError):
    """The endpoint refused or never answered the connection."""


class _FailFastTransport(httpx2.HTTPTransport):
    """Reports a refused connection as `EndpointUnreachableError`, which huggingface_hub's
    backoff does not retry: a dead network is told to the user at once, not after ~25 s."""

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            return super().handle_request(request)
        except httpx2.ConnectError as error:
            raise EndpointUnreachableError(f"{request.url.host}: {error}") from error


def translate_hub_errors(call: Callable[[], T], *, what: str) -> T:
    """Run a blocking huggingface_hub call and turn its exceptions into `HubError` codes."""
    try:
        return call()
    except hf_errors.HFValidationError as error:
        # huggingface_hub checks an id before any request; its words go to the detail.
        raise HubError(HUB_REPO_INVALID, f"{what}: {error}", target=what) from error
    except hf_errors.GatedRepoError as error:
        raise HubError(HUB_AUTH_REQUIRED, f"{what}: {error}", target=what) from error
    except (hf_errors.RepositoryNotFoundError, hf_errors.RevisionNotFoundError) as error:
        status = _status(error)
        code = HUB_AUTH_REQUIRED if status in (401, 403) else HUB_NOT_FOUND
        raise HubError(code, f"{what}: {error}", target=what) from error
    except hf_errors.RemoteEntryNotFoundError as error:
        raise HubError(HUB_NOT_FOUND, f"{what}: {error}", target=what) from error
    except hf_errors.HfHubHTTPError as error:
        status = _status(error)
        code = HUB_AUTH_REQUIRED if status in (401, 403) else HUB_HTTP_ERROR
        raise HubError(code, f"{what}: {error}", target=what, status=status) from error
    except hf_errors.OfflineModeIsEnabled as error:
        raise HubError(HUB_OFFLINE, f"{what}: offline mode", target=what) from error
    except (httpx2.TransportError, httpx.TransportError, OSError) as error:
        # The detail goes to logs and --json: the OS's words, never the exception's repr.
        reason = str(error) or type(error).__name__
        raise HubError(HUB_OFFLINE, f"{what}: {reason}", target=what) from error


def _status(error: hf_errors.HfHubHTTPError) -> int:
    response = getattr(error, "response", None)
    status = getattr(response, "status_code", 0)
    return status if isinstance(status, int) else 0


def checked_repo_id(text: str) -> str:
    """`text` if it is a repository id the Hub accepts (owner/name); else a HubError."""

    def check() -> str:
        validate_repo_id(text)
        return text

    return translate_hub_errors(check, what=text)
