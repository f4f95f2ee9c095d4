"""Hostility and deployment (002_8449cbd1010a37a5.txt:1060-1102)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import lookups
from grognard.systems.adventures_in_fantasy.hostility import (
    DEPLOYMENTS,
    Side,
    hostility,
    hostility_odds,
    roll_deployment,
)
from tests.systems.adventures_in_fantasy.scripted import Scripted, pct


def test_chaos_searching_finds_law_and_a_battle_ensues_line_1062() -> None:
    # the chaotic force is searching: 80% + 20% = 100%, "100% hostile when Chaotic finds Lawful"
    odds = hostility_odds(Side.of("chaos", "searching"), Side.of("law", "hiding"))
    assert odds.first.chance == 100 and odds.fight_probability == 1
    assert odds.second.chance == 80
    rolled = hostility(Scripted(pct(100) + pct(100)), Side.of("chaos", "searching"), Side.of("law", "hiding"))
    assert rolled.first.hostile is True and rolled.second.hostile is False and rolled.fight is True


def test_one_hostile_side_is_enough_line_1062() -> None:
    a, b = Side.of("neutral", "marching"), Side.of("neutral", "marching")
    assert hostility(Scripted(pct(31) + pct(30)), a, b).fight is True
    assert hostility(Scripted(pct(31) + pct(31)), a, b).fight is False
    assert hostility_odds(a, b).fight_probability == 1 - Fraction(70, 100) ** 2


@pytest.mark.parametrize(("mine", "theirs"), list(itertools.product(("law", "neutral", "chaos"), repeat=2)))
def test_odds_agree_with_counting_every_pair_of_rolls(mine: str, theirs: str) -> None:
    for deployment in DEPLOYMENTS:
        a, b = Side.of(mine, deployment), Side.of(theirs, "ambush")
        odds = hostility_odds(a, b)
        assert odds.first.chance == lookups.hostility_chance(mine, theirs, deployment)
        fights = sum(
            1
            for x in range(1, 101)
            for y in range(1, 101)
            if x <= odds.first.chance or y <= odds.second.chance
        )
        assert odds.fight_probability == Fraction(fights, 100 * 100)


def test_deployment_modifiers_lines_1084_1086() -> None:
    base = hostility_odds(Side.of("law", "marching"), Side.of("neutral")).first.chance
    assert base == 50
    got = {d: hostility_odds(Side.of("law", d), Side.of("neutral")).first.modifier for d in DEPLOYMENTS}
    assert got == {"ambush": 50, "hiding": -20, "searching": 20, "foraging": 10, "deployed": 5, "marching": 0}
    assert hostility_odds(Side.of("law", "ambush"), Side.of("chaos")).first.chance == 100


def test_magic_users_line_1088() -> None:
    always = hostility_odds(Side.of("law", "hiding", True), Side.of("chaos", "hiding", True))
    assert always.first.chance == always.second.chance == 100 and always.fight_probability == 1
    never = hostility_odds(Side.of("law", "ambush", True), Side.of("law", "ambush", True))
    assert never.fight_probability == 0
    assert hostility(Rng(3), Side.of("law", magic_user=True), Side.of("law", magic_user=True)).fight is False
    ordinary = hostility_odds(Side.of("neutral", magic_user=True), Side.of("law", magic_user=True))
    assert ordinary.first.chance == 30


def test_deployment_roll_lines_1100_1102() -> None:
    assert roll_deployment(Scripted([11]))[1] == "ambush"
    assert roll_deployment(Scripted([13]))[1] == "searching"
    step, found = roll_deployment(Scripted([20]))
    assert found == "marching" and step.row is not None and step.row.source.endswith(":1102")


def test_bad_input_is_named() -> None:
    with pytest.raises(UsageError, match="'good'"):
        Side.of("good")
    with pytest.raises(UsageError, match="'sleeping'"):
        Side.of("law", "sleeping")
    assert Side.of("Lawful", "defending") == Side("law", "deployed")
