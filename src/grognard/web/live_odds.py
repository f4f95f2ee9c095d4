"""A table's heavy odds, worked out apart from the table page so they never hold up a move.

The table fragment shows the cheap part of a view at once, with a placeholder for the odds a system solves
(`GameViews.odds`: the gamebooks' fight advice, the melee chances); `static/grognard.js` then asks
`/games/<id>/odds?ply=<ply>` for them and fills them in. That request runs in the server's thread pool
like any other, so a move posted meanwhile is made at once. Solves take turns, one at a time, and the
odds of a position already left are answered as stale without a solve (the page drops them). Answers are
kept per game, revision and seat, so a page refreshed by the live stream does not solve one position twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse

from grognard.engine.errors import GrognardError
from grognard.engine.match import Match
from grognard.engine.view import SeatView
from grognard.web.seats import seats_held

KEPT = 64
"""How many answers are kept (the most recent)."""

OddsText = dict[str, object]
LoadFn = Callable[[str], Match]
"""How the route loads a stored game by its id (404 when there is none)."""

_kept: OrderedDict[tuple[str, int | None, int], OddsText] = OrderedDict()
_kept_lock = threading.Lock()
_solving = threading.Lock()
"""One solve at a time in this process: the moves keep the rest of the processor, and a request that waited
behind a solve finds its position left and answers at once."""


def has_heavy_odds(match: Match) -> bool:
    """Whether the game's views solve odds apart from the cheap view (then the page loads them later)."""
    return match.views.odds is not None


def odds_text(view: SeatView) -> OddsText:
    """A view's odds as the texts the page shows: per action, the chance to win, the fight's note."""
    odds = view.odds
    if odds is None:
        return {"ply": view.ply, "actions": {}, "win": None, "note": None}
    actions = {a: f"{p * 100:.1f}%" for a, p in odds.actions.items()}
    win = None
    if odds.win is not None:
        win = f"Chance to win with the best play: {odds.win * 100:.2f}%"
        if odds.note:
            win += f" · {odds.note}"
    note = f"{odds.note[:1].upper()}{odds.note[1:]}." if odds.note else None
    return {"ply": view.ply, "actions": actions, "win": win, "note": note}


def add_odds_route(app: FastAPI, secret: str, load: LoadFn) -> None:
    """Mount `GET /games/<id>/odds?ply=<ply>` (JSON): the acting seat's solved odds at that ply."""

    @app.get("/games/{game_id}/odds")
    def odds(request: Request, game_id: str, ply: int) -> JSONResponse:
        match = load(game_id)
        mine = seats_held(request, secret, game_id, len(match.seats))
        if not mine:
            raise HTTPException(403, "the odds are for the seat to act, at its own browser")
        acting = [s for s in mine if s in match.humans_to_act()]
        if ply != match.ply or not acting:
            return JSONResponse({"ply": match.ply, "stale": True})
        key = (game_id, match.session.revision, acting[0])
        with _kept_lock:
            found = _kept.get(key)
        if found is None:
            with _solving:
                match = load(game_id)  # the game may have moved on while this request waited its turn
                if match.ply != ply or match.session.revision != key[1]:
                    return JSONResponse({"ply": match.ply, "stale": True})
                try:
                    found = odds_text(match.view(acting[0], odds=True))
                except GrognardError as e:
                    found = {"ply": match.ply, "actions": {}, "win": None, "note": f"no odds here: {e}"}
            with _kept_lock:
                _kept[key] = found
                while len(_kept) > KEPT:
                    _kept.popitem(last=False)
        return JSONResponse(found, headers={"Cache-Control": "no-store"})
