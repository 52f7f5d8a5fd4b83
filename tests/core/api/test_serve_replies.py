"""How `studio serve` reshapes the engine's chunks, what it accepts for completions and
embeddings, its batch cap and its durations, without a server."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from studio.cli.serve import duration
from studio.core.api import validation
from studio.core.api.errors import HttpError
from studio.core.api.replies import (
    ReplyCollector,
    ReplyHead,
    StreamRewriter,
    combined_usage,
)
from studio.core.server.client import ChatDelta, parse_chunk
from studio.core.server.launch import LaunchSpec, cancellable, to_argv

HEAD = ReplyHead("chatcmpl-1", 7, "smol", chat=True)


def chunk(index: int = 0, **delta: Any) -> dict[str, Any]:
    return {"choices": [{"index": index, "delta": delta, "finish_reason": None}], "id": "x"}


def deltas(*payloads: dict[str, Any]) -> list[ChatDelta]:
    return [parse_chunk(p) for p in payloads]


def test_progress_and_bare_role_chunks_are_dropped_and_ids_are_ours() -> None:
    rewriter = StreamRewriter(HEAD, choices=2)
    assert [c["choices"][0]["index"] for c in rewriter.opening()] == [0, 1]
    progress = {**chunk(role="assistant", content=None), "prompt_progress": {"total": 9}}
    sent = [
        c
        for d in deltas(progress, chunk(role="assistant", content=None), chunk(1, content="hi"))
        for c in rewriter.chunks(d)
    ]
    assert len(sent) == 1
    assert sent[0]["id"] == "chatcmpl-1" and sent[0]["model"] == "smol"
    assert sent[0]["choices"][0] == {"index": 1, "delta": {"content": "hi"}, "finish_reason": None}


def test_logprobs_pass_through_and_usage_is_sent_once_at_the_end() -> None:
    rewriter = StreamRewriter(HEAD)
    logprobs = {"content": [{"token": "a", "logprob": -0.1, "top_logprobs": []}]}
    token = chunk(content="a")
    token["choices"][0]["logprobs"] = logprobs
    usage = {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6}
    sent = [c for d in deltas(token, {"choices": [], "usage": usage}) for c in rewriter.chunks(d)]
    assert sent[0]["choices"][0]["logprobs"] == logprobs
    assert all("usage" not in c for c in sent)
    assert rewriter.closing(include_usage=False) == []
    (last,) = rewriter.closing(include_usage=True)
    assert last["choices"] == [] and last["usage"] == usage


def test_usage_of_several_choices_counts_the_prompt_once() -> None:
    one = {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}
    assert combined_usage([one, {**one, "completion_tokens": 4}]) == {
        "prompt_tokens": 10,
        "completion_tokens": 7,
        "total_tokens": 17,
    }
    assert combined_usage([]) == {}


def test_a_gathered_reply_merges_tool_call_deltas_and_logprobs_per_choice() -> None:
    collector = ReplyCollector(HEAD)
    first = {"index": 0, "id": "call_1", "type": "function"}
    first["function"] = {"name": "get_time", "arguments": ""}
    for delta in deltas(
        chunk(tool_calls=[first]),
        chunk(tool_calls=[{"index": 0, "function": {"arguments": '{"tz":'}}]),
        chunk(tool_calls=[{"index": 0, "function": {"arguments": ' "UTC"}'}}]),
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        chunk(1, content="plain"),
    ):
        collector.add(delta)
    reply = collector.reply()
    calls = reply["choices"][0]["message"]["tool_calls"]
    assert calls == [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "get_time", "arguments": '{"tz": "UTC"}'},
        }
    ]
    assert reply["choices"][0]["message"]["content"] is None
    assert reply["choices"][0]["finish_reason"] == "tool_calls"
    assert reply["choices"][1]["message"]["content"] == "plain"


def test_a_cancelled_answer_without_chunks_still_ends_with_its_reason() -> None:
    cancelled = ChatDelta(finish_reason="cancelled")
    (sent,) = StreamRewriter(HEAD).chunks(cancelled)
    assert sent["choices"][0]["finish_reason"] == "cancelled"
    collector = ReplyCollector(ReplyHead("cmpl-1", 7, "smol", chat=False))
    collector.add(cancelled)
    assert collector.reply()["choices"][0]["finish_reason"] == "cancelled"


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({}, "prompt"),
        ({"prompt": []}, "prompt"),
        ({"prompt": [1, "a"]}, "prompt"),
        ({"prompt": "x", "messages": []}, "messages"),
        ({"prompt": "x", "max_tokens": "9"}, "max_tokens"),
        ({"prompt": "x", "endpoint": "/slots"}, "endpoint"),
    ],
)
def test_completion_bodies_are_checked(body: dict[str, Any], param: str) -> None:
    with pytest.raises(HttpError) as refused:
        validation.completion_request(body)
    assert refused.value.status == 400 and refused.value.param == param


def test_embedding_inputs_are_checked() -> None:
    for good in ("a", ["a", "b"], [1, 2], [[1, 2], [3]]):
        validation.embeddings_request({"input": good})
    for bad in (None, 3, [], [["a"]], {"a": 1}):
        with pytest.raises(HttpError):
            validation.embeddings_request({"input": bad})
    with pytest.raises(HttpError):
        validation.embeddings_request({"input": "a", "encoding_format": "hex"})


def test_the_batch_is_capped_at_the_micro_batch_on_one_device() -> None:
    spec = LaunchSpec(model=Path("/m.gguf"))
    assert cancellable(spec).batch == 512
    assert cancellable(spec.with_changes(batch=2048, ubatch=128)).batch == 128
    assert cancellable(spec.with_changes(batch=64, ubatch=128)).batch == 64
    split = spec.with_changes(batch=2048, tensor_split=(1.0, 1.0))
    assert cancellable(split) == split  # pipelined over devices: the big batch pays
    argv = to_argv(spec.with_changes(embeddings=True, pooling="mean"), Path("/bin/x"), 1)
    assert argv[-3:] == ["--embeddings", "--pooling", "mean"]


def test_durations() -> None:
    assert [duration(t) for t in ("90", "90s", "15m", "1h", "0.5s")] == [90, 90, 900, 3600, 0.5]
    for bad in ("", "m", "-5s", "0", "ten"):
        with pytest.raises(argparse.ArgumentTypeError):
            duration(bad)
