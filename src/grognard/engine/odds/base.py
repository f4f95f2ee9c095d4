"""The figures the exact solver gives, and the interface every solution offers (see `engine.odds`).

`solve` answers with a `Solution`: one made over the explicit graph of every state (`engine.odds.solver`),
or one made over a game's position view (`engine.odds.view`). Both give the same figures; this module
holds what they share: the objective, the figures of a position, and the solution's public methods.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from grognard.engine.game import Action, Result, State

if TYPE_CHECKING:
    from grognard.engine.dice.core import Rng

Number: TypeAlias = float | Fraction
"""A figure of the solver: a float in float mode, a Fraction in exact mode."""

FLOAT_TOLERANCE = 1e-12
"""In float mode a later action replaces an earlier one only when better by more than this (relative)."""


@dataclass(frozen=True)
class Objective:
    """What a player wants: `win` for a win, plus `resource_worth[name]` per point of a resource kept.

    `ending_worth[label]` replaces the worth of a win for a result whose `outcome` is `label` (a fight
    that ends after N rounds and leads on in the book can be worth as much as a win, or anything else).
    `keep` breaks ties: among actions of equal utility the solver prefers the one that keeps more of the
    first resource named, then of the second, and so on (exactly in exact mode; in float mode two
    figures are equal when they differ by no more than `FLOAT_TOLERANCE`, relative).
    """

    win: Number = 1
    resource_worth: Mapping[str, Number] = field(default_factory=dict)
    ending_worth: Mapping[str, Number] = field(default_factory=dict)
    keep: tuple[str, ...] = ()

    def utility(self, result: Result, player: int) -> Number:
        """The worth of a terminal `result` to `player`."""
        total: Number
        if result.outcome in self.ending_worth:
            total = self.ending_worth[result.outcome]
        else:
            total = self.win if player in result.winners else 0
        for name, worth in self.resource_worth.items():
            total += worth * result.resource(name)
        return total

    @property
    def only_wins(self) -> bool:
        """True when the utility is `win` times the chance of winning (no other term counts)."""
        return not self.resource_worth and not self.ending_worth

    def kept(self, result: Result) -> tuple[int, ...]:
        """The resources of `keep` in a terminal `result`, in order (the tie-breaking figures)."""
        return tuple(result.resource(name) for name in self.keep)


@dataclass(frozen=True)
class Odds:
    """The figures of one position under optimal play.

    `utility` and `win_probability` are for one player (the one asked about, or the actor of the action
    valued); `outcome_probabilities` by `Result.outcome` label; `expected_resources` the expected value of
    each resource at the end of the game (0 where a result does not carry it).
    """

    utility: Number
    win_probability: Number
    outcome_probabilities: dict[str, Number]
    expected_resources: dict[str, Number]


@dataclass(frozen=True)
class ActionValue(Odds):
    """The figures of taking one action and then playing optimally, for the player taking it."""


def beats(x: Number, y: Number, exact: bool) -> bool:
    """True when `x` is above `y`: strictly in exact mode; in float mode by more than `FLOAT_TOLERANCE`
    times the larger of the two in size. Every figure is a sum of products of non-negative terms, so
    float rounding moves it by far less than that relative amount, while two figures that differ
    exactly, however small (a win chance of 1e-13 against 0), are told apart."""
    if exact:
        return bool(x > y)
    fx, fy = float(x), float(y)
    return fx - fy > FLOAT_TOLERANCE * max(abs(fx), abs(fy))


def prefers(x: Sequence[Number], y: Sequence[Number], exact: bool) -> bool:
    """True when figures `x` beat `y` in order: the first figure that is not equal decides (see `beats`)."""
    for a, b in zip(x, y, strict=True):
        if beats(a, b, exact):
            return True
        if beats(b, a, exact):
            return False
    return False


def number(x: Number, exact: bool) -> Number:
    """`x` as the solver's kind of number: a Fraction in exact mode, else a float."""
    return Fraction(x) if exact else float(x)


class Solution(ABC):
    """The solved game: optimal play and its figures for the root and every state reachable from it."""

    states: int
    """How many states were solved (positions, when the game's position view was used)."""

    @property
    @abstractmethod
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""

    @property
    @abstractmethod
    def players(self) -> int:
        """How many players decide somewhere in the game (at least 1)."""

    @abstractmethod
    def value(self, player: int = 0) -> Number:
        """The expected utility of `player` at the root under optimal play."""

    @abstractmethod
    def win_probability(self, player: int = 0) -> Number:
        """The probability that `player` is among the winners, under optimal play."""

    @abstractmethod
    def outcome_probabilities(self) -> dict[str, Number]:
        """The probability of each `Result.outcome` label under optimal play."""

    @abstractmethod
    def expected_resources(self) -> dict[str, Number]:
        """The expected value of each resource at the end of the game under optimal play."""

    @abstractmethod
    def at(self, state: State, player: int = 0) -> Odds:
        """The figures of a reachable `state` (any kind of node), for `player`."""

    @abstractmethod
    def best_action(self, state: State) -> Action:
        """The optimal action at a reachable decision node (ties: the one that keeps more of
        `Objective.keep`, then the first legal action)."""

    @abstractmethod
    def action_values(self, state: State) -> dict[Action, ActionValue]:
        """Every legal action at a reachable decision node with the figures of taking it, for its actor.

        An action that returns to the same state is valued as the state itself (taking it changes
        nothing, and optimal play goes on from there).
        """

    def policy(self, state: State, rng: Rng) -> Action:
        """The optimal action, as a bot (`engine.session.Policy`); it draws nothing from `rng`."""
        return self.best_action(state)
