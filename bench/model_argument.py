"""The MODEL.gguf argument the engine benchmarks share: the model given, or else the
SmolLM2 test model (fetched into the test cache and checked, as the tests fetch it)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_with_model(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """`parser`'s arguments with an optional MODEL.gguf first."""
    parser.add_argument("model", nargs="?", type=Path)
    args = parser.parse_args()
    if args.model is None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.support.models import smollm2_path

        args.model = smollm2_path()
    return args
