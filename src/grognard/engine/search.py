"""A bot that looks ahead: the "search" strength of a game's bots, built on its heuristic bot.

`Lookahead(base, value, ...)` is an engine `Policy`. At a decision it weighs a few candidate actions (all the
legal ones, or those `candidates` picks: the base bot's own choice among them) by a fixed number of rollouts
each: the action is made, then the game is played on by the base bot at every seat, the chance nodes thrown
from their exact distributions (`GameState.roll`, the rules' own dice), until the game ends, `stop(start,
now)` says the horizon is reached, or `max_moves` moves were made; `value(state, seat)` scores where the
rollout ended for the deciding seat. The first candidate listed (the base bot's choice) keeps its place unless
another beats it, rollout by rollout, by more than `margin` plus `z` standard errors of the difference; of
those that do, the one that beats it by most wins. Every candidate is rolled out with the same dice (rollout r
of every candidate draws from `Rng(f"{key}:{r}")`, `key` drawn once from the `rng` the bot is given), so the
comparison is not drowned by luck, and the bot is deterministic given its RNG: a saved game replays
identically.

This is flat Monte Carlo search (one level of choice, rollouts below it), the cheapest search that can only
improve on its base bot as the rollouts grow; the systems choose the candidates, the horizon and the value so
that a decision costs a bounded number of moves (`rollouts` x candidates x `max_moves`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState
from grognard.engine.session import Policy

Value = Callable[[GameState, int], float]
"""The worth of a state to a seat (higher is better; a won game should outweigh any position)."""
Candidates = Callable[[GameState, int, Sequence[Action]], Sequence[Action]]
"""The actions worth weighing at a decision of a seat, among its legal ones (the base bot's first)."""
Stop = Callable[[GameState, GameState], bool]
"""True when a rollout from the first state has reached its horizon at the second."""


def never(start: GameState, now: GameState) -> bool:
    """The horizon that never comes: rollouts run to the end of the game (or `max_moves`)."""
    return False


@dataclass(frozen=True)
class Lookahead:
    """A searching bot over a base bot (see the module doc)."""

    base: Policy
    value: Value
    candidates: Candidates | None = None
    rollouts: int = 8
    stop: Stop = never
    max_moves: int = 2_000
    margin: float = 0.0
    """How much more than the first candidate's mean another must score to be chosen instead: with the
    base bot's choice first, the search leaves it only for a clearly better action."""
    z: float = 2.0
    """And by how many standard errors of the rollouts' paired differences more (luck is no reason)."""

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
        first = self._scores(state, picks[0], who, key)
        best, best_gain = picks[0], 0.0
        for action in picks[1:]:
            gain = self._gain(first, self._scores(state, action, who, key))
            if gain > best_gain + 1e-9:
                best, best_gain = action, gain
        return best

    def _scores(self, state: GameState, action: Action, who: int, key: int) -> list[float]:
        after = state.apply(action)
        return [self.rollout(after, who, Rng(f"{key}:{r}")) for r in range(self.rollouts)]

    def _gain(self, first: list[float], other: list[float]) -> float:
        """How much better `other`'s rollouts scored than `first`'s, rollout by rollout (the same dice),
        once `margin` and `z` standard errors of the difference are taken off (0 or less: not better)."""
        diffs = [b - a for a, b in zip(first, other, strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        return mean - self.margin - self.z * spread

    def rollout(self, state: GameState, seat: int, rng: Rng) -> float:
        """Play on from `state` with the base bot and the rules' dice to the horizon; its value to `seat`."""
        start = state
        for _ in range(self.max_moves):
            who = state.actor()
            if who is TERMINAL or (state is not start and self.stop(start, state)):
                break
            move = state.roll(rng)[0] if who is CHANCE else self.base(state, rng)
            state = state.apply(move)
        return self.value(state, seat)
