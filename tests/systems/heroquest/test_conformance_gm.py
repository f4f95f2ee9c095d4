"""Conformance with the other game-master settings: 800 random games of the shipped quests with a
person's seat for the game master (random monster moves too) and the game master in the rolled order,
and with the heroes' order agreed instead of rolled; every move checked (`engine.conformance`).

Each quest and setting is its own test item so pytest-xdist spreads them. As in `test_conformance`,
each move's node is checked and the costlier round trips run on a fixed sample (`FULL_EVERY`,
`REPLAY_EVERY`).
"""

from __future__ import annotations

import pytest

from grognard.engine.conformance import check_game
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.game import GAME

FULL_EVERY = 3
REPLAY_EVERY = 3
GAMES = 100
"""Games for each quest and setting: 4 quests x 2 settings x 100 = 800 games in this file."""


@pytest.mark.parametrize("quest", SHIPPED_QUESTS)
def test_random_games_with_a_human_game_master_and_interleaved_order(quest: str) -> None:
    """004_24cd6f974fe6a1ee.txt:72: the game master's seat, in the rolled order, keeps every promise."""
    options = {
        "quest": quest,
        "heroes": "barbarian,elf-wizard",
        "gm": "human",
        "interleave": True,
        "rounds": 5,
    }
    report = check_game(
        GAME,
        options,
        seed=7,
        games=GAMES,
        system="heroquest",
        full_every=FULL_EVERY,
        replay_every=REPLAY_EVERY,
    )
    assert report.finished == GAMES
    assert report.decisions > GAMES


@pytest.mark.parametrize("quest", SHIPPED_QUESTS)
def test_random_games_with_the_agreed_order_and_the_plain_random_policy(quest: str) -> None:
    """004_24cd6f974fe6a1ee.txt:74: with the order agreed, plain random play keeps every promise."""
    options = {"quest": quest, "order": "agree", "rounds": 4}
    report = check_game(
        GAME,
        options,
        seed=3,
        games=GAMES,
        system="heroquest",
        full_every=FULL_EVERY,
        replay_every=REPLAY_EVERY,
    )
    assert report.finished == GAMES and report.decisions > 0
