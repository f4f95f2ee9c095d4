"""Races, classes, skills and experience against the rulebook (004_24cd6f974fe6a1ee.txt), line by line.

Every expected value is copied by hand from the line named beside it: the rulebook is the oracle.
"""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content import catalog as hq

SEED = "004_24cd6f974fe6a1ee.txt"


def test_every_kind_is_complete() -> None:
    counts = {kind: len(entries) for kind, entries in hq.catalog().kinds().items()}
    assert counts == {
        "races": 3,  # human, elf, dwarf: line 170
        "classes": 5,  # barbarian, warrior, rogue, wizard, rogue mage: lines 180-288
        "skills": 35,  # the issue's list of 35 names; lines 195-343
        "weapons": 8,  # lines 359-373
        "armour": 4,  # lines 377-383
        "items": 21,  # Air Walk (387) to Wolfsbane Potion (427), every other line
        "artifacts": 27,  # Amulet of the North (435) to Wizard's Staff (487), every other line
        "spells": 49,  # earth 3, fire 3, air 3, water 3, elf 8, chaos 25, other 4: lines 495-603
        "monster-skills": 25,  # Swarm (623) ... Toss (937), each named once
        "monsters": 15,  # Goblin (615) to Ogre (927)
        "mercenaries": 4,  # lines 957, 969, 981, 993
    }


def test_races_bonuses_and_limits() -> None:
    assert hq.race("human").bonus == {"defend": 1}  # line 172
    elf = hq.race("Elf")
    assert elf.bonus == {"magic": 1} and elf.creation_max == {"body": 6}  # line 174
    dwarf = hq.race("DWARF")
    assert dwarf.bonus == {"body": 1} and dwarf.magic is False  # line 176
    assert dwarf.source == f"{SEED}:176"


@pytest.mark.parametrize(
    ("name", "start", "extra_to", "line"),
    [
        ("Barbarian", (1, 1, 6, 2, 0, 2), {"attack", "defend", "body", "movement"}, 191),
        ("Warrior", (1, 1, 6, 2, 0, 2), {"attack", "defend", "body", "mind", "movement"}, 220),
        ("Rogue", (1, 1, 5, 3, 0, 2), {"attack", "defend", "body", "mind", "movement"}, 249),
        ("Wizard", (1, 1, 3, 4, 3, 2), {"defend", "body", "mind", "magic", "movement"}, 276),
        ("Rogue Mage", (1, 1, 4, 3, 1, 2), {"attack", "defend", "body", "mind", "magic", "movement"}, 299),
    ],
)
def test_class_starting_statistics_and_where_the_two_points_go(
    name: str, start: tuple[int, ...], extra_to: set[str], line: int
) -> None:
    cls = hq.hero_class(name)
    assert tuple(cls.start[s] for s in hq.STATS) == start
    assert cls.extra_points == 2 and set(cls.extra_to) == extra_to, f"line {line}"
    assert cls.skill_points == 1  # line 166: one starting skill point


def test_starting_weapons_and_magic() -> None:
    barbarian = hq.hero_class("barbarian")
    assert barbarian.weapon == "Short Sword" and barbarian.weapon_choices == ["Broadsword"]  # line 180
    assert barbarian.magic is False and hq.hero_class("warrior").magic is False  # lines 180, 209
    wizard = hq.hero_class("wizard")
    assert wizard.weapon == "Dagger" and wizard.elemental_schools == 3  # line 265
    rogue_mage = hq.hero_class("rogue-mage")
    assert rogue_mage.elemental_schools == 1  # line 288
    assert set(rogue_mage.skill_groups) == {"rogue-mage", "rogue", "wizard"}  # line 303


@pytest.mark.parametrize(
    ("name", "cost", "group", "minimums", "requires", "line"),
    [
        ("Mighty Toss", 1, "barbarian", {"attack": 4}, [], 195),
        ("Frenzy", 1, "barbarian", {"body": 7}, [], 197),
        ("Frightening Battle Roar", 2, "barbarian", {}, ["Battle Roar"], 203),
        ("Savagery", 2, "barbarian", {"mind": 3}, [], 205),
        ("Manhandler", 3, "warrior", {}, [], 234),
        ("Bodyguard", 1, "warrior", {"defend": 3}, [], 224),
        ("Inspire Valour", 2, "warrior", {}, ["Inspire Courage"], 232),
        ("Stare Down", 3, "warrior", {"mind": 4}, [], 236),
        ("Stealth", 1, "rogue", {"mind": 4}, [], 257),
        ("Improved Stealth", 2, "rogue", {}, ["Stealth"], 259),
        ("Dash Attack", 3, "rogue", {"movement": 3}, [], 261),
        ("Set Trap", 3, "rogue", {"mind": 5}, [], 263),
        ("Dominion", 4, "wizard", {"mind": 7}, [], 284),
        ("Combat Sorcery", 1, "rogue-mage", {"magic": 4}, [], 305),
        ("Human Resistance", 2, "human", {"body": 7}, [], 315),
        ("Disarm Traps", 1, "dwarf", {"mind": 3}, [], 319),
        ("Disarm Traps", 1, "rogue", {}, [], 255),
        ("Dwarven Hardiness", 2, "dwarf", {"defend": 4}, [], 321),
        ("Long Jump", 2, "elf", {}, [], 329),
        ("Ranged Accuracy", 2, "weapon", {"mind": 4}, [], 337),
        ("Dual-Wielding", 3, "weapon", {"defend": 5}, [], 343),
    ],
)
def test_skill_costs_minimums_and_prerequisites(
    name: str, cost: int, group: hq.SkillGroup, minimums: dict[str, int], requires: list[str], line: int
) -> None:
    found = hq.skill(name)
    offer = found.offer(group)
    assert (found.cost, offer.minimums, offer.requires) == (cost, minimums, requires)
    assert offer.source == f"{SEED}:{line}"


def test_skills_shared_by_two_classes_are_offered_to_both() -> None:
    assert hq.skill("berserker").groups == ["barbarian", "warrior"]  # lines 199, 226
    assert hq.skill("manhandler").groups == ["barbarian", "warrior"]  # lines 207, 234
    with pytest.raises(UsageError, match="not offered to wizard"):
        hq.skill("Frenzy").offer("wizard")


def test_skill_effects_in_play() -> None:
    frenzy = hq.skill("frenzy").effect  # line 197: lose a Body point, gain an Attack die, for the encounter
    assert (frenzy.attack_dice, frenzy.body, frenzy.duration) == (1, -1, "encounter")
    valour = hq.skill("inspire valour").effect  # line 232: an attack die and a defend die
    assert (valour.attack_dice, valour.defend_dice) == (1, 1)
    assert hq.skill("battle roar").effect.undead_immune  # line 201
    assert hq.skill("dwarven hardiness").effect.heal_body == 1  # line 321
    assert hq.skill("Riposte").effect.limit == "once-per-encounter"  # line 339


def test_experience_default_thresholds() -> None:
    xp = hq.catalog().experience  # line 349: 40 to reach level 2, 80 for 3, 120 for 4
    assert [xp.threshold(n) for n in (1, 2, 3, 4)] == [0, 40, 80, 120]
    assert xp.level_for(39) == 1 and xp.level_for(40) == 2 and xp.level_for(120) == 4
    assert (xp.quest_completion, xp.checkpoint_max, xp.kill_bonus) == (10, 5, 1)  # lines 347, 345
    with pytest.raises(UsageError, match="below 1"):
        xp.threshold(0)


def test_unknown_names_suggest_close_ones() -> None:
    with pytest.raises(UsageError, match="did you mean: Berserker"):
        hq.skill("berserk")
    with pytest.raises(UsageError, match="no class 'paladin'"):
        hq.hero_class("paladin")
