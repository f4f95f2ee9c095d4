"""Whole random games of Talisman checked move by move: part a of four (see `random_games`)."""

from __future__ import annotations

import os

import pytest

from tests.systems.talisman.random_games import (
    CHUNKS,
    COST,
    GAMES,
    PLAN,
    SUITE_CHUNKS,
    SWEEP,
    plan,
    play_chunk,
)


@pytest.mark.parametrize(("players", "chunk"), PLAN["a"])
def test_random_games_end_and_keep_every_promise(players: int, chunk: int) -> None:
    """50 games of the mixed bot each end with a winner (21:1, 003_1ead471cbf19a248.txt:404) and keep
    the protocol's promises at every move; see `random_games` for what is checked and how often."""
    outcomes = play_chunk(players, chunk)
    assert outcomes["win"] + outcomes["nobody"] == GAMES


def test_the_four_parts_play_every_chunk_once_and_the_suite_is_the_sweep_s_start() -> None:
    """The sweep (the default; not with `GROGNARD_SWEEP=0`) plays every chunk of `CHUNKS` once: 2,000
    games, 2 to 6 players (Setting Up); the share plays the first chunks of every size of the sweep, 850
    games; the four parts within a quarter of each other's cost."""
    assert SWEEP or os.environ.get("GROGNARD_SWEEP") == "0"
    for chunks in (CHUNKS, SUITE_CHUNKS):
        planned = [pair for part in plan(chunks).values() for pair in part]
        assert len(planned) == len(set(planned)) == sum(chunks.values())
        assert sorted(planned) == sorted((p, c) for p, n in chunks.items() for c in range(n))
    assert GAMES * sum(CHUNKS.values()) >= 2000 and set(CHUNKS) == set(SUITE_CHUNKS) == {2, 3, 4, 5, 6}
    assert all(1 <= SUITE_CHUNKS[p] <= CHUNKS[p] for p in CHUNKS)
    assert GAMES * sum(SUITE_CHUNKS.values()) == 850
    for chunks in (CHUNKS, SUITE_CHUNKS):
        costs = [sum(COST[p] for p, _ in part) for part in plan(chunks).values()]
        assert max(costs) <= 1.25 * min(costs)
    assert plan(CHUNKS if SWEEP else SUITE_CHUNKS) == PLAN
