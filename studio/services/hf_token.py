"""The Hugging Face token lives in huggingface_hub's own token store, never in our settings
file: every HF tool on the machine then shares it, and our settings can be copied safely.

`login` validates the token against the Hub before storing it, so saving needs the network;
it is blocking, so callers run it with `asyncio.to_thread`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import huggingface_hub


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
