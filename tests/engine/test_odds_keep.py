"""`Objective.keep` (ties broken by the resources kept) and `Objective.ending_worth`, on hand-made games."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest

from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, Move, Outcome, Result, State
from grognard.engine.odds.base import Objective, beats, prefers
from grognard.engine.odds.solver import solve

# node: (kind, moves); an end's moves are (outcome, winner?, GOLD kept).
GAME: dict[str, tuple[str, tuple[tuple[str, object], ...]]] = {
    "pick": ("decide", (("spend", "poor"), ("save", "rich"), ("run", "fled"))),
    "poor": ("end", (("won", True), ("GOLD", 1))),
    "rich": ("end", (("won", True), ("GOLD", 3))),
    "fled": ("end", (("fled", False), ("GOLD", 5))),
    "circle": ("decide", (("go", "poor"), ("wait", "spin"))),
    "spin": ("chance", (("circle", Fraction(1, 2)), ("rich", Fraction(1, 2)))),
}


@dataclass(frozen=True)
class Node:
    name: str

    def actor(self) -> Actor:
        kind = GAME[self.name][0]
        return TERMINAL if kind == "end" else CHANCE if kind == "chance" else 0

    def legal_actions(self) -> Sequence[Action]:
        kind, moves = GAME[self.name]
        return tuple(m for m, _ in moves) if kind == "decide" else ()

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        kind, moves = GAME[self.name]
        return tuple((m, p) for m, p in moves) if kind == "chance" else ()  # type: ignore[misc]

    def apply(self, move: Move) -> State:
        kind, moves = GAME[self.name]
        return Node(str(dict(moves)[str(move)]) if kind == "decide" else str(move))

    def result(self) -> Result:
        (outcome, won), (_, gold) = GAME[self.name][1]
        return Result(outcome, (0,) if won else (), (("GOLD", int(str(gold))),))


@pytest.mark.parametrize("exact", [True, False])
def test_equal_worth_goes_to_the_action_that_keeps_more(exact: bool) -> None:
    plain = solve(Node("pick"), exact=exact)
    assert plain.best_action(Node("pick")) == "spend"
    kept = solve(Node("pick"), Objective(keep=("GOLD",)), exact=exact)
    assert kept.best_action(Node("pick")) == "save"
    assert kept.expected_resources() == {"GOLD": 3}
    assert kept.value() == plain.value() == 1


@pytest.mark.parametrize("exact", [True, False])
def test_ties_are_broken_inside_a_cycle_too(exact: bool) -> None:
    kept = solve(Node("circle"), Objective(keep=("GOLD",)), exact=exact)
    assert kept.best_action(Node("circle")) == "wait"
    assert kept.expected_resources()["GOLD"] == pytest.approx(3)
    assert solve(Node("circle"), exact=exact).best_action(Node("circle")) == "go"


def test_an_ending_worth_a_win_is_weighed_as_one() -> None:
    objective = Objective(ending_worth={"fled": Fraction(1)}, keep=("GOLD",))
    sol = solve(Node("pick"), objective, exact=True)
    assert sol.best_action(Node("pick")) == "run"
    assert sol.value() == 1 and sol.win_probability() == 0
    half = solve(Node("pick"), Objective(ending_worth={"fled": Fraction(1, 2)}, keep=("GOLD",)), exact=True)
    assert half.best_action(Node("pick")) == "save"


def test_float_ties_are_told_from_small_real_differences() -> None:
    assert not beats(0.1 + 0.2, 0.3, exact=False) and not beats(0.3, 0.1 + 0.2, exact=False)
    assert beats(1e-13, 0.0, exact=False)
    assert prefers((0.3, 2.0), (0.1 + 0.2, 1.0), exact=False)
    assert not prefers((0.3, 1.0), (0.1 + 0.2, 1.0), exact=False)
    assert prefers((Fraction(1, 3), 0), (Fraction(1, 4), 5), exact=True)
