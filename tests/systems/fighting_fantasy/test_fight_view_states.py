"""The position view of a fight makes its states through the fight it was made from
(`fight_view.fight_view` hands it `FightState.odds_state`), so `fight_view` never imports `fight`."""

from __future__ import annotations

import pytest

from grognard.systems.fighting_fantasy.fight import build_state, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature
from grognard.systems.fighting_fantasy.fight_view import FightView, fight_view
from grognard.systems.fighting_fantasy.sheet import AdventureSheet


def test_the_view_of_a_fight_gives_back_its_states() -> None:
    state = start_fight(AdventureSheet.new(10, 14, 9), [Creature("Orc", 7, 6)])
    view = fight_view(state, exact=True)
    assert view is not None
    position = view.position(state)
    assert position == (14, 9, 6)
    assert view.state(position) == state
    assert view.state((12, 8, 4)) == build_state(state.spec, view.key((12, 8, 4)))
    assert view.state((12, 8, 4)) != state


def test_a_view_made_without_a_builder_refuses_to_make_states() -> None:
    state = start_fight(AdventureSheet.new(10, 14, 9), [Creature("Orc", 7, 6)])
    bare = FightView(state.spec, state.skill, state.luck_cap, state.measures, state.counts)
    with pytest.raises(ValueError, match="makes no states"):
        bare.state((14, 9, 6))
