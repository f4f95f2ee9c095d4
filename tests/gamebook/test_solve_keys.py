"""The solver's keys (`gamebook.solve_state.Projector`) as the walk makes them: a sheet's view kept for the
next reader with the same sheet and live set, a key of two shared parts, and the walk's own steps (the
runner's, without the check that a move is open) giving the figures the oracle gives."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from grognard.engine.game import CHANCE, TERMINAL
from grognard.gamebook import solve_state
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_state import Live, Projector, WholeSheet
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from tests.gamebook.test_solve_oracle import generated_book
from tests.gamebook.toy import TOY_RULES


def playouts(state: GamebookState, games: int, seed: int) -> list[GamebookState]:
    """Every state met in `games` games played at random (moves and outcomes alike) from `state`."""
    rng = random.Random(seed)
    met: list[GamebookState] = []
    for _ in range(games):
        at = state
        for _ in range(200):
            met.append(at)
            who = at.actor()
            if who is TERMINAL:
                break
            moves = [o for o, p in at.chance_outcomes() if p] if who is CHANCE else list(at.legal_actions())
            nxt = at.apply(rng.choice(moves))
            assert isinstance(nxt, GamebookState)
            at = nxt
    return met


@pytest.mark.parametrize("seed", range(8))
def test_a_kept_view_is_the_view_worked_out_afresh(seed: int) -> None:
    book = generated_book(seed, "fighting-fantasy", FF_RULES)
    root = GamebookGame(FF_RULES, book, "test").new_initial_state({"book": "test", "hero": "9/14/8"})
    warm = Projector.of(book, FF_RULES, FightingFantasySheetView())
    met = playouts(root, 40, seed)
    for state in met:
        warm.key(state)  # the views of every sheet met, kept
    for state in met:
        fresh = Projector.of(book, FF_RULES, FightingFantasySheetView())
        assert warm.key(state) == fresh.key(state)
        assert hash(warm.key(state)) == hash(fresh.key(state))
        if state.phase == "fight":
            assert warm.fight_context(state) == fresh.fight_context(state)


def test_a_key_is_two_parts_shared_by_the_readers_alike() -> None:
    book = generated_book(3, "fighting-fantasy", FF_RULES)
    root = GamebookGame(FF_RULES, book, "test").new_initial_state({"book": "test", "hero": "9/14/8"})
    projector = Projector.of(book, FF_RULES, WholeSheet())  # every score told apart
    state = next(s for s in playouts(root, 5, 0) if s.phase in ("choose", "test", "effects"))
    other = replace(state, sheet=replace(state.sheet, stamina=state.sheet.stamina - 1))
    one, two = projector.key(state), projector.key(other)
    assert len(one) == 2 and one != two  # type: ignore[arg-type]
    assert one[1] is two[1]  # type: ignore[index]  # where the reader is: one tuple for both


class ListSheetView(WholeSheet):
    """A view of sheets that cannot be hashed (a list): the key is the list made a tuple."""

    def key(self, sheet: object, live: Live) -> tuple[object, ...]:
        assert isinstance(sheet, list)
        return tuple(sheet)


def test_a_sheet_that_cannot_be_hashed_is_viewed_each_time() -> None:
    book = generated_book(1)
    root = GamebookGame(TOY_RULES, book, "test").new_initial_state({"book": "test"})
    state = next(s for s in playouts(root, 5, 1) if s.phase in ("choose", "test", "effects"))
    projector = Projector(solve_state.Liveness(book), ListSheetView())
    a = projector.key(replace(state, sheet=[1, 2]))
    b = projector.key(replace(state, sheet=[1, 3]))
    assert a[0] == (1, 2) and b[0] == (1, 3)  # type: ignore[index]


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_the_figures_are_the_same_when_no_view_is_kept(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    book = generated_book(seed)
    kept = solve_book(TOY_RULES, book, exact=True)
    monkeypatch.setattr(solve_state, "VIEWS_KEPT", 1)
    afresh = solve_book(TOY_RULES, book, exact=True)
    assert kept.p_win == afresh.p_win
    assert kept.book_graph.graph.index == afresh.book_graph.graph.index


def sample_reader(section: str, **sheet: int) -> tuple[Projector, GamebookState]:
    """A reader of the FF sample (10/20/9, Potion of Skill) at the decision of `section`, the sheet's
    scores changed as given."""
    from grognard.gamebook.load import load_book
    from grognard.systems.fighting_fantasy.books import BOOKS

    book = load_book(BOOKS.path("sample"), FF_RULES.id)
    game = GamebookGame(FF_RULES, book, "sample")
    root = game.new_initial_state(
        game.info.resolve_options({"book": "sample", "hero": "10/20/9", "potion": "skill"})
    )
    state = replace(root, section=section, phase="choose", queue=(), then="", used=())
    return Projector.of(book, FF_RULES, FightingFantasySheetView()), replace(
        state, sheet=replace(root.sheet, **sheet)
    )


def test_reader_actions_that_make_no_difference_any_more_are_one_state() -> None:
    projector, low = sample_reader("38", skill=8)  # no meal here; the potion would raise SKILL
    assert list(low.legal_actions())[-1] == "drink"
    drunk = low.apply("drink")
    assert (
        isinstance(drunk, GamebookState) and drunk.used == ("drink",) and "drink" not in drunk.legal_actions()
    )
    assert solve_state.spent(drunk)
    twice = replace(drunk, used=("drink", "drink"))
    assert projector.key(drunk) == projector.key(twice)
    assert projector.key(drunk)[1][4] is None  # type: ignore[index]
    # kept apart from the reader who has just come with that sheet (a section's first state)
    assert projector.key(drunk) != projector.key(replace(drunk, used=()))


def test_reader_actions_that_still_matter_are_kept() -> None:
    projector, hungry = sample_reader("42", stamina=10)  # a meal is open here, once a visit
    fed = hungry.apply("eat")
    assert isinstance(fed, GamebookState) and fed.used == ("eat",)
    assert not solve_state.spent(fed)  # STAMINA still below Initial: another meal would be open without it
    assert projector.key(fed)[1][4] == ("eat",)  # type: ignore[index]


@pytest.mark.parametrize(
    ("seed", "potion"), [(7, "strength"), (7, "fortune"), (9, "fortune"), (18, "fortune"), (24, "fortune")]
)
def test_the_figures_are_the_same_with_reader_actions_kept(
    seed: int, potion: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Generated books where a potion drunk makes readers whose reader actions are spent: the figures,
    fraction for fraction, with them one state and with every reader's actions kept apart."""
    book = generated_book(seed, "fighting-fantasy", FF_RULES)
    options = {"hero": "9/14/8", "potion": potion}
    merged = solve_book(FF_RULES, book, options, exact=True, view=FightingFantasySheetView())
    monkeypatch.setattr(solve_state, "spent", lambda state: False)
    kept = solve_book(FF_RULES, book, options, exact=True, view=FightingFantasySheetView())
    assert merged.p_win == kept.p_win and merged.p_win_random == kept.p_win_random
    assert merged.sections() == kept.sections()
    assert merged.mistakes() == kept.mistakes() and merged.endings() == kept.endings()
    assert merged.states < kept.states
