"""Process-side helpers that need no child: log retention."""

from __future__ import annotations

import os
from pathlib import Path

from studio.core.server.process import prune_logs


def test_old_engine_logs_are_pruned(tmp_path: Path) -> None:
    for index in range(5):
        log = tmp_path / f"llama-server-2026010{index}-000000-port1.log"
        log.write_text("x")
        os.utime(log, (1000 + index, 1000 + index))
    (tmp_path / "other.log").write_text("kept")
    prune_logs(tmp_path, 2)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "llama-server-20260103-000000-port1.log",
        "llama-server-20260104-000000-port1.log",
        "other.log",
    ]
