"""What the API answered, one event per request, for whoever watches the server live
(the app's Server page). Told once the answer has ended, so it carries the final status:
an error written into a stream that had already started counts as that error."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

# `status` of a request whose client left before it was answered (nginx's code for it).
CLIENT_CLOSED = 499


@dataclass(frozen=True)
class RequestEvent:
    method: str  # "" when the request line never arrived whole
    path: str
    client: str  # the peer's address
    status: int
    duration_s: float
    error_code: str | None = None  # an `errors` code; None when answered
    message: str | None = None  # the sentence the client was sent with the error
    at: float = field(default_factory=time.time)

    @property
    def failed(self) -> bool:
        return self.status >= 400


RequestListener = Callable[[RequestEvent], None]
