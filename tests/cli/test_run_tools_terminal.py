"""`studio run --mcp-tools` on the terminal, without an engine: the approval prompt (the
call's arguments shown, escape sequences from the model defused, an unknown answer asked
again, a closed stdin denying) and the lines printed for calls and results."""

from __future__ import annotations

import io
from collections.abc import Iterator

from studio.cli.run_tools import TerminalApproval, ToolPrinter
from studio.core.chat import Message, Role
from studio.core.chat.tool_loop import Approval, ApprovalRequest, ToolRunning
from studio.core.chat.tools import ToolCall
from studio.core.chat.turn import Finished, Saved

CALL = ToolCall("c1", "add\x1b]0;owned\x07", '{"a": 2, "b": "\\u001b[2J"}')
QUESTION = "Run it? [o]nce, [a]lways for this tool, [d]eny: "


def _lines(*answers: str | None) -> Iterator[str | None]:
    yield from answers


async def _ask(*answers: str | None) -> tuple[Approval, str]:
    typed = _lines(*answers)

    async def read_line() -> str | None:
        return next(typed)

    out = io.StringIO()
    approval = await TerminalApproval(read_line, out, echo=True)(
        ApprovalRequest(1, 2, CALL, "calculator")
    )
    return approval, out.getvalue()


async def test_the_prompt_shows_the_call_and_asks_again_until_it_understands() -> None:
    approval, said = await _ask("maybe\n", " A \n")
    assert approval is Approval.ALWAYS
    assert said.startswith("The model calls add\\x1b]0;owned\\x07 of the MCP server calculator")
    assert '  "a": 2,\n' in said and "\x1b" not in said
    assert said.endswith(f"{QUESTION}maybe\n{QUESTION}A\n")


async def test_a_closed_stdin_denies_and_once_and_deny_are_understood() -> None:
    assert (await _ask(None))[0] is Approval.DENY
    assert "no answer on stdin, so the call is denied" in (await _ask(None))[1]
    assert (await _ask("o\n"))[0] is Approval.ONCE
    assert (await _ask("deny\n"))[0] is Approval.DENY


def test_calls_and_results_are_printed_by_name_and_unrun_calls_are_said() -> None:
    out = io.StringIO()
    printer = ToolPrinter(out)
    answer = Message(2, 1, Role.ASSISTANT, "", tool_calls=(CALL,))
    result = Message(3, 1, Role.TOOL, "5\nand more", tool_call_id="c1")
    assert not printer.show(Finished(answer))
    assert printer.show(ToolRunning(2, CALL, "calculator"))
    assert printer.show(Saved(result))
    assert not printer.show(Saved(Message(4, 1, Role.USER, "hi")))
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("tool: add\\x1b]0;owned\\x07 on calculator {")
    assert lines[1:] == ["result of add\\x1b]0;owned\\x07: 5", "  and more"]
    printer.left_unrun(Message(5, 1, Role.ASSISTANT, "", tool_calls=(ToolCall("c2", "dig", ""),)))
    printer.left_unrun(Message(6, 1, Role.ASSISTANT, "The answer."))  # no calls: nothing
    assert out.getvalue().splitlines()[3:] == [
        "note: the model called dig, which no MCP server offers, so nothing ran"
    ]
