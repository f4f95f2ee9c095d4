"""A small TOML writer for the data a book holds: strings, integers, booleans, lists and tables.

Nested tables become `[a.b]` headers; lists and tables inside values are written inline, so every
effect, condition and choice stays on one line. Section text is written as a multi-line literal string
when it can be. Strings never contain `-->`, so the output can sit inside an HTML comment (Twee).
"""

from __future__ import annotations

import json
import re
from typing import Any

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def key(name: str) -> str:
    """A TOML key: bare when it can be, quoted otherwise."""
    return name if _BARE.fullmatch(name) else string(name)


def string(text: str) -> str:
    """A TOML basic string (JSON's escapes are a subset of TOML's), safe inside an HTML comment."""
    out = json.dumps(text, ensure_ascii=False)
    out = _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
    return out.replace("-->", "--\\u003e")


def _multiline(text: str) -> str | None:
    if "\n" not in text or "'''" in text or text.endswith("'") or _CONTROL.search(text) or "\r" in text:
        return None
    if "-->" in text:
        return None
    return f"'''\n{text}'''"


def inline(value: Any) -> str:
    """Any book value written inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(inline(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{key(str(k))} = {inline(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def _is_table(value: Any) -> bool:
    return isinstance(value, dict) and bool(value)


def pairs(data: dict[str, Any], multiline: bool = True) -> list[str]:
    """`key = value` lines for the non-table entries of `data`."""
    lines = []
    for k, v in data.items():
        if _is_table(v):
            continue
        text = _multiline(v) if multiline and isinstance(v, str) else None
        lines.append(f"{key(k)} = {text or inline(v)}")
    return lines


def dumps(data: dict[str, Any], multiline: bool = True) -> str:
    """A TOML document for `data`, tables written as `[headers]` after the plain entries."""
    blocks: list[str] = []

    def walk(table: dict[str, Any], path: tuple[str, ...]) -> None:
        lines = pairs(table, multiline)
        if path and (lines or not any(_is_table(v) for v in table.values())):
            blocks.append("\n".join([f"[{'.'.join(key(p) for p in path)}]", *lines]))
        elif lines:
            blocks.append("\n".join(lines))
        for k, v in table.items():
            if _is_table(v):
                walk(v, (*path, str(k)))

    walk(data, ())
    return "\n\n".join(blocks) + "\n"
