"""A fight against one creature, one Attack Round at a time (`fight_view`): the same rules as the
step-by-step transitions, and the same odds as the state-by-state solve, in Fractions.

The round is 000_13d85f0bd5b613c5.txt:27-53 (steps 1-7), Luck in combat 000_13d85f0bd5b613c5.txt:84-107.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE
from grognard.engine.odds.base import Objective
from grognard.engine.odds.solver import GraphSolution, solve
from grognard.engine.odds.view import ViewSolution
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_moves import key_after, step_after
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import FightAdvisor, fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet, Weapon
from tests.engine.test_odds_speedups import Plain, _reachable, _same_figures
from tests.engine.test_odds_view import check_view
from tests.systems.fighting_fantasy.test_odds import hand


def fight(
    hero: tuple[int, int, int],
    creature: Creature,
    *,
    wounded: int = 0,
    unlucky: int = 0,
    bonus: int = 0,
    **rules: Any,
) -> FightState:
    """A fight from a sheet `wounded` STAMINA and `unlucky` LUCK below Initial, with a weapon of `bonus`."""
    sheet = AdventureSheet.new(*hero)
    sheet = replace(sheet, stamina=sheet.stamina - wounded, luck=sheet.luck - unlucky)
    if bonus:
        sheet = replace(sheet, weapons=(Weapon("Sword", bonus),), weapon="Sword")
    return start_fight(sheet, [creature], FightRules(**rules))


@st.composite
def covered_fights(draw: st.DrawFn) -> FightState:
    """Small fights against one creature, with every rule the view covers."""
    stamina, luck = draw(st.integers(1, 7)), draw(st.integers(0, 7))
    hero = (draw(st.integers(4, 12)), stamina, luck)
    creature = Creature(
        "Creature", draw(st.integers(3, 13)), draw(st.integers(1, 7)), draw(st.integers(1, 3))
    )
    return fight(
        hero,
        creature,
        wounded=draw(st.integers(0, stamina - 1)),
        unlucky=draw(st.integers(0, luck)),
        bonus=draw(st.integers(0, 2)),
        hero_damage=draw(st.integers(1, 3)),
        skill_modifier=draw(st.integers(-2, 2)),
        hero_floor=draw(st.sampled_from([0, 0, 2])),
        creature_floor=draw(st.sampled_from([0, 0, 1])),
        use_luck=draw(st.booleans()),
    )


OBJECTIVES = [fight_objective(), Objective(1, {"LUCK": Fraction(1, 40), "STAMINA": Fraction(1, 60)})]


@settings(max_examples=60, deadline=None)
@given(covered_fights(), st.sampled_from(OBJECTIVES))
def test_the_view_gives_the_state_by_state_figures_exactly(root: FightState, objective: Objective) -> None:
    """Combat with Luck (000_13d85f0bd5b613c5.txt:27-53, 84-107) by positions and state by state: the same
    win probability, outcomes, expected LUCK and STAMINA, and advice at every decision, in Fractions."""
    positions = check_view(root)
    fast = solve(root, objective, exact=True)
    assert isinstance(fast, ViewSolution) and fast.states == positions
    _same_figures(fast, solve(Plain(root), objective, exact=True), _reachable(root))


@settings(max_examples=60, deadline=None)
@given(covered_fights())
def test_the_round_rules_are_the_step_by_step_rules(root: FightState) -> None:
    """The round as one layer plays like steps 3-7 and the Luck rules taken one at a time
    (000_13d85f0bd5b613c5.txt:34-53, 91-107): every move of every reachable state leads to the same state."""
    for state in _reachable(root):
        assert isinstance(state, FightState)
        who = state.actor()
        moves = [o for o, _ in state.chance_outcomes()] if who is CHANCE else list(state.legal_actions())
        for move in moves:
            assert key_after(state, move) == step_after(state, move), (state.describe(), move)


def test_the_benchmark_fight_is_solved_by_positions() -> None:
    """SKILL 10 STAMINA 20 LUCK 9 against SKILL 9 STAMINA 12: 0.992985 with the best Luck, 0.978416
    without (000_13d85f0bd5b613c5.txt:27-53 and :84-107), exactly the hand recursion's Fractions."""
    with_luck = fight((10, 20, 9), Creature("Creature", 9, 12))
    without = fight((10, 20, 9), Creature("Creature", 9, 12), use_luck=False)
    best, plain = solve(with_luck, exact=True), solve(without, exact=True)
    assert isinstance(best, ViewSolution) and isinstance(plain, ViewSolution)
    assert best.states == 2001 and plain.states == 76
    assert best.win_probability() == hand((10, 20, 9), (9, 12), luck=True)
    assert plain.win_probability() == hand((10, 20, 9), (9, 12), luck=False)
    assert round(float(best.win_probability()), 6) == 0.992985
    assert round(float(solve(with_luck).win_probability()), 6) == 0.992985
    assert round(float(solve(without).win_probability()), 6) == 0.978416


@pytest.mark.parametrize("exact", [True, False])
def test_a_luck_question_that_cannot_change_the_outcome_is_answered_by_its_first_action(exact: bool) -> None:
    """A creature that can never out-throw the reader (000_13d85f0bd5b613c5.txt:34-40): every wound is
    his and the fight is won whatever he does, so testing Luck (the first action) ties with not testing
    and is taken, at every question, by the view as by the states."""
    root = fight((12, 4, 5), Creature("Rat", 4, 6), bonus=2)
    assert [label for label, _ in root.chance_outcomes()] == ["hit", "even"]
    fast, plain = solve(root, exact=exact), solve(Plain(root), exact=exact)
    assert isinstance(fast, ViewSolution)
    assert fast.best_action(root.apply("hit")) == plain.best_action(Plain(root.apply("hit"))) == "luck"
    assert fast.win_probability() == plain.win_probability() == 1
    assert fast.expected_resources() == pytest.approx(plain.expected_resources())
    assert fast.expected_resources()["LUCK"] < 5


@pytest.mark.parametrize(
    ("creatures", "rules", "potion"),
    [
        ([Creature("Orc", 7, 3), Creature("Goblin", 6, 3)], {}, ""),
        ([Creature("Orc", 7, 3), Creature("Goblin", 6, 3)], {"together": True}, ""),
        ([Creature("Troll", 10, 5)], {"can_escape": True}, ""),
        ([Creature("Ogre", 9, 6)], {"max_rounds": 3}, ""),
        ([Creature("Ogre", 9, 6)], {"hero_wounds": 2}, ""),
        ([Creature("Ogre", 9, 6)], {"creature_wounds": 2}, ""),
        ([Creature("Troll", 10, 5)], {}, "strength"),
    ],
    ids=[
        "one-after-another",
        "together",
        "escape",
        "round-limit",
        "hero-wounds",
        "creature-wounds",
        "potion",
    ],
)
def test_fights_the_view_does_not_cover_are_solved_by_states(
    creatures: list[Creature], rules: dict[str, Any], potion: str
) -> None:
    """Escape (000_13d85f0bd5b613c5.txt:55-63), and what sections add to the sequence of combat
    (000_13d85f0bd5b613c5.txt:27-53): several creatures, limits on rounds or wounds, a potion to drink."""
    sheet = AdventureSheet.new(9, 6, 4, potion=potion)
    if potion:
        sheet = replace(sheet, stamina=4)
    root = start_fight(sheet, creatures, FightRules(**rules))
    assert root.odds_view(True) is None
    assert isinstance(solve(root), GraphSolution)


def test_the_advisor_answers_inside_a_round_and_resolves_for_another_fight() -> None:
    """At a Luck question (000_13d85f0bd5b613c5.txt:84-90) the advice comes from the positions around it;
    a position of another fight is not taken for one of this fight."""
    root = fight((10, 12, 6), Creature("Orc", 9, 8))
    advisor = FightAdvisor(root)
    asking = root.apply("hurt")
    assert asking.phase == "luck?"
    advice = advisor.advise(asking)
    plain = solve(Plain(root), fight_objective())
    assert advice.best == plain.best_action(Plain(asking))
    assert advice.figures.win_probability == pytest.approx(float(plain.at(Plain(asking)).win_probability))
    other = fight((10, 12, 6), Creature("Orc", 8, 8))
    with pytest.raises(OddsError, match="not reachable"):
        advisor.solution.at(other)
    assert advisor.advise(other).figures.win_probability == pytest.approx(
        float(solve(Plain(other)).win_probability())
    )


def test_fight_odds_from_the_view_match_the_states() -> None:
    """`grognard ff odds` figures (000_13d85f0bd5b613c5.txt:84-107: Luck after the first wound): both
    policies, expected LUCK and STAMINA, the worth of testing Luck after the first blow."""
    root = fight((10, 14, 7), Creature("Ogre", 9, 10))
    odds = fight_odds(root, fight_objective(luck_worth=0.02, stamina_worth=0.01))
    best = solve(Plain(root), fight_objective(luck_worth=0.02, stamina_worth=0.01))
    assert odds.p_win_optimal_luck == pytest.approx(float(best.win_probability()))
    assert odds.expected_luck == pytest.approx(float(best.expected_resources()["LUCK"]))
    assert odds.expected_stamina == pytest.approx(float(best.expected_resources()["STAMINA"]))
    first = root.apply("hit")
    values = best.action_values(Plain(first))
    for action, figures in odds.first_wound["hit"].items():
        assert figures.win_probability == pytest.approx(float(values[action].win_probability))
