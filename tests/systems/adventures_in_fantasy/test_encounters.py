"""Underworld and outdoor encounters (002_8449cbd1010a37a5.txt:799-1058): the book's examples with its
own rolls, and seeded runs checked against the tables they used."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import encounters, forces
from grognard.systems.adventures_in_fantasy.encounters import (
    number_met,
    outdoor_encounter,
    underworld_encounter,
)
from grognard.systems.adventures_in_fantasy.tables import get_rollable
from tests.systems.adventures_in_fantasy.scripted import Scripted, pct


def test_fourth_level_room_is_occupied_25_percent_line_807() -> None:
    assert underworld_encounter(Scripted(pct(25) + pct(1)), 4).occupied
    empty = underworld_encounter(Scripted(pct(26)), 4)
    assert not empty.occupied and empty.creature is None and len(empty.steps) == 1


def test_fourth_level_roll_of_94_is_changelings_line_811() -> None:
    rng = Scripted(pct(10) + pct(94))
    met = underworld_encounter(rng, 4)
    assert met.occupied and met.creature == "Changelings" and rng.done()
    assert [s.table for s in met.steps[:2]] == ["underworld-chance-level-4", "underworld-level-4"]
    assert met.steps[1].roll is not None and met.steps[1].roll.total == 94


def test_multiplier_doubles_ten_to_twenty_line_815() -> None:
    met = underworld_encounter(Scripted(pct(1) + pct(96)), 6)
    assert met.multiplier == 3 and met.creature == "Were Creatures"
    assert number_met(10, 2) == 20
    assert "times 3" in met.steps[-1].result


def test_deeper_levels_use_the_seventh_chance_and_the_sixth_level() -> None:
    met = underworld_encounter(Scripted(pct(35) + pct(55)), 9)
    assert met.steps[0].table == "underworld-chance-deeper"
    assert met.steps[1].table == "underworld-level-6" and met.creature == "Vampire"
    with pytest.raises(UsageError, match="0"):
        underworld_encounter(Rng(1), 0)


def test_desert_has_a_20_percent_chance_line_861() -> None:
    nothing = outdoor_encounter(Scripted(pct(21)), "desert")
    assert not nothing.met and nothing.kind is None
    chances = dict((r.text, p) for r, p in get_rollable("outdoor-chance-desert").chances())
    assert chances["encounter"] == Fraction(20, 100)


def test_wagon_train_example_lines_865_875() -> None:
    # clear terrain: a 65 is civilians (line 865); a wagon train with 5 wagons, 6 -> 60 guards and
    # 3 -> 300 GP (line 875). The d20s are read 1-10, so 15, 16 and 13 read 5, 6 and 3.
    rng = Scripted(pct(10) + pct(65) + pct(45) + [15, 16, 13] + pct(90))
    met = outdoor_encounter(rng, "clear")
    assert met.kind == "Civilians" and met.civilians is not None
    c = met.civilians
    assert (c.kind, c.number, c.guards, c.value_gp) == ("Wagon train", 5, 60, 300)
    assert not met.night and met.deployment is None and rng.done()


def test_mounted_soldiers_example_lines_957_963() -> None:
    # sword on 40, chainmail on 75; the third roll of 45 is read on the mounted column (40%): no shield
    # (ruling "Chart M shield example"); the dismounted figure (60%) would give one.
    troop, steps = forces.roll_troop(Scripted(pct(40) + pct(75) + pct(45)), True, 10, "clear")
    assert (troop.weapon, troop.armour, troop.shield) == ("Sword", "Chainmail", False)
    assert [s.table for s in steps] == ["arms-mounted", "armour-mounted-sword", "shield-mounted-chainmail"]
    foot, _ = forces.roll_troop(Scripted(pct(40) + pct(75) + pct(45)), False, 10, "clear")
    assert (foot.weapon, foot.armour, foot.shield) == ("Sword", "Chainmail", True)


def test_missile_and_pike_troops_never_have_shields_line_993() -> None:
    troop, steps = forces.roll_troop(Scripted(pct(10) + pct(50)), False, 5, "clear")
    assert (troop.weapon, troop.shield) == ("Crossbow", False)
    assert "never with missile" in steps[-1].result and steps[-1].roll is None


def test_longbowmen_are_never_in_the_desert_line_965() -> None:
    # 90 is a longbow; in the desert it is rolled again (ruling "Barred troops are rolled again")
    troop, steps = forces.roll_troop(Scripted(pct(10) + pct(90) + pct(20)), False, 5, "desert")
    assert troop.weapon == "Bow"
    assert "roll again" in steps[1].result
    clear, _ = forces.roll_troop(Scripted(pct(10) + pct(90)), False, 5, "clear")
    assert clear.weapon == "Longbow"


def test_pikemen_and_plate_lancers_are_rerolled_in_water() -> None:
    troop, steps = forces.roll_troop(Scripted(pct(95) + pct(50) + pct(60) + pct(10)), False, 5, "water")
    assert troop.weapon == "Sword" and "roll again" in steps[0].result
    lancer, _ = forces.roll_troop(Scripted(pct(80) + pct(50) + pct(10) + pct(10)), True, 5, "swamp")
    assert (lancer.weapon, lancer.armour) == ("Lance", "Chainmail")


def test_soldier_numbers_and_mixed_composition() -> None:
    # Chart L 31-90: 1d10 x 10; a 7 is 70. Clear, Chart K 91-100: mixed, 5-20% foot; the share die
    # is 1d16+4, a 6 is 10%: 7 foot, 63 mounted.
    rng = Scripted([*pct(50), 7, *pct(95), 6, *pct(40), *pct(75), *pct(45), *pct(40), *pct(75), *pct(45)])
    force = forces.roll_force(rng, "clear")
    assert force.number == 70 and rng.done()
    assert [(t.mounted, t.number) for t in force.troops] == [(True, 63), (False, 7)]
    assert forces.foot_count(70, 10) == 7 and forces.foot_count(5, 10) == 1


def test_outlaw_alignment_follows_the_area_line_869() -> None:
    rng = Scripted(pct(1) + pct(1) + pct(10) + [1] + pct(1) + pct(40) + pct(75) + pct(45) + pct(50) + [20])
    met = outdoor_encounter(rng, "clear", "law")
    assert met.kind == "Outlaw" and met.alignment == "chaos" and met.force is not None
    assert met.night is False and met.deployment == "Marching" and rng.done()


def test_special_other_creature_goes_on_to_the_special_table() -> None:
    # desert: 96 special (Table H), 90 other creature (Table I), 80 special (Table N), 90 Dragon
    rng = Scripted(pct(5) + pct(96) + pct(90) + pct(80) + pct(90) + pct(5))
    met = outdoor_encounter(rng, "desert")
    assert (met.kind, met.creature, met.night) == ("Other creature", "Dragon", True)
    assert [s.table for s in met.steps][-2] == "special-creatures-desert"


def test_swamp_reads_the_water_column_and_chart_k_swamp() -> None:
    rng = Scripted(pct(5) + pct(20) + pct(5) + [3] + pct(3) + pct(40) + pct(75) + pct(45) + pct(50) + [20])
    met = outdoor_encounter(rng, "swamp", "neutral")
    tables = [s.table for s in met.steps if s.table]
    assert tables[:4] == ["outdoor-chance-water", "outdoor-general-water", "soldier-numbers", "troops-swamp"]
    assert met.kind == "Soldier" and met.alignment == "neutral" and met.force is not None
    assert met.force.number == 3 and met.force.troops[0].mounted and rng.done()


def test_magic_user_alignment_is_one_in_three() -> None:
    # then his company (lines 1874-1878): level 1, no Horsemanship, no artifact, one warrior without one
    rng = Scripted(pct(1) + pct(96) + pct(50) + [5] + [1] + pct(41) + pct(6) + [1] + pct(6) + pct(99))
    met = outdoor_encounter(rng, "clear")
    assert (met.kind, met.alignment) == ("Magical", "chaos")
    assert rng.done()


@pytest.mark.parametrize("terrain", encounters.TERRAINS)
def test_seeded_encounters_use_rows_that_cover_their_rolls(terrain: str) -> None:
    for seed in range(60):
        met = outdoor_encounter(Rng(seed), terrain, "neutral")
        assert met.steps[0].table.startswith("outdoor-chance-")
        for step in met.steps:
            if step.row is not None and step.roll is not None:
                assert step.row.covers(step.roll.total), step
        if met.force is not None:
            assert sum(t.number for t in met.force.troops) == met.force.number
        assert outdoor_encounter(Rng(seed), terrain, "neutral") == met


def test_bad_terrain_and_alignment_are_named() -> None:
    with pytest.raises(UsageError, match="'jungle'"):
        outdoor_encounter(Rng(1), "jungle")
    with pytest.raises(UsageError, match="'good'"):
        outdoor_encounter(Rng(1), "clear", "good")


def test_every_special_creatures_table_named_in_the_notes_is_the_one_used() -> None:
    for column in ("desert", "mountain", "forest", "clear", "city", "water", "other"):
        notes = get_rollable(f"other-creatures-{column}").notes
        used = encounters.SPECIAL_CREATURES.get(column, "special-creatures-other")
        assert used in notes, column
