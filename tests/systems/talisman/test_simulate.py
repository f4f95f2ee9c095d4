"""Simulated games: statistics, the turn cap, reproducibility, seats rotated, bad input refused."""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.talisman.game import DEFAULT_ROUNDS
from grognard.systems.talisman.simulate import parse_bots, simulate


def test_statistics_keys_and_counts() -> None:
    """The JSON has games, finished, wins by character and mean_turns, and they add up."""
    stats = simulate(["random", "random", "random"], 3, seed=2, max_turns=30)
    data = stats.to_json()
    assert {"games", "finished", "wins", "mean_turns"} <= set(data)
    assert data["games"] == 3 and data["players"] == 3
    assert data["finished"] + data["unfinished"] == 3
    assert sum(data["wins"].values()) == sum(data["wins_by_bot"].values())
    assert 0 < data["mean_turns"] <= 30


def test_a_game_at_the_turn_cap_is_unfinished() -> None:
    """With a cap of 4 turns no game can be won: all are unfinished and last 4 turns."""
    stats = simulate(["heuristic", "heuristic"], 2, seed=1, max_turns=4)
    assert stats.finished == 0 and stats.wins == {}
    assert stats.mean_turns == 4
    assert [r.outcome for r in stats.records] == ["unfinished", "unfinished"]


def test_reproducible_and_progress_reported() -> None:
    """The same seed gives the same statistics; progress is called after each game."""
    seen: list[tuple[int, int]] = []
    a = simulate(["heuristic", "random"], 3, seed=5, max_turns=40, progress=lambda d, t: seen.append((d, t)))
    b = simulate(["heuristic", "random"], 3, seed=5, max_turns=40)
    assert a.to_json() == b.to_json()
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert [r.bots for r in a.records] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
        ("heuristic", "random"),
    ]


def test_bot_lists() -> None:
    """One bot for every seat, or one per seat; anything else is a UsageError."""
    assert parse_bots("heuristic", 3) == ("heuristic",) * 3
    assert parse_bots("heuristic,random", 2) == ("heuristic", "random")
    for text, players in (("heuristic,random", 3), ("nobody", 2), ("random", 7), ("", 2)):
        with pytest.raises(UsageError):
            parse_bots(text, players)
    with pytest.raises(UsageError):
        simulate(["random", "random"], 0)


def test_the_default_cap_and_mean_rounds() -> None:
    """Without a cap given, a simulation uses the default of `DEFAULT_ROUNDS` rounds (3 players: three
    times that many turns); `mean_rounds` is `mean_turns` (every player's turn counting one) divided by
    the players."""
    stats = simulate(["random", "random", "random"], 1, seed=3)
    data = stats.to_json()
    assert data["max_turns"] == 3 * DEFAULT_ROUNDS
    assert data["mean_rounds"] == pytest.approx(data["mean_turns"] / 3, abs=1e-3)
