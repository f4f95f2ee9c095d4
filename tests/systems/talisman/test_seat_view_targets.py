"""The seat view aims every move at the space it ends on, so a drawn board can be clicked: each target
is checked against where playing the move really puts the character."""

from __future__ import annotations

from grognard.systems.talisman.combat import hero_score
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.seat_view import action_label, action_target
from grognard.systems.talisman.state import TalismanState
from tests.systems.talisman.helpers import hero, make, play, turn


def _aim(state: TalismanState, action: str) -> str | None:
    group, target = action_target(state, 0, action)
    assert group == "move"
    return None if target is None else (target.kind == "space" and str(target.id)) or None


def test_round_the_ring_and_on_past_the_sentinel() -> None:
    s = play(turn(make(hero("warrior", space="fields-6"), hero("wizard"))), 2)
    assert _aim(s, "cw") == "sentinel" and _aim(s, "acw") == "fields-5"
    assert play(s, "acw").heroes[0].space == "fields-5"
    s = play(s, "cw")
    assert _aim(s, "on") == "fields-1" == play(s, "on").heroes[0].space
    assert _aim(s, "bridge") == "hills"
    assert "to the Fields" in action_label(s, 0, "on")
    # issue 30: crossing inward, the Sentinel's fight (11:11) is forced: its exact odds are said before
    warrior = hero_score(s, 0, False)
    win, stand, lose = combat_odds(warrior, 9)
    assert action_label(s, 0, "bridge") == (
        f"Cross the bridge to the Hills: the Sentinel attacks on the way (your {warrior} against 9:"
        f" win {float(win):.0%}, stand-off {float(stand):.0%}, lose {float(lose):.0%})"
    )


def test_over_the_bridge_from_the_hills() -> None:
    s = play(turn(make(hero("warrior", space="hills"), hero("wizard"))), 1)
    assert _aim(s, "bridge") == "sentinel" == play(s, "bridge").heroes[0].space
    assert action_label(s, 0, "bridge").endswith("to the Sentinel")


def test_forward_and_back_along_the_inner_region() -> None:
    s = turn(make(hero("warrior", space="plain-of-peril"), hero("wizard")))
    assert _aim(s, "forward") == "mines" == play(s, "forward").heroes[0].space
    assert _aim(s, "back") == "portal-of-power" == play(s, "back").heroes[0].space
    s = turn(make(hero("warrior", space="mines"), hero("wizard")))
    assert _aim(s, "back") == "plain-of-peril"


def test_the_die_roll_that_starts_a_move_has_no_space_yet() -> None:
    s = turn(make(hero("warrior", space="village"), hero("wizard")))
    assert _aim(s, "move") is None
