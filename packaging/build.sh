#!/usr/bin/env bash
# Build GGUF Studio as a one-folder app and pack it into a tar archive:
#   packaging/dist/gguf-studio/                                  (run ./gguf-studio)
#   packaging/dist/gguf-studio-<version>-linux-<arch>.tar.gz
# Needs PyInstaller in the Python that runs it: pip install -e '.[package]'.
# PYTHON picks that Python (default: .venv/bin/python when present, else python3).
# The bundle carries a portable llama-server (every x86-64 CPU variant) besides the wheel's
# AVX-512/Vulkan one: STUDIO_BUNDLE_ENGINE names a finished build folder, else
# packaging/build_engine.py builds it (30-60 min on 2 cores; reused after that).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${PYTHON:-}" ]]; then
    if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
    echo "build.sh: PyInstaller is missing; run: $PYTHON -m pip install -e '.[package]'" >&2
    exit 2
fi

version="$("$PYTHON" -c 'import studio; print(studio.__version__)')"
archive="packaging/dist/gguf-studio-${version}-linux-$(uname -m).tar.gz"

start=$SECONDS
if [[ -z "${STUDIO_BUNDLE_ENGINE:-}" ]]; then
    STUDIO_BUNDLE_ENGINE="$("$PYTHON" packaging/build_engine.py)"
fi
export STUDIO_BUNDLE_ENGINE
echo "engine: $STUDIO_BUNDLE_ENGINE ($((SECONDS - start)) s)"
start=$SECONDS
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
    --distpath packaging/dist --workpath packaging/build packaging/gguf-studio.spec
built=$SECONDS
rm -f "$archive"
# Symlinks stay symlinks (the engine's library names); the folder unpacks as gguf-studio/.
tar -C packaging/dist -czf "$archive.partial" gguf-studio
mv "$archive.partial" "$archive"
echo "bundle: packaging/dist/gguf-studio ($(du -sh packaging/dist/gguf-studio | cut -f1)," \
    "built in $((built - start)) s)"
echo "archive: $archive ($(du -h "$archive" | cut -f1), packed in $((SECONDS - built)) s)"
