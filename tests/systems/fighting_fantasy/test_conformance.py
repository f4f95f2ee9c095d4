"""Random fights played to the end: protocol promises, invariants, JSON round trips, replays."""

from __future__ import annotations

import pytest

from grognard.engine.conformance import check_game, check_registered
from grognard.engine.game import OptionValue
from grognard.systems.fighting_fantasy.game import FightGame

CASES: list[dict[str, OptionValue]] = [
    {},
    {"hero": "7/14/7", "enemies": "Orc:8/10,Goblin:6/5", "escape": True, "potion": "strength"},
    {"hero": "9/18/10", "enemies": "A:7/6,B:8/5,C:6/4", "together": True, "potion": "fortune"},
    {"hero": "8/12/6", "enemies": "Troll:9/14x3", "max_rounds": 6, "hero_floor": 4, "potion": "skill"},
    {
        "hero": "12/24/12",
        "enemies": "Rat:5/4,Bat:5/3",
        "together": True,
        "escape": True,
        "skill_modifier": -2,
    },
]


@pytest.mark.parametrize("options", CASES)
def test_random_fights_keep_every_promise(options: dict[str, OptionValue]) -> None:
    """Steps 1-7 (000_13d85f0bd5b613c5.txt:27-53) and the caps (:7-11) over many random fights."""
    report = check_game(FightGame(), options, seed=11, games=150)
    assert report.finished == 150
    assert set(report.outcomes) <= {"win", "dead", "escaped", "hero-floor", "rounds-over"}


def test_registered_fight_game() -> None:
    """The system registers its fight game (000_13d85f0bd5b613c5.txt:22-26: pages order fights)."""
    report = check_registered("fighting-fantasy", "fight", games=30, seed=3)
    assert report.finished == 30 and report.outcomes
