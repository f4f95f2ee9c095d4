"""The Adventures in Fantasy referee's desk in the browser: a kept campaign's party and sheets, the
calendar, the place and travel, a form for every referee action and table procedure (each with the dice
the table threw, or rolled here), the melee round by round with every die, and the campaign log.

The campaign is the registered game `adventures-in-fantasy/campaign`, stored like every table; its one
seat is the referee's, so a POST needs that seat's token (the browser that opened the campaign holds it).
`/aif/<id>.json` is the desk's state as JSON, for the referee's browser only, as the page is.

Actions go through the match driver (`engine.match.Match.act`), as every table's moves do and as
`grognard aif campaign act --rolls` does, by `referee.make_action`: the referee's seat, the ply the page
showed (checked first, then by the driver and the store, a stale one a 409), the same guard as every move
of the tables (`routes.common.writing`: the server's lock on SQLite, none on PostgreSQL), and the save
per move of the match's store. The driver takes the desk's free actions (`listed=False`: any well-formed
one the rules' `apply` take, `advance:3`, `note:<text>`, `add:<character>`, not only the sample the
campaign lists) and the dice the table threw (`table_dice.TableRolls`, the driver's `GivenDice`): the
action and its chance moves are one unit, and given dice left unused refuse it with nothing saved. The
pages show what `sheet.sheet`, `sheet.party` and `referee.campaign_log` say, as the command line does.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.match import Match, StaleMoveError
from grognard.engine.session import MoveRecord, Session
from grognard.i18n import N_, current, speaking
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.calendar import names
from grognard.systems.adventures_in_fantasy.campaign import GAME_ID, OPTIONS, CampaignState, add_action
from grognard.systems.adventures_in_fantasy.chargen import (
    course,
    finish,
    open_courses,
    parse_course,
    roll_character,
)
from grognard.systems.adventures_in_fantasy.creatures import creatures
from grognard.systems.adventures_in_fantasy.encounters import TERRAINS
from grognard.systems.adventures_in_fantasy.equipment import price_list
from grognard.systems.adventures_in_fantasy.procedures import PROCEDURES, Field, Outcome, Procedure, number
from grognard.systems.adventures_in_fantasy.referee import campaign_log, given_list, make_action
from grognard.systems.adventures_in_fantasy.seat_view import asks, campaign_label
from grognard.systems.adventures_in_fantasy.sheet import party, sheet
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.towns import BOOK_TOWNS
from grognard.systems.adventures_in_fantasy.words import any_word, roll_told, told, word
from grognard.web.access import held_keys
from grognard.web.routes.common import TableAccess, json_answer, wants_json, writing
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import host_token, keep, seat_token, seats_held

SYSTEM_ID = "adventures-in-fantasy"
REFEREE = 0
LOG_SHOWN = 20
"""Entries of the log the desk shows (the log page shows them all)."""
TEXT_LIMIT = 300


@dataclass(frozen=True)
class DeskAction:
    """A referee action's form: id, label, group, its fields and the action text they fill in."""

    id: str
    label: str
    group: str
    fields: tuple[Field, ...]
    form: str


def _member(name: str = "who", label: str = N_("Character")) -> Field:
    return Field(name, label, "member")


def _actions() -> tuple[DeskAction, ...]:
    foes = tuple(sorted(c.name for c in creatures().values()))
    items = tuple(r.key for r in price_list().rows)
    terrains = ("", *TERRAINS)
    gold, silver = Field("gp", N_("Gold pieces"), default="0"), Field("sp", N_("Silver pieces"), default="0")
    return (
        DeskAction(
            "advance", N_("Let weeks pass"), "time", (Field("n", N_("Weeks"), default="1"),), "advance:{n}"
        ),
        DeskAction("days", N_("Days of rest"), "time", (Field("n", N_("Days"), default="1"),), "days:{n}"),
        DeskAction(
            "place",
            N_("Set the party's place"),
            "place",
            (
                Field("terrain", N_("Terrain"), "choice", TERRAINS, "forest"),
                Field("town", N_("Town"), "text"),
            ),
            "place:{terrain}:{town}",
        ),
        DeskAction(
            "travel",
            N_("Travel"),
            "place",
            (
                Field("n", N_("Days"), default="7"),
                Field("terrain", N_("Terrain (blank: where it is)"), "choice", terrains),
                Field("town", N_("Bound for town"), "text"),
            ),
            "travel:{n}:{terrain}:{town}",
        ),
        DeskAction(
            "town",
            N_("Describe a town"),
            "place",
            (
                Field("name", N_("Name"), "text"),
                Field("population", N_("Population"), default="500"),
                Field(
                    "makers",
                    N_("Makers (Armorer+Blacksmith+Stable+Scholar+Merchant)"),
                    "text",
                    default="Merchant",
                ),
                Field("markup", N_("Markup %"), default="0"),
            ),
            "town:{name}:{population}:{makers}:{markup}",
        ),
        DeskAction(
            "fight",
            N_("Fight a creature"),
            "melee",
            (_member(), Field("foe", N_("Creature (blank: the one met)"), "choice", ("", *foes))),
            "fight:{who}:{foe}",
        ),
        DeskAction(
            "join",
            N_("Join a fight"),
            "melee",
            (_member(), _member("other", N_("Joins the fight of"))),
            "join:{who}:{other}",
        ),
        DeskAction(
            "shoot",
            N_("Shoot at the creature met"),
            "melee",
            (
                _member(),
                Field("bow", N_("Bow"), "text", default="bow"),
                Field("yards", N_("Yards"), default="30"),
            ),
            "shoot:{who}:{bow}:{yards}",
        ),
        DeskAction(
            "wound",
            N_("Wound"),
            "melee",
            (_member(), Field("hits", N_("Hits"), default="1")),
            "wound:{who}:{hits}",
        ),
        DeskAction("kill", N_("Finish off a fallen character"), "melee", (_member(),), "kill:{who}"),
        DeskAction(
            "take", N_("Treasure taken"), "treasure", (_member(), gold, silver), "take:{who}:{gp}:{sp}"
        ),
        DeskAction("share", N_("Treasure shared by status"), "treasure", (gold, silver), "share:{gp}:{sp}"),
        DeskAction(
            "spend", N_("Money spent"), "treasure", (_member(), gold, silver), "spend:{who}:{gp}:{sp}"
        ),
        DeskAction(
            "find",
            N_("Item found"),
            "treasure",
            (_member(), Field("item", N_("Item"), "text"), Field("lb", N_("Pounds"), default="1")),
            "find:{who}:{item}:{lb}",
        ),
        DeskAction(
            "drop",
            N_("Item left"),
            "treasure",
            (_member(), Field("item", N_("Item"), "text")),
            "drop:{who}:{item}",
        ),
        DeskAction(
            "buy",
            N_("Buy from the price list"),
            "purchases",
            (_member(), Field("item", N_("Item"), "choice", items)),
            "buy:{who}:{item}",
        ),
        DeskAction(
            "hire",
            N_("Hire men"),
            "hirelings",
            (_member(), Field("n", N_("Men"), default="1")),
            "hire:{who}:{n}",
        ),
        DeskAction(
            "pay-men",
            N_("Pay the hirelings' month"),
            "hirelings",
            (_member(), Field("income", N_("Their rank's yearly income (GP)"), default="20")),
            "pay-men:{who}:{income}",
        ),
        DeskAction(
            "lose",
            N_("Hirelings lost"),
            "hirelings",
            (_member(), Field("n", N_("Men"), default="1")),
            "lose:{who}:{n}",
        ),
        DeskAction("unpaid", N_("Hirelings unpaid"), "hirelings", (_member(),), "unpaid:{who}"),
        DeskAction(
            "exp",
            N_("Experience"),
            "standing",
            (_member(), Field("x", N_("Levels"), "text", default="1")),
            "exp:{who}:{x}",
        ),
        DeskAction(
            "renown",
            N_("Verified deed"),
            "standing",
            (_member(), Field("x", N_("Reputation"), "text", default="1")),
            "renown:{who}:{x}",
        ),
        DeskAction(
            "boast",
            N_("Boast"),
            "standing",
            (_member(), Field("x", N_("Reputation"), "text", default="1")),
            "boast:{who}:{x}",
        ),
        DeskAction("promote", N_("Promote"), "standing", (_member(),), "promote:{who}"),
        DeskAction(
            "study",
            N_("Begin a course"),
            "study",
            (_member(), Field("course", N_("Course (number or name)"), "text")),
            "study:{who}:{course}",
        ),
        DeskAction(
            "study-break",
            N_("Study break"),
            "study",
            (
                _member(),
                Field("weeks", N_("Weeks away"), default="1"),
                Field("year", N_("Weeks away this year (blank: these)"), "text"),
            ),
            "study-break:{who}:{weeks}:{year}",
        ),
        DeskAction(
            "note", N_("Referee's note"), "notes", (Field("text", N_("Note"), "text"),), "note:{text}"
        ),
    )


ACTIONS = {a.id: a for a in _actions()}
"""Every referee action of the desk by id."""


def _clean(value: str, what: str, *, colon: bool = False) -> str:
    """`value` with its spaces folded; a `UsageError` naming the field by its label `what` (a message)
    when it is too long or has a colon where none may be."""
    text = " ".join(value.split())
    if len(text) > TEXT_LIMIT:
        raise UsageError(_("{field}: at most {limit} characters").format(field=_(what), limit=TEXT_LIMIT))
    if ":" in text and not colon:
        raise UsageError(_("{field}: no colons").format(field=_(what)))
    return text


def _not_a_choice(label: str, value: object) -> UsageError:
    """The refusal of a choice field's value that is not one of its choices."""
    return UsageError(
        _("{field}: {value} is not one of the choices").format(field=_(label), value=repr(value))
    )


def action_text(action: DeskAction, form: Mapping[str, str], members: int) -> str:
    """The referee action a desk form asks for, each field checked; a `UsageError` names a bad one."""
    values: dict[str, str] = {}
    for f in action.fields:
        raw = form.get(f.name, "")
        if f.kind == "member":
            values[f.name] = str(number(form, f.name, 0, max(0, members - 1), f.label))
        elif f.kind == "choice" and raw not in f.choices:
            raise _not_a_choice(f.label, raw)
        else:
            values[f.name] = _clean(raw, f.label, colon=action.id == "note")
    text = action.form.format(**values)
    return text.rstrip(":")


def _load(tables: TableAccess, key: str) -> Session:
    game_id = tables.game_id(key)
    try:
        session = tables.store.load(game_id)
    except (GrognardError, KeyError) as e:
        raise HTTPException(404, _("there is no such campaign here")) from e
    return _campaign(session)


def _match(tables: TableAccess, key: str) -> Match:
    """The campaign at `key` in the match driver, to move it (404 as `_load`)."""
    game_id = tables.game_id(key)
    try:
        match = Match.load(tables.store, game_id)
    except (GrognardError, KeyError) as e:
        raise HTTPException(404, _("there is no such campaign here")) from e
    _campaign(match.session)
    return match


def _campaign(session: Session) -> Session:
    if session.system != SYSTEM_ID or session.game.info.id != GAME_ID:
        raise HTTPException(404, _("that game is not an Adventures in Fantasy campaign"))
    return session


def _state(session: Session) -> CampaignState:
    state = session.current
    assert isinstance(state, CampaignState)
    return state


def _referee(request: Request, tables: TableAccess, key: str) -> None:
    if REFEREE not in seats_held(request, tables.secret, key, 1):
        raise HTTPException(403, _("only the referee's browser may open or change this campaign"))


MOVED_ON = N_("the campaign moved on since this page was drawn: reload it and try again")


def _fresh(session: Session, form: Mapping[str, str]) -> int:
    """The ply the page was drawn at, when it is the campaign's (else a 409)."""
    ply = form.get("ply", "")
    if not ply.isdigit() or int(ply) != len(session.moves):
        raise HTTPException(409, _(MOVED_ON))
    return int(ply)


def _make(match: Match, action: str, rolls: str, ply: int) -> None:
    """Make a desk action through the match driver at `ply`, inside the guard of every move; a 409 when
    the campaign moved on meanwhile."""
    try:
        make_action(match, action, rolls, ply=ply, guard=writing)
    except StaleMoveError as e:
        raise HTTPException(409, _(MOVED_ON)) from e


def _log_rows(entries: list[tuple[int, Any, MoveRecord | None]]) -> list[dict[str, Any]]:
    return [
        {
            "ply": ply,
            "date": e.date,
            "name": any_word(e.name),
            "label": told(e.label),
            "text": told(e.text),
            "source": e.source,
            "dice": [roll_told(r) for r in record.rolls] if record else [],
        }
        for ply, e, record in entries
    ]


def _calendar(state: CampaignState) -> dict[str, Any]:
    rows = []
    for i, m in enumerate(state.members):
        c = m.character
        active = i in state.active
        rows.append(
            {
                "name": m.name,
                "alive": m.alive,
                "resting": m.alive and not active,
                "wounds": c.wounds,
                "healing": _("no healing roll this week (travelled or fought)")
                if active and c.wounds
                else _("a healing roll at the week's end")
                if c.wounds and m.alive
                else "",
            }
        )
    return {
        "date": state.date.iso(),
        "named": names(state.date).text(),
        "day_of_week": state.days + 1,
        "passing": state.until is not None,
        "members": rows,
    }


def _bouts(state: CampaignState) -> list[dict[str, Any]]:
    found = []
    for b in state.bouts:
        spec = b.fight.spec
        found.append(
            {
                "fighter": state.members[b.fighter].name,
                "index": b.fighter,
                "foe": b.foe,
                "group": b.group,
                "hp": list(b.fight.hp),
                "start": [spec.a.hit_points, spec.b.hit_points],
                "turn": b.fight.turn,
            }
        )
    return found


def desk_context(session: Session, game_id: str) -> dict[str, Any]:
    """Everything the desk page shows of a campaign."""
    state = _state(session)
    entries = campaign_log(session)
    last_act = max((i for i, r in enumerate(session.moves) if r.player is not None), default=-1)
    here = state.here()
    return {
        "game_id": game_id,
        "ply": len(session.moves),
        "state_over": state.over,
        "party": party(state.members),
        "members": [(i, m.name, m.alive) for i, m in enumerate(state.members)],
        "calendar": _calendar(state),
        "place": {
            "terrain": word("terrain", state.place),
            "town": here.describe() if here else "",
            "journey": state.journey,
            "bound": state.bound,
            "met": state.met,
        },
        "towns": [t.name for t in (*state.towns, *BOOK_TOWNS)],
        "bouts": _bouts(state),
        "last": _log_rows([e for e in entries if e[0] >= last_act]) if last_act >= 0 else [],
        "log": _log_rows(entries[-LOG_SHOWN:]),
        "log_count": len(entries),
        "actions": list(ACTIONS.values()),
        "procedures": list(PROCEDURES.values()),
        "options": OPTIONS,
    }


def desk_json(session: Session, key: str) -> dict[str, Any]:
    """The desk's state as JSON (`/aif/<id>.json`): what the page shows of the campaign, with the ids of
    the referee actions and table procedures its forms post (never the seed)."""
    context = desk_context(session, key)
    shown = ("party", "calendar", "place", "towns", "bouts", "last", "log", "log_count")
    return {
        "address": key,
        "ply": context["ply"],
        "over": context["state_over"],
        "members": [{"index": i, "name": name, "alive": alive} for i, name, alive in context["members"]],
        **{k: context[k] for k in shown},
        "options": dict(session.options),
        "actions": list(ACTIONS),
        "procedures": list(PROCEDURES),
    }


MAGIC_YEARS = N_("Years of magic apprenticeship")
"""The label of the new character's years of magic, as the desk's form says it."""


def _run_again(procedure: Procedure, seed: str, rolls: str, form: Mapping[str, str]) -> TableDice:
    """Run `procedure` again on the same dice in the reader's language (its refusal said in it); the
    dice, to check they were all spent."""
    dice = TableDice(seed, parse_rolls(rolls))
    procedure.run(dice, form)
    return dice


def _seed(form: Mapping[str, str]) -> int:
    seed_text = form.get("seed", "").strip()
    if seed_text and not (seed_text.isdigit() and len(seed_text) <= 18):
        raise UsageError(_("seed {seed}: a whole number, or nothing").format(seed=repr(seed_text)))
    return int(seed_text) if seed_text else secrets.randbelow(1_000_000_000)


def rolled_context(form: Mapping[str, str]) -> dict[str, Any]:
    """Phase one of a new character (the dice: ratings, status, age) and what is left to choose: the
    side of a paired rank and the courses of Table B that fit the months of schooling."""
    seed = _seed(form)
    dice = TableDice(seed, parse_rolls(form.get("rolls", "") if form.get("how") != "roll" else ""))
    rolled = roll_character(dice)
    offered = open_courses([], rolled.education_months)
    return {
        "seed": seed,
        "rolls": form.get("rolls", "")[:TEXT_LIMIT] if form.get("how") != "roll" else "",
        "name": _clean(form.get("name", ""), N_("Name")),
        "magic_years": number(form, "magic_years", 0, 20, MAGIC_YEARS),
        "alignment": form.get("alignment", ""),
        "steps": [(told(s.label), s.result, [roll_told(r) for r in s.rolls]) for s in rolled.steps],
        "months": rolled.education_months,
        "paired": rolled.position.paired,
        "position": rolled.position.name,
        "courses": [
            (f"{c.number}:{c.craft}" if c.craft else str(c.number), course(c).label, course(c).months)
            for c in offered
        ],
    }


def _make_member(form: Mapping[str, str]) -> Member:
    seed = _seed(form)
    dice = TableDice(seed, parse_rolls(form.get("rolls", "") if form.get("how") != "roll" else ""))
    rolled = roll_character(dice)
    picked = [form[k] for k in sorted(form) if k.startswith("course:")]
    typed = _clean(form.get("courses", ""), N_("Courses"), colon=True).split(",")
    courses = [parse_course(c.strip()) for c in (*picked, *typed) if c.strip()]
    made = finish(
        rolled,
        dice,
        courses,
        magic_years=number(form, "magic_years", 0, 20, MAGIC_YEARS),
        soldier=form.get("side", "civilian") == "soldier",
        name=_clean(form.get("name", ""), N_("Name")),
    )
    check_spent(dice)
    alignment = form.get("alignment", "")
    if alignment not in ("", "law", "neutral", "chaos"):
        raise UsageError(
            _("alignment {alignment}: law, neutral, chaos or none").format(alignment=repr(alignment))
        )
    return Member(character=made.character, seed=seed, alignment=alignment)


_RULEBOOK_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt:(\d+)(-\d+)?")


def cited(text: object) -> str:
    """A text with every rulebook citation said as the book's lines ("rulebook lines 860-1010"), never
    the file name the code cites them by."""
    return _RULEBOOK_FILE.sub(
        lambda m: (
            _("rulebook lines {lines}").format(lines=m.group(1) + m.group(2))
            if m.group(2)
            else _("rulebook line {line}").format(line=m.group(1))
        ),
        str(text),
    )


def said(value: object) -> str:
    """A sheet's or an option's value in words: yes and no for true and false, a dash for none, a word
    of the rules in the reader's language."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return any_word(str(value))


GROUPS = {
    "time": N_("Time"),
    "place": N_("Place"),
    "melee": N_("Melee"),
    "treasure": N_("Treasure"),
    "purchases": N_("Purchases"),
    "hirelings": N_("Hirelings"),
    "standing": N_("Standing"),
    "study": N_("Study"),
    "notes": N_("Notes"),
}
"""The desk's groups of referee actions, as headings."""


def group_said(group: str) -> str:
    """A group of referee actions as its heading, in the reader's language."""
    return _(GROUPS[group]) if group in GROUPS else group.capitalize()


def sheet_said(key: str) -> str:
    """A sheet's fact by its key, in words in the reader's language ("status_level": "status level")."""
    return word("sheet", key.replace("_", " "))


TEMPLATE_FILTERS: dict[str, Callable[[Any], str]] = {
    "aif_cited": cited,
    "aif_said": said,
    "aif_text": lambda text: _(str(text)),
    "aif_word": lambda text: any_word(str(text)),
    "aif_told": lambda text: told(str(text)),
    "aif_roll": roll_told,
    "aif_group": group_said,
    "aif_sheet": sheet_said,
}
"""The desk's filters: a text's rulebook citations in words, a value in words, a word of the rules, an
event's sentence, a group's heading and a sheet's fact in the reader's language."""

ROUTER = APIRouter()


@ROUTER.get("/aif", response_class=HTMLResponse)
def campaigns(request: Request, tables: Tables, page: Pages) -> HTMLResponse:
    mine = {tables.game_id(k): k for k in held_keys(request, tables.secret)}
    found = [
        (g, mine[g.id])
        for g in tables.store.summaries()
        if g.system == SYSTEM_ID and g.game == GAME_ID and g.id in mine
        if REFEREE in seats_held(request, tables.secret, mine[g.id], 1)
    ]
    return page(request, "systems/adventures-in-fantasy/index.html", campaigns=found, options=OPTIONS)


@ROUTER.post("/aif")
def new_campaign(request: Request, form: Form, tables: Tables) -> Response:
    options = {
        o.name: o.parse(form[f"option:{o.name}"].strip()[:100])
        for o in OPTIONS
        if form.get(f"option:{o.name}", "").strip()
    }
    with writing():
        match = Match.new(
            SYSTEM_ID, GAME_ID, options, ["human"], secrets.randbelow(1_000_000_000), tables.store
        )
    stored = match.session.game_id
    assert stored is not None
    key = tables.key(stored)
    response = RedirectResponse(f"/aif/{key}", status_code=303)
    tokens = {"host": host_token(tables.secret, key), str(REFEREE): seat_token(tables.secret, key, REFEREE)}
    keep(request, response, key, tokens)
    return response


@ROUTER.get("/aif/{key}.json")
def desk_state(request: Request, key: str, tables: Tables) -> JSONResponse:
    """The desk as JSON, for the referee's browser only (403 for any other, as the page)."""
    _referee(request, tables, key)
    return json_answer(desk_json(_load(tables, key), key))


@ROUTER.get("/aif/{key}", response_class=HTMLResponse)
def desk(request: Request, key: str, tables: Tables, page: Pages) -> HTMLResponse:
    _referee(request, tables, key)
    session = _load(tables, key)
    return page(
        request,
        "systems/adventures-in-fantasy/desk.html",
        **desk_context(session, key),
        title=tables.title(key),
        outcome=None,
    )


@ROUTER.get("/aif/{key}/sheet/{index}", response_class=HTMLResponse)
def character_sheet(request: Request, key: str, index: int, tables: Tables, page: Pages) -> HTMLResponse:
    _referee(request, tables, key)
    state = _state(_load(tables, key))
    if not 0 <= index < len(state.members):
        raise HTTPException(404, _("the campaign has no character {index}").format(index=index))
    return page(
        request,
        "systems/adventures-in-fantasy/sheet.html",
        game_id=key,
        sheet=sheet(index, state.members[index]),
    )


@ROUTER.post("/aif/{key}/character", response_class=HTMLResponse)
def roll_new_character(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> HTMLResponse:
    _referee(request, tables, key)
    session = _load(tables, key)
    _fresh(session, form)
    context = rolled_context(form)
    return page(
        request,
        "systems/adventures-in-fantasy/character.html",
        game_id=key,
        ply=len(session.moves),
        **context,
    )


@ROUTER.get("/aif/{key}/log", response_class=HTMLResponse)
def log(request: Request, key: str, tables: Tables, page: Pages) -> HTMLResponse:
    _referee(request, tables, key)
    session = _load(tables, key)
    return page(
        request,
        "systems/adventures-in-fantasy/log.html",
        game_id=key,
        title=tables.title(key),
        log=_log_rows(campaign_log(session)),
    )


@ROUTER.post("/aif/{key}/act")
def act(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    """A referee action (with the dice the table threw, or rolled here); to a request for JSON, the
    desk's new state."""
    _referee(request, tables, key)
    match = _match(tables, key)
    session = match.session
    ply = _fresh(session, form)
    kind = form.get("kind", "")
    state = _state(session)
    rolls = "" if form.get("how") == "roll" else form.get("rolls", "")
    if kind == "add":
        action = add_action(_make_member(form))
        rolls = ""
    elif kind in ("round", "break", "end"):
        action = kind
    elif kind in ACTIONS:
        action = action_text(ACTIONS[kind], form, len(state.members))
    else:
        raise UsageError(_("no desk action {kind}").format(kind=repr(kind)))
    question = asks(state, action)
    if question and form.get("confirmed") != "yes":  # asked first: nothing is made until answered
        if wants_json(request):
            raise HTTPException(
                409, _("{question} (post the action again with confirmed=yes)").format(question=question)
            )
        fields = [(k, v) for k, v in form.items() if k not in ("csrf", "confirmed")]
        yes = campaign_label(state, action)
        return page(
            request,
            "confirm.html",
            question=question,
            yes=yes,
            fields=fields,
            post_to=f"/aif/{key}/act",
            back=f"/aif/{key}",
        )
    _make(match, action, rolls, ply)
    if wants_json(request):
        return json_answer(desk_json(session, key))
    return RedirectResponse(f"/aif/{key}#last", status_code=303)


@ROUTER.post("/aif/{key}/table/{procedure_id}", response_class=HTMLResponse)
def run_procedure(
    request: Request, key: str, procedure_id: str, form: Form, tables: Tables, page: Pages
) -> HTMLResponse:
    _referee(request, tables, key)
    match = _match(tables, key)
    session = match.session
    ply = _fresh(session, form)
    procedure = PROCEDURES.get(procedure_id)
    if procedure is None:
        raise HTTPException(
            404, _("there is no table procedure {procedure}").format(procedure=repr(procedure_id))
        )
    for f in procedure.fields:
        if f.kind == "choice" and form.get(f.name, f.default) not in f.choices:
            raise _not_a_choice(f.label, form.get(f.name))
    rolls = "" if form.get("how") == "roll" else form.get("rolls", "")
    seed = f"{session.seed}:desk:{len(session.moves)}"
    dice = TableDice(seed, parse_rolls(rolls))
    try:
        with speaking("en"):  # the log keeps the rules' English, said in the reader's language where shown
            outcome: Outcome = procedure.run(dice, form)
        check_spent(dice)
    except GrognardError:
        if current() != "en":  # the same dice refused again, in the reader's language
            check_spent(_run_again(procedure, seed, rolls, form))
        raise
    thrown = "; ".join(s.roll.render() for s in outcome.steps if s.roll)
    note = f"note:{procedure.title}: {outcome.summary}" + (f" [{thrown}]" if thrown else "")
    _make(match, note[:2000], "", ply)
    state = match.state
    met = outcome.met
    if met and isinstance(state, CampaignState) and not state.bouts:
        _make(
            match, f"meet:{met}:{form.get('terrain', 'forest')}", "", match.ply
        )  # the meeting a fight is with, as on the road
    context = desk_context(session, key)
    given = given_list(dice.given_dice)
    if current() != "en":  # the same dice again, the outcome said in the reader's language
        outcome = procedure.run(TableDice(seed, parse_rolls(rolls)), form)
    return page(
        request,
        "systems/adventures-in-fantasy/desk.html",
        **context,
        title=tables.title(key),
        outcome=outcome,
        procedure=procedure,
        given=given,
    )
