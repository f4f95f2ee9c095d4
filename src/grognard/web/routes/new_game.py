"""Starting a table: the systems (`/games/new`), the games of one with their options and seats
(`/games/new/<system>`), each with its JSON twin, and the form that starts one (`POST /games`)."""

from __future__ import annotations

import secrets
from dataclasses import asdict, replace
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.errors import UsageError
from grognard.engine.game import GameInfo, OptionInfo, OptionValue, SystemInfo
from grognard.engine.match import Match, levels
from grognard.engine.view import FrontEnd
from grognard.i18n import game_name, gettext, in_context
from grognard.web.content import content_reference
from grognard.web.pages import TEMPLATES
from grognard.web.routes.common import SEAT_CHOICES, SEAT_WORDS, json_answer, writing
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import host_token, keep, seat_token

ROUTER = APIRouter()


def system_of(system_id: str) -> SystemInfo:
    """The system a new-game form is for (404 when there is none)."""
    try:
        return registry.get_system(system_id)
    except UsageError as e:
        raise HTTPException(404, str(e)) from e


def uploads(system: SystemInfo) -> list[tuple[str, str, str]]:
    """The pages where a player brings a file of their own to a game of `system` (each once)."""
    fronts = [registry.get_views(system.id, g.info.id).front for g in system.games]
    found = dict.fromkeys(f.upload for f in fronts if f.upload[0])
    return [(where, gettext(words), gettext(rest)) for where, words, rest in found]


def seat_offers(system_id: str, game_id: str) -> list[tuple[str, str]]:
    """How a seat of this game may be filled, with the words a player reads: a person here or invited,
    and a bot of each strength the game registers (`engine.match.levels`; the standard one as "bot")."""
    strengths = levels(registry.get_views(system_id, game_id))
    offered = {"here", "invite", "bot"} | {k for k in strengths if k != "heuristic"}
    return [(k, gettext(words)) for k, words in SEAT_WORDS.items() if k in offered]


TEMPLATES.env.globals["seat_offers"] = seat_offers


def seat_defaults(info: GameInfo) -> list[str]:
    """How the form fills each seat at first: this browser plays the first, bots the others."""
    return ["here" if i == 0 else "bot" for i in range(info.max_players)]


def spoken(info: GameInfo, front: FrontEnd) -> tuple[GameInfo, FrontEnd]:
    """A game's facts and front end with the words a form shows in the reader's language: each option's
    name, help and choices' words, the game's line of help and what each seat plays (a word no catalogue
    has stays as it is)."""
    options = tuple(
        replace(
            o,
            title=in_context("option", o.label),
            help=gettext(o.help),
            words=tuple(gettext(w) for _value, w in o.choice_words()) if o.choices else o.words,
        )
        for o in info.options
    )
    said = replace(front, help=gettext(front.help), seat_roles=tuple(gettext(r) for r in front.seat_roles))
    return replace(info, name=game_name(info.name), options=options), said


def option_json(option: OptionInfo, front: FrontEnd) -> dict[str, Any]:
    """One option of a new-game form as JSON: its name and words, its default, the values offered (with
    their words, or as cards to pick from), and whether it is an advanced setting."""
    return {
        "name": option.name,
        "label": option.label,
        "help": option.help,
        "default": option.default,
        "advanced": front.upfront is not None and option.name not in front.upfront,
        "cards": [asdict(c) for c in front.cards(option.name)],
        "choices": [{"value": v, "words": w} for v, w in option.choice_words()],
        "low": option.low,
        "high": option.high,
        "suggest": list(option.suggest),
        "listed": option.listed,
        "file": option.file,
    }


def game_json(system_id: str, info: GameInfo, front: FrontEnd) -> dict[str, Any]:
    """One game of a new-game form as JSON: its options and its seats with how each is filled at first,
    the ways a seat may be filled (`seat_offers`), what each seat plays and the option that says how many
    seats there are."""
    return {
        "id": info.id,
        "name": info.name,
        "help": front.help,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "options": [option_json(o, front) for o in info.options],
        "seats": seat_defaults(info),
        "seat_offers": [{"value": v, "words": w} for v, w in seat_offers(system_id, info.id)],
        "seat_roles": list(front.seat_roles),
        "seats_by": front.seats_by,
    }


@ROUTER.get("/games/new", response_class=HTMLResponse)
def choose_system(request: Request, page: Pages) -> HTMLResponse:
    return page(request, "new_system.html", systems=registry.facts())


@ROUTER.get("/games/new.json")
def choose_system_json() -> JSONResponse:
    """The systems a table may play, each with its games and its new-game form's address."""
    body = [
        {
            "id": s.id,
            "name": s.name,
            "summary": s.summary,
            "games": list(s.games),
            "form": f"/games/new/{s.id}",
        }
        for s in registry.facts()
    ]
    return json_answer(body)


@ROUTER.get("/games/new/{system_id}.json")
def new_game_json(system_id: str) -> JSONResponse:
    """A system's games with their options and seat choices: what its new-game form offers."""
    system = system_of(system_id)
    body = {
        "system": {"id": system.id, "name": system.name, "summary": system.summary},
        "uploads": [
            {"page": where, "words": f"{words} {rest}".strip()} for where, words, rest in uploads(system)
        ],
        "seat_choices": SEAT_WORDS,
        "games": [
            game_json(system.id, *spoken(g.info, registry.get_views(system.id, g.info.id).front))
            for g in system.games
        ],
    }
    return json_answer(body)


@ROUTER.get("/games/new/{system_id}", response_class=HTMLResponse)
def new_game_form(request: Request, system_id: str, page: Pages) -> HTMLResponse:
    system = system_of(system_id)
    games = [spoken(g.info, registry.get_views(system.id, g.info.id).front) for g in system.games]
    return page(
        request, "new_game.html", system=system, games=games, seat_words=SEAT_WORDS, uploads=uploads(system)
    )


@ROUTER.post("/games")
def create_game(request: Request, form: Form, tables: Tables) -> Response:
    system = registry.get_system(form.get("system", ""))
    info = system.game(form.get("game", "")).info
    front = registry.get_views(system.id, info.id).front
    options: dict[str, OptionValue] = {}
    for option in info.options:
        raw = form.get(f"option:{option.name}")
        ticked = f"option:{option.name}:"
        picked = {k.removeprefix(ticked) for k in form if k.startswith(ticked)}
        if picked:  # a list picked from cards (a checkbox each), in the cards' order
            order = [c.value for c in front.cards(option.name)]
            raw = ",".join(sorted(picked, key=lambda v: (order.index(v) if v in order else len(order), v)))
        if raw is not None and raw.strip() != "":
            value = option.parse(raw.strip()[:1000])
            if option.file and isinstance(value, str):
                value = content_reference(system.id, value)
            options[option.name] = value
        elif isinstance(option.default, bool) and f"option-present:{option.name}" in form:
            options[option.name] = False
    seed_text = form.get("seed", "").strip()
    if seed_text and not (seed_text.isdigit() and len(seed_text) <= 18):
        raise UsageError(
            gettext("seed {seed}: give a whole number of at most 18 digits, or nothing").format(
                seed=repr(seed_text)
            )
        )
    fills = [f for f in (form.get(f"seat:{i}", "") for i in range(8)) if f]
    for fill in fills:
        if fill not in SEAT_CHOICES:
            raise UsageError(
                gettext("seat {seat} is not one of {choices}").format(
                    seat=repr(fill), choices=", ".join(SEAT_CHOICES)
                )
            )
    game = system.game(info.id)
    views = registry.get_views(system.id, info.id)
    first = game.new_initial_state(info.resolve_options(options))
    count = views.seats(first)
    title = views.front.what(views.view(first, None).public)
    fills = (fills or ["here"])[:count]
    kinds = [f if f not in ("here", "invite") else "human" for f in fills]
    people = kinds.count("human")
    if people == 0:
        raise UsageError(
            gettext(
                "a table here needs at least one person: give a seat to you, in this browser, or to a friend"
                " by an invitation link"
                " (a game of bots only is played on the command line: grognard games new ... --seat bot)"
            )
        )
    if seed_text and people > 1:
        raise UsageError(
            gettext(
                "a table of several people cannot choose its seed: whoever knew it would know every die"
                " in advance; leave the seed empty"
            )
        )
    seed = int(seed_text) if seed_text else secrets.randbelow(1_000_000_000)
    with writing():
        match = Match.new(system.id, info.id, options, kinds, seed, tables.store, title)
    match.advance(guard=writing)
    game_id = match.session.game_id
    assert game_id is not None
    key = tables.key(game_id)
    tokens = {"host": host_token(tables.secret, key)}
    tokens |= {str(s): seat_token(tables.secret, key, s) for s, f in enumerate(fills) if f == "here"}
    response = RedirectResponse(f"/games/{key}", status_code=303)
    keep(request, response, key, tokens)
    return response
