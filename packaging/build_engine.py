"""Build the every-CPU-variant engine the bundle ships; print its folder on stdout.

The wheel's llama-server was compiled for AVX-512 and AMX and dies of SIGILL on most
desktops, so the bundle also carries a portable build (`studio engine build --portable`:
every x86-64 CPU variant as a loadable backend, the best one picked at run time).
It compiles for 30-60 minutes on 2 cores, so a finished build of the pinned source is
reused; `--rebuild` compiles it again. `LLAMA_CPP_BUILD_JOBS` bounds the compilers.

Usage: python packaging/build_engine.py [--cache DIR] [--rebuild]   (build.sh runs it)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from studio.core.engine.build import (
    LLAMA_CPP_BUILD,
    SDIST_REQUIREMENT,
    BuildError,
    BuildOptions,
    BuildProgress,
    BuildVariant,
    EngineBuilder,
)
from studio.core.engine.candidates import BUILD_MANIFEST
from studio.core.engine.locate import EngineError
from studio.core.engine.selftest import SelfTester

CACHE_VARIABLE = "STUDIO_PACKAGING_CACHE"


def default_cache() -> Path:
    configured = os.environ.get(CACHE_VARIABLE, "").strip()
    return Path(configured) if configured else Path.home() / ".cache" / "gguf-studio-packaging"


def finished_build(engines_dir: Path) -> Path | None:
    """A portable engine of the pinned source installed earlier, or None.

    The builder installs only after the self-test passed, so a manifest naming the pinned
    source marks a build that is complete and ran on the machine that built it.
    """
    for folder in sorted(engines_dir.glob(f"llama.cpp-{LLAMA_CPP_BUILD}-portable*")):
        try:
            manifest = json.loads((folder / BUILD_MANIFEST).read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(manifest, dict) and manifest.get("source") == SDIST_REQUIREMENT:
            return folder
    return None


class _Progress:
    """One stderr line per whole percent, so a CI log shows the build is alive."""

    def __init__(self) -> None:
        self._last: tuple[str, int] | None = None

    def __call__(self, progress: BuildProgress) -> None:
        key = (progress.phase, int(progress.percent))
        if key != self._last:
            self._last = key
            print(f"engine {progress.phase}: {progress.percent:.0f}%", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=default_cache(), help="build folder")
    parser.add_argument("--rebuild", action="store_true", help="compile even if one exists")
    args = parser.parse_args(argv)
    engines_dir = args.cache / "engines"
    found = None if args.rebuild else finished_build(engines_dir)
    if found is None:
        tester = SelfTester(args.cache / "engine-self-test.json", args.cache / "self-test")
        builder = EngineBuilder(args.cache / "engine-build", engines_dir, tester)
        # CUDA never: the bundle cannot carry the CUDA runtime. Vulkan when it can be built.
        options = BuildOptions(variant=BuildVariant.PORTABLE, cuda=False)
        try:
            found = builder.build(options, _Progress()).path.parent
        except (BuildError, EngineError) as error:
            print(f"build_engine.py: {error.detail}", file=sys.stderr)
            return 2
        finally:
            tester.close()
    print(found)
    return 0


if __name__ == "__main__":
    sys.exit(main())
