"""Returning to a quest after a retreat (004_24cd6f974fe6a1ee.txt:114)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from grognard.cli.systems.heroquest_return import return_completion
from grognard.engine.errors import UsageError
from grognard.engine.game import TERMINAL
from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.homecoming import homecoming
from grognard.systems.heroquest.campaign.returning import Memory, completion_after, memory_of
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.views.event_text import log_lines
from tests.cli.helpers import grognard
from tests.systems.heroquest.play_helpers import begin, put_hero, put_monster, step

QUEST = "the-goblin-cellar"


def _retreat() -> QuestState:
    """A barbarian who killed goblin-1, was seen by goblin-2, took the treasure of room B (searched),
    sprang the corridor pit, found the secret door b-c, and went back up the stairs."""
    state = begin(heroes="barbarian")
    state = put_monster(state, "goblin-1", status="dead", at=None)
    state = put_monster(state, "goblin-2", aware=True)
    state = replace(
        state,
        taken=("b-search",),
        searched=("treasure:B", "traps:A"),
        traps=("gone", "hidden"),
        doors=tuple(
            "closed" if d.id == "b-c" else s for d, s in zip(state.ctx.doors, state.doors, strict=True)
        ),
    )
    state = step(state, "leave")
    assert state.actor() is TERMINAL and state.outcome == "retreated"
    return state


def _back(memory: Memory, **options: object) -> QuestState:
    opts = {
        "quest": QUEST,
        "heroes": "barbarian",
        "order": "agree",
        "returning": memory.to_option(),
        **options,
    }
    state = GAME.new_initial_state(GAME.info.resolve_options(opts))
    assert isinstance(state, QuestState)
    return step(state, "order:0")


def test_enemies_met_are_gone_and_the_target_stays_line_114() -> None:
    """ "All enemies ... previously encountered will no longer appear": the dead goblin and the one that
    saw the heroes are gone; Grak, whom the quest is to kill, stays; the goblin the heroes never met
    (held for an event) still waits."""
    memory = memory_of(_retreat(), QUEST)
    assert set(memory.gone) == {"goblin-1", "goblin-2"}
    back = _back(memory)
    status = {m.id: m.status for m in back.monsters}
    assert status == {"goblin-1": "gone", "goblin-2": "gone", "grak": "active", "goblin-3": "held"}
    assert all(m.at is None for m in back.monsters if m.status == "gone")
    assert back.outcome == "" and back.actor() is not TERMINAL


def test_items_taken_stay_taken_and_searched_rooms_hold_nothing_line_114() -> None:
    """Rooms searched for treasure no longer contain any; the trap sprung and the secret door found
    stay so."""
    back = _back(memory_of(_retreat(), QUEST))
    assert "b-search" in back.taken and "treasure:B" in back.searched
    assert "traps:A" not in back.searched  # only the treasure searches are remembered
    assert back.traps == ("gone", "hidden")
    doors = dict(zip((d.id for d in back.ctx.doors), back.doors, strict=True))
    assert doors["b-c"] == "closed" and doors["a-north"] == "closed"
    fresh = begin(heroes="barbarian")
    assert fresh.taken == () and fresh.searched == ()  # a first visit is untouched


def test_a_searched_room_holds_no_treasure_even_what_was_not_taken_line_114() -> None:
    """A room searched for treasure holds none on the return, even treasure the heroes left in it; on a
    first visit the same search finds it."""
    state = replace(begin(heroes="barbarian"), searched=("treasure:B",))
    memory = memory_of(step(state, "leave"), QUEST)
    assert "b-search" in memory.taken

    def search_b(first: QuestState) -> QuestState:
        first = put_monster(
            put_monster(first, "goblin-1", status="gone", at=None), "goblin-2", status="gone", at=None
        )
        return step(put_hero(first, 0, at=(5, 3)), "search:treasure")

    assert any("finds nothing" in line for line in log_lines(search_b(_back(memory)).log))
    assert not any("finds nothing" in line for line in log_lines(search_b(begin(heroes="barbarian")).log))


def test_only_a_retreat_can_be_returned_to() -> None:
    state = begin(heroes="barbarian")
    with pytest.raises(UsageError, match="not in a retreat"):
        memory_of(state, QUEST)


def test_completion_experience_is_halved_for_each_return_line_114() -> None:
    """ "The game master may reduce total experience earned for completion": halved each return."""
    assert [completion_after(n) for n in range(3)] == [10, 5, 2]
    memory = memory_of(_retreat(), QUEST)
    assert memory.returns == 1
    won = replace(_back(memory), outcome="won")
    homes = homecoming(won, completion=completion_after(memory.returns))
    assert homes[0].hero is not None and homes[0].hero.experience == 5
    again = _back(memory)
    again = step(again, "leave")
    assert memory_of(again, QUEST).returns == 2


def test_play_return_after_a_retreat_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --return GAME` starts the quest again with the retreat's memory and the roster's heroes."""
    made = grognard(
        "hq", "hero", "new", "--name", "Conan", "--race", "human", "--class", "barbarian",
        "--extra", "body,body", "--weapon", "broadsword", "--json", home=tmp_path,
    )  # fmt: skip
    assert made.code == 0, made.err
    play = ("hq", "play", QUEST, "--heroes", "conan", "--order", "agree", "--seed", "1")
    first = grognard(*play, stdin="1\nq\n", home=tmp_path)
    leave = re.search(r"(\d+)\. Leave the quest", first.out)
    assert leave is not None, first.out
    gone = grognard("hq", "play", "--game", "1", stdin=f"{leave[1]}\ny\n", home=tmp_path)
    assert "Leave the quest before its goal is met? Conan goes out" in gone.out  # asked first (issue 30)
    assert "The heroes have retreated" in gone.out, gone.out[-1500:]
    early = grognard(*play, "--rounds", "1", stdin="q\n", home=tmp_path)  # game 2, not a retreat
    refused = grognard("hq", "play", "--return", "2", stdin="q\n", home=tmp_path)
    assert early.code == 0 and refused.code != 0 and "not in a retreat" in refused.err
    again = grognard(
        "hq", "play", "--return", "1", "--order", "agree", "--seed", "2", stdin="q\n", home=tmp_path
    )
    assert again.code == 0, again.err
    assert "Saved as game 3" in again.out
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path))
    with open_store() as store:
        session = store.load("3")
    memory = Memory.from_option(str(session.options["returning"]))
    assert memory.quest == QUEST and memory.returns == 1
    assert return_completion(dict(session.options)) == 5  # what the heroes get home if they now win
    assert json.loads(str(session.options["heroes"]))[0]["name"] == "Conan"
