"""Presets are checked on the way in: every sampling number within what the engine accepts,
tools the engine can read, one sentence per mistake naming the field; and a library of
tens of thousands of presets loads in linear time."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.core.chat import SamplingSettings
from studio.core.chat.presets import (
    Preset,
    PresetBook,
    PresetError,
    PresetLibrary,
    preset_from,
    read_preset_file,
)
from studio.core.voice import ENGLISH, Voice
from studio.core.voice.templates import CODES
from tests.support.codes import template_fields


def imported(tmp_path: Path, settings: dict[str, Any] | str) -> PresetError:
    """The error importing a preset with these settings raises (raw JSON text for values
    Python's json writes differently, such as Infinity)."""
    path = tmp_path / "preset.json"
    body = settings if isinstance(settings, str) else json.dumps(settings)
    path.write_text(f'{{"name": "Bad", "settings": {body}}}', encoding="utf-8")
    with pytest.raises(PresetError) as caught:
        read_preset_file(path)
    return caught.value


@pytest.mark.parametrize(
    ("settings", "sentence"),
    [
        (
            '{"temperature": Infinity}',
            "its “temperature” is inf, but it must be from 0 to 100.",
        ),
        ('{"top_p": NaN}', "its “top_p” is nan, but it must be from 0 to 1."),
        ({"min_p": 1.5}, "its “min_p” is 1.5, but it must be from 0 to 1."),
        ({"temperature": -0.1}, "its “temperature” is -0.1, but it must be from 0 to 100."),
        (
            {"max_tokens": -5},
            "its “max_tokens” is -5, but it must be -1 (no limit) or from 1 to 2147483647.",
        ),
        (
            {"top_k": 2**31},
            "its “top_k” is 2147483648, but it must be from 0 to 2147483647.",
        ),
        ({"top_k": 1e40}, "its “top_k” has the wrong kind of value."),
        ({"seed": "seven"}, "its “seed” has the wrong kind of value."),
        ({"seed": 2**40}, f"its “seed” is {2**40}, but it must be from -1 to 4294967295."),
        (
            {"thinking_budget": -3},
            "its “thinking_budget” is -3, but it must be from 0 to 2147483647.",
        ),
        ({"tool_choice": "always"}, "its “tool_choice” has the wrong kind of value."),
    ],
)
def test_each_number_the_engine_would_refuse_is_named_with_its_range(
    tmp_path: Path, settings: dict[str, Any] | str, sentence: str
) -> None:
    error = imported(tmp_path, settings)
    said = ENGLISH.error(error)
    assert said == f"{tmp_path / 'preset.json'} is not a usable preset: {sentence}"


@pytest.mark.parametrize(
    ("tools", "sentence"),
    [
        ("[{", "The tools are not valid JSON (line 1, column 3)."),
        ("[" * 50_000 + "]" * 50_000, "The tools are nested more than 64 levels deep"),
        ('[{"name": "f", "parameters": {"x": NaN}}]', "The tools contain NaN or Infinity"),
        ('{"type": "function"}', "Tool 1 has no name."),
        ('[{"type": "retrieval"}]', "Tool 1 is not a function definition"),
        ("42", "The tools must be a JSON list of function definitions."),
    ],
)
def test_tools_the_engine_cannot_read_are_refused_with_their_sentence(
    tmp_path: Path, tools: str, sentence: str
) -> None:
    error = imported(tmp_path, {"tools": tools})
    assert ENGLISH.error(error).startswith(sentence)


def test_sensible_values_at_the_edges_are_kept(tmp_path: Path) -> None:
    kept = SamplingSettings(
        temperature=0.0, top_p=1.0, min_p=0.0, top_k=0, max_tokens=-1, seed=-1
    ).to_dict()
    path = tmp_path / "preset.json"
    path.write_text(json.dumps({"name": "Edges", "settings": kept}), encoding="utf-8")
    preset = read_preset_file(path)
    assert preset.sampling.max_tokens == -1 and preset.sampling.top_k == 0


def test_stored_settings_the_engine_would_refuse_read_as_its_defaults() -> None:
    """A conversation saved with a bad number (before these checks, or by hand) asks with
    the server's default instead of failing every turn."""
    read = SamplingSettings.from_dict(
        {"temperature": float("inf"), "max_tokens": -5, "top_k": 10**40, "top_p": 0.5}
    )
    assert read.request_options() == {"top_p": 0.5}


# -- property tests ------------------------------------------------------------------------

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELD_NAMES = st.sampled_from([*SamplingSettings().to_dict(), "name", "settings", "type"])
_SETTINGS = st.dictionaries(_FIELD_NAMES, _JSON, max_size=6)


@settings(max_examples=300, deadline=None)
@given(entry=st.one_of(_JSON, st.fixed_dictionaries({"name": _JSON, "settings": _SETTINGS})))
def test_any_json_is_a_preset_or_a_preset_error(entry: object) -> None:
    try:
        preset = preset_from(entry, "preset.json")
    except PresetError as error:
        # Its own sentence, every field of it filled.
        assert Voice.knows(error.code), error.code
        assert template_fields(CODES.get(error.code, "")) <= set(error.params), error
        return
    # A preset it accepts is one every turn can send.
    options = preset.sampling.request_options()
    json.dumps(options, allow_nan=False)


# -- a large library -----------------------------------------------------------------------


def library_of(path: Path, count: int) -> Path:
    """`count` presets, the way the 1 MB file of the report held them."""
    entries = [{"name": f"p{n}", "settings": {}} for n in range(count)]
    data = {"format": "gguf-studio-presets", "version": 1, "presets": entries}
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


def python_calls(work: Callable[[], object]) -> int:
    """How many Python function calls `work` makes: a count of operations, the same on
    every machine, unlike a clock."""
    calls = 0

    def count(_frame: FrameType, event: str, _arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        work()
    finally:
        sys.setprofile(None)
    return calls


def test_loading_a_library_is_linear_in_its_presets(tmp_path: Path) -> None:
    small = PresetLibrary(library_of(tmp_path / "small.json", 500))
    large = PresetLibrary(library_of(tmp_path / "large.json", 1000))
    ratio = python_calls(large.load) / python_calls(small.load)
    # Twice the presets, twice the work (a quadratic load does four times as much).
    assert ratio < 2.5, ratio


def test_a_library_of_33000_presets_loads_whole(tmp_path: Path) -> None:
    path = library_of(tmp_path / "presets.json", 33_000)
    assert 600_000 < path.stat().st_size <= 1 << 20
    book = PresetLibrary(path).load()
    assert len(book.presets) == 33_000
    assert book.find("P32999") is book.presets[-1]
    # What the app does with it on every change stays linear too.
    grown = book.with_preset(Preset.of("new", SamplingSettings()))
    assert grown.unique_name("new") == "new (2)"
    assert grown.matching(SamplingSettings()) is book.presets[0]


def test_repeated_names_and_defaults_read_in_one_pass() -> None:
    data = {
        "presets": [
            {"name": "A", "settings": {}},
            {"name": "a", "settings": {"seed": 3}},
            {"name": "B", "settings": {}},
        ],
        "defaults": {"m.gguf": "b", "n.gguf": "gone"},
    }
    book, left_out = PresetBook.read(data)
    assert [p.name for p in book.presets] == ["A", "B"] and left_out == 1
    assert dict(book.defaults) == {"m.gguf": "B"}
