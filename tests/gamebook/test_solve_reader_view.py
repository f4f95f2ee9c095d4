"""The chance to finish in the reader's views (`gamebook.seat_view`, read from `gamebook.solve_reader`) and
at the terminal (`cli.board_gamebook`): the words and each choice's figure when a front end reads solved
books, nothing when none does (a reader playing blind, a scripted game), a book too large said once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.cli.board_gamebook import GamebookPresenter
from grognard.engine import registry
from grognard.engine.match import Match
from grognard.engine.session import Session
from grognard.engine.view import GameViews, Odds
from grognard.gamebook import solve_reader
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_reader import BookChances
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from tests.gamebook.test_solve_cache import at_section, ff_book

ENGINE_WORDS = re.compile(r"[a-z]+_[a-z]+|\b(True|False|None)\b|choice:\d|potion:")


@pytest.fixture(autouse=True)
def no_reader_left() -> Iterator[None]:
    yield
    solve_reader.use(None)


def views() -> GameViews:
    """Fighting Fantasy's gamebook views, as registered."""
    import grognard.systems  # noqa: F401

    return registry.get_views("fighting-fantasy", "gamebook")


def book_odds(state: GamebookState, seat: int) -> Odds | None:
    """The odds the gamebook's views give the reader at `state`."""
    odds = views().odds
    assert odds is not None
    return odds(state, seat)


def test_the_view_carries_the_chance_to_finish_and_each_choices(tmp_path: Path) -> None:
    b = ff_book()
    state = at_section(b)
    solve_reader.use(BookChances(lambda: tmp_path))
    odds = book_odds(state, 0)
    assert odds is not None and odds.win is None
    line = odds.note.split("\n")[0]
    assert line.startswith("Chance to finish from here, with the best choices: ")
    assert not ENGINE_WORDS.search(line)
    solved = solve_book(FF_RULES, b, {"hero": "7/12/7", "potion": "skill"}, view=FightingFantasySheetView())
    assert odds.actions == pytest.approx({a: float(p) for a, p in solved.action_values(state).items()})


def test_without_a_reader_of_solved_books_the_view_has_no_chance_to_finish() -> None:
    solve_reader.use(None)
    assert book_odds(at_section(ff_book()), 0) is None


def test_a_book_too_large_is_said_in_words_without_figures(tmp_path: Path) -> None:
    solve_reader.use(BookChances(lambda: tmp_path, budget=10))
    odds = book_odds(at_section(ff_book()), 0)
    assert odds is not None
    assert odds.note == "This book is too large to work out the chance to finish from here."
    assert odds.actions == {} and odds.win is None


def test_a_fights_own_odds_are_left_as_they_were(tmp_path: Path) -> None:
    state = at_section(ff_book()).apply("choice:1")
    assert isinstance(state, GamebookState) and state.fight is not None
    solve_reader.use(None)
    before = book_odds(state, 0)
    solve_reader.use(BookChances(lambda: tmp_path))
    assert book_odds(state, 0) == before


def test_the_terminal_shows_the_chance_at_a_sections_choices_only_when_read(tmp_path: Path) -> None:
    b = ff_book()
    game = GamebookGame(FF_RULES, b, "t")
    session = Session.new("fighting-fantasy", game, {"book": "t", "hero": "7/12/7", "potion": "skill"}, 1)
    match = Match(session, views(), ["human"])
    match.advance()
    view = match.view(0, odds=False)
    presenter = GamebookPresenter()
    assert view.public["phase"] == "choose"
    assert not presenter.odds_now(view, None)  # a scripted game, a reader playing blind: nothing
    solve_reader.use(BookChances(lambda: tmp_path))
    assert presenter.odds_now(view, None)
    lines = presenter.odds(match.view(0))
    assert lines[0].startswith("Odds: Chance to finish from here, with the best choices: ")
    assert any("Fight the rat" in line and "win " in line for line in lines[1:])
    assert not any(ENGINE_WORDS.search(line) for line in lines)
