"""Hirelings (002_8449cbd1010a37a5.txt:1888-1902): every worked example of the book."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.checks import influence_probability
from grognard.systems.adventures_in_fantasy.hirelings import (
    UPKEEP_SP,
    Band,
    month_bill,
    monthly_pay,
    obedience,
    obedience_probability,
    recruit_limit,
    shares,
)


def test_status_5_and_charisma_13_recruit_nine_line_1893() -> None:
    assert recruit_limit(5, 13) == 9


def test_four_lost_leave_five_for_the_next_year_line_1898() -> None:
    assert recruit_limit(5, 13, lost=4) == 5
    band = Band(men=9).lose(4, today=100)
    assert band.men == 5 and band.lost_now(100) == 4
    assert recruit_limit(5, 13, band.lost_now(200)) == 5
    assert band.lost_now(100 + 365) == 0
    assert band.forget(100 + 365).lost == 0


def test_status_gained_adds_recruits_despite_losses_line_1900() -> None:
    assert recruit_limit(7, 13, lost=4) == recruit_limit(5, 13, lost=4) + 2


def test_hiring_past_the_limit_is_refused() -> None:
    with pytest.raises(UsageError):
        Band(men=8).hire(2, recruit_limit(5, 13))
    assert Band(men=8).hire(1, recruit_limit(5, 13)).men == 9


def test_treasure_is_shared_by_social_status_line_1897() -> None:
    parts = shares(80, [("leader", 8), ("five", 5), ("three", 3)])
    assert [p.shares for p in parts] == [8, 5, 3]
    assert [p.amount for p in parts] == [40, 25, 15]
    assert sum(p.amount for p in shares(10, [("a", 1), ("b", 2)])) == 10


def test_unpaid_men_desert_and_the_next_want_double_line_1892() -> None:
    band = Band(men=6).desert()
    assert band.men == 0 and band.deserted
    plain = month_bill(2, 26)
    doubled = month_bill(2, 26, deserted_before=True)
    assert plain.pay_gp == 4 and doubled.pay_gp == 8
    assert plain.upkeep_sp == 2 * UPKEEP_SP == 76


def test_monthly_pay_is_a_thirteenth_of_the_yearly_income() -> None:
    assert monthly_pay(13) == 1
    assert monthly_pay(20) == Fraction(20, 13)


def test_obedience_is_the_charisma_influence_line_1902() -> None:
    assert obedience_probability(60, 40) == influence_probability(60, 40)
    done = obedience(Rng(1), 60, 40, first_roll=30, second_roll=50)
    assert done.chance == 50 and done.success
    refused = obedience(Rng(1), 60, 40, first_roll=70)
    assert not refused.may_try and not refused.success
