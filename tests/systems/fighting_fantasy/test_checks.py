"""Testing your Luck and Testing your Skill as chance nodes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.systems.fighting_fantasy.checks import (
    luck_after_test,
    luck_outcomes,
    roll_luck,
    roll_skill,
    skill_outcomes,
)
from tests.systems.fighting_fantasy.stub import StubRng


def _count_at_most(score: int) -> int:
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= score)


@pytest.mark.parametrize("luck", range(0, 14))
def test_luck_is_2d6_at_most_luck(luck: int) -> None:
    """000_13d85f0bd5b613c5.txt:72-77: equal to or less than LUCK is lucky."""
    outcomes = dict(luck_outcomes(luck))
    assert outcomes.get("lucky", Fraction(0)) == Fraction(_count_at_most(luck), 36)
    assert sum(outcomes.values()) == 1


def test_luck_test_costs_one_point() -> None:
    """000_13d85f0bd5b613c5.txt:78-80: each test subtracts one point of LUCK."""
    assert luck_after_test(9) == 8


def test_luck_zero_always_fails_and_stays_zero() -> None:
    """Ruling on 000_13d85f0bd5b613c5.txt:72-80: at LUCK 0 (and 1) no two dice are low enough."""
    assert luck_outcomes(0) == (("unlucky", Fraction(1)),)
    assert luck_outcomes(1) == (("unlucky", Fraction(1)),)
    assert luck_after_test(0) == 0


def test_real_luck_roll_maps_through_the_same_rule() -> None:
    """000_13d85f0bd5b613c5.txt:72-77: a 7 against LUCK 7 is lucky, an 8 unlucky."""
    outcome, roll = roll_luck(StubRng(3, 4), 7)
    assert (outcome, roll.faces()) == ("lucky", [3, 4])
    assert roll_luck(StubRng(4, 4), 7)[0] == "unlucky"


def test_real_luck_rolls_follow_the_odds() -> None:
    """000_13d85f0bd5b613c5.txt:72-77: the real dice agree with the exact odds over many throws."""
    rng = Rng(5)
    lucky = sum(roll_luck(rng, 7)[0] == "lucky" for _ in range(3600))
    assert abs(lucky / 3600 - 21 / 36) < 0.03


def test_skill_test_is_2d6_at_most_skill() -> None:
    """Ruling: Testing your Skill (not in 000_13d85f0bd5b613c5.txt) is 2d6 <= SKILL, like Luck at :72-77."""
    assert dict(skill_outcomes(10))["success"] == Fraction(33, 36)
    assert roll_skill(StubRng(6, 5), 10)[0] == "failure"
    assert roll_skill(StubRng(5, 5), 10)[0] == "success"
