"""The quest state: setup, JSON, the order (lines 72-74), movement (lines 76-78), doors (line 122), sight."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.serial import canonical
from grognard.systems.heroquest.content.geometry import crossings, line_of_sight
from grognard.systems.heroquest.content.quest_setup import parse_party
from grognard.systems.heroquest.content.sight import sees, sight_path
from grognard.systems.heroquest.driver.resolve import monster_moves, movement_outcomes
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState

from .play_helpers import begin, put_hero, put_monster, rolled, step


def test_party_specs_make_level_one_heroes() -> None:
    party = parse_party("barbarian,dwarf-warrior,elf-wizard:Mira,human-rogue")
    assert [h.name for h in party] == ["Human Barbarian", "Dwarf Warrior", "Mira", "Human Rogue"]
    assert party[1].knows_skill("Disarm Traps")
    assert party[2].magic_user and len(party[2].elements) == 3
    with pytest.raises(UsageError):
        parse_party("dwarf-wizard")


def test_the_state_round_trips_through_json_and_keeps_its_invariants() -> None:
    state = rolled(begin(heroes="barbarian,elf-wizard"), 6)
    data = json.loads(json.dumps(GAME.state_to_json(state)))
    back = GAME.state_from_json(data)
    assert back == state and hash(back) == hash(state)
    assert canonical(GAME.state_to_json(back)) == canonical(data)
    assert state.invariants() == []
    bad = put_hero(state, 1, at=state.heroes[0].at)
    assert any("shared" in b for b in bad.invariants())


def test_rolled_order_is_every_order_equally_likely_line_72() -> None:
    state = GAME.new_initial_state(
        GAME.info.resolve_options({"heroes": "barbarian,elf-wizard,dwarf-warrior"})
    )
    assert state.actor() is CHANCE
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 6 and set(outcomes.values()) == {Fraction(1, 6)}
    after = state.apply("2,0,1")
    assert isinstance(after, QuestState)
    assert after.order == (2, 0, 1, -1) and after.current_hero() == 2


def test_interleaved_order_puts_the_game_master_among_the_heroes() -> None:
    opts = GAME.info.resolve_options({"heroes": "barbarian,elf-wizard", "interleave": True})
    state = GAME.new_initial_state(opts)
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 6 and "0,-1,1" in outcomes


def test_agreed_order_is_the_players_decision_line_74() -> None:
    state = GAME.new_initial_state(
        GAME.info.resolve_options({"heroes": "barbarian,elf-wizard", "order": "agree"})
    )
    assert state.actor() == 0
    assert sorted(state.legal_actions()) == ["order:0,1", "order:1,0"]


def test_movement_is_two_red_dice_at_least_the_movement_attribute_at_most_12_line_78() -> None:
    dist = movement_outcomes(2, 2, 0, 0)
    assert dist[2] == Fraction(1, 36) and dist[12] == Fraction(1, 36) and sum(dist.values()) == 1
    plate = movement_outcomes(2, 2, -2, 0)
    assert plate[2] == Fraction(6, 36)  # rolls 2, 3, 4 less 2 are below Movement 2
    dexterity = movement_outcomes(2, 2, 0, 5)
    assert dexterity[12] == Fraction(21, 36)  # rolls of 7 or more, plus 5, reach the cap
    goblin = monster_moves(3, 6, False)
    assert set(goblin) == {3, 4, 5, 6}


def test_a_hero_moves_on_four_sides_and_may_split_his_move() -> None:
    state = rolled(begin(heroes="barbarian"), 3)
    assert "move:4,1" in state.legal_actions()  # (1,1) -> (4,1): three squares
    assert "move:4,2" not in state.legal_actions()  # four squares round the corner
    state = step(state, "move:2,1")
    assert state.turn.moves == 2 and state.heroes[0].at == (2, 1)


def test_enemies_block_and_allies_are_passed_not_shared_line_76() -> None:
    state = begin(heroes="barbarian,elf-wizard")
    state = put_hero(state, 1, at=(2, 1))
    state = put_monster(state, "goblin-1", at=(1, 2))
    state = rolled(state, 3)
    moves = state.legal_actions()
    assert "move:3,1" in moves and "move:2,1" not in moves
    assert "move:1,2" not in moves and "move:1,3" not in moves


def test_opening_a_door_is_free_but_ends_the_move_line_122() -> None:
    state = begin(heroes="barbarian")
    state = put_hero(state, 0, at=(3, 1))
    assert "door:a-north" in state.legal_actions()
    before_roll = step(state, "door:a-north")
    assert "roll" in before_roll.legal_actions()  # opened before moving: the move is still to come
    state = step(rolled(state, 6), "door:a-north")
    assert state.turn.moves == 0 and not any(a.startswith("move:") for a in state.legal_actions())
    assert state.layout.door_by_id["a-north"].state == "open"


def test_an_illegal_action_is_refused() -> None:
    state = begin(heroes="barbarian")
    with pytest.raises(RulesError):
        state.apply("move:20,20")


def test_cached_sight_is_the_geometry_line_of_sight() -> None:
    state = begin(heroes="barbarian")
    layout = state.layout
    squares = [(x, y) for x in range(0, 13, 2) for y in range(0, 8)]
    for a, b in itertools.product(squares[:20], squares):
        assert sees(layout, a, b) == line_of_sight(layout, a, b), (a, b)
        assert sees(layout, a, b, {(3, 2)}) == line_of_sight(layout, a, b, {(3, 2)}), (a, b)
    for a, b in itertools.product([(0, 0), (5, 3), (12, 7)], squares):
        assert [(c.before, c.after, c.sides) for c in crossings(a, b)] == list(sight_path(a, b))


def test_the_heroes_light_what_they_see_and_wake_the_monsters() -> None:
    state = begin(heroes="barbarian")
    assert "A" in state.seen and "B" not in state.seen
    assert not any(m.aware for m in state.monsters)
    state = put_hero(state, 0, at=(3, 1))
    state = step(state, "door:a-north")
    assert "n" in state.seen or any(a.startswith("n") for a in state.seen)


def test_all_heroes_gone_up_the_stairs_is_a_retreat() -> None:
    state = begin(heroes="barbarian")
    assert "leave" in state.legal_actions()
    state = step(state, "leave")
    assert state.actor() is TERMINAL and state.outcome == "retreated"


def test_the_round_limit_ends_the_quest() -> None:
    state = begin(heroes="barbarian", rounds=1)
    state = step(state, "end")
    assert state.outcome == "timeout" and state.actor() is TERMINAL
