"""Grey Star combats: the exact solver state by state (before), through the combat's position view, and by
the combat's dedicated recursion (`fight_solve`, what play and `odds` use).

Cases are combats of growing size, up to the audit's fight: COMBAT SKILL 19, ENDURANCE 27, WILLPOWER 24
against 24/45 (249,180 states one by one, 22,897 positions; every round a choice of up to 25 WILLPOWER
spends, then a random number). For each: the least CPU time of a few runs (other work on the machine
does not count) of `solve(positions=False)` in float mode (the state-by-state path every fight took
before), of `solve` through the position view (`fight_view`), of `solve_fight`, and of the whole advice
a reader sees in play (`advise` with the play's worths: the solve, the figures of every spend, the
spend-one policy); exact mode on the smaller cases. All paths must give the same win probability.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks import Row, ratio, timed
from benchmarks.ff_fight import cpu_seconds
from grognard.engine.odds.solver import solve
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.fight_solve import solve_fight
from grognard.systems.grey_star.odds import advise

NAME = "gs_combat"
CASES = (
    (CombatState(12, 10, 6, 17, 12), True),
    (CombatState(12, 16, 12, 19, 18), True),
    (CombatState(12, 22, 22, 18, 24), False),
    (CombatState(19, 27, 24, 24, 45), False),
)
"""Each combat, and whether exact mode is timed too."""

BUDGET = 10**7


def _states(state: CombatState, exact: bool = False) -> Callable[[], float]:
    return lambda: float(solve(state, exact=exact, budget=BUDGET, positions=False).win_probability())


def _view(state: CombatState) -> Callable[[], float]:
    return lambda: float(solve(state, budget=BUDGET).win_probability())


def _dedicated(state: CombatState, exact: bool = False) -> Callable[[], float]:
    return lambda: float(solve_fight(state, exact=exact, budget=BUDGET).win_probability())


def _advice(state: CombatState) -> Callable[[], float]:
    return lambda: float(advise(state, willpower_worth=0.005, endurance_worth=0.002).p_win_optimal)


def run() -> list[Row]:
    """Time each combat by every path; answers are cross-checked first."""
    rows: list[Row] = []
    for state, with_exact in CASES:
        case = (
            f"CS {state.combat_skill} EP {state.endurance} WP {state.willpower} "
            f"vs {state.enemy_skill}/{state.enemy_endurance}"
        )
        answers = [f() for f in (_states(state), _view(state), _dedicated(state))]
        if max(answers) - min(answers) > 1e-12:
            raise AssertionError(f"the paths disagree at {case}: {answers}")
        t_states = cpu_seconds(_states(state), repeats=3, budget=8.0)
        t_view = cpu_seconds(_view(state), repeats=5, budget=4.0)
        t_dedicated = cpu_seconds(_dedicated(state), repeats=5, budget=4.0)
        t_advice = cpu_seconds(_advice(state), repeats=5, budget=4.0)
        rows += [
            Row(
                NAME,
                case,
                "states solved one by one",
                solve(state, positions=False, budget=BUDGET).states,
                "",
            ),
            Row(NAME, case, "positions solved", solve_fight(state, budget=BUDGET).states, ""),
            Row(NAME, case, "win probability", answers[0], ""),
            timed(NAME, case, "state by state (before)", t_states),
            timed(NAME, case, "position view", t_view),
            timed(NAME, case, "dedicated recursion", t_dedicated),
            timed(NAME, case, "advice in play (all figures)", t_advice),
            ratio(NAME, case, "position view / state by state", t_view, t_states),
            ratio(NAME, case, "dedicated / state by state", t_dedicated, t_states),
            ratio(NAME, case, "advice / state-by-state solve", t_advice, t_states),
        ]
        if with_exact:
            t_exact_states = cpu_seconds(_states(state, True), repeats=3)
            t_exact = cpu_seconds(_dedicated(state, True), repeats=3)
            rows += [
                timed(NAME, case, "exact, state by state", t_exact_states),
                timed(NAME, case, "exact, dedicated", t_exact),
                ratio(NAME, case, "exact: dedicated / state by state", t_exact, t_exact_states),
            ]
    return rows
