"""A gamebook game's luck (`gamebook.solve_luck`, `grognard games luck`): each roll's worths are the solved
chances after its outcomes, the line is the solved chance after each move, the choice that cost is the one
the solution ranks below the best; a book too large for the budget is worked out from a later move, and
one that cannot be solved says so."""

from __future__ import annotations

import json
from collections import OrderedDict
from pathlib import Path

import pytest

from grognard.engine.game import CHANCE
from grognard.engine.luck import appraise, appraiser_for
from grognard.engine.session import Session
from grognard.gamebook import solve_luck
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_luck import BookAppraiser, book_appraiser
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from tests.cli.helpers import grognard
from tests.gamebook.helpers import book
from tests.gamebook.test_solve import FF_HEAD
from tests.gamebook.test_solve_play import DUEL, HERO


def played(choice: str, seed: int) -> Session:
    """The DUEL book played to its end with the hero, taking `choice` in section 1 (else the first)."""
    game = GamebookGame(FF_RULES, book(DUEL, FF_HEAD), "test")
    session = Session.new("fighting-fantasy", game, {"book": "test", **HERO}, seed)
    while not session.is_over():
        state = session.current
        if state.actor() is CHANCE:
            session.roll()
        else:
            actions = list(state.legal_actions())
            session.play(choice if choice in actions else actions[0])
    return session


@pytest.mark.parametrize("seed", [1, 2])
def test_the_worths_are_the_solved_chances(seed: int) -> None:
    session = played("choice:1", seed)
    start = session.game.new_initial_state(session.options)
    appraiser, note = appraiser_for(start, session.moves, 0)
    assert isinstance(appraiser, BookAppraiser) and note == ""
    report = appraise(start, session.moves, 0, appraiser)
    solution = solve_book(FF_RULES, book(DUEL, FF_HEAD), HERO, ref="test", exact=False)
    states: list[GamebookState] = [start]  # type: ignore[list-item]
    for record in session.moves:
        after = states[-1].apply(record.move)
        assert isinstance(after, GamebookState)
        states.append(after)
    expected = [float(solution.value_of(s)) for s in states]
    assert [w for _, w in report.line] == pytest.approx(expected)
    assert report.line[-1][1] == (1.0 if session.current.result().outcome == "victory" else 0.0)
    assert report.rolls  # the ogre's rounds
    for r in report.rolls:
        before = states[r.ply - 1]
        worths = [float(solution.value_of(_after(before, o))) for o, _ in before.chance_outcomes()]
        assert r.best == pytest.approx(max(worths)) and r.worst == pytest.approx(min(worths))
        assert r.worth == pytest.approx(float(solution.value_of(states[r.ply])))
    at = next(i for i, s in enumerate(states) if s.phase == "choose")  # section 1: the ogre or the pit
    fight_is_best = solution.best_action(states[at]) == "choice:1"
    assert any(b.ply == at + 1 for b in report.better) == (not fight_is_best)


def _after(state: GamebookState, move: str | int) -> GamebookState:
    after = state.apply(move)
    assert isinstance(after, GamebookState)
    return after


LATER = """
[sections.1]
choices = [{ text = "Fight the ogre", target = 2 }, { text = "Leap the pit", target = 3 }]

[sections.2]
fight = { creatures = [{ name = "OGRE", SKILL = 9, STAMINA = 10 }], win = "6" }

[sections.3]
test = { kind = "luck", branches = { lucky = { target = "6" }, unlucky = { target = "5" } } }

[sections.6]
choices = [{ text = "Fight the rat", target = 7 }, { text = "Walk on", target = 4 }]

[sections.7]
fight = { creatures = [{ name = "RAT", SKILL = 5, STAMINA = 4 }], win = "4" }

[sections.4]
ending = "victory"

[sections.5]
ending = "death"
"""


def test_a_book_too_large_is_worked_out_from_a_later_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_luck, "_kept", OrderedDict())  # no solve kept from another test
    game = GamebookGame(FF_RULES, book(LATER, FF_HEAD), "test")
    for seed in range(40):  # a game that leaps the pit and comes to section 6
        session = Session.new("fighting-fantasy", game, {"book": "test", **HERO}, seed)
        while not session.is_over():
            state = session.current
            if state.actor() is CHANCE:
                session.roll()
            else:
                actions = list(state.legal_actions())
                session.play("choice:2" if "choice:2" in actions else actions[0])
        if "6" in session.current.visited:  # type: ignore[attr-defined]
            break
    else:
        raise AssertionError("no game came to section 6")
    start = session.game.new_initial_state(session.options)
    starts = solve_luck._starts(start, session.moves)  # type: ignore[arg-type]
    later_ply, later = starts[-1]
    assert later.section == "6" and later_ply > 0
    whole = solve_book(FF_RULES, game.book, HERO, ref="test", exact=False).states  # type: ignore[arg-type]
    late = solve_book(FF_RULES, game.book, HERO, ref="test", exact=False, root=later).states  # type: ignore[arg-type]
    assert late < whole
    tight, note = book_appraiser(start, session.moves, 0, None, budget=late)
    assert (
        isinstance(tight, BookAppraiser) and tight.root_ply == later_ply and f"from move {later_ply}" in note
    )
    report = appraise(start, session.moves, 0, tight, note=note)
    assert report.line[0][0] == later_ply and report.note == note
    monkeypatch.setattr(solve_luck, "_kept", OrderedDict())
    none, said = book_appraiser(start, session.moves, 0, None, budget=late // 4)
    assert none is None and "too large" in said


def test_games_luck_prints_the_report_and_its_json(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text(FF_HEAD + DUEL)
    made = grognard(
        "games", "new", "ff", "gamebook", "-o", f"book={path}", "-o", "hero=8/10/7", "-o", "potion=skill",
        "--seat", "random", "--seed", "5", home=tmp_path,
    )  # fmt: skip
    assert made.code == 0, made.err
    game = made.out.strip()
    ran = grognard("games", "luck", game, "--json", home=tmp_path)
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["shares"] is True and data["upto"] == data["moves"] and data["line"]
    assert 0 <= data["line"][0]["worth"] <= 1 and data["line"][-1]["worth"] in (0.0, 1.0)
    text = grognard("games", "luck", game, "--at", "1", home=tmp_path)
    assert text.code == 0 and "over 1 of" in text.out, text.err
    bad = grognard("games", "luck", game, "--at", "9999", home=tmp_path)
    assert bad.code == 2 and bad.err.count("\n") == 1
