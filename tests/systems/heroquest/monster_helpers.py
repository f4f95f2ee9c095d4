"""Helpers for the monster-skill tests: an arena quest in the central room with the monsters a test
names, and the game master's turn begun for one of them.

The central room Z is x 10-15, y 7-11; the heroes start in its top-left corner (10,7), (11,7), (10,8),
(11,8); the quest's target, a goblin, waits far away in room U.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from grognard.systems.heroquest.driver.turn import start_monster
from grognard.systems.heroquest.model.state import GM_SLOT, QuestState

from .play_helpers import begin, index_of, put_hero

ARENA = """
id = "monster-arena"
title = "Monster arena"
board = "standard"
start = [[10, 7], [11, 7], [10, 8], [11, 8]]
monsters = [
MONSTERS
  { id = "far", monster = "Goblin", level = 1, at = [22, 15] },
]
goal = { kind = "kill", target = "far" }
wandering = { WANDERING }
MORE
"""


def arena(
    tmp_path: Path,
    monsters: str,
    *,
    more: str = "",
    name: str = "arena",
    wandering: str = 'monster = "Orc", level = 1',
) -> str:
    """The arena quest with `monsters` (TOML inline tables, one a line), the `wandering` monster's fields
    and `more` top-level TOML."""
    path = tmp_path / f"{name}.toml"
    text = ARENA.replace("MONSTERS", monsters).replace("WANDERING", wandering).replace("MORE", more)
    path.write_text(text, encoding="utf-8")
    return str(path)


def fight(
    tmp_path: Path,
    monsters: str,
    heroes: str = "barbarian,elf-wizard",
    *,
    name: str = "arena",
    **options: Any,
) -> QuestState:
    """The arena begun at the first hero's turn, the combat encounter on."""
    return replace(begin(arena(tmp_path, monsters, name=name), heroes=heroes, **options), encounter=True)


def gm_turn(state: QuestState, mid: str) -> QuestState:
    """The game master's turn begun for monster `mid` (made aware of the heroes)."""
    monsters = list(state.monsters)
    j = index_of(state, mid)
    monsters[j] = replace(monsters[j], aware=True)
    state = replace(state, monsters=tuple(monsters), slot=state.order.index(GM_SLOT))
    return start_monster(state, j)


def gm_facing(tmp_path: Path, monsters: str, mid: str, *at: tuple[int, int], **options: Any) -> QuestState:
    """The arena with `monsters` and a human game master, hero `k` moved to `at[k]`, and the game master's
    turn begun for monster `mid`."""
    state = fight(tmp_path, monsters, gm="human", **options)
    for k, square in enumerate(at):
        state = put_hero(state, k, at=square)
    return gm_turn(state, mid)


def until_turn_of(state: QuestState, i: int, *, limit: int = 40) -> QuestState:
    """Every figure ends its turn (a roll pending takes its first outcome) until hero `i`'s turn begins
    with nothing left to roll."""
    from grognard.systems.heroquest.driver.resolve import outcomes

    for _ in range(limit):
        if state.pending is not None:
            nxt = state.apply(outcomes(state, state.pending)[0][0])
        elif state.current_hero() == i and not state.turn.rolled and not state.turn.acted:
            return state
        else:
            nxt = state.apply("end")
        assert isinstance(nxt, QuestState)
        state = nxt
    raise AssertionError(f"hero {i}'s turn never came: {state.describe()}")
