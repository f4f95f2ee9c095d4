"""The walk of the gamebooks (`tests/browser/walking.py`): seeded Fighting Fantasy and Grey Star games (a
fight, a fight with an escape, the sample books, a combat) and an uploaded Twee story, every page read for
engine words (issue 30) and every new kind of page audited by axe-core at 1280 and 390 px (issue 31)."""

from __future__ import annotations

import pytest

import tests.web.test_engine_words as crawler
from tests.browser.walking import WALKS_BY_FILE, Walking, games

GAMES = games("gamebooks")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_seeded_gamebook_game_says_no_engine_word_and_passes_axe(
    walking: Walking, game: crawler.Game
) -> None:
    walking.game(game)


@pytest.mark.parametrize("walk", WALKS_BY_FILE["gamebooks"])
def test_an_uploaded_story_says_no_engine_word_and_passes_axe(walking: Walking, walk: str) -> None:
    walking.walk(walk)
