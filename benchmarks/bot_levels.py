"""The bots' strengths head to head: does the "search" bot beat the "heuristic" one?

Talisman: `TALISMAN_GAMES` seeded two-player games (`talisman.simulate`, seed `SEED`), the search bot
against the heuristic bot, seats rotated from game to game; the rows give each bot's share of the games with
its 95% Wilson interval (`engine.stats`), and the games left unfinished at the turn cap. HeroQuest: each
shipped quest `HQ_GAMES` times (`heroquest.simulate`, seed `SEED`, the party the quest is written for,
against the automatic game master) with the heroes played by the heuristic bot and again, the same seeded
games, by the search bot; the rows give each quest's win rate with its interval. The wall time of each run
(`WORKERS` processes) is reported too, and for HeroQuest its CPU time (the workers' included).
`GROGNARD_BENCH_TALISMAN_GAMES` and `GROGNARD_BENCH_HQ_GAMES` change the counts (the issue asks 1,000 and
200); `GROGNARD_BENCH_WORKERS` the processes (default 2).

    python -m benchmarks bot_levels
"""

from __future__ import annotations

import os
import resource
import time

from benchmarks import Row
from grognard.engine.stats import Share
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.simulate import simulate as hq_simulate
from grognard.systems.talisman.simulate import simulate as talisman_simulate

NAME = "bot_levels"
"""The benchmark's name in the report."""
TALISMAN_GAMES = int(os.environ.get("GROGNARD_BENCH_TALISMAN_GAMES", "1000"))
"""Talisman games, search against heuristic."""
HQ_GAMES = int(os.environ.get("GROGNARD_BENCH_HQ_GAMES", "200"))
"""Games of each quest for each strength of the heroes."""
WORKERS = int(os.environ.get("GROGNARD_BENCH_WORKERS", "2"))
"""Processes playing the games."""
SEED = 34
"""The runs' seed."""


def _share_rows(case: str, who: str, share: Share) -> list[Row]:
    low, high = share.interval
    return [
        Row(NAME, case, f"{who}: won", share.count, f"of {share.games}"),
        Row(NAME, case, f"{who}: share", 100 * share.rate, "%"),
        Row(NAME, case, f"{who}: 95% interval, low", 100 * low, "%"),
        Row(NAME, case, f"{who}: 95% interval, high", 100 * high, "%"),
    ]


def talisman_rows(games: int = TALISMAN_GAMES) -> list[Row]:
    """The Talisman head-to-head."""
    start = time.perf_counter()
    stats = talisman_simulate(["search", "heuristic"], games, seed=SEED, workers=WORKERS)
    case = f"talisman, 2 players, search vs heuristic, {games} games, seed {SEED}"
    rows: list[Row] = []
    for who in ("search", "heuristic"):
        rows += _share_rows(case, who, Share(stats.wins_by_bot[who], stats.games))
    rows.append(Row(NAME, case, "unfinished (turn cap)", stats.games - stats.finished, "games"))
    rows.append(Row(NAME, case, "wall time", time.perf_counter() - start, "s"))
    return rows


def _cpu_seconds() -> float:
    """The CPU time of this process and of its finished worker processes so far."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def heroquest_rows(games: int = HQ_GAMES) -> list[Row]:
    """The HeroQuest quests, heuristic heroes and then search heroes (with each run's wall and CPU time)."""
    rows: list[Row] = []
    for quest in SHIPPED_QUESTS:
        case = f"heroquest, {quest}, {games} games, seed {SEED}"
        for level in ("heuristic", "search"):
            start, cpu = time.perf_counter(), _cpu_seconds()
            summary = hq_simulate(quest, None, games, SEED, workers=WORKERS, level=level)
            rows += _share_rows(case, level, summary.win_share)
            rows.append(Row(NAME, case, f"{level}: wall time", time.perf_counter() - start, "s"))
            rows.append(Row(NAME, case, f"{level}: CPU time", _cpu_seconds() - cpu, "s"))
    return rows


def run() -> list[Row]:
    """Both head-to-heads."""
    return talisman_rows() + heroquest_rows()
