"""Writing a quest file as TOML (for `grognard heroquest import`), and saving an imported HeroScribe quest.

`quest_toml` writes a `QuestFile` as the TOML the quest format documents (docs/formats/quest.md): the
quest's own scalar fields first, then every list of placements as an array of tables, each nested value
an inline table or array. Strings are written as TOML basic strings. Reading the text back gives the same
quest file (the import's tests check it). `import_file` reads a HeroScribe file from disk (its size
checked first) and imports it (`heroscribe.import_heroscribe`); `placed_lines` and `report_lines` are
the import report a user reads, in the language in force: what was placed, the goal, what was read or
guessed, what was not placed; `reports` is the report in every language (what the browser keeps).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grognard.engine.files import read_file
from grognard.i18n import LANGUAGES, N_, current, speaking
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.quest import QuestFile
from grognard.systems.heroquest.content.words import said
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


_KINDS = {
    "doors": N_("placed doors: {count} ({what})"),
    "monsters": N_("placed monsters: {count} ({what})"),
    "furniture": N_("placed furniture: {count} ({what})"),
    "traps": N_("placed traps: {count} ({what})"),
    "treasure": N_("placed treasure: {count} ({what})"),
    "notes": N_("placed notes: {count} ({what})"),
    "ice": N_("placed ice: {count} ({what})"),
    "monster_kinds": N_("placed monster kinds: {count} ({what})"),
}
"""The report's line for each kind of placement (one message each, so a language may say each its way)."""


def _said(name: str) -> str:
    """A name the report lists in the reader's language: a name of the rules data ("Goblin"), a kind of
    furniture or trap ("sorcerers-table", said as "sorcerers table" is); any other as written (English
    unchanged)."""
    found = said(name)
    if found != name:
        return found
    words = name.replace("-", " ")
    found = _(words)
    return name if found == words else found


def placed_lines(result: ImportResult) -> list[str]:
    """What the import placed, one line per kind ("monsters: 3 (Goblin x2, Orc)"), in the reader's
    language (the rules data's names said by `words.said`; a quest's own name as written)."""
    quest = result.file
    lines = [_("Imported {title!r} on the standard board.").format(title=quest.title)]
    for kind in _LISTS:
        entries = getattr(quest, kind, [])
        if not entries:
            continue
        names: dict[str, int] = {}
        for e in entries:
            name = str(getattr(e, "monster", None) or getattr(e, "kind", None) or getattr(e, "id", kind))
            names[name] = names.get(name, 0) + 1
        what = ", ".join(
            said(n) if c == 1 else _("{name} x{count}").format(name=said(n), count=c)
            for n, c in names.items()
        )
        lines.append("  " + _(_KINDS[kind]).format(count=len(entries), what=what))
    if quest.stairs is not None:
        lines.append("  " + _("placed stairs at {x},{y}").format(x=quest.stairs[0], y=quest.stairs[1]))
    if quest.dark:
        lines.append("  " + _("placed dark areas: {count}").format(count=len(quest.dark)))
    line = _("goal: {goal}; wandering monster: {monster}")
    lines.append("  " + line.format(goal=describe(quest.goal), monster=said(quest.wandering.monster)))
    return lines


def report_lines(result: ImportResult) -> list[str]:
    """The whole import report, in the reader's language: what was placed, then every object that could
    not be mapped and why."""
    lines = placed_lines(result)
    if result.guesses:
        lines.append(
            _("Read from the notes or chosen by the import ({count}):").format(count=len(result.guesses))
        )
        lines += [f"  {g}" for g in result.guesses]
    if result.unmapped:
        lines.append(_("Not placed ({count}):").format(count=len(result.unmapped)))
        lines += [f"  {u}" for u in result.unmapped]
    else:
        lines.append(_("Everything in the file was placed."))
    return lines


def reports(xml: bytes, source: str, result: ImportResult) -> dict[str, list[str]]:
    """The import report of the HeroScribe file `xml` in every language grognard speaks (language: its
    lines): `result`'s (the import in the language in force) and, for each other language, an import in
    that language. What the browser keeps with an uploaded quest, so that each reader reads the report in
    theirs, whoever uploaded it (measured: an import takes 1 to 3 ms for a quest of the official size, about
    0.2 s at the importer's caps)."""
    said_in = current()
    out: dict[str, list[str]] = {}
    for language in LANGUAGES:
        if language == said_in:
            out[language] = report_lines(result)
            continue
        with speaking(language):
            out[language] = report_lines(import_heroscribe(xml, source))
    return out
