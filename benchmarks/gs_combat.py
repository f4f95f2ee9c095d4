"""Grey Star combats: the exact solver on `CombatState`, with and without the state's compact protocol.

Cases are combats of growing size, up to COMBAT SKILL 12, ENDURANCE 22, WILLPOWER 22 against 18/24
(62,915 states: every round a choice of up to 23 WILLPOWER spends, then a random number). For each: the
median time of `solve` in float mode (reading the win probability); of the same solve through a wrapper
that shows the solver only the bare protocol (`actor`, `legal_actions`, `chance_outcomes`, `apply`: the
path every other game takes), which is what the compact protocol (`odds_key`, `odds_expand`,
`odds_state`) saves; of exact mode on the smaller cases; and of merely walking the states through the
compact protocol (the combat's own code). Both paths must give the same win probability.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks import Row, median_seconds, ratio, timed
from benchmarks.ff_fight import Plain, compact_walk
from grognard.engine.game import State
from grognard.engine.odds import solve
from grognard.systems.grey_star.combat import CombatState

NAME = "gs_combat"
CASES = (
    (CombatState(12, 10, 6, 17, 12), True),
    (CombatState(12, 16, 12, 19, 18), True),
    (CombatState(12, 22, 22, 18, 24), False),
)
"""Each combat, and whether exact mode is timed too."""


def _ours(state: State, exact: bool = False) -> Callable[[], float]:
    return lambda: float(solve(state, exact=exact).win_probability())


def run() -> list[Row]:
    """Time each combat's solve, fast path against plain protocol; answers are cross-checked first."""
    rows: list[Row] = []
    for state, with_exact in CASES:
        case = (
            f"CS {state.combat_skill} EP {state.endurance} WP {state.willpower} "
            f"vs {state.enemy_skill}/{state.enemy_endurance}"
        )
        fast = _ours(state)()
        plain = _ours(Plain(state))()
        if abs(fast - plain) > 1e-12:
            raise AssertionError(f"the plain path ({plain}) disagrees with the fast one ({fast}) at {case}")
        t_fast = median_seconds(_ours(state), repeats=5, budget=1.0)
        t_plain = median_seconds(_ours(Plain(state)), repeats=3, budget=1.0)
        t_walk = median_seconds(lambda state=state: compact_walk(state), repeats=5, budget=1.0)
        rows += [
            Row(NAME, case, "states solved", solve(state).states, ""),
            Row(NAME, case, "win probability", fast, ""),
            timed(NAME, case, "grognard float", t_fast),
            timed(NAME, case, "same, plain protocol", t_plain),
            timed(NAME, case, "compact protocol walk only", t_walk),
            ratio(NAME, case, "float / plain protocol", t_fast, t_plain),
            ratio(NAME, case, "float / walk", t_fast, t_walk),
        ]
        if with_exact:
            rows.append(timed(NAME, case, "grognard exact", median_seconds(_ours(state, True), repeats=3)))
    return rows
