"""Characteristic checks, with the book's examples (002_8449cbd1010a37a5.txt:110-255)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import checks
from grognard.systems.adventures_in_fantasy.character import Character, Characteristics


def _character(age: int = 30, health: int = 60) -> Character:
    return Character(
        characteristics=Characteristics(
            strength=70, dexterity=50, intelligence=40, charisma=30, health=health, stamina=60
        ),
        age=age,
        rolled_position="Townsman",
        rolled_level=3,
        status_level=3,
        position="Townsman",
        rank=3,
    ).recompute_hit_points()


def test_influence_example_lines_133_156_gives_38_percent() -> None:
    # B (Charisma 58, status 12, reputation 18) rolls 48 to influence A (65, 8, 25): 41 - 3 = 38.
    done = checks.influence(
        Rng(0), 58, 65, status=(12, 8), reputation=(18, 25), first_roll=48, second_roll=38
    )
    assert done.may_try and done.base == 41 and done.modifier == -3
    assert done.chance == 38 and done.success
    missed = checks.influence(
        Rng(0), 58, 65, status=(12, 8), reputation=(18, 25), first_roll=48, second_roll=39
    )
    assert missed.chance == 38 and not missed.success


def test_influence_without_the_optional_modifiers_uses_the_base() -> None:
    done = checks.influence(Rng(0), 58, 65, first_roll=48, second_roll=41)
    assert done.modifiers == () and done.chance == 41 and done.success


def test_influence_refused_over_charisma_or_under_01() -> None:
    over = checks.influence(Rng(0), 58, 65, first_roll=59)
    assert not over.may_try and over.chance is None and over.second is None and not over.success
    low = checks.influence(Rng(0), 30, 65, first_roll=20)  # 20 + 30 - 65 = -15
    assert low.may_try and low.base == -15 and low.chance is None and low.second is None


def test_influence_probability_by_hand() -> None:
    # Charisma 100 against 100: any first roll r may try, the chance is r; the mean of r/100 is 0.505.
    assert checks.influence_probability(100, 100) == Fraction(505, 1000)
    assert checks.influence_probability(10, 100) == 0  # r + 10 - 100 is never 1 or more


def test_influence_rolls_two_d20_when_not_given() -> None:
    done = checks.influence(Rng(9), 90, 10)
    assert [d.sides for d in done.first.dice] == [20, 20]
    assert done.second is not None and done.success == (done.second.total <= (done.chance or 0))


def test_dexterity_loses_a_point_per_two_pounds_and_75_percent_untrained() -> None:
    # :112 one point per two pounds carried; :117 75% without physical training.
    assert checks.dexterity_target(60, 15) == 53
    assert checks.dexterity_target(60, 15, trained=False) == 45 - 7
    assert checks.dexterity_target(10, 100) == 0
    assert checks.dexterity_check(Rng(0), 60, 15, given=53).success
    assert not checks.dexterity_check(Rng(0), 60, 15, given=54).success
    with pytest.raises(UsageError, match="-1"):
        checks.dexterity_target(60, -1)


def test_a_character_carries_its_kit_into_a_dexterity_check() -> None:
    from grognard.systems.adventures_in_fantasy.character import Item

    loaded = _character().model_copy(update={"equipment": (Item(name="Sword", weight_lb=7),)})
    done = checks.character_dexterity_check(Rng(0), loaded, given=1)
    assert done.target == 37 - 3  # untrained 75% of 50 is 37, less 3 for 7 lb


def test_intelligence_check_at_or_under_succeeds_line_121() -> None:
    assert checks.intelligence_check(Rng(0), 44, given=44).success
    assert not checks.intelligence_check(Rng(0), 44, given=45).success
    with pytest.raises(UsageError, match="101"):
        checks.intelligence_check(Rng(0), 44, given=101)


def test_health_65_recovers_a_hit_point_65_percent_of_weeks_line_178() -> None:
    week = checks.recovery_week(Rng(1), 65)
    assert week.chance == Fraction(65, 100)
    assert checks.recovery_week(Rng(1), 65, given=65).success
    assert not checks.recovery_week(Rng(1), 65, given=66).success


def test_rest_rolls_each_week_while_wounded() -> None:
    hurt = _character(health=100).wounded(3)
    healed, rolls = checks.rest(Rng(2), hurt, 10)
    assert healed.wounds == 0 and len(rolls) == 3  # Health 100 always succeeds, and rest stops at 0


def test_poison_recovery_takes_health_over_ten_weeks_line_180() -> None:
    done = checks.poison_or_disease(Rng(0), 65, given=10)
    assert done.check.success and done.weeks == 6
    assert checks.poison_or_disease(Rng(0), 65, given=70).weeks is None


def test_sickness_example_line_255() -> None:
    sick = checks.sickness(_character(health=83), 3)
    assert sick.characteristics.health == 80
    assert checks.sickness(_character(health=83), 3, magic_cured=True).characteristics.health == 83


def test_natural_death_roll_save_and_illness_lines_241_251() -> None:
    young = _character(age=20, health=60)  # 17-25: 1%
    safe = checks.natural_death_year(Rng(0), young, given=2)
    assert safe.year.death_chance == 1 and safe.year.save is None and safe.character == young
    ill = checks.natural_death_year(Rng(0), young, given=1, given_save=60, sickness_health_loss=True)
    assert ill.year.illness is not None and 1 <= ill.year.illness.total <= 6
    assert ill.character.characteristics.health == 60 - ill.year.illness.total
    dead = checks.natural_death_year(Rng(0), young, given=1, given_save=61)
    assert dead.year.died and not dead.character.alive and dead.year.illness is None


def test_old_age_takes_half_the_death_chance_from_physical_ratings_line_251() -> None:
    assert [checks.old_age_loss(a) for a in (45, 46, 51, 56, 61, 80)] == [0, 4, 5, 8, 10, 10]
    assert [checks.old_age_loss(a, "on-reaching") for a in (46, 47, 56, 57)] == [4, 0, 8, 0]
    old = checks.natural_death_year(Rng(0), _character(age=52), given=50).character
    ratings = old.characteristics
    assert (ratings.strength, ratings.dexterity, ratings.stamina, ratings.health) == (65, 45, 55, 55)
    assert (ratings.intelligence, ratings.charisma) == (40, 30)
    assert old.hit_points == old.max_hit_points < _character().hit_points
    with pytest.raises(UsageError, match="sometimes"):
        checks.old_age_loss(50, "sometimes")  # type: ignore[arg-type]
