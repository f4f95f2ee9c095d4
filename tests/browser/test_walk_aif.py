"""The walk of Adventures in Fantasy and of the pages around the tables (`tests/browser/walking.py`): a
seeded melee, a week of a campaign at the referee's desk, and the home page, the new-game forms, the rules
help and every calculator, every page read for engine words (issue 30) and every new kind of page audited
by axe-core at 1280 and 390 px (issue 31)."""

from __future__ import annotations

import pytest

import tests.web.test_engine_words as crawler
from tests.browser.walking import WALKS_BY_FILE, Walking, games

GAMES = games("aif")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_seeded_aif_game_says_no_engine_word_and_passes_axe(walking: Walking, game: crawler.Game) -> None:
    walking.game(game)


@pytest.mark.parametrize("walk", WALKS_BY_FILE["aif"])
def test_the_desk_and_the_pages_around_say_no_engine_word_and_pass_axe(walking: Walking, walk: str) -> None:
    walking.walk(walk)
