"""The last small procedures: the second engineer class, a language's error, husbandry's herd, the
troubadour's gift, trapdoor detection and the mounted fighter; each test names its line of
002_8449cbd1010a37a5.txt, readings in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import crafts, terrain
from grognard.systems.adventures_in_fantasy import education as ed
from grognard.systems.adventures_in_fantasy.chargen import CourseChoice
from grognard.systems.adventures_in_fantasy.checks import influence_probability
from grognard.systems.adventures_in_fantasy.combat import fighter_text, hit_chance, parse_fighter
from tests.cli.helpers import grognard

ENGINEER = CourseChoice(20)


def test_the_second_engineer_class_takes_75_percent_of_the_time_line_430() -> None:
    assert ed.required_months(ENGINEER) == 60
    assert ed.required_months(ENGINEER, second_engineer=True) == 45
    odds = ed.learning_odds(ENGINEER, 60, 45, second_engineer=True)
    assert odds.required == 45 and odds.failure == 90
    assert ed.learning_odds(ENGINEER, 60, 45).failure == 100
    with pytest.raises(UsageError, match="course 20"):
        ed.required_months(CourseChoice(12), second_engineer=True)


def test_a_languages_error_is_15_less_a_third_of_intelligence_line_374() -> None:
    assert ed.language_error(0) == 15
    assert ed.language_error(10) == 12
    assert ed.language_error(30) == 5
    assert ed.language_error(44) == 1
    assert ed.language_error(45) == 0
    assert ed.language_error(90) == 0
    assert ed.language_error_chance(10) == Fraction(12, 100)
    with pytest.raises(UsageError):
        ed.language_error(101)


def test_a_herd_of_forty_gains_two_percent_a_year_line_451() -> None:
    herd = crafts.herd_value(1000, 40, 2)
    assert herd.values == (1000, 1020, Fraction(10404, 10))
    assert crafts.herd_value(1000, 39, 5).final == 1000
    stopped = crafts.herd_value(100, 40, 14, breeding_years=12)
    assert stopped.final == stopped.values[12] == 100 * Fraction(51, 50) ** 12
    with pytest.raises(UsageError):
        crafts.herd_value(100, 40, 5, breeding_years=31)


def test_the_troubadours_gift_line_470() -> None:
    assert crafts.gift_chance(30) == Fraction(60, 100)
    assert crafts.gift_chance(60) == 1
    coppers = crafts.gift_coppers()
    assert min(coppers) == 1 and max(coppers) == 100
    assert sum(coppers.values()) == 1
    assert coppers[100] == Fraction(1, 100) and coppers[12] == Fraction(4, 100)
    evening = crafts.performance(40, 30)
    talk = influence_probability(40, 30)
    assert evening.gift == talk * Fraction(80, 100)
    assert evening.thrown_out == talk * Fraction(20, 100) * talk
    assert evening.imprisoned == talk * Fraction(20, 100) * (1 - talk)
    assert evening.refused + evening.gift + evening.thrown_out + evening.imprisoned == 1
    assert evening.expected_coppers == evening.gift * Fraction(121, 4)


def test_trapdoor_detection_line_743() -> None:
    assert terrain.trap_detection() == 30
    assert terrain.trap_detection(skills=("forester",)) == 40
    assert terrain.trap_detection(skills=("miner",)) == 50
    assert terrain.trap_detection(skills=("engineer",)) == 60
    assert terrain.trap_detection(skills=("forester", "miner")) == 60
    assert terrain.trap_detection(dwarf=True) == 80
    assert terrain.trap_detection(dwarf=True, skills=("engineer",)) == 100
    assert terrain.trap_detection_chance(skills=("miner",)) == Fraction(1, 2)
    with pytest.raises(UsageError):
        terrain.trap_detection(skills=("tailor",))


def test_a_rider_below_horsemanship_ii_melees_at_half_base_line_394() -> None:
    foot = parse_fighter("name=foot")
    level_one = parse_fighter("name=rider,mounted=1")
    assert hit_chance(foot, foot).chance == 40
    assert hit_chance(level_one, foot).chance == 20
    assert hit_chance(foot, level_one).chance == 70
    assert hit_chance(parse_fighter("mounted=2"), foot).chance == 40
    assert hit_chance(parse_fighter("mounted=3,horse=1"), foot).chance == 20
    assert hit_chance(parse_fighter("mounted=0"), foot).chance == 20
    step = hit_chance(level_one, foot).modifiers[1]
    assert step.source.endswith(":394") and step.amount == -20
    assert fighter_text(parse_fighter("mounted=3,horse=2")) == "name=fighter,mounted=3,horse=2"
    with pytest.raises(UsageError, match="shield"):
        parse_fighter("mounted=1,armour=shield")
    with pytest.raises(UsageError, match="dagger"):
        parse_fighter("mounted=2,two=dagger")
    with pytest.raises(UsageError):
        parse_fighter("horse=2")
    with pytest.raises(UsageError):
        parse_fighter("mounted=4")


def test_the_commands_lines_374_430_451_470_743_394() -> None:
    ran = grognard("aif", "language", "--intelligence", "30", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["error_percent"] == 5
    ran = grognard("aif", "herd", "--value", "1000", "--animals", "40", "--years", "1", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["final"]["exact"] == "1020"
    ran = grognard("aif", "troubadour", "--charisma", "50", "--host", "40", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["gift_chance_when_performing"]["exact"] == "1"
    ran = grognard("aif", "trapdoor", "--miner", "--engineer", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["detect_percent"] == 80
    ran = grognard(
        "aif",
        "learn",
        "--course",
        "20",
        "--intelligence",
        "60",
        "--months",
        "45",
        "--second-engineer",
        "--json",
    )
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["required_months"]["exact"] == "45"
    ran = grognard("aif", "melee", "--attacker", "mounted=1", "--defender", "name=man", "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["attacker"]["blows"][0]["chance"] == 20
    assert data["defender"]["blows"][0]["chance"] == 70
    ran = grognard("aif", "fight", "--a", "hp=6,mounted=2", "--b", "hp=6,mounted=1", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["hit_chances"] == {"A": [70], "B": [20]}
