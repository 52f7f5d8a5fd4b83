"""A tool's result as a model reads it: text parts joined, other parts described, the
server's error flag kept, a huge answer cut."""

from __future__ import annotations

from mcp_types import (
    AudioContent,
    BlobResourceContents,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

from studio.core.mcp.results import MAX_RESULT_CHARS, ToolResult, tool_result


def test_text_parts_are_joined_and_other_parts_described() -> None:
    result = CallToolResult(
        content=[
            TextContent(text="first"),
            ImageContent(data="aGk=", mime_type="image/png"),
            AudioContent(data="aGk=", mime_type="audio/wav"),
            ResourceLink(name="notes", uri="file:///notes.txt"),
            EmbeddedResource(resource=TextResourceContents(uri="file:///a", text="embedded")),
            EmbeddedResource(
                resource=BlobResourceContents(uri="file:///b", blob="aGk=", mime_type="app/x")
            ),
            TextContent(text="last"),
        ]
    )
    assert tool_result(result) == ToolResult(
        "first\n[image: image/png]\n[audio: audio/wav]\n[resource link: notes file:///notes.txt]"
        "\nembedded\n[resource: file:///b app/x]\nlast"
    )


def test_the_error_flag_is_kept() -> None:
    failed = CallToolResult(content=[TextContent(text="no such file")], is_error=True)
    assert tool_result(failed) == ToolResult("no such file", is_error=True)


def test_a_result_with_only_structured_content_is_its_json() -> None:
    result = CallToolResult(content=[], structured_content={"sum": 3})
    assert tool_result(result).text == '{"sum": 3}'


def test_a_huge_answer_is_cut_and_says_so() -> None:
    text = tool_result(CallToolResult(content=[TextContent(text="x" * (MAX_RESULT_CHARS + 5))]))
    assert text.text.startswith("x" * MAX_RESULT_CHARS)
    assert text.text.endswith("[5 more characters left out]")
