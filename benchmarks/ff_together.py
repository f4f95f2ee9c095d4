"""Fighting Fantasy fights against two creatures together with a Potion of Fortune (issue #15).

Cases: 10/20/9 against SKILL 9 STAMINA 12 and SKILL 8 STAMINA 8 (the issue's), and the sample book's
two fights of that kind (the grave ghouls with an escape, the skeleton guards), all with a Potion of
Fortune. Timed as CPU time (`time.process_time`), least of the runs: the solve by positions
(`fight_solve`, float mode, reading the win probability); everything `grognard ff odds` computes
(`fight_odds`: the best Luck policy, no Luck, outcomes, resources, the first wound's choices); and, once,
the state-by-state solve the fight used before (`engine.odds.solver.solve`, which took 11 to 55 seconds). The
ratio is state by state over positions. Both answers are checked equal (to 1e-12) before the times are
reported.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks import Row, ratio, timed
from grognard.engine.odds.solver import solve
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.fight_solve import solve_fight
from grognard.systems.fighting_fantasy.odds import fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet

NAME = "ff_together"

CASES: list[tuple[str, list[tuple[int, int]], FightRules]] = [
    ("10/20/9 Fortune vs 9/12 + 8/8", [(9, 12), (8, 8)], FightRules(together=True)),
    ("10/20/9 Fortune vs grave ghouls", [(6, 6), (6, 5)], FightRules(together=True, can_escape=True)),
    ("10/20/9 Fortune vs skeleton guards", [(6, 6), (6, 6)], FightRules(together=True)),
]


def _state(foes: list[tuple[int, int]], rules: FightRules) -> FightState:
    sheet = AdventureSheet.new(10, 20, 9, "fortune")
    return start_fight(sheet, [Creature(f"C{i}", s, st) for i, (s, st) in enumerate(foes)], rules)


def _cpu(work: Callable[[], object], runs: int) -> tuple[float, object]:
    best = float("inf")
    answer: object = None
    for _ in range(runs):
        start = time.process_time()
        answer = work()
        best = min(best, time.process_time() - start)
    return best, answer


def run() -> list[Row]:
    """Time each case by positions and state by state."""
    rows: list[Row] = []
    objective = fight_objective()
    budget = 5_000_000
    for case, foes, rules in CASES:
        state = _state(foes, rules)
        fast, new = _cpu(lambda s=state: float(solve_fight(s, objective, budget=budget).win_probability()), 3)
        whole, _ = _cpu(lambda s=state: fight_odds(s, objective, budget), 2)
        slow, old = _cpu(lambda s=state: float(solve(s, objective, budget=budget).win_probability()), 1)
        assert isinstance(new, float) and isinstance(old, float)
        assert abs(new - old) <= 1e-12, (case, new, old)
        rows.append(timed(NAME, case, "positions: solve", fast))
        rows.append(timed(NAME, case, "positions: ff odds", whole))
        rows.append(timed(NAME, case, "state by state: solve", slow))
        rows.append(ratio(NAME, case, "state by state / positions", slow, fast))
    return rows
