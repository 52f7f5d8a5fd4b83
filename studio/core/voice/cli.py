"""What only the `studio` command adds after the app's own sentence for a code: the flag
that gets the user past it. The sentence itself stays in `templates.py`."""

from __future__ import annotations

from collections.abc import Mapping

# code -> what a command-line user is told after the sentence.
CLI_HINTS: Mapping[str, str] = {
    "model_does_not_fit": "Add --force to load it anyway.",
}
