"""What the screenshot scenes share: waiting for the app to get somewhere, and saving a picture."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QWidget


async def settle(seconds: float = 0.6) -> None:
    await asyncio.sleep(seconds)  # qasync lets Qt lay out and paint meanwhile


async def until(condition: Callable[[], bool], timeout_s: float = 240.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError("the app did not reach the state to photograph")
        await asyncio.sleep(0.1)


def save(widget: QWidget, target: Path) -> None:
    if not widget.grab().save(str(target)):
        raise OSError(f"could not write {target}")
    print(target)
