"""Monster skills that strike (004_24cd6f974fe6a1ee.txt:615-937): the registry, Bite, Pestilence, Maul,
Bear Hug, Claw Swipe, Stomp, Toss, Shield Bash, Sweep Attack, Rush, Pincer Attack, Tail Attack, Disarm.

The arena is the central room Z (x 10-15, y 7-11) of the standard board (`monster_helpers`)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.errors import RuleNotImplementedError, UsageError
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.driver.resolve import outcomes
from grognard.systems.heroquest.driver.turn import settle
from grognard.systems.heroquest.features.monsters.monster_skills import HANDLERS, NOT_PLAYED, PASSIVE, handler
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice, monster_defend_dice

from .monster_helpers import fight, gm_facing, gm_turn, until_turn_of
from .play_helpers import index_of, put_hero, put_monster, step


def _pending_kind(state: QuestState) -> str:
    assert state.pending is not None
    return state.pending.kind


def test_every_monster_skill_is_played_passive_or_refused() -> None:
    """004_24cd6f974fe6a1ee.txt:615-937: every monster skill of the catalogue has a handler, is passive
    with where it is played, or is listed as not played (and using it raises)."""
    keys = set(hq.catalog().monster_skills)
    assert keys  # how many the rulebook names is counted once, in test_heroes.py
    for key in keys:
        assert [key in HANDLERS, key in PASSIVE, key in NOT_PLAYED].count(True) == 1, key
    assert set(HANDLERS) | set(PASSIVE) | set(NOT_PLAYED) == keys
    for key in NOT_PLAYED:
        with pytest.raises(RuleNotImplementedError):
            handler(key)
    with pytest.raises(UsageError, match="the monster skill swarm is not used as an action: monster_gear"):
        handler("swarm")
    with pytest.raises(RuleNotImplementedError, match="the monster skill no-such-skill has no handler"):
        handler("no-such-skill")


def test_a_monster_uses_only_the_skills_its_quest_gives_it_line_613(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:613: skills are added by the game master; a goblin without Bite has no
    bite to offer."""
    state = fight(
        tmp_path,
        '  { id = "a", monster = "Goblin", level = 1, at = [10, 9], skills = ["Bite"] },\n'
        '  { id = "b", monster = "Goblin", level = 1, at = [11, 9] },',
        gm="human",
    )
    state = put_hero(put_hero(state, 0, at=(10, 8)), 1, at=(11, 8))
    assert "skill:bite:h0" in gm_turn(state, "a").legal_actions()
    assert not [a for a in gm_turn(state, "b").legal_actions() if a.startswith("skill:")]


def test_bite_rolls_base_dice_and_costs_a_defend_die_until_healed_line_625(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:625: a bite rolls base Attack dice (no hand-axe); the character it damages
    rolls one defend die fewer until he is healed."""
    state = gm_facing(
        tmp_path,
        '  { id = "g", monster = "Goblin", level = 1, at = [10, 9], weapon = "Hand-axe",'
        ' skills = ["Bite"] },',
        "g",
        (10, 8),
    )
    before = hero_defend_dice(state, 0)
    bit = step(state, "skill:bite:h0")
    assert bit.pending is not None and (bit.pending.dice, bit.pending.then) == (2, "bite")  # Attack 2
    hurt = step(bit, 1)
    assert hero_defend_dice(hurt, 0) == before - 1
    healed = settle(put_hero(hurt, 0, body=hurt.heroes[0].body + 1))
    assert hero_defend_dice(healed, 0) == before
    missed = step(bit, 0)
    assert hero_defend_dice(missed, 0) == before


def test_pestilence_a_skull_and_one_body_a_turn_until_healed_line_669(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:669: a hero the zombie damages rolls one combat die; on a skull (1 in 2)
    he loses one Body point a turn until healed."""
    state = gm_facing(
        tmp_path,
        '  { id = "z", monster = "Zombie", level = 1, at = [10, 9], skills = ["Pestilence"] },',
        "z",
        (10, 8),
    )
    hit = step(state, "attack:h0", 1)
    assert _pending_kind(hit) == "m-plague"
    assert hit.pending is not None and outcomes(hit, hit.pending) == [
        ("sick", Fraction(1, 2)),
        ("well", Fraction(1, 2)),
    ]
    sick = step(hit, "sick")
    body = sick.heroes[0].body
    assert any(e.startswith("plague|") for e in sick.heroes[0].effects)
    turn = until_turn_of(step(sick, "end"), 0)
    assert turn.heroes[0].body == body - 1  # line 669: one point at the start of his turn
    healed = settle(put_hero(turn, 0, body=turn.heroes[0].body + 2))
    assert not any(e.startswith("plague|") for e in healed.heroes[0].effects)
    well = step(hit, "well")
    assert not any(e.startswith("plague|") for e in well.heroes[0].effects)


def test_maul_halves_the_defend_dice_until_healed_line_869(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:869: a hero a giant wolf damages is badly wounded and rolls half his
    defend dice (our ruling: rounded up) until healed."""
    state = fight(
        tmp_path,
        '  { id = "w", monster = "Giant Wolf", level = 4, at = [10, 9], skills = ["Maul"] },',
        gm="human",
    )
    state = gm_turn(put_hero(put_hero(state, 0, at=(10, 8)), 0, effects=("def+2|quest",)), "w")
    before = hero_defend_dice(state, 0)
    assert before == 4  # Defend 2 and the effect's two
    mauled = step(state, "attack:h0", 1)
    assert hero_defend_dice(mauled, 0) == 2
    assert hero_defend_dice(step(state, "attack:h0", 0), 0) == before


def test_bear_hug_holds_squeezes_and_lets_go_line_891(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:891: after a yeti's damaging blow it grips the hero: one Body a turn, no
    defend dice for him, no other attacks for the yeti and one defend die fewer; it ends when the yeti
    lets go or either dies."""
    state = gm_facing(
        tmp_path,
        '  { id = "y", monster = "Yeti", level = 4, at = [10, 9], skills = ["Bear Hug"] },',
        "y",
        (10, 8),
    )
    j = index_of(state, "y")
    yeti_defend = monster_defend_dice(state, j)
    held = step(state, "attack:h0", 1)
    assert hero_defend_dice(held, 0) == 0 and monster_defend_dice(held, j) == yeti_defend - 1
    body = held.heroes[0].body
    hero_turn = until_turn_of(step(held, "end"), 0)
    assert not [a for a in hero_turn.legal_actions() if a == "roll" or a.startswith("move:")]
    assert "attack:y" in hero_turn.legal_actions()
    again = gm_turn(step(hero_turn, "end"), "y")
    again = settle(again)
    assert again.heroes[0].body == body - 1  # the squeeze at the start of the yeti's turn
    acts = again.legal_actions()
    assert (
        not [a for a in acts if a.startswith("attack:") or a == "roll"] and "skill:bear-hug:release" in acts
    )
    free = step(again, "skill:bear-hug:release")
    assert hero_defend_dice(free, 0) > 0 and monster_defend_dice(free, j) == yeti_defend


def test_claw_swipe_is_a_second_attack_on_base_dice_line_913(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:913: a polar warbear with a spiked mace (+2) swipes a second time a turn
    with its base Attack dice."""
    state = gm_facing(
        tmp_path,
        '  { id = "b", monster = "Polar Warbear", level = 1, at = [10, 9], weapon = "Spiked mace",'
        ' skills = ["Claw Swipe"] },',
        "b",
        (10, 8),
    )
    first = step(state, "attack:h0")
    assert first.pending is not None and first.pending.dice == 6  # Attack 4 (line 918) + 2
    second = step(first, 0, "attack:h0")
    assert second.pending is not None and second.pending.dice == 4
    assert not [a for a in step(second, 0).legal_actions() if a.startswith("attack:")]


def test_stomp_knocks_back_who_fails_the_white_die_lines_915_935(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:915: a stomp on base Attack dice; a hit knocks every figure beside the
    stomper back a square unless it rolls a white shield on one die (two dice in plate armour)."""
    state = gm_facing(
        tmp_path,
        '  { id = "b", monster = "Polar Warbear", level = 1, at = [12, 9], skills = ["Stomp"] },\n'
        '  { id = "o", monster = "Orc", level = 1, at = [13, 9], armour = ["Plate mail"] },',
        "b",
        (12, 8),
        (11, 9),
    )
    stomp = step(state, "skill:stomp:h0")
    assert stomp.pending is not None and (stomp.pending.dice, stomp.pending.then) == (4, "stomp")
    shaken = settle(step(stomp, 1))
    assert shaken.pending is not None and shaken.pending.kind == "m-stomp"
    odds = dict(outcomes(shaken, shaken.pending))
    assert sum(odds.values()) == 1
    assert odds["h0+h1+o"] == Fraction(2, 3) * Fraction(2, 3) * Fraction(4, 9)
    pushed = step(shaken, "h0+o")
    assert pushed.heroes[0].at == (12, 7) and pushed.heroes[1].at == (11, 9)
    assert pushed.monsters[index_of(pushed, "o")].at == (14, 9)
    wall = put_hero(shaken, 0, at=(12, 8))
    blocked = step(put_monster(wall, "o", at=(15, 9)), "h0")
    assert blocked.heroes[0].at == (12, 7)


def test_toss_throws_the_hero_and_into_another_both_lose_a_turn_line_937(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:937: an ogre's base Attack dice and a hit throw the hero up to five
    squares; thrown into another character, both lose their next turns."""
    state = gm_facing(
        tmp_path,
        '  { id = "o", monster = "Ogre", level = 6, at = [12, 9], skills = ["Toss"] },',
        "o",
        (12, 8),
        (15, 8),
    )
    offered = [a for a in state.legal_actions() if a.startswith("skill:toss:h0@")]
    assert "skill:toss:h0@15,8" in offered and "skill:toss:h0@12,7" in offered
    assert "skill:toss:h0@16,8" not in offered  # not past the wizard
    toss = step(state, "skill:toss:h0@15,8")
    assert toss.pending is not None and toss.pending.dice == 6  # Attack 6 (line 942), no club
    thrown = step(toss, 1)
    assert thrown.heroes[0].at == (14, 8)
    assert "stunned|" in thrown.heroes[0].effects and "stunned|" in thrown.heroes[1].effects
    turn = until_turn_of(step(thrown, "end"), 1, limit=60)
    assert "stunned|" not in turn.heroes[1].effects and turn.heroes[1].at == (15, 8)
    onto = step(step(state, "skill:toss:h0@12,7"), 1)
    assert onto.heroes[0].at == (12, 7) and "stunned|" not in onto.heroes[0].effects
    missed = step(toss, 0)
    assert missed.heroes[0].at == (12, 8)


def test_shield_bash_dazes_the_hero_for_his_next_turn_line_341(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:827, 341: the elven warrior bashes with its shield on base Attack dice;
    on a hit the hero rolls combat dice for his Mind and, without a black shield, may not attack in his
    next turn."""
    state = gm_facing(
        tmp_path,
        '  { id = "e", monster = "Elven Warrior", level = 1, at = [10, 9], weapon = "Broadsword",'
        ' armour = ["Shield"], skills = ["Shield Bash"] },',
        "e",
        (10, 8),
    )
    bash = step(state, "skill:shield-bash:h0")
    assert bash.pending is not None and bash.pending.dice == 4  # base Attack 4 (line 830)
    dazing = settle(step(bash, 1))
    assert dazing.pending is not None and dazing.pending.kind == "m-daze"
    assert dict(outcomes(dazing, dazing.pending))["dazed"] == Fraction(5, 6) ** 2  # Mind 2
    dazed = until_turn_of(step(step(dazing, "dazed"), "end"), 0)
    assert not [a for a in dazed.legal_actions() if a.startswith("attack:")]
    clear = until_turn_of(step(step(dazing, "steady"), "end"), 0)
    assert "attack:e" in clear.legal_actions()


def test_a_scythe_sweep_carries_on_while_it_hits_lines_335_647(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:647, 335: a skeleton with a scythe sweeps round itself: full dice on the
    first hero, one die fewer on the next after each hit, once an encounter."""
    state = gm_facing(
        tmp_path,
        '  { id = "s", monster = "Skeleton", level = 1, at = [12, 9], weapon = "Scythe",'
        ' skills = ["Sweep Attack"] },',
        "s",
        (12, 8),
        (13, 8),
    )
    sweep = step(state, "skill:sweep-attack:h0")
    assert sweep.pending is not None and sweep.pending.dice == 4  # Attack 2 (line 650) + 2
    on = step(sweep, 1)
    assert on.pending is not None and (on.pending.target, on.pending.dice) == (1, 3)
    stop = step(sweep, 0)
    assert stop.pending is None
    again = gm_turn(step(on, 0), "s")
    assert not [a for a in again.legal_actions() if a.startswith("skill:sweep")]


def test_rush_after_more_than_two_squares_line_689(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:689: an orc that crosses more than two squares to reach a hero attacks
    with one more die; two squares are not enough."""
    state = gm_facing(
        tmp_path, '  { id = "o", monster = "Orc", level = 1, at = [15, 9], skills = ["Rush"] },', "o", (11, 9)
    )
    far = step(state, "roll", 8, "move:12,9", "attack:h0")
    assert far.pending is not None and far.pending.dice == 4  # Attack 3 (line 694) + 1
    near = gm_turn(put_hero(state, 0, at=(12, 9)), "o")
    close = step(near, "roll", 8, "move:14,9", "move:13,9", "attack:h0")
    assert close.pending is not None and close.pending.dice == 3


def test_pincer_attack_gives_the_first_warrior_another_blow_line_759(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:759: two chaos warriors on either side of a hero who both attack: the
    first makes an additional attack."""
    state = fight(
        tmp_path,
        '  { id = "a", monster = "Chaos Warrior", level = 1, at = [11, 9], skills = ["Pincer Attack"] },\n'
        '  { id = "b", monster = "Chaos Warrior", level = 1, at = [13, 9], skills = ["Pincer Attack"] },',
        gm="human",
    )
    state = put_hero(state, 0, at=(12, 9))
    first = step(gm_turn(state, "a"), "attack:h0", 0, "end")
    second = step(gm_turn(first, "b"), "attack:h0", 0)
    again = settle(second)
    assert again.pending is not None and (again.pending.who, again.pending.target) == (
        index_of(state, "a"),
        0,
    )
    lone = step(gm_turn(put_monster(state, "a", at=(1, 1)), "b"), "attack:h0", 0)
    assert settle(lone).pending is None


def test_tail_attack_after_a_defence_line_713(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:713: when the fimir's defence stops every hit it lashes with one combat
    die the hero may not defend."""
    state = fight(
        tmp_path, '  { id = "f", monster = "Fimir", level = 1, at = [11, 8], skills = ["Tail Attack"] },'
    )
    state = put_hero(state, 0, at=(11, 7))
    blocked = settle(step(state, "attack:f", 0))
    assert blocked.pending is not None and blocked.pending.side == "monster"
    assert (blocked.pending.dice, blocked.pending.need, blocked.pending.then) == (1, 0, "tail")
    hero_before = blocked.heroes[0].body
    assert settle(step(blocked, 1)).heroes[0].body == hero_before - 1
    assert settle(step(state, "attack:f", 1)).pending is None
    archer = hero_from_spec("barbarian")
    archer = gear.equip(gear.gain(archer, "Bow"), "Bow")
    far = fight(
        tmp_path,
        '  { id = "f", monster = "Fimir", level = 1, at = [14, 10], skills = ["Tail Attack"] },',
        heroes=json.dumps([archer.model_dump(mode="json")]),
        name="far",
    )
    shot = settle(step(far, "attack:f", 0))
    assert shot.pending is None  # a tail does not reach a shot from across the room (our ruling)


def test_disarm_once_an_encounter_until_it_ends_line_757(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:757: once an encounter, on a successful defence, the chaos warrior knocks
    the hero's weapon away; it is picked up when the encounter ends."""
    state = fight(
        tmp_path, '  { id = "c", monster = "Chaos Warrior", level = 1, at = [11, 8], skills = ["Disarm"] },'
    )
    state = put_hero(state, 0, at=(11, 7))
    j = index_of(state, "c")
    armed = hero_attack_dice(state, 0, j)
    lost = step(state, "attack:c", 0)
    assert "disarmed|encounter" in lost.heroes[0].effects
    assert hero_attack_dice(lost, 0, j) == armed - 1  # the short sword's die (line 363)
    from grognard.systems.heroquest.driver.turn import end_encounter

    back = end_encounter(lost)
    assert hero_attack_dice(back, 0, j) == armed
