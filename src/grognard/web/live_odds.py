"""A table's heavy odds, worked out apart from the table page so they never hold up a move.

The table fragment shows the cheap part of a view at once, with a placeholder for the odds a system solves
(`GameViews.odds`: the gamebooks' fight advice, the melee chances); `static/grognard.js` then asks
`/games/<id>/odds?ply=<ply>` for them. The request never waits for a solve: it starts one and answers
"pending" at once, and the page asks again a moment later until the odds are there.

Each position is solved in a worker process of its own (`web.solving.run_queued`), handed only plain
data (where the games are kept, the game, seat, ply and revision) and loading the game from the store
itself: it holds no request thread and no lock a move needs, it has a time and memory budget (past it the
page says "no odds here: over budget: ..."), and one table's solve never waits for another's beyond the
few slots the server runs at once. A table solves one position at a time: when it moves on, the solve of
the position it left is stopped (that position answers "stale"), and a solve nobody asks about any more
(the page was closed) is stopped after `ABANDON_SECONDS`. Answers are kept per store, game, revision and
seat, so a page refreshed by the live stream never solves one position twice.

At a gamebook's decision outside a fight the worker also reads the chance to finish the book from here and
after each choice (`gamebook.solve_reader`) from the books solved in the server's home (`SOLVED_FOLDER`),
or solves the book there within `reader_states` states and `reader_seconds` and keeps it, so the next
reader of the book gets it from the file. A browser with the `BLIND_COOKIE` set plays blind: none is read.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections import OrderedDict
from pathlib import Path

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse

import grognard.systems  # noqa: F401  (a worker declares every system to load its game)
from grognard import i18n
from grognard.engine.errors import GrognardError
from grognard.engine.match import Match
from grognard.engine.store.factory import DATABASE_URL_VAR, database_url, grognard_home, open_store
from grognard.engine.view import SeatView
from grognard.web.solving import ClientGone, budget, client_keys, run_queued

KEPT = 64
"""How many answers are kept (the most recent)."""
ABANDON_SECONDS = 10.0
"""A solve that no page asked about for this long is stopped (a waiting page asks every 0.6 s)."""

OddsText = dict[str, object]

Key = tuple[str, str, int | None, int, bool, str]
"""A solved position: where the games are kept (`GROGNARD_HOME` or the database), the stored game's id,
its revision, the seat, whether the reader plays blind, and the reader's language (the odds' words)."""

_kept: OrderedDict[Key, OddsText | None] = OrderedDict()
_asked: dict[Key, float] = {}
_solving: dict[tuple[str, str], tuple[Key, asyncio.Task[None]]] = {}
_lock = threading.Lock()


def has_heavy_odds(match: Match) -> bool:
    """Whether the game's views solve odds apart from the cheap view (then the page loads them later)."""
    return match.views.odds is not None


def odds_text(view: SeatView) -> OddsText:
    """A view's odds as the texts the page shows: per action, the chance to win, the fight's note."""
    odds = view.odds
    if odds is None:
        return {"ply": view.ply, "actions": {}, "win": None, "note": None}
    actions = {a: i18n.percent(p) for a, p in odds.actions.items()}
    win = None
    if odds.win is not None:
        said = i18n.gettext("Chance to win with the best play:")
        win = f"{said} {i18n.percent(odds.win, 2)}"
        if odds.note:
            win += f" · {odds.note}"
    elif odds.note:  # a chance said in words (a gamebook's chance to finish): its first line
        win = odds.note.split("\n")[0]
    note = f"{odds.note[:1].upper()}{odds.note[1:]}." if odds.note else None
    return {"ply": view.ply, "actions": actions, "win": win, "note": note}


def solve_odds(
    home: str,
    url: str | None,
    game_id: str,
    seat: int,
    ply: int,
    revision: int | None,
    books: tuple[int, float] | None = None,
    language: str = i18n.SOURCE,
) -> OddsText:
    """The odds of a stored position, as the page shows them, worked out in a worker process (which loads
    the game from the store itself); "stale" when the game has moved on or is gone. With `books` (the
    most states and seconds of a solve), a gamebook's chance to finish is read from the books solved in
    `home` (`SOLVED_FOLDER`), or solved here and kept there; without (a reader who plays blind), none.
    Their words are in `language`, the reader's."""
    from grognard.gamebook import solve_reader  # inner import: the solver loads in the odds worker only

    os.environ["GROGNARD_HOME"] = home
    chances = None
    if books is not None:
        states, seconds = books
        chances = solve_reader.BookChances(lambda: Path(home) / SOLVED_FOLDER, budget=states, seconds=seconds)
    solve_reader.use(chances)
    if url:
        os.environ[DATABASE_URL_VAR] = url
    else:
        os.environ.pop(DATABASE_URL_VAR, None)
    stale: OddsText = {"ply": ply, "stale": True}
    with open_store() as store:
        try:
            store.summary(game_id)
            match = Match.load(store, game_id)
        except (GrognardError, KeyError):  # deleted meanwhile
            return stale
        if match.ply != ply or match.session.revision != revision or seat not in match.humans_to_act():
            return stale
        with i18n.speaking(language):  # the words of the reader who asked
            return odds_text(match.view(seat, odds=True))


SOLVED_FOLDER = "solved"
"""The folder of the server's home solved books are kept in (where the command line keeps them too)."""
BLIND_COOKIE = "grognard_blind"
"""A browser that has this cookie set to 1 plays blind: no chance to finish is worked out for it."""
READER_STATES_VAR = "GROGNARD_BOOK_STATES"
"""The environment variable giving the most states of a book solved for a reader (default
`solve_reader.READER_BUDGET`)."""


def reader_states() -> int:
    """The most states of a book solved for a reader here."""
    from grognard.gamebook.solve_reader import READER_BUDGET  # inner import: the odds worker only

    raw = os.environ.get(READER_STATES_VAR, "").strip()
    return max(1, int(raw)) if raw.isdigit() else READER_BUDGET


def reader_seconds() -> float:
    """The most seconds spent finding a book's states for a reader: well within a worker's budget, so a
    book too large is said to be so (and kept as such) before the worker is stopped."""
    from grognard.gamebook.solve_reader import READER_SECONDS  # inner import: the odds worker only

    return min(READER_SECONDS, budget().seconds * 0.5)


def blind(request: Request) -> bool:
    """Whether the browser of `request` plays blind (`BLIND_COOKIE`)."""
    return request.cookies.get(BLIND_COOKIE) == "1"


def where() -> str:
    """Where this process keeps its games: the database URL, else the grognard home."""
    return database_url() or str(grognard_home())


def _keep(key: Key, found: OddsText | None) -> None:
    with _lock:
        _kept[key] = found
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            gone, _ = _kept.popitem(last=False)
            _asked.pop(gone, None)


async def _abandoned(key: Key) -> None:
    """Return once no page has asked for `key`'s odds for `ABANDON_SECONDS`."""
    while True:
        await asyncio.sleep(1.0)
        with _lock:
            last = _asked.get(key)
        if last is None or time.monotonic() - last > ABANDON_SECONDS:
            return


async def work_out(key: Key, ply: int, owners: tuple[str, ...]) -> None:
    """Solve `key`'s position in a worker and keep the answer (a note when it cannot be solved here);
    forget it when nobody waits for it any more, so a page asking again later starts it again."""
    language = key[-1]
    with i18n.speaking(language):  # the reader's words for why there are no odds
        what, no_odds = i18n.gettext("the odds"), i18n.gettext("no odds here: {reason}")
    try:
        with i18n.speaking(language):
            found = await _solved(key, ply, owners, what)
    except ClientGone:
        with _lock:
            _kept.pop(key, None)
            _asked.pop(key, None)
        return
    except asyncio.CancelledError:  # the table moved on: the position is left
        _keep(key, {"ply": ply, "stale": True})
        raise
    except GrognardError as e:
        found = {"ply": ply, "actions": {}, "win": None, "note": no_odds.format(reason=e)}
    except Exception as e:  # a bug in the worker: the table still plays, without odds
        found = {"ply": ply, "actions": {}, "win": None, "note": no_odds.format(reason=e)}
    _keep(key, found)


async def _solved(key: Key, ply: int, owners: tuple[str, ...], what: str) -> OddsText:
    """`key`'s position solved in a worker (`solve_odds`), queued for a slot."""
    _, game_id, revision, seat, blindly, language = key
    found: OddsText = await run_queued(
        solve_odds,
        (
            str(grognard_home()),
            database_url(),
            game_id,
            seat,
            ply,
            revision,
            None if blindly else (reader_states(), reader_seconds()),
            language,
        ),
        owners,
        lambda: _abandoned(key),
        what,
    )
    return found


def _start(key: Key, ply: int, owners: tuple[str, ...]) -> None:
    """Start solving `key`, stopping the solve of a position this table has left."""
    table = (key[0], key[1])
    loop = asyncio.get_running_loop()
    task = loop.create_task(work_out(key, ply, owners))
    with _lock:
        before = _solving.get(table)
        _solving[table] = (key, task)
    if before is not None and not before[1].done() and before[1].get_loop() is loop:
        before[1].cancel()

    def done(_: asyncio.Task[None]) -> None:
        with _lock:
            current = _solving.get(table)
            if current is not None and current[1] is task:
                del _solving[table]

    task.add_done_callback(done)


async def answer(request: Request, match: Match, mine: list[int], ply: int) -> JSONResponse:
    """The answer to `GET /games/<id>/odds?ply=<ply>` (JSON) for a browser holding the seats `mine`: the
    acting seat's solved odds at that ply, or `{"pending": true}` while they are being worked out, or
    `{"stale": true}` for a position left; 403 for a browser holding no seat."""
    if not mine:
        raise HTTPException(403, i18n.gettext("the odds are for the seat to act, at its own browser"))
    acting = [s for s in mine if s in match.humans_to_act()]
    if ply != match.ply or not acting:
        return JSONResponse({"ply": match.ply, "stale": True})
    stored = match.session.game_id
    assert stored is not None
    key: Key = (where(), stored, match.session.revision, acting[0], blind(request), i18n.current())
    with _lock:
        asked = key in _kept
        found = _kept.get(key)
        _asked[key] = time.monotonic()
        if not asked:
            _kept[key] = None  # asked: being worked out
    if not asked:
        _start(key, ply, client_keys(request, "odds"))
    if found is None:
        return JSONResponse({"ply": ply, "pending": True}, headers={"Cache-Control": "no-store"})
    return JSONResponse(found, headers={"Cache-Control": "no-store"})
