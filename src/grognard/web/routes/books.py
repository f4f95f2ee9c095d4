"""Opening any gamebook in the browser: a shipped one, or an uploaded TOML book, Twee story or Twine HTML.

An upload (1 MB at most) is read by the same loaders and checked by the same checker as the command line,
in memory: its problems are shown, each with its section, and nothing of it is kept. A book with none is
started as a new game that carries it (under the hash of its bytes, never the name the browser sent nor a
path of the server), and kept in `$GROGNARD_HOME/books/` under that name, so a new-game form may start it
again as `upload:<hash>.<suffix>` (`web.content`).

When the form asks for it (`report`, ticked by default), the author's report on the book is shown before
the reader starts: the chance of each ending and the flags, for the character the new table has just
rolled, worked out within a small budget (`solve_report.report_here`), or one line saying it is too large.
"""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.embedded import embed
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.load import BookLoadError, book_and_warnings
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve_report import OddsReport, ending_said, report_here
from grognard.i18n import gettext as _
from grognard.web.content import SUFFIXES, content_of, keep_upload, shipped, uploaded_books
from grognard.web.routes.common import writing
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import host_token, keep, seat_token
from grognard.web.settings import UPLOAD_LIMIT

ROUTER = APIRouter()


def where(problem: Problem) -> str:
    """Where a book's problem is, in the reader's language: "section 12, choices[2].target" (the field as
    the book file names it), or "book, book.start", or "book"."""
    place = _("section {section}").format(section=problem.section) if problem.section else _("book")
    return f"{place}, {problem.field}" if problem.field else place


def words() -> dict[str, object]:
    """The helpers the books page calls to say a problem's place and an ending."""
    return {"where": where, "ending": ending_said}


def book_game(system_id: str) -> tuple[str, str]:
    """The system and its game that plays books (a 404 for a system of no books)."""
    try:
        kind, _package, game = content_of(system_id)
    except UsageError:
        kind, game = "", ""
    if kind != "books":
        raise HTTPException(404, _("{system} has no gamebooks").format(system=repr(system_id)))
    return registry.get_system(system_id).id, game


@ROUTER.get("/books/{system_id}", response_class=HTMLResponse)
def book_form(request: Request, system_id: str, page: Pages) -> HTMLResponse:
    system = registry.get_system(book_game(system_id)[0])
    return page(
        request, "books.html", system=system, shipped=list(shipped(system.id)), problems=[], **words()
    )


@ROUTER.post("/books/{system_id}")
def upload(
    request: Request, system_id: str, form: Form, file: UploadFile, tables: Tables, page: Pages
) -> Response:
    system_id, game = book_game(system_id)
    system = registry.get_system(system_id)
    name = (file.filename or "book")[:200]
    suffix = Path(name).suffix.lower()
    if suffix not in SUFFIXES:
        raise UsageError(
            _("{name}: upload a book as .toml, a Twee story (.twee) or Twine HTML (.html)").format(name=name)
        )
    data = file.file.read(UPLOAD_LIMIT + 1)
    if len(data) > UPLOAD_LIMIT:
        raise UsageError(
            _("{name}: over {size} KB, more than a book here may be").format(
                name=name, size=UPLOAD_LIMIT // 1000
            )
        )
    ruleset = registry.get_game(system.id, game)
    if not isinstance(ruleset, GamebookGame):
        raise HTTPException(404, _("{system} has no gamebooks").format(system=repr(system.id)))
    kept = f"{hashlib.sha256(data).hexdigest()[:32]}{suffix}"
    problems: list[Problem]
    warnings: list[Problem] = []
    title = ""
    try:
        book, imported = book_and_warnings(data, kept, system.id)
        problems = check_book(book, ruleset.ruleset)
        warnings = [Problem("", "", w) for w in imported] + check_warnings(book)
        title = book.book.title
    except BookLoadError as e:
        problems = e.problems
    except RecursionError:
        problems = [Problem("", "", _("nested too deeply to be read as a book"))]
    if problems:  # nothing of a refused upload is kept
        return page(
            request,
            "books.html",
            400,
            system=system,
            shipped=list(shipped(system.id)),
            problems=problems,
            warnings=warnings,
            name=name,
            **words(),
        )
    seed = secrets.randbelow(10**9)
    carried = {"book": embed(kept, data)}
    with writing():
        match = Match.new(system.id, game, carried, ["human"], seed, tables.store, title)
    match.advance(guard=writing)
    keep_upload(uploaded_books(), {kept: data})  # a later new-game form may name it `upload:<kept>`
    stored = match.session.game_id
    assert stored is not None
    key = tables.key(stored)
    response: Response = RedirectResponse(f"/games/{key}", status_code=303)
    report: OddsReport | str | None = None
    state = match.session.current
    if form.get("report") and isinstance(state, GamebookState):  # the author's report, within a budget
        report = report_here(state)
    if warnings or report is not None:  # said once, before the reader starts: the page links to the table
        response = page(
            request,
            "books.html",
            system=system,
            shipped=list(shipped(system.id)),
            problems=[],
            warnings=warnings,
            name=name,
            title=title,
            table=f"/games/{key}",
            report=report,
            **words(),
        )
    tokens = {"host": host_token(tables.secret, key), "0": seat_token(tables.secret, key, 0)}
    keep(request, response, key, tokens)
    return response
