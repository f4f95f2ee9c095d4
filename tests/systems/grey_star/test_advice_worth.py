"""The advice weighs how a fight can end in the book, and keeps WILLPOWER, then ENDURANCE, on ties.

A fight the book stops after a number of rounds (docs/rulings/grey-star.md, "rounds") leads on to a section
when Grey Star outlasts it; by default that ending is worth as much as a win (docs/formats/gamebook.md,
"worth"), so the advice need not spend WILLPOWER with the Staff (001_2055bbb054c2d265.txt:5-12) to kill
what can be outlasted. The dedicated solver and the engine's graph solver break ties the same way.
"""

from __future__ import annotations

from fractions import Fraction

from grognard.engine.odds.solver import solve
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.fight_solve import solve_fight
from grognard.systems.grey_star.odds import CombatAdvisor, objective

CHOIR = CombatState(16, 21, 13, 14, 22, rounds_left=3)
"""The sample book's Drowned Choir (section 40): three rounds against COMBAT SKILL 14, ENDURANCE 22."""

OUTLAST = {"win": Fraction(1), "evaded": Fraction(1), "rounds-over": Fraction(1)}


def spent(advisor: CombatAdvisor, state: CombatState) -> Fraction:
    return Fraction(advisor.advise(state).expected_willpower_spent)


def test_outlasting_counts_as_much_as_a_win_and_spends_less_willpower() -> None:
    killing = CombatAdvisor(exact=True)
    outlasting = CombatAdvisor(exact=True, endings=OUTLAST)
    kill = killing.advise(CHOIR)
    last = outlasting.advise(CHOIR)
    survive_kill = 1 - kill.outcomes.get("dead", 0)
    survive_last = 1 - last.outcomes.get("dead", 0)
    assert survive_last >= survive_kill
    assert last.utility == survive_last
    assert last.expected_willpower_spent < kill.expected_willpower_spent
    assert kill.p_win_optimal > last.p_win_optimal


def test_ties_keep_willpower_as_the_graph_solver_does() -> None:
    """Where surviving is certain whatever is spent, no WILLPOWER is spent for nothing; the dedicated
    recursion (`fight_solve`) and the engine's state-by-state solve agree exactly."""
    for state, endings in (
        (CHOIR, OUTLAST),
        (CombatState(20, 25, 6, 10, 6), {}),
        (CombatState(14, 12, 5, 13, 9), {}),
    ):
        goal = objective(endings=endings)
        dedicated = solve_fight(state, goal, exact=True, budget=10**6)
        graph = solve(state, goal, exact=True, positions=False)
        assert dedicated.value() == graph.value()
        assert dedicated.expected_resources() == {
            k: v for k, v in graph.expected_resources().items() if k in dedicated.expected_resources()
        }
        assert dedicated.best_action(state) == graph.best_action(state)
    sure = CombatState(20, 25, 6, 10, 6)
    assert solve_fight(sure, objective(), exact=True, budget=10**6).win_probability() == 1
    assert solve_fight(sure, objective(), exact=True, budget=10**6).expected_resources()["WILLPOWER"] == 6
