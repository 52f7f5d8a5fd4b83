"""The one launch a plan becomes, and the command line shown for it.

The app runs `app_launch(plan)`, the load dialog shows `command_line(plan)` and `studio fit`
prints the same list, so what a user reads in either is what the manager will start (with
the placeholder binary and port the manager fills in per spawn).
"""

from __future__ import annotations

from studio.core.engine.info import EngineFeatures
from studio.core.placement.plan import DISPLAY_BINARY, DISPLAY_PORT, Plan
from studio.core.server.launch import LaunchSpec, to_argv

# `-lv 4` makes llama-server print its buffer sizes (libllama's INFO lines moved to
# verbosity 4); without them there is nothing to compare the prediction with.
ALLOCATION_VERBOSITY = ("-lv", "4")


def app_launch(plan: Plan, features: EngineFeatures | None) -> LaunchSpec:
    """The plan's launch, labelled with the file the user chose (as the Library lists it
    and the autoload names it), with the log verbosity that reports allocations when the
    engine has the flag."""
    spec = plan.launch.with_changes(label=plan.model_path.name)
    if features is not None and features.supports("-lv"):
        spec = spec.with_changes(extra_args=(*spec.extra_args, *ALLOCATION_VERBOSITY))
    return spec


def command_line(plan: Plan, features: EngineFeatures | None) -> list[str]:
    """The argv of `app_launch(plan)` with the manager's placeholders."""
    return to_argv(app_launch(plan, features), DISPLAY_BINARY, DISPLAY_PORT)
