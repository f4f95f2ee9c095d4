"""Monsters' weapons, armour, level and skills as a quest gives them (004_24cd6f974fe6a1ee.txt:613 and
each monster's lists, lines 617-931), and the dice they roll with them (lines 84, 359-383)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.driver.resolve import monster_moves, outcomes
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import (
    hero_defend_dice,
    monster_attack_dice,
    monster_defend_dice,
)
from grognard.systems.heroquest.rules.targets import monster_targets

from .monster_helpers import arena, fight, gm_facing, gm_turn
from .play_helpers import index_of, put_hero, put_monster, step


def test_weapon_and_armour_add_their_dice_lines_613_683_685(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:683-685: an orc's ball and chain (+2) adds to its Attack, chain mail (+1)
    and a helmet (+1) to its Defend; at level 3 (line 696) it is Attack 3, Defend 3."""
    state = fight(
        tmp_path,
        '  { id = "orc", monster = "Orc", level = 3, at = [12, 9], weapon = "Ball and chain",'
        ' armour = ["Chain mail", "Helmet"] },',
    )
    j = index_of(state, "orc")
    stats = state.stats_of(j)
    assert (stats.attack, stats.defend, stats.base_attack, stats.base_defend) == (5, 5, 3, 3)
    assert monster_defend_dice(state, j) == 5
    bare = fight(tmp_path, '  { id = "orc", monster = "Orc", level = 3, at = [12, 9] },', name="bare")
    assert (bare.stats_of(j).attack, bare.stats_of(j).defend) == (3, 3)


def test_monster_kinds_give_what_a_placement_leaves_out_line_613(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:613: gear and skills may be added to enemies at any level; a quest's
    `monster_kinds` entry gives every goblin of the quest its hand-axe, level and Swarm, unless the
    placement says otherwise."""
    kinds = 'monster_kinds = [{ monster = "Goblin", level = 2, weapon = "Hand-axe", skills = ["Swarm"] }]'
    path = arena(
        tmp_path,
        '  { id = "a", monster = "Goblin", at = [12, 9] },\n'
        '  { id = "b", monster = "Goblin", at = [13, 9], weapon = "Dagger", skills = [] },',
        more=kinds,
    )
    from .play_helpers import begin

    state = begin(path, heroes="barbarian")
    a, b = state.stats_of(index_of(state, "a")), state.stats_of(index_of(state, "b"))
    assert (a.level, a.weapon, a.attack, a.skills) == (2, "Hand-axe", 3, ("Swarm",))  # line 629: Attack 2
    assert (b.level, b.weapon, b.attack, b.skills) == (2, "Dagger", 2, ())
    far = state.stats_of(index_of(state, "far"))
    assert far.level == 1 and far.weapon == "Hand-axe"  # its own level, the kind's weapon


@pytest.mark.parametrize(
    ("monster", "reason", "place"),
    [
        ('monster = "Goblin", weapon = "Battle axe"', "carries no 'Battle axe'", "weapon"),  # line 617
        ('monster = "Goblin", armour = ["Plate mail"]', "wears no 'Plate mail'", "armour"),  # line 619
        ('monster = "Orc", armour = ["Chain mail", "Plate mail"]', "both worn as body", "armour"),  # 685
        (
            'monster = "Zombie", armour = ["Chain mail", "Helmet"]',
            "one piece of armour only",
            "armour",
        ),  # 663
        (
            'monster = "Chaos Warrior", weapon = "Battle axe", armour = ["Shield"]',
            "a shield needs a one-handed weapon",
            "armour",
        ),  # lines 753, 383
        ('monster = "Orc", off_hand = "Short sword", weapon = "Short sword"', "no Dual-Wielding", "off_hand"),
        ('monster = "Goblin", skills = ["Rush"]', "has no skill 'Rush'", "skills"),  # line 621
        (
            'monster = "Skeleton", weapon = "Bow", skills = ["Sweep Attack"]',
            "Sweep Attack needs",
            "skills",
        ),  # 647
        (
            'monster = "Gargoyle", weapon = "Broadsword", skills = ["Dual-Wielding"]',
            "needs two weapons",
            "skills",
        ),
        ('monster = "Elven Warrior", skills = ["Shield Bash"]', "needs a shield", "skills"),  # line 341
    ],
)
def test_gear_and_skills_outside_the_lists_are_refused(
    tmp_path: Path, monster: str, reason: str, place: str
) -> None:
    """004_24cd6f974fe6a1ee.txt:613: only the weapons, armour and skills listed beneath a monster."""
    path = arena(tmp_path, f'  {{ id = "m", {monster}, at = [12, 9] }},')
    with pytest.raises(ContentError) as err:
        load_quest(path)
    assert f"monsters[0].{place}" in str(err.value) and reason in str(err.value)


def test_the_wandering_monster_and_kinds_are_checked_too(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:142, 613: the wandering monster's gear is checked like any monster's."""
    path = arena(tmp_path, "", wandering='monster = "Orc", level = 1, weapon = "Bow"')
    with pytest.raises(ContentError, match=r"wandering\.weapon"):
        load_quest(path)
    bad = arena(tmp_path, "", more='monster_kinds = [{ monster = "Ogre", skills = ["Bite"] }]', name="kinds")
    with pytest.raises(ContentError, match=r"monster_kinds\[0\].skills"):
        load_quest(bad)


def test_plate_mail_slows_an_orc_but_not_a_chaos_warrior_lines_685_753(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:381, 685, 753: plate mail takes 2 from the movement roll of an orc
    (least 2, most 8 at level 1); a chaos warrior's powerful body is not slowed."""
    state = fight(
        tmp_path,
        '  { id = "orc", monster = "Orc", level = 1, at = [12, 9], armour = ["Plate mail"] },\n'
        '  { id = "cw", monster = "Chaos Warrior", level = 1, at = [14, 9], armour = ["Plate mail"] },',
        gm="human",
    )
    orc = gm_turn(state, "orc")
    rolled = step(orc, "roll")
    assert rolled.pending is not None and dict(outcomes(rolled, rolled.pending)) == monster_moves(2, 8, True)
    assert monster_moves(2, 8, True)[2] == Fraction(6, 36)  # rolls of 2 to 4, less 2, held at 2
    assert monster_moves(2, 8, False)[2] == Fraction(1, 36)
    cw = state.stats_of(index_of(state, "cw"))
    assert not cw.plate and cw.plate_worn and state.stats_of(index_of(state, "orc")).plate


def test_a_scythe_strikes_diagonally_line_639(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:639: the scythe (+2) attacks diagonally; bare-handed a skeleton reaches
    only the squares beside it (line 76)."""
    state = fight(
        tmp_path,
        '  { id = "s", monster = "Skeleton", level = 1, at = [12, 9], weapon = "Scythe" },\n'
        '  { id = "t", monster = "Skeleton", level = 1, at = [14, 10] },',
        gm="human",
    )
    state = put_hero(put_hero(state, 0, at=(13, 8)), 1, at=(15, 11))
    assert monster_targets(state, index_of(state, "s")) == [0]
    assert monster_targets(state, index_of(state, "t")) == []
    assert state.stats_of(index_of(state, "s")).attack == 4  # Attack 2 (line 650) + 2


def test_a_bow_shoots_any_hero_in_sight_and_a_shield_gives_two_dice_lines_371_383(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:371: a bow (+1) fires at any opponent in line of sight; line 383: a shield
    gives two defend dice against a ranged weapon. The zombie shoots the dwarf across the room."""
    dwarf = hero_from_spec("dwarf-warrior")
    dwarf = gear.equip(gear.gain(dwarf, "Shield"), "Shield")
    barbarian = hero_from_spec("barbarian")
    party = json.dumps([h.model_dump(mode="json") for h in (barbarian, dwarf)])
    zombie = '  { id = "z", monster = "Zombie", level = 1, at = [15, 11], weapon = "Bow" },'
    state = gm_facing(tmp_path, zombie, "z", (10, 7), (13, 7), heroes=party)
    j = index_of(state, "z")
    assert monster_targets(state, j) == [0, 1]
    assert monster_attack_dice(state, j, 0) == 3  # Attack 2 (line 672) + the bow
    assert hero_defend_dice(state, 1, ranged=True) == hero_defend_dice(state, 1) + 1
    after = step(state, "attack:h1")
    assert after.pending is not None and after.pending.need == hero_defend_dice(state, 1) + 1


def test_a_monster_shield_doubles_against_a_heros_bow_line_383(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:383: a chaos warrior's shield (with a hand-axe, line 753) is one die, two
    against a shot."""
    state = fight(
        tmp_path,
        '  { id = "cw", monster = "Chaos Warrior", level = 1, at = [12, 9], weapon = "Hand-axe",'
        ' armour = ["Shield"] },',
    )
    j = index_of(state, "cw")
    assert monster_defend_dice(state, j) == 5  # Defend 4 (line 762) + 1
    assert monster_defend_dice(state, j, ranged=True) == 6


def test_the_elven_archer_shoots_with_its_first_number_line_808(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:797, 808 ("4,1"): with a bow the archer shoots with its first Attack
    number and the bow's die; with a short sword it fights hand to hand with the second."""
    state = fight(
        tmp_path,
        '  { id = "bow", monster = "Elven Archer", level = 1, at = [15, 11], weapon = "Bow" },\n'
        '  { id = "sword", monster = "Elven Archer", level = 1, at = [15, 7], weapon = "Short sword" },',
    )
    shooter, fencer = state.stats_of(index_of(state, "bow")), state.stats_of(index_of(state, "sword"))
    assert (shooter.attack, shooter.ranged) == (5, True)
    assert (fencer.attack, fencer.ranged) == (2, False)


def test_dual_wielding_monsters_strike_twice_the_second_with_the_lesser_weapon_line_343(
    tmp_path: Path,
) -> None:
    """004_24cd6f974fe6a1ee.txt:773, 779, 343: a gargoyle with a broadsword (+2) and a whip (+1) and
    Dual-Wielding attacks twice a turn, the second time with the whip and half the dice, rounded up."""
    state = gm_facing(
        tmp_path,
        '  { id = "g", monster = "Gargoyle", level = 1, at = [12, 8], weapon = "Broadsword",'
        ' off_hand = "Whip", skills = ["Dual-Wielding"] },',
        "g",
        (12, 7),
    )
    j = index_of(state, "g")
    first = step(state, "attack:h0")
    assert first.pending is not None and first.pending.dice == 6  # Attack 4 (line 786) + 2
    after = step(first, 0)
    assert "attack:h0" in after.legal_actions()
    second = step(after, "attack:h0")
    assert second.pending is not None and second.pending.dice == 3  # (4 + 1) / 2, rounded up
    assert "attack:h0" not in step(second, 0).legal_actions()
    assert state.stats_of(j).second == 3


def test_a_wandering_monster_comes_with_its_gear(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:142, 613: the quest's wandering monster carries what the quest gives it."""
    path = arena(
        tmp_path, "", wandering='monster = "Orc", level = 2, weapon = "Ball and chain", skills = ["Rush"]'
    )
    from .play_helpers import begin

    state = begin(path, heroes="barbarian")
    wanderer = state.ctx.monster("wandering-1")
    assert (wanderer.level, wanderer.attack, wanderer.skills) == (2, 5, ("Rush",))  # line 695: Attack 3


def test_swarm_needs_another_of_its_kind_in_the_room_line_623(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:623: goblins get +1 to attack when more than one is in the same room; a
    goblin without the skill does not."""
    monsters = (
        '  { id = "a", monster = "Goblin", level = 1, at = [12, 9], skills = ["Swarm"] },\n'
        '  { id = "b", monster = "Goblin", level = 1, at = [14, 9] },'
    )
    state = fight(tmp_path, monsters)
    a, b = index_of(state, "a"), index_of(state, "b")
    assert monster_attack_dice(state, a, 0) == 3 and monster_attack_dice(state, b, 0) == 2
    alone = put_monster(state, "b", at=(1, 1))  # room A
    assert monster_attack_dice(alone, a, 0) == 2
