"""The solved book checked by playing it: a bot takes the best choice of a `BookSolution` at every decision
(fights included) while the real dice are thrown, over many seeded games, and its share of victories is
set against the solved chance of winning.

Checked, not trusted (issue 33): over `runs` games the share of wins is a binomial share of the solved
chance, so the solved chance should lie in the share's 95% Wilson interval about 95 times in 100 (when
it does not, either the dice or the solver are wrong, or the run was one of the 5). Each game throws its
dice by `Rng.for_move(f"{seed}/{run}", move)`, as a saved game would, so the check is reproducible.
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState
from grognard.engine.session import Policy
from grognard.engine.stats import Z95, Share, wilson
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.solve import BookSolution

MOST_MOVES = 100_000
"""A game longer than this is a bug (a book the solver solved has an end under the best play)."""


def best_policy(solution: BookSolution) -> Policy:
    """The bot: `policy(state, rng)` takes the solution's best action (the rng is not used)."""

    def policy(state: GameState, rng: Rng) -> Action:
        assert isinstance(state, GamebookState)
        return solution.best_action(state)

    return policy


def play_best(solution: BookSolution, start: GamebookState, seed: str) -> str:
    """One game from `start` by the best choices with the dice of `seed`: its ending's outcome."""
    state: GameState = start
    for move in range(MOST_MOVES):
        who = state.actor()
        if who is TERMINAL:
            return state.result().outcome
        if who is CHANCE:
            outcome, _ = state.roll(Rng.for_move(seed, move))
            state = state.apply(outcome)
        else:
            assert isinstance(state, GamebookState)
            state = state.apply(solution.best_action(state))
    raise RuntimeError(f"a game by the best choices did not end within {MOST_MOVES:,} moves")


@dataclass(frozen=True)
class Played:
    """The check's result: the games won of those played (with its Wilson interval) and the solved chance."""

    won: Share
    solved: float

    @property
    def agrees(self) -> bool:
        """True when the solved chance lies within the share's 95% interval."""
        return self.within(Z95)

    def within(self, z: float) -> bool:
        """True when the solved chance lies within the share's Wilson interval at `z` (3.29: 99.9%)."""
        low, high = wilson(self.won.count, self.won.games, z)
        return low <= self.solved <= high

    def to_json(self) -> dict[str, object]:
        """JSON-safe data."""
        return {"won": self.won.to_json(), "solved": round(self.solved, 6), "agrees": self.agrees}


def play_many(
    solution: BookSolution, runs: int, seed: int | str = 0, start: GamebookState | None = None
) -> Played:
    """`runs` games by the best choices from `start` (by default the book's start with the solution's
    options), each with its own seeded dice; the wins against the solved chance from `start`."""
    if runs < 1:
        raise ValueError(f"runs={runs}: play at least one game")
    if start is None:
        first = solution.game.new_initial_state(solution.options)
        assert isinstance(first, GamebookState)
        start = first
    won = sum(play_best(solution, start, f"{seed}/{run}") == "victory" for run in range(runs))
    return Played(Share(won, runs), float(solution.value_of(start)))


__all__ = ["MOST_MOVES", "Played", "best_policy", "play_best", "play_many"]
