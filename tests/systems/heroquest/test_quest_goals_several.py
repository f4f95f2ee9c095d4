"""Issue 32: goals of several targets (every one to be met), a rescue that ends at an exit door as well as
the stairs, and rooms to reach or hold (docs/rulings/heroquest.md, "Goals of several targets, rooms to
reach and hold")."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content.board import standard_board
from grognard.systems.heroquest.content.quest import QuestFile, check_quest
from grognard.systems.heroquest.driver.turn import check_end
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.goals import describe, goal_words, met_at_start
from grognard.systems.heroquest.views.render import status_lines
from grognard.systems.heroquest.views.seat_view import heroes_public
from tests.cli.helpers import grognard
from tests.systems.heroquest.play_helpers import (
    begin,
    put_hero,
    put_monster,
    quest_file_with_goal,
    quest_with_goal,
    step,
)

BASE = """
id = "several-test"
title = "Several targets"
stairs = [1, 1]
monsters = [
  { id = "grak", monster = "Goblin", at = [20, 2] },
  { id = "brak", monster = "Goblin", at = [21, 2] },
  { id = "p1", monster = "Swordsman", at = [5, 2] },
  { id = "p2", monster = "Swordsman", at = [6, 2] },
]
treasure = [
  { id = "chest-a", at = [18, 3], text = "A chest of the quest." },
  { id = "chest-b", at = [19, 3], text = "Another chest of the quest." },
]
wandering = { monster = "Orc" }
"""
EXIT_DOOR = '\ndoors = [{ id = "way-out", at = [[25, 0], [25, -1]], exit = true }]\n'
ROOM = "G"
"""The room of the standard board that holds (20, 2), where the goblins stand."""
ROOM_SQUARE = (18, 2)


def _quest(goal: str, base: str = BASE) -> QuestFile:
    return quest_with_goal(base, goal)


def _file(tmp_path: Path, goal: str, base: str = BASE) -> str:
    return quest_file_with_goal(tmp_path, base, goal)


@pytest.mark.parametrize(
    ("goal", "reason"),
    [
        ('{ kind = "slay-all", also = ["grak"] }', "names no target"),
        ('{ kind = "kill", target = "grak", also = ["grak"] }', "each target once"),
        ('{ kind = "kill", target = "grak", hold = true }', "only a reach goal holds"),
    ],
)
def test_the_new_goal_fields_are_checked(goal: str, reason: str) -> None:
    with pytest.raises(ContentError, match=reason):
        _quest(goal)


@pytest.mark.parametrize(
    ("goal", "reason"),
    [
        ('{ kind = "kill", target = "grak", also = ["nobody"] }', "no monster 'nobody'"),
        ('{ kind = "find", target = "chest-a", also = ["chest-z"] }', "no treasure 'chest-z'"),
        ('{ kind = "reach", target = "no-such-room" }', "no room 'no-such-room'"),
    ],
)
def test_every_target_is_checked_against_the_quest(goal: str, reason: str) -> None:
    with pytest.raises(ContentError, match=reason):
        check_quest(_quest(goal), standard_board())


def test_a_kill_of_two_is_won_only_when_both_fall(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "kill", target = "grak", also = ["brak"] }'))
    one = put_monster(state, "grak", status="dead")
    assert check_end(one).outcome != "won"
    assert check_end(put_monster(state, "brak", status="dead")).outcome != "won"
    assert check_end(put_monster(one, "brak", status="dead")).outcome == "won"


def test_a_find_of_two_is_won_only_when_both_are_taken(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "find", target = "chest-a", also = ["chest-b"], exit = true }'))
    one = state.evolve(taken=("chest-a",))
    assert step(one, "leave").outcome != "won"
    both = state.evolve(taken=("chest-a", "chest-b"))
    assert check_end(both).outcome != "won"  # then leave: not won by the finding alone
    assert step(both, "leave").outcome == "won"


def _led(state: QuestState, hero: int, prisoner: str, at: tuple[int, int]) -> QuestState:
    return put_hero(put_monster(state, prisoner, status="escorted"), hero, at, escort=prisoner)


def test_two_prisoners_must_both_be_led_out(tmp_path: Path) -> None:
    state = begin(
        _file(tmp_path, '{ kind = "rescue", target = "p1", also = ["p2"] }'), "barbarian,dwarf-warrior"
    )
    assert [m.status for m in state.monsters if m.id in ("p1", "p2")] == ["prisoner", "prisoner"]
    first = _led(state, 0, "p1", (1, 1))
    assert check_end(first).outcome != "won"
    assert "1 of 2 done" in goal_words(first)
    gone = put_hero(first, 0, None, status="left")  # left by the stairs with him: he is out
    gone = put_hero(gone, 0, None)
    assert check_end(_led(gone, 1, "p2", (5, 5))).outcome != "won"  # the second still inside
    assert check_end(_led(gone, 1, "p2", (2, 2))).outcome == "won"


def test_a_hero_leads_one_prisoner_at_a_time(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "rescue", target = "p1", also = ["p2"] }'))
    below_p1 = put_hero(state, 0, (5, 3))
    assert "free:p1" in below_p1.legal_actions()
    assert step(below_p1, "free:p1").heroes[0].escort == "p1"
    below_p2 = put_hero(state, 0, (6, 3))
    assert "free:p2" in below_p2.legal_actions()
    leading = _led(state, 0, "p1", (6, 3))
    assert "free:p2" not in leading.legal_actions()


def test_a_rescue_ends_at_an_exit_door_as_well_as_the_stairs(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "rescue", target = "p1" }', BASE + EXIT_DOOR))
    inside = state.ctx.exits["way-out"]
    assert check_end(_led(state, 0, "p1", (10, 1))).outcome != "won"
    assert check_end(_led(state, 0, "p1", inside)).outcome == "won"


def test_a_room_to_reach_is_won_when_a_hero_stands_in_it(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, f'{{ kind = "reach", target = "{ROOM}" }}'))
    assert check_end(put_hero(state, 0, (10, 1))).outcome != "won"
    assert check_end(put_hero(state, 0, ROOM_SQUARE)).outcome == "won"


def test_a_room_reached_then_out_is_won_by_leaving_after_it(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, f'{{ kind = "reach", target = "{ROOM}", exit = true }}'))
    assert step(state, "leave").outcome != "won"  # not yet been there
    there = check_end(put_hero(state, 0, ROOM_SQUARE))
    assert there.outcome != "won" and there.reached == (ROOM,)
    back = put_hero(there, 0, (1, 1))
    assert step(back, "leave").outcome == "won"


def test_a_held_room_needs_no_monster_in_it_and_a_hero_there_into_the_next_round(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, f'{{ kind = "reach", target = "{ROOM}", hold = true }}'))
    with_goblins = check_end(put_hero(state, 0, ROOM_SQUARE))
    assert with_goblins.outcome != "won" and with_goblins.reached == ()
    cleared = put_monster(put_monster(state, "grak", status="dead", at=None), "brak", status="dead")
    cleared = put_monster(cleared, "grak", at=(3, 9))
    cleared = put_monster(cleared, "brak", at=(4, 9))  # the fallen lie outside the room
    begun = check_end(put_hero(cleared, 0, ROOM_SQUARE))
    assert begun.outcome != "won" and begun.reached == (f"{ROOM}@1",)
    assert "held since round 1" in goal_words(begun)
    same_round = check_end(put_hero(begun, 0, (ROOM_SQUARE[0] + 1, ROOM_SQUARE[1])))
    assert same_round.outcome != "won"
    assert check_end(same_round.evolve(round=2)).outcome == "won"
    walked_out = check_end(put_hero(begun, 0, (10, 1)))
    assert walked_out.reached == ()  # the hold is broken: it starts again
    assert check_end(walked_out.evolve(round=2)).outcome != "won"
    invaded = check_end(put_monster(begun, "grak", status="active", at=(20, 3)))
    assert invaded.reached == () and check_end(invaded.evolve(round=2)).outcome != "won"


def test_a_room_the_heroes_start_in_is_a_goal_met_at_the_start() -> None:
    board = standard_board()
    start_room = board.room_of((1, 1))
    assert "start in" in (
        met_at_start(check_quest(_quest(f'{{ kind = "reach", target = "{start_room}" }}'), board)) or ""
    )
    assert met_at_start(check_quest(_quest(f'{{ kind = "reach", target = "{ROOM}" }}'), board)) is None


def test_the_goal_is_said_in_words_to_the_players(tmp_path: Path) -> None:
    assert describe(_quest('{ kind = "kill", target = "grak", also = ["brak"], exit = true }').goal) == (
        "kill grak and brak, then leave by the stairs or an exit"
    )
    assert describe(_quest(f'{{ kind = "reach", target = "{ROOM}", hold = true }}').goal) == (
        f"hold {ROOM} free of monsters for a turn"
    )
    state = begin(_file(tmp_path, '{ kind = "find", target = "chest-a", also = ["chest-b"] }'))
    one = state.evolve(taken=("chest-b",))
    assert "Goal: find chest-a and chest-b (1 of 2 done). Round 1." in status_lines(one)  # the terminal
    assert heroes_public(one)["goal"] == "find chest-a and chest-b (1 of 2 done)"  # the browser


def test_hq_check_accepts_and_explains_the_new_goals(tmp_path: Path) -> None:
    ok = grognard(
        "hq", "check", _file(tmp_path, '{ kind = "rescue", target = "p1", also = ["p2"] }'), home=tmp_path
    )
    assert ok.code == 0 and "rescue p1 and p2 and lead them out" in ok.out
    held = grognard(
        "hq", "check", _file(tmp_path, f'{{ kind = "reach", target = "{ROOM}", hold = true }}'), home=tmp_path
    )
    assert held.code == 0 and f"hold {ROOM} free of monsters" in held.out
    bad = grognard("hq", "check", _file(tmp_path, '{ kind = "reach", target = "nowhere" }'), home=tmp_path)
    assert bad.code == 2 and "no room 'nowhere'" in bad.err
