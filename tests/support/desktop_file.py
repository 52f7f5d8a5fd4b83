"""An independent reader of freedesktop.org Desktop Entry files, to check what we write.

It implements the reverse of `studio.core.desktop_entry`'s writing rules straight from the
specification: string unescaping, then Exec quoting and `%%`.
"""

from __future__ import annotations

_STRING_ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}


def parse_desktop_file(text: str) -> dict[str, dict[str, str]]:
    """Groups of raw key/value pairs; raises on duplicate keys or lines outside a group."""
    groups: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1]
            if name in groups:
                raise ValueError(f"line {number}: group {name} twice")
            current = groups[name] = {}
            continue
        key, separator, value = line.partition("=")
        if current is None or not separator:
            raise ValueError(f"line {number}: not a key=value line in a group: {line!r}")
        key = key.strip()
        if key in current:
            raise ValueError(f"line {number}: key {key} twice")
        current[key] = value.lstrip()
    return groups


def unescape_string(value: str) -> str:
    result = []
    characters = iter(value)
    for char in characters:
        if char != "\\":
            result.append(char)
            continue
        escaped = next(characters, "")
        if escaped not in _STRING_ESCAPES:
            raise ValueError(f"unknown escape \\{escaped} in {value!r}")
        result.append(_STRING_ESCAPES[escaped])
    return "".join(result)


def split_exec(value: str) -> list[str]:
    """The argv an `Exec` value starts (no field codes expected)."""
    line = unescape_string(value)
    argv: list[str] = []
    current: list[str] = []
    in_word = False
    index = 0
    while index < len(line):
        char = line[index]
        if char == " " and not in_word:
            index += 1
            continue
        in_word = True
        if char == " ":
            argv.append("".join(current))
            current, in_word = [], False
        elif char == '"':
            index += 1
            while line[index] != '"':
                if line[index] == "\\":
                    index += 1
                    if line[index] not in '"`$\\':
                        raise ValueError(f"bad quoted escape in {line!r}")
                elif line[index] == "%":
                    index += 1
                    if line[index] != "%":
                        raise ValueError(f"unexpected field code in {line!r}")
                current.append(line[index])
                index += 1
        elif char == "%":
            index += 1
            if line[index] != "%":
                raise ValueError(f"unexpected field code %{line[index]} in {line!r}")
            current.append("%")
        else:
            if char in "\t\n\"'\\><~|&;$*?#()`":
                raise ValueError(f"reserved character {char!r} outside quotes in {line!r}")
            current.append(char)
        index += 1
    if in_word:
        argv.append("".join(current))
    return argv
