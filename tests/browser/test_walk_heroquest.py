"""The walk of HeroQuest (`tests/browser/walking.py`): seeded quests (the Goblin Cellar, quest 1, a game
master played here) and an uploaded HeroScribe quest, every page read for engine words (issue 30) and
every new kind of page audited by axe-core at 1280 and 390 px (issue 31)."""

from __future__ import annotations

import pytest

import tests.web.test_engine_words as crawler
from tests.browser.walking import WALKS_BY_FILE, Walking, games

GAMES = games("heroquest")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_seeded_heroquest_game_says_no_engine_word_and_passes_axe(
    walking: Walking, game: crawler.Game
) -> None:
    walking.game(game)


@pytest.mark.parametrize("walk", WALKS_BY_FILE["heroquest"])
def test_an_uploaded_quest_says_no_engine_word_and_passes_axe(walking: Walking, walk: str) -> None:
    walking.walk(walk)
