"""Which presenter draws a system's games at the terminal (`cli.play_loop.Presenter`): a board or map
renderer of the system's own where it has one, the generic field dump otherwise."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.cli.board_aif import AifPresenter
from grognard.cli.board_gamebook import GamebookPresenter
from grognard.cli.board_talisman import TalismanPresenter
from grognard.cli.map_heroquest import QuestPresenter
from grognard.cli.play_loop import Presenter
from grognard.engine.match import Match

AIF_SYSTEM = "adventures-in-fantasy"
"""The system whose kept campaign the referee's desk presenter runs."""
GAMEBOOK_SYSTEMS = frozenset({"fighting-fantasy", "grey-star"})
"""The systems whose games (books and book fights) the gamebook presenter draws."""


def presenter_for(match: Match, kinds: Sequence[str] = (), width: int = 118) -> Presenter:
    """The presenter of a match's game (`kinds`: who sits at each seat, for a board that names bots)."""
    system = match.session.system
    if system in GAMEBOOK_SYSTEMS or match.session.game.info.id == "gamebook":
        return GamebookPresenter()
    if system == "talisman":
        return TalismanPresenter(kinds or match.seats, width, match.session.game_id)
    if system == "heroquest":
        return QuestPresenter()
    if system == AIF_SYSTEM and match.session.game.info.id == "campaign":
        return AifPresenter(match.session.game_id or "")
    return Presenter()
