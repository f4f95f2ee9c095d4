"""Experience and standing (002_8449cbd1010a37a5.txt:1775-1866): every worked example of the book."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.character import Character, Characteristics
from grognard.systems.adventures_in_fantasy.experience import (
    Reputation,
    basic_experience,
    court_fee,
    level_hit_bonus,
    magic_experience,
    next_rank,
    promote,
    service_fee,
    service_fees,
    status_after_levels,
    vacancy_probability,
    vacancy_roll,
    warrior_experience,
)


def person(
    position: str, rank: int, status: int, *, magic_years: int = 0, income: int | None = None
) -> Character:
    """A character holding `position` at `status` (ratings of 50)."""
    return Character(
        name=position,
        characteristics=Characteristics(strength=50, dexterity=50, intelligence=50, charisma=50, health=50),
        age=30,
        rolled_position=position,
        rolled_level=rank,
        status_level=status,
        position=position,
        rank=rank,
        castle=rank >= 10,
        rank_income_gp=income,
        magic_years=magic_years,
    )


def test_equal_opponents_give_one_level_line_1811() -> None:
    award = warrior_experience(40, [40], 1, [1], 3, [3])
    assert award.amount == 1
    assert award.source.endswith(":1785-1805")


def test_warrior_formula_multiplies_the_three_ratios_lines_1785_1803() -> None:
    # (35 / 70) x (4 / 2) x (6 / 3) = 2
    assert warrior_experience(35, [70], 4, [2], 6, [3]).amount == 2
    # an unknown loser's level (0) counts as 1, as does a starting victor's
    assert warrior_experience(40, [40], 1, [1], 0, [5]).amount == Fraction(1, 5)
    assert warrior_experience(40, [40], 1, [1], 0, [0]).amount == 1


def test_several_victors_add_their_values_and_each_gets_the_award_line_1805() -> None:
    alone = warrior_experience(40, [40], 2, [1], 2, [2]).amount
    together = warrior_experience(40, [40, 40], 2, [1, 1], 2, [1, 1]).amount
    assert alone == 2
    assert together == Fraction(1, 2)


def test_warrior_formula_refuses_mismatched_victors() -> None:
    with pytest.raises(UsageError):
        warrior_experience(40, [40, 30], 1, [1], 0, [0])
    with pytest.raises(UsageError):
        warrior_experience(0, [40], 1, [1])


def test_basic_game_figure_line_1781() -> None:
    # 40% and 40 x 3 = 120: 120 / 40 / 2 = 1.5
    assert basic_experience(40, 3).amount == Fraction(3, 2)


def test_two_percent_bonus_takes_two_percent_off_the_creature_line_1807() -> None:
    assert level_hit_bonus(2) == 2
    assert level_hit_bonus(0) == 0


def test_a_six_point_spell_of_no_alignment_gives_point_six_line_1824() -> None:
    assert magic_experience("spell-other", 6).amount == Fraction(6, 10)


def test_a_chaos_wizard_gains_point_eight_for_a_four_point_chaos_spell_line_1825() -> None:
    assert magic_experience("spell-own", 4).amount == Fraction(8, 10)


@pytest.mark.parametrize(
    ("event", "value", "level", "expected"),
    [
        ("permanent", 10, 0, Fraction(1)),
        ("defeat-opposing", 6, 3, Fraction(2)),
        ("defeat-magician", 6, 3, Fraction(1)),
        ("sorcerous-victory", 0, 5, Fraction(1, 2)),
        ("defeat-non-magician", 20, 4, Fraction(1, 2)),
        ("break-edifice", 10, 2, Fraction(1)),
        ("break-artifact", 0, 9, Fraction(1, 10)),
    ],
)
def test_magic_awards_lines_1826_1836(event: str, value: int, level: int, expected: Fraction) -> None:
    assert magic_experience(event, value, level).amount == expected  # type: ignore[arg-type]


def test_lies_found_out_halve_reputation_to_actual_experience_line_1817() -> None:
    boasted = Reputation().gain(30, verified=False)
    assert boasted.value == 30
    caught = boasted.found_out(Fraction(8))
    assert caught.value == 4 and caught.verified_only
    assert caught.gain(10, verified=False) == caught
    assert caught.gain(2, verified=True).value == 6


def test_a_knight_gains_a_social_level_per_experience_level_line_1842() -> None:
    assert status_after_levels(10, Fraction(0), Fraction(1)) == 11
    assert status_after_levels(10, Fraction(2), Fraction(7)) == 15
    assert status_after_levels(10, Fraction(1, 2), Fraction(9, 10)) == 10


def test_omar_stays_a_squire_without_a_knights_vacancy_line_1848() -> None:
    omar = person("Squire", 9, 15, income=15)
    assert next_rank(omar) is not None and next_rank(omar).name == "Knight"  # type: ignore[union-attr]
    stuck = promote(omar, vacancy=False, year=3)
    assert not stuck.promoted and stuck.character.position == "Squire"
    knighted = promote(omar, vacancy=True, year=3)
    assert knighted.promoted and knighted.character.position == "Knight"
    again = promote(knighted.character, vacancy=True, year=3, last_promotion_year=3)
    assert not again.promoted and "this year" in again.reason
    baron = promote(knighted.character, vacancy=True, year=4, last_promotion_year=3)
    assert baron.character.position == "Baron" and baron.character.rank_income_gp == 350


def test_al_haza_remains_a_knight_at_status_twenty_line_1860() -> None:
    al_haza = person("Knight", 10, 20, magic_years=3, income=50)
    for alignment in ("law", "neutral"):
        kept = promote(al_haza, vacancy=True, year=2, alignment=alignment)  # type: ignore[arg-type]
        assert not kept.promoted and kept.character.position == "Knight"
    chaotic = promote(al_haza, vacancy=True, year=2, alignment="chaos")
    assert chaotic.promoted and chaotic.character.position == "Baron"
    assert al_haza.yearly_income_gp == 0


def test_without_castles_rank_is_honorific_line_1844() -> None:
    squire = person("Squire", 9, 10, income=15)
    done = promote(squire, vacancy=True, year=1, castles=False)
    assert done.character.position == "Knight" and done.character.rank_income_gp == 15
    assert not done.character.castle


def test_vacancy_is_two_percent_line_1850() -> None:
    assert vacancy_probability() == Fraction(2, 100)
    assert vacancy_roll(Rng(0), given=2).open
    assert not vacancy_roll(Rng(0), given=3).open
    thrown = [vacancy_roll(Rng(k)).open for k in range(2000)]
    assert 10 <= sum(thrown) <= 80


def test_al_haza_earns_21_silver_pieces_a_week_of_service_line_1862() -> None:
    assert service_fee(11, 20) == 21
    assert service_fees(11, 20, 1) == 21
    assert service_fees(11, 20, 4) == 84  # the book prints 82: ruling "Experience: Al-Haza's fees"
    with pytest.raises(UsageError):
        service_fees(11, 20, 5)


def test_court_magician_gets_a_tenth_of_the_nobles_month_line_1864() -> None:
    assert court_fee(1300) == 10
    assert court_fee(350) == Fraction(35, 13)
