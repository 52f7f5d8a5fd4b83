"""A streaming answer survives a SIGKILL of the writing process, minus the chunk in flight."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from studio.core.chat import ChatStore, MessageStatus

_WRITER = """
import sys
from pathlib import Path
from studio.core.chat import AnswerRecorder, ChatStore, ChunkBuffer, MessageStatus, Role

store = ChatStore(Path(sys.argv[1]))
conversation = store.create_conversation("crash")
answer = store.add_message(conversation.id, Role.ASSISTANT, status=MessageStatus.STREAMING)
# A chunk is due every 3 deltas ("t0;t1;t2;" is 9 characters).
recorder = AnswerRecorder(store, answer.id, ChunkBuffer(max_chars=9, max_age_s=3600))
token = 0
while True:
    due = recorder.add(f"t{token % 10};")
    token += 1
    if due:
        recorder.commit()
        print(token, flush=True)
"""


def test_sigkill_mid_answer_loses_at_most_the_chunk_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "chat.sqlite3"
    writer = subprocess.Popen(
        [sys.executable, "-c", _WRITER, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert writer.stdout is not None
    committed = 0
    while committed < 300:  # let it commit a hundred chunks, then kill it mid-stream
        line = writer.stdout.readline()
        assert line, "writer died before being killed"
        committed = int(line)
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    writer.stdout.close()

    with ChatStore(path) as store:
        assert store.mark_unfinished_interrupted() == 1
        (conversation,) = store.list_conversations()
        (answer,) = store.messages(conversation.id)
    tokens = answer.content.split(";")[:-1]
    # Everything the writer reported committed is there, in order, and nothing torn.
    assert len(tokens) >= committed
    assert len(tokens) % 3 == 0
    assert tokens == [f"t{i % 10}" for i in range(len(tokens))]
    assert answer.status is MessageStatus.INTERRUPTED
