"""Arrivals of a found force by its deployment (002_8449cbd1010a37a5.txt:1104-1132)."""

from __future__ import annotations

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.deployment import (
    arrivals,
    concentration_delay,
    direction,
    split,
)
from tests.systems.adventures_in_fantasy.scripted import Scripted


def test_searching_thousand_put_fifty_on_the_board_line_1062() -> None:
    result, _ = arrivals(Rng(4), "searching", 1000)
    assert [a.men for a in result if a.turn == 0] == [50]
    assert [a.men for a in result if a.turn == 20] == [50] * 6
    assert sum(a.men for a in result if a.turn == 40) == 650
    assert len([a for a in result if a.turn == 40]) == 13


def test_concentration_example_line_1126() -> None:
    assert concentration_delay(6, 3) == 15
    assert concentration_delay(6, 2) == 20
    assert concentration_delay(6, 1) == 25
    with pytest.raises(UsageError):
        concentration_delay(6, 7)


def test_direction_rolls_again_on_1_or_0_line_1120() -> None:
    where, rolls = direction(Scripted([1, 10, 2]))
    assert where == "north" and [r.total for r in rolls] == [1, 10, 2]
    assert direction(Scripted([9]))[0] == "north-west"


def test_marching_column_line_1132() -> None:
    result, _ = arrivals(Rng(1), "marching", 1500, turns=5)
    assert [(a.turn, a.men) for a in result] == [(0, 700), (1, 350), (2, 350), (3, 100)]


def test_deployed_ambush_and_hiding_are_all_there() -> None:
    for deployment in ("deployed", "ambush", "hiding"):
        result, _ = arrivals(Rng(1), deployment, 80)
        assert [(a.turn, a.men) for a in result] == [(0, 80)]


def test_small_forces_split_without_losing_men() -> None:
    assert split(7, 6) == [2, 1, 1, 1, 1, 1]
    for men in range(1, 60):
        result, _ = arrivals(Rng(men), "foraging", men)
        assert sum(a.men for a in result) == men
    with pytest.raises(UsageError, match="0"):
        arrivals(Rng(1), "marching", 0)
