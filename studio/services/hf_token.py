"""The Hugging Face token lives in huggingface_hub's own token store, never in our settings
file: every HF tool on the machine then shares it, and our settings can be copied safely.

`login` validates the token against the Hub before storing it, so saving needs the network;
it is blocking, so `HfTokenService` runs it on a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

import huggingface_hub
from PySide6.QtCore import QObject, Signal

from studio.core.errors import Problem
from studio.core.tasks import TaskOwner
from studio.services.background import Background


@dataclass(frozen=True)
class HfTokenStore:
    """Thin seam over huggingface_hub's token functions (swappable in tests)."""

    read: Callable[[], str | None] = huggingface_hub.get_token
    write: Callable[[str], None] = lambda token: huggingface_hub.login(
        token=token, add_to_git_credential=False
    )
    erase: Callable[[], None] = huggingface_hub.logout

    def current(self) -> str | None:
        return self.read()

    def save(self, token: str) -> None:
        self.write(token.strip())

    def clear(self) -> None:
        self.erase()


def mask_token(token: str | None) -> str:
    """`hf_abc…wxyz`: enough to recognise a token, never enough to use it."""
    if not token:
        return ""
    if len(token) <= 10:
        return "…"
    return f"{token[:5]}…{token[-4:]}"


class HfTokenService(QObject):
    """The token as the Settings page sees it. Saving checks it with the Hub first, on a
    worker thread; reading and forgetting it are quick file operations."""

    saved = Signal()
    refused = Signal(object)  # Problem: why the token was not saved

    def __init__(
        self, store: HfTokenStore, tasks: TaskOwner, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._work = Background(tasks)

    def current(self) -> str | None:
        return self._store.current()

    def clear(self) -> None:
        """Forget the token; an `OSError` when HF_TOKEN in the environment still gives one."""
        self._store.clear()

    def save(self, token: str) -> asyncio.Task[None]:
        return self._work.call(
            "save-hf-token",
            lambda: self._store.save(token),
            lambda _: self.saved.emit(),
            self.refused.emit,
            # Any failure (the network, a token the Hub refuses) is said, in its own words.
            expected=lambda error: Problem(
                "hf_token_refused", str(error), {"reason": str(error)[:200]}
            ),
        )
