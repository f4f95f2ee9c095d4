"""Every hero skill in play (lines 193-343 of 004_24cd6f974fe6a1ee.txt): a test of each effect.

Room A of the goblin cellar is x 1-4, y 1-3; the heroes start on (1,1) and (1,2). Goblins have Mind 1
and Defend 1.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from grognard.engine.errors import RuleNotImplementedError, UsageError
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.hero import Hero
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.driver.actions import gm_actions
from grognard.systems.heroquest.driver.resolve import apply_outcome, outcomes
from grognard.systems.heroquest.driver.turn import end_encounter, end_turn, start_slot
from grognard.systems.heroquest.features.skills.skills import (
    HANDLERS,
    NOT_PLAYED,
    PASSIVE,
    handler,
    more_chance,
    skill_uses,
    use_skill,
)
from grognard.systems.heroquest.model.state import GM_PLAYER, HERO_PLAYER, QuestState
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_attack_dice, hero_defend_dice, monster_defend_dice
from grognard.systems.heroquest.rules.targets import monster_targets
from grognard.systems.heroquest.rules.wounds import begin_attack
from grognard.systems.heroquest.views.event_text import log_lines

from .play_helpers import begin, index_of, put_hero, put_monster, rolled, step


def _hero(spec: str, *skills: str, equip: tuple[str, ...] = (), off: str | None = None) -> Hero:
    hero = hero_from_spec(spec).model_copy(update={"skills": tuple(dict.fromkeys(skills))})
    for name in equip:
        hero = gear.equip(gear.gain(hero, name), name)
    if off:
        hero = gear.equip(gear.gain(hero, off), off, off_hand=True)
    return hero


def _start(*heroes: Hero, **options: Any) -> QuestState:
    return begin(heroes=json.dumps([h.model_dump(mode="json") for h in heroes]), **options)


def _fight(state: QuestState, *placed: tuple[str, tuple[int, int]]) -> QuestState:
    for mid, at in placed:
        state = put_monster(state, mid, at=at, body=9)
    return replace(state, encounter=True)


def _outcome(state: QuestState, move: Any) -> QuestState:
    assert state.pending is not None
    return apply_outcome(state, state.pending, move)


# --- the registry


def test_every_skill_has_a_handler_or_is_listed() -> None:
    for key in hq.catalog().skills:
        places = [key in HANDLERS, key in PASSIVE, key in NOT_PLAYED]
        assert sum(places) == 1, key
    for key in NOT_PLAYED:
        with pytest.raises(RuleNotImplementedError):
            handler(key)
    state = begin()
    with pytest.raises(UsageError):  # Mimic is played by itself when a monster casts (line 286)
        use_skill(state, 0, "mimic")


# --- barbarian (lines 195-207)


def test_frenzy_gives_a_body_point_for_an_attack_die_until_the_encounter_ends_line_197() -> None:
    state = _fight(_start(_hero("barbarian", "Frenzy")), ("goblin-1", (2, 1)))
    j = index_of(state, "goblin-1")
    plain, body = hero_attack_dice(state, 0, j), state.heroes[0].body
    after = step(state, "skill:frenzy")
    assert after.heroes[0].body == body - 1 and hero_attack_dice(after, 0, j) == plain + 1
    assert "skill:frenzy" not in skill_uses(after, 0)
    over = end_encounter(after)
    assert over.heroes[0].body == body and hero_attack_dice(over, 0, j) == plain


def test_battle_roar_lowers_defend_and_frightening_wounds_the_adjacent_lines_201_203() -> None:
    state = _fight(
        _start(_hero("barbarian", "Battle Roar", "Frightening Battle Roar")),
        ("goblin-1", (2, 1)),
        ("goblin-2", (1, 3)),
    )
    after = step(state, "skill:battle-roar")
    assert after.actor() is CHANCE
    odds = dict(after.chance_outcomes())
    assert odds["goblin-1+goblin-2"] == Fraction(5, 6) ** 2 and odds[""] == Fraction(1, 36)
    shaken = step(after, "goblin-1+goblin-2")
    g1, g2 = index_of(shaken, "goblin-1"), index_of(shaken, "goblin-2")
    assert "def-1|next-turn" in shaken.monsters[g2].effects
    assert shaken.monsters[g1].body == 8 and shaken.monsters[g2].body == 9  # only the adjacent one
    assert "skill:battle-roar" not in skill_uses(shaken, 0)


def test_savagery_after_a_kill_makes_enemies_flee_with_half_defence_line_205() -> None:
    state = _fight(_start(_hero("barbarian", "Savagery")), ("goblin-1", (2, 1)))
    assert skill_uses(state, 0) == []  # only after a kill
    fig = state.heroes[0]
    state = put_hero(state, 0, effects=(*fig.effects, "killed|one-turn"))
    after = step(state, "skill:savagery")
    assert dict(after.chance_outcomes()) == {"goblin-1": Fraction(5, 6), "": Fraction(1, 6)}
    fled = step(after, "goblin-1")
    j = index_of(fled, "goblin-1")
    fled = put_monster(fled, "goblin-1", effects=(*fled.monsters[j].effects, "def+3|quest"))
    assert monster_defend_dice(fled, j) == 2  # (1 + 3) // 2
    gm = replace(fled, order=(0, -1), slot=1, acting=j)
    assert not [a for a in gm_actions(gm) if a.startswith("attack:")]


def test_mighty_toss_throws_the_weapon_with_full_dice_and_leaves_it_there_line_195() -> None:
    state = _fight(_start(_hero("barbarian", "Mighty Toss")), ("goblin-1", (4, 3)))
    j = index_of(state, "goblin-1")
    full = hero_attack_dice(state, 0, j)
    thrown = step(state, "skill:mighty-toss:goblin-1")
    assert thrown.pending is not None and thrown.pending.dice == full
    assert hero_attack_dice(thrown, 0, j) < full  # without the weapon until he picks it up
    from grognard.systems.heroquest.features.skills.skill_combat import recover_weapon

    near = recover_weapon(put_hero(thrown, 0, at=(3, 3)), 0)
    assert hero_attack_dice(near, 0, j) == full


def test_berserker_only_at_two_body_or_fewer_line_199() -> None:
    state = _fight(_start(_hero("barbarian", "Berserker")), ("goblin-1", (2, 1)))
    assert skill_uses(state, 0) == []
    assert skill_uses(put_hero(state, 0, body=2), 0) == ["skill:berserker"]


# --- warrior (lines 224-236)


def test_bodyguard_takes_the_blow_with_his_own_dice_line_224() -> None:
    warrior = _hero("warrior", "Bodyguard", equip=("chain mail",))
    state = _fight(_start(warrior, _hero("wizard")), ("goblin-1", (2, 2)))
    assert "skill:bodyguard:h1" in skill_uses(state, 0)
    guarded = step(state, "skill:bodyguard:h1")
    assert guarded.turn.acted
    blow = begin_attack(guarded, "monster", index_of(guarded, "goblin-1"), 1, own_turn=False)
    assert blow.pending is not None and blow.pending.target == 0
    assert blow.pending.need == hero_defend_dice(guarded, 0)


def test_focus_lends_a_mind_point_for_attack_or_defend_line_228() -> None:
    state = _fight(_start(_hero("warrior", "Focus")), ("goblin-1", (2, 1)))
    assert skill_uses(state, 0) == ["skill:focus:attack", "skill:focus:defend"]
    mind, defend = state.heroes[0].mind, hero_defend_dice(state, 0)
    after = step(state, "skill:focus:defend")
    assert after.heroes[0].mind == mind - 1 and hero_defend_dice(after, 0) == defend + 1
    assert end_encounter(after).heroes[0].mind == mind


@pytest.mark.parametrize(("skill", "attack"), [("Inspire Courage", 0), ("Inspire Valour", 1)])
def test_inspire_gives_visible_companions_dice_for_a_turn_lines_230_232(skill: str, attack: int) -> None:
    state = _fight(_start(_hero("warrior", "Inspire Courage", skill), _hero("wizard")), ("goblin-1", (4, 3)))
    key = hq.key_of(skill)
    assert [a for a in skill_uses(state, 0)] == [f"skill:{key}"]  # Valour replaces Courage
    j = index_of(state, "goblin-1")
    before = (hero_attack_dice(state, 1, j), hero_defend_dice(state, 1), hero_defend_dice(state, 0))
    after = step(state, f"skill:{key}")
    assert hero_attack_dice(after, 1, j) == before[0] + attack
    assert hero_defend_dice(after, 1) == before[1] + 1 and hero_defend_dice(after, 0) == before[2]
    assert skill_uses(after, 0) == []


def test_stare_down_leaves_the_enemy_without_defend_dice_this_turn_line_236() -> None:
    state = _fight(_start(_hero("warrior", "Stare Down")), ("goblin-1", (4, 3)))
    state = put_hero(state, 0, mind=2)
    after = step(state, "skill:stare-down:goblin-1")
    assert dict(after.chance_outcomes())["wins"] == more_chance(2, 1)
    won = step(after, "wins")
    j = index_of(won, "goblin-1")
    assert monster_defend_dice(won, j) == 0
    assert monster_defend_dice(end_turn(won), j) == 1


# --- rogue (lines 253-263)


def test_backstab_from_behind_adds_a_die_line_253() -> None:
    state = _fight(_start(_hero("rogue", "Backstab"), _hero("warrior")), ("goblin-1", (2, 2)))
    state = put_hero(put_hero(state, 0, at=(3, 2)), 1, at=(1, 2))
    j = index_of(state, "goblin-1")
    assert "skill:backstab:goblin-1" in skill_uses(state, 0)
    stab = step(state, "skill:backstab:goblin-1")
    assert stab.pending is not None and stab.pending.dice == hero_attack_dice(state, 0, j) + 1
    assert "skill:backstab:goblin-1" not in skill_uses(put_hero(state, 1, at=(1, 3)), 0)


@pytest.mark.parametrize(("improved", "need"), [(False, 2), (True, 0)])
def test_stealth_one_die_unseen_and_a_backstab_halves_defence_lines_257_259(
    improved: bool, need: int
) -> None:
    skills = ("Stealth", "Backstab") + (("Improved Stealth",) if improved else ())
    state = _start(_hero("rogue", *skills))
    state = put_monster(state, "goblin-1", at=(7, 1))
    assert "skill:stealth" in skill_uses(state, 0)
    hidden = step(state, "skill:stealth")
    moving = step(hidden, "roll")
    assert moving.pending is not None and moving.pending.dice == 1
    near = _fight(put_hero(hidden, 0, at=(2, 1)), ("goblin-1", (3, 1)))
    j = index_of(near, "goblin-1")
    assert monster_targets(near, j) == []  # it cannot single him out
    near = put_monster(near, "goblin-1", effects=("def+3|quest",))  # four defend dice
    stab = step(near, "skill:backstab:goblin-1")
    assert stab.pending is not None and stab.pending.need == need
    assert "stealth|quest" not in stab.heroes[0].effects  # an attack breaks it


def test_stealth_check_each_turn_with_enemies_in_sight_line_257() -> None:
    state = put_hero(_start(_hero("rogue", "Stealth"), _hero("warrior")), 0, effects=("stealth|quest",))
    state = put_monster(state, "goblin-1", at=(4, 3))
    turned = start_slot(state)  # the rogue's turn begins with a goblin in sight
    assert turned.pending is not None and turned.pending.kind == "hide"
    assert dict(turned.chance_outcomes())["hidden"] == more_chance(turned.heroes[0].mind, 1)
    assert "stealth|quest" not in step(turned, "seen").heroes[0].effects


def test_dash_attack_runs_past_the_enemy_after_a_hit_line_261() -> None:
    state = _fight(_start(_hero("rogue", "Dash Attack")), ("goblin-1", (3, 2)))
    state = rolled(put_hero(state, 0, at=(2, 2)), 6)
    hit = step(state, "attack:goblin-1", 1)
    assert "skill:dash-attack:4,2" in skill_uses(hit, 0)
    ran = step(hit, "skill:dash-attack:4,2")
    assert ran.heroes[0].at == (4, 2) and ran.turn.moves == hit.turn.moves - 2


def test_set_trap_springs_like_a_spear_trap_on_an_enemy_line_263() -> None:
    state = _start(_hero("rogue", "Set Trap"), gm="human")
    state = put_hero(state, 0, at=(2, 2))
    assert "skill:set-trap:3,2" in skill_uses(state, 0)
    set_ = step(state, "skill:set-trap:3,2", "end")
    set_ = put_monster(set_, "goblin-1", at=(4, 2), aware=True)
    j = index_of(set_, "goblin-1")
    gm = replace(set_, acting=j, turn=replace(set_.turn, rolled=True, moves=5))
    assert gm.in_gm_turn()
    sprung = step(gm, "move:2,1")
    assert sprung.monsters[j].at == (3, 2) and sprung.pending is not None and sprung.pending.kind == "snare"
    assert step(sprung, 1).monsters[j].body == sprung.monsters[j].body - 1


# --- wizard (lines 280-286)


def test_telekinesis_hurls_furniture_for_mind_points_line_280() -> None:
    wizard = _hero("wizard", "Telekinesis")
    state = _fight(_start(wizard), ("goblin-1", (5, 1)))
    state = put_hero(state, 0, at=(5, 3), mind=5)
    assert "skill:telekinesis:b-table:goblin-1" in skill_uses(state, 0)
    hurled = step(state, "skill:telekinesis:b-table:goblin-1")
    assert hurled.heroes[0].mind == 2  # six low squares: three dice over base Attack
    assert hurled.pending is not None and hurled.pending.dice == wizard.base.attack + 3


def test_dominion_the_heroes_move_the_enemy_against_its_kind_line_284() -> None:
    state = _fight(
        _start(_hero("wizard", "Dominion"), gm="human"), ("goblin-1", (4, 3)), ("goblin-2", (4, 2))
    )
    state = put_hero(state, 0, mind=4)
    held = step(state, "skill:dominion:goblin-1")
    assert held.heroes[0].mind == 3
    j = index_of(held, "goblin-1")
    gm = replace(held, order=(0, -1), slot=1, acting=j, turn=replace(held.turn, rolled=True, moves=0))
    assert gm.actor() == HERO_PLAYER and "attack:goblin-2" in gm_actions(gm)
    assert not [a for a in gm_actions(gm) if a.startswith("attack:h")]
    blow = step(gm, "attack:goblin-2")
    assert blow.pending is not None and blow.pending.side == "thrall"
    let_go = step(replace(held, turn=replace(held.turn, acted=False)), "skill:dominion:release")
    assert replace(let_go, order=(0, -1), slot=1, acting=j).actor() == GM_PLAYER


# --- rogue mage, human, dwarf, elf (lines 305-331)


def test_combat_sorcery_lends_a_magic_point_line_305() -> None:
    state = _fight(_start(_hero("wizard", "Combat Sorcery")), ("goblin-1", (2, 1)))
    magic = state.heroes[0].magic
    j = index_of(state, "goblin-1")
    after = step(state, "skill:combat-sorcery:attack")
    assert after.heroes[0].magic == magic - 1
    assert hero_attack_dice(after, 0, j) == hero_attack_dice(state, 0, j) + 1
    assert end_encounter(after).heroes[0].magic == magic


def test_human_resistance_one_more_white_die_on_a_jump_line_315(tmp_path: Any) -> None:
    from .play_helpers import trap_quest

    quest = trap_quest(tmp_path)
    state = _start(_hero("warrior", "Human Resistance"), quest=quest)
    traps = list(state.traps)
    traps[state.ctx.trap_index["pit"]] = "found"
    state = rolled(put_hero(replace(state, traps=tuple(traps)), 0, at=(5, 0)), 12)
    assert dict(step(state, "jump:7,0").chance_outcomes()) == {
        "clear": Fraction(3, 4),
        "fall": Fraction(1, 4),
    }


def test_dwarven_hardiness_regains_a_body_point_line_321() -> None:
    state = _fight(_start(_hero("dwarf-warrior", "Dwarven Hardiness")), ("goblin-1", (2, 1)))
    state = put_hero(state, 0, body=3)
    assert step(state, "skill:dwarven-hardiness").heroes[0].body == 4


def test_excavate_digs_away_fallen_rock_line_323() -> None:
    state = replace(_start(_hero("dwarf-warrior", "Excavate")), rubble=((2, 1),))
    dig = step(state, "skill:excavate:2,1")
    assert dict(dig.chance_outcomes()) == {
        "cleared": 1 - Fraction(1, 2) ** dig.hero_of(0).base.attack,
        "holds": Fraction(1, 2) ** dig.hero_of(0).base.attack,
    }
    assert step(dig, "cleared").rubble == ()


def test_elven_finesse_an_extra_defend_die_line_327() -> None:
    state = _fight(_start(_hero("elf-warrior", "Elven Finesse")), ("goblin-1", (2, 1)))
    plain = hero_defend_dice(state, 0)
    assert hero_defend_dice(step(state, "skill:elven-finesse"), 0) == plain + 1


def test_elven_awareness_tells_where_the_enemies_beyond_the_door_are_line_331() -> None:
    state = put_hero(_start(_hero("elf-warrior", "Elven Awareness")), 0, at=(3, 1))
    state = put_monster(replace(state, doors=tuple("closed" for _ in state.doors)), "goblin-2", at=(5, 0))
    offers = [a for a in skill_uses(state, 0) if a.startswith("skill:elven-awareness")]
    assert offers
    sensed = step(state, offers[0])
    assert sensed.actor() is CHANCE and "none" in dict(sensed.chance_outcomes())
    told = step(sensed, "where")
    assert "Beyond the door: at 5,0." in log_lines(told.log)


# --- weapon skills (lines 335-343)


def test_sweep_attack_carries_on_with_one_die_fewer_line_335() -> None:
    state = _fight(
        _start(_hero("barbarian", "Sweep Attack", equip=("staff",))),
        ("goblin-1", (2, 1)),
        ("goblin-2", (2, 2)),
    )
    state = put_hero(state, 0, at=(1, 1))
    offers = [a for a in skill_uses(state, 0) if a.startswith("skill:sweep-attack")]
    assert "skill:sweep-attack:goblin-1" in offers
    swing = step(state, "skill:sweep-attack:goblin-1")
    assert swing.pending is not None
    dice = swing.pending.dice
    nxt = step(swing, 1)
    assert nxt.pending is not None and nxt.pending.target == index_of(nxt, "goblin-2")
    assert nxt.pending.dice == dice - 1
    assert step(swing, 0).pending is None  # a deflected blow ends the sweep


def test_ranged_accuracy_shoots_past_a_figure_at_one_die_fewer_line_337() -> None:
    archer = _hero("warrior", "Ranged Accuracy", equip=("bow",))
    state = _fight(_start(archer), ("goblin-1", (2, 1)), ("goblin-2", (3, 1)))
    state = put_hero(state, 0, at=(1, 1))
    assert "attack:goblin-2" in state.legal_actions()
    plain = _start(_hero("warrior", equip=("bow",)))
    plain = put_hero(_fight(plain, ("goblin-1", (2, 1)), ("goblin-2", (3, 1))), 0, at=(1, 1))
    assert "attack:goblin-2" not in plain.legal_actions()
    j1, j2 = index_of(state, "goblin-1"), index_of(state, "goblin-2")
    assert hero_attack_dice(state, 0, j2) == hero_attack_dice(state, 0, j1) - 1


def test_riposte_after_a_clean_defence_line_339() -> None:
    state = _fight(_start(_hero("warrior", "Riposte")), ("goblin-1", (2, 1)))
    j = index_of(state, "goblin-1")
    blow = begin_attack(state, "monster", j, 0, own_turn=False)
    back = _outcome(blow, 0)
    assert back.pending is not None and back.pending.side == "hero"
    assert (back.pending.dice, back.pending.need, back.pending.target) == (1, 0, j)
    again = _outcome(begin_attack(step(back, 0), "monster", j, 0, own_turn=False), 0)
    assert again.pending is None  # once per encounter


def test_shield_bash_base_dice_and_a_daze_line_341() -> None:
    state = _fight(_start(_hero("warrior", "Shield Bash", equip=("shield",))), ("goblin-1", (2, 1)))
    bash = step(state, "skill:shield-bash:goblin-1")
    assert bash.pending is not None and bash.pending.dice == state.hero_of(0).base.attack
    daze = step(bash, 1)
    assert daze.pending is not None and daze.pending.kind == "daze"
    assert dict(outcomes(daze, daze.pending)) == {"dazed": Fraction(5, 6), "steady": Fraction(1, 6)}
    dazed = step(daze, "dazed")
    j = index_of(dazed, "goblin-1")
    gm = replace(dazed, order=(0, -1), slot=1, acting=j)
    assert not [a for a in gm_actions(gm) if a.startswith("attack:")]


def test_dual_wielding_two_attacks_the_second_at_half_dice_line_343() -> None:
    hero = _hero("warrior", "Dual-Wielding", equip=("short sword",), off="short sword")
    state = _fight(_start(hero), ("goblin-1", (2, 1)))
    j = index_of(state, "goblin-1")
    first = hero_attack_dice(state, 0, j)
    once = step(state, "attack:goblin-1", 0)
    assert "attack:goblin-1" in once.legal_actions()
    assert hero_attack_dice(once, 0, j) == (first + 1) // 2
