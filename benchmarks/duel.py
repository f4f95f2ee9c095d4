"""The dice duel of `tests.toys`: our solver against a hand-written recursion and against icepool.

Cases are the duel at a few hit-point sizes, with and without reroll tokens. For each: the median time
of `solve` in float and exact mode (reading the win probability), of a memoised recursion written by
hand for this duel alone, of merely walking the states through the protocol, and, for the duel without
rerolls (a pure chance process), of icepool computing the same probability with an absorbing Markov
chain. Every method's answer is checked against the solver's before anything is timed.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import icepool

from benchmarks import Row, median_seconds, ratio, timed, walk
from grognard.engine.odds.solver import solve
from tests.toys import DuelState

NAME = "duel"
"""The benchmark's name in the report."""
CASES = ((3, 0), (6, 0), (10, 0), (3, 2), (6, 2), (10, 2))
"""(hit points of each side, reroll tokens) of every case timed."""


def hand_win_probability(hp: int, rerolls: int, one: Any = 1.0) -> Any:
    """The duel's win probability by a memoised recursion over (my hp, their hp, rerolls).

    A round is my die, then (unless I reroll, which starts the round again with one token fewer) the
    opponent's; a tie repeats the round. With the reroll choice a threshold on my die, each threshold
    gives a linear equation in the state's own value, and the best threshold gives the value.
    """
    sixth = one / 6
    memo: dict[tuple[int, int, int], Any] = {}

    def value(mine: int, theirs: int, left: int) -> Any:
        if theirs <= 0:
            return one
        if mine <= 0:
            return one - one
        key = (mine, theirs, left)
        if key in memo:
            return memo[key]
        hit = value(mine, theirs - 1, left)
        hurt = value(mine - 1, theirs, left)
        keep = [(m - 1) * sixth * hit + (6 - m) * sixth * hurt for m in range(1, 7)]
        if left == 0:
            best = sum(keep) * sixth / (one - one / 36 * 6)
        else:
            again = value(mine, theirs, left - 1)
            best = again
            for k in range(1, 7):
                kept = range(k, 7)
                ties = len(kept) * sixth * sixth
                v = ((k - 1) * again + sum(keep[m - 1] for m in kept)) * sixth / (one - ties)
                if v > best:
                    best = v
        memo[key] = best
        return best

    return value(hp, hp, rerolls)


def icepool_win_probability(hp: int) -> Fraction:
    """The no-reroll duel's win probability with icepool: rounds as a die, the duel as an absorbing chain."""
    round_die = icepool.map(
        lambda a, b: icepool.Reroll if a == b else (1 if a > b else -1), icepool.d6, icepool.d6
    )

    def step(hps: tuple[int, int], hit: int) -> tuple[int, int]:
        mine, theirs = hps
        if mine <= 0 or theirs <= 0:
            return hps
        return (mine, theirs - 1) if hit == 1 else (mine - 1, theirs)

    final = icepool.map(step, icepool.Die([(hp, hp)]), round_die, repeat="inf")
    won = sum(q for outcome, q in final.items() if outcome[1] <= 0)
    return Fraction(won, final.denominator())


def _ours(hp: int, rerolls: int, exact: bool) -> Callable[[], Any]:
    return lambda: solve(DuelState((hp, hp), rerolls), exact=exact).win_probability()


def run() -> list[Row]:
    """Time every case; answers are cross-checked first."""
    rows: list[Row] = []
    for hp, rerolls in CASES:
        case = f"hp={hp} rerolls={rerolls}"
        exact = _ours(hp, rerolls, True)()
        if Fraction(hand_win_probability(hp, rerolls, Fraction(1))) != exact:
            raise AssertionError(f"the hand recursion disagrees with the solver at {case}")
        states = solve(DuelState((hp, hp), rerolls)).states
        fast = median_seconds(_ours(hp, rerolls, False))
        slow = median_seconds(_ours(hp, rerolls, True), repeats=3)
        hand = median_seconds(partial(hand_win_probability, hp, rerolls), repeats=9)
        walked = median_seconds(partial(walk, DuelState((hp, hp), rerolls)))
        rows += [
            Row(NAME, case, "states solved", states, ""),
            timed(NAME, case, "grognard float", fast),
            timed(NAME, case, "grognard exact", slow),
            timed(NAME, case, "hand recursion (float)", hand),
            timed(NAME, case, "protocol walk only", walked),
            ratio(NAME, case, "float / hand", fast, hand),
            ratio(NAME, case, "float / walk", fast, walked),
        ]
        if rerolls == 0:
            if icepool_win_probability(hp) != exact:
                raise AssertionError(f"icepool disagrees with the solver at {case}")
            ice = median_seconds(partial(icepool_win_probability, hp), repeats=3)
            rows += [
                timed(NAME, case, "icepool (exact)", ice),
                ratio(NAME, case, "float / icepool", fast, ice),
                ratio(NAME, case, "exact / icepool", slow, ice),
            ]
    return rows
