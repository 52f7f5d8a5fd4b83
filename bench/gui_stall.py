"""How long the GUI thread stalls while a chat answer streams, and launch-to-first-paint.

Side by side in one run:

- idle: the longest gap between ticks of a 1 ms timer while the chat pane shows a
  conversation and nothing streams (the floor of this machine and platform);
- stream: the same while an answer streams into the pane at `--rate` tokens per second
  (default 200) from a synthetic backend: paragraphs, lists and code blocks, so prose
  rendering, code highlighting and reasoning all take part; the UI is fed exactly as in
  the app (ChatService batching at <= 30 Hz, SQLite chunk commits);
- engine (with `--engine`): the same while SmolLM2 streams from the real llama-server;
- mcp start: the same while the app's `McpService` starts the MCP servers of its list
  (two real stdio servers of tests/support/mcp_servers.py and one that never answers,
  failed after its start timeout), the SDK imported on first use as in the app; the
  phase ends once all three are settled (`--no-mcp` leaves it out);
- index: the same while the `DocumentService` reads, cuts and indexes a generated text
  file of `--chunks` passages (default 1,000) into a conversation, its progress bar in the
  pane; the embedder is a stand-in that answers at once, so what is measured is the app's
  share (bench/document_stall.py does PDFs and the real engine; `--no-index` leaves it out);
- probs off / on (with `--token-probs`): the stream again in a fresh conversation with the
  token-probability toggle off, then on (the backend then sends each token's logprobs and
  five alternatives, as llama-server does, and the view tints every token): what the tint
  costs, and that off asks for nothing (`logprobs requested` must be `no`);
- launch: process start to the first paint of the main window, for the app as a person
  starts it (`python -m studio`) beside a bare QMainWindow, each the median of
  `--launches` runs.

Target: the longest stall while streaming, while MCP servers start and while a document is
indexed, under 16 ms (one frame at 60 Hz; issue 28's Speed line).
Run: `python bench/gui_stall.py [--seconds 6] [--rate 200] [--engine] [--token-probs]
[--no-mcp] [--no-index] [--chunks 1000] [--launches 3]`.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import qasync  # noqa: E402
from PySide6.QtCore import Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.core.chat import ChatStore, SamplingSettings  # noqa: E402
from studio.core.chat.backend import (  # noqa: E402
    ChatBackend,
    DirectServerBackend,
    TemplateCapabilities,
)
from studio.core.server.client import ChatDelta, parse_chunk  # noqa: E402
from studio.core.tasks import TaskOwner  # noqa: E402
from studio.services.chat_service import ChatService  # noqa: E402
from studio.services.event_loop import install_asyncgen_finalizer  # noqa: E402
from studio.ui.chat.chat_pane import ChatPane  # noqa: E402

FRAME_MS = 16.0

_ANSWER_PARTS = (
    "Here is a walk through the idea, step by step.\n\n",
    "1. **Read** the header without mapping the file.\n"
    "2. *Estimate* the memory per device.\n"
    "3. Place the layers where they fit.\n\n",
    "A paragraph of plain prose follows, long enough to wrap over several lines of the "
    "conversation view, with `inline code` and a [link](https://example.org) in it.\n\n",
    "```python\n"
    "def place(layers: list[int], budget: int) -> list[int]:\n"
    "    placed, used = [], 0\n"
    "    for size in layers:\n"
    "        if used + size > budget:\n"
    "            break\n"
    "        placed.append(size)\n"
    "        used += size\n"
    "    return placed\n"
    "```\n\n",
    "| device | weights | kv |\n|---|---|---|\n| GPU0 | 7.1 GiB | 1.0 GiB |\n\n",
)


def synthetic_tokens(count: int) -> list[str]:
    """`count` token-sized pieces (about four characters) of a Markdown answer."""
    text = ""
    while len(text) < count * 4:
        text += "".join(_ANSWER_PARTS)
    return [text[i : i + 4] for i in range(0, count * 4, 4)]


class SyntheticBackend:
    """Streams tokens at a fixed rate, like an engine would, without using the CPU."""

    def __init__(self, tokens: Sequence[str], rate: float, reasoning: int = 40) -> None:
        self.tokens = list(tokens)
        self.rate = rate
        self.reasoning = reasoning
        self.asked_logprobs: list[bool] = []

    async def stream_chat(
        self, messages: Sequence[Mapping[str, Any]], options: Mapping[str, Any]
    ) -> AsyncIterator[ChatDelta]:
        loop = asyncio.get_running_loop()
        start = loop.time()
        logprobs = "logprobs" in options
        self.asked_logprobs.append(logprobs)
        for index in range(self.reasoning + len(self.tokens)):
            # Pace against the clock, so timer slack never lowers the rate.
            delay = start + index / self.rate - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            if index < self.reasoning:
                yield ChatDelta(reasoning=f"step {index} ")
            elif logprobs:
                yield parse_chunk(_with_logprobs(self.tokens[index - self.reasoning], index))
            else:
                yield ChatDelta(content=self.tokens[index - self.reasoning])
        yield ChatDelta(finish_reason="stop", timings={"predicted_per_second": self.rate})

    async def template_capabilities(self) -> TemplateCapabilities:
        return TemplateCapabilities()


def _with_logprobs(token: str, index: int) -> dict[str, Any]:
    """A chunk as llama-server streams it with `logprobs` and `top_logprobs: 5`."""
    prob = 0.05 + 0.9 * ((index * 37) % 100) / 100
    top = [(token, prob)] + [(f"alt{k}", (1 - prob) / (k + 2)) for k in range(4)]
    entry = {
        "token": token,
        "bytes": list(token.encode()),
        "logprob": math.log(prob),
        "top_logprobs": [{"token": t, "logprob": math.log(p)} for t, p in top],
    }
    return {"choices": [{"delta": {"content": token}, "logprobs": {"content": [entry]}}]}


class StallProbe:
    """A 1 ms timer on the GUI thread; a gap beyond 1 ms is time the thread was busy, or
    was not scheduled at all. The GUI thread's own CPU time in each gap separates the two
    on a loaded machine: `cpu` is what our code cost, `wall` what a user would have felt."""

    def __init__(self) -> None:
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(1)
        self._timer.timeout.connect(self._tick)
        self._last = 0.0
        self._last_cpu = 0.0
        self.gaps: list[float] = []
        self.cpu: list[float] = []

    def start(self) -> None:
        self.gaps.clear()
        self.cpu.clear()
        self._last = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._timer.start()

    def stop(self) -> list[float]:
        self._timer.stop()
        return list(self.gaps)

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.gaps.append((now - self._last) * 1000.0)
        self.cpu.append((cpu - self._last_cpu) * 1000.0)
        self._last, self._last_cpu = now, cpu


def verdict(gaps: list[float], cpu: list[float], idle: list[float], idle_cpu: list[float]) -> str:
    """The longest stall beside the idle floor's, and whether it is within a frame."""
    return (
        f"wall {max(gaps) / max(idle):.2f}, cpu {max(cpu) / max(max(idle_cpu), 0.001):.2f};"
        f" target longest < {FRAME_MS:.0f} ms:"
        f" wall {'met' if max(gaps) < FRAME_MS else 'MISSED'},"
        f" cpu {'met' if max(cpu) < FRAME_MS else 'MISSED'}"
    )


async def mcp_start(home: Path, tasks: TaskOwner, probe: StallProbe) -> tuple[list[float], str]:
    """The app's `McpService` starting two real stdio servers and one that never answers,
    measured from `start()` until each is ready or failed; every process ended after."""
    from studio.core.mcp import McpServerStore, McpSnapshot, McpState
    from studio.services.mcp_service import McpService
    from tests.support.mcp_app import HANG_S, stdio_entry

    folder = home / "mcp"
    folder.mkdir()
    store = McpServerStore(folder)
    entries = [stdio_entry("tools"), stdio_entry("other", "other"), stdio_entry("silent", "silent")]
    store.save(entries)
    service = McpService(store, tasks, start_timeout=HANG_S)
    settled: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_state(_: McpSnapshot) -> None:
        states = [service.state_of(entry.name).state for entry in entries]
        if all(s in (McpState.READY, McpState.FAILED) for s in states) and not settled.done():
            settled.set_result(None)

    service.state_changed.connect(on_state)
    probe.start()
    service.start()
    await asyncio.wait_for(settled, 120)
    await asyncio.sleep(0.3)  # the last signals and whatever follows them
    gaps = probe.stop()
    said = ", ".join(f"{e.name} {service.state_of(e.name).state.value}" for e in entries)
    await service.shutdown()
    return gaps, f"{said} (start timeout {HANG_S:g} s)"


class InstantEmbedder:
    """Vectors at once: the indexing's own cost, not an embedding model's, is measured."""

    name = "instant"

    def __init__(self) -> None:
        # Imported before the measurement: the app has them by the time a file is dropped.
        import numpy

        from studio.core.documents.search import normalised

        self._random = numpy.random.default_rng(0)
        self._normalised = normalised

    async def embed(self, texts: Sequence[str]) -> Any:
        return self._normalised(self._random.standard_normal((len(texts), 576)))


async def index_document(
    home: Path, tasks: TaskOwner, pane: ChatPane, chunks: int, probe: StallProbe
) -> tuple[list[float], str]:
    """The `DocumentService` indexing a text file of `chunks` passages (paragraphs of
    about 850 characters, one passage each) into the conversation on screen."""
    from studio.core.documents.index import DocumentIndex
    from studio.services.document_service import DocumentService

    sentence = "A sentence about placing layers where they fit, written again and again. "
    paragraph = sentence * (850 // len(sentence))
    path = home / "long.txt"
    path.write_text("\n\n".join(f"{i}: {paragraph}" for i in range(chunks)), encoding="utf-8")
    with DocumentIndex.in_memory() as index:
        embedder = InstantEmbedder()
        documents = DocumentService(index, tasks, lambda: embedder)
        pane.attach_documents(documents)
        await asyncio.sleep(0.3)  # the bar laid out
        probe.start()
        started = time.perf_counter()
        task = documents.attach([path])
        assert task is not None
        await task
        took = time.perf_counter() - started
        await asyncio.sleep(0.3)  # the list and the bar after the last passage
        gaps = probe.stop()
        (document,) = index.documents(documents.conversation_id)
    return gaps, f"{document.chunks} passages indexed in {took * 1000:.0f} ms"


def summary(gaps: list[float]) -> str:
    if not gaps:
        return "no ticks"
    ordered = sorted(gaps)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    over = sum(1 for g in gaps if g > FRAME_MS)
    return (
        f"longest {max(gaps):6.1f} ms, p99 {p99:5.1f} ms, median {statistics.median(gaps):4.1f} ms,"
        f" {over} gaps over {FRAME_MS:.0f} ms in {len(gaps)} ticks"
    )


async def stream_once(
    pane: ChatPane, service: ChatService, backend: ChatBackend, prompt: str, probe: StallProbe
) -> tuple[list[float], int]:
    service.set_backend(backend, "bench")
    await asyncio.sleep(0.3)  # capabilities read, layout settled
    finished: asyncio.Future[object] = asyncio.get_running_loop().create_future()

    def on_finished(message: object) -> None:
        if not finished.done():
            finished.set_result(message)

    service.answer_finished.connect(on_finished)
    updates = 0

    def on_delta(*_: object) -> None:
        nonlocal updates
        updates += 1

    service.answer_delta.connect(on_delta)
    probe.start()
    pane.input.setPlainText(prompt)
    pane.send_button.click()
    await finished
    await asyncio.sleep(0.3)  # the last highlight and layout
    gaps = probe.stop()
    service.answer_finished.disconnect(on_finished)
    service.answer_delta.disconnect(on_delta)
    return gaps, updates


async def measure(args: argparse.Namespace, app: QApplication, home: Path) -> None:
    tasks = TaskOwner("bench")
    install_asyncgen_finalizer(asyncio.get_running_loop(), tasks)
    with ExitStack() as stack:
        store = stack.enter_context(ChatStore(home / "chat.sqlite3"))
        service = ChatService(store, tasks)
        pane = ChatPane(service, tasks)
        pane.resize(1200, 800)
        pane.show()
        probe = StallProbe()

        # A conversation already on screen, as a user would have it.
        warm = SyntheticBackend(synthetic_tokens(300), rate=5000, reasoning=0)
        await stream_once(pane, service, warm, "warm up", probe)

        probe.start()
        await asyncio.sleep(args.seconds / 2)
        idle = probe.stop()
        idle_cpu = list(probe.cpu)
        print(f"idle    : wall {summary(idle)}")
        print(f"          cpu  {summary(idle_cpu)}")

        count = int(args.seconds * args.rate)
        backend = SyntheticBackend(synthetic_tokens(count), rate=args.rate)
        gaps, updates = await stream_once(pane, service, backend, "stream please", probe)
        cpu = list(probe.cpu)
        seconds = sum(gaps) / 1000.0
        print(
            f"stream  : wall {summary(gaps)}; {count} tokens at {args.rate:.0f}/s,"
            f" {updates} UI updates ({updates / seconds:.1f}/s)"
        )
        print(f"          cpu  {summary(cpu)}")
        print(f"ratio   : longest stall streaming / idle: {verdict(gaps, cpu, idle, idle_cpu)}")
        load = os.getloadavg()[0]
        print(
            f"machine : load average {load:.1f} on {os.cpu_count()} CPUs (wall gaps include waits)"
        )

        if args.mcp:
            gaps, states = await mcp_start(home, tasks, probe)
            cpu = list(probe.cpu)
            print(f"mcp start: wall {summary(gaps)}; {states}")
            print(f"          cpu  {summary(cpu)}")
            print(f"ratio   : longest stall mcp start / idle: {verdict(gaps, cpu, idle, idle_cpu)}")

        if args.token_probs:
            lines: dict[bool, list[float]] = {}
            for shown in (False, True):
                service.new_conversation()
                await asyncio.sleep(0.1)
                pane.tools_panel.token_probs.setChecked(shown)
                backend = SyntheticBackend(synthetic_tokens(count), rate=args.rate)
                gaps, updates = await stream_once(pane, service, backend, "stream please", probe)
                lines[shown] = list(probe.cpu)
                asked = "yes" if backend.asked_logprobs[-1] else "no"
                print(
                    f"probs {'on ' if shown else 'off'}: wall {summary(gaps)};"
                    f" {updates} UI updates; logprobs requested: {asked}"
                )
                print(f"          cpu  {summary(lines[shown])}")
            print(
                f"ratio   : CPU per stream, probs on / off:"
                f" {sum(lines[True]) / max(sum(lines[False]), 0.001):.2f};"
                f" longest CPU stall on / off: {max(lines[True]) / max(lines[False]):.2f}"
            )

        if args.engine:
            from studio.core.engine import default_selector
            from studio.core.paths import AppPaths
            from tests.support.engine import running_server
            from tests.support.models import smollm2_path

            server = stack.enter_context(
                running_server(
                    default_selector(AppPaths.default()).active().location,
                    smollm2_path(),
                    ["-c", "2048", "-np", "1"],
                )
            )
            service.set_settings(SamplingSettings(max_tokens=400, temperature=0.7, seed=1))
            gaps, updates = await stream_once(
                pane,
                service,
                DirectServerBackend(server),
                "Write a long Python tutorial with several code examples.",
                probe,
            )
            print(f"engine  : wall {summary(gaps)}; {updates} UI updates")
            print(f"          cpu  {summary(list(probe.cpu))}")

        if args.index:
            gaps, indexed = await index_document(home, tasks, pane, args.chunks, probe)
            cpu = list(probe.cpu)
            print(f"index   : wall {summary(gaps)}; {indexed}")
            print(f"          cpu  {summary(cpu)}")
            print(f"ratio   : longest stall index / idle: {verdict(gaps, cpu, idle, idle_cpu)}")
        await tasks.shutdown()
        pane.close()


# A bare QMainWindow on the same event loop the app uses: the floor of this machine.
_BARE_WINDOW = r"""
import asyncio, os
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
import qasync
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
loop = qasync.QEventLoop(app)
asyncio.set_event_loop(loop)
painted = loop.create_future()

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and not painted.done():
            print("main window painted", flush=True)
            painted.set_result(None)
        return False

async def main():
    window = QMainWindow()
    window.resize(1200, 800)
    watch = Watch()
    window.installEventFilter(watch)
    window.show()
    await painted
with loop:
    loop.run_until_complete(main())
"""


def launch_ms(kind: str, home: Path) -> float:
    """Process start to the first paint of the main window: the app as a person starts it
    (`python -m studio`, which logs the paint), or the bare window."""
    env = {**os.environ, "STUDIO_HOME": str(home), "PYTHONPATH": str(ROOT)}
    argv = ["-m", "studio"] if kind == "app" else ["-c", _BARE_WINDOW]
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    for line in child.stdout:
        if line.rstrip().endswith("main window painted"):
            elapsed = (time.perf_counter() - start) * 1000.0
            break
    else:
        raise RuntimeError(f"{kind} never painted")
    # The app quits as on a logout; the bare window has already ended.
    child.terminate()
    child.communicate(timeout=60)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--rate", type=float, default=200.0)
    parser.add_argument("--engine", action="store_true", help="also stream from SmolLM2")
    parser.add_argument(
        "--token-probs", action="store_true", help="also stream with the probability tint off, on"
    )
    parser.add_argument(
        "--no-mcp", dest="mcp", action="store_false", help="leave out the MCP servers' start"
    )
    parser.add_argument(
        "--no-index", dest="index", action="store_false", help="leave out indexing a document"
    )
    parser.add_argument("--chunks", type=int, default=1000, help="passages of the document")
    parser.add_argument("--launches", type=int, default=3)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        home = Path(scratch)
        bare = statistics.median(launch_ms("bare", home) for _ in range(args.launches))
        full = statistics.median(launch_ms("app", home) for _ in range(args.launches))
        print(
            f"launch  : app {full:6.0f} ms, bare QMainWindow {bare:6.0f} ms"
            f" to first paint (ratio {full / bare:.2f})"
        )
        app = QApplication.instance() or QApplication([])
        assert isinstance(app, QApplication)
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        with loop:
            loop.run_until_complete(measure(args, app, home))
    return 0


if __name__ == "__main__":
    sys.exit(main())
