"""The services' one way to run background work: the result to `done`, an expected failure
as a `Problem` to `failed`, a bug logged once by the task's owner; the newest request of a
name wins; a request waits for the task it comes after."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from studio.core.errors import Problem, StudioError
from studio.core.tasks import TaskOwner
from studio.services.background import Background, or_os_error


def test_a_blocking_call_runs_off_the_loop_thread_and_its_result_is_delivered(
    qasync_loop: asyncio.AbstractEventLoop,
) -> None:
    work = Background(TaskOwner("test"))
    threads: list[threading.Thread] = []
    results: list[int] = []

    def blocking() -> int:
        threads.append(threading.current_thread())
        return 7

    async def scenario() -> None:
        assert await work.call("answer", blocking, results.append) == 7

    qasync_loop.run_until_complete(scenario())
    assert results == [7]
    assert threads and threads[0] is not threading.current_thread()


def test_expected_failures_arrive_as_problems(qasync_loop: asyncio.AbstractEventLoop) -> None:
    work = Background(TaskOwner("test"))
    problems: list[Problem] = []

    def refused() -> None:
        raise StudioError("model_missing", "gone", path="/m.gguf")

    def unreadable() -> None:
        raise PermissionError(13, "Permission denied", "/m.gguf")

    async def scenario() -> None:
        assert await work.call("refused", refused, failed=problems.append) is None
        await work.call(
            "unreadable",
            unreadable,
            failed=problems.append,
            expected=or_os_error(lambda error: Problem("model_unreadable", str(error))),
        )

    qasync_loop.run_until_complete(scenario())
    assert [p.code for p in problems] == ["model_missing", "model_unreadable"]
    assert problems[0].params == {"path": "/m.gguf"}


def test_a_bug_reaches_no_callback_and_is_logged_once_by_the_owner(
    qasync_loop: asyncio.AbstractEventLoop, caplog: pytest.LogCaptureFixture
) -> None:
    tasks = TaskOwner("test")
    work = Background(tasks)
    told: list[object] = []

    def buggy() -> None:
        raise KeyError("nobody expects this")

    async def scenario() -> None:
        task = work.call("buggy", buggy, told.append, told.append)
        await asyncio.wait({task})
        await asyncio.sleep(0)  # the owner's done callback

    with caplog.at_level(logging.ERROR):
        qasync_loop.run_until_complete(scenario())
    assert told == []
    logged = [r for r in caplog.records if "nobody expects this" in str(r.exc_info)]
    assert len(logged) == 1 and "test:buggy" in logged[0].getMessage()


def test_the_newest_request_of_a_name_wins(qasync_loop: asyncio.AbstractEventLoop) -> None:
    work = Background(TaskOwner("test"))
    delivered: list[str] = []

    async def slow(text: str) -> str:
        await asyncio.sleep(0.05)
        return text

    async def scenario() -> None:
        first = work.run("search", lambda: slow("old"), delivered.append, latest=True)
        assert work.busy
        second = work.run("search", lambda: slow("new"), delivered.append, latest=True)
        await asyncio.wait({first, second})
        assert first.cancelled() and not work.busy

    qasync_loop.run_until_complete(scenario())
    assert delivered == ["new"]


def test_a_request_starts_after_the_task_it_follows(
    qasync_loop: asyncio.AbstractEventLoop,
) -> None:
    work = Background(TaskOwner("test"))
    order: list[str] = []

    async def step(name: str, wait_s: float) -> None:
        await asyncio.sleep(wait_s)
        order.append(name)

    async def scenario() -> None:
        first = work.run("first", lambda: step("first", 0.05))
        second = work.run("second", lambda: step("second", 0), after=first)
        await second

    qasync_loop.run_until_complete(scenario())
    assert order == ["first", "second"]


def test_without_a_loop_the_work_runs_right_here() -> None:
    problems: list[Problem] = []
    results: list[int] = []
    assert Background.now("here", lambda: 3, results.append) == 3

    def refused() -> int:
        raise StudioError("model_missing", "gone")

    assert Background.now("here", refused, results.append, problems.append) is None
    assert results == [3] and [p.code for p in problems] == ["model_missing"]
