"""A Fighting Fantasy fight: the exact solver working from the rules code, a hand-written recursion, icepool.

The case is SKILL 10 STAMINA 20 LUCK 9 against SKILL 9 STAMINA 12, with the best Luck policy and without
Luck. Timed, each as the best CPU time (`time.process_time`) of many runs, so that other processes on a
busy machine do not count: `solve` on the `FightState` (float mode, reading the win probability), which
uses the fight's position view (one Attack Round and its Luck test per position, `fight_view`); the same
with the rules' dice tables (the Attack Round's and the Luck test's probabilities, cached per SKILLs and
per LUCK) emptied before every run; a memoised recursion written by hand for this fight alone (its memo
made afresh on every call); the same solve state by state (`positions=False`: the compact protocol, the
path before the view), and through `Plain` (the bare protocol); merely walking the states through the
compact protocol (the fight's own code); and, for the fight without Luck (a pure chance process), icepool
computing the same probability as an absorbing Markov chain. Every answer is checked against the
solver's before anything is timed. No solution, layer or value survives from one timed solve to the next.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from typing import Any

import icepool

from benchmarks import Row, ratio, timed
from grognard.engine.dice.core import sum_distribution
from grognard.engine.game import TERMINAL, Action, Actor, Move, Outcome, Result
from grognard.engine.odds.solver import solve
from grognard.systems.fighting_fantasy.attack import round_outcomes
from grognard.systems.fighting_fantasy.checks import check_outcomes
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules, luck_split, round_split
from grognard.systems.fighting_fantasy.sheet import AdventureSheet

NAME = "ff_fight"
HERO = (10, 20, 9)
ENEMY = (9, 12)


def _two_dice() -> dict[int, float]:
    dist: dict[int, float] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            dist[a + b] = dist.get(a + b, 0.0) + 1 / 36
    return dist


def hand_win_probability(hero: tuple[int, int, int], enemy: tuple[int, int], luck: bool) -> float:
    """The win probability by a memoised recursion over (STAMINA, LUCK, the creature's STAMINA).

    A stand-off repeats the round, so each state's value is the hit and hurt branches renormalised; after
    a wound the better of testing Luck or not is taken (on a wound that would kill the creature a test can
    only cost, and on one that would kill the hero it may save him).
    """
    two = _two_dice()
    skill, stamina, start_luck = hero
    c_skill, c_stamina = enemy
    win = sum(ph * pc for h, ph in two.items() for c, pc in two.items() if h + skill > c + c_skill)
    lose = sum(ph * pc for h, ph in two.items() for c, pc in two.items() if h + skill < c + c_skill)
    lucky = [sum(p for t, p in two.items() if t <= n) for n in range(13)]

    @cache
    def value(hs: int, hl: int, cs: int) -> float:
        if cs <= 0:
            return 1.0
        if hs <= 0:
            return 0.0
        hit = value(hs, hl, cs - 2)
        if luck and hl > 0 and cs > 2:
            p = lucky[min(hl, 12)]
            hit = max(hit, p * value(hs, hl - 1, cs - 4) + (1 - p) * value(hs, hl - 1, cs - 1))
        hurt = value(hs - 2, hl, cs)
        if luck and hl > 0:
            p = lucky[min(hl, 12)]
            hurt = max(hurt, p * value(hs - 1, hl - 1, cs) + (1 - p) * value(hs - 3, hl - 1, cs))
        return (win * hit + lose * hurt) / (win + lose)

    return value(stamina, start_luck, c_stamina)


def icepool_win_probability(hero: tuple[int, int, int], enemy: tuple[int, int]) -> Fraction:
    """The fight without Luck with icepool: a round as a die (a stand-off rerolled), the fight as a chain."""
    skill, stamina, _ = hero
    c_skill, c_stamina = enemy
    round_die = icepool.map(
        lambda h, c: icepool.Reroll if h + skill == c + c_skill else (1 if h + skill > c + c_skill else -1),
        2 @ icepool.d6,
        2 @ icepool.d6,
    )

    def step(scores: tuple[int, int], hit: int) -> tuple[int, int]:
        hs, cs = scores
        if hs <= 0 or cs <= 0:
            return scores
        return (hs, cs - 2) if hit == 1 else (hs - 2, cs)

    final = icepool.map(step, icepool.Die([(stamina, c_stamina)]), round_die, repeat="inf")
    won = sum(q for outcome, q in final.items() if outcome[1] <= 0)
    return Fraction(won, final.denominator())


@dataclass(frozen=True)
class Plain:
    """A state shown to the solver through the bare protocol only, hiding its compact protocol: the path
    every game without one takes (the wrapper itself costs a little)."""

    inner: Any

    def actor(self) -> Actor:
        """The wrapped state's actor."""
        who: Actor = self.inner.actor()
        return who

    def legal_actions(self) -> Sequence[Action]:
        """The wrapped state's actions."""
        return tuple(self.inner.legal_actions())

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        """The wrapped state's chance outcomes."""
        return tuple(self.inner.chance_outcomes())

    def apply(self, move: Move) -> Plain:
        """The wrapped state after `move`, wrapped."""
        return Plain(self.inner.apply(move))

    def result(self) -> Result:
        """The wrapped state's result."""
        result: Result = self.inner.result()
        return result


def compact_walk(root: Any) -> int:
    """Visit every state reachable from `root` through its compact protocol only; returns how many."""
    seen = {root.odds_key(): root}
    todo = [root]
    while todo:
        state = todo.pop()
        if state.actor() is TERMINAL:
            state.result()
            continue
        for key in state.odds_expand()[2]:
            if key not in seen:
                seen[key] = child = state.odds_state(key)
                todo.append(child)
    return len(seen)


def fight(luck: bool) -> FightState:
    """The benchmark's fight as the rules code builds it."""
    sheet = AdventureSheet.new(*HERO)
    return start_fight(sheet, [Creature("Creature", *ENEMY)], FightRules(use_luck=luck))


def cpu_seconds(
    work: Callable[[], object], repeats: int, budget: float = 3.0, before: Callable[[], object] = int
) -> float:
    """The least CPU time of `work()` over `repeats` runs (fewer once `budget` seconds are spent), each
    run after `before()` (untimed)."""
    best = float("inf")
    spent = 0.0
    for _ in range(repeats):
        before()
        start = time.process_time()
        work()
        took = time.process_time() - start
        best = min(best, took)
        spent += took
        if spent > budget:
            break
    return best


def empty_dice_tables() -> None:
    """Forget the rules' cached dice tables, so the next solve computes every probability afresh."""
    for table in (round_split, luck_split, round_outcomes, check_outcomes, sum_distribution):
        table.cache_clear()


def _ours(state: Any, positions: bool = True) -> Callable[[], float]:
    return lambda: float(solve(state, positions=positions).win_probability())


def run() -> list[Row]:
    """Time the solver, the hand recursion and icepool on the same fight; answers are cross-checked first."""
    rows: list[Row] = []
    for luck in (True, False):
        policy = "best Luck" if luck else "no Luck"
        case = f"{HERO[0]}/{HERO[1]}/{HERO[2]} vs {ENEMY[0]}/{ENEMY[1]}, {policy}"
        state = fight(luck)
        ours = _ours(state)()
        hand = hand_win_probability(HERO, ENEMY, luck)
        if abs(ours - hand) > 1e-12:
            raise AssertionError(f"the hand recursion ({hand}) disagrees with the solver ({ours}) at {case}")
        for other in (_ours(state, positions=False), _ours(Plain(state))):
            if abs(other() - ours) > 1e-12:
                raise AssertionError(f"the states' solve disagrees with the positions' at {case}")
        many = 400 if luck else 4000
        t_ours = cpu_seconds(_ours(state), many)
        t_cold = cpu_seconds(_ours(state), many, before=empty_dice_tables)
        t_hand = cpu_seconds(partial(hand_win_probability, HERO, ENEMY, luck), many)
        t_states = cpu_seconds(_ours(state, positions=False), many // 10)
        t_plain = cpu_seconds(_ours(Plain(state)), many // 10)
        t_walk = cpu_seconds(partial(compact_walk, state), many // 10)
        rows += [
            Row(NAME, case, "positions solved", solve(state).states, ""),
            Row(NAME, case, "states (state by state)", solve(state, positions=False).states, ""),
            Row(NAME, case, "win probability", ours, ""),
            timed(NAME, case, "grognard float (positions)", t_ours),
            timed(NAME, case, "same, dice tables emptied each run", t_cold),
            timed(NAME, case, "hand recursion (float)", t_hand),
            timed(NAME, case, "same, state by state", t_states),
            timed(NAME, case, "same, plain protocol", t_plain),
            timed(NAME, case, "compact protocol walk only", t_walk),
            ratio(NAME, case, "float / hand", t_ours, t_hand),
            ratio(NAME, case, "float, tables emptied / hand", t_cold, t_hand),
            ratio(NAME, case, "state by state / hand", t_states, t_hand),
            ratio(NAME, case, "float / state by state", t_ours, t_states),
        ]
        if not luck:
            ice = icepool_win_probability(HERO, ENEMY)
            if abs(float(ice) - ours) > 1e-12:
                raise AssertionError(f"icepool ({float(ice)}) disagrees with the solver ({ours}) at {case}")
            t_ice = cpu_seconds(lambda: icepool_win_probability(HERO, ENEMY), 5)
            rows += [
                timed(NAME, case, "icepool (exact)", t_ice),
                ratio(NAME, case, "float / icepool", t_ours, t_ice),
            ]
    return rows
