"""Quest goals (issue 17): every monster slain, a deed then out by the stairs, and quests that would be
won before the heroes act, which `hq check` and the HeroScribe import refuse."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content.board import standard_board
from grognard.systems.heroquest.content.quest import QuestFile, check_quest, load_quest
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS, quest_source
from grognard.systems.heroquest.rules.goals import describe, met_at_start
from tests.cli.helpers import grognard
from tests.systems.heroquest.play_helpers import (
    begin,
    put_monster,
    quest_file_with_goal,
    quest_with_goal,
    step,
)

BASE = """
id = "goal-test"
title = "Goal test"
stairs = [1, 1]
monsters = [{ id = "grak", monster = "Goblin", at = [20, 2] }]
wandering = { monster = "Orc" }
"""


def _quest(goal: str, base: str = BASE) -> QuestFile:
    return quest_with_goal(base, goal)


def _file(tmp_path: Path, goal: str, base: str = BASE) -> str:
    return quest_file_with_goal(tmp_path, base, goal)


@pytest.mark.parametrize(
    ("goal", "reason"),
    [
        ('{ kind = "slay-all", target = "grak" }', "names no target"),
        ('{ kind = "rescue", target = "grak", exit = true }', "already ends at the way out"),
        ('{ kind = "kill" }', "names its target"),
    ],
)
def test_goal_fields_are_checked(goal: str, reason: str) -> None:
    with pytest.raises(ContentError, match=reason):
        _quest(goal)


def test_a_goal_met_at_the_start_is_named() -> None:
    board = standard_board()
    on_stairs = check_quest(_quest('{ kind = "reach-exit" }'), board)
    assert "start on the stairs" in (met_at_start(on_stairs) or "")
    empty = BASE.replace('monsters = [{ id = "grak", monster = "Goblin", at = [20, 2] }]\n', "")
    none_left = check_quest(_quest('{ kind = "slay-all", exit = true }', empty), board)
    assert "places none" in (met_at_start(none_left) or "")
    assert met_at_start(check_quest(_quest('{ kind = "slay-all", exit = true }'), board)) is None
    assert met_at_start(check_quest(_quest('{ kind = "kill", target = "grak" }'), board)) is None


def test_no_shipped_quest_is_won_at_the_start() -> None:
    for ref in SHIPPED_QUESTS:
        assert met_at_start(load_quest(quest_source(ref))) is None, ref


def test_slay_all_then_out_is_won_only_by_leaving_after_the_last_monster_falls(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "slay-all", exit = true }'))
    assert state.heroes[0].at in state.ctx.stairs
    assert state.outcome == "" or state.outcome is None
    assert "leave" in state.legal_actions()
    early = step(state, "leave")
    assert early.outcome != "won"  # the goblin still stands: leaving now is a retreat
    cleared = put_monster(state, "grak", status="dead", at=None)
    won = step(cleared, "leave")
    assert won.outcome == "won"


def test_slay_all_without_exit_is_won_when_the_last_monster_falls(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "slay-all" }'))
    assert step(state, "leave").outcome != "won"
    from grognard.systems.heroquest.driver.turn import check_end

    assert check_end(put_monster(state, "grak", status="dead", at=None)).outcome == "won"


def test_a_kill_then_out_goal_is_not_won_by_the_kill_alone(tmp_path: Path) -> None:
    state = begin(_file(tmp_path, '{ kind = "kill", target = "grak", exit = true }'))
    from grognard.systems.heroquest.driver.turn import check_end

    killed = put_monster(state, "grak", status="dead", at=None)
    assert check_end(killed).outcome != "won"
    assert step(killed, "leave").outcome == "won"


def test_describe_names_the_deed_and_the_way_out() -> None:
    assert describe(_quest('{ kind = "slay-all", exit = true }').goal) == (
        "every monster slain, then leave by the stairs or an exit"
    )


def test_hq_check_refuses_a_quest_won_before_the_heroes_act(tmp_path: Path) -> None:
    bad = _file(tmp_path, '{ kind = "reach-exit" }')
    ran = grognard("hq", "check", bad, home=tmp_path)
    assert ran.code == 2 and "won before the heroes act" in ran.err and ran.err.count("\n") <= 1
    good = _file(tmp_path, '{ kind = "slay-all", exit = true }')
    ok = grognard("hq", "check", good, home=tmp_path)
    assert ok.code == 0 and "every monster slain" in ok.out
    shipped = grognard("hq", "check", "2-the-salt-crypt", home=tmp_path)
    assert shipped.code == 0, shipped.err


def test_hq_check_names_a_board_file_given_as_a_quest(tmp_path: Path) -> None:
    board = tmp_path / "board.toml"
    board.write_text(
        'id = "b"\nname = "B"\nwidth = 1\nheight = 1\ngrid = ["a"]\n'
        '[legend]\na = { id = "a", kind = "room" }\n',
        encoding="utf-8",
    )
    ran = grognard("hq", "check", str(board), home=tmp_path)
    assert ran.code == 2 and "a board file, not a quest" in ran.err and ran.err.count("\n") <= 1
