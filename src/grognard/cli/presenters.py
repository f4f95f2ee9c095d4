"""Which presenter draws a game at the terminal (`cli.play_loop.Presenter`): the one its system's front
end registers for the game (`cli.frontends.Frontend.presenters`: a board or map of the system's own), the
gamebook presenter for any gamebook, the generic field dump otherwise. No system is named here."""

from __future__ import annotations

from collections.abc import Sequence

from grognard.cli import frontends
from grognard.cli.board_gamebook import GamebookPresenter
from grognard.cli.play_loop import Presenter
from grognard.engine.match import Match
from grognard.gamebook.runner import GamebookGame


def presenter_for(match: Match, kinds: Sequence[str] = (), width: int = 118) -> Presenter:
    """The presenter of a match's game (`kinds`: who sits at each seat, for a board that names bots)."""
    front = frontends.load(match.session.system)
    make = front.presenters.get(match.session.game.info.id) if front is not None else None
    if make is not None:
        return make(match, kinds, width)
    if isinstance(match.session.game, GamebookGame):
        return GamebookPresenter()
    return Presenter()
