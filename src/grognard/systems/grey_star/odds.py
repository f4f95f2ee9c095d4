"""Exact odds and advice for a Grey Star combat, through the combat's own solver (`fight_solve`).

`advise(state)` answers at any decision of a combat: the chance of winning with the best WILLPOWER
spending (and evading, where offered and better), the best action, the chance when spending 1 WILLPOWER
every round, and for every action open now its chance of winning, the WILLPOWER expected to be spent
and the ENDURANCE expected to be lost over the whole fight. By default only a win counts; a worth per
point of WILLPOWER and ENDURANCE kept weighs the fight against the rest of the book (a dead Grey Star
keeps nothing). `CombatAdvisor` keeps the last solution, so advice during one fight is solved once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.errors import OddsError, UsageError
from grognard.engine.game import Action, Actor, GameState, Move, Outcome, Result
from grognard.engine.odds.base import Number, Objective, Odds, Solution
from grognard.engine.odds.solver import DEFAULT_BUDGET, solve
from grognard.i18n import gettext as _
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import parse_action, spend_action
from grognard.systems.grey_star.fight_solve import Progress, solve_fight
from grognard.systems.grey_star.fight_view import FightView, fits


def clearly_too_large(state: CombatState, budget: int) -> bool:
    """True when a fight plainly has more positions than `budget`, so the solver is not started.

    A fight reaches about every (ENDURANCE, WILLPOWER, enemy ENDURANCE) below its start (measured: 25/999/30
    has 0.8 million positions); an eighth of that product is taken as the least it has, and each
    WILLPOWER spend open at the first decision is a position of its own.
    """
    willpower = max(state.willpower, 0)
    estimate = (state.endurance + 1) * (willpower + 1) * (state.enemy_endurance + 1) // 8
    return estimate > budget or (willpower + 1) * (2 if state.can_evade else 1) > budget


@dataclass(frozen=True, slots=True)
class SpendOne(GameState):
    """The spend-one policy as a one-choice game: 1 WILLPOWER every round while the Staff's magic is
    open, else the Staff (or weapon) without it; never evading."""

    inner: CombatState

    def actor(self) -> Actor:
        """The wrapped combat's actor."""
        return self.inner.actor()

    def _actions(self) -> Sequence[Action]:
        return (spend_action(1 if self.inner.magic_open else 0),)

    def odds_view(self, exact: bool) -> FightView | None:
        """The combat's position view with this one option per round (`fight_view.FightView`)."""
        return FightView(self.inner, exact, spend_one=True, wrap=SpendOne) if fits(self.inner) else None

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return self.inner.chance_outcomes()

    def _apply(self, move: Move) -> SpendOne:
        nxt = self.inner.apply(move)
        assert isinstance(nxt, CombatState)
        return SpendOne(nxt)

    def result(self) -> Result:
        """The wrapped combat's result."""
        return self.inner.result()


@dataclass(frozen=True)
class ActionOdds:
    """The figures of one action open now, followed by the best play after it."""

    action: Action
    spend: int
    evade: bool
    p_win: Number
    expected_willpower_spent: Number
    expected_endurance_lost: Number
    utility: Number
    outcomes: dict[str, Number]


@dataclass(frozen=True)
class CombatAdvice:
    """The advice at one decision of a combat.

    `p_win_optimal` and `utility` are under the best play for the objective; `best_action` is its
    choice now ("spend:N" or "evade:N"), `best_first_spend` the WILLPOWER it spends; `p_win_spend_one`
    is the chance of winning when spending 1 WILLPOWER every round; `actions` holds every action open.
    """

    p_win_optimal: Number
    utility: Number
    best_action: Action
    best_first_spend: int
    best_evades: bool
    p_win_spend_one: Number
    expected_willpower_spent: Number
    expected_endurance_lost: Number
    outcomes: dict[str, Number]
    actions: tuple[ActionOdds, ...]
    states: int

    def to_json(self) -> dict[str, object]:
        """JSON-safe data: Fractions as text "p/q"; floats rounded to 12 decimals, probabilities kept
        within [0, 1] and amounts spent or lost at 0 or above (float sums leave noise such as
        1.0000000000000007 or -4.4e-16 that no exact figure has)."""
        return {
            "p_win_optimal": _p(self.p_win_optimal),
            "utility": _j(self.utility),
            "best_action": self.best_action,
            "best_first_spend": self.best_first_spend,
            "best_evades": self.best_evades,
            "p_win_spend_one": _p(self.p_win_spend_one),
            "expected_willpower_spent": _amount(self.expected_willpower_spent),
            "expected_endurance_lost": _amount(self.expected_endurance_lost),
            "outcomes": {k: _p(v) for k, v in self.outcomes.items()},
            "spends": [
                {
                    "action": a.action,
                    "spend": a.spend,
                    "evade": a.evade,
                    "p_win": _p(a.p_win),
                    "expected_willpower_spent": _amount(a.expected_willpower_spent),
                    "expected_endurance_lost": _amount(a.expected_endurance_lost),
                    "utility": _j(a.utility),
                }
                for a in self.actions
            ],
            "states": self.states,
        }


JSON_DECIMALS = 12
"""Decimals a float figure keeps in JSON (the solver's float noise is around 1e-15)."""


def _j(x: Number, low: float | None = None, high: float | None = None) -> float | str:
    if not isinstance(x, float):
        return f"{x.numerator}/{x.denominator}"
    if low is not None and x < low:
        x = low
    if high is not None and x > high:
        x = high
    return round(x, JSON_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def _p(x: Number) -> float | str:
    return _j(x, 0.0, 1.0)


def _amount(x: Number) -> float | str:
    return _j(x, 0.0)


KEEP = ("WILLPOWER", "ENDURANCE")
"""What the advice keeps among plays of equal worth: more WILLPOWER, then more ENDURANCE."""


def objective(
    willpower_worth: Number = 0, endurance_worth: Number = 0, endings: Mapping[str, Number] | None = None
) -> Objective:
    """A win is worth 1 (or `endings[label]` for an ending the book gives a worth, such as outlasting a
    fight limited to N rounds); each point of WILLPOWER and ENDURANCE kept is worth what is given. Ties go
    to the play that keeps more WILLPOWER, then more ENDURANCE (`KEEP`)."""
    worth: dict[str, Number] = {}
    if willpower_worth:
        worth["WILLPOWER"] = willpower_worth
    if endurance_worth:
        worth["ENDURANCE"] = endurance_worth
    return Objective(1, worth, dict(endings or {}), KEEP)


def _check_decision(state: CombatState) -> None:
    if not isinstance(state, CombatState) or state.phase != "decide":
        raise UsageError(_("advice needs a combat at a decision, not {state!r}").format(state=state))


def spend_one_odds(state: CombatState, *, exact: bool = False, budget: int = DEFAULT_BUDGET) -> Odds:
    """The figures of spending 1 WILLPOWER every round from `state` (never evading)."""
    _check_decision(state)
    wrapped = SpendOne(state)
    return solve(wrapped, exact=exact, budget=budget).at(wrapped)


def _figures(state: CombatState, odds: Odds) -> tuple[Number, Number]:
    spent = state.willpower - odds.expected_resources.get("WILLPOWER_LEFT", state.willpower)
    lost = state.endurance - odds.expected_resources.get("ENDURANCE", state.endurance)
    return spent, lost


class CombatAdvisor:
    """Advice for the decisions of a combat, solving once per fight and reusing the solution."""

    def __init__(
        self,
        willpower_worth: Number = 0,
        endurance_worth: Number = 0,
        *,
        exact: bool = False,
        budget: int = DEFAULT_BUDGET,
        progress: Progress | None = None,
        endings: Mapping[str, Number] | None = None,
    ) -> None:
        self.objective = objective(willpower_worth, endurance_worth, endings)
        self.exact = exact
        self.budget = budget
        self.progress = progress
        """Called now and then with the positions solved so far, while a fight is being solved."""
        self._solution: Solution | None = None

    def solution(self, state: CombatState) -> Solution:
        """A solution covering `state`: the last one when `state` is reachable from it, else a new one
        (by the dedicated recursion of `fight_solve`; the engine's solver for a combat too large to pack)."""
        if self._solution is not None:
            try:
                self._solution.at(state)
                return self._solution
            except OddsError:  # not reachable from the last root: solve afresh
                pass
        if fits(state):
            self._solution = solve_fight(
                state, self.objective, exact=self.exact, budget=self.budget, progress=self.progress
            )
        else:
            self._solution = solve(state, self.objective, exact=self.exact, budget=self.budget)
        return self._solution

    def advise(self, state: CombatState) -> CombatAdvice:
        """The advice at a decision `state` (see `CombatAdvice`)."""
        _check_decision(state)
        sol = self.solution(state)
        here = sol.at(state)
        best = sol.best_action(state)
        rows: list[ActionOdds] = []
        for action, value in sol.action_values(state).items():
            spend, evade = parse_action(action)
            spent, lost = _figures(state, value)
            rows.append(
                ActionOdds(
                    action,
                    spend,
                    evade,
                    value.win_probability,
                    spent,
                    lost,
                    value.utility,
                    dict(value.outcome_probabilities),
                )
            )
        one = spend_one_odds(state, exact=self.exact, budget=self.budget).win_probability
        spent, lost = _figures(state, here)
        best_spend, best_evade = parse_action(best)
        return CombatAdvice(
            p_win_optimal=here.win_probability,
            utility=here.utility,
            best_action=best,
            best_first_spend=best_spend,
            best_evades=best_evade,
            p_win_spend_one=one,
            expected_willpower_spent=spent,
            expected_endurance_lost=lost,
            outcomes=dict(here.outcome_probabilities),
            actions=tuple(rows),
            states=sol.states,
        )


def advise(
    state: CombatState,
    *,
    willpower_worth: Number = 0,
    endurance_worth: Number = 0,
    exact: bool = False,
    budget: int = DEFAULT_BUDGET,
    progress: Progress | None = None,
) -> CombatAdvice:
    """The advice at one decision of a combat, solved from scratch (see `CombatAdvisor` to reuse)."""
    advisor = CombatAdvisor(willpower_worth, endurance_worth, exact=exact, budget=budget, progress=progress)
    return advisor.advise(state)
