"""Simulate quests: the bot heroes against the automatic game master, many times, with the statistics.

`simulate(quest, party, games, seed)` (`party` None: the party and level the quest file names, `party_for`)
plays `games` quests through `Session` (dice from the session's
seeded RNG, the bot's from `Rng(f"{seed}:bot:{n}")`) and returns a `Summary`: games, wins, the mean
number of rounds, the heroes who died, and outcomes by label. `on_game` is called after each game (the
command line's progress bar); `workers` processes play the games, with the same results for any number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from grognard.engine.conformance import game_seed
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.parallel import run_indexed
from grognard.engine.session import Session
from grognard.systems.heroquest.content.party_level import quest_party
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import quest_source
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot

DEFAULT_ROUNDS = 60
"""The round limit a simulated quest is played to, unless another is given."""

MAX_MOVES = 20_000
"""A guard on the moves of one simulated quest."""


@dataclass
class Summary:
    """What a run of simulated quests came to."""

    quest: str
    party: str
    games: int = 0
    wins: int = 0
    turns: int = 0
    hero_deaths: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def mean_turns(self) -> float:
        """The mean number of rounds a quest lasted."""
        return self.turns / self.games if self.games else 0.0

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-safe data: `games`, `wins`, `mean_turns`, `hero_deaths`, and more."""
        return {
            "quest": self.quest,
            "party": self.party,
            "games": self.games,
            "wins": self.wins,
            "mean_turns": round(self.mean_turns, 3),
            "hero_deaths": self.hero_deaths,
            "outcomes": dict(sorted(self.outcomes.items())),
        }


def party_for(quest: str) -> str:
    """The party spec quest `quest` (a shipped id or a path) is written for, at its level."""
    return quest_party(load_quest(quest_source(quest)).file)


def play_session(options: dict[str, Any], seed: int, index: int) -> Session:
    """Quest `index` of a run with `seed`, played by the bot heroes to its end: the session (its moves)."""
    session = Session.new("heroquest", GAME, options, game_seed(seed, index))
    bot = Rng(f"{seed}:bot:{index}")
    while session.current.actor() is not TERMINAL and len(session.moves) < MAX_MOVES:
        if session.current.actor() is CHANCE:
            session.roll()
        else:
            session.play(hero_bot(session.current, bot))
    return session


def play_quest(options: dict[str, Any], seed: int, index: int) -> QuestState:
    """One quest played by the bot heroes to its end; the final state."""
    final = play_session(options, seed, index).current
    assert isinstance(final, QuestState)
    return final


@dataclass(frozen=True)
class QuestRecord:
    """How one simulated quest ended: its outcome, the rounds it lasted and the heroes who died."""

    outcome: str
    rounds: int
    hero_deaths: int


def play_record(options: dict[str, Any], seed: int, index: int) -> QuestRecord:
    """Quest `index` of a run, played to its end, as a record (small enough to send between processes)."""
    final = play_quest(options, seed, index)
    deaths = sum(1 for h in final.heroes if h.status == "dead")
    return QuestRecord(final.outcome or "unfinished", final.round, deaths)


def simulate(
    quest: str,
    party: str | None,
    games: int,
    seed: int = 0,
    *,
    rounds: int = DEFAULT_ROUNDS,
    on_game: Callable[[QuestRecord], None] | None = None,
    workers: int | None = 1,
) -> Summary:
    """Play `games` quests with the bot party against the automatic game master; with no `party`, the
    party the quest is written for (`party_level.quest_party`). `workers` processes play them (None: every
    core); the results are the same for any number."""
    if not party:
        party = party_for(quest)
    options = {"quest": quest, "heroes": party, "gm": "auto", "order": "roll", "rounds": rounds}
    summary = Summary(quest, party)
    for record in run_indexed(partial(play_record, options, seed), games, workers):
        summary.games += 1
        summary.wins += record.outcome == "won"
        summary.turns += record.rounds
        summary.hero_deaths += record.hero_deaths
        summary.outcomes[record.outcome] += 1
        if on_game is not None:
            on_game(record)
    return summary
