"""Writing a quest file as TOML (for `grognard heroquest import`), and saving an imported HeroScribe quest.

`quest_toml` writes a `QuestFile` as the TOML the quest format documents (docs/formats/quest.md): the
quest's own scalar fields first, then every list of placements as an array of tables, each nested value
an inline table or array. Strings are written as TOML basic strings. Reading the text back gives the same
quest file (the import's tests check it). `import_file` reads a HeroScribe file from disk (its size
checked first) and imports it (`heroscribe.import_heroscribe`); `placed_lines` and `report_lines` are
the import report a user reads: what was placed, the goal, what was read or guessed, what was not placed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grognard.engine.files import read_file
from grognard.systems.heroquest.content.quest import QuestFile
from grognard.systems.heroquest.importer.heroscribe import MAX_BYTES, ImportResult, import_heroscribe
from grognard.systems.heroquest.rules.goals import describe

_LISTS = ("doors", "monsters", "furniture", "traps", "treasure", "notes", "ice", "monster_kinds")


def _key(name: str) -> str:
    return name if name.replace("_", "").replace("-", "").isalnum() else json.dumps(name)


def _value(value: Any) -> str:
    """One TOML value: a scalar, an array or an inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} as TOML")


def quest_toml(quest: QuestFile) -> str:
    """The quest file as TOML text."""
    data = quest.model_dump(mode="json", exclude_defaults=True, exclude_none=True, by_alias=True)
    lines: list[str] = []
    tables: list[str] = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for entry in value:
                tables += ["", f"[[{_key(key)}]]"]
                tables += [f"{_key(k)} = {_value(v)}" for k, v in entry.items()]
        elif isinstance(value, dict):
            tables += ["", f"[{_key(key)}]"]
            tables += [f"{_key(k)} = {_value(v)}" for k, v in value.items()]
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines + tables) + "\n"


def import_file(path: Path, goal: str | None = None, start: str | None = None) -> ImportResult:
    """The HeroScribe file at `path`, imported (with the `--goal` spec `goal` and the `--start` spec
    `start`, if any); a `ContentError` when it cannot be read, is not a regular file or is too big to be a
    quest (`engine.files.read_file`: checked before reading)."""
    return import_heroscribe(read_file(path, MAX_BYTES, "HeroScribe file"), str(path), goal, start)


def placed_lines(result: ImportResult) -> list[str]:
    """What the import placed, one line per kind ("monsters: 3 (Goblin x2, Orc)")."""
    quest = result.file
    lines = [f"Imported {quest.title!r} on the standard board."]
    for kind in _LISTS:
        entries = getattr(quest, kind, [])
        if not entries:
            continue
        names: dict[str, int] = {}
        for e in entries:
            name = str(getattr(e, "monster", None) or getattr(e, "kind", None) or getattr(e, "id", kind))
            names[name] = names.get(name, 0) + 1
        what = ", ".join(n if c == 1 else f"{n} x{c}" for n, c in names.items())
        lines.append(f"  placed {kind.replace('_', ' ')}: {len(entries)} ({what})")
    if quest.stairs is not None:
        lines.append(f"  placed stairs at {quest.stairs[0]},{quest.stairs[1]}")
    if quest.dark:
        lines.append(f"  placed dark areas: {len(quest.dark)}")

    lines.append(f"  goal: {describe(quest.goal)}; wandering monster: {quest.wandering.monster}")
    return lines


def report_lines(result: ImportResult) -> list[str]:
    """The whole import report: what was placed, then every object that could not be mapped and why."""
    lines = placed_lines(result)
    if result.guesses:
        lines.append(f"Read from the notes or chosen by the import ({len(result.guesses)}):")
        lines += [f"  {g}" for g in result.guesses]
    if result.unmapped:
        lines.append(f"Not placed ({len(result.unmapped)}):")
        lines += [f"  {u}" for u in result.unmapped]
    else:
        lines.append("Everything in the file was placed.")
    return lines
