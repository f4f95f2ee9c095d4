"""Exact dice arithmetic for Talisman: the totals of several dice (a combat's chances are in `combat`)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from grognard.engine.dice.core import sum_distribution


@cache
def sum_probabilities(dice: int) -> dict[int, Fraction]:
    """The exact distribution of the total of `dice` six-sided dice (0 dice: always 0)."""
    if dice == 0:
        return {0: Fraction(1)}
    return dict(sum_distribution(dice, 6))
