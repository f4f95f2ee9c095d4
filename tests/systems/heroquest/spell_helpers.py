"""Helpers for the tests of the elf, time and scroll spells: an elf wizard who knows the spells under test,
with companions, on a small quest whose monsters carry a wooden and a metal weapon."""

from __future__ import annotations

import json
from pathlib import Path

from grognard.systems.heroquest.content.hero import create_hero
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.model.state import QuestState

from .play_helpers import begin

ROOM_QUEST = """
id = "elf-spells"
title = "Elf spells"
board = "standard"
start = [[1, 1], [1, 2], [2, 1], [1, 3]]
stairs = [22, 15]
monsters = [
  { id = "archer", monster = "Skeleton", level = 1, at = [3, 2], weapon = "Bow" },
  { id = "brute", monster = "Orc", level = 1, at = [3, 3], weapon = "Short sword" },
  { id = "gob", monster = "Goblin", level = 1, at = [4, 1] },
  { id = "far", monster = "Goblin", level = 1, at = [24, 12] },
]
goal = { kind = "kill", target = "far" }
wandering = { monster = "Orc", level = 1 }
"""
"""Room A of the standard board: the heroes in its left half, three monsters in its right half."""


def room_quest(tmp_path: Path) -> str:
    """The quest file of `ROOM_QUEST`."""
    path = tmp_path / "elf-spells.toml"
    path.write_text(ROOM_QUEST, encoding="utf-8")
    return str(path)


def party(quest: str, *spells: str, allies: tuple[str, ...] = ("barbarian",), level: int = 8) -> QuestState:
    """An elf wizard of `level` knowing only `spells` ("school/Name") as hero 0, then `allies` (party
    specs), at the first hero's turn of `quest`."""
    wizard = create_hero("Aria", "elf", "wizard", ["magic", "mind"], elements=["air", "earth", "water"])
    wizard = wizard.model_copy(update={"level": level, "spells": spells})
    heroes = [wizard, *(hero_from_spec(a, ["Aria"]) for a in allies)]
    return begin(quest, heroes=json.dumps([h.model_dump(mode="json") for h in heroes]))
