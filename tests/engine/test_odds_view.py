"""The solver's position view (`engine.odds.view`) on toy games, against the solve of the same states.

`Skirmish` is a one-player fight shaped like a gamebook's: a round is a throw (a blow either way, or a
stand-off that repeats it); after a blow the player may spend a token on a second throw that softens or
worsens it. Its states and its view are built by one function, `after_blow`, as a game should build
them; the view must give every figure the state-by-state solve gives, in Fractions. `check_view` walks
a view's layers against the states; the Fighting Fantasy tests use it too.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result, State
from grognard.engine.odds.base import Objective
from grognard.engine.odds.solver import GraphSolution, solve
from grognard.engine.odds.view import ViewSolution
from tests.engine.test_odds_speedups import Plain, _reachable, _same_figures

ROUND = {"hurt": Fraction(1, 3), "even": Fraction(1, 6), "hit": Fraction(1, 2)}
"""One round's throw: the foe's blow lands, a stand-off, the player's blow lands."""
SECOND = {"good": Fraction(2, 3), "bad": Fraction(1, 3)}
"""The throw a token buys after a blow."""

Pos = tuple[int, int, int]


def after_blow(hp: int, foe: int, tokens: int, blow: str, refund: bool) -> Any:
    """What follows a blow, the scores already hit: the position, or the token question in the view's form
    `[[probs, positions], position]` (a good throw undoes the player's wound or doubles his blow; a bad one
    worsens his wound or undoes his blow; a token is spent, and given back after a bad throw if `refund`)."""
    settled = (hp, foe, tokens)
    if tokens == 0 or hp <= 0 or foe <= 0:
        return settled
    left = tokens if refund else tokens - 1
    if blow == "hurt":
        good, bad = (hp + 1, foe, tokens - 1), (hp - 1, foe, left)
    else:
        good, bad = (hp, foe - 1, tokens - 1), (hp, foe + 1, left)
    return [[tuple(SECOND.values()), (good, bad)], settled]


@dataclass(frozen=True, slots=True)
class Skirmish(GameState):
    """hp, the foe's hp, tokens; phase "round" (chance), "ask" (player 0), "second" (chance) or "over"."""

    hp: int
    foe: int
    tokens: int
    phase: str = "round"
    blow: str = ""
    refund: bool = False
    view: bool = True

    def actor(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        return 0 if self.phase == "ask" else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ("spend", "keep")

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return list((ROUND if self.phase == "round" else SECOND).items())

    def _at(self, pos: Pos) -> Skirmish:
        hp, foe, tokens = pos
        phase = "over" if hp <= 0 or foe <= 0 else "round"
        return Skirmish(hp, foe, tokens, phase, "", self.refund, self.view)

    def _apply(self, move: Move) -> Skirmish:
        if self.phase == "round":
            if move == "even":
                return self
            hp, foe = (self.hp - 1, self.foe) if move == "hurt" else (self.hp, self.foe - 1)
            branch = after_blow(hp, foe, self.tokens, str(move), self.refund)
            if isinstance(branch, tuple):
                return self._at(branch)
            return Skirmish(hp, foe, self.tokens, "ask", str(move), self.refund, self.view)
        branch = after_blow(self.hp, self.foe, self.tokens, self.blow, self.refund)
        if self.phase == "ask":
            if move == "keep":
                return self._at(branch[1])
            return Skirmish(self.hp, self.foe, self.tokens, "second", self.blow, self.refund, self.view)
        return self._at(branch[0][1][list(SECOND).index(str(move))])

    def result(self) -> Result:
        won = self.foe <= 0 and self.hp > 0
        return Result(
            "won" if won else "lost", (0,) if won else (), (("hp", self.hp), ("tokens", self.tokens))
        )

    def odds_view(self, exact: bool) -> SkirmishView | None:
        return SkirmishView(self.refund, exact) if self.view else None


class SkirmishView:
    """The position view of `Skirmish`: (hp, foe, tokens) at the start of a round or at the end."""

    def __init__(self, refund: bool, exact: bool) -> None:
        self.refund = refund
        self.exact = exact

    def _probs(self, table: dict[str, Fraction]) -> tuple[Any, ...]:
        return tuple(table.values()) if self.exact else tuple(float(p) for p in table.values())

    def position(self, state: State) -> Pos | None:
        if not isinstance(state, Skirmish) or state.phase not in ("round", "over"):
            return None
        return (state.hp, state.foe, state.tokens)

    def state(self, pos: Pos) -> Skirmish:
        return Skirmish(pos[0], pos[1], pos[2], refund=self.refund)._at(pos)

    def layer(self, pos: Pos) -> Any:
        hp, foe, tokens = pos
        if hp <= 0 or foe <= 0:
            return self.state(pos).result()
        branches = []
        for blow in ROUND:
            if blow == "even":
                branches.append(pos)
                continue
            struck = (hp - 1, foe) if blow == "hurt" else (hp, foe - 1)
            branch = after_blow(*struck, tokens, blow, self.refund)
            if not isinstance(branch, tuple):
                branch[0][0] = self._probs(SECOND)
            branches.append(branch)
        return self._probs(ROUND), branches


def check_view(root: State) -> int:
    """Walk every position's layer against the states it stands for; returns how many positions."""
    view: Any = root.odds_view(True)  # type: ignore[attr-defined]
    positions = 0
    for state in _reachable(root):
        key = view.position(state)
        if key is None:
            continue
        positions += 1
        assert view.state(key) == state
        layer = view.layer(key)
        if isinstance(layer, Result):
            assert state.actor() is TERMINAL and state.result() == layer
            continue
        probs, branches = layer
        outcomes = [(o, p) for o, p in state.chance_outcomes() if p]
        assert state.actor() is CHANCE and [p for _, p in outcomes] == list(probs)
        for (outcome, _), branch in zip(outcomes, branches, strict=True):
            child = state.apply(outcome)
            if not isinstance(branch, list):
                assert view.position(child) == branch
                continue
            assert view.position(child) is None and child.actor() == 0
            for action, option in zip(child.legal_actions(), branch, strict=True):
                after = child.apply(action)
                if not isinstance(option, list):
                    assert view.position(after) == option
                    continue
                assert view.position(after) is None and after.actor() is CHANCE
                pairs = [(o, p) for o, p in after.chance_outcomes() if p]
                assert [p for _, p in pairs] == list(option[0])
                assert [view.position(after.apply(o)) for o, _ in pairs] == list(option[1])
    return positions


OBJECTIVES = [
    None,
    Objective(win=1, resource_worth={"hp": Fraction(1, 7), "tokens": Fraction(1, 11)}),
    Objective(win=0),  # every choice a tie: the first option must be taken, as the states take it
]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 3), st.sampled_from(OBJECTIVES))
def test_the_view_gives_the_figures_of_the_states(
    hp: int, foe: int, tokens: int, objective: Objective | None
) -> None:
    root = Skirmish(hp, foe, tokens)
    positions = check_view(root)
    fast = solve(root, objective, exact=True)
    assert isinstance(fast, ViewSolution) and fast.states == positions
    _same_figures(fast, solve(Plain(root), objective, exact=True), _reachable(root))
    floats = solve(root, objective)
    assert isinstance(floats, ViewSolution)
    assert floats.value() == pytest.approx(float(fast.value()), abs=1e-12)
    assert floats.expected_resources() == pytest.approx(
        {k: float(v) for k, v in fast.expected_resources().items()}
    )


def test_a_root_inside_a_layer_is_solved_from_the_positions_it_reaches() -> None:
    asking = Skirmish(3, 3, 2).apply("hurt")
    assert asking.actor() == 0
    fast = solve(asking, exact=True)
    assert isinstance(fast, ViewSolution)
    plain = solve(Plain(asking), exact=True)
    assert fast.value() == plain.value() and fast.win_probability() == plain.win_probability()
    assert fast.action_values(asking) == plain.action_values(Plain(asking))
    assert fast.best_action(asking) == plain.best_action(Plain(asking))


def test_a_cycle_through_positions_falls_back_to_the_states() -> None:
    """A refunded token can lead back to the round's own position: the states' cycle solver takes over."""
    root = Skirmish(3, 3, 1, refund=True)
    fast = solve(root, exact=True)
    assert isinstance(fast, GraphSolution)
    _same_figures(fast, solve(Plain(root), exact=True), _reachable(root))


@dataclass(frozen=True, slots=True)
class Countdown(GameState):
    """A chain of `n` certain steps; its view has one position per step."""

    n: int

    def actor(self) -> Actor:
        return TERMINAL if self.n == 0 else CHANCE

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return [("step", Fraction(1))]

    def _apply(self, move: Move) -> Countdown:
        return Countdown(self.n - 1)

    def result(self) -> Result:
        return Result("done", (0,))

    def odds_view(self, exact: bool) -> CountdownView:
        return CountdownView()


class CountdownView:
    """`Countdown` by positions; `loop` makes the last step repeat forever."""

    loop = False

    def position(self, state: State) -> int | None:
        return state.n if isinstance(state, Countdown) else None

    def state(self, n: int) -> Countdown:
        return Countdown(n)

    def layer(self, n: int) -> Any:
        if n == 0:
            return Result("done", (0,))
        return (1.0,), (n if self.loop and n == 1 else n - 1,)


def test_a_search_deeper_than_the_recursion_limit_falls_back_to_the_states() -> None:
    deep = Countdown(sys.getrecursionlimit() + 100)
    solved = solve(deep)
    assert isinstance(solved, GraphSolution) and solved.win_probability() == 1
    assert isinstance(solve(Countdown(50)), ViewSolution)


def test_the_budget_counts_positions() -> None:
    root = Skirmish(4, 4, 2)
    positions = solve(root).states
    assert solve(root, budget=positions).states == positions
    with pytest.raises(OddsError, match=r"budget of .* positions"):
        solve(root, budget=positions // 2)


def test_a_position_that_always_repeats_itself_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CountdownView, "loop", True)
    with pytest.raises(OddsError, match="never end"):
        solve(Countdown(3))


def test_a_layer_that_is_not_a_distribution_is_refused_in_exact_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        CountdownView, "layer", lambda self, n: Result("done") if n == 0 else ((Fraction(1, 2),), (n - 1,))
    )
    with pytest.raises(OddsError, match="not a distribution"):
        solve(Countdown(3), exact=True)


def test_a_state_of_another_game_with_the_same_key_is_not_taken_for_a_solved_one() -> None:
    solved = solve(Skirmish(3, 3, 1))
    other = Skirmish(3, 3, 1, refund=True)
    with pytest.raises(OddsError, match="not reachable"):
        solved.at(other)
    with pytest.raises(OddsError, match="not reachable"):
        solved.at(other.apply("hurt"))
    with pytest.raises(OddsError, match="not a decision node"):
        solved.best_action(Skirmish(3, 3, 1))


def test_hiding_the_view_gives_the_states_solve() -> None:
    root = Skirmish(3, 2, 1, view=False)
    assert isinstance(solve(root), GraphSolution)
    assert solve(root, exact=True).win_probability() == solve(Skirmish(3, 2, 1), exact=True).win_probability()
