"""Whole random games of Talisman checked move by move: part a of four (see `random_games`)."""

from __future__ import annotations

import pytest

from tests.systems.talisman.random_games import CHUNKS, GAMES, PLAN, play_chunk


@pytest.mark.parametrize(("players", "chunk"), PLAN["a"])
def test_random_games_end_and_keep_every_promise(players: int, chunk: int) -> None:
    """50 games of the mixed bot each end with a winner (21:1, 003_1ead471cbf19a248.txt:404) and keep
    the protocol's promises at every move; see `random_games` for what is checked and how often."""
    outcomes = play_chunk(players, chunk)
    assert outcomes["win"] + outcomes["nobody"] == GAMES


def test_the_four_parts_play_two_thousand_games_of_every_size() -> None:
    """The parts play every chunk of `CHUNKS` once: 2,000 games, 2 to 6 players (Setting Up)."""
    planned = [pair for part in PLAN.values() for pair in part]
    assert len(planned) == len(set(planned)) == sum(CHUNKS.values())
    assert sorted(planned) == sorted((p, c) for p, n in CHUNKS.items() for c in range(n))
    assert GAMES * len(planned) >= 2000 and set(CHUNKS) == {2, 3, 4, 5, 6}
