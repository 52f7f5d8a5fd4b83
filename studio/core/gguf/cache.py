"""Models read once per file version, for a planner that plans the same file again.

`studio serve` plans a model on its own and beside the models already loaded, and again
after an eviction; reading SmolLM2's header (its 49,152 vocabulary strings) takes about
30 ms of the 35 a plan costs, and runs in a thread beside the streams other requests are
reading. A file's version is its path, size and modification time: a file replaced under
the same name is read afresh. Owned by whoever plans (no module-level cache).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path

from studio.core.gguf.header import GGUFModel
from studio.core.gguf.local import read_model

_Version = tuple[str, int, int]


class ModelCache:
    """The `size` models read most recently. Blocking (stat, header reads); safe to use
    from several threads at once."""

    def __init__(self, size: int = 16) -> None:
        self._size = size
        self._models: OrderedDict[_Version, GGUFModel] = OrderedDict()
        self._lock = threading.Lock()

    def read(self, path: Path) -> GGUFModel:
        """The model at `path` (`read_model`, which raises what it raises)."""
        try:
            stat = path.stat()
        except OSError:
            return read_model(path)  # which says why in the reader's own words
        version = (str(path), stat.st_size, stat.st_mtime_ns)
        with self._lock:
            model = self._models.get(version)
            if model is not None:
                self._models.move_to_end(version)
                return model
        model = read_model(path)
        with self._lock:
            self._models[version] = model
            while len(self._models) > self._size:
                self._models.popitem(last=False)
        return model
