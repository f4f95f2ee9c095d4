"""One answer per screen: in a book's fight, the view's odds (the browser's figures, `games view`'s
summary, the JSON) name the same best move as the reader's advice lines, since both count the section's
worth of each way the fight ends (issue 34)."""

from __future__ import annotations

import random

import pytest

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from grognard.engine.game import CHANCE, TERMINAL, GameState
from grognard.gamebook.load import load_book
from grognard.gamebook.runner import GamebookGame, GamebookState


def _fight_decisions(system: str, seed: int, wanted: int, start: str = "") -> list[GamebookState]:
    """Decisions inside a fight met while playing the sample book at random (from section `start`)."""
    game = registry.get_game(system, "gamebook")
    assert isinstance(game, GamebookGame)
    if start:
        sample = load_book(game.ruleset.books.path("sample"), game.ruleset.id)  # type: ignore[union-attr]
        book = sample.model_copy(update={"book": sample.book.model_copy(update={"start": start})})
        game = GamebookGame(game.ruleset, book, "sample")
    rng = random.Random(seed)
    found: list[GamebookState] = []
    for _ in range(12):
        state: GameState = game.new_initial_state(game.info.resolve_options({"book": "sample"}))
        for _ in range(400):
            actor = state.actor()
            if actor is TERMINAL:
                break
            if actor is CHANCE:
                outcomes = list(state.chance_outcomes())
                state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            assert isinstance(state, GamebookState)
            if state.fight is not None and game.ruleset.advice(state) and len(state.legal_actions()) > 1:
                found.append(state)
                if len(found) >= wanted:
                    return found
            state = state.apply(rng.choice(list(state.legal_actions())))
    return found


def _advised_best(system: str, state: GamebookState) -> str:
    """The best move the reader's advice lines mark, by its label as the view names moves."""
    if system == "fighting-fantasy":
        from grognard.systems.fighting_fantasy.fight_rules import ENDS
        from grognard.systems.fighting_fantasy.ruleset import FF_RULES
        from grognard.systems.fighting_fantasy.seat_view import fight_label

        data = state.current.fight if state.current is not None else None
        advisor = FF_RULES.advisor(
            state.fight, state.play.ctx.options, data.ending_worths(ENDS) if data else None
        )
        assert advisor is not None
        return fight_label(state.fight, advisor.advise(state.fight).best)
    from grognard.systems.grey_star.combat_moves import parse_action
    from grognard.systems.grey_star.ruleset import GS_RULES
    from grognard.systems.grey_star.seat_view import combat_label

    found = GS_RULES.fight_advice(state)
    assert found is not None and not isinstance(found, str)
    spend, _ = parse_action(found.best_action)
    marked = [line for line in GS_RULES.advice(state) if "<- best" in line]
    assert (marked and f"spend {spend} WILLPOWER" in marked[0]) or f"spending {spend} WILLPOWER" in marked[0]
    return combat_label(state.fight.combat, found.best_action)


@pytest.mark.parametrize(
    ("system", "start"),
    [("fighting-fantasy", ""), ("fighting-fantasy", "46"), ("grey-star", ""), ("grey-star", "40")],
)
def test_the_view_and_the_advice_name_one_best_move(system: str, start: str) -> None:
    """From the start, and from the fights whose endings the book weighs (the Stone Knight, section 46,
    where killing it costs LUCK; the Drowned Choir, section 40, outlasted after three rounds)."""
    views = registry.get_views(system, "gamebook")
    assert views.odds is not None
    states = _fight_decisions(system, 3, 3, start)
    assert states, "no fight decision met"
    for state in states:
        odds = views.odds(state, 0)
        assert odds is not None and odds.note.startswith("best: "), odds
        assert odds.note.split("\n")[0].removeprefix("best: ") == _advised_best(system, state)
        assert odds.win is None or 0.0 <= odds.win <= 1.0
        assert all(0.0 <= p <= 1.0 for p in odds.actions.values())


def test_floating_noise_past_a_certainty_is_settled() -> None:
    from grognard.engine.view import Odds

    odds = Odds(win=1.0000000000000007, actions={"a": -1e-17, "b": 0.5})
    assert odds.win == 1.0 and odds.actions == {"a": 0.0, "b": 0.5}
    assert Odds(win=1.5).win == 1.5  # a real error is not hidden
