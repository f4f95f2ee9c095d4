"""The searching bot (`engine.search.Lookahead`) on the toy dice duel: it leaves a bad base bot's choice
for a clearly better one, keeps a good one, and decides the same for the same RNG."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, GameState
from grognard.engine.search import Lookahead
from tests.toys import DuelState


def always_reroll(state: GameState, rng: Rng) -> Action:
    """A poor base bot: it rerolls while it may, even a 6."""
    return "reroll" if "reroll" in state.legal_actions() else "keep"


def won(state: GameState, seat: int) -> float:
    assert isinstance(state, DuelState)
    return 1.0 if state.phase == "over" and state.hp[1] <= 0 else 0.0


def base_first(state: GameState, seat: int, actions: Sequence[Action]) -> Sequence[Action]:
    chosen = always_reroll(state, Rng("x"))
    return [chosen, *(a for a in actions if a != chosen)]


SEARCH = Lookahead(always_reroll, won, base_first, rollouts=64)


def test_the_search_keeps_a_six_its_base_bot_would_throw_away() -> None:
    six = DuelState((1, 1), 1, "decide", 6)
    assert always_reroll(six, Rng(1)) == "reroll"
    assert SEARCH(six, Rng(1)) == "keep"


def test_the_search_keeps_the_base_bots_choice_when_it_is_no_worse() -> None:
    one = DuelState((1, 1), 1, "decide", 1)
    assert SEARCH(one, Rng(1)) == "reroll"
    blind = Lookahead(always_reroll, lambda s, seat: 0.0, base_first, rollouts=8)  # no action looks better
    assert blind(DuelState((1, 1), 1, "decide", 6), Rng(1)) == "reroll"


def test_the_search_is_deterministic_given_its_rng_and_plays_single_actions_at_once() -> None:
    state = DuelState((2, 2), 1, "decide", 4)
    assert [SEARCH(state, Rng(9)) for _ in range(3)] == [SEARCH(state, Rng(9))] * 3
    only = DuelState((2, 2), 0, "decide", 4)
    assert SEARCH(only, Rng(9)) == "keep"
    assert SEARCH.rollout(DuelState((1, 0), 0, "over"), 0, Rng(1)) == 1.0
