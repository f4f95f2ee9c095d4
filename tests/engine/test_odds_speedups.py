"""The solver's fast paths give the very figures of its plain path.

States that offer the compact protocol (`odds_key`, `odds_expand`, `odds_state`: Fighting Fantasy fights,
Grey Star combats) or a position view (`odds_view`: Fighting Fantasy fights against one creature) are
solved again through a wrapper that hides both, in exact arithmetic, and every figure must be the same
Fraction; the depth-first post-order used when no cycle is seen must give what Tarjan's components give.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pytest

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, Actor, Move, Outcome, Result, State
from grognard.engine.odds.base import Objective, Solution
from grognard.engine.odds.graph import build, components
from grognard.engine.odds.induction import optimise
from grognard.engine.odds.solver import solve
from grognard.engine.odds.view import ViewSolution
from grognard.systems.fighting_fantasy.fight import start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import fight_objective
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from grognard.systems.grey_star.combat import CombatState
from tests.engine.test_odds import PressLuck
from tests.toys import DuelState


@dataclass(frozen=True)
class Plain:
    """Any state through the bare protocol only: the solver cannot see a fast path."""

    inner: Any

    def actor(self) -> Actor:
        return self.inner.actor()  # type: ignore[no-any-return]

    def legal_actions(self) -> Sequence[Action]:
        return self.inner.legal_actions()  # type: ignore[no-any-return]

    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return self.inner.chance_outcomes()  # type: ignore[no-any-return]

    def apply(self, move: Move) -> State:
        return Plain(self.inner.apply(move))

    def result(self) -> Result:
        return self.inner.result()  # type: ignore[no-any-return]


def _reachable(root: State) -> list[State]:
    seen = {root: None}
    todo = [root]
    while todo:
        s = todo.pop()
        who = s.actor()
        if who is TERMINAL:
            continue
        moves = [o for o, _ in s.chance_outcomes()] if who is CHANCE else list(s.legal_actions())
        for move in moves:
            t = s.apply(move)
            if t not in seen:
                seen[t] = None
                todo.append(t)
    return list(seen)


def _same_figures(fast: Solution, plain: Solution, states: list[State]) -> None:
    """The same Fractions everywhere; a solution over a position view counts positions, not states."""
    if isinstance(fast, ViewSolution):
        view: Any = states[0].odds_view(True)  # type: ignore[attr-defined]
        assert fast.states == sum(view.position(s) is not None for s in states) <= plain.states
    else:
        assert fast.states == plain.states
    assert fast.value() == plain.value()
    assert fast.win_probability() == plain.win_probability()
    assert fast.outcome_probabilities() == plain.outcome_probabilities()
    assert fast.expected_resources() == plain.expected_resources()
    for s in states:
        assert fast.at(s) == plain.at(Plain(s))
        if isinstance(s.actor(), int):
            assert fast.best_action(s) == plain.best_action(Plain(s))
            assert fast.action_values(s) == plain.action_values(Plain(s))


def _check_protocol(states: list[State]) -> None:
    """`odds_expand` and `odds_state` agree with the rules' own `apply`, outcomes and actions."""
    for s in states:
        fast: Any = s
        assert fast.odds_state(fast.odds_key()) == s
        who = s.actor()
        if who is TERMINAL:
            continue
        moves, probs, keys = fast.odds_expand()
        if who is CHANCE:
            assert list(zip(moves, probs, strict=True)) == list(s.chance_outcomes())
        else:
            assert tuple(moves) == tuple(s.legal_actions()) and not probs
        for move, key in zip(moves, keys, strict=True):
            after = s.apply(move)
            assert fast.odds_state(key) == after
            assert key == after.odds_key()  # type: ignore[attr-defined]


def _agree(root: State, objective: Objective | None = None) -> None:
    states = _reachable(root)
    _check_protocol(states)
    fast = solve(root, objective, exact=True)
    plain = solve(Plain(root), objective, exact=True)
    _same_figures(fast, plain, states)
    floats = solve(root, objective)
    assert floats.value() == pytest.approx(float(fast.value()), abs=1e-12)


def _fight(hero: tuple[int, int, int], creatures: list[Creature], potion: str = "", **rules: Any) -> State:
    sheet = AdventureSheet.new(*hero, potion=potion)
    if potion:
        sheet = replace(sheet, skill=sheet.skill - 1, stamina=sheet.stamina - 2, luck=sheet.luck - 1)
    return start_fight(sheet, creatures, FightRules(**rules))


FIGHTS = [
    ((10, 8, 6), [Creature("Orc", 8, 6)], "", {}),
    ((10, 8, 6), [Creature("Orc", 8, 6)], "", {"use_luck": False}),
    ((9, 6, 5), [Creature("Orc", 7, 3), Creature("Goblin", 6, 3)], "", {"together": True}),
    ((9, 6, 5), [Creature("Orc", 7, 3), Creature("Goblin", 6, 3)], "", {}),
    ((9, 6, 4), [Creature("Troll", 10, 6, damage=3)], "", {"can_escape": True}),
    ((9, 8, 4), [Creature("Troll", 10, 6)], "skill", {}),
    ((9, 8, 4), [Creature("Troll", 10, 6)], "strength", {}),
    ((9, 8, 4), [Creature("Troll", 10, 6)], "fortune", {}),
    ((9, 8, 5), [Creature("Ogre", 9, 10)], "", {"max_rounds": 4, "hero_floor": 3}),
    ((9, 8, 5), [Creature("Ogre", 9, 10)], "", {"creature_wounds": 2, "hero_wounds": 2, "creature_floor": 2}),
]


@pytest.mark.parametrize(("hero", "creatures", "potion", "rules"), FIGHTS)
def test_fighting_fantasy_fights_give_the_same_fractions(
    hero: tuple[int, int, int], creatures: list[Creature], potion: str, rules: dict[str, Any]
) -> None:
    root = _fight(hero, creatures, potion, **rules)
    _agree(root)
    _agree(root, fight_objective(luck_worth=0.25, stamina_worth=0.125))


COMBATS = [
    CombatState(15, 6, 4, 15, 6),
    CombatState(12, 5, 3, 14, 7, can_evade=True),
    CombatState(15, 6, 3, 15, 8, drain=1),
    CombatState(15, 6, 3, 15, 8, drain=2, shortfall="endurance"),
    CombatState(15, 8, 3, 15, 9, rounds_left=3),
    CombatState(15, 6, 3, 13, 6, immune=True),
    CombatState(15, 6, 3, 15, 6, table="book"),
    CombatState(18, 6, 0, 15, 6, staff=False),
]


@pytest.mark.parametrize("root", COMBATS, ids=lambda s: s.describe())
def test_grey_star_combats_give_the_same_fractions(root: CombatState) -> None:
    _agree(root)
    _agree(root, Objective(1, {"WILLPOWER": Fraction(1, 50), "ENDURANCE": Fraction(1, 30)}))


def test_a_state_of_another_fight_with_the_same_key_is_not_taken_for_a_solved_one() -> None:
    solved = solve(CombatState(15, 6, 3, 15, 6))
    other = CombatState(15, 6, 3, 16, 6)
    assert other.odds_key() == CombatState(15, 6, 3, 15, 6).odds_key()
    with pytest.raises(OddsError, match="not reachable"):
        solved.at(other)
    with pytest.raises(OddsError, match="not reachable"):
        solved.at(Plain(other))


@pytest.mark.parametrize(
    "root",
    [PressLuck(), _fight((10, 8, 6), [Creature("Orc", 8, 6)], ""), CombatState(15, 6, 3, 15, 8, drain=1)],
    ids=["press-your-luck", "ff", "grey-star"],
)
def test_the_depth_first_post_order_gives_what_tarjan_gives(root: State) -> None:
    fast = build(root, 100_000, True)
    assert all(isinstance(c, int) for c in fast.comps), "no cycle in these games"
    place = {v: i for i, v in enumerate(fast.comps)}
    for v, children in enumerate(fast.succ):
        assert all(place[c] < place[v] for c in children if c != v)
    slow = build(root, 100_000, True)
    slow.comps = components(slow.succ)
    cols_fast = [[Fraction(0)] * len(fast.states)]
    cols_slow = [[Fraction(0)] * len(slow.states)]
    for g, cols in ((fast, cols_fast), (slow, cols_slow)):
        for v, result in g.results.items():
            cols[0][v] = Fraction(1) if result.winners else Fraction(0)
    assert optimise(fast, cols_fast) == optimise(slow, cols_slow)
    assert cols_fast == cols_slow


@dataclass(frozen=True, slots=True)
class KeyedDuel(DuelState):
    """The toy duel (a cycle through a decision at every tie) with the compact protocol."""

    def odds_key(self) -> tuple[Any, ...]:
        return (self.hp, self.rerolls, self.phase, self.mine)

    def odds_expand(self) -> tuple[Sequence[Move], Sequence[Fraction], tuple[Any, ...]]:
        if self.actor() is CHANCE:
            pairs = self.chance_outcomes()
            moves: Sequence[Move] = [o for o, _ in pairs]
            probs: Sequence[Fraction] = [p for _, p in pairs]
        else:
            moves, probs = self.legal_actions(), ()
        return moves, probs, tuple(self._key(self._apply(m)) for m in moves)

    def odds_state(self, key: tuple[Any, ...]) -> KeyedDuel:
        return KeyedDuel(*key)

    @staticmethod
    def _key(state: DuelState) -> tuple[Any, ...]:
        return (state.hp, state.rerolls, state.phase, state.mine)


@pytest.mark.parametrize(("hp", "rerolls"), [((2, 2), 0), ((2, 3), 1), ((3, 2), 2)])
def test_a_keyed_game_with_cycles_gives_the_same_fractions(hp: tuple[int, int], rerolls: int) -> None:
    fast = solve(KeyedDuel(hp, rerolls), exact=True)
    plain = solve(DuelState(hp, rerolls), exact=True)
    assert fast.states == plain.states
    assert fast.win_probability() == plain.win_probability()
    assert fast.outcome_probabilities() == plain.outcome_probabilities()
    for s in _reachable(DuelState(hp, rerolls)):
        assert isinstance(s, DuelState)
        keyed = KeyedDuel(s.hp, s.rerolls, s.phase, s.mine)
        assert fast.at(keyed) == plain.at(s)
        if s.actor() == 0:
            assert fast.best_action(keyed) == plain.best_action(s)
