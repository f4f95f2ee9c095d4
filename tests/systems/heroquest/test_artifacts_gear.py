"""Changing equipment during a quest (line 355) and what a hero takes home (`artifacts_gear`).

Line 355 of `004_24cd6f974fe6a1ee.txt`: a weapon is changed without giving up the action or the move;
changing wearable equipment takes the action. The test quest `data/frost-and-venom.toml` hides a scroll of
Warmth on (1,2) and the Spirit Blade on (2,2) in room A.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.homecoming import hero_after_quest
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content.hero import Equipped
from grognard.systems.heroquest.content.quest_setup import hero_from_spec
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules import gear
from grognard.systems.heroquest.rules.effects import hero_attack_dice

from .play_helpers import index_of, put_hero, put_monster, step
from .test_artifacts_env import QUEST, frosty


def _again(state: QuestState) -> QuestState:
    return replace(state, turn=replace(state.turn, acted=False))


def test_a_found_artifact_weapon_is_taken_up_mid_quest_without_the_action_line_355() -> None:
    state = put_hero(frosty(), 0, (1, 1))
    found = step(state, "search:treasure")
    assert "Spirit Blade" in found.heroes[0].items and found.turn.acted
    assert "equip:spirit-blade" in found.legal_actions()  # a weapon: even after the action
    fight = put_monster(found, "bones-1", (1, 2))
    j = index_of(fight, "bones-1")
    before = hero_attack_dice(fight, 0, j)
    armed = step(fight, "equip:spirit-blade")
    assert armed.hero_of(0).equipped.weapon == "Spirit Blade"
    base = state.hero_of(0).base.attack
    assert (before, hero_attack_dice(armed, 0, j)) == (
        base + 1,
        base + 3,
    )  # short sword 1; the blade 3 on undead
    assert "Short Sword" in armed.hero_of(0).weapons  # the old weapon is still carried


def test_wearable_artifacts_take_the_action_and_change_the_maximum_line_355() -> None:
    state = put_hero(frosty("elf-wizard"), 0, items=("Elven Bracers",))
    top = state.hero_of(0).maximum("body")
    worn = step(state, "equip:elven-bracers")
    assert worn.turn.acted and worn.hero_of(0).maximum("body") == top + 2
    assert worn.heroes[0].body == state.heroes[0].body  # a maximum raised heals nothing
    assert "equip:elven-bracers" not in worn.legal_actions()
    assert not any(a.startswith("unequip:") for a in worn.legal_actions())  # the action is spent
    full = put_hero(_again(worn), 0, body=top + 2)
    off = step(full, "unequip:elven-bracers")
    assert off.turn.acted and off.heroes[0].body == top and off.hero_of(0).maximum("body") == top


def test_no_wearable_change_once_the_action_is_used_line_355() -> None:
    state = put_hero(step(frosty(), "defend"), 0, items=("Ring of Warmth", "Magical Throwing Dagger"))
    actions = state.legal_actions()
    assert "equip:ring-of-warmth" not in actions and "equip:magical-throwing-dagger" in actions


def test_a_shield_and_a_two_handed_weapon_swap_freely_lines_355_383() -> None:
    hero = gear.gain(hero_from_spec("barbarian"), "Shield")
    hero = gear.gain(hero, "Longsword")
    party = json.dumps([hero.model_dump(mode="json")])
    state = GAME.new_initial_state(
        GAME.info.resolve_options({"quest": QUEST, "heroes": party, "order": "agree"})
    )
    assert isinstance(state, QuestState)
    state = step(state, "order:0")
    shielded = step(state, "equip:shield")
    assert shielded.hero_of(0).equipped.off_hand == "Shield" and not shielded.turn.acted
    long = step(shielded, "equip:longsword")
    assert long.hero_of(0).equipped == Equipped(weapon="Longsword")  # the shield is put away with it
    back = step(long, "equip:shield")
    assert back.hero_of(0).equipped == Equipped(weapon=None, off_hand="Shield")
    assert not back.turn.acted


def test_one_pair_of_boots_at_a_time() -> None:
    state = put_hero(frosty(), 0, items=("Rabbit Boots", "Snowshoes of Speed"))
    shod = _again(step(state, "equip:rabbit-boots"))
    assert "equip:snowshoes-of-speed" not in shod.legal_actions()
    bare = _again(step(shod, "unequip:rabbit-boots"))
    assert "equip:snowshoes-of-speed" in bare.legal_actions()


def test_the_hero_comes_home_with_his_gains_and_the_charges_he_used_lines_355_455(tmp_path: Path) -> None:
    hero = gear.gain(hero_from_spec("barbarian"), "Elven Bow of Vindication")
    party = json.dumps([hero.model_dump(mode="json")])
    state = GAME.new_initial_state(
        GAME.info.resolve_options({"quest": QUEST, "heroes": party, "order": "agree"})
    )
    assert isinstance(state, QuestState)
    state = put_monster(step(state, "order:0"), "orc", (9, 0), body=9)
    state = step(state, "use:elven-bow-of-vindication:orc", "saved")
    state = put_hero(_again(state), 0, (1, 1), xp=12)
    state = step(state, "search:treasure", "equip:spirit-blade")
    home = hero_after_quest(state, 0)
    assert home.spent == (("elven-bow-of-vindication", 1),)
    assert home.equipped.weapon == "Spirit Blade" and "Spirit Blade" in home.artifacts
    assert "Spell Scroll: other/Warmth" in home.artifacts and home.experience == hero.experience + 12
    roster = Roster(open_store(tmp_path))
    roster.save(home)
    again = roster.load(home.name)
    assert again == home
    party = json.dumps([again.model_dump(mode="json")])
    state = GAME.new_initial_state(
        GAME.info.resolve_options({"quest": QUEST, "heroes": party, "order": "agree"})
    )
    assert isinstance(state, QuestState)
    state = put_monster(step(state, "order:0"), "orc", (9, 0), body=9)
    assert state.hero_of(0).equipped.weapon == "Spirit Blade"
    for _ in range(3):  # three arrows left of four
        state = step(_again(state), "use:elven-bow-of-vindication:orc", "saved")
    assert "Elven Bow of Vindication" not in state.heroes[0].items
    assert hero_after_quest(state, 0).spent == ()
    assert "Elven Bow of Vindication" not in hero_after_quest(state, 0).artifacts
