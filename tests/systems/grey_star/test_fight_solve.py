"""The fast odds of a combat (the position view `fight_view` and the dedicated recursion `fight_solve`)
against the state-by-state solve of the same `CombatState` (`engine.odds.solver.solve(positions=False)`): the
same Fractions for every figure, on combats drawn by hypothesis with every section modifier. The rules
are 001_2055bbb054c2d265.txt:5-12 (a round: WILLPOWER spent, a random number, the table's cell, the
enemy's loss multiplied) and :14-18 (evading)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, State
from grognard.engine.odds.base import Objective, Odds, Solution
from grognard.engine.odds.solver import solve
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.fight_solve import solve_fight
from grognard.systems.grey_star.fight_view import FightView, pack
from grognard.systems.grey_star.odds import CombatAdvisor, SpendOne, advise, spend_one_odds

OBJECTIVES = (Objective(), Objective(1, {"WILLPOWER": Fraction(1, 100), "ENDURANCE": Fraction(1, 50)}))


@st.composite
def combats(draw: st.DrawFn) -> CombatState:
    """A small combat with any of the section's modifiers."""
    return CombatState(
        combat_skill=draw(st.integers(5, 25)),
        endurance=draw(st.integers(1, 9)),
        willpower=draw(st.integers(-2, 5)),
        enemy_skill=draw(st.integers(5, 25)),
        enemy_endurance=draw(st.integers(1, 12)),
        staff=draw(st.booleans()),
        table=draw(st.sampled_from(("uniform", "book"))),
        can_evade=draw(st.booleans()),
        immune=draw(st.booleans()),
        rounds_left=draw(st.none() | st.integers(1, 4)),
        shortfall=draw(st.sampled_from(("negative", "endurance"))),
        drain=draw(st.sampled_from((0, 0, 1, 2))),
    )


def _nonzero(odds: Odds) -> tuple[object, ...]:
    """The figures, leaving out outcome labels of probability 0 (the state solve also lists those it
    could reach but the best play never does)."""
    outcomes = {k: v for k, v in odds.outcome_probabilities.items() if v}
    return odds.utility, odds.win_probability, outcomes, odds.expected_resources


def _reachable(root: State, limit: int = 400) -> list[State]:
    seen = [root]
    todo = [root]
    while todo and len(seen) < limit:
        state = todo.pop()
        who = state.actor()
        if who is TERMINAL:
            continue
        moves = [o for o, _ in state.chance_outcomes()] if who is CHANCE else list(state.legal_actions())
        for move in moves:
            child = state.apply(move)
            if child not in seen:
                seen.append(child)
                todo.append(child)
    return seen


def _same(fast: Solution, slow: Solution, root: State) -> None:
    assert fast.value() == slow.value()
    assert fast.win_probability() == slow.win_probability()
    assert fast.expected_resources() == slow.expected_resources()
    assert {k: v for k, v in fast.outcome_probabilities().items() if v} == {
        k: v for k, v in slow.outcome_probabilities().items() if v
    }
    for state in _reachable(root, 60):
        assert _nonzero(fast.at(state)) == _nonzero(slow.at(state))
        if isinstance(state, CombatState) and state.phase == "decide":
            assert fast.best_action(state) == slow.best_action(state)
            fast_values = fast.action_values(state)
            slow_values = slow.action_values(state)
            assert list(fast_values) == list(slow_values)
            for action, value in fast_values.items():
                assert _nonzero(value) == _nonzero(slow_values[action])


@settings(max_examples=60, deadline=None)
@given(combats(), st.sampled_from(OBJECTIVES))
def test_the_dedicated_recursion_gives_the_state_solves_fractions(
    combat: CombatState, objective: Objective
) -> None:
    """Every figure of `fight_solve` (root, every reachable state, every action) is the Fraction the
    state-by-state solve gives."""
    slow = solve(combat, objective, exact=True, positions=False)
    fast = solve_fight(combat, objective, exact=True, budget=10**6)
    _same(fast, slow, combat)


@settings(max_examples=40, deadline=None)
@given(combats(), st.sampled_from(OBJECTIVES))
def test_the_position_view_gives_the_state_solves_fractions(
    combat: CombatState, objective: Objective
) -> None:
    """The engine's solve through the combat's position view gives the state solve's Fractions, and so
    does the spend-one policy through its view."""
    slow = solve(combat, objective, exact=True, positions=False)
    fast = solve(combat, objective, exact=True)
    assert type(fast).__name__ == "ViewSolution"
    _same(fast, slow, combat)
    if combat.phase == "decide":
        one = SpendOne(combat)
        assert (
            solve(one, exact=True).win_probability()
            == solve(one, exact=True, positions=False).win_probability()
        )


@settings(max_examples=40, deadline=None)
@given(combats())
def test_the_views_rounds_are_the_states_own_moves(combat: CombatState) -> None:
    """For every reachable decision, each option of the view's round leads (per random number, in order)
    to exactly the positions the played combat reaches: spend, then the random number."""
    view = FightView(combat, exact=True)
    for state in _reachable(combat):
        if not isinstance(state, CombatState) or state.phase != "decide":
            continue
        options = view.options(state.endurance, state.willpower, state.enemy_endurance, state.rounds_left)
        assert len(options) == len(state.legal_actions())
        for action, (probs, codes, left) in zip(state.legal_actions(), options, strict=True):
            round_state = state.apply(action)
            outcomes = round_state.chance_outcomes()
            assert list(probs) == [p for _, p in outcomes]
            played = [pack(round_state.apply(o).odds_key()) for o, _ in outcomes]
            assert [c + left for c in codes] == played
            assert all(
                view.state(c + left) == round_state.apply(o)
                for c, (o, _) in zip(codes, outcomes, strict=True)
            )


def test_floats_agree_with_fractions_and_a_mid_fight_round_state_is_answered() -> None:
    """Float mode gives the exact figures within 1e-12, and a "round" state (WILLPOWER paid, the random
    number to come) is answered from the positions it leads to (001_2055bbb054c2d265.txt:7-10)."""
    combat = CombatState(15, 14, 8, 17, 16, can_evade=True)
    exact = solve_fight(combat, OBJECTIVES[1], exact=True, budget=10**6)
    floats = solve_fight(combat, OBJECTIVES[1], exact=False, budget=10**6)
    assert abs(float(exact.value()) - float(floats.value())) < 1e-12
    round_state = combat.apply(exact.best_action(combat))
    slow = solve(combat, OBJECTIVES[1], exact=True, positions=False)
    assert _nonzero(exact.at(round_state)) == _nonzero(slow.at(round_state))
    from_round = solve_fight(round_state, OBJECTIVES[1], exact=True, budget=10**6)
    assert from_round.value() == slow.at(round_state).utility


def test_the_issues_large_fight_is_solved_by_positions() -> None:
    """The audit's fight (CS 19, ENDURANCE 27, WILLPOWER 24 against 24/45: 249,180 states one by one) is
    22,897 positions, and its advice is the same as the state solve's win probability; the spend-one
    figure agrees with the one through the engine (001_2055bbb054c2d265.txt:5-12)."""
    combat = CombatState(19, 27, 24, 24, 45)
    advice = advise(combat)
    assert advice.states == 22_897
    assert abs(float(advice.p_win_optimal) - 0.981433536101) < 1e-11
    assert advice.best_first_spend == 5
    one = spend_one_odds(combat).win_probability
    assert abs(float(advice.p_win_spend_one) - float(one)) < 1e-15
    again = CombatAdvisor()
    first = again.advise(combat)
    round_state = combat.apply("spend:5")
    afters = [round_state.apply(o) for o, _ in round_state.chance_outcomes()]
    later = next(s for s in afters if isinstance(s, CombatState) and s.phase == "decide")
    assert again.solution(later) is again.solution(combat) and first.states == advice.states


def test_json_figures_carry_no_float_noise() -> None:
    """JSON probabilities stay within [0, 1] and amounts at 0 or above, rounded to 12 decimals: each
    equals its exact Fraction so rounded (float sums give 1.0000000000000007 or -4.4e-16 otherwise)."""
    for combat in (CombatState(30, 20, 10, 5, 3), CombatState(15, 12, 6, 14, 12, can_evade=True)):
        floats = advise(combat, willpower_worth=0.005, endurance_worth=0.002).to_json()
        exact = advise(
            combat, willpower_worth=Fraction(5, 1000), endurance_worth=Fraction(2, 1000), exact=True
        )
        fractions = exact.to_json()
        for key in (
            "p_win_optimal",
            "p_win_spend_one",
            "expected_willpower_spent",
            "expected_endurance_lost",
        ):
            value = floats[key]
            assert isinstance(value, float)
            assert value == round(float(Fraction(str(fractions[key]))), 12) + 0.0
        for row in floats["spends"]:  # type: ignore[attr-defined]
            assert 0.0 <= row["p_win"] <= 1.0
            assert row["expected_willpower_spent"] >= 0.0 and row["expected_endurance_lost"] >= 0.0


def test_a_state_of_another_combat_with_the_same_key_is_refused() -> None:
    """A solution answers only for its own combat: a state whose changing numbers match but whose enemy
    differs (another fight, 001_2055bbb054c2d265.txt:6: another Combat Ratio) is an OddsError, so the
    advisor solves it afresh."""
    solved = solve_fight(CombatState(15, 6, 3, 15, 6), budget=10**6)
    other = CombatState(15, 6, 3, 16, 6)
    assert other.odds_key() == CombatState(15, 6, 3, 15, 6).odds_key()
    with pytest.raises(OddsError, match="not reachable"):
        solved.at(other)
    with pytest.raises(OddsError, match="not reachable"):
        solved.best_action(other)
    advisor = CombatAdvisor()
    first = advisor.solution(CombatState(15, 6, 3, 15, 6))
    assert advisor.solution(other) is not first
