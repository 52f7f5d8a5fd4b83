"""The services' Qt tests run on the same qasync loop the UI tests use (as in `app.py`)."""

from tests.ui.conftest import qasync_loop

__all__ = ["qasync_loop"]
