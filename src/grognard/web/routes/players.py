"""A player's own page: `/me` (and its JSON twin `/me.json`) with the name this browser chose, its tables
("your turn" first) and its record (games played and won, by system); `POST /me` chooses or changes the
name (`web.players`: a signed cookie, no password)."""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.engine.match import Match
from grognard.engine.store.people import People, Player
from grognard.engine.store.sql import GameSummary
from grognard.i18n import game_name, gettext
from grognard.web.access import held_keys, is_over
from grognard.web.notices import mail_on, unsubscribe_mac
from grognard.web.players import EMAIL_LIMIT, NAME_LIMIT, clean_email, clean_name, current, remember_player
from grognard.web.routes.common import TableAccess, json_answer
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.security import same

ROUTER = APIRouter()

LOOKS = 200
"""How many of a player's tables their page looks into (each is loaded), the latest first."""


@dataclass(frozen=True)
class MyTable:
    """One of a player's tables: its address and name, its system's and game's names, the seats the
    player holds there, whether one of them is to act, whether the game is over and whether they won."""

    key: str
    title: str
    system: str
    game: str
    seats: tuple[int, ...]
    your_turn: bool
    over: bool
    won: bool
    updated: str


@dataclass
class Record:
    """A player's finished games: how many played and won, in all and by system (by its name)."""

    played: int = 0
    won: int = 0
    by_system: dict[str, list[int]] = field(default_factory=dict)

    def add(self, system: str, won: bool) -> None:
        """Count one finished game of `system`."""
        self.played += 1
        self.won += int(won)
        counts = self.by_system.setdefault(system, [0, 0])
        counts[0] += 1
        counts[1] += int(won)


def system_name(system: str) -> str:
    """A system as a player knows it ("Talisman")."""
    return next((f.name for f in registry.facts() if f.id == system), system)


def my_tables(request: Request, tables: TableAccess, player: Player | None) -> tuple[list[MyTable], Record]:
    """The tables this browser's player sits at by name, or holds a seat's token at (each token checked);
    "your turn" first, then the latest; and the record of the finished ones."""
    store = tables.store
    bound: dict[str, set[int]] = {}
    if player is not None:
        bound = {g: set(s) for g, s in People(store).seats_of(player.id).items()}
    for key in held_keys(request, tables.secret):
        bound.setdefault(tables.game_id(key), set())
    summaries: list[GameSummary] = []
    for gid in bound:
        try:
            summaries.append(store.summary(gid))
        except (GrognardError, KeyError):
            continue
    summaries.sort(key=lambda g: g.updated, reverse=True)
    rows: list[MyTable] = []
    record = Record()
    for g in summaries[:LOOKS]:
        key = tables.key(g.id)
        try:
            match = Match.load(store, g.id)
        except GrognardError:
            continue
        seats = bound[g.id] | set(tables.visitor(request, key, match).seats)
        if not seats:
            continue
        over = is_over(match)
        won = over and bool(set(match.state.result().winners) & seats)
        if over:
            record.add(system_name(g.system), won)
        to_act = bool(seats & set(match.humans_to_act()))
        name = game_name(match.session.game.info.name)
        rows.append(
            MyTable(
                key,
                tables.named(g),
                system_name(g.system),
                name,
                tuple(sorted(seats)),
                to_act,
                over,
                won,
                g.updated,
            )
        )
    rows.sort(key=lambda r: not r.your_turn)
    return rows, record


@ROUTER.get("/me", response_class=HTMLResponse)
def me(request: Request, tables: Tables, page: Pages) -> HTMLResponse:
    player = current(request, tables.secret)
    rows, record = my_tables(request, tables, player)
    then = request.query_params.get("next", "")
    kept = People(tables.store).player(player.id) if player else None
    mail = mail_on()
    return page(
        request,
        "me.html",
        player=player,
        email=kept.email if kept else "",
        mail=mail,
        tables=rows,
        record=record,
        name_limit=NAME_LIMIT,
        next=then if local(then) else "",
    )


@ROUTER.get("/me.json")
def me_json(request: Request, tables: Tables) -> JSONResponse:
    """The player's page as JSON: the name, the tables and the record."""
    player = current(request, tables.secret)
    rows, record = my_tables(request, tables, player)
    body = {
        "name": player.name if player else None,
        "tables": [
            {
                "address": r.key,
                "title": r.title,
                "system": r.system,
                "game": r.game,
                "seats": list(r.seats),
                "your_turn": r.your_turn,
                "over": r.over,
                "won": r.won,
            }
            for r in rows
        ],
        "record": {
            "played": record.played,
            "won": record.won,
            "by_system": {s: {"played": p, "won": w} for s, (p, w) in record.by_system.items()},
        },
    }
    return json_answer(body)


def local(path: str) -> bool:
    """Whether `path` is an address on this server to go back to after choosing a name."""
    return path.startswith("/") and not path.startswith("//") and "\\" not in path and len(path) < 300


@ROUTER.post("/me")
def choose_name(request: Request, form: Form, tables: Tables) -> Response:
    """Choose (or change) the name this browser plays under, and the e-mail address its turns are told
    at when the form has one (empty: none); back to `next` or the player's page."""
    name = clean_name(form.get("name", "")[: NAME_LIMIT * 4])
    email = clean_email(form.get("email", "")[: EMAIL_LIMIT * 4]) if "email" in form else ""
    then = form.get("next", "")
    response = RedirectResponse(then if local(then) else "/me", status_code=303)
    player = remember_player(request, response, tables.secret, name)
    People(tables.store).save_player(Player(player.id, player.name, email), email="email" in form)
    return response


@ROUTER.get("/me/unsubscribe", response_class=HTMLResponse)
def unsubscribe_page(
    request: Request, tables: Tables, page: Pages, player: str = "", check: str = ""
) -> Response:
    """The link in a your-turn e-mail: a page asking to confirm that no more e-mails are wanted."""
    checked(tables, player, check)
    return page(
        request,
        "confirm.html",
        question=gettext("Send no more your-turn e-mails to this address?"),
        yes=gettext("no more e-mails"),
        fields=[("player", player), ("check", check)],
        post_to="/me/unsubscribe",
        back="/",
    )


@ROUTER.post("/me/unsubscribe")
def unsubscribe(request: Request, form: Form, tables: Tables, page: Pages) -> Response:
    """Stop the your-turn e-mails of the player the e-mail's link names."""
    player = form.get("player", "")
    checked(tables, player, form.get("check", ""))
    People(tables.store).forget_email(player)
    return page(request, "done.html", message="No more your-turn e-mails will be sent to this address.")


def checked(tables: TableAccess, player: str, check: str) -> None:
    """Refuse (403) an unsubscribe link this server did not write."""
    if not player or len(player) > 64 or not same(check[:64], unsubscribe_mac(tables.secret, player)):
        raise HTTPException(403, gettext("this link does not come from one of this server's e-mails"))
