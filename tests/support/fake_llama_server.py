"""A stand-in for llama-server that starts in milliseconds, for manager logic tests.

It speaks just enough of the real server's surface (argv, log lines, /health 503 then 200,
/props, /slots, streamed /v1/chat/completions, API key check) for the manager's state
machine; every test that needs the real engine's behaviour uses the real binary instead.
Run as `python fake_llama_server.py -m MODEL --port N --api-key-file F ...`.

Environment knobs: FAKE_LOAD_S (seconds of 503 before ready), FAKE_TOKENS (deltas per
answer), FAKE_TOKEN_DELAY_S, FAKE_DROP_FILE (while this file exists, a chat request is dropped
without an answer, a transient error; the file holds how many more to drop, default 1),
FAKE_HANG_AFTER_DROP (then stop the process: alive and listening, but hung),
FAKE_NAME_ANSWERS (every answer's text starts with the model's alias: which child answered),
FAKE_READY_FILE (the model is loaded once this file exists, not after FAKE_LOAD_S),
FAKE_QUIET (no log lines at all, as a build that words them otherwise).

What the body asks for shapes the answer: `tools` streams a tool call in three deltas
(finish `tool_calls`), `logprobs` adds a logprobs entry to every token chunk, `n` answers
with that many interleaved choices, `/v1/completions` answers `text` chunks, and
`/v1/embeddings` answers one 4-number vector per input. Every answer ends with the engine's
`timings` (fixed speeds), so a benchmark can run on it. A `grammar` of "crash" kills the
server with SIGSEGV on receipt, as a grammar of 20,000 nested brackets crashes llama-server.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


def _arg(argv: list[str], flag: str, default: str = "") -> str:
    return argv[argv.index(flag) + 1] if flag in argv else default


# What the engine probe and self-test ask a llama-server before it may run a model.
_SELF_DESCRIPTION = {
    "--version": ("", "version: 1 (fake000)\nbuilt with python for the tests\n"),
    "--help": ("-m,    --model FNAME     model path\n--port PORT     port\n", ""),
    "--list-devices": ("Available devices:\n", ""),
}


def main(argv: list[str]) -> None:
    if argv and argv[0] in _SELF_DESCRIPTION:
        out, err = _SELF_DESCRIPTION[argv[0]]
        sys.stdout.write(out)
        sys.stderr.write(err)
        return
    port = int(_arg(argv, "--port"))
    key_file = _arg(argv, "--api-key-file")
    key = Path(key_file).read_text().strip() if key_file else ""
    alias = _arg(argv, "--alias", "fake")
    load_s = float(os.environ.get("FAKE_LOAD_S", "0.05"))
    tokens = int(os.environ.get("FAKE_TOKENS", "5"))
    token_delay = float(os.environ.get("FAKE_TOKEN_DELAY_S", "0.01"))
    drop_file = os.environ.get("FAKE_DROP_FILE", "")
    started = time.monotonic()
    ready = threading.Event()
    # Set the moment a drop decides to hang: a probe that arrives between the drop and the
    # SIGSTOP must not be answered either: answered, it told the manager the child was
    # well, and the replay went to the stopped child and waited out its read timeout.
    hung = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def _json(self, status: int, body: object) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _authorised(self) -> bool:
            if not key or self.headers.get("Authorization") == f"Bearer {key}":
                return True
            self._json(401, {"error": {"code": 401, "message": "Invalid API Key"}})
            return False

        def do_GET(self) -> None:
            if hung.is_set():
                time.sleep(3600)
            if not ready.is_set():
                self._json(503, {"error": {"code": 503, "message": "Loading model"}})
            elif self.path == "/health":
                self._json(200, {"status": "ok"})
            elif not self._authorised():
                return
            elif self.path == "/props":
                self._json(
                    200,
                    {
                        "default_generation_settings": {"n_ctx": 512},
                        "total_slots": int(_arg(argv, "-np", "1")),
                        "model_alias": alias,
                        "build_info": "fake",
                        "modalities": {"vision": False},
                    },
                )
            elif self.path == "/slots":
                self._json(200, [{"id": 0, "n_ctx": 512, "is_processing": False}])
            else:
                self._json(404, {"error": {"code": 404, "message": "not found"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            if hung.is_set():
                time.sleep(3600)
            if not ready.is_set():
                self._json(503, {"error": {"code": 503, "message": "Loading model"}})
                return
            if not self._authorised():
                return
            if body.get("grammar") == "crash":
                signal.pthread_kill(threading.get_ident(), signal.SIGSEGV)
                time.sleep(60)  # never answer, however long the signal takes
            if drop_file and Path(drop_file).exists():
                left = int(Path(drop_file).read_text() or "1") - 1
                if left > 0:
                    Path(drop_file).write_text(str(left))
                else:
                    Path(drop_file).unlink()
                if os.environ.get("FAKE_HANG_AFTER_DROP"):
                    hung.set()
                self.close_connection = True
                self.connection.shutdown(2)
                if hung.is_set():
                    os.kill(os.getpid(), signal.SIGSTOP)  # alive, port open, never answers
                return
            if self.path == "/completion":  # the self-test's one token
                self._json(200, {"content": "w1", "stop": True})
                return
            if self.path == "/v1/embeddings":
                inputs = body.get("input")
                count = len(inputs) if isinstance(inputs, list) else 1
                data = [
                    {"object": "embedding", "index": i, "embedding": [0.5, -0.5, 0.25, i]}
                    for i in range(count)
                ]
                self._json(200, {"object": "list", "data": data, "model": alias})
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            named = f"{alias}:" if os.environ.get("FAKE_NAME_ANSWERS") else ""
            for chunk in _answer(self.path, body, tokens, named):
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                self.wfile.flush()
                if chunk["choices"] and not chunk["choices"][0].get("finish_reason"):
                    time.sleep(token_delay)
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    port = server.server_address[1]  # --port 0 (the self-test): the one the OS gave
    quiet = bool(os.environ.get("FAKE_QUIET"))

    def say(line: str) -> None:
        if not quiet:
            print(line, flush=True)

    say(f"srv    load_model: loading model '{_arg(argv, '-m')}'")

    # Real builds announce the port before the model is loaded (/health answers 503 until
    # it is); FAKE_LISTEN_FIRST plays that order.
    listen_first = bool(os.environ.get("FAKE_LISTEN_FIRST"))
    if listen_first:
        say(f"srv  llama_server: listening on http://127.0.0.1:{port}")
    ready_file = os.environ.get("FAKE_READY_FILE")

    def load() -> None:
        if ready_file:
            while not Path(ready_file).exists():
                time.sleep(0.01)
        time.sleep(max(0.0, load_s - (time.monotonic() - started)))
        # Ready before it says so, as the real server: a /health asked on the line is 200.
        ready.set()
        say("srv  llama_server: model loaded")
        if not listen_first:
            say(f"srv  llama_server: listening on http://127.0.0.1:{port}")

    threading.Thread(target=load, daemon=True).start()
    server.serve_forever()


def _answer(path: str, body: dict[str, Any], tokens: int, named: str = "") -> list[dict[str, Any]]:
    """The chunks of one streamed answer, as llama-server words them."""
    text = path == "/v1/completions"
    choices = int(body.get("n") or 1)
    chunks: list[dict[str, Any]] = []
    for index in range(tokens):
        for choice in range(choices):
            entry: dict[str, object] = {"index": choice, "finish_reason": None}
            if text:
                entry["text"] = f"t{index} "
            elif body.get("tools"):
                if index >= 3:
                    continue
                call: dict[str, object] = {"index": 0, "function": {"arguments": "_{}"[index]}}
                if index == 0:
                    call = {"index": 0, "id": "call_1", "type": "function"}
                    call["function"] = {"name": "get_time", "arguments": ""}
                entry["delta"] = {"tool_calls": [call]}
            else:
                entry["delta"] = {"content": f"{named}t{index} "}
            if body.get("logprobs"):
                entry["logprobs"] = {
                    "content": [{"token": f"t{index} ", "logprob": -0.5, "top_logprobs": []}]
                }
            chunks.append({"choices": [entry]})
    finish = "tool_calls" if body.get("tools") and not text else "length"
    for choice in range(choices):
        last: dict[str, Any] = {"index": choice, "finish_reason": finish}
        if text:
            last["text"] = ""
        else:
            last["delta"] = {}
        chunks.append({"choices": [last], "timings": _timings(body, tokens)})
        usage = {"prompt_tokens": 3, "completion_tokens": tokens, "total_tokens": 3 + tokens}
        chunks.append({"choices": [], "usage": usage})
    return chunks


def _timings(body: dict[str, Any], tokens: int) -> dict[str, float]:
    """The engine's figures of an answer, as a benchmark reads them: a text prompt counts a
    token per word and one to start; the speeds are fixed."""
    prompt = body.get("prompt")
    prompt_n = len(prompt.split()) + 1 if isinstance(prompt, str) else 3
    return {
        "prompt_n": prompt_n,
        "prompt_per_second": 1000.0,
        "predicted_n": tokens,
        "predicted_per_second": 100.0,
    }


if __name__ == "__main__":
    main(sys.argv[1:])
