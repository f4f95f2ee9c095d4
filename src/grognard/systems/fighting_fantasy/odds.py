"""Exact odds and advice for fights, from the same rules code the fights are played with.

The reader's LUCK, STAMINA and potion carry on through the book, so the solver maximises an expected
utility: a win is worth `win`, and so is every other way out of the fight but death (an escape, a fight
stopped after some rounds) unless told otherwise, as in a book's fight (`Fight.ending_worths`); each
point of LUCK kept is worth `luck_worth`, each point of STAMINA `stamina_worth` and each measure of
potion left `potion_worth` (by default only the way the fight ends counts). Everything here returns data;
nothing prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE
from grognard.engine.odds.base import Number, Objective, Odds, Solution
from grognard.engine.odds.solver import DEFAULT_BUDGET, solve
from grognard.systems.fighting_fantasy.fight import FightState
from grognard.systems.fighting_fantasy.fight_rules import (
    ASK_LUCK,
    DEAD,
    ENDS,
    ESCAPED,
    FLEE,
    HERO_FLOOR,
    HERO_WOUNDS,
    ROUNDS_OVER,
    WIN,
    FightSpec,
)
from grognard.systems.fighting_fantasy.fight_solve import fits, solve_fight

KEEP = ("POTION", "LUCK", "STAMINA")
"""What the advice keeps among actions of equal worth: more measures of potion (none drunk where it
changes nothing), then more LUCK, then more STAMINA."""


POTION_WORTH = 0.05
"""The advice's default worth of a measure of potion kept, against 1 for a win: about what a measure gives
back when drunk at need later in the book (ten points of STAMINA at the default 0.005 a point, five of
LUCK at 0.01), so that a measure is not drunk for a point or two at a fight already won
(docs/rulings/fighting-fantasy.md, "Advice: what a measure of potion is worth")."""


def book_endings(win: Number = 1) -> dict[str, Number]:
    """The worth of each way a fight can end but a win and death, as a book's fight counts it when it
    says nothing (`Fight.ending_worths`): `win`, since every such ending goes on with the adventure."""
    return {label: win for label in ENDS if label not in (WIN, DEAD)}


def fight_objective(
    luck_worth: float = 0.0,
    stamina_worth: float = 0.0,
    win: float = 1.0,
    endings: Mapping[str, Number] | None = None,
    potion_worth: float = 0.0,
) -> Objective:
    """The utility of a fight's end: `win` for a win, `endings[label]` for another way out (None: each
    worth a win, as a book counts them, `book_endings`; an escape is one), plus the worth of each point
    of LUCK and STAMINA and each measure of potion kept. Ties go to the action that keeps more potion,
    then LUCK, then STAMINA (`KEEP`)."""
    worth: dict[str, Number] = {}
    if luck_worth:
        worth["LUCK"] = luck_worth
    if stamina_worth:
        worth["STAMINA"] = stamina_worth
    if potion_worth:
        worth["POTION"] = potion_worth
    ends = book_endings(win) if endings is None else dict(endings)
    return Objective(win=win, resource_worth=worth, ending_worth=ends, keep=KEEP)


def _reachable(objective: Objective, spec: FightSpec) -> Objective:
    """`objective` without the worth of endings this fight cannot reach (none of its figures changes),
    so that a fight where only a win counts is solved by the solvers' shorter way."""
    rules = spec.rules
    possible = {
        WIN: True,
        ESCAPED: rules.can_escape,
        HERO_FLOOR: rules.hero_floor > 0,
        HERO_WOUNDS: rules.hero_wounds > 0,
        ROUNDS_OVER: rules.max_rounds > 0,
    }
    kept = {k: v for k, v in objective.ending_worth.items() if possible.get(k, True)}
    if len(kept) == len(objective.ending_worth):
        return objective
    return replace(objective, ending_worth=kept)


@dataclass(frozen=True)
class Figures:
    """The figures of one position or one action under optimal play from there on."""

    utility: float
    win_probability: float
    expected_luck: float
    expected_stamina: float
    outcome_probabilities: dict[str, float]

    @classmethod
    def of(cls, odds: Odds) -> Figures:
        """The figures of the solver's `Odds` (or `ActionValue`)."""
        return cls(
            float(odds.utility),
            float(odds.win_probability),
            float(odds.expected_resources.get("LUCK", 0)),
            float(odds.expected_resources.get("STAMINA", 0)),
            {k: float(v) for k, v in odds.outcome_probabilities.items()},
        )


@dataclass(frozen=True)
class Advice:
    """Advice at a position: its figures, what each legal action is worth, and the best one (if a choice)."""

    figures: Figures
    actions: dict[str, Figures]
    best: str | None


def solve_odds(
    state: FightState, objective: Objective, *, exact: bool = False, budget: int = DEFAULT_BUDGET
) -> Solution:
    """Solve the fight of `state`: by its positions (`fight_solve`) when several creatures, an escape or
    a potion make it more than the round view covers, else with the engine's solver (the round view
    for one creature, the states for fights limited to a number of rounds or wounds)."""
    objective = _reachable(objective, state.spec)
    if fits(state.spec, state.measures) and not any(state.counts):
        try:
            return solve_fight(state, objective, exact=exact, budget=budget)
        except RecursionError:
            pass  # a fight too long for the recursion (custom creatures by the hundred): state by state
    return solve(state, objective, exact=exact, budget=budget)


class FightAdvisor:
    """Solves a fight once and answers for any position reachable from where it was solved."""

    def __init__(self, state: FightState, objective: Objective | None = None) -> None:
        self.objective = objective or fight_objective()
        self.root = state
        self.solution: Solution = solve_odds(state, self.objective)

    def advise(self, state: FightState) -> Advice:
        """The figures at `state` and, at a decision, those of each legal action (solving again if needed)."""
        try:
            here = self.solution.at(state)
        except OddsError:
            self.root = state
            self.solution = solve_odds(state, self.objective)
            here = self.solution.at(state)
        actions: dict[str, Figures] = {}
        best: str | None = None
        if isinstance(state.actor(), int):
            actions = {a: Figures.of(v) for a, v in self.solution.action_values(state).items()}
            best = self.solution.best_action(state)
        return Advice(Figures.of(here), actions, best)


def advise(state: FightState, objective: Objective | None = None) -> Advice:
    """Advice at one position of a fight: win probability, LUCK and STAMINA expected, each action's worth."""
    return FightAdvisor(state, objective).advise(state)


def without_luck(state: FightState) -> FightState:
    """The same position in a fight where Luck is never tested."""
    spec = replace(state.spec, rules=replace(state.spec.rules, use_luck=False))
    if state.phase == ASK_LUCK or state.pending:
        raise OddsError("a position waiting on a Luck test cannot be played without Luck")
    return replace(state, spec=spec)


def without_escape(state: FightState) -> FightState:
    """The same position in a fight where fleeing is not offered (the reader fights it out)."""
    if FLEE in state.pending:
        raise OddsError("a position of a reader fleeing cannot be fought out")
    return replace(state, spec=replace(state.spec, rules=replace(state.spec.rules, can_escape=False)))


@dataclass(frozen=True)
class FightOdds:
    """The odds of a whole fight: winning never testing Luck and with the best Luck policy, the LUCK and
    STAMINA expected at the end under that policy, and the worth of testing Luck at the first wound.
    Where the fight opens on the reader's choice (escape, a potion, a target), `start` holds the figures
    of each action open and `best_start` the one the best play takes ("escape" where fleeing at once
    scores better than fighting); otherwise they are empty and None. Where fleeing is offered,
    `p_win_fighting_on` is the chance of a win for a reader who never flees (best Luck policy), since
    the best play may flee and win nothing; None where it is not offered."""

    p_win_without_luck: float
    p_win_optimal_luck: float
    utility: float
    expected_luck: float
    expected_stamina: float
    outcome_probabilities: dict[str, float]
    first_wound: dict[str, dict[str, Figures]]
    states: int
    start: dict[str, Figures] = field(default_factory=dict)
    best_start: str | None = None
    p_win_fighting_on: float | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-safe data with the figures named as the command line prints them."""
        return {
            "p_win_without_luck": self.p_win_without_luck,
            "p_win_optimal_luck": self.p_win_optimal_luck,
            "utility": self.utility,
            "expected_luck": self.expected_luck,
            "expected_stamina": self.expected_stamina,
            "outcome_probabilities": self.outcome_probabilities,
            "first_wound": {
                label: {a: _figures_json(f) for a, f in acts.items()}
                for label, acts in self.first_wound.items()
            },
            "states": self.states,
            "start": {a: _figures_json(f) for a, f in self.start.items()},
            "best_start": self.best_start,
            "p_win_fighting_on": self.p_win_fighting_on,
        }


def _figures_json(f: Figures) -> dict[str, object]:
    return {
        "utility": f.utility,
        "win_probability": f.win_probability,
        "expected_luck": f.expected_luck,
        "expected_stamina": f.expected_stamina,
    }


def _first_round(state: FightState, solution: Solution) -> FightState | None:
    """The first Attack Round reached from `state` when the reader plays as advised."""
    seen = 0
    while seen < 8 and state.actor() == 0 and state.phase != ASK_LUCK:
        state = state.apply(solution.best_action(state))
        seen += 1
    return state if state.actor() is CHANCE and state.phase != "luck" else None


def first_wound_values(state: FightState, solution: Solution) -> dict[str, dict[str, Figures]]:
    """For each result of the first Attack Round that opens a Luck test: the worth of "luck" and "no-luck"."""
    first = _first_round(state, solution)
    out: dict[str, dict[str, Figures]] = {}
    if first is None:
        return out
    for label, _ in first.chance_outcomes():
        after = first.apply(label)
        if after.phase == ASK_LUCK:
            out[str(label)] = {a: Figures.of(v) for a, v in solution.action_values(after).items()}
    return out


def fight_odds(
    state: FightState, objective: Objective | None = None, budget: int = DEFAULT_BUDGET
) -> FightOdds:
    """The odds of the fight from `state`: with no Luck ever tested and with the best Luck policy, and,
    where fleeing is offered, fighting it out (`OddsError` when a solve meets more than `budget` states)."""
    objective = objective or fight_objective()
    best = solve_odds(state, objective, budget=budget)
    plain = solve_odds(without_luck(state), objective, budget=budget)
    resources: Mapping[str, Number] = best.expected_resources()
    deciding = isinstance(state.actor(), int)
    fighting_on: float | None = None
    if state.spec.rules.can_escape and FLEE not in state.pending:
        fighting_on = float(solve_odds(without_escape(state), objective, budget=budget).win_probability())
    return FightOdds(
        p_win_without_luck=float(plain.win_probability()),
        p_win_optimal_luck=float(best.win_probability()),
        utility=float(best.value()),
        expected_luck=float(resources.get("LUCK", 0)),
        expected_stamina=float(resources.get("STAMINA", 0)),
        outcome_probabilities={k: float(v) for k, v in best.outcome_probabilities().items()},
        first_wound=first_wound_values(state, best),
        states=best.states,
        start={a: Figures.of(v) for a, v in best.action_values(state).items()} if deciding else {},
        best_start=best.best_action(state) if deciding else None,
        p_win_fighting_on=fighting_on,
    )
