"""A fight plainly past its budget is refused before the solver starts (issue 20: 102 s and 1.3 GB)."""

from __future__ import annotations

import time

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.grey_star.combat import MAX_SCORE, CombatGame, CombatState
from grognard.systems.grey_star.odds import advise, clearly_too_large


def test_a_huge_fight_is_clearly_too_large_and_a_book_fight_is_not() -> None:
    huge = CombatState(15, 999, 999, 18, 999)
    assert clearly_too_large(huge, 1_000_000)
    book = CombatState(19, 27, 24, 24, 45)
    assert not clearly_too_large(book, 1_000_000)
    began = time.perf_counter()
    advice = advise(book, budget=1_000_000)
    assert time.perf_counter() - began < 60 and 0 < float(advice.p_win_optimal) < 1


def test_scores_past_the_cap_are_refused_by_the_combat_game() -> None:
    game = CombatGame()
    with pytest.raises(UsageError, match=f"from -100 to {MAX_SCORE}"):
        game.new_initial_state(game.info.resolve_options({"willpower": 1_000_000_000}))
    assert game.new_initial_state(game.info.resolve_options({"willpower": MAX_SCORE})).willpower == MAX_SCORE
