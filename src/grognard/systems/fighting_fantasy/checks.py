"""Testing your Luck and Testing your Skill: small chance nodes the fights and the gamebook use.

Each test throws two dice and compares the total with a score (000_13d85f0bd5b613c5.txt:72-77). The exact
outcome probabilities and the real roll both go through `check_outcome`, so a played test and its odds can
never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from grognard.engine.dice.core import Rng, Roll, d6
from grognard.i18n import N_

# The outcomes are labels the rules compare; N_ marks them for the reader's language where they are shown.
LUCKY = N_("lucky")
UNLUCKY = N_("unlucky")
SUCCESS = N_("success")
FAILURE = N_("failure")


@dataclass(frozen=True, slots=True)
class CheckKind:
    """One kind of two-dice test: its name and the labels of a pass and a fail."""

    name: str
    passed: str
    failed: str


LUCK_TEST = CheckKind(N_("Test your Luck"), LUCKY, UNLUCKY)
"""Testing your Luck: 2d6 <= LUCK is lucky (000_13d85f0bd5b613c5.txt:72-77)."""

SKILL_TEST = CheckKind(N_("Test your Skill"), SUCCESS, FAILURE)
"""Testing your Skill: 2d6 <= SKILL succeeds (a common book rule, not printed here; see the rulings)."""


def check_outcome(kind: CheckKind, total: int, score: int) -> str:
    """The outcome of a test whose two dice came to `total` against `score`: equal or less passes."""
    return kind.passed if total <= score else kind.failed


def two_dice_ways() -> dict[int, int]:
    """In how many of the 36 ways two dice can fall each total comes up (counted, not looked up)."""
    ways: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            ways[a + b] = ways.get(a + b, 0) + 1
    return ways


@cache
def check_outcomes(kind: CheckKind, score: int) -> tuple[tuple[str, Fraction], ...]:
    """The exact outcomes of a test against `score`, leaving out any that cannot happen."""
    counts: dict[str, int] = {}
    for total, ways in two_dice_ways().items():
        label = check_outcome(kind, total, score)
        counts[label] = counts.get(label, 0) + ways
    return tuple(
        (label, Fraction(counts[label], 36)) for label in (kind.passed, kind.failed) if label in counts
    )


def pass_probability(kind: CheckKind, score: int) -> Fraction:
    """The exact chance of passing a test against `score` (0 at a score below 2, 1 at 12 or more)."""
    return dict(check_outcomes(kind, score)).get(kind.passed, Fraction(0))


def roll_check(kind: CheckKind, rng: Rng, score: int) -> tuple[str, Roll]:
    """Throw the two dice of a test for real: the outcome and the roll showing both faces."""
    roll = d6(rng, 2)
    return check_outcome(kind, roll.total, score), roll


def luck_outcomes(luck: int) -> tuple[tuple[str, Fraction], ...]:
    """The chance node of Testing your Luck at `luck`: ("lucky", p), ("unlucky", 1 - p)."""
    return check_outcomes(LUCK_TEST, luck)


def luck_after_test(luck: int) -> int:
    """LUCK after a test: one point less (000_13d85f0bd5b613c5.txt:78-80), never below 0 (a ruling)."""
    return max(0, luck - 1)


def roll_luck(rng: Rng, luck: int) -> tuple[str, Roll]:
    """Test your Luck for real: "lucky" or "unlucky", and the dice."""
    return roll_check(LUCK_TEST, rng, luck)


def skill_outcomes(skill: int) -> tuple[tuple[str, Fraction], ...]:
    """The chance node of Testing your Skill at `skill`: ("success", p), ("failure", 1 - p)."""
    return check_outcomes(SKILL_TEST, skill)


def roll_skill(rng: Rng, skill: int) -> tuple[str, Roll]:
    """Test your Skill for real: "success" or "failure", and the dice."""
    return roll_check(SKILL_TEST, rng, skill)
