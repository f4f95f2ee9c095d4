"""Soldiers met on a campaign's journey: their arms (Charts K-M, 002_8449cbd1010a37a5.txt:927-1000), their
hostility (:1076-1102), and a fight only against what was met (ruling "Campaign: soldiers met")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError
from grognard.engine.game import CHANCE
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.encounters import outdoor_encounter
from grognard.systems.adventures_in_fantasy.journey import day_roll
from grognard.systems.adventures_in_fantasy.soldiers import (
    force_outcomes,
    kit_outcomes,
    meeting_outcomes,
    party_alignment,
    roll_force_kit,
    roll_meeting,
)
from grognard.systems.adventures_in_fantasy.time import Member
from tests.systems.adventures_in_fantasy.test_campaign import start, with_member
from tests.systems.adventures_in_fantasy.test_experience import person

SWORDSMAN = "foot soldier (Sword, Chainmail, shield)"


def _met_soldiers(alignment: str = "law") -> CampaignState:
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight, alignment=alignment)).apply("travel:3:forest")
    return state.apply("Soldiers")


def test_soldiers_met_roll_their_arms_then_their_hostility_lines_941_998_and_1079() -> None:
    """Soldiers met are a force of Chart L's numbers, Chart K's composition and Chart M's arms (:941-998),
    then "The hostility of the force must be determined" (:1079): two chance nodes before the referee acts.
    Chaotic soldiers in ambush against a lawful party: 80% + 50% = 100% hostile (:1084-1086)."""
    met = _met_soldiers()
    assert met.actor() is CHANCE and met.met == "Soldiers"
    odds = dict(met.chance_outcomes())
    assert odds == dict(force_outcomes("forest")) and sum(odds.values()) == 1 and SWORDSMAN in odds
    armed = met.apply(SWORDSMAN)
    assert armed.actor() is CHANCE and armed.force == SWORDSMAN
    assert armed.events[-1].label == "Soldiers" and SWORDSMAN in armed.events[-1].text
    reaction = dict(armed.chance_outcomes())
    assert sum(reaction.values()) == 1 and "chaos:ambush:peaceful" not in reaction
    hostile = armed.apply("chaos:ambush:hostile")
    assert hostile.actor() == 0 and hostile.reaction == "chaos:ambush:hostile"
    assert hostile.events[-1].label == "Hostility" and "100% hostile" in hostile.events[-1].text
    assert "they attack" in hostile.events[-1].text
    calm = armed.apply("law:marching:peaceful")
    assert "10% hostile" in calm.events[-1].text and "not hostile" in calm.events[-1].text


def test_a_soldier_is_fought_in_the_armour_chart_m_gave_him_lines_983_997() -> None:
    """Dismounted swordsmen 46-80 wear chainmail (:984), and 60% of chainmail troops bear a shield
    (:993-997): the soldier met fights in chainmail and a small shield (:965), not as an unarmoured man."""
    met = _met_soldiers().apply(SWORDSMAN).apply("law:marching:peaceful")
    fought = met.apply("fight:0:Soldiers")
    assert fought.foe == SWORDSMAN and fought.fight is not None
    assert fought.fight.spec.b.armour == ("chainmail", "small shield")
    assert fought.fight.spec.b.hit_points == 9 and fought.fight.spec.b.body == "human"
    men = with_member(start(), Member(character=person("Knight", 10, 10).recompute_hit_points()))
    assert men.apply("fight:0:Men").fight.spec.b.armour == ()  # type: ignore[union-attr]
    mixed = "mounted soldier (Lance, Plate, shield) and foot soldier (Pike, Leather, no shield)"
    both = _met_soldiers().apply(mixed).apply("law:marching:peaceful")
    assert both.apply("fight:0:").foe.startswith("mounted soldier (Lance")
    foot = both.apply("fight:0:Soldiers:foot")
    assert foot.foe == "foot soldier (Pike, Leather, no shield)" and foot.fight is not None
    assert foot.fight.spec.b.armour == ("leather armour",)  # pikemen never carry shields (:993)


def test_a_fight_is_only_against_what_was_met_lines_1068_1079() -> None:
    """ "When there is an encounter" the referee fights it out (:1068-1079): with an Elf met, `fight:I:Men`
    is refused and the Elf (or `fight:I:`) is fought; soldiers met are fought as soldiers, outlaws as men;
    with nothing met the referee may set any creature against a character (ruling "Campaign: soldiers
    met")."""
    knight = person("Knight", 10, 10).recompute_hit_points()
    state = with_member(start(), Member(character=knight)).apply("travel:3:forest")
    elf = state.apply("Elf")
    with pytest.raises(RulesError, match="met Elf, not Men"):
        elf.apply("fight:0:Men")
    assert elf.apply("fight:0:Elf").foe == "Elf" and elf.apply("fight:0:").foe == "Elf"
    soldiers = state.apply("Soldiers").apply(SWORDSMAN).apply("law:marching:hostile")
    with pytest.raises(RulesError):
        soldiers.apply("fight:0:Elf")
    assert soldiers.apply("fight:0:Men").foe == SWORDSMAN
    outlaws = state.apply("Outlaws")
    with pytest.raises(RulesError):
        outlaws.apply("fight:0:Troll")
    assert outlaws.apply("fight:0:").foe == "Men"
    assert with_member(start(), Member(character=knight)).apply("fight:0:Wolf").foe == "Wolf"
    with pytest.raises(RulesError, match="name the creature to fight: the campaign has met nothing"):
        with_member(start(), Member(character=knight)).apply("fight:0:")  # the desk's blank "the one met"


def test_the_force_is_thrown_as_its_chances_count_and_never_with_longbows_in_the_desert_line_965() -> None:
    """Each terrain's force chances sum to one and every thrown force is one of them; "there could never
    ... find LONGBOWMEN in DESERT, SWAMP or WATER" (:965); on water all are on foot (:937)."""
    for terrain in ("desert", "mountain", "forest", "clear", "city", "water", "swamp", "other"):
        odds = dict(force_outcomes(terrain))
        assert sum(odds.values()) == 1
        for seed in range(40):
            assert roll_force_kit(Rng(f"{terrain}:{seed}"), terrain)[0] in odds
    for terrain in ("desert", "swamp", "water"):
        assert not any("Longbow" in kit or "Pike" in kit for kit in dict(force_outcomes(terrain)))
    assert all(kit.startswith("foot") and " and " not in kit for kit in dict(force_outcomes("water")))
    # dismounted sword 36-75 (40%) x chainmail 46-80 (35%) x shield 1-60 (60%), in clear country (:983-997)
    assert dict(kit_outcomes(False, "clear"))[SWORDSMAN] == Fraction(40, 100) * Fraction(35, 100) * Fraction(
        60, 100
    )


def test_the_day_names_the_soldiers_and_leaves_their_force_to_the_next_roll_line_871() -> None:
    """ "SOLDIERS—Always of the alignment that predominates the area" (:871): the day's roll stops at the
    soldiers met; their force is thrown by the campaign's next chance node, not twice."""
    for seed in range(400):
        outcome, _, met = day_roll(Rng(seed), "clear")
        if outcome == "Soldiers":
            assert met.force is None and met.deployment is None
            break
    else:
        raise AssertionError("no soldiers in 400 days")
    assert outdoor_encounter(Rng(seed), "clear").force is not None


def test_their_reaction_is_the_hostility_table_by_alignment_and_deployment_lines_1084_1102() -> None:
    """LAW against LAW 10%, MARCHING N/C (:1084-1086), marching on 17-20 of a d20 (:1102); the soldiers'
    alignment, the area's, is a third each when the area's is not kept (:1094, as a wizard's)."""
    odds = dict(meeting_outcomes("law"))
    assert sum(odds.values()) == 1
    assert odds["law:marching:hostile"] == Fraction(1, 3) * Fraction(4, 20) * Fraction(10, 100)
    assert odds["chaos:searching:hostile"] == Fraction(1, 3) * Fraction(1, 20)  # 80% + 20% = 100%
    for seed in range(60):
        assert roll_meeting(Rng(seed), "neutral")[0] in dict(meeting_outcomes("neutral"))
    assert party_alignment(["chaos", "", ""]) == "neutral"  # none counts as neutral
    assert party_alignment(["law", "chaos"]) == "law" and party_alignment([]) == "neutral"
