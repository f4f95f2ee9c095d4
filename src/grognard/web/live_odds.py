"""A table's heavy odds, worked out apart from the table page so they never hold up a move.

The table fragment shows the cheap part of a view at once, with a placeholder for the odds a system solves
(`GameViews.odds`: the gamebooks' fight advice, the melee chances); `static/grognard.js` then asks
`/games/<id>/odds?ply=<ply>` for them. The request never waits for a solve: it hands the position to this
process's one solving thread and answers "pending" at once, and the page asks again a moment later until
the odds are there. So a solve holds no request thread and no lock a move needs, solves take turns one at
a time, a position already left when its turn comes is skipped (answered "stale"), and answers are kept
per saved-games home, game, revision and seat, so a page refreshed by the live stream never solves one
position twice.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse

from grognard.engine.errors import GrognardError
from grognard.engine.match import Match
from grognard.engine.store import grognard_home
from grognard.engine.view import SeatView
from grognard.web.seats import seats_held

KEPT = 64
"""How many answers are kept (the most recent)."""

OddsText = dict[str, object]
LoadFn = Callable[[str], Match]
"""How the route loads a stored game by its id (404 when there is none)."""

Key = tuple[str, str, int | None, int]
"""A solved position: the saved-games home, the game, its revision and the seat."""

_kept: OrderedDict[Key, OddsText | None] = OrderedDict()
_kept_lock = threading.Lock()
_solver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="grognard-odds")
"""One solve at a time in this process, in its own thread: the moves keep the request threads."""


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


def _keep(key: Key, found: OddsText | None) -> None:
    with _kept_lock:
        _kept[key] = found
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def _solve(load: LoadFn, key: Key, ply: int) -> None:
    """Work out the odds of `key`'s position in the solving thread ("stale" when the game moved on)."""
    home, game_id, revision, seat = key
    found: OddsText = {"ply": ply, "stale": True}
    try:
        match = load(game_id)
        if (
            str(grognard_home()) == home
            and match.ply == ply
            and match.session.revision == revision
            and seat in match.humans_to_act()
        ):
            found = odds_text(match.view(seat, odds=True))
    except HTTPException:  # the game was deleted meanwhile
        pass
    except GrognardError as e:
        found = {"ply": ply, "actions": {}, "win": None, "note": f"no odds here: {e}"}
    finally:
        _keep(key, found)


def add_odds_route(app: FastAPI, secret: str, load: LoadFn) -> None:
    """Mount `GET /games/<id>/odds?ply=<ply>` (JSON): the acting seat's solved odds at that ply, or
    `{"pending": true}` while they are being worked out, or `{"stale": true}` for a position left."""

    @app.get("/games/{game_id}/odds")
    def odds(request: Request, game_id: str, ply: int) -> JSONResponse:
        match = load(game_id)
        mine = seats_held(request, secret, game_id, len(match.seats))
        if not mine:
            raise HTTPException(403, "the odds are for the seat to act, at its own browser")
        acting = [s for s in mine if s in match.humans_to_act()]
        if ply != match.ply or not acting:
            return JSONResponse({"ply": match.ply, "stale": True})
        key: Key = (str(grognard_home()), game_id, match.session.revision, acting[0])
        with _kept_lock:
            asked = key in _kept
            found = _kept.get(key)
            if not asked:
                _kept[key] = None  # asked: being worked out
        if not asked:
            _solver.submit(_solve, load, key, ply)
        if found is None:
            return JSONResponse({"ply": ply, "pending": True}, headers={"Cache-Control": "no-store"})
        return JSONResponse(found, headers={"Cache-Control": "no-store"})
