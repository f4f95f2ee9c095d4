"""Long conformance: whole games played to the end by the heuristic bot through the engine's checker.

The engine's random games rarely finish (a random game needs about 10,000 moves to end), so these games
are played by the heuristic bot, which seeks a Talisman and the Crown and so ends games. Every move is
checked by `engine.conformance` (legal moves, exact chance, JSON round trip, invariants, replay). On
this machine the 12 checked games take about 55 seconds (10 are won, 2 reach the cap), which is the
test's budget; `grognard talisman simulate` plays as many more as wanted (without the per-move checks).
"""

from __future__ import annotations

from grognard.engine.conformance import check_game
from grognard.systems.talisman import TalismanGame
from grognard.systems.talisman.bots import heuristic_policy

GAMES = 12
"""Games played (about 4.5 s each with every move checked)."""
TURN_CAP = 500
"""Turns (every player's turn counts one) before a game stops unfinished."""


def test_heuristic_games_play_to_the_end_and_keep_every_promise() -> None:
    """12 two-player games: every move keeps the protocol's promises; most are won before the cap."""
    report = check_game(
        TalismanGame(),
        {"players": 2, "max_turns": TURN_CAP},
        seed=2024,
        games=GAMES,
        max_moves=20_000,
        allow_unfinished=False,
        policy=heuristic_policy,
    )
    assert report.games == report.finished == GAMES
    assert set(report.outcomes) <= {"win", "unfinished"}
    assert report.outcomes["win"] >= GAMES * 2 // 3, report.outcomes
