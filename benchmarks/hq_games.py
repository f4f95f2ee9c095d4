"""Whole HeroQuest bot games: quest 1 ("The Smugglers' Stair") played by the bot heroes against the
automatic game master, with the party the quest is written for, to its end (at most 60 rounds).

`GAMES` seeded games (`simulate.play_session`, seed `SEED`, indexes 0 on; the session's dice and the
bot's RNG as `hq simulate` uses them) are played one after another. Each game is timed twice: by
`time.process_time` (the CPU time of this process, so that other jobs on a shared machine count as
little as they can) and by `time.perf_counter` (wall time). The rows give the median time of one game
in each, the moves per second (all moves, the dice throws included, over all CPU time) and the mean
moves and rounds of a game. A game's length varies a lot (a party wiped out early, or a slow search),
so the median is the figure to compare; the games are the same ones in every run.
"""

from __future__ import annotations

import statistics
import time

from benchmarks import Row, timed
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.simulate import DEFAULT_ROUNDS, party_for, play_session

NAME = "hq_games"
"""The benchmark's name in the report."""
QUEST = "1-the-smugglers-stair"
"""The quest played."""
GAMES = 20
"""Games played (each one timed)."""
SEED = 1
"""The run's seed."""


def run() -> list[Row]:
    """Play and time the games."""
    options = {
        "quest": QUEST,
        "heroes": party_for(QUEST),
        "gm": "auto",
        "order": "roll",
        "rounds": DEFAULT_ROUNDS,
    }
    play_session(options, SEED, GAMES)  # the catalogue, the board and the caches loaded before timing
    cpu: list[float] = []
    wall: list[float] = []
    moves = 0
    rounds = 0
    for index in range(GAMES):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        session = play_session(options, SEED, index)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        moves += len(session.moves)
        final = session.current
        assert isinstance(final, QuestState) and final.outcome, "a bot game must reach its end"
        rounds += final.round
    case = f"quest 1, {party_for(QUEST)}, {GAMES} games"
    return [
        timed(NAME, case, "median CPU time of a game", statistics.median(cpu)),
        timed(NAME, case, "median wall time of a game", statistics.median(wall)),
        timed(NAME, case, "slowest game, CPU", max(cpu)),
        Row(NAME, case, "moves per second (CPU)", moves / sum(cpu), "moves/s"),
        Row(NAME, case, "moves per second (wall)", moves / sum(wall), "moves/s"),
        Row(NAME, case, "mean moves of a game", moves / GAMES, ""),
        Row(NAME, case, "mean rounds of a game", rounds / GAMES, ""),
    ]
