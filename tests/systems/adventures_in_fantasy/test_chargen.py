"""Character generation, with the book's examples (002_8449cbd1010a37a5.txt:100-303)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.chargen import (
    MONTHS_PER_YEAR,
    CourseChoice,
    education_years,
    finish,
    generate,
    ladder,
    months_spent,
    open_courses,
    parse_course,
    plan_education,
    rank_for,
    roll_character,
    soldier_kit,
    starting_funds,
)
from grognard.systems.adventures_in_fantasy.tables import get_rollable


def _position(name: str):  # type: ignore[no-untyped-def]
    return next(p for p in ladder() if p.name == name)


def _age_row(age: int):  # type: ignore[no-untyped-def]
    return next(r for r in get_rollable("starting-age").rows if r.field("age") == age)


def test_count_horace_education_example_lines_301_303() -> None:
    years = education_years(30, 18)
    assert education_years(30, 60) == 15  # status 30 alone would give 15 years
    assert years == 12 and years * MONTHS_PER_YEAR == 156
    choices = [parse_course(c) for c in ("sailor", "huntsman", "bow", "3", "3", "sword", "horsemanship i")]
    taken = plan_education(choices, years * MONTHS_PER_YEAR)
    assert [c.months for c in taken] == [36, 36, 36, 12, 12, 12, 6]
    assert months_spent(taken) == 150
    # The book says four months were left; 156 - 150 is six (ruling "Count Horace's months").
    assert years * MONTHS_PER_YEAR - months_spent(taken) == 6


def test_age_raises_status_example_line_235() -> None:
    serf = _position("Serf")
    bonus = _age_row(30).field("status_bonus")
    assert isinstance(bonus, int) and serf.level + bonus == 5
    knight = _position("Knight")
    bonus = _age_row(32).field("status_bonus")
    assert isinstance(bonus, int) and knight.level + bonus == 16
    assert rank_for(16, knight).name == "Baron"
    assert rank_for(14, knight).name == "Knight"


def test_starting_wealth_multiplier_example_line_237() -> None:
    multiplier = _age_row(35).field("wealth_multiplier")
    assert multiplier == 5
    knight = _position("Knight")
    assert starting_funds(knight.level, 5, 0, False) == 5 * starting_funds(knight.level, 1, 0, False) == 500


def test_starting_funds_add_course_income_except_for_soldiers_line_259() -> None:
    assert starting_funds(3, 1, 45, soldier=False) == 75
    assert starting_funds(7, 1, 45, soldier=True) == 70


def test_generation_is_deterministic_and_records_every_roll() -> None:
    first = generate(Rng(42), [parse_course("5")])
    again = generate(Rng(42), [parse_course("5")])
    assert first == again
    made = first.character
    rolled = [s for s in first.steps if s.rolls]
    names = ["Strength", "Dexterity", "Intelligence", "Charisma", "Stamina", "Health"]
    assert [s.label for s in rolled[:6]] == names
    for step, (name, value) in zip(rolled[:6], made.characteristics.items(), strict=True):
        roll = step.rolls[0]
        assert step.label.lower() == name and roll.total == value
        tens, units = (d.value for d in roll.dice)
        assert roll.total == (tens * 10 + units or 100)
    assert rolled[-1].label == "Starting age" and made.age == _age_row(made.age).field("age")
    assert len(first.rolls) in (8, 9)  # six ratings, one or two status rolls, the age


def test_without_the_optional_stamina_five_ratings_are_rolled() -> None:
    made = generate(Rng(3), stamina=False)
    assert made.character.characteristics.stamina is None
    assert [n for n, _ in made.character.characteristics.items()] == [
        "strength",
        "dexterity",
        "intelligence",
        "charisma",
        "health",
    ]


def test_seeds_reach_every_first_roll_band() -> None:
    seen = {roll_character(Rng(s)).rolled.level for s in range(400)}
    assert {1, 2, 3, 4}.issubset(seen) and max(seen) >= 15


def test_education_is_checked() -> None:
    with pytest.raises(UsageError, match="needs course"):
        plan_education([parse_course("bow")], 100)
    with pytest.raises(UsageError, match="already taken"):
        plan_education([parse_course("sword"), parse_course("sword")], 100)
    with pytest.raises(UsageError, match="only 5 of 5"):
        plan_education([parse_course("5")], 5)
    with pytest.raises(UsageError, match="39 months"):
        plan_education([], 26, magic_years=1)
    # A year of magic costs three (:299): one year leaves 52 - 39 = 13 months.
    assert months_spent(plan_education([parse_course("15")], 52, magic_years=1), 1) == 42


def test_course_names_numbers_and_crafts() -> None:
    assert parse_course("12") == CourseChoice(12)
    assert parse_course("Use of two-handed sword") == CourseChoice(13)
    assert parse_course("26:tailor") == CourseChoice(26, "Tailor")
    for bad in ("0", "flying", "26", "26:wizard", "5:tailor", "use"):
        with pytest.raises(UsageError, match="course"):
            parse_course(bad)


def test_open_courses_respect_requisites_and_time() -> None:
    first = {c.number for c in open_courses((), 12)}
    assert 10 not in first and 5 in first and 1 not in first  # bow needs #5; reading takes 72 months
    after = {c.number for c in open_courses(plan_education([parse_course("5")], 100), 94)}
    assert 10 in after and 5 not in after


def _rolled_as(seed: int, position: str, *, age: int = 20):  # type: ignore[no-untyped-def]
    rolled = roll_character(Rng(seed))
    held = _position(position)
    return replace(rolled, rolled=held, position=held, status_level=held.level, age=age, wealth_multiplier=1)


def test_soldiers_start_with_sword_helmet_small_shield_and_sack_line_265() -> None:
    made = finish(_rolled_as(1, "Sergeant-at-Arms"), Rng(1), [parse_course("3")]).character
    assert made.soldier and made.equipment == soldier_kit()
    assert [(i.name, i.weight_lb) for i in made.equipment] == [
        ("Sword", 7),
        ("Helmet", 10),
        ("Shield (Light)", 8),
        ("Small sack", 0.05),
    ]
    assert made.funds_gp == 70  # ten times rank 7; the language's income is not a soldier's
    civilian = finish(_rolled_as(1, "Townsman"), Rng(1), [parse_course("3")]).character
    assert not civilian.soldier and civilian.equipment == () and civilian.funds_gp == 30 + 15


def test_a_paired_rank_takes_the_side_chosen() -> None:
    fighter = finish(_rolled_as(2, "Guildsman/Fighter"), Rng(2), soldier=True).character
    guildsman = finish(_rolled_as(2, "Guildsman/Fighter"), Rng(2), soldier=False).character
    assert (fighter.position, fighter.soldier) == ("Fighter", True)
    assert (guildsman.position, guildsman.soldier) == ("Guildsman", False)


def test_crafts_raise_the_social_level() -> None:
    # Armorer and Forester/Huntsman add a social level (:359, :363); the rank follows the level.
    armorer = finish(_rolled_as(4, "Baron", age=30), Rng(4), [parse_course("5"), parse_course("21")])
    assert armorer.character.status_level == 16 and armorer.character.position == "Baron"
    forester = finish(_rolled_as(4, "Mounted Sergeant", age=30), Rng(4), [parse_course("huntsman")])
    assert forester.character.status_level == 9 and forester.character.position == "Squire"
    assert not forester.character.soldier and forester.character.rolled_position == "Mounted Sergeant"


def test_physical_training_ii_adds_two_to_twenty_from_two_d20() -> None:
    rolled = _rolled_as(5, "Knight", age=30)
    made = finish(rolled, Rng(5), [parse_course("5"), parse_course("6")])
    bonus_steps = [s for s in made.steps if s.label.startswith("Physical Training II")]
    assert len(bonus_steps) == 3
    for step in bonus_steps:
        roll = step.rolls[0]
        assert 2 <= roll.total <= 20 and [d.sides for d in roll.dice] == [20, 20]
        rating = step.label.rsplit(" ", 1)[1]
        before = rolled.characteristics.value(rating)  # type: ignore[arg-type]
        assert made.character.characteristics.value(rating) == before + roll.total  # type: ignore[arg-type]
    assert made.character.characteristics.intelligence == rolled.characteristics.intelligence


def test_royals_keep_their_rank() -> None:
    seen = [r for s in range(2000) if (r := roll_character(Rng(s))).rolled.royal]
    assert seen, "no royal in 2000 seeds"
    for rolled in seen:
        assert rolled.position == rolled.rolled
        assert rank_for(rolled.status_level + 40, rolled.rolled) == rolled.rolled
