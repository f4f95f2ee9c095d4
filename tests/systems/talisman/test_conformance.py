"""Conformance: random legal games of every size played through the engine's checker."""

from __future__ import annotations

import pytest

from grognard.engine.conformance import check_game
from grognard.systems.talisman.game import TalismanGame


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_promise(players: int) -> None:
    """40 games per size (200 in all), capped at 12 turns: only the cap may leave a game unfinished."""
    report = check_game(
        TalismanGame(), {"players": players, "max_turns": 12}, seed=players, games=40, allow_unfinished=False
    )
    assert report.games == report.finished == 40
    assert set(report.outcomes) <= {"unfinished", "win"}
    assert report.decisions > 0 and report.chance_moves > 0
