"""Refresh the translation catalogues from the source, fill in translations, build .qm.

    python i18n/update.py                      # lupdate, report, lrelease
    python i18n/update.py --merge FILE.json    # also fill unfinished entries from FILE
    python i18n/update.py --check              # exit 1 if anything is unfinished

Every run re-extracts the strings of `studio/ui`, `studio/services` and
`studio/core/voice` (the app's sentences) into one .ts per
language (existing translations kept, vanished strings dropped, no line numbers so moving
code does not churn the files), fills an unfinished string from the same string already
translated in another context, writes what is still unfinished to `i18n/unfinished.json`
as `{language: {source: "" or ["", ...plural forms]}}`, and compiles every .ts to .qm.
Fill that file in and pass it to `--merge` to finish a language quickly.

Every translation ever finished is also kept in `i18n/memory.json`, so a string that
vanishes while someone rewrites a widget and comes back unchanged is filled in again.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from studio.core.languages import TRANSLATED_LANGUAGES

I18N = Path(__file__).resolve().parent
ROOT = I18N.parent
# studio/core/voice holds the app's sentences (Qt-free, marked with `_mark`).
SOURCE_DIRECTORIES = ("studio/ui", "studio/services", "studio/core/voice")
UNFINISHED_FILE = I18N / "unfinished.json"
MEMORY_FILE = I18N / "memory.json"
BIN = Path(sys.executable).parent
# `_tr("...")` helpers at module level are lookups too, and the Qt-free sentence templates
# of studio/core/voice are marked with `_mark(context, text)`, read like `translate`.
LUPDATE_OPTIONS = (
    "-no-obsolete",
    "-locations",
    "none",
    "-tr-function-alias",
    "tr+=_tr,translate+=_mark",
)


def ts_path(language: str, directory: Path = I18N) -> Path:
    return directory / f"studio_{language}.ts"


def source_files(root: Path = ROOT) -> list[Path]:
    return sorted(p for d in SOURCE_DIRECTORIES for p in (root / d).rglob("*.py"))


def tool(name: str) -> str:
    candidate = BIN / f"pyside6-{name}"
    return str(candidate) if candidate.exists() else f"pyside6-{name}"


def lupdate(ts: Path, language: str, root: Path = ROOT) -> None:
    files = [str(p.relative_to(root)) for p in source_files(root)]
    command = [tool("lupdate"), *LUPDATE_OPTIONS, "-target-language", language]
    subprocess.run(
        [*command, *files, "-ts", str(ts)],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    )


def lrelease(ts: Path) -> None:
    subprocess.run(
        [tool("lrelease"), "-silent", str(ts), "-qm", str(ts.with_suffix(".qm"))],
        check=True,
    )


def _messages(root: ET.Element) -> list[tuple[str, ET.Element]]:
    return [
        (context.findtext("name") or "", message)
        for context in root.iter("context")
        for message in context.iter("message")
    ]


def _is_unfinished(message: ET.Element) -> bool:
    translation = message.find("translation")
    return translation is None or translation.get("type") == "unfinished"


def _value(message: ET.Element) -> str | list[str]:
    translation = message.find("translation")
    assert translation is not None
    if message.get("numerus") == "yes":
        return [form.text or "" for form in translation.findall("numerusform")]
    return translation.text or ""


def _set_value(message: ET.Element, value: str | list[str]) -> bool:
    translation = message.find("translation")
    if translation is None:
        return False
    if message.get("numerus") == "yes":
        forms = translation.findall("numerusform")
        if not isinstance(value, list) or len(value) != len(forms) or not all(value):
            return False
        for form, text in zip(forms, value, strict=True):
            form.text = text
    else:
        if not isinstance(value, str) or not value:
            return False
        translation.text = value
    translation.attrib.pop("type", None)
    return True


def finished(ts: Path) -> dict[str, str | list[str]]:
    """Source -> translation of every finished message in `ts` (empty if there is none)."""
    if not ts.exists():
        return {}
    return {
        message.findtext("source") or "": _value(message)
        for _, message in _messages(ET.parse(ts).getroot())
        if not _is_unfinished(message)
    }


def fill(
    ts: Path, language: str, merged: dict[str, Any], memory: dict[str, Any] | None = None
) -> tuple[int, dict[str, Any]]:
    """Fill unfinished messages from `merged` (source -> translation), then from the same
    source finished in another context, then from `memory`; returns (filled, unfinished)."""
    tree = ET.parse(ts)
    messages = _messages(tree.getroot())
    known: dict[tuple[str, bool], str | list[str]] = {}
    for _, message in messages:
        if not _is_unfinished(message):
            numerus = message.get("numerus") == "yes"
            known.setdefault((message.findtext("source") or "", numerus), _value(message))
    memory = memory or {}
    filled = 0
    unfinished: dict[str, Any] = {}
    for _, message in messages:
        if not _is_unfinished(message):
            continue
        source = message.findtext("source") or ""
        numerus = message.get("numerus") == "yes"
        candidates = [merged.get(source), known.get((source, numerus)), memory.get(source)]
        if any(value is not None and _set_value(message, value) for value in candidates):
            filled += 1
            known.setdefault((source, numerus), _value(message))
            continue
        translation = message.find("translation")
        forms = len(translation.findall("numerusform")) if translation is not None else 0
        unfinished[source] = [""] * forms if numerus else ""
    if filled:
        tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled, unfinished


def update(merge: Path | None = None) -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {}
    if merge is not None:
        merged = json.loads(merge.read_text(encoding="utf-8"))
    memory: dict[str, dict[str, Any]] = {}
    if MEMORY_FILE.exists():
        memory = json.loads(MEMORY_FILE.read_text(encoding="utf-8"))
    report: dict[str, dict[str, Any]] = {}
    for language in TRANSLATED_LANGUAGES:
        ts = ts_path(language)
        remembered = memory.setdefault(language, {})
        remembered.update(finished(ts))  # before lupdate drops what vanished
        lupdate(ts, language)
        filled, unfinished = fill(ts, language, merged.get(language, {}), remembered)
        if filled:
            lupdate(ts, language)  # back to lupdate's own layout, so --check compares equal
        remembered.update(finished(ts))
        lrelease(ts)
        total = len(_messages(ET.parse(ts).getroot()))
        print(f"{language}: {total} strings, {filled} filled now, {len(unfinished)} unfinished")
        if unfinished:
            report[language] = unfinished
    text = json.dumps(memory, ensure_ascii=False, indent=1, sort_keys=True)
    MEMORY_FILE.write_text(text + "\n", encoding="utf-8")
    if report:
        text = json.dumps(report, ensure_ascii=False, indent=1, sort_keys=True)
        UNFINISHED_FILE.write_text(text + "\n", encoding="utf-8")
        print(f"unfinished strings: {UNFINISHED_FILE.relative_to(ROOT)}")
    else:
        UNFINISHED_FILE.unlink(missing_ok=True)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--merge", type=Path, help="JSON {language: {source: translation}}")
    parser.add_argument("--check", action="store_true", help="exit 1 if anything is unfinished")
    args = parser.parse_args(argv)
    report = update(args.merge)
    return 1 if args.check and report else 0


if __name__ == "__main__":
    sys.exit(main())
