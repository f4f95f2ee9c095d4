"""Fights the round view does not cover, solved by positions (`fight_solve`): several creatures together
(000_13d85f0bd5b613c5.txt:27-53 and the ruling in `attack`) or one after another, escape (:55-63), the
potions (:140-149) and Luck in combat (:84-107). Every figure must be the same Fraction as the
state-by-state solve's, at every reachable state, and every best action the same."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from grognard.engine.errors import OddsError
from grognard.engine.odds.base import Objective
from grognard.engine.odds.graph import build
from grognard.engine.odds.solver import GraphSolution, solve
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.fight_solve import FightSolution, fits, solve_fight
from grognard.systems.fighting_fantasy.odds import (
    FightAdvisor,
    fight_objective,
    fight_odds,
    solve_odds,
    without_luck,
)
from grognard.systems.fighting_fantasy.sheet import AdventureSheet


def fight(
    hero: tuple[int, int, int],
    foes: list[tuple[int, ...]],
    rules: FightRules,
    potion: str = "",
    skill_lost: int = 0,
) -> FightState:
    """A fight from a fresh sheet (SKILL `skill_lost` below its Initial value, so a Potion of Skill
    helps); each creature is SKILL, STAMINA and, if given, the damage of its wound."""
    sheet = AdventureSheet.new(*hero, potion)
    sheet = replace(sheet, skill=sheet.skill - skill_lost)
    return start_fight(sheet, [Creature(f"C{i}", *foe) for i, foe in enumerate(foes)], rules)


WORTHS = fight_objective(Fraction(1, 100), Fraction(1, 200))
ENDINGS = fight_objective(endings={"escaped": Fraction(4, 5)})

CASES = [
    ("together, Fortune", fight((9, 6, 4), [(6, 3), (5, 3)], FightRules(together=True), "fortune"), None),
    (
        "together, escape, Strength",
        fight((9, 6, 4), [(6, 3), (5, 3)], FightRules(together=True, can_escape=True), "strength"),
        WORTHS,
    ),
    (
        "one after another, escape, Skill",
        fight((9, 6, 3), [(6, 3), (7, 2)], FightRules(can_escape=True), "skill", skill_lost=2),
        ENDINGS,
    ),
    ("three together", fight((9, 5, 3), [(6, 2), (5, 3), (4, 2)], FightRules(together=True)), WORTHS),
    (
        "no Luck left, Fortune",
        fight((9, 6, 0), [(6, 3), (5, 2)], FightRules(together=True), "fortune"),
        WORTHS,
    ),
    (
        "one creature, escape, floor, Fortune",
        fight((9, 6, 4), [(6, 3)], FightRules(can_escape=True, hero_floor=2), "fortune"),
        ENDINGS,
    ),
    (
        "one after another, escape, wounds of 3 then 1 (the fleeing wound follows)",
        fight((9, 7, 3), [(6, 3, 3), (7, 2, 1)], FightRules(can_escape=True), "strength"),
        WORTHS,
    ),
    (
        "together, escape, wounds of 1 and 3 (the heavier standing)",
        fight((9, 7, 3), [(6, 2, 1), (5, 3, 3)], FightRules(together=True, can_escape=True)),
        ENDINGS,
    ),
    (
        "together, damage 3, creature floor, no drinking",
        fight(
            (8, 7, 4),
            [(7, 4, 3), (6, 3)],
            FightRules(together=True, creature_floor=1, drink=False),
            "fortune",
        ),
        WORTHS,
    ),
]


@pytest.mark.parametrize(("name", "root", "objective"), CASES, ids=[c[0] for c in CASES])
def test_same_figures_as_the_states_at_every_state(
    name: str, root: FightState, objective: Objective | None
) -> None:
    """Utility, win, outcomes and resources equal in Fractions everywhere, and so is each best action."""
    objective = objective or fight_objective()
    for start in (root, without_luck(root)):
        assert fits(start.spec, start.measures)
        states = solve(start, objective, exact=True, positions=False)
        assert isinstance(states, GraphSolution)
        positions = solve_fight(start, objective, exact=True, budget=1_000_000)
        assert positions.states < states.states
        for state in build(start, 1_000_000, False).states:
            a, b = states.at(state), positions.at(state)
            assert (a.utility, a.win_probability) == (b.utility, b.win_probability), state.describe()
            assert {k: v for k, v in a.outcome_probabilities.items() if v} == {
                k: v for k, v in b.outcome_probabilities.items() if v
            }
            assert a.expected_resources == b.expected_resources
            if state.actor() == 0:
                assert states.best_action(state) == positions.best_action(state), state.describe()
                assert {k: v.utility for k, v in states.action_values(state).items()} == {
                    k: v.utility for k, v in positions.action_values(state).items()
                }


def test_the_odds_and_the_advice_use_it() -> None:
    """`fight_odds` and the advisor solve a covered fight by positions, and the round view's fights not."""
    together = fight((10, 20, 9), [(6, 6), (6, 5)], FightRules(together=True, can_escape=True), "fortune")
    assert isinstance(solve_odds(together, fight_objective()), FightSolution)
    assert isinstance(FightAdvisor(together).solution, FightSolution)
    single = fight((10, 20, 9), [(9, 12)], FightRules())
    assert not fits(single.spec, single.measures)
    assert not isinstance(solve_odds(single, fight_objective()), FightSolution)
    limited = fight((10, 20, 9), [(6, 6), (6, 5)], FightRules(together=True, max_rounds=3))
    assert not fits(limited.spec, limited.measures)


def test_budget_counts_positions() -> None:
    """Past its budget the solve is refused with the budget named."""
    state = fight((10, 20, 9), [(6, 6), (6, 5)], FightRules(together=True), "fortune")
    with pytest.raises(OddsError, match="budget of 100 positions"):
        solve_fight(state, fight_objective(), budget=100)


def test_the_issues_fight_two_creatures_together_with_fortune() -> None:
    """10/20/9 with a Potion of Fortune against 9/12 and 8/8 together (issue #15): the figures the
    state-by-state solve gave (1,325,551 states, float), now from 376,447 positions and questions."""
    state = fight((10, 20, 9), [(9, 12), (8, 8)], FightRules(together=True), "fortune")
    odds = fight_odds(state, fight_objective(), budget=1_000_000)
    assert odds.p_win_optimal_luck == pytest.approx(0.9779442091540195, rel=1e-12)
    assert odds.p_win_without_luck == pytest.approx(0.7748373321187778, rel=1e-12)
    assert odds.expected_luck == pytest.approx(8.705451549744474, rel=1e-12)
    assert odds.expected_stamina == pytest.approx(12.619942341081394, rel=1e-12)
    assert odds.states == 376_447
    played = solve_odds(state, fight_objective(0.01, 0.005), budget=1_000_000)
    assert float(played.win_probability()) == pytest.approx(0.9764865869690543, rel=1e-12)
    assert float(played.expected_resources()["LUCK"]) == pytest.approx(10.288677190869308, rel=1e-12)
    assert float(played.expected_resources()["STAMINA"]) == pytest.approx(11.3395466550908, rel=1e-12)


@pytest.mark.parametrize(
    ("foes", "rules", "figures"),
    [
        (
            [(6, 6), (6, 5)],
            FightRules(together=True, can_escape=True),
            (0.9999996688303059, 0.9999724462913379, 8.884686280478189, 18.973646265351682),
        ),
        (
            [(6, 6), (6, 6)],
            FightRules(together=True),
            (0.9999995364592493, 0.9999724462913379, 8.876412443884035, 18.952860287412783),
        ),
    ],
    ids=["grave ghouls", "skeleton guards"],
)
def test_the_sample_books_fights_with_fortune(
    foes: list[tuple[int, ...]], rules: FightRules, figures: tuple[float, float, float, float]
) -> None:
    """The sample's two fights against two creatures together (sections 44 and 62) at 10/20/9 with a
    Potion of Fortune: the figures the state-by-state solve gave (483,870 and 458,105 states), where
    only a win counted (an escape, worth a win by default, would be taken at once)."""
    odds = fight_odds(fight((10, 20, 9), foes, rules, "fortune"), fight_objective(endings={}))
    got = (odds.p_win_optimal_luck, odds.p_win_without_luck, odds.expected_luck, odds.expected_stamina)
    assert got == pytest.approx(figures, rel=1e-12)
