"""What to do with an engine cache on disk (probe answers, self-test verdicts) that cannot
be used: move it aside and let the next run rebuild it.

These caches hold nothing that cannot be measured again, but a damaged one used to fail
every start the same way (JSON nested 100,000 deep raised RecursionError: "unexpected
problem" from `run`, `serve` and `engine build`, for good). Moved aside as
`<name>.damaged` (replacing an older one), it is kept to look at and out of the way.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

# What reading a damaged cache raises: malformed or undecodable JSON, a file the safe
# reader refuses (both ValueError), nesting deeper than the parser's stack.
DAMAGE: Final = (ValueError, RecursionError)


def set_aside(path: Path, why: BaseException | str) -> None:
    """Move the damaged cache `path` to `<name>.damaged`; a failure to move it (a
    read-only folder) only costs the time of measuring again, so it is logged."""
    reason = why if isinstance(why, str) else f"{type(why).__name__}: {why}"[:200]
    aside = path.with_name(path.name + ".damaged")
    try:
        path.replace(aside)
    except OSError as error:
        log.warning("the cache %s is damaged (%s) and could not be moved: %s", path, reason, error)
        return
    log.warning("the cache %s was damaged (%s); moved to %s and rebuilt", path, reason, aside)
