"""Whole games of Talisman per second: each bot, 2, 4 and 6 players, unchecked and checked move by move.

Unchecked: `GAMES` seeded games through `systems.talisman.simulate` (no store, no checks; the dice are
thrown for real) with one bot at every seat and no turn cap, so every game runs to its winner; the rows
give whole games per second, moves per second, finished games and mean turns. Random games are long
(thousands of turns, see docs/performance.md), so the random bot plays `RANDOM_GAMES` two-player games
and fewer of the larger sizes. Checked: the same kind of games through `engine.conformance.play_one` with
the checks of the test suite's random-games conformance test (`tests/systems/talisman/random_games.py`:
every move's node and invariants, the JSON round trip and a second apply on one move in 150, the
replay of one game in 15) for the mixed bot, the one that test plays, and for two-player games of the
random bot, which `test_conformance_uniform.py` plays. Every case is run once: a whole game is long enough
that one run is its own average over thousands of moves.
"""

from __future__ import annotations

import time

from benchmarks import Row
from grognard.engine.conformance import is_sampled, play_one
from grognard.engine.session import Policy, random_policy
from grognard.systems.talisman.bots import mixed_policy
from grognard.systems.talisman.game import TalismanGame
from grognard.systems.talisman.simulate import simulate

NAME = "talisman"
"""The benchmark's name in the report."""
GAMES = 6
"""Games per case (bots that play to win)."""
RANDOM_GAMES = {2: 3, 4: 1, 6: 1}
"""Games per case for the uniformly random bot (its games are thousands of turns long)."""
BOTS = ("heuristic", "mixed", "random")
"""The bots timed unchecked."""
SIZES = (2, 4, 6)
"""Players per game."""
FULL_EVERY = 150
"""As in the conformance test: the costly checks on one move in this many."""
REPLAY_EVERY = 15
"""As in the conformance test: one game in this many replayed."""


def _unchecked(bot: str, players: int) -> list[Row]:
    games = RANDOM_GAMES[players] if bot == "random" else GAMES
    start = time.perf_counter()
    stats = simulate([bot] * players, games, seed=1, max_turns=1_000_000)
    seconds = time.perf_counter() - start
    case = f"{bot} bot, {players} players, {games} games, unchecked"
    return [
        Row(NAME, case, "whole games per second", games / seconds, "games/s"),
        Row(NAME, case, "moves per second", stats.moves / seconds, "moves/s"),
        Row(NAME, case, "games finished", stats.finished, ""),
        Row(NAME, case, "mean turns", stats.mean_turns, ""),
    ]


def _checked(players: int, bot: str = "mixed") -> list[Row]:
    game = TalismanGame()
    options = {"players": players, "max_turns": 0}
    policy: Policy = random_policy if bot == "random" else mixed_policy
    games = RANDOM_GAMES[players] if bot == "random" else GAMES
    moves = 0
    start = time.perf_counter()
    for index in range(games):
        session = play_one(
            game,
            options,
            1,
            index,
            max_moves=1_000_000,
            policy=policy,
            full_every=FULL_EVERY,
            replay=is_sampled(1, index, REPLAY_EVERY),
            fast_dice=True,
        )
        moves += len(session.moves)
    seconds = time.perf_counter() - start
    case = f"{bot} bot, {players} players, {games} games, checked"
    return [
        Row(NAME, case, "whole games per second", games / seconds, "games/s"),
        Row(NAME, case, "moves per second", moves / seconds, "moves/s"),
    ]


def run() -> list[Row]:
    """Time every case."""
    rows: list[Row] = []
    for players in SIZES:
        for bot in BOTS:
            rows += _unchecked(bot, players)
        rows += _checked(players)
    rows += _checked(2, "random")
    return rows
