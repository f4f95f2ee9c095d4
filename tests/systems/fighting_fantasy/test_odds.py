"""Exact odds of fights: the benchmark fight, independent oracles, advice and the worth of LUCK."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache

import icepool

from grognard.engine.odds.solver import solve
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import (
    POTION_WORTH,
    FightAdvisor,
    advise,
    fight_objective,
    fight_odds,
    solve_odds,
)
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.sheet import AdventureSheet


def fight(hero: tuple[int, int, int], enemy: tuple[int, int], **rules: object) -> FightState:
    sheet = AdventureSheet.new(*hero)
    return start_fight(sheet, [Creature("Creature", *enemy)], FightRules(**rules))  # type: ignore[arg-type]


def hand(hero: tuple[int, int, int], enemy: tuple[int, int], luck: bool) -> Fraction:
    """An independent oracle: a memoised recursion over (STAMINA, LUCK, creature STAMINA), in Fractions."""
    faces = range(1, 7)
    skill, stamina, start_luck = hero
    c_skill, c_stamina = enemy
    win = lose = 0
    for a in faces:
        for b in faces:
            for c in faces:
                for d in faces:
                    win += a + b + skill > c + d + c_skill
                    lose += a + b + skill < c + d + c_skill

    def p_lucky(n: int) -> Fraction:
        return Fraction(sum(1 for a in faces for b in faces if a + b <= n), 36)

    @cache
    def value(hs: int, hl: int, cs: int) -> Fraction:
        if cs <= 0:
            return Fraction(1)
        if hs <= 0:
            return Fraction(0)
        hit, hurt = value(hs, hl, cs - 2), value(hs - 2, hl, cs)
        if luck and hl > 0:
            p = p_lucky(hl)
            if cs > 2:
                hit = max(hit, p * value(hs, hl - 1, cs - 4) + (1 - p) * value(hs, hl - 1, cs - 1))
            hurt = max(hurt, p * value(hs - 1, hl - 1, cs) + (1 - p) * value(hs - 3, hl - 1, cs))
        return (win * hit + lose * hurt) / (win + lose)

    return value(stamina, start_luck, c_stamina)


def test_benchmark_fight_best_luck_and_no_luck() -> None:
    """Combat (000_13d85f0bd5b613c5.txt:27-53) with Luck (:84-107): 10/20/9 against 9/12."""
    odds = fight_odds(fight((10, 20, 9), (9, 12)))
    assert round(odds.p_win_optimal_luck, 6) == 0.992985
    assert round(odds.p_win_without_luck, 6) == 0.978416


def test_no_luck_fight_agrees_with_a_hand_recursion_exactly() -> None:
    """Combat steps 1-7 (000_13d85f0bd5b613c5.txt:27-53) solved by the engine and by hand, in Fractions."""
    state = fight((10, 20, 9), (9, 12), use_luck=False)
    assert solve(state, exact=True).win_probability() == hand((10, 20, 9), (9, 12), luck=False)


def test_no_luck_fight_agrees_with_icepool() -> None:
    """Combat steps 1-7 (000_13d85f0bd5b613c5.txt:27-53) as icepool's absorbing chain (ties rerolled)."""
    round_die = icepool.map(
        lambda h, c: icepool.Reroll if h + 8 == c + 9 else (1 if h + 8 > c + 9 else -1),
        2 @ icepool.d6,
        2 @ icepool.d6,
    )

    def step(scores: tuple[int, int], hit: int) -> tuple[int, int]:
        hs, cs = scores
        if hs <= 0 or cs <= 0:
            return scores
        return (hs, cs - 2) if hit == 1 else (hs - 2, cs)

    final = icepool.map(step, icepool.Die([(14, 9)]), round_die, repeat="inf")
    won = Fraction(sum(q for o, q in final.items() if o[1] <= 0), final.denominator())
    state = fight((8, 14, 7), (9, 9), use_luck=False)
    assert solve(state, exact=True).win_probability() == won


def test_best_luck_policy_agrees_with_a_hand_recursion_exactly() -> None:
    """Luck after a wound (000_13d85f0bd5b613c5.txt:91-107), best policy, solved by engine and by hand."""
    state = fight((9, 12, 8), (9, 10))
    assert solve(state, exact=True).win_probability() == hand((9, 12, 8), (9, 10), luck=True)


def test_advice_at_a_killing_wound_is_to_test_luck() -> None:
    """000_13d85f0bd5b613c5.txt:99-103: a lucky test turns a killing wound into a 1-point one."""
    state = fight((10, 2, 9), (9, 12)).apply("hurt")
    advice = advise(state)
    assert set(advice.actions) == {"luck", "no-luck"}
    assert advice.actions["no-luck"].win_probability == 0
    assert advice.actions["luck"].win_probability > 0
    assert advice.best == "luck"
    assert advice.figures.win_probability == advice.actions["luck"].win_probability


def test_advisor_answers_along_the_fight() -> None:
    """The same figures at any reachable state (000_13d85f0bd5b613c5.txt:50-53: the rounds go on)."""
    root = fight((10, 20, 9), (9, 12))
    advisor = FightAdvisor(root)
    later = root.apply("hit").apply("no-luck")
    assert advisor.advise(later).figures.win_probability == advise(later).figures.win_probability
    assert (
        advisor.advise(root).figures.win_probability
        > advisor.advise(root.apply("hurt")).figures.win_probability
    )


def test_luck_kept_has_a_worth() -> None:
    """LUCK is spent by each test (000_13d85f0bd5b613c5.txt:78-80), so valuing it keeps more of it."""
    state = fight((10, 20, 9), (9, 12))
    free = fight_odds(state)
    thrifty = fight_odds(state, fight_objective(luck_worth=0.05))
    assert thrifty.expected_luck > free.expected_luck
    assert thrifty.p_win_optimal_luck <= free.p_win_optimal_luck
    assert thrifty.p_win_optimal_luck >= free.p_win_without_luck


def test_escape_has_a_worth_when_stamina_counts() -> None:
    """Escape (000_13d85f0bd5b613c5.txt:55-61): against a far stronger creature, fleeing keeps STAMINA,
    even where the escape itself counts for nothing (`endings={}`); counted as a loss and with no worth
    in STAMINA, the slim chance of a win is better than nothing."""
    state = fight((6, 12, 0), (12, 20), can_escape=True)
    advice = advise(state, fight_objective(stamina_worth=0.1, endings={}))
    assert advice.best == "escape"
    assert advice.actions["escape"].outcome_probabilities["escaped"] == 1
    assert advice.actions["escape"].expected_stamina == 10
    assert advise(state, fight_objective(endings={})).best == "fight"


def test_first_wound_values() -> None:
    """The worth of testing Luck at the first wound either way (000_13d85f0bd5b613c5.txt:84-107)."""
    odds = fight_odds(fight((10, 20, 9), (9, 12)))
    assert set(odds.first_wound) == {"hit", "hurt"}
    for acts in odds.first_wound.values():
        assert set(acts) == {"luck", "no-luck"}
    data = odds.to_json()
    assert {"p_win_without_luck", "p_win_optimal_luck", "expected_luck", "expected_stamina"} <= set(data)


def test_a_measure_of_potion_kept_has_a_worth() -> None:
    """A bottle holds two measures for the whole adventure (000_13d85f0bd5b613c5.txt:156-158) and a
    Potion of Strength restores STAMINA to its Initial value (:137-139): at a win already certain, one
    point of STAMINA short, the advice keeps its last measure (the ruleset's default `potion_worth`);
    with the measure worth nothing, it drank it for that point. Near death against an equal creature it
    is still drunk."""
    sheet = replace(AdventureSheet.new(12, 20, 9, "strength"), stamina=19, potion_measures=1)
    won = start_fight(sheet, [Creature("Rat", 2, 2)], FightRules())
    assert won.legal_actions() == ("fight", "drink")
    advice = FF_RULES.advisor(won, {}).advise(won)
    assert advice.actions["fight"].win_probability == advice.actions["drink"].win_probability == 1
    assert advice.best == "fight"
    assert advise(won, fight_objective(0.01, 0.005, potion_worth=0)).best == "drink"
    assert advise(won, fight_objective(0.01, 0.005, potion_worth=POTION_WORTH)).best == "fight"
    low = start_fight(replace(AdventureSheet.new(9, 20, 9, "strength"), stamina=2), [Creature("C", 9, 10)])
    assert FF_RULES.advisor(low, {}).advise(low).best == "drink"


def test_escape_counts_as_a_win_unless_told_otherwise_and_is_advised_where_it_scores_better() -> None:
    """Escape (000_13d85f0bd5b613c5.txt:55-63): a book counts a way out of a fight other than death as a
    win unless it says otherwise (`Fight.ending_worths`), and so do `ff odds --can-escape` and the fight
    game. Against a far stronger creature the best play flees at once (before, an escape counted as a
    loss there and fighting was advised); against a weak one, fighting keeps more STAMINA than the
    fleeing wound (:57-59)."""
    assert fight_objective().ending_worth == {
        "escaped": 1,
        "hero-floor": 1,
        "hero-wounds": 1,
        "rounds-over": 1,
    }
    strong = fight((6, 12, 0), (12, 20), can_escape=True)
    odds = fight_odds(strong)
    assert odds.best_start == "escape" and odds.outcome_probabilities["escaped"] == 1
    assert odds.start["escape"].utility == 1 > odds.start["fight"].win_probability
    assert odds.to_json()["best_start"] == "escape"
    stand = fight_odds(fight((6, 12, 0), (12, 20)))
    assert odds.p_win_fighting_on == stand.p_win_optimal_luck > 0
    assert stand.p_win_fighting_on is None and stand.best_start is None
    assert advise(strong, fight_objective(0.01, 0.005)).best == "escape"
    weak = fight((12, 20, 9), (5, 6), can_escape=True)
    assert fight_odds(weak, fight_objective(0.01, 0.005)).best_start == "fight"


def test_the_worth_of_an_ending_a_fight_cannot_reach_changes_nothing() -> None:
    """Without an escape offered (000_13d85f0bd5b613c5.txt:62-63) the worth of escaping is left out, so
    the benchmark fight is solved as before, to the same Fraction."""
    state = fight((10, 20, 9), (9, 12))
    plain = solve_odds(state, fight_objective(endings={}), exact=True)
    counted = solve_odds(state, fight_objective(), exact=True)
    assert counted.value() == plain.value() == counted.win_probability()
    assert counted.expected_resources() == plain.expected_resources()
