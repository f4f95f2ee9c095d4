"""Helpers for the chaos-spell tests: an arena quest with a spell-casting monster, heroes made to order."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.catalog import Stat
from grognard.systems.heroquest.content.hero import Hero, create_hero
from grognard.systems.heroquest.model.state import QuestState

from .play_helpers import begin, step

ARENA = """
id = "chaos-arena"
title = "Chaos arena"
board = "standard"
start = [[10, 7], [11, 7], [10, 8], [11, 8]]
monsters = [
  { id = "caster", monster = "CASTER", level = LEVEL, at = [14, 9]SPELLS },
  { id = "orc", monster = "Orc", level = 1, at = [15, 11] },
  { id = "far", monster = "Goblin", level = 1, at = [22, 15] },
  MORE
]
goal = { kind = "kill", target = "far" }
wandering = { monster = "Orc", level = 1 }
"""
"""The central room Z (x 10-15, y 7-11) with the heroes in its top-left corner, the caster at (14, 9),
an orc at (15, 11) and the quest's target far away in room U."""


def arena(
    tmp_path: Path,
    spells: list[str] | None,
    *,
    caster: str = "Chaos Warrior",
    level: int = 8,
    more: str = "",
    name: str = "arena",
) -> str:
    """The arena quest's file, the caster holding `spells` (None: its default list)."""
    text = (
        ARENA.replace("CASTER", caster)
        .replace("LEVEL", str(level))
        .replace("SPELLS", "" if spells is None else f", spells = {json.dumps(spells)}")
        .replace("MORE", more)
    )
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def hero(
    race: str,
    cls: str,
    *,
    skills: tuple[str, ...] = (),
    level: int = 1,
    mind: int | None = None,
    **changes: Any,
) -> Hero:
    """A level-`level` hero of `race` and `cls` with `skills` (and Mind `mind` if given)."""
    extra: list[Stat] = ["magic", "mind"] if cls in ("wizard", "rogue-mage") else ["body", "attack"]
    elements = ["fire", "water", "earth"] if cls == "wizard" else (["fire"] if cls == "rogue-mage" else [])
    made = create_hero(f"{race} {cls}".title(), race, cls, extra, elements=elements)
    update: dict[str, Any] = {"skills": skills, "level": level, **changes}
    if mind is not None:
        update["base"] = made.base.model_copy(update={"mind": mind})
        update["current"] = made.current.model_copy(update={"mind": mind})
    return made.model_copy(update=update)


def party(*heroes: Hero) -> str:
    """The heroes option for a party of made heroes."""
    return json.dumps([h.model_dump(mode="json") for h in heroes])


def start(quest: str, heroes: str = "barbarian,elf-wizard", *, gm: str = "human") -> QuestState:
    """The arena at the first hero's turn (a person moves the monsters unless `gm = "auto"`)."""
    return begin(quest, heroes, gm=gm)


def gm_turn(state: QuestState) -> QuestState:
    """The heroes end their turns until the game master's turn begins."""
    while not state.in_gm_turn():
        state = step(state, "end")
    return state


def chances(state: QuestState) -> dict[Any, Fraction]:
    """The pending chance node's outcomes."""
    assert state.actor() is CHANCE
    return {o: p for o, p in state.chance_outcomes()}


def casts(state: QuestState) -> list[str]:
    """The `cast:` actions open now."""
    return [a for a in state.legal_actions() if a.startswith("cast:")]


def end_gm(state: QuestState) -> QuestState:
    """The game master (a person) ends every monster's turn until a hero's turn or a roll comes."""
    while state.in_gm_turn() and state.actor() is not CHANCE and not state.casting:
        state = step(state, "end")
    return state
