"""Resting together (line 108) and the game master's monsters chasing heroes out of sight (line 88)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE
from grognard.systems.heroquest.driver.monster_turns import monster_turn_ends, upkeep
from grognard.systems.heroquest.driver.resolve import throw
from grognard.systems.heroquest.driver.turn import start_monster
from grognard.systems.heroquest.model.edits import set_door
from grognard.systems.heroquest.model.state import GM_SLOT, QuestState, Turn
from grognard.systems.heroquest.policies.gm import choose

from .play_helpers import begin, index_of, put_hero, put_monster, step

# --- resting (004_24cd6f974fe6a1ee.txt:108)


def _tired() -> QuestState:
    """Barbarian and wizard in room A in sight of each other; the dwarf far off in a corridor; all hurt."""
    state = begin(heroes="barbarian,elf-wizard,dwarf-warrior")
    state = put_hero(state, 0, at=(1, 1), body=1)
    state = put_hero(state, 1, at=(2, 2), body=1, magic=0)
    return put_hero(state, 2, at=(0, 12), body=1)


def test_every_hero_in_sight_of_each_other_rolls_and_one_black_shield_spoils_it_line_108() -> None:
    state = _tired()
    assert "rest" in state.legal_actions()
    trying = step(state, "rest")
    assert trying.actor() is CHANCE and trying.pending is not None and trying.pending.dice == 2
    assert dict(trying.chance_outcomes()) == {"rested": Fraction(25, 36), "disturbed": Fraction(11, 36)}
    rested = step(trying, "rested")
    for k in (0, 1):  # the two in sight of each other recover Body, Mind and Magic
        hero = rested.hero_of(k)
        assert rested.heroes[k].body == hero.maximum("body")
        assert rested.heroes[k].magic == hero.maximum("magic")
    assert rested.heroes[2].body == 1  # the dwarf out of their sight did not rest
    spoiled = step(trying, "disturbed")
    assert spoiled.monsters[-1].id == "wandering-1" and spoiled.monsters[-1].effects == ("rest|quest",)
    assert spoiled.pending is not None and spoiled.pending.kind == "attack" and spoiled.pending.target == 0
    assert spoiled.heroes[0].body == 1 and spoiled.heroes[1].body == 1  # nobody recovered


def test_the_rest_dice_are_thrown_one_a_hero_and_any_black_shield_spoils_line_108() -> None:
    trying = step(_tired(), "rest")
    assert trying.pending is not None
    for seed in range(40):
        outcome, rolls = throw(trying, trying.pending, Rng(seed))
        faces = [d.face for r in rolls for d in r.dice]
        assert len(faces) == 2
        assert outcome == ("disturbed" if "black shield" in faces else "rested")


def test_a_hero_alone_rests_on_five_in_six_line_108() -> None:
    state = put_hero(_tired(), 1, at=(0, 14))  # the wizard walks off out of the barbarian's sight
    trying = step(state, "rest")
    assert dict(trying.chance_outcomes()) == {"rested": Fraction(5, 6), "disturbed": Fraction(1, 6)}


def test_resting_takes_the_whole_turn_and_only_at_its_start_line_108() -> None:
    state = _tired()
    moved = step(state, "roll")
    assert moved.actor() is CHANCE
    moved = step(moved, 6)
    assert "rest" not in moved.legal_actions()  # no stepping out of sight to rest in the same turn
    rested = step(step(state, "rest"), "rested")
    acts = rested.legal_actions()
    assert "roll" not in acts and not any(a.startswith(("move:", "search:", "attack:")) for a in acts)
    assert "end" in acts


def test_no_rest_with_an_enemy_in_sight_or_one_chasing_line_108() -> None:
    state = _tired()
    seen = put_monster(state, "goblin-1", at=(3, 2), aware=True)
    assert seen.visible_monsters and "rest" not in seen.legal_actions()
    chasing = put_monster(state, "goblin-1", aware=True, effects=("chase|quest",))
    assert not chasing.visible_monsters and "rest" not in chasing.legal_actions()
    lost = put_monster(state, "goblin-1", aware=True, effects=("lost|quest",))
    assert "rest" not in lost.legal_actions()
    gone_home = put_monster(state, "goblin-1", aware=True, effects=("home|quest",))
    assert "rest" in gone_home.legal_actions()  # the heroes escaped it (line 88)


# --- running out of sight (004_24cd6f974fe6a1ee.txt:86-88)


def _gm_turn(state: QuestState, mid: str) -> QuestState:
    state = replace(state, slot=state.order.index(GM_SLOT))
    return start_monster(state, index_of(state, mid))


def _fled() -> QuestState:
    """The barbarian back in room A; goblin-1, which has seen him, in room B out of his sight; the
    corridor doors open so there is a way round."""
    state = begin(heroes="barbarian")
    state = set_door(set_door(state, "a-north", "open"), "b-north", "open")
    state = put_hero(state, 0, at=(2, 2))
    return put_monster(state, "goblin-1", at=(6, 2), aware=True)


def _steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_the_monster_chases_a_hero_who_ran_out_of_its_sight_line_88() -> None:
    state = _gm_turn(_fled(), "goblin-1")
    j = index_of(state, "goblin-1")
    assert "chase|quest" in state.monsters[j].effects
    assert choose(state) == "roll"  # it does not stand still
    state = replace(state, turn=Turn(rolled=True, moves=4))
    action = choose(state)
    assert action.startswith("move:") and action in state.legal_actions()
    x, y = (int(v) for v in action[5:].split(","))
    assert (x, y) != (6, 2) and y < 2  # out through room B's north door, towards the corridor round to A


def test_still_out_of_sight_after_its_turn_the_hero_escaped_and_the_red_die_decides_line_88() -> None:
    state = _gm_turn(_fled(), "goblin-1")
    j = index_of(state, "goblin-1")
    ended = monster_turn_ends(state)  # it did not find him
    assert "lost|quest" in ended.monsters[j].effects and "chase|quest" not in ended.monsters[j].effects
    again = start_monster(ended, j)  # its next turn: the red die
    assert again.pending is not None and again.pending.kind == "seek"
    assert dict(again.chance_outcomes()) == {"home": Fraction(1, 2), "onward": Fraction(1, 2)}
    for seed in range(20):
        outcome, rolls = throw(again, again.pending, Rng(seed))
        assert outcome == ("home" if rolls[0].total % 2 == 0 else "onward")
    # even: back to its start position, (5, 2) in the quest
    moved = put_monster(again, "goblin-1", at=(6, 0))
    home = step(moved, "home")
    assert "home|quest" in home.monsters[j].effects
    assert home.pending is not None and home.pending.kind == "mmove"  # it rolls to move on its way
    walk = replace(home, pending=None, turn=Turn(rolled=True, moves=3))
    action = choose(walk)
    assert action.startswith("move:")
    x, y = (int(v) for v in action[5:].split(","))
    assert _steps((x, y), (5, 2)) < _steps((6, 0), (5, 2))
    # odd: one turn on towards the hero's square, then it stands
    onward = step(again, "onward")
    assert any(e.startswith("onward@2,2") for e in onward.monsters[j].effects)
    stands = monster_turn_ends(replace(onward, pending=None))
    assert "calm|quest" in stands.monsters[j].effects
    assert choose(replace(start_monster(stands, j), turn=Turn(rolled=True, moves=3))) == "end"


def test_a_chaser_seen_again_is_back_in_the_fight_line_88() -> None:
    state = put_monster(_fled(), "goblin-1", effects=("lost|quest",))
    seen = upkeep(put_hero(state, 0, at=(6, 0)))  # the barbarian steps where he sees it
    assert not any(e.endswith("|quest") for e in seen.monsters[index_of(seen, "goblin-1")].effects)


def test_a_person_playing_the_game_master_moves_his_monsters_himself_line_88() -> None:
    state = begin(heroes="barbarian", gm="human")
    state = set_door(set_door(state, "a-north", "open"), "b-north", "open")
    state = put_monster(put_hero(state, 0, at=(2, 2)), "goblin-1", at=(6, 2), aware=True)
    state = _gm_turn(state, "goblin-1")
    assert state.monsters[index_of(state, "goblin-1")].effects == ()
