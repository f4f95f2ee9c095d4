"""Evasion, Chart G and its modifiers (002_8449cbd1010a37a5.txt:879-901, 1237-1281)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import lookups
from grognard.systems.adventures_in_fantasy.evasion import Hidden, Searchers, evade, evasion_odds, sizes
from tests.systems.adventures_in_fantasy.scripted import Scripted, pct


def test_chaotic_thousand_find_ten_lawful_men_on_a_5_line_1062() -> None:
    result = evade(Scripted(pct(5)), Searchers(foot=1000), Hidden(men=10))
    assert result.found is True
    assert result.row == "751-1000" and result.column == "6-15"
    assert result.chance >= 5 and result.steps[-1].roll is not None


def test_the_basic_chance_agrees_with_the_lookup() -> None:
    for search, hidden in ((1, 1), (16, 30), (200, 75), (1000, 10), (2000, 2000), (5000, 9000)):
        odds = evasion_odds(Searchers(foot=search), Hidden(men=hidden))
        assert odds.base == lookups.evasion_chance(search, hidden)
        assert odds.found_probability == Fraction(odds.base, 100)


@pytest.mark.parametrize(
    ("terrain", "divisor"), [("mountain", 5), ("forest", 10), ("swamp", 15), ("city", 20)]
)
def test_terrain_divides_the_chance_lines_891_895(terrain: str, divisor: int) -> None:
    odds = evasion_odds(Searchers(foot=500), Hidden(men=40), terrain)
    assert odds.base == 90
    assert odds.chance == Fraction(90, divisor)
    (modifier,) = odds.modifiers
    assert modifier.factor == Fraction(1, divisor) and modifier.before == 90
    assert odds.found_probability == Fraction(int(Fraction(90, divisor)), 100)


def test_a_road_multiplies_by_twenty_and_is_held_at_100_line_1269() -> None:
    odds = evasion_odds(Searchers(foot=10), Hidden(men=10), road=True)
    assert odds.base == 1 and odds.chance == 20
    capped = evasion_odds(Searchers(foot=100), Hidden(men=10), road=True)
    assert capped.base == 10 and capped.chance == 100 and capped.found_probability == 1


def test_sizes_count_horses_wagons_mounts_and_scouts_lines_896_899() -> None:
    search, hidden, steps = sizes(
        Searchers(foot=5, mounted=10, airborne=1), Hidden(men=2, horses=4, wagons=1)
    )
    assert search == 5 + 2 * 10 + 1000
    assert hidden == 2 + 3 * 4 + 15
    assert len(steps) == 4


def test_an_airborne_scout_finds_what_a_thousand_men_find_line_896() -> None:
    scout = evasion_odds(Searchers(airborne=1), Hidden(men=10))
    crowd = evasion_odds(Searchers(foot=1000), Hidden(men=10))
    assert scout.chance == crowd.chance == 90


def test_a_guarded_crossing_is_always_found_line_900() -> None:
    odds = evasion_odds(Searchers(foot=1), Hidden(men=1), "forest", guarded_crossing=True)
    assert odds.chance == 100 and odds.found_probability == 1


def test_a_fraction_of_a_percent_cannot_be_rolled() -> None:
    # ruling "Evasion: fractional chances": 1% in a forest is 1/10%: no two-d20 roll is that low
    odds = evasion_odds(Searchers(foot=1), Hidden(men=1), "forest")
    assert odds.chance == Fraction(1, 10) and odds.found_probability == 0
    assert evade(Scripted(pct(1)), Searchers(foot=1), Hidden(men=1), "forest").found is False


def test_the_roll_matches_the_odds_over_every_face() -> None:
    odds = evasion_odds(Searchers(foot=200), Hidden(men=40), "mountain")
    found = sum(
        1
        for roll in range(1, 101)
        if evade(Scripted(pct(roll)), Searchers(foot=200), Hidden(men=40), "mountain").found
    )
    assert Fraction(found, 100) == odds.found_probability == Fraction(10, 100)


def test_bad_input_is_named() -> None:
    with pytest.raises(UsageError, match="'jungle'"):
        evasion_odds(Searchers(foot=1), Hidden(men=1), "jungle")
    with pytest.raises(UsageError, match="-3"):
        evasion_odds(Searchers(foot=-3), Hidden(men=1))
    with pytest.raises(UsageError, match="at least one"):
        evade(Rng(1), Searchers(), Hidden(men=1))
