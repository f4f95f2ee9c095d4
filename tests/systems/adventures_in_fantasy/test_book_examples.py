"""Worked examples and numbered rules of the Book of Adventure that had no test of their own.

Each test is named for the line of 002_8449cbd1010a37a5.txt it pins; the audit table in
docs/systems/adventures-in-fantasy.md points here. Readings are in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import percentile
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import castles, encounters, riding, terrain
from grognard.systems.adventures_in_fantasy.equipment import fatigue_rate
from tests.systems.adventures_in_fantasy.scripted import Scripted, pct


def test_line_100_two_d20_read_one_die_first_and_double_zero_is_100() -> None:
    assert percentile(Scripted([3, 17])).total == 37  # 11-20 read as 1-0
    assert percentile(Scripted([10, 20])).total == 100  # double zero
    assert percentile(Scripted([20, 1])).total == 1


def test_line_104_strength_100_lifts_200_lb_and_line_108_burden_tires() -> None:
    lifting = 2 * 100  # 2 lb a point of Strength, 200 lb at 100 (:104)
    assert lifting == 200
    assert fatigue_rate(200, lifting) == 0  # within the normal burden
    assert fatigue_rate(201, lifting) == 1  # a pound over: fatigue at once
    assert fatigue_rate(249, lifting) == 1
    assert fatigue_rate(250, lifting) == 2  # 25% over: doubled
    assert fatigue_rate(299, lifting) == 2
    assert fatigue_rate(300, lifting) == 3  # 50% over: tripled
    assert fatigue_rate(301, lifting) is None  # over 150%: cannot be carried
    with pytest.raises(UsageError):
        fatigue_rate(-1, lifting)


def test_line_389_a_level_ii_rider_on_a_level_i_horse_rides_at_level_i() -> None:
    rider = riding.rider_level([7, 8])  # How to ride a Horse I and Horsemanship II
    assert rider == 2
    assert riding.team_level(rider, 1) == 1
    assert riding.team_level(3, 3) == 3
    with pytest.raises(UsageError):
        riding.team_level(4, 1)


def test_lines_393_408_what_each_level_of_horsemanship_allows() -> None:
    assert riding.speed_share(0) == Fraction(1, 2)  # untrained: half speed (:393)
    assert riding.speed_share(1) == 1
    assert riding.melee_share(1) == Fraction(1, 2)  # level I: half the base (:394)
    assert riding.melee_share(2) == 1  # level II: full value (:400)
    assert riding.weapon_problem("spear", 1)  # barred at level I (:396)
    assert riding.weapon_problem("spear", 2) == ""  # allowed from level II (:401)
    assert riding.weapon_problem("shield (light)", 2) == ""
    assert riding.weapon_problem("lance", 2)  # not before level III (:402, :407)
    assert riding.weapon_problem("lance", 3) == ""
    assert riding.weapon_problem("long bow", 3) == ""  # a bow from horseback at level III (:406)
    assert riding.weapon_problem("long bow", 3, knows_bow=False)
    assert riding.weapon_problem("dagger", 3) == ""  # a dagger in the other hand (:408)
    assert riding.weapon_problem("pike", 3)  # never mounted (:351)
    assert riding.weapon_problem("two-handed sword", 3)  # never mounted (:347)
    assert riding.weapon_problem("sword", 1) == ""


def test_line_731_six_creatures_of_five_hit_points_need_ten_feet_square() -> None:
    assert encounters.minimum_room(6 * 5) == 10
    assert encounters.minimum_room(15) == 5  # one 5 ft square per 15 hit points
    assert encounters.minimum_room(61) == 15  # five squares: a 15 ft room
    with pytest.raises(UsageError):
        encounters.minimum_room(0)


def test_line_1144_three_encounters_in_ten_happen_at_night() -> None:
    # clear terrain: 10 meets something, 96 is special, 95 an other creature, 1 an Elf; then the night roll
    at_night = encounters.outdoor_encounter(Scripted(pct(10) + pct(96) + pct(95) + pct(1) + pct(30)), "clear")
    by_day = encounters.outdoor_encounter(Scripted(pct(10) + pct(96) + pct(95) + pct(1) + pct(31)), "clear")
    assert (at_night.creature, at_night.night, by_day.night) == ("Elf", True, False)
    assert encounters.NIGHT_CHANCE == 30


def test_line_1359_thirteen_places_give_eight_percent_each() -> None:
    assert encounters.site_chance(13) == 8  # 100 / 13 = 7.7, the example's 8%
    assert encounters.site_chance(16, 2) == 7  # the rule read on the example's first count: 14 places
    with pytest.raises(UsageError):
        encounters.site_chance(2, 2)


def test_line_1702_looking_up_a_tree_and_falling_out_of_one() -> None:
    assert [terrain.spotting_chance(h) for h in (25, 20, 15, 10, 5)] == [25, 50, 75, 90, 100]
    assert [terrain.fall_hits(h) for h in (5, 10, 25)] == [0, 2, 5]  # a hit per 5 ft; none at 5 ft
    assert terrain.SPRAIN_FACES == 2  # but a 1 or 2 sprains a leg
    with pytest.raises(UsageError):
        terrain.spotting_chance(12)


def test_line_1870_a_wizards_tower_costs_half_as_much_again() -> None:
    tower = castles.work("Round tower, 70 ft high")
    built = castles.wizard_tower(tower)
    assert (tower.cost_gp, built.cost_gp) == (9500, 14250)
    assert built.time() == tower.time()
    with pytest.raises(UsageError):
        castles.wizard_tower(castles.castle("I"))


def test_line_1878_a_level_7_magic_user_has_level_4_warriors_at_35_percent() -> None:
    company = encounters.escort(7)
    assert (company.warrior_level, company.artifact_chance) == (4, 35)
    assert encounters.escort(10).artifact_chance == 50
    with pytest.raises(UsageError):
        encounters.escort(0)


def test_lines_1874_1878_a_magic_user_met_is_rolled_with_his_company() -> None:
    # clear: 1 meets, 96 special, 50 magical; d6 3 neutral, d10 7, Horsemanship on 40, his artifact on
    # 35 (d6 6: miscellaneous), d6 3 -> two warriors, the first with an artifact on 01 (d6 1: amulet)
    faces = [3, 7, *pct(40), *pct(35), 6, 3, *pct(1), 1, *pct(36)]
    rng = Scripted(pct(1) + pct(96) + pct(50) + faces + pct(99))
    met = encounters.outdoor_encounter(rng, "clear")
    results = {s.label: s.result for s in met.steps}
    assert met.alignment == "neutral"
    assert results["magic-user's level (1-10)"] == "7"
    assert results["Horsemanship I (no other physical or weapon skill) (40%)"] == "yes"
    assert results["the magic-user's artifact (1-2, 3-5, 6)"] == "miscellaneous magic artifact"
    assert results["warriors with him (1-3, a d6 halved up), level 4 each"] == "2"
    assert results["warrior 1's artifact (1-2, 3-5, 6)"] == "amulet"
    assert results["warrior 2: a magical artifact? (35%)"] == "no"
    assert rng.done()
