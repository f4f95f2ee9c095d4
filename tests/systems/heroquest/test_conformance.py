"""Conformance: thousands of random legal moves through the quest state, every protocol promise checked."""

from __future__ import annotations

import time

import pytest

from grognard.engine.conformance import check_game
from grognard.engine.dice import Rng
from grognard.engine.game import GameState
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.quest_setup import SHIPPED_QUESTS

BUDGET = 12.0
"""Seconds of random games for each quest and game-master setting (about a minute in all)."""


def _stay(state: GameState, rng: Rng) -> str:
    """A random legal move, never leaving the quest (so games go deep)."""
    actions = [a for a in state.legal_actions() if a != "leave"]
    return rng.choice(actions)


@pytest.mark.parametrize("quest", SHIPPED_QUESTS)
def test_random_games_keep_every_promise(quest: str) -> None:
    options = {"quest": quest, "heroes": "barbarian,elf-wizard,dwarf-warrior", "rounds": 6}
    start = time.perf_counter()
    played = moves = 0
    seed = 0
    while time.perf_counter() - start < BUDGET:
        report = check_game(GAME, options, seed=seed, games=5, policy=_stay, system="heroquest")
        played += report.games
        moves += report.moves
        assert report.finished == report.games
        seed += 1
    assert played >= 10 and moves >= 500


def test_random_games_with_a_human_game_master_and_interleaved_order() -> None:
    options = {
        "quest": "the-goblin-cellar",
        "heroes": "barbarian,elf-wizard",
        "gm": "human",
        "interleave": True,
        "rounds": 5,
    }
    report = check_game(GAME, options, seed=7, games=8, system="heroquest")
    assert report.finished == 8


def test_random_games_with_the_agreed_order_and_the_plain_random_policy() -> None:
    report = check_game(GAME, {"order": "agree", "rounds": 4}, seed=3, games=10, system="heroquest")
    assert report.finished == 10 and report.decisions > 0
