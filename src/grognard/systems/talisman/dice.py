"""Exact dice arithmetic for Talisman: totals of several dice, and a combat's win/stand-off/lose chances.

A combat (16:4) is one die for each side added to its score; the higher wins, equal scores are a
stand-off (16:10). A side may add no die (an ability that overrides 16:4, 8:1).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from grognard.engine.dice import sum_distribution

WIN = "win"
STANDOFF = "standoff"
LOSE = "lose"


@cache
def sum_probabilities(dice: int) -> dict[int, Fraction]:
    """The exact distribution of the total of `dice` six-sided dice (0 dice: always 0)."""
    if dice == 0:
        return {0: Fraction(1)}
    return dict(sum_distribution(dice, 6))


@cache
def combat_chances(mine: int, theirs: int, my_dice: int = 1, their_dice: int = 1) -> dict[str, Fraction]:
    """P(win), P(stand-off), P(lose) of a side with score `mine` against `theirs`, each adding its dice."""
    out = {WIN: Fraction(0), STANDOFF: Fraction(0), LOSE: Fraction(0)}
    for a, pa in sum_probabilities(my_dice).items():
        for b, pb in sum_probabilities(their_dice).items():
            diff = (mine + a) - (theirs + b)
            key = WIN if diff > 0 else LOSE if diff < 0 else STANDOFF
            out[key] += pa * pb
    return out


def classify(mine: int, theirs: int) -> str:
    """The result of two combat scores (16:4, 16:8, 16:10)."""
    return WIN if mine > theirs else LOSE if mine < theirs else STANDOFF
