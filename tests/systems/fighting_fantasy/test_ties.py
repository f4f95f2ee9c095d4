"""Ties in the advice: among plays of equal worth, the one that keeps the potion, then LUCK, then STAMINA.

Testing your Luck costs a point of LUCK every time (000_13d85f0bd5b613c5.txt:78-80); at LUCK 1 the two
dice always exceed it (:72-77), so a test in a fight is always unlucky (:95-98, :104-105). Where the win
chance is the same either way, the advice must not spend LUCK (or a potion, :151-161) for nothing.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest

from grognard.engine.odds.base import Objective
from grognard.engine.odds.graph import build
from grognard.engine.odds.solver import solve
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import advise, fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet

Figures = tuple[Fraction, Fraction, Fraction]


def fight(hero: tuple[int, int, int], enemy: tuple[int, int], potion: str = "") -> FightState:
    return start_fight(AdventureSheet.new(*hero, potion=potion), [Creature("Creature", *enemy)], FightRules())


def lexicographic(hero: tuple[int, int, int], enemy: tuple[int, int]) -> Figures:
    """An independent oracle: (win chance, LUCK expected, STAMINA expected) of the play that wins most,
    then keeps most LUCK, then most STAMINA; a memoised recursion in Fractions, written from the rules."""
    skill, top, _ = hero
    c_skill, c_top = enemy
    two = [a + b for a in range(1, 7) for b in range(1, 7)]
    hit = Fraction(sum(1 for x in two for y in two if x + skill > y + c_skill), 1296)
    hurt = Fraction(sum(1 for x in two for y in two if x + skill < y + c_skill), 1296)

    def lucky(luck: int) -> Fraction:
        return Fraction(sum(1 for x in two if x <= luck), 36)

    def mix(parts: list[tuple[Fraction, Figures]]) -> Figures:
        return (
            sum((p * f[0] for p, f in parts), Fraction(0)),
            sum((p * f[1] for p, f in parts), Fraction(0)),
            sum((p * f[2] for p, f in parts), Fraction(0)),
        )

    @cache
    def end(stamina: int, luck: int, foe: int) -> Figures:
        if stamina <= 0:
            return (Fraction(0), Fraction(0), Fraction(0))
        if foe <= 0:
            return (Fraction(1), Fraction(luck), Fraction(stamina))
        return value(stamina, luck, foe)

    @cache
    def value(stamina: int, luck: int, foe: int) -> Figures:
        # After a wound: not testing, or testing (2d6 <= LUCK), LUCK one less either way.
        left = foe - 2
        after_hit = end(stamina, luck, left)
        if luck > 0 and left > 0:
            q = lucky(luck)
            tested = mix(
                [(q, end(stamina, luck - 1, left - 2)), (1 - q, end(stamina, luck - 1, min(c_top, left + 1)))]
            )
            after_hit = max(after_hit, tested)
        kept = stamina - 2
        after_hurt = end(kept, luck, foe)
        if luck > 0:
            q = lucky(luck)
            tested = mix([(q, end(min(top, kept + 1), luck - 1, foe)), (1 - q, end(kept - 1, luck - 1, foe))])
            after_hurt = max(after_hurt, tested)
        go = mix([(hit, after_hit), (hurt, after_hurt)])
        return (go[0] / (hit + hurt), go[1] / (hit + hurt), go[2] / (hit + hurt))

    return value(top, hero[2], c_top)


def test_at_luck_1_the_advice_never_tests_luck() -> None:
    """At LUCK 1 every test fails (000_13d85f0bd5b613c5.txt:72-77), and here it changes no win chance: the
    LUCK point is kept whenever the reader lives (0.98 expected, not the 0.06 of testing on every tie)."""
    state = fight((10, 20, 1), (9, 12))
    kept = solve(state, fight_objective(), exact=True)
    careless = solve(state, Objective(), exact=True)
    assert kept.win_probability() == careless.win_probability()
    assert kept.expected_resources()["LUCK"] == kept.win_probability()
    assert float(kept.expected_resources()["LUCK"]) > 0.97
    assert float(careless.expected_resources()["LUCK"]) < 0.1
    asked = state.apply("hit")
    assert asked.phase == "luck?"
    assert advise(asked).best == "no-luck"


def test_ties_keep_the_most_luck_the_exact_oracle_finds() -> None:
    """10/20/9 against 9/12 (000_13d85f0bd5b613c5.txt:27-53, :84-107): the same win chance as any optimal
    play, and the LUCK and STAMINA expected of the best of those plays, as the oracle computes them."""
    hero, enemy = (10, 20, 9), (9, 12)
    want = lexicographic(hero, enemy)
    for exact in (True, False):
        solved = solve(fight(hero, enemy), fight_objective(), exact=exact)
        got = (
            solved.win_probability(),
            solved.expected_resources()["LUCK"],
            solved.expected_resources()["STAMINA"],
        )
        if exact:
            assert got == want
        else:
            assert [float(x) for x in want] == [pytest_approx(float(x)) for x in got]
    odds = fight_odds(fight(hero, enemy))
    assert round(odds.expected_luck, 4) == 6.8269
    careless = solve(fight(hero, enemy), Objective(), exact=True)
    assert careless.win_probability() == want[0]
    assert float(careless.expected_resources()["LUCK"]) < 6.5


def pytest_approx(x: float) -> object:
    return pytest.approx(x, rel=1e-12, abs=1e-12)


def test_float_choices_are_the_exact_choices_at_every_decision() -> None:
    """The float solver breaks ties where the exact one does: no float noise decides an action."""
    for hero, enemy in (((10, 20, 9), (9, 12)), ((8, 14, 5), (8, 8)), ((11, 18, 1), (6, 6))):
        state = fight(hero, enemy)
        exact = solve(state, fight_objective(), exact=True, positions=False)
        floats = solve(state, fight_objective(), exact=False, positions=False)
        viewed = solve(state, fight_objective(), exact=False)
        graph = build(state, 100_000, False)
        decisions = [s for s in graph.states if isinstance(s.actor(), int)]
        assert decisions
        for s in decisions:
            assert floats.best_action(s) == exact.best_action(s), s.describe()
            assert viewed.best_action(s) == exact.best_action(s), s.describe()


def test_no_potion_is_drunk_where_it_changes_nothing() -> None:
    """A Potion of Strength restores STAMINA (000_13d85f0bd5b613c5.txt:151-161): against a creature that
    cannot win, drinking changes no chance and is not advised; near death against a strong one, it is."""
    weak = start(AdventureSheet.new(12, 20, 9, potion="strength"), 16, (1, 2))
    assert "drink" in weak.legal_actions()
    advice = advise(weak)
    assert advice.actions["drink"].win_probability == advice.actions["fight"].win_probability == 1
    assert advice.best == "fight"
    strong = start(AdventureSheet.new(9, 20, 9, potion="strength"), 2, (9, 10))
    assert "drink" in strong.legal_actions()
    assert advise(strong).best == "drink"


def start(sheet: AdventureSheet, stamina: int, enemy: tuple[int, int]) -> FightState:
    return start_fight(replace(sheet, stamina=stamina), [Creature("Creature", *enemy)], FightRules())
