"""Many whole games of Talisman played by bots, with statistics: how many finished, who won, how long.

`simulate(bots, games, seed=..., max_turns=...)` plays `games` games with one bot per seat (names from
`bot_levels.BOTS`). Seats are rotated from game to game (game g seats bot k at seat (k + g) mod n), so no bot
keeps the advantage of a seat; characters are dealt at random by the rules. The dice of game g come from
`Rng(f"{seed}:{g}:dice")` and bot k's choices from `Rng(f"{seed}:{g}:bot:{k}")`, so a run is
reproducible. A game that reaches the turn cap counts as unfinished; the cap counts turns, every player's
turn counting one, and defaults to `game.DEFAULT_ROUNDS` rounds (`game.default_turns`).
`progress(done, total)` is called after each game (the command line draws a progress bar with it).
Nothing here prints.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.parallel import run_indexed
from grognard.engine.session import Policy
from grognard.engine.stats import Share
from grognard.i18n import gettext
from grognard.systems.talisman.bot_levels import bot
from grognard.systems.talisman.game import AUTO_TURNS, initial_state, turn_cap
from grognard.systems.talisman.state import TalismanState

Progress = Callable[[int, int], None]


@dataclass
class GameRecord:
    """One simulated game: the bot at each seat, the characters at the end, the result and its length."""

    bots: tuple[str, ...]
    characters: tuple[str, ...]
    outcome: str
    winners: tuple[int, ...]
    turns: int
    moves: int


@dataclass
class SimStats:
    """What a simulation played and how the games went."""

    bots: tuple[str, ...]
    seed: int
    max_turns: int
    games: int = 0
    finished: int = 0
    turns: int = 0
    moves: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    records: list[GameRecord] = field(default_factory=list)

    def add(self, record: GameRecord) -> None:
        """Count one game played."""
        self.records.append(record)
        self.games += 1
        self.turns += record.turns
        self.moves += record.moves
        if record.outcome != "unfinished":
            self.finished += 1
        for w in record.winners:
            self.wins[record.characters[w] or "?"] += 1
            self.wins_by_bot[record.bots[w]] += 1

    def win_shares(self) -> dict[str, Share]:
        """Each character's wins among the games played, with its 95% Wilson interval."""
        return {name: Share(n, self.games) for name, n in sorted(self.wins.items())}

    def bot_shares(self) -> dict[str, Share]:
        """Each bot's wins among the games played, with its 95% Wilson interval (a bot at several seats of
        a game counts each seat's win)."""
        return {name: Share(n, self.games) for name, n in sorted(self.wins_by_bot.items())}

    @property
    def mean_turns(self) -> float:
        """Turns per game (every player's turn counts one, so a round of 4 players is 4 turns), over all
        games played, unfinished ones counting the cap."""
        return self.turns / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        """The statistics as JSON-safe data (`games`, `finished`, `wins` by character, `win_shares` and
        `bot_shares`: the wins as shares with their 95% Wilson intervals, `mean_turns`: turns per game,
        every player's turn counting one; `mean_rounds`: the same in rounds, ...)."""
        return {
            "games": self.games,
            "finished": self.finished,
            "unfinished": self.games - self.finished,
            "wins": dict(sorted(self.wins.items())),
            "wins_by_bot": dict(sorted(self.wins_by_bot.items())),
            "win_shares": {name: share.to_json() for name, share in self.win_shares().items()},
            "bot_shares": {name: share.to_json() for name, share in self.bot_shares().items()},
            "mean_turns": round(self.mean_turns, 3),
            "mean_rounds": round(self.mean_turns / len(self.bots), 3) if self.bots else 0.0,
            "mean_moves": round(self.moves / self.games, 3) if self.games else 0.0,
            "players": len(self.bots),
            "bots": list(self.bots),
            "seed": self.seed,
            "max_turns": self.max_turns,
        }


def play_seated(names: tuple[str, ...], seed: int, max_turns: int, g: int) -> GameRecord:
    """Game `g` of a run: the bots seated in rotation (bot k at seat (k + g) mod n), played to its end."""
    n = len(names)
    seated = tuple(names[(k - g) % n] for k in range(n))
    final, moves = play_game([bot(b) for b in seated], f"{seed}:{g}", max_turns)
    characters = tuple(h.character for h in final.heroes)
    outcome = final.result().outcome
    return GameRecord(seated, characters, outcome, final.winners, min(final.turn, max_turns), moves)


def play_game(
    policies: Sequence[Policy], seed: int | str, max_turns: int = AUTO_TURNS
) -> tuple[TalismanState, int]:
    """One whole game with `policies[k]` at seat k; returns the final state and how many moves it took."""
    state = initial_state(len(policies), "random", max_turns)
    dice = Rng(f"{seed}:dice")
    rngs = [Rng(f"{seed}:bot:{k}") for k in range(len(policies))]
    moves = 0
    while True:
        who = state.actor()
        if who is TERMINAL:
            return state, moves
        if who is CHANCE:
            nxt = state.apply(state.roll(dice)[0])
        else:
            assert isinstance(who, int)
            nxt = state.apply(policies[who](state, rngs[who]))
        assert isinstance(nxt, TalismanState)
        state = nxt
        moves += 1


def parse_bots(text: str, players: int) -> tuple[str, ...]:
    """Bot names for every seat: one name for all ("heuristic"), or one per seat ("heuristic,random")."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    if not names:
        raise UsageError(gettext("give a bot: random, heuristic, search or mixed"))
    for name in names:
        bot(name)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise UsageError(
            gettext("bots %(bots)s: give one bot for all %(players)s players or one per player")
            % {"bots": repr(text), "players": players}
        )
    if not 2 <= players <= 6:
        raise UsageError(
            gettext("players=%(players)s: Talisman is for 2 to 6 players") % {"players": players}
        )
    return names


def simulate(
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    max_turns: int = AUTO_TURNS,
    progress: Progress | None = None,
    workers: int | None = 1,
) -> SimStats:
    """Play `games` whole games with these bots (seats rotated each game) and gather the statistics.
    `max_turns` counts every player's turn; `AUTO_TURNS` is the default cap for the number of players.
    `workers` processes play the games (None: every core); the results are the same for any number."""
    if games < 1:
        raise UsageError(gettext("games=%(games)s: play at least 1 game") % {"games": games})
    names = parse_bots(",".join(bots), len(bots))
    max_turns = turn_cap(max_turns, len(names))
    if max_turns < 1:
        raise UsageError(
            gettext("max_turns=%(turns)s: the turn cap must be at least 1") % {"turns": max_turns}
        )
    stats = SimStats(names, seed, max_turns)
    for g, record in enumerate(run_indexed(partial(play_seated, names, seed, max_turns), games, workers)):
        stats.add(record)
        if progress is not None:
            progress(g + 1, games)
    return stats
