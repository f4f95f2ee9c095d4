"""Registers how a gamebook game's dice are judged (`engine.luck.appraiser_for` imports this module for
the runner's states): by the solved book, `gamebook.solve_luck`."""

from __future__ import annotations

from grognard.engine.luck import register_appraiser
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.solve_luck import book_appraiser

register_appraiser(GamebookState, book_appraiser)
