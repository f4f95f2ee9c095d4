"""The heroes' bot that looks ahead: the "search" strength (`engine.search.Lookahead` over `hero_bot`).

In a fight (a monster in sight) a hero weighs the heuristic bot's choice against every attack, every
spell he may cast, a potion and a throw, by `ROLLOUTS` rollouts each to the end of the
round (the game master's turn included; every seat played by `hero_bot`, the dice thrown by the rules).
A rollout ends scored for the heroes (`value`): a won quest `WIN`, a lost one 0; else the heroes' Body
left, `ALIVE` for each hero standing, what he has not used up (`MAGIC`, `SPELL`, `ITEM`: without them a
spell or a potion would look free), less the Body of the monsters standing, plus `GOAL` once the goal is
met. Elsewhere (exploring, the game master's seat, a spell's answer) it plays as `hero_bot`.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.engine.search import Lookahead
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot

ROLLOUTS = 8
"""Rollouts per candidate action."""
MAX_MOVES = 400
"""Moves a rollout makes at most (a round is some 20-60)."""
WIN = 100.0
"""A won quest's worth, above any position."""
ALIVE = 4.0
"""A hero standing, beside his Body."""
GOAL = 20.0
"""The quest's goal met (the heroes still to leave)."""
MAGIC = 0.5
"""A Magic point kept (spent, it must have bought more than this)."""
SPELL = 1.5
"""A spell not yet cast."""
ITEM = 1.5
"""A thing carried (a potion not drunk, a dagger not thrown)."""

MARGIN = 1.0
"""How much more (in `value`'s points: about one Body) an alternative must score than `hero_bot`'s choice."""

_WEIGHED = ("attack:", "cast:", "throw:", "use:potion-of-healing", "skill:")


def value(state: GameState, seat: int) -> float:
    """The heroes' worth of a quest state (see the module doc); the seat is the heroes' in any case."""
    assert isinstance(state, QuestState)
    if state.outcome:
        return WIN if state.outcome == "won" else 0.0
    heroes = sum(
        h.body + ALIVE + MAGIC * h.magic + SPELL * len(h.spells) + ITEM * len(h.items)
        for h in state.heroes
        if h.status == "active"
    )
    monsters = sum(m.body for m in state.monsters if m.status == "active" and m.at is not None)
    return heroes - monsters + (GOAL if state.goal_met else 0.0)


def candidates(state: GameState, seat: int, actions: Sequence[Action]) -> Sequence[Action]:
    """In a fight on a hero's turn, `hero_bot`'s choice first and then the fighting alternatives;
    elsewhere `hero_bot`'s choice alone."""
    assert isinstance(state, QuestState)
    chosen = hero_bot(state, Rng("search"))
    if state.in_gm_turn() or state.current_hero() is None or not state.visible_monsters:
        return [chosen]
    others = [a for a in actions if a != chosen and a.startswith(_WEIGHED)]
    return [chosen, *others]


def _round_over(start: GameState, now: GameState) -> bool:
    assert isinstance(start, QuestState) and isinstance(now, QuestState)
    return now.round > start.round


SEARCH_BOT = Lookahead(
    hero_bot, value, candidates, rollouts=ROLLOUTS, stop=_round_over, max_moves=MAX_MOVES, margin=MARGIN
)
"""The heroes' "search" bot."""


def search_bot(state: GameState, rng: Rng) -> Action:
    """The "search" strength's action for the state (one of its legal actions)."""
    return SEARCH_BOT(state, rng)
