"""Foraging and hunting (002_8449cbd1010a37a5.txt:1191-1235)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.foraging import forage, hunt, hunting_odds
from tests.systems.adventures_in_fantasy.scripted import Scripted, pct


@pytest.mark.parametrize(
    ("terrain", "chance"), [("open", 8), ("forest", 8), ("mountain", 4), ("swamp", 4), ("city", 1)]
)
def test_foraging_for_animals_lines_1195_1205(terrain: str, chance: int) -> None:
    assert forage(Scripted([chance]), terrain).fed is True
    assert forage(Scripted([chance + 1]), terrain).fed is False
    assert forage(Rng(1), terrain).probability == Fraction(chance, 10)


def test_desert_only_at_an_oasis_lines_1209_1231() -> None:
    away = forage(Rng(1), "desert")
    assert away.possible is False and away.fed is False and away.probability == 0
    assert forage(Scripted([1]), "desert", oasis=True).fed is True
    assert hunt(Rng(1), "desert").rations == 0
    assert hunting_odds("desert", oasis=True).chance == 10


@pytest.mark.parametrize(
    ("terrain", "chance"), [("open", 70), ("forest", 80), ("mountain", 50), ("swamp", 30), ("city", 3)]
)
def test_hunting_chances_lines_1213_1235(terrain: str, chance: int) -> None:
    odds = hunting_odds(terrain)
    assert odds.chance == chance and odds.probability == Fraction(chance, 100)
    assert hunt(Scripted(pct(chance + 1)), terrain).found is False


def test_rations_are_the_die_halved_line_1227() -> None:
    assert hunt(Scripted([*pct(70), 9]), "open").rations == 5
    assert hunt(Scripted([*pct(1), 1]), "open").rations == 1


def test_a_forester_finds_three_times_as_much_line_455() -> None:
    result = hunt(Scripted([*pct(1), 4]), "forest", forester=True)
    assert result.rations == 6 and "Forester" in result.steps[-1].label


def test_education_modifies_the_chance_line_1211() -> None:
    odds = hunting_odds("swamp", bonus=25)
    assert (odds.base, odds.chance) == (30, 55) and odds.modifiers[0].value == 25
    assert hunting_odds("forest", bonus=50).chance == 100
    assert hunting_odds("city", bonus=-10).probability == 0


def test_city_garbage_must_pass_health_line_1235() -> None:
    spoiled = hunt(Scripted([*pct(3), 10, *pct(61)]), "city", health=60)
    assert spoiled.found is True and spoiled.rations == 0
    kept = hunt(Scripted([*pct(3), 10, *pct(60)]), "city", health=60)
    assert kept.rations == 5
    with pytest.raises(UsageError, match="101"):
        hunt(Scripted([*pct(3), 10]), "city", health=101)


def test_bad_terrain_is_named() -> None:
    with pytest.raises(UsageError, match="'tundra'"):
        forage(Rng(1), "tundra")
