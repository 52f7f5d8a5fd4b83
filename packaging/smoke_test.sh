#!/usr/bin/env bash
# Smoke-test the archive that packaging/build.sh made: unpack it in a temporary folder,
# check both engines inside it and which one this CPU gets, chat with SmolLM2 through the
# bundle's own CLI (`gguf-studio run MODEL -p ...`), open the window offscreen, quit it with
# SIGTERM, and register the desktop entry. Usage: packaging/smoke_test.sh [ARCHIVE]
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${PYTHON:-}" ]]; then
    if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
archive="${1:-}"
if [[ -z "$archive" ]]; then
    archive="$(ls -t packaging/dist/gguf-studio-*.tar.gz 2>/dev/null | head -n 1)"
fi
if [[ ! -f "$archive" ]]; then
    echo "smoke_test.sh: no archive; run packaging/build.sh first" >&2
    exit 2
fi
STUDIO_BUNDLE_ARCHIVE="$(realpath "$archive")" QT_QPA_PLATFORM=offscreen \
    "$PYTHON" -m pytest tests/packaging/test_bundle.py -p no:cacheprovider -q
