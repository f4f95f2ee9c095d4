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

from grognard import i18n
from grognard.engine.errors import UsageError
from grognard.engine.luck import LuckReport, appraise, appraiser_for
from grognard.i18n import N_, ngettext, pgettext
from grognard.i18n import gettext as _
from grognard.web.live_odds import blind
from grognard.web.pages import seat_label
from grognard.web.routes.common import TableAccess, json_answer
from grognard.web.routes.deps import Pages, Tables

ROUTER = APIRouter()

SECONDS = 10.0
"""The most seconds a request spends working out the worths (a book's solve)."""

ENGINE_NOTES = (N_("The dice of this game cannot be judged: no worth of its rolls is known."),)
"""The notes the engine writes in English (`engine.luck.appraiser_for`, for a game no rules appraise), said
here in the reader's language; a game's own notes come in the reader's language already."""

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
    moves = tuple((x(p), _("move {number}").format(number=p)) for p in ticks)
    after = dict(report.line)
    dots = tuple(
        (
            x(b.ply),
            y(after.get(b.ply, b.chosen_worth)),
            _("Move {number}: {chosen} cost {amount}").format(
                number=b.ply, chosen=b.chosen, amount=amount(report, -b.cost)
            ),
        )
        for b in report.better
        if b.ply in after
    )
    return Chart(points, scale, moves, dots)


def _signed(value: float, digits: int) -> str:
    """`value` with its sign and `digits` decimals, as the reader's locale writes it ("+16.7", "-1,25")."""
    said = i18n.decimal(abs(value), digits)
    return ("-" if f"{value:.{digits}f}".startswith("-") else "+") + said


def unit_said(report: LuckReport) -> str:
    """What the report's worths count, in the reader's language ("chance to finish", "Body Points")."""
    return i18n.gettext(report.unit)


def amount(report: LuckReport, x: float, signed: bool = True) -> str:
    """A luck or a worth in words, in the reader's language: percentage points of a chance ("+16.7
    points"), else the unit's count ("-1.25 Body Points")."""
    if report.shares:
        points = _signed(100 * x, 1) if signed else i18n.decimal(100 * x, 1)
        return _("{amount} points").format(amount=points)
    count = _signed(x, 2) if signed else i18n.decimal(x, 2)
    return _("{amount} {unit}").format(amount=count, unit=unit_said(report))


def worth_words(report: LuckReport, x: float) -> str:
    """A worth in words: a chance as a percentage, else the count, as the reader's locale writes it."""
    return i18n.percent(x) if report.shares else i18n.decimal(x, 2)


def ordinal(n: int) -> str:
    """A percentile's rank in the reader's language: "1st", "22nd", "63rd", "11th" in English."""
    if 10 <= n % 100 <= 20:
        return pgettext("ordinal", "{number}th").format(number=n)
    said = {
        1: pgettext("ordinal", "{number}st"),
        2: pgettext("ordinal", "{number}nd"),
        3: pgettext("ordinal", "{number}rd"),
    }
    return said.get(n % 10, pgettext("ordinal", "{number}th")).format(number=n)


def summary(report: LuckReport) -> str:
    """The report's headline in the reader's words."""
    if report.percentile is None:
        return _("No roll that mattered was judged.")
    rolls = len(report.rolls)
    pct = report.percentile
    mood = (
        _("very lucky")
        if pct >= 90
        else _("lucky")
        if pct >= 65
        else _("very unlucky")
        if pct <= 10
        else _("unlucky")
        if pct <= 35
        else _("about as lucky as expected")
    )
    values = {"rolls": i18n.number(rolls), "amount": amount(report, report.total), "mood": mood}
    values |= {"ordinal": ordinal(round(pct)), "unit": unit_said(report)}
    if report.shares:
        said = ngettext(
            "{rolls} roll mattered; it gave {amount} of {unit}: the {ordinal} percentile of the same roll "
            "thrown again ({mood}).",
            "{rolls} rolls mattered; together they gave {amount} of {unit}: the {ordinal} percentile of the "
            "same rolls thrown again ({mood}).",
            rolls,
        )
    else:
        said = ngettext(
            "{rolls} roll mattered; it gave {amount}: the {ordinal} percentile of the same roll thrown "
            "again ({mood}).",
            "{rolls} rolls mattered; together they gave {amount}: the {ordinal} percentile of the same "
            "rolls thrown again ({mood}).",
            rolls,
        )
    return said.format(**values)


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
        raise UsageError(_("there is no seat {number} at this table").format(number=who + 1))
    upto = len(session.moves) if at is None else at
    if not 0 <= upto <= len(session.moves):
        raise UsageError(
            _("move {number} is outside 0 to {last}").format(number=upto, last=len(session.moves))
        )
    start = session.game.new_initial_state(session.options)
    appraiser, note = appraiser_for(start, session.moves, who, SECONDS)
    note = i18n.gettext(note) if note in ENGINE_NOTES else note
    report = None
    hidden = not session.is_over() and blind(request)
    if appraiser is not None:
        report = appraise(start, session.moves, who, appraiser, upto, note=note)
        if hidden and report.shares:
            report = None
            note = _("You play blind: the chance to finish is shown once the game is over.")
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
        "unit": unit_said(report) if report is not None else "",
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
