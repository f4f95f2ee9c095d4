"""Whole random games of Talisman checked move by move: part d of four (see `random_games`)."""

from __future__ import annotations

import pytest

from tests.systems.talisman.random_games import GAMES, PLAN, play_chunk


@pytest.mark.parametrize(("players", "chunk"), PLAN["d"])
def test_random_games_end_and_keep_every_promise(players: int, chunk: int) -> None:
    """50 games of the mixed bot each end with a winner (21:1, 003_1ead471cbf19a248.txt:404) and keep
    the protocol's promises at every move; see `random_games` for what is checked and how often."""
    outcomes = play_chunk(players, chunk)
    assert outcomes["win"] + outcomes["nobody"] == GAMES
