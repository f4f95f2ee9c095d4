"""Long conformance: whole games played to the end by the heuristic bot through the engine's checker.

These games are played by the heuristic bot, which seeks a Talisman and the Crown and so ends games, and
every move of every game gets every check of `engine.conformance` (legal moves, exact chance, JSON round
trip, invariants, replay). The 2,000 random games of `test_conformance_random_*.py` check the JSON round
trip and the replay on a sample only; these check them everywhere. The 12 games take about 12-18 seconds
here.
"""

from __future__ import annotations

from grognard.engine.conformance import check_game
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.game import TalismanGame

GAMES = 12
"""Games played (about 1-1.5 s each with every move checked)."""
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
