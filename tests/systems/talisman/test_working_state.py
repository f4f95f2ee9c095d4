"""Settling works on a private state changed in place (`state.WorkingState`); what it hands out is a plain,
frozen `TalismanState`, and the state a move is applied to is never changed."""

from __future__ import annotations

import random

from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.talisman.flow import settle
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.state import TalismanState, Task, WorkingState, frozen, working
from tests.systems.talisman.helpers import hero, make


def _snapshot(state: TalismanState) -> dict[str, object]:
    return dict(state.__dict__)


def test_a_move_never_changes_the_state_it_is_applied_to() -> None:
    rng = random.Random(5)
    state = initial_state(players=2)
    for _ in range(400):
        if state.actor() is TERMINAL:
            break
        before = _snapshot(state)
        chance = state.actor() is CHANCE
        moves = [o for o, _ in state.chance_outcomes()] if chance else list(state.legal_actions())
        move = rng.choice(moves)
        nxt = state.apply(move)
        assert _snapshot(state) == before
        assert nxt is not state
        assert type(nxt) is TalismanState
        assert isinstance(nxt.tasks, tuple)
        assert state.apply(move) == nxt
        state = nxt


def test_the_working_state_is_changed_in_place_and_frozen_back() -> None:
    given = make(hero("warrior", space="fields-1"), hero("wizard", space="city"))
    work = working(given)
    assert type(work) is WorkingState
    assert work.push(Task("end", 0)) is work
    assert work.edit_hero(0, gold=5) is work
    assert work.heroes is not given.heroes
    assert given.tasks == () and given.heroes[0].gold == 1
    done = frozen(work)
    assert type(done) is TalismanState
    assert done.tasks == (Task("end", 0),)
    assert done.push(Task("end", 1)) is not done
    assert done.tasks == (Task("end", 0),)


def test_settle_leaves_its_argument_alone() -> None:
    given = make(hero("warrior", space="fields-1"), hero("wizard", space="city")).push(Task("turn", 0))
    before = _snapshot(given)
    settled = settle(given)
    assert _snapshot(given) == before
    assert type(settled) is TalismanState
    assert isinstance(settled.tasks, tuple)
