"""Whole games of Talisman per second, played by each bot (heuristic and random) without a store.

Each case plays `GAMES` two-player games with one bot at both seats under the default turn cap (400
turns; random games almost never finish sooner) through `systems.talisman.simulate`, and reports games
per second, moves per second and how many of the games finished. Games are seeded, so every run plays
the same games.
"""

from __future__ import annotations

import time

from benchmarks import Row
from grognard.systems.talisman.simulate import simulate

NAME = "talisman"
"""The benchmark's name in the report."""
GAMES = 6
"""Games per case."""
CASES = (("heuristic", 2), ("random", 2), ("heuristic", 4))
"""(bot, players) of every case timed."""


def run() -> list[Row]:
    """Time every case."""
    rows: list[Row] = []
    for name, players in CASES:
        start = time.perf_counter()
        stats = simulate([name] * players, GAMES, seed=1)
        seconds = time.perf_counter() - start
        case = f"{name} bot, {players} players, {GAMES} games"
        rows += [
            Row(NAME, case, "whole games per second", GAMES / seconds, "games/s"),
            Row(NAME, case, "moves per second", stats.moves / seconds, "moves/s"),
            Row(NAME, case, "games finished", stats.finished, ""),
            Row(NAME, case, "mean turns", stats.mean_turns, ""),
        ]
    return rows
