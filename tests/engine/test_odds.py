"""The exact solver against independent oracles: brute force, icepool, hand recursions, value iteration."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.dice.core import Rng
from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, GameState, Move, Outcome, Result, State
from grognard.engine.odds.base import ActionValue, Objective, Odds
from grognard.engine.odds.solver import solve, solve_from
from tests.toys import DuelState

# --- Press your luck: roll a d4 up to three times, a 1 busts, decide after each roll whether to stop.

TARGET = 7
FACES = (1, 2, 3, 4)
MAX_ROLLS = 3


@dataclass(frozen=True, slots=True)
class PressLuck(GameState):
    """total so far, rolls made, phase: roll (chance), decide (player 0), bust or bank (terminal)."""

    total: int = 0
    rolls: int = 0
    phase: str = "roll"

    def actor(self) -> Actor:
        if self.phase in ("bust", "bank"):
            return TERMINAL
        return 0 if self.phase == "decide" else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ("stop", "roll")

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return [(f, Fraction(1, len(FACES))) for f in FACES]

    def _apply(self, move: Move) -> PressLuck:
        if self.phase == "decide":
            return PressLuck(self.total, self.rolls, "bank" if move == "stop" else "roll")
        if move == 1:
            return PressLuck(0, self.rolls + 1, "bust")
        total, rolls = self.total + int(move), self.rolls + 1
        return PressLuck(total, rolls, "bank" if rolls == MAX_ROLLS else "decide")

    def result(self) -> Result:
        won = (0,) if self.total >= TARGET else ()
        return Result(self.phase, won, (("points", self.total),))


PRESS_OBJECTIVES = [
    Objective(win=0, resource_worth={"points": 1}),
    Objective(),
    Objective(win=5, resource_worth={"points": Fraction(1, 2)}),
]


def _decision_points() -> list[tuple[int, int]]:
    """Every (total, rolls) where the player may decide, found from the rules by hand."""
    points = set()
    for k in range(1, MAX_ROLLS):
        for faces in itertools.product(FACES[1:], repeat=k):
            points.add((sum(faces), k))
    return sorted(points)


def _press_utility(objective: Objective, bust: bool, total: int) -> Fraction:
    kept = 0 if bust else total
    win = objective.win if kept >= TARGET else 0
    return Fraction(win) + sum(Fraction(w) * kept for w in objective.resource_worth.values())


def _press_expectation(
    objective: Objective, policy: dict[tuple[int, int], str], total: int, k: int
) -> Fraction:
    """The exact value of following `policy` when about to roll with `total` after `k` rolls."""
    return _press_average(lambda bust, t: _press_utility(objective, bust, t), policy, total, k)


def _press_average(
    score: Callable[[bool, int], Fraction], policy: dict[tuple[int, int], str], total: int, k: int
) -> Fraction:
    """The expected `score(bust, total)` at the end, following `policy` from `total` after `k` rolls."""
    acc = Fraction(0)
    sequences = list(itertools.product(FACES, repeat=MAX_ROLLS - k))
    for dice in sequences:
        t, n = total, k
        for face in dice:
            if face == 1:
                acc += score(True, 0)
                break
            t, n = t + face, n + 1
            if n == MAX_ROLLS or policy[(t, n)] == "stop":
                acc += score(False, t)
                break
    return acc / len(sequences)


def _all_policies() -> list[dict[tuple[int, int], str]]:
    points = _decision_points()
    return [
        dict(zip(points, choice, strict=True))
        for choice in itertools.product(("stop", "roll"), repeat=len(points))
    ]


@pytest.mark.parametrize("objective", PRESS_OBJECTIVES)
def test_press_your_luck_matches_brute_force_over_every_policy(objective: Objective) -> None:
    policies = _all_policies()
    assert len(policies) == 2 ** len(_decision_points())
    sol = solve(PressLuck(), objective, exact=True)
    best_root = max(_press_expectation(objective, p, 0, 0) for p in policies)
    assert sol.value() == best_root
    for total, k in _decision_points():
        stop = _press_utility(objective, False, total)
        roll = max(_press_expectation(objective, p, total, k) for p in policies)
        state = PressLuck(total, k, "decide")
        values = sol.action_values(state)
        assert values["stop"].utility == stop
        assert values["roll"].utility == roll
        assert sol.best_action(state) == ("stop" if stop >= roll else "roll")


def test_press_your_luck_win_probability_and_outcomes_follow_the_optimal_policy() -> None:
    sol = solve(PressLuck(), Objective(win=0, resource_worth={"points": 1}), exact=True)
    policy = {point: sol.best_action(PressLuck(*point, "decide")) for point in _decision_points()}
    assert sol.win_probability() == _press_expectation(Objective(), policy, 0, 0)
    bust = _press_average(lambda busted, _: Fraction(busted), policy, 0, 0)
    assert 0 < bust < 1
    assert sol.outcome_probabilities() == {"bust": bust, "bank": 1 - bust}
    assert sol.expected_resources()["points"] == sol.value()


# --- The dice duel of tests.toys against icepool and a hand recursion.


def _icepool_duel(mine: int, theirs: int) -> tuple[Fraction, Fraction]:
    """The no-reroll duel from (mine, theirs): P(I win) and my expected hp at the end, by icepool."""
    round_die = icepool.map(
        lambda a, b: icepool.Reroll if a == b else (1 if a > b else -1), icepool.d6, icepool.d6
    )

    def step(hps: tuple[int, int], hit: int) -> tuple[int, int]:
        a, b = hps
        if a <= 0 or b <= 0:
            return hps
        return (a, b - 1) if hit == 1 else (a - 1, b)

    final = icepool.map(step, icepool.Die([(mine, theirs)]), round_die, repeat="inf")
    total = final.denominator()
    won = sum(q for outcome, q in final.items() if outcome[1] <= 0)
    hp = sum(q * outcome[0] for outcome, q in final.items())
    return Fraction(won, total), Fraction(hp, total)


@pytest.mark.parametrize("hps", [(2, 3), (3, 3), (4, 2), (1, 5)])
def test_duel_without_rerolls_matches_icepool(hps: tuple[int, int]) -> None:
    sol = solve(DuelState(hps, 0), exact=True)
    won, hp = _icepool_duel(*hps)
    assert sol.win_probability() == won
    assert sol.outcome_probabilities() == {"win": won, "lose": 1 - won}
    assert sol.expected_resources()["hp"] == hp
    assert sol.expected_resources()["rerolls"] == 0


def _hand_duel(mine: int, theirs: int, rerolls: int) -> Fraction:
    """The reroll duel by a memoised recursion, trying every set of my faces to keep (no shortcut)."""
    memo: dict[tuple[int, int, int], Fraction] = {}

    def value(a: int, b: int, r: int) -> Fraction:
        if b <= 0:
            return Fraction(1)
        if a <= 0:
            return Fraction(0)
        if (a, b, r) not in memo:
            hit, hurt = value(a, b - 1, r), value(a - 1, b, r)
            again = value(a, b, r - 1) if r else None
            best: Fraction | None = None
            sets = itertools.product((True, False), repeat=6) if r else [(True,) * 6]
            for keep in sets:
                fixed = Fraction(0)
                loop = Fraction(0)
                for face, kept in zip(range(1, 7), keep, strict=True):
                    if kept:
                        fixed += Fraction(face - 1, 36) * hit + Fraction(6 - face, 36) * hurt
                        loop += Fraction(1, 36)
                    else:
                        assert again is not None
                        fixed += again / 6
                v = fixed / (1 - loop)
                best = v if best is None or v > best else best
            assert best is not None
            memo[(a, b, r)] = best
        return memo[(a, b, r)]

    return value(mine, theirs, rerolls)


def test_reroll_decisions_are_exact_and_rerolls_only_help() -> None:
    with_rerolls = solve(DuelState((3, 3), 2), exact=True)
    without = solve(DuelState((3, 3), 0), exact=True)
    assert with_rerolls.value() == _hand_duel(3, 3, 2)
    assert without.value() == _hand_duel(3, 3, 0) == Fraction(1, 2)
    assert with_rerolls.value() > without.value()
    assert isinstance(with_rerolls.value(), Fraction)
    assert with_rerolls.best_action(DuelState((3, 3), 2, "decide", 1)) == "reroll"
    assert with_rerolls.best_action(DuelState((3, 3), 2, "decide", 6)) == "keep"
    values = with_rerolls.action_values(DuelState((3, 3), 2, "decide", 1))
    assert values["reroll"].utility == _hand_duel(3, 3, 1)
    assert values["reroll"].utility > values["keep"].utility
    assert isinstance(values["keep"], ActionValue)


def test_figures_mid_game_agree_with_solving_from_there() -> None:
    sol = solve(DuelState((3, 3), 1), exact=True)
    middle = DuelState((2, 3), 1, "decide", 4)
    here = sol.at(middle)
    again = solve(middle, exact=True)
    assert isinstance(here, Odds)
    assert here.utility == again.value()
    assert here.win_probability == again.win_probability()
    assert here.outcome_probabilities == again.outcome_probabilities()
    assert here.expected_resources == again.expected_resources()
    assert solve_from(sol, middle) == here
    assert sol.policy(middle, Rng(1)) == again.best_action(middle)
    with pytest.raises(OddsError, match="not reachable"):
        sol.at(DuelState((9, 9), 1))
    with pytest.raises(OddsError, match="not a decision node"):
        sol.best_action(DuelState((3, 3), 1))


# --- Self-loops, budgets and games that never end (plain protocol states, not GameState).


@dataclass(frozen=True)
class Tiny:
    """A hand-made graph: `node` names the state; EDGES says what each one does."""

    node: str

    def actor(self) -> Actor:
        spec = EDGES[self.node]
        if spec[0] == "end":
            return TERMINAL
        return CHANCE if spec[0] == "chance" else 0

    def legal_actions(self) -> Sequence[Action]:
        spec = EDGES[self.node]
        return tuple(name for name, _ in spec[1]) if spec[0] == "decide" else ()

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        spec = EDGES[self.node]
        return tuple((name, p) for name, p in spec[1]) if spec[0] == "chance" else ()

    def apply(self, move: Move) -> State:
        kind, edges = EDGES[self.node]
        return Tiny(str(dict(edges)[move]) if kind == "decide" else str(move))

    def result(self) -> Result:
        spec = EDGES[self.node]
        return Result(self.node, (0,) if spec[1] else ())


EDGES: dict[str, tuple[str, tuple[tuple[str, object], ...]]] = {
    "won": ("end", (("", 1),)),
    "also won": ("end", (("", 1),)),
    "lost": ("end", ()),
    "toss": ("chance", (("won", Fraction(1, 2)), ("lost", Fraction(1, 3)), ("toss", Fraction(1, 6)))),
    "forever": ("chance", (("forever", Fraction(1)),)),
    "ping": ("chance", (("pong", Fraction(1)),)),
    "pong": ("chance", (("ping", Fraction(1)),)),
    "stuck": ("decide", (("wait", "stuck"),)),
    "loop": ("decide", (("wait", "back"),)),
    "back": ("chance", (("loop", Fraction(1)),)),
    "dither": ("decide", (("wait", "return"), ("go", "lost"))),
    "return": ("chance", (("dither", Fraction(1)),)),
    "fork": ("decide", (("left", "won"), ("right", "also won"))),
    "circle": ("decide", (("wait", "spin"), ("go", "won"))),
    "spin": ("chance", (("circle", Fraction(1, 2)), ("also won", Fraction(1, 2)))),
    "gamble": ("decide", (("wait", "gamble"), ("toss", "toss"), ("concede", "lost"))),
}


def test_a_chance_self_loop_is_folded_by_renormalising() -> None:
    exact = solve(Tiny("toss"), exact=True)
    assert exact.win_probability() == Fraction(1, 2) / (1 - Fraction(1, 6)) == Fraction(3, 5)
    assert exact.outcome_probabilities() == {"won": Fraction(3, 5), "lost": Fraction(2, 5)}
    assert exact.states == 3
    fast = solve(Tiny("toss"))
    assert fast.value() == pytest.approx(0.6, abs=1e-12)
    assert isinstance(fast.value(), float)


def test_an_action_back_to_the_same_state_is_never_chosen() -> None:
    sol = solve(Tiny("gamble"), exact=True)
    assert sol.best_action(Tiny("gamble")) == "toss"
    values = sol.action_values(Tiny("gamble"))
    assert values["wait"].utility == sol.value() == Fraction(3, 5)
    assert values["concede"].utility == 0


@pytest.mark.parametrize("exact", [True, False])
def test_ties_go_to_the_first_legal_action(exact: bool) -> None:
    fork = solve(Tiny("fork"), exact=exact)
    assert fork.best_action(Tiny("fork")) == "left"
    assert fork.outcome_probabilities() == {"won": 1, "also won": 0}
    circle = solve(Tiny("circle"), exact=exact)
    assert circle.best_action(Tiny("circle")) == "wait"
    assert circle.outcome_probabilities()["also won"] == pytest.approx(1, abs=1e-12)
    assert circle.value() == pytest.approx(1, abs=1e-12)


def test_a_cycle_with_no_progress_is_left_even_when_nothing_is_gained() -> None:
    sol = solve(Tiny("dither"), exact=True)
    assert sol.best_action(Tiny("dither")) == "go"
    assert sol.value() == 0


@pytest.mark.parametrize(
    ("node", "message"),
    [
        ("forever", "never end"),
        ("ping", "never end"),
        ("loop", "never end"),
        ("stuck", "makes progress"),
    ],
)
def test_a_game_that_never_ends_is_refused(node: str, message: str) -> None:
    with pytest.raises(OddsError, match=message):
        solve(Tiny(node))


def test_the_state_budget_is_enforced() -> None:
    with pytest.raises(OddsError, match="budget of 50 states"):
        solve(DuelState((3, 3), 1), budget=50)
    assert solve(DuelState((1, 1), 0), budget=15).states == 15


# --- Objectives with resource worth.


def test_rerolls_worth_keeping_stop_the_rerolling() -> None:
    start = DuelState((3, 3), 1)
    low = DuelState((3, 3), 1, "decide", 1)
    plain = solve(start, exact=True)
    hoard = solve(start, Objective(resource_worth={"rerolls": 1}), exact=True)
    assert plain.best_action(low) == "reroll"
    assert hoard.best_action(low) == "keep"
    assert hoard.expected_resources()["rerolls"] == 1
    assert plain.expected_resources()["rerolls"] < 1
    assert hoard.win_probability() == Fraction(1, 2)
    assert hoard.value() == Fraction(1, 2) + 1
    cheap = solve(start, Objective(resource_worth={"rerolls": Fraction(1, 1000)}), exact=True)
    assert cheap.best_action(low) == "reroll"


# --- Property: exact figures are a distribution; float mode agrees with them.


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 3), st.integers(1, 3), st.integers(0, 1), st.integers(0, 2))
def test_float_mode_agrees_with_exact(mine: int, theirs: int, rerolls: int, worth: int) -> None:
    objective = Objective(resource_worth={"hp": Fraction(worth, 10)})
    exact = solve(DuelState((mine, theirs), rerolls), objective, exact=True)
    fast = solve(DuelState((mine, theirs), rerolls), objective)
    outcomes = exact.outcome_probabilities()
    assert sum(outcomes.values()) == 1
    assert all(isinstance(p, Fraction) for p in outcomes.values())
    assert abs(fast.value() - exact.value()) < 1e-9
    assert abs(fast.win_probability() - exact.win_probability()) < 1e-9
    for label, p in fast.outcome_probabilities().items():
        assert abs(p - outcomes[label]) < 1e-9
    for name, amount in fast.expected_resources().items():
        assert abs(amount - exact.expected_resources()[name]) < 1e-9


# --- Two players: a race where each player decides (maxN), with cycles through both players.

GOAL = 4


@dataclass(frozen=True, slots=True)
class Race(GameState):
    """pos: each runner's position; turn: who moves; phase: move (decide), dash (chance) or over."""

    pos: tuple[int, int] = (0, 0)
    turn: int = 0
    phase: str = "move"

    def actor(self) -> Actor:
        if self.phase == "over":
            return TERMINAL
        return self.turn if self.phase == "move" else CHANCE

    def _actions(self) -> Sequence[Action]:
        return ("walk", "dash")

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return (("far", Fraction(1, 3)), ("trip", Fraction(2, 3)))

    def _apply(self, move: Move) -> Race:
        if move == "dash":
            return Race(self.pos, self.turn, "dash")
        step = {"walk": 1, "far": 3, "trip": 0}[str(move)]
        pos = list(self.pos)
        pos[self.turn] += step
        if pos[self.turn] >= GOAL:
            return Race((pos[0], pos[1]), self.turn, "over")
        return Race((pos[0], pos[1]), 1 - self.turn, "move")

    def result(self) -> Result:
        return Result(f"player {self.turn} wins", (self.turn,))


def _race_oracle() -> dict[tuple[int, int, int], float]:
    """P(player 0 wins) at each move state, by value iteration: player 0 maximises, player 1 minimises."""
    keys = [(a, b, t) for a in range(GOAL) for b in range(GOAL) for t in (0, 1)]
    v = dict.fromkeys(keys, 0.5)

    def after(a: int, b: int, t: int, step: int) -> float:
        pos = [a, b]
        pos[t] += step
        if pos[t] >= GOAL:
            return 1.0 if t == 0 else 0.0
        return v[(pos[0], pos[1], 1 - t)]

    for _ in range(10_000):
        change = 0.0
        for a, b, t in keys:
            walk = after(a, b, t, 1)
            dash = after(a, b, t, 3) / 3 + after(a, b, t, 0) * 2 / 3
            new = max(walk, dash) if t == 0 else min(walk, dash)
            change = max(change, abs(new - v[(a, b, t)]))
            v[(a, b, t)] = new
        if change < 1e-15:
            break
    return v


def test_two_players_each_maximise_their_own_utility() -> None:
    oracle = _race_oracle()
    fast = solve(Race())
    exact = solve(Race(), exact=True)
    assert fast.players == 2
    assert fast.value(0) == pytest.approx(oracle[(0, 0, 0)], abs=1e-9)
    assert exact.value(0) + exact.value(1) == 1
    assert abs(float(exact.value(0)) - oracle[(0, 0, 0)]) < 1e-9
    checked = 0
    for (a, b, t), _ in oracle.items():
        state = Race((a, b), t)
        values = exact.action_values(state)
        walk, dash = (float(values[x].utility) for x in ("walk", "dash"))
        mine = oracle[(a, b, t)] if t == 0 else 1 - oracle[(a, b, t)]
        assert max(walk, dash) == pytest.approx(mine, abs=1e-9)
        if abs(walk - dash) > 1e-9:
            assert exact.best_action(state) == ("walk" if walk > dash else "dash")
            checked += 1
    assert checked > 10


def test_a_sure_step_to_the_goal_is_taken() -> None:
    sol = solve(Race((3, 3), 1), exact=True)
    assert sol.best_action(Race((3, 3), 1)) == "walk"
    assert sol.value(1) == 1
    assert sol.win_probability(0) == 0
    with pytest.raises(OddsError, match="no player 2"):
        sol.value(2)
