"""The pieces under live switching and the catalogue script, one at a time."""

from __future__ import annotations

import importlib.util
import json
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from studio.core.shipped_files import ShippedFiles
from studio.ui.i18n.qm_file import QM_MAGIC, QmFormatError, read_contexts_by_source
from studio.ui.i18n.translation_memory import Lookup, TranslationMemory

GERMAN = {
    "{model} is ready.": "{model} ist bereit.",
    "Send": "Senden",
    "{name}: {free} of {total} MiB free": "{name}: {free} von {total} MiB frei",
}


def _german(lookup: Lookup) -> str:
    if lookup.source == "%n layer(s)":
        return (
            "%n Schicht".replace("%n", str(lookup.n)) if lookup.n == 1 else f"{lookup.n} Schichten"
        )
    return GERMAN.get(lookup.source, lookup.source)


def _remember(memory: TranslationMemory, source: str, n: int = -1) -> Lookup:
    lookup = Lookup("Ctx", source, None, n)
    memory.remember(lookup, source)
    return lookup


def test_an_exact_text_is_translated_again() -> None:
    memory = TranslationMemory()
    _remember(memory, "Send")
    assert memory.retranslate("Send", _german) == "Senden"
    assert memory.retranslate("Sent by the user", _german) is None
    assert memory.retranslate("", _german) is None


def test_filled_fields_are_captured_and_put_back() -> None:
    memory = TranslationMemory()
    _remember(memory, "{model} is ready.")
    _remember(memory, "{name}: {free} of {total} MiB free")
    assert memory.retranslate("Qwen3 8B is ready.", _german) == "Qwen3 8B ist bereit."
    assert memory.retranslate("GPU0: 100 of 200 MiB free", _german) == (
        "GPU0: 100 von 200 MiB frei"
    )
    # Two such lines joined by a caller are not one lookup.
    joined = "GPU0: 1 of 2 MiB free\nGPU1: 3 of 4 MiB free"
    assert memory.retranslate(joined, _german) is None


def test_a_count_picks_the_plural_form_again() -> None:
    memory = TranslationMemory()
    _remember(memory, "%n layer(s)", n=1)
    assert memory.retranslate("7 layer(s)", _german) == "7 Schichten"
    assert memory.retranslate("1 layer(s)", _german) == "1 Schicht"


def test_a_pattern_of_fields_alone_never_claims_a_text() -> None:
    memory = TranslationMemory()
    _remember(memory, "{size}/s")
    _remember(memory, "{a}: {b}")
    assert memory.retranslate("12 MB/s", _german) is None
    assert memory.retranslate("anything: at all", _german) is None


def test_the_most_specific_pattern_wins() -> None:
    memory = TranslationMemory()
    _remember(memory, "{name}: {free} of {total} MiB free")
    _remember(memory, "{model} is ready.")
    _remember(memory, "{x} of {y} MiB free")
    assert memory.retranslate("A: 1 of 2 MiB free", _german) == "A: 1 von 2 MiB frei"


# -- the .qm reader -----------------------------------------------------------------------


def test_the_shipped_catalogue_lists_contexts_per_source() -> None:
    data = (ShippedFiles.default().i18n / "studio_de.qm").read_bytes()
    contexts = read_contexts_by_source(data)
    assert "MainWindow" in contexts["Settings"]
    assert "SettingsPage" in contexts["Engine"] and "ServerPage" in contexts["Engine"]
    assert contexts["%n layer(s) run on the CPU to fit."] == ("Sentences",)


def test_other_bytes_are_refused() -> None:
    with pytest.raises(QmFormatError):
        read_contexts_by_source(b"not a catalogue")
    truncated = QM_MAGIC + bytes([0x69]) + struct.pack(">I", 100) + b"\x01"
    with pytest.raises(QmFormatError):
        read_contexts_by_source(truncated)


# -- i18n/update.py -----------------------------------------------------------------------

TS = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>A</name>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>B</name>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
"""


def _update_script() -> ModuleType:
    path = ShippedFiles.default().i18n / "update.py"
    spec = importlib.util.spec_from_file_location("i18n_update_units", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_fill_takes_merged_translations_and_reuses_other_contexts(tmp_path: Path) -> None:
    update = _update_script()
    ts = tmp_path / "studio_de.ts"
    ts.write_text(TS, encoding="utf-8")
    merged = {"Stop": "Anhalten", "%n file(s)": ["%n Datei", "%n Dateien"], "Pause": ""}
    filled, unfinished = update.fill(ts, "de", merged)
    assert filled == 3  # Stop and the plural from `merged`, B's Send from A's
    assert unfinished == {"Pause": ""}  # an empty translation finishes nothing
    text = ts.read_text(encoding="utf-8")
    assert "<numerusform>%n Dateien</numerusform>" in text
    assert text.count("Senden") == 2
    # The result still compiles, and the compiled plural works.
    subprocess.run([update.tool("lrelease"), "-silent", str(ts)], check=True)
    assert ts.with_suffix(".qm").stat().st_size > 0


def test_a_plural_with_the_wrong_number_of_forms_stays_unfinished(tmp_path: Path) -> None:
    update = _update_script()
    ts = tmp_path / "studio_de.ts"
    ts.write_text(TS, encoding="utf-8")
    _, unfinished = update.fill(ts, "de", {"%n file(s)": ["%n Dateien"]})
    assert unfinished["%n file(s)"] == ["", ""]
    json.dumps(unfinished)  # what update.py writes to unfinished.json


def test_a_string_that_comes_back_is_filled_from_memory(tmp_path: Path) -> None:
    update = _update_script()
    ts = tmp_path / "studio_de.ts"
    ts.write_text(TS, encoding="utf-8")
    assert update.finished(ts) == {"Send": "Senden"}
    filled, unfinished = update.fill(ts, "de", {}, {"Pause": "Pausieren"})
    assert filled == 2  # B's Send from A's, Pause from memory
    assert "Pause" not in unfinished and "Stop" in unfinished
    assert update.finished(ts)["Pause"] == "Pausieren"


def test_values_that_were_translations_are_translated_too() -> None:
    memory = TranslationMemory()
    _remember(memory, "Send")
    _remember(memory, "{model} is ready.")
    _remember(memory, "Retried {step}, after: {cause}")
    text = "Retried Send, after: Qwen is ready."
    rebuilt = memory.retranslate(text, _german)
    assert rebuilt == "Retried Senden, after: Qwen ist bereit."
