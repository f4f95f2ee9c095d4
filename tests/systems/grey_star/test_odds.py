"""The odds of a fight against an independent hand recursion over the issue's table (parsed here, not
read from the data file), the spend-one policy, and the advice at later decisions."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import CombatAdvisor, advise, spend_one_odds
from tests.systems.grey_star.test_crt import ISSUE_COLUMNS, _issue_cells

ROWS = _issue_cells()
TENTH = Fraction(1, 10)
BIG = 10**6


def _cell(ratio: int, number: int) -> tuple[int, int]:
    """(enemy loss, Grey Star loss) with K as a huge loss."""
    col = next(i for i, (lo, hi) in enumerate(ISSUE_COLUMNS) if lo <= ratio <= hi or
               (i == 0 and ratio < lo) or (i == len(ISSUE_COLUMNS) - 1 and ratio > hi))  # fmt: skip
    enemy, grey_star = ROWS[number][col].split("/")
    return (BIG if enemy == "K" else int(enemy)), (BIG if grey_star == "K" else int(grey_star))


def _oracle(cs: int, ecs: int, wp_worth: Fraction, ep_worth: Fraction, evade: bool, spend_one: bool = False):  # type: ignore[no-untyped-def]
    """value(e, w, ee) under the best play (or spending 1 every round): utility and P(win)."""

    def kept(e: int, w: int) -> Fraction:
        return wp_worth * w + ep_worth * e

    @cache
    def q(e: int, w: int, ee: int, spend: int, evading: bool) -> tuple[Fraction, Fraction]:
        ratio = cs - ecs - (6 if spend == 0 else 0)
        u = p = Fraction(0)
        for number in range(10):
            enemy, mine = _cell(ratio, number)
            enemy = 0 if evading else (BIG if enemy == BIG else enemy * max(spend, 1))
            e2, ee2, w2 = e - mine, ee - enemy, w - spend
            if e2 <= 0:
                continue  # dead: keeps nothing
            if ee2 <= 0:
                u += TENTH * (1 + kept(e2, w2))
                p += TENTH
            elif evading:
                u += TENTH * kept(e2, w2)
            else:
                vu, vp = value(e2, w2, ee2)
                u += TENTH * vu
                p += TENTH * vp
        return u, p

    @cache
    def value(e: int, w: int, ee: int) -> tuple[Fraction, Fraction]:
        if spend_one:
            return q(e, w, ee, 1 if w > 0 else 0, False)
        choices = [
            q(e, w, ee, s, ev) for s in range(max(w, 0) + 1) for ev in ((False, True) if evade else (False,))
        ]
        return max(choices, key=lambda t: t[0])

    return value, q


SMALL = [(14, 8, 4, 16, 10), (12, 6, 3, 12, 12), (18, 9, 5, 15, 14), (10, 7, 0, 12, 6)]


@pytest.mark.parametrize(("cs", "ep", "wp", "ecs", "eep"), SMALL)
def test_win_probabilities_match_the_hand_recursion(cs: int, ep: int, wp: int, ecs: int, eep: int) -> None:
    value, q = _oracle(cs, ecs, Fraction(0), Fraction(0), False)
    state = CombatState(cs, ep, wp, ecs, eep)
    advice = advise(state, exact=True)
    assert advice.p_win_optimal == value(ep, wp, eep)[1]
    for a in advice.actions:
        assert a.p_win == q(ep, wp, eep, a.spend, False)[1], a.action
    best = max(q(ep, wp, eep, s, False)[1] for s in range(max(wp, 0) + 1))
    assert q(ep, wp, eep, advice.best_first_spend, False)[1] == best


@pytest.mark.parametrize(("cs", "ep", "wp", "ecs", "eep"), SMALL)
def test_spend_one_policy_matches_the_hand_recursion(cs: int, ep: int, wp: int, ecs: int, eep: int) -> None:
    value, _ = _oracle(cs, ecs, Fraction(0), Fraction(0), False, spend_one=True)
    state = CombatState(cs, ep, wp, ecs, eep)
    assert spend_one_odds(state, exact=True).win_probability == value(ep, wp, eep)[1]
    assert advise(state, exact=True).p_win_spend_one == value(ep, wp, eep)[1]


def test_expected_willpower_and_endurance_of_spending_one_each_round() -> None:
    # Spending 1 a round from WILLPOWER 3: the WILLPOWER spent is min(3, rounds fought).
    state = CombatState(14, 8, 3, 16, 10)
    odds = spend_one_odds(state, exact=True)
    spent = 3 - odds.expected_resources["WILLPOWER_LEFT"]
    assert 1 <= spent <= 3
    ones = [a for a in advise(state, exact=True).actions if a.spend == 1]
    assert ones and ones[0].expected_willpower_spent >= 1


def test_worth_of_resources_and_evasion_match_the_hand_recursion() -> None:
    wp_worth, ep_worth = Fraction(1, 20), Fraction(1, 50)
    value, q = _oracle(12, 16, wp_worth, ep_worth, True)
    state = CombatState(12, 7, 3, 16, 12, can_evade=True)
    advice = advise(state, willpower_worth=wp_worth, endurance_worth=ep_worth, exact=True)
    assert advice.utility == value(7, 3, 12)[0]
    for a in advice.actions:
        assert a.utility == q(7, 3, 12, a.spend, a.evade)[0], a.action
    assert any(a.evade for a in advice.actions) and len(advice.actions) == 8


def test_evading_is_advised_when_staying_is_worse() -> None:
    # A hopeless fight (ratio -14 with no WILLPOWER) where ENDURANCE kept is worth something: evade.
    state = CombatState(4, 12, 0, 18, 40, can_evade=True)
    advice = advise(state, endurance_worth=Fraction(1, 10))
    assert advice.best_evades and advice.best_action == "evade:0"


def test_advice_at_a_later_decision_reuses_the_solution() -> None:
    advisor = CombatAdvisor()
    start = CombatState(14, 8, 4, 16, 10)
    advisor.advise(start)
    solution = advisor.solution(start)
    s = start.apply("spend:1")
    weakest = min((o for o, _ in s.chance_outcomes()), key=lambda o: int(str(o)[1:].split("/")[0]))
    later = s.apply(weakest)
    assert isinstance(later, CombatState) and later.phase == "decide"
    again = advisor.advise(later)
    assert advisor.solution(later) is solution
    value, _ = _oracle(14, 16, Fraction(0), Fraction(0), False)
    assert again.p_win_optimal == pytest.approx(
        float(value(later.endurance, later.willpower, later.enemy_endurance)[1])
    )


def test_advice_needs_a_decision() -> None:
    s = CombatState(14, 8, 4, 16, 10).apply("spend:1")
    assert isinstance(s, CombatState)
    with pytest.raises(UsageError, match="decision"):
        advise(s)


def test_book_table_changes_the_odds() -> None:
    uniform = advise(CombatState(14, 8, 4, 16, 10), exact=True).p_win_optimal
    book = advise(CombatState(14, 8, 4, 16, 10, table="book"), exact=True).p_win_optimal
    assert uniform != book and 0 < book < 1
