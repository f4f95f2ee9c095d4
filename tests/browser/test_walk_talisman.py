"""The walk of Talisman (`tests/browser/walking.py`): seeded games of two and three players, a table of
two people with its refusals, and the pages of players by name (the lobby, the chat, their own page),
every page read for engine words (issue 30) and every new kind of page audited by axe-core at 1280 and
390 px (issue 31)."""

from __future__ import annotations

import pytest

import tests.web.test_engine_words as crawler
from tests.browser.walking import WALKS_BY_FILE, Walking, games

GAMES = games("talisman")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_seeded_talisman_game_says_no_engine_word_and_passes_axe(
    walking: Walking, game: crawler.Game
) -> None:
    walking.game(game)


@pytest.mark.parametrize("walk", WALKS_BY_FILE["talisman"])
def test_tables_of_people_say_no_engine_word_and_pass_axe(walking: Walking, walk: str) -> None:
    walking.walk(walk)
