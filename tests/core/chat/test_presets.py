"""Chat presets: the book's changes, the file's round trip, import and export, a damaged
file, and each model's default."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from studio.core.chat import SamplingSettings
from studio.core.chat.presets import (
    PRESET_IMPORT_BAD_VALUE,
    PRESET_IMPORT_NOT_JSON,
    PRESET_IMPORT_NOT_PRESET,
    PRESET_IMPORT_UNREADABLE,
    PRESET_MISSING,
    PRESET_NAME_EMPTY,
    PRESET_NAME_TAKEN,
    PRESETS_SET_ASIDE,
    Preset,
    PresetBook,
    PresetError,
    PresetLibrary,
    export_preset,
    read_preset_file,
)
from studio.core.voice import ENGLISH

CODER = SamplingSettings(
    temperature=0.2, top_k=20, seed=7, system_prompt="You write Python.", thinking=False
)
POET = SamplingSettings(temperature=1.1, top_p=0.9, system_prompt="You answer in verse.")


def book_of(*presets: Preset) -> PresetBook:
    book = PresetBook()
    for preset in presets:
        book = book.with_preset(preset)
    return book


def test_a_preset_keeps_every_setting_and_reads_back_equal() -> None:
    preset = Preset.of("  Coder \n", CODER)
    assert preset.name == "Coder"
    assert dict(preset.settings) == CODER.to_dict()  # the whole dict, no field left out
    assert preset.sampling == CODER


def test_the_library_file_round_trips(tmp_path: Path) -> None:
    library = PresetLibrary.in_directory(tmp_path / "data")
    book = book_of(Preset.of("Coder", CODER), Preset.of("Poet", POET))
    book = book.with_default("SmolLM2-135M-Instruct-Q8_0.gguf", "Poet")
    library.save(book)
    again = PresetLibrary.in_directory(tmp_path / "data").load()
    assert again == book
    assert [p.name for p in again.presets] == ["Coder", "Poet"]
    assert again.default_for("SmolLM2-135M-Instruct-Q8_0.gguf") == Preset.of("Poet", POET)
    # Written atomically: no temporary file is left beside it.
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["presets.json"]


def test_settings_a_newer_version_added_are_kept_and_ignored_when_read(tmp_path: Path) -> None:
    newer = {**CODER.to_dict(), "reasoning_budget": 512, "overflow": "drop_oldest"}
    library = PresetLibrary(tmp_path / "presets.json")
    library.path.write_text(
        json.dumps(
            {"format": "gguf-studio-presets", "presets": [{"name": "Coder", "settings": newer}]}
        ),
        encoding="utf-8",
    )
    book = library.load()
    (preset,) = book.presets
    assert preset.sampling == CODER
    library.save(book)
    assert json.loads(library.path.read_text())["presets"][0]["settings"] == newer


def test_names_are_unique_regardless_of_case() -> None:
    book = book_of(Preset.of("Coder", CODER))
    with pytest.raises(PresetError) as taken:
        book.with_preset(Preset.of("coder", POET))
    assert taken.value.code == PRESET_NAME_TAKEN
    assert ENGLISH.error(taken.value) == "A preset named “coder” already exists."
    assert book.unique_name("coder") == "coder (2)"
    assert book.with_preset(Preset.of("Coder (2)", POET)).unique_name("Coder") == "Coder (3)"
    with pytest.raises(PresetError) as empty:
        Preset.of("   ", CODER)
    assert empty.value.code == PRESET_NAME_EMPTY


def test_rename_moves_the_models_default_with_it() -> None:
    book = book_of(Preset.of("Coder", CODER), Preset.of("Poet", POET))
    book = book.with_default("a.gguf", "Coder")
    renamed = book.renamed("Coder", "Python helper")
    assert [p.name for p in renamed.presets] == ["Python helper", "Poet"]
    assert renamed.default_for("a.gguf") == Preset.of("Python helper", CODER)
    # Only its own case may change; another preset's name is refused.
    assert renamed.renamed("Python helper", "python HELPER").find("Python helper") is not None
    with pytest.raises(PresetError) as taken:
        renamed.renamed("Python helper", "poet")
    assert taken.value.code == PRESET_NAME_TAKEN
    with pytest.raises(PresetError) as missing:
        book.renamed("Nobody", "Somebody")
    assert missing.value.code == PRESET_MISSING


def test_delete_drops_the_defaults_that_pointed_at_it() -> None:
    book = book_of(Preset.of("Coder", CODER), Preset.of("Poet", POET))
    book = book.with_default("a.gguf", "Coder").with_default("b.gguf", "Poet")
    remaining = book.without("Coder")
    assert [p.name for p in remaining.presets] == ["Poet"]
    assert dict(remaining.defaults) == {"b.gguf": "Poet"}
    assert remaining.default_for("a.gguf") is None


def test_default_per_model_set_replaced_and_cleared() -> None:
    book = book_of(Preset.of("Coder", CODER), Preset.of("Poet", POET))
    assert book.default_for("a.gguf") is None and book.default_for(None) is None
    book = book.with_default("a.gguf", "coder")  # found whatever the case, stored as named
    assert dict(book.defaults) == {"a.gguf": "Coder"}
    book = book.with_default("a.gguf", "Poet")
    assert book.default_for("a.gguf") == Preset.of("Poet", POET)
    assert book.default_for("b.gguf") is None
    assert book.with_default("a.gguf", None).default_for("a.gguf") is None
    with pytest.raises(PresetError):
        book.with_default("a.gguf", "Nobody")


def test_matching_finds_the_preset_the_chat_shows() -> None:
    book = book_of(Preset.of("Coder", CODER), Preset.of("Poet", POET))
    assert book.matching(POET) == book.find("Poet")
    assert book.matching(SamplingSettings(temperature=1.1)) is None
    assert book.with_settings("Coder", POET).find("Coder") == Preset.of("Coder", POET)


def test_export_then_import_gives_the_same_preset(tmp_path: Path) -> None:
    target = tmp_path / "coder.json"
    export_preset(Preset.of("Coder", CODER), target)
    written = json.loads(target.read_text(encoding="utf-8"))
    assert written["format"] == "gguf-studio-preset" and written["name"] == "Coder"
    assert read_preset_file(target) == Preset.of("Coder", CODER)


def test_a_whole_library_file_imports_its_first_preset(tmp_path: Path) -> None:
    library = PresetLibrary(tmp_path / "presets.json")
    library.save(book_of(Preset.of("Poet", POET), Preset.of("Coder", CODER)))
    assert read_preset_file(library.path) == Preset.of("Poet", POET)


@pytest.mark.parametrize(
    ("content", "code", "sentence"),
    [
        (b"{not json", PRESET_IMPORT_NOT_JSON, "{path} is not a preset: it is not a JSON file."),
        (b"\xff\xfe", PRESET_IMPORT_NOT_JSON, "{path} is not a preset: it is not a JSON file."),
        (
            b'["a", "list"]',
            PRESET_IMPORT_NOT_PRESET,
            "{path} is not a GGUF Studio preset: a preset has a name and its settings.",
        ),
        (
            b'{"name": "x"}',
            PRESET_IMPORT_NOT_PRESET,
            "{path} is not a GGUF Studio preset: a preset has a name and its settings.",
        ),
        (
            b'{"name": "x", "settings": {"temperature": "hot"}}',
            PRESET_IMPORT_BAD_VALUE,
            "{path} is not a usable preset: its “temperature” has the wrong kind of value.",
        ),
        (
            b'{"name": "x", "settings": {"thinking": "yes"}}',
            PRESET_IMPORT_BAD_VALUE,
            "{path} is not a usable preset: its “thinking” has the wrong kind of value.",
        ),
    ],
)
def test_a_bad_import_is_explained_in_one_sentence(
    tmp_path: Path, content: bytes, code: str, sentence: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(PresetError) as refused:
        read_preset_file(path)
    assert refused.value.code == code
    assert ENGLISH.error(refused.value) == sentence.format(path=path)


def test_an_unreadable_import_is_explained(tmp_path: Path) -> None:
    with pytest.raises(PresetError) as missing:
        read_preset_file(tmp_path / "gone.json")
    assert missing.value.code == PRESET_IMPORT_UNREADABLE
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (2 << 20))
    with pytest.raises(PresetError) as too_big:
        read_preset_file(huge)
    assert too_big.value.code == PRESET_IMPORT_UNREADABLE
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        with pytest.raises(PresetError) as not_a_file:
            read_preset_file(fifo)  # never blocks waiting for a writer
        assert not_a_file.value.code == PRESET_IMPORT_UNREADABLE


def test_a_damaged_library_is_kept_aside_and_the_list_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    path.write_text('{"format": "gguf-studio-presets", "presets": [', encoding="utf-8")
    library = PresetLibrary(path)
    assert library.load() == PresetBook()
    assert library.problem is not None and library.problem.code == PRESETS_SET_ASIDE
    aside = tmp_path / "presets.json.damaged"
    assert aside.read_text(encoding="utf-8").startswith('{"format"')
    assert ENGLISH.code(library.problem.code, library.problem.params) == (
        "Your presets could not be read, so the list starts empty. The unreadable file was "
        f"kept as {aside}."
    )
    # The next save writes a fresh file; the next load finds nothing wrong.
    library.save(book_of(Preset.of("Coder", CODER)))
    assert [p.name for p in PresetLibrary(path).load().presets] == ["Coder"]


def test_bad_entries_in_the_library_are_skipped_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    entries = [
        {"name": "Coder", "settings": CODER.to_dict()},
        "junk",
        {"name": "coder", "settings": {}},  # the same name again: the first wins
        {"name": "Poet", "settings": POET.to_dict()},
    ]
    defaults = {"a.gguf": "Poet", "b.gguf": "Nobody", "c.gguf": 3}
    path.write_text(
        json.dumps({"format": "gguf-studio-presets", "presets": entries, "defaults": defaults}),
        encoding="utf-8",
    )
    library = PresetLibrary(path)
    book = library.load()
    # Said once, in one sentence; the file itself is kept as it is.
    assert library.problem is not None
    assert ENGLISH.code(library.problem.code, library.problem.params) == (
        "2 preset(s) in your presets file could not be used and are left out."
    )
    assert [p.name for p in book.presets] == ["Coder", "Poet"]
    assert dict(book.defaults) == {"a.gguf": "Poet"}
