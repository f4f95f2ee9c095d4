"""A table's luck report (`/games/<address>/luck` and its JSON twin `/games/<address>/luck.json`): every
roll that mattered placed in its exact distribution, the game's dice against the same rolls thrown again,
the worth over the game drawn as a line (a gamebook's chance to finish) and the choices that cost most
(`engine.luck`; the rules say what a roll is worth, so nothing here names a game).

Anyone who may see a table's replay may see its luck: both show only moves already made. A reader who plays
blind (`live_odds.BLIND_COOKIE`) is not shown the chance to finish of a game still in play. The worths
are worked out within `SECONDS` (a book too large says so in words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from grognard.engine.errors import UsageError
from grognard.engine.luck import LuckReport, amount, appraise, appraiser_for, ordinal, summary, worth_words
from grognard.web.live_odds import blind
from grognard.web.pages import seat_label
from grognard.web.routes.common import TableAccess, json_answer
from grognard.web.routes.deps import Pages, Tables

ROUTER = APIRouter()

SECONDS = 10.0
"""The most seconds a request spends working out the worths (a book's solve)."""

WIDTH, HEIGHT, PAD, LEFT = 640, 220, 36, 64
"""The line's drawing: its size, its margin and its left margin (for the scale), in SVG units."""


@dataclass(frozen=True)
class Chart:
    """The line over the game as an SVG drawing: the polyline's points, the scale's marks (y, words), the
    moves marked (x, words) and the dots of the choices that cost (x, y, words)."""

    points: str
    scale: tuple[tuple[float, str], ...]
    moves: tuple[tuple[float, str], ...]
    dots: tuple[tuple[float, float, str], ...]
    width: int = WIDTH
    height: int = HEIGHT
    pad: int = PAD
    left: int = LEFT


def chart(report: LuckReport) -> Chart | None:
    """The report's line drawn (None without two points): x the move, y the worth (a chance from 0 to 100%;
    other worths between their lowest and highest)."""
    if len(report.line) < 2:
        return None
    values = [w for _, w in report.line]
    low, high = (0.0, 1.0) if report.shares else (min(values), max(values))
    span = (high - low) or 1.0
    first, last = report.line[0][0], max(report.line[-1][0], report.line[0][0] + 1)

    def x(ply: int) -> float:
        return round(LEFT + (WIDTH - LEFT - PAD) * (ply - first) / (last - first), 1)

    def y(v: float) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (v - low) / span, 1)

    points = " ".join(f"{x(p)},{y(v)}" for p, v in report.line)
    scale = tuple((y(low + span * k / 4), worth_words(report, low + span * k / 4)) for k in range(5))
    ticks = sorted({first, last, *(first + (last - first) * k // 4 for k in range(1, 4))})
    moves = tuple((x(p), f"move {p}") for p in ticks)
    after = dict(report.line)
    dots = tuple(
        (
            x(b.ply),
            y(after.get(b.ply, b.chosen_worth)),
            f"Move {b.ply}: {b.chosen} cost {amount(report, -b.cost)}",
        )
        for b in report.better
        if b.ply in after
    )
    return Chart(points, scale, moves, dots)


def luck_context(
    request: Request, tables: TableAccess, key: str, seat: int | None, at: int | None
) -> dict[str, Any]:
    """The luck report of seat `seat` (the visitor's, else the first) over the first `at` moves."""
    match = tables.load(key)
    mine = tables.visitor(request, key, match).seats
    session = match.session
    seats = max(1, len(match.seats))
    who = seat if seat is not None else (mine[0] if mine else 0)
    if not 0 <= who < seats:
        raise UsageError(f"there is no seat {who + 1} at this table")
    upto = len(session.moves) if at is None else at
    if not 0 <= upto <= len(session.moves):
        raise UsageError(f"move {upto} is outside 0 to {len(session.moves)}")
    start = session.game.new_initial_state(session.options)
    appraiser, note = appraiser_for(start, session.moves, who, SECONDS)
    report = None
    hidden = not session.is_over() and blind(request)
    if appraiser is not None:
        report = appraise(start, session.moves, who, appraiser, upto, note=note)
        if hidden and report.shares:
            report = None
            note = "You play blind: the chance to finish is shown once the game is over."
    view = match.replay_view(upto, mine[0] if mine else None)
    return {
        "game_id": key,
        "title": tables.title(key),
        "report": report,
        "note": note,
        "seat": who,
        "seats": [(i, seat_label(view, i, list(mine))) for i in range(seats)] if seats > 1 else [],
        "upto": upto,
        "last": len(session.moves),
        "over": session.is_over(),
        "chart": chart(report) if report is not None else None,
        "headline": summary(report) if report is not None else "",
        "amount": amount,
        "ordinal": ordinal,
        "worth_words": worth_words,
    }


@ROUTER.get("/games/{key}/luck", response_class=HTMLResponse)
def luck_page(
    request: Request, key: str, tables: Tables, page: Pages, seat: int | None = None, at: int | None = None
) -> HTMLResponse:
    """How lucky the dice were, for a seat, up to a move."""
    return page(request, "luck.html", **luck_context(request, tables, key, seat, at))


@ROUTER.get("/games/{key}/luck.json")
def luck_json(
    request: Request, key: str, tables: Tables, seat: int | None = None, at: int | None = None
) -> JSONResponse:
    """The luck report as JSON (`engine.luck.LuckReport.to_json`), or its `note` when there is none."""
    context = luck_context(request, tables, key, seat, at)
    report: LuckReport | None = context["report"]
    body: dict[str, Any] = {"address": key, "title": context["title"], "seat": context["seat"]}
    if report is None:
        body.update(upto=context["upto"], moves=context["last"], note=context["note"])
    else:
        body.update(report.to_json())
    return json_answer(body)
