"""A chat store that holds an answer's placeholder write until told, so that a test can
stop a turn while its first writes are under way."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from studio.core.chat import ChatStore, Message, Role


class HeldStore(ChatStore):
    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.writing = threading.Event()  # set once the placeholder write has begun
        self.go_on = threading.Event()  # set by the test to let it finish

    def add_message(self, conversation_id: int, role: Role, *args: Any, **kw: Any) -> Message:
        if role is Role.ASSISTANT:
            self.writing.set()
            self.go_on.wait(10)
        return super().add_message(conversation_id, role, *args, **kw)
