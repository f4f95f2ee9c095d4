"""The Character model: JSON round trip, the 75% rule, hit points, income (002_8449cbd1010a37a5.txt)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from grognard.engine.dice.core import Rng
from grognard.systems.adventures_in_fantasy.character import (
    Character,
    Characteristics,
    Course,
    effective_rating,
    hit_points,
)
from grognard.systems.adventures_in_fantasy.chargen import (
    CourseChoice,
    course,
    finish,
    months_spent,
    open_courses,
    plan_education,
    roll_character,
)


def _character(**changes: object) -> Character:
    base = Character(
        characteristics=Characteristics(
            strength=60, dexterity=40, intelligence=50, charisma=50, health=65, stamina=30
        ),
        age=20,
        rolled_position="Yeoman",
        rolled_level=2,
        status_level=2,
        position="Yeoman",
        rank=2,
        rank_income_gp=10,
    )
    return base.model_copy(update=changes)


@pytest.mark.parametrize("seed", range(25))
def test_json_round_trip_is_exact(seed: int) -> None:
    rolled = roll_character(Rng(seed), stamina=seed % 2 == 0)
    picks: list[CourseChoice] = []
    for _ in range(seed % 4):
        done = plan_education(picks, rolled.education_months)
        offered = open_courses(done, rolled.education_months - months_spent(done))
        if offered:
            picks.append(offered[seed % len(offered)])
    made = finish(rolled, Rng(seed), picks, soldier=seed % 3 == 0, name=f"hero {seed}").character
    text = made.to_json()
    again = Character.from_json(text)
    assert again == made
    assert again.to_json() == text


def test_json_refuses_unknown_keys_and_bad_values() -> None:
    text = _character().to_json()
    with pytest.raises(ValidationError):
        Character.from_json(text.replace('"name"', '"nickname"'))
    with pytest.raises(ValidationError):
        Character.from_json(text.replace('"age":20', '"age":-1'))


def test_the_75_percent_rule_applies_to_strength_dexterity_and_stamina_only() -> None:
    # 002_8449cbd1010a37a5.txt:106, :117, :164: 75% untrained; Intelligence and Health are not touched.
    untrained = _character()
    assert not untrained.physically_trained
    assert [untrained.effective(n) for n in ("strength", "dexterity", "stamina")] == [45, 30, 22]
    assert untrained.effective("health") == 65 and untrained.effective("intelligence") == 50
    assert effective_rating(65, "dexterity", trained=False) == 48  # 48.75 rounded down


@pytest.mark.parametrize("number", [5, 19, 22])
def test_physical_training_and_its_equivalents_lift_the_rule(number: int) -> None:
    # Physical Training I (:378-382), Blacksmithing (:426), Sailor (:447).
    trained = _character(courses=(course(CourseChoice(number)),))
    assert trained.physically_trained
    assert trained.effective("strength") == 60 and trained.effective("stamina") == 30


def test_hit_points_divide_the_whole_sum_by_five_and_round_up_once() -> None:
    # :170 (A/2 + B/3 + C/4) / 5: 30 + 10 + 10 = 50 -> 10; 30.5 + 10 + 10 = 50.5 -> 11.
    assert hit_points(60, 30, 40) == 10
    assert hit_points(61, 30, 40) == 11
    assert hit_points(1, 1, 1) == 1
    assert hit_points(100, 100, 100) == 22
    # Average ratings give about the ten hit points the book gives a human (:1535).
    assert hit_points(50, 50, 50) in (10, 11)
    assert hit_points(60, None, 40) == 8  # without the optional Stamina its term is left out


def test_hit_points_follow_physical_conditioning() -> None:
    # :172: physical conditioning affects hits; the untrained use 75% ratings.
    untrained = _character().recompute_hit_points()
    trained = _character(courses=(course(CourseChoice(5)),)).recompute_hit_points()
    assert untrained.hit_points == hit_points(45, 22, 30) == 8
    assert trained.hit_points == 10


def test_income_of_rank_and_courses_and_none_for_magicians() -> None:
    reader = _character(courses=(course(CourseChoice(1)), course(CourseChoice(26, "Carpenter"))))
    assert reader.course_income_gp == 30 + 10
    assert reader.yearly_income_gp == 10 + 40
    assert reader.model_copy(update={"magic_years": 1}).yearly_income_gp == 40  # :1860 no rank salary


def test_wounds_and_ratings_change_without_going_below_zero() -> None:
    hurt = _character(hit_points=10).wounded(4)
    assert hurt.current_hit_points == 6 and hurt.wounded(-9).wounds == 0
    assert hurt.with_rating("health", -5).characteristics.health == 0
    assert Course(number=3, name="x", months=12, craft="").label == "x"
