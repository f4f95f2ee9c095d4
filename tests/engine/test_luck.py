"""The luck of a game's dice (`engine.luck`): a roll's percentile and the game's, against brute force over
every way the same rolls could have fallen; the report of a small game of our own (its rolls, the line
over the game, the choice that cost); a roll whose outcomes are all worth the same does not count; and a
game with no appraiser says so."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.engine.luck import (
    Judged,
    amount,
    appraise,
    appraiser_for,
    ordinal,
    percentile,
    sum_percentile,
    summary,
)
from grognard.engine.session import MoveRecord


def brute(rolls: Sequence[tuple[Sequence[tuple[float, float]], float]]) -> float:
    """100 x (P(sum < thrown sum) + P(sum == thrown sum) / 2) over every combination of outcomes."""
    thrown = sum(v for _, v in rolls)
    below = equal = 0.0
    for combo in itertools.product(*(d for d, _ in rolls)):
        total = sum(v for v, _ in combo)
        p = 1.0
        for _, q in combo:
            p *= q
        if abs(total - thrown) <= 1e-9:
            equal += p
        elif total < thrown:
            below += p
    return 100 * (below + equal / 2)


def test_a_rolls_percentile_counts_the_worse_throws_and_half_the_same() -> None:
    two_d6 = [(float(t), (6 - abs(t - 7)) / 36) for t in range(2, 13)]
    assert percentile(two_d6, 7) == pytest.approx(50.0)  # the middle of a symmetric roll
    assert percentile(two_d6, 12) == pytest.approx(100 * (35 / 36 + 1 / 72))
    assert percentile(two_d6, 2) == pytest.approx(100 / 72)
    assert percentile([(0.0, 0.5), (1.0, 0.5)], 1.0) == pytest.approx(75.0)  # a coin: 25 or 75


def test_whole_worths_give_the_games_percentile_exactly() -> None:
    rng = random.Random(4)
    for _ in range(40):
        rolls = []
        for _ in range(rng.randint(1, 5)):
            values = rng.sample(range(-3, 4), rng.randint(2, 4))
            weights = [rng.randint(1, 6) for _ in values]
            dist = [(float(v), w / sum(weights)) for v, w in zip(values, weights, strict=True)]
            rolls.append((dist, float(rng.choice(values))))
        assert sum_percentile(rolls) == pytest.approx(brute(rolls), abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=4, unique=True),
            st.integers(0, 3),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_any_worths_give_the_games_percentile_within_the_grid(drawn: list[tuple[list[float], int]]) -> None:
    rolls = [([(v, 1 / len(vs)) for v in vs], vs[k % len(vs)]) for vs, k in drawn]
    width = sum(max(vs) - min(vs) for vs, _ in drawn)
    if width < 1e-6:
        return
    got = sum_percentile(rolls)
    # each value is rounded to a step of width / 4096: the sums move by at most len(rolls) steps, so the
    # percentile is that of a sum within that distance of the thrown one
    slack = len(rolls) * width / 4096
    low = brute([(d, v - slack) for d, v in rolls[:1]] + rolls[1:])
    high = brute([(d, v + slack) for d, v in rolls[:1]] + rolls[1:])
    assert min(low, brute(rolls)) - 1e-6 <= got <= max(high, brute(rolls)) + 1e-6


# -- a game of our own: a coin, then a choice between a sure gain and a die ------------------------------


@dataclass(frozen=True)
class Coins(GameState):
    """Toss a coin (heads: a point); then choose "safe" (a point) or "die" (a d6: a point on 5-6); then a
    die of two faces both worth nothing ("dud"); three points or more wins."""

    points: int = 0
    step: int = 0

    def actor(self) -> Actor:
        return TERMINAL if self.step == 4 else 0 if self.step == 1 else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ["safe", "die"]

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.step == 0:
            return [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]
        if self.step == 2:
            return [(v, Fraction(1, 6)) for v in range(1, 7)] if self.points >= 0 else []
        return [("dud", Fraction(1, 2)), ("dud2", Fraction(1, 2))]

    def _apply(self, move: Move) -> Coins:
        if self.step == 0:
            return Coins(self.points + (move == "heads"), 1)
        if self.step == 1:
            return Coins(self.points + (move == "safe") * 2, 2 if move == "die" else 3)
        if self.step == 2:
            return Coins(self.points + 2 * (int(move) >= 5), 3)
        return Coins(self.points, 4)

    def result(self) -> Result:
        return Result("won" if self.points >= 3 else "lost", (0,) if self.points >= 3 else ())


def win_chance(state: Coins) -> float:
    """The chance of winning from a state under the best play, by hand."""
    if state.step >= 3:
        return float(state.points >= 3)
    if state.step == 2:
        return 1.0 if state.points >= 3 else (1 / 3 if state.points + 2 >= 3 else 0.0)
    if state.step == 1:
        return max(win_chance(Coins(state.points, 2)), win_chance(Coins(state.points + 2, 3)))
    return (win_chance(Coins(1, 1)) + win_chance(Coins(0, 1))) / 2


class CoinsAppraiser:
    unit = "chance to finish"
    shares = True

    def roll(self, before: GameState, seat: int) -> Judged | None:
        assert isinstance(before, Coins)
        return Judged({o: self.value(before.apply(o), seat) for o, _ in before.chance_outcomes()}, "a throw")

    def value(self, state: GameState, seat: int) -> float:
        assert isinstance(state, Coins)
        return win_chance(state)

    def choices(self, before: GameState, seat: int) -> Mapping[Action, float] | None:
        return {a: win_chance(before.apply(a)) for a in before.legal_actions()}  # type: ignore[arg-type]

    def action_words(self, before: GameState, action: Action) -> str:
        return {"safe": "Take the sure point", "die": "Roll for it"}[action]

    def roll_words(self, before: GameState, record: MoveRecord) -> str:
        return f"came {record.move}"


def test_the_report_of_a_small_game_places_each_roll_and_the_choice_that_cost() -> None:
    moves = [MoveRecord("heads", None), MoveRecord("die", 0), MoveRecord(6, None), MoveRecord("dud", None)]
    report = appraise(Coins(), moves, 0, CoinsAppraiser())
    assert [r.ply for r in report.rolls] == [1, 3]  # the dud's faces are worth the same: it did not matter
    coin, die = report.rolls
    assert (
        coin.worth == 1.0 and coin.expected == pytest.approx(0.5) and coin.percentile == pytest.approx(75.0)
    )
    assert die.worth == 1.0 and die.expected == pytest.approx(1 / 3)
    assert die.percentile == pytest.approx(100 * (4 / 6 + 2 / 6 / 2))
    assert report.total == pytest.approx(0.5 + 2 / 3)
    assert report.percentile == pytest.approx(brute([(list(r.spread), r.worth) for r in report.rolls]))
    assert [p for p, _ in report.line] == [0, 1, 2, 3, 4]
    assert [w for _, w in report.line] == pytest.approx([0.5, 1, 1 / 3, 1, 1])  # tails can never win
    assert [(b.ply, b.chosen, b.best) for b in report.better] == [(2, "Roll for it", "Take the sure point")]
    assert report.better[0].cost == pytest.approx(2 / 3)
    assert "2 rolls mattered" in summary(report) and amount(report, 0.5) == "+50.0 points"


def test_the_report_at_a_ply_and_a_game_no_appraiser_knows() -> None:
    moves = [MoveRecord("tails", None), MoveRecord("safe", 0), MoveRecord("dud", None)]
    early = appraise(Coins(), moves, 0, CoinsAppraiser(), upto=1)
    assert early.upto == 1 and [r.ply for r in early.rolls] == [1] and early.better == ()
    assert early.rolls[0].percentile == pytest.approx(25.0)
    whole = appraise(Coins(), moves, 0, CoinsAppraiser())
    assert whole.better == ()  # after tails nothing wins: no choice was better
    appraiser, note = appraiser_for(Coins(), moves, 0)
    assert appraiser is None and "cannot be judged" in note
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
