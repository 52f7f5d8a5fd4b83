"""Background work, one way for every service (in the spirit of Anki's `CollectionOp`).

A service hands `Background` the work, a blocking call (`call`: run on a worker thread) or
a coroutine (`run`: it awaits its own slow steps), with what to do with its outcome. The
work runs as a named task of the service's `TaskOwner` (cancelled on quit); then `done`
gets the result on the GUI thread, or `failed` gets an expected failure as a `Problem`:
a `StudioError` says its own, and `expected` words any other the service foresees (an
`OSError` with its path, say). Without `failed` nothing is expected. `deliver` does the
same inside the caller's own task, `now` right here (where no event loop runs).

Anything else is a bug: it ends the task and the owner logs it once, with the task's name,
and neither callback runs. No sentence is made up for it: a code's sentence says what
happened and what to do about it, which nobody can say of a bug.

Options for the patterns the services share:
- `latest=True`: the newest request of that name wins. Starting one cancels the one before;
  a thread cannot be stopped, but the outcome of a cancelled request is never delivered.
- `after=task`: start once `task` has ended (a stopped answer stored before the
  conversation is read again, one start of the local API after the other).
- `log_only`: failures the service only logs (the view keeps what it shows).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from studio.core.errors import Problem, StudioError
from studio.core.tasks import TaskOwner

log = logging.getLogger(__name__)

T = TypeVar("T")

# What an expected failure is, as the view will say it (None: not one this work expects).
Expected = Callable[[Exception], Problem | None]
Done = Callable[[T], object]
Failed = Callable[[Problem], object]


def studio_problem(error: Exception) -> Problem | None:
    """The failures every service expects: the core's own, each with its code."""
    return Problem.of(error) if isinstance(error, StudioError) else None


def or_os_error(word: Callable[[OSError], Problem]) -> Expected:
    """The core's failures, and an `OSError` as `word` says it (which file, what for)."""

    def expected(error: Exception) -> Problem | None:
        return word(error) if isinstance(error, OSError) else studio_problem(error)

    return expected


class Background:
    """One service's background work, on its owner's tasks."""

    def __init__(self, tasks: TaskOwner) -> None:
        self._tasks = tasks
        self._latest: dict[str, asyncio.Task[Any]] = {}

    def call(
        self,
        name: str,
        work: Callable[[], T],
        done: Done[T] | None = None,
        failed: Failed | None = None,
        *,
        expected: Expected = studio_problem,
        latest: bool = False,
        after: asyncio.Future[Any] | None = None,
        log_only: tuple[type[Exception], ...] = (),
    ) -> asyncio.Task[T | None]:
        """Run the blocking `work()` on a worker thread (see the module's docstring)."""
        return self.run(
            name,
            lambda: asyncio.to_thread(work),
            done,
            failed,
            expected=expected,
            latest=latest,
            after=after,
            log_only=log_only,
        )

    def run(
        self,
        name: str,
        work: Callable[[], Awaitable[T]],
        done: Done[T] | None = None,
        failed: Failed | None = None,
        *,
        expected: Expected = studio_problem,
        latest: bool = False,
        after: asyncio.Future[Any] | None = None,
        log_only: tuple[type[Exception], ...] = (),
    ) -> asyncio.Task[T | None]:
        """Await `work()` on the event loop. The task's result is the work's, or None when
        it failed. `work` is a factory, so a request cancelled before it starts leaves no
        coroutine unawaited."""
        if latest:
            self.cancel(name)

        async def in_turn() -> T | None:
            if after is not None and not after.done():
                await asyncio.wait({after})
            return await self.deliver(
                name, work, done, failed, expected=expected, log_only=log_only
            )

        task = self._tasks.spawn(name, in_turn())
        if latest:
            self._latest[name] = task
        return task

    def cancel(self, name: str) -> None:
        """Cancel the newest request of `name` (started with `latest=True`), if any."""
        task = self._latest.pop(name, None)
        if task is not None:
            task.cancel()

    @property
    def busy(self) -> bool:
        """Whether the newest request of any name is still running."""
        return any(not task.done() for task in self._latest.values())

    @staticmethod
    async def deliver(
        name: str,
        work: Callable[[], Awaitable[T]],
        done: Done[T] | None = None,
        failed: Failed | None = None,
        *,
        expected: Expected = studio_problem,
        log_only: tuple[type[Exception], ...] = (),
    ) -> T | None:
        """Await `work()` in the calling task and hand its outcome over as `run` does: for
        work its caller must see finished (a write that has to be on disk before the
        caller goes on, even while the app's tasks are being cancelled)."""
        try:
            result = await work()
        except Exception as error:
            _hand_over_failure(name, error, failed, expected, log_only)
            return None
        if done is not None:
            done(result)
        return result

    @staticmethod
    def now(
        name: str,
        work: Callable[[], T],
        done: Done[T] | None = None,
        failed: Failed | None = None,
        *,
        expected: Expected = studio_problem,
    ) -> T | None:
        """Run `work()` right here and hand its outcome over as `call` does: for a service
        used where no event loop runs (a dialog in a test, a benchmark)."""
        try:
            result = work()
        except Exception as error:
            _hand_over_failure(name, error, failed, expected, ())
            return None
        if done is not None:
            done(result)
        return result


def _hand_over_failure(
    name: str,
    error: Exception,
    failed: Failed | None,
    expected: Expected,
    log_only: tuple[type[Exception], ...],
) -> None:
    """Say an expected failure to `failed`, log one the service only logs, and raise
    anything else again: a bug, which the task's owner logs once, under the task's name."""
    if isinstance(error, log_only):
        log.warning("%s failed: %s", name, error)
        return
    problem = expected(error) if failed is not None else None
    if failed is None or problem is None:
        raise error
    failed(problem)
