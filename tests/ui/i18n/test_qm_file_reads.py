"""A catalogue's context index is read with `safe_read`: a FIFO or a device in a
catalogue's place is a catalogue without an index, never a wait (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studio.ui.i18n.qm_file import QM_MAGIC, QmFormatError, contexts_by_source
from tests.support.fifo_watch import watched_fifo


def test_a_fifo_is_not_a_catalogue(tmp_path: Path) -> None:
    with watched_fifo(tmp_path / "studio_de.qm") as fifo:
        with pytest.raises(QmFormatError):
            contexts_by_source(fifo.path)
        assert fifo.blocked() == 0


def test_an_empty_catalogue_has_an_empty_index(tmp_path: Path) -> None:
    catalogue = tmp_path / "studio_de.qm"
    catalogue.write_bytes(QM_MAGIC)
    assert dict(contexts_by_source(catalogue)) == {}
