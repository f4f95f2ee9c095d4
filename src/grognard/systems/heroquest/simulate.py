"""Simulate quests: the bot heroes against the automatic game master, many times, with the statistics.

`simulate(quest, party, games, seed)` (`party` None: the party and level the quest file names, `party_for`)
plays `games` quests through `Session` (dice from the session's
seeded RNG, the bot's from `Rng(f"{seed}:bot:{n}")`; `level` the heroes' bot strength) and returns a
`Summary`: games, wins (with their 95% Wilson interval), the mean number of rounds, the heroes who
died, and outcomes by label. `on_game` is called after each game (the
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
from grognard.engine.stats import Share
from grognard.systems.heroquest.content.party_level import quest_party
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.content.quest_setup import quest_source
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import HERO_PLAYER, QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.policies.levels import hero_level

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
    level: str = "heuristic"
    wins: int = 0
    turns: int = 0
    hero_deaths: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    @property
    def mean_turns(self) -> float:
        """The mean number of rounds a quest lasted."""
        return self.turns / self.games if self.games else 0.0

    @property
    def win_share(self) -> Share:
        """The quests won, with their 95% Wilson interval."""
        return Share(self.wins, self.games)

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-safe data: `games`, `wins`, `win_rate` (with its 95% interval),
        `mean_turns`, `hero_deaths`, the outcomes and each one's rate with its interval, and more."""
        return {
            "quest": self.quest,
            "party": self.party,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_share.to_json(),
            "mean_turns": round(self.mean_turns, 3),
            "hero_deaths": self.hero_deaths,
            "outcomes": dict(sorted(self.outcomes.items())),
            "outcome_rates": {k: Share(n, self.games).to_json() for k, n in sorted(self.outcomes.items())},
        }


def party_for(quest: str) -> str:
    """The party spec quest `quest` (a shipped id or a path) is written for, at its level."""
    return quest_party(load_quest(quest_source(quest)).file)


def play_session(options: dict[str, Any], seed: int, index: int, level: str = "heuristic") -> Session:
    """Quest `index` of a run with `seed`, played by the bot heroes of strength `level` (`levels`) to its
    end, the automatic game master at the monsters: the session (its moves)."""
    session = Session.new("heroquest", GAME, options, game_seed(seed, index))
    bot = Rng(f"{seed}:bot:{index}")
    heroes = hero_level(level)
    while session.current.actor() is not TERMINAL and len(session.moves) < MAX_MOVES:
        who = session.current.actor()
        if who is CHANCE:
            session.roll()
        else:
            session.play((heroes if who == HERO_PLAYER else hero_bot)(session.current, bot))
    return session


def play_quest(options: dict[str, Any], seed: int, index: int, level: str = "heuristic") -> QuestState:
    """One quest played by the bot heroes of strength `level` to its end; the final state."""
    final = play_session(options, seed, index, level).current
    assert isinstance(final, QuestState)
    return final


@dataclass(frozen=True)
class QuestRecord:
    """How one simulated quest ended: its outcome, the rounds it lasted and the heroes who died."""

    outcome: str
    rounds: int
    hero_deaths: int


def play_record(options: dict[str, Any], seed: int, level: str, index: int) -> QuestRecord:
    """Quest `index` of a run, played to its end, as a record (small enough to send between processes)."""
    final = play_quest(options, seed, index, level)
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
    level: str = "heuristic",
) -> Summary:
    """Play `games` quests with the bot party of strength `level` ("random", "heuristic" or "search",
    `levels`) against the automatic game master; with no `party`, the party the quest is written for
    (`party_level.quest_party`). `workers` processes play them (None: every core); the results are the
    same for any number."""
    hero_level(level)  # an unknown strength refused before any game
    if not party:
        party = party_for(quest)
    options = {"quest": quest, "heroes": party, "gm": "auto", "order": "roll", "rounds": rounds}
    summary = Summary(quest, party, level=level)
    for record in run_indexed(partial(play_record, options, seed, level), games, workers):
        summary.games += 1
        summary.wins += record.outcome == "won"
        summary.turns += record.rounds
        summary.hero_deaths += record.hero_deaths
        summary.outcomes[record.outcome] += 1
        if on_game is not None:
            on_game(record)
    return summary
