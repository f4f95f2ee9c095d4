"""The automatic game master: attack the weakest hero in reach, else walk the shortest way to one in sight."""

from __future__ import annotations

from dataclasses import replace

from grognard.systems.heroquest.driver.turn import start_monster
from grognard.systems.heroquest.model.state import GM_SLOT, QuestState, Turn
from grognard.systems.heroquest.policies.gm import choose

from .play_helpers import begin, index_of, put_hero, put_monster


def _gm_turn(state: QuestState, mid: str) -> QuestState:
    state = replace(state, slot=state.order.index(GM_SLOT))
    return start_monster(state, index_of(state, mid))


def test_attacks_the_weakest_hero_in_reach() -> None:
    state = begin(heroes="barbarian,elf-wizard")
    state = put_hero(put_hero(state, 0, at=(2, 2)), 1, at=(3, 1))
    state = _gm_turn(put_monster(state, "goblin-1", at=(3, 2), aware=True), "goblin-1")
    assert choose(state) == "attack:h1"  # the wizard has less Body


def test_rolls_then_walks_towards_a_hero_it_sees_and_stays_off_traps() -> None:
    state = begin(heroes="barbarian")
    state = _gm_turn(put_monster(state, "goblin-1", at=(4, 3), aware=True), "goblin-1")
    assert choose(state) == "roll"
    state = replace(state, turn=Turn(rolled=True, moves=5))
    action = choose(state)
    assert action in state.legal_actions() and action.startswith("move:")
    x, y = (int(v) for v in action[5:].split(","))
    assert abs(x - 1) + abs(y - 1) == 1  # ends beside the barbarian at (1,1)


def test_a_monster_that_sees_no_hero_and_gave_up_the_chase_ends_its_turn() -> None:
    state = begin(heroes="barbarian")
    state = _gm_turn(put_monster(state, "grak", aware=True, effects=("calm|quest",)), "grak")
    assert choose(state) == "end"  # it chased and lost the heroes before (line 88, `monster_pursuit`)


def test_the_policy_is_deterministic() -> None:
    state = begin(heroes="barbarian")
    state = _gm_turn(put_monster(state, "goblin-1", at=(4, 3), aware=True), "goblin-1")
    state = replace(state, turn=Turn(rolled=True, moves=5))
    assert len({choose(state) for _ in range(5)}) == 1


def test_unaware_monsters_do_not_act_for_the_automatic_game_master() -> None:
    state = begin(heroes="barbarian")
    after = state.apply("end")
    assert isinstance(after, QuestState)
    assert after.current_hero() == 0 and after.round == 2  # nobody saw a monster; the round went by
