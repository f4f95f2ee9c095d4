"""The heroes' bot that looks ahead: the "search" strength (`engine.search.Lookahead` over `hero_bot`).

In a fight (a monster in sight) a hero weighs the heuristic bot's choice against every attack, every
spell he may cast, a potion and a throw (not a potion or healing spell that could heal no one), by
`ROLLOUTS` rollouts each (an alternative dropped after `FIRST` when it gains no more than `MARGIN` on
average: `StagedLookahead`) to the end of the
round (the game master's turn included; every seat played by `hero_bot`, the dice thrown by the rules).
A rollout ends scored for the heroes (`value`): a won quest `WIN`, a lost one 0; else the heroes' Body
left, `ALIVE` for each hero standing, what he has not used up (`MAGIC`, `SPELL`, `ITEM`: without them a
spell or a potion would look free), less the Body of the monsters standing, plus `GOAL` once the goal is
met. Elsewhere (exploring, the game master's seat, a spell's answer) it plays as `hero_bot`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.engine.search import Lookahead
from grognard.systems.heroquest.model.action_text import aim, cast_of, hero_ref
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import heals, hero_bot

ROLLOUTS = 8
"""Rollouts per candidate action."""
FIRST = 4
"""Rollouts of an alternative before it is dropped for a mean gain no more than `MARGIN`."""
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
    """In a fight on a hero's turn, `hero_bot`'s choice first and then the fighting alternatives (not a
    potion nor a healing spell that could heal no one: the hero, or the one it is cast at, at full Body
    and not turned to stone); elsewhere `hero_bot`'s choice alone."""
    assert isinstance(state, QuestState)
    chosen = hero_bot(state, Rng("search"))
    i = state.current_hero()
    if state.in_gm_turn() or i is None or not state.visible_monsters:
        return [chosen]
    others = [a for a in actions if a != chosen and a.startswith(_WEIGHED) and _could_help(state, i, a)]
    return [chosen, *others]


def _could_help(state: QuestState, i: int, action: Action) -> bool:
    """False for a potion of healing or a healing spell whose hero has all his Body and is not stone."""
    if action == "use:potion-of-healing":
        target: int | None = i
    elif action.startswith("cast:") and heals(action):
        target = hero_ref(aim(cast_of(action).target).figure)
    else:
        return True
    if target is None or not 0 <= target < len(state.heroes):
        return True
    fig = state.heroes[target]
    hurt = fig.body < state.hero_of(target).maximum("body")
    return hurt or any(e.startswith("stone") for e in fig.effects)


def _round_over(start: GameState, now: GameState) -> bool:
    assert isinstance(start, QuestState) and isinstance(now, QuestState)
    return now.round > start.round


class StagedLookahead(Lookahead):
    """`Lookahead` that rolls each alternative out `FIRST` times before the rest: one whose mean gain over
    the first choice is then no more than `margin` is dropped (it would need the rest of its rollouts to
    make up the whole margin and its two standard errors), which halves the cost of most decisions. The
    same dice as `Lookahead` (rollout r of every candidate from `Rng(f"{key}:{r}")`)."""

    def __call__(self, state: GameState, rng: Rng) -> Action:
        """The candidate action whose rollouts score best for the seat to act."""
        who = state.actor()
        actions = list(state.legal_actions())
        if len(actions) == 1 or not isinstance(who, int):
            return actions[0]
        picks = list(self.candidates(state, who, actions)) if self.candidates else actions
        if len(picks) <= 1 or self.rollouts < 1:
            return picks[0] if picks else self.base(state, rng)
        key = rng.randint(0, 2**62)
        head = min(FIRST, self.rollouts)
        firsts = _Scores(self, state, picks[0], who, key)
        best, best_gain = picks[0], 0.0
        for action in picks[1:]:
            other = _Scores(self, state, action, who, key)
            early = [b - a for a, b in zip(firsts.upto(head), other.upto(head), strict=True)]
            if sum(early) / head <= self.margin:
                continue
            gain = paired_gain(firsts.upto(self.rollouts), other.upto(self.rollouts), self.margin, self.z)
            if gain > best_gain + 1e-9:
                best, best_gain = action, gain
        return best


class _Scores:
    """A candidate's rollout scores, rolled out as they are asked for."""

    def __init__(self, search: Lookahead, state: GameState, action: Action, who: int, key: int) -> None:
        self.search, self.after, self.who, self.key = search, state.apply(action), who, key
        self.done: list[float] = []

    def upto(self, n: int) -> list[float]:
        """The first `n` scores."""
        while len(self.done) < n:
            r = len(self.done)
            self.done.append(self.search.rollout(self.after, self.who, Rng(f"{self.key}:{r}")))
        return self.done[:n]


def paired_gain(first: list[float], other: list[float], margin: float, z: float) -> float:
    """How much better `other`'s rollouts scored than `first`'s, rollout by rollout, less `margin` and `z`
    standard errors of the differences (as `Lookahead` weighs them)."""
    diffs = [b - a for a, b in zip(first, other, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
    return mean - margin - z * spread


SEARCH_BOT = StagedLookahead(
    hero_bot, value, candidates, rollouts=ROLLOUTS, stop=_round_over, max_moves=MAX_MOVES, margin=MARGIN
)
"""The heroes' "search" bot."""


def search_bot(state: GameState, rng: Rng) -> Action:
    """The "search" strength's action for the state (one of its legal actions)."""
    return SEARCH_BOT(state, rng)
