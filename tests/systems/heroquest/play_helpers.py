"""Helpers for the quest-state tests: start a quest, put figures where a test wants them, roll on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from grognard.engine.content import load_text
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content.quest import QuestFile
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState

TRAP_QUEST = """
id = "trap-row"
title = "Trap row"
board = "standard"
start = [[1, 0], [2, 0], [0, 1], [0, 2]]
stairs = [1, 1]
doors = [
  { id = "a-north", at = [[3, 0], [3, 1]] },
  { id = "b-secret", at = [[6, 0], [6, 1]], state = "secret" },
]
monsters = [
  { id = "far", monster = "Goblin", level = 1, at = [24, 17] },
  { id = "orc", monster = "Orc", level = 1, at = [8, 2] },
]
furniture = [{ id = "a-chest", kind = "chest", at = [4, 3] }]
traps = [
  { id = "spear", kind = "spear", at = [4, 0] },
  { id = "pit", kind = "pit", at = [6, 0] },
  { id = "long", kind = "long-pit", at = [8, 0] },
  { id = "rock", kind = "falling-rock", at = [12, 0] },
  { id = "ice", kind = "stalactite", at = [14, 0] },
  { id = "axe", kind = "swinging-axe", at = [16, 0] },
  { id = "alarm", kind = "wandering-monster", at = [18, 0] },
  { id = "chest-trap", kind = "chest", furniture = "a-chest" },
]
treasure = [
  { id = "chest-gold", furniture = "a-chest", gold = 25 },
  { id = "a-card", at = [2, 3], deck = true },
]
goal = { kind = "kill", target = "far" }
wandering = { monster = "Orc", level = 1 }
"""


def trap_quest(tmp_path: Path) -> str:
    """A quest on the standard board with one trap of every kind along the top corridor."""
    path = tmp_path / "trap-row.toml"
    path.write_text(TRAP_QUEST, encoding="utf-8")
    return str(path)


def begin(quest: str = "the-goblin-cellar", heroes: str = "barbarian", **options: Any) -> QuestState:
    """A quest with the heroes' order agreed as the party is listed, at the first hero's turn."""
    opts = {"quest": quest, "heroes": heroes, "order": "agree", **options}
    state = GAME.new_initial_state(GAME.info.resolve_options(opts))
    assert isinstance(state, QuestState)
    n = len(state.heroes)
    after = state.apply("order:" + ",".join(str(i) for i in range(n)))
    assert isinstance(after, QuestState)
    return after


def put_hero(state: QuestState, index: int, at: tuple[int, int] | None = None, **changes: Any) -> QuestState:
    """Hero `index` moved to `at` and otherwise changed."""
    heroes = list(state.heroes)
    fig = heroes[index]
    heroes[index] = replace(fig, at=at if at is not None else fig.at, **changes)
    return replace(state, heroes=tuple(heroes))


def put_monster(state: QuestState, mid: str, at: tuple[int, int] | None = None, **changes: Any) -> QuestState:
    """Monster `mid` moved to `at` and otherwise changed."""
    monsters = list(state.monsters)
    j = next(k for k, m in enumerate(monsters) if m.id == mid)
    monsters[j] = replace(monsters[j], at=at if at is not None else monsters[j].at, **changes)
    return replace(state, monsters=tuple(monsters))


def index_of(state: QuestState, mid: str) -> int:
    """A monster's place."""
    return next(k for k, m in enumerate(state.monsters) if m.id == mid)


def step(state: QuestState, *moves: Any) -> QuestState:
    """Apply moves (actions or chance outcomes) in turn."""
    for move in moves:
        nxt = state.apply(move)
        assert isinstance(nxt, QuestState)
        state = nxt
    return state


def rolled(state: QuestState, moves: int = 12) -> QuestState:
    """The current hero rolls for movement and gets `moves` squares."""
    state = step(state, "roll")
    assert state.actor() is CHANCE
    return step(state, moves)


def quest_with_goal(base: str, goal: str) -> QuestFile:
    """The quest file `base` (a quest's TOML without its goal) with `goal` (a TOML inline table)."""
    return load_text(base + f"goal = {goal}\n", QuestFile, "goal-test.toml")


def quest_file_with_goal(tmp_path: Path, base: str, goal: str) -> str:
    """`quest_with_goal`'s text written to a file in `tmp_path`; its path."""
    path = tmp_path / "goal-test.toml"
    path.write_text(base + f"goal = {goal}\n", encoding="utf-8")
    return str(path)
