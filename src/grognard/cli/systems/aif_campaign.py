"""`grognard aif campaign ...`, `aif advance`, `aif experience ...` and `aif hirelings ...`.

A kept campaign is a saved game of the system (game "campaign") in the engine's store, so
`grognard games list/show/undo/export` work on it too. `campaign new` starts one, `campaign
add-character` generates a character (every die shown) and adds it, `campaign act` makes any other
referee action, `advance ID --weeks N` lets time pass and shows every effect and every roll,
`campaign show` shows the date and the characters. `experience` and `hirelings` are calculators.
The lead mounts these into `cli/systems/aif.py` (see `mount`).
"""

from __future__ import annotations

import secrets
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from grognard import i18n
from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_character import ask_courses, ask_side
from grognard.cli.systems.aif_dice import RollsOpt
from grognard.cli.systems.aif_standing import add_standing_commands
from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.engine.registry import get_game
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store.factory import open_store
from grognard.engine.store.sql import SqlStore
from grognard.i18n import N_, ngettext, number
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import experience as xp
from grognard.systems.adventures_in_fantasy import hirelings as men
from grognard.systems.adventures_in_fantasy.calendar import names
from grognard.systems.adventures_in_fantasy.campaign import GAME_ID, CampaignState, add_action
from grognard.systems.adventures_in_fantasy.chargen import Generation, finish, parse_course, roll_character
from grognard.systems.adventures_in_fantasy.referee import campaign_log, given_list, make_action
from grognard.systems.adventures_in_fantasy.sheet import party, sheet
from grognard.systems.adventures_in_fantasy.steps import roll_data
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.time import Event, Member
from grognard.systems.adventures_in_fantasy.view_forms import FORMS

SYSTEM_ID = "adventures-in-fantasy"


def _typer(name: str, text: str) -> typer.Typer:
    return typer.Typer(
        name=name,
        help=text,
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode="rich",
        pretty_exceptions_enable=False,
    )


campaign_app = _typer("campaign", N_("A kept campaign: characters and the calendar, saved in the store."))
experience_app = _typer(
    "experience", N_("Experience and standing: awards, magicians' fees, reputation, rank.")
)
hirelings_app = _typer("hirelings", N_("Hirelings: how many, their shares, pay and obedience."))

CampaignId = Annotated[
    str, typer.Argument(help=N_("The campaign's id, as `campaign new` or `games list` shows."))
]


def mount(app: typer.Typer) -> None:
    """Add `campaign`, `advance`, `experience` and `hirelings` to the `grognard aif` app."""
    app.add_typer(campaign_app, name="campaign")
    app.command(
        "advance",
        help=N_(
            "Let weeks pass: healing, courses, practice, income, the yearly death, ageing and vacancy rolls."
        ),
    )(advance_command)
    app.add_typer(experience_app, name="experience")
    app.add_typer(hirelings_app, name="hirelings")


# ---------------------------------------------------------------------------------------------------
# Store plumbing


def load_campaign(store: SqlStore, campaign_id: str) -> Session:
    """The campaign `campaign_id` from the store; a `UsageError` when it is some other game."""
    return _campaign(store.load(campaign_id), campaign_id)


def campaign_match(store: SqlStore, campaign_id: str) -> Match:
    """The campaign `campaign_id` in the match driver, to move it (as `load_campaign`)."""
    match = Match.load(store, campaign_id)
    _campaign(match.session, campaign_id)
    return match


def _campaign(session: Session, campaign_id: str) -> Session:
    if session.system != SYSTEM_ID or session.game.info.id != GAME_ID:
        raise UsageError(
            f"game {campaign_id} is a {session.system}/{session.game.info.id} game, not a campaign"
        )
    return session


def campaign_state(session: Session) -> CampaignState:
    """The campaign's current state."""
    state = session.current
    assert isinstance(state, CampaignState)
    return state


def _event_data(event: Event, record: MoveRecord | None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "date": event.date,
        "member": event.member,
        "name": event.name,
        "label": event.label,
        "text": event.text,
        "source": event.source,
    }
    if record is not None:
        data["outcome"] = record.move
        data["rolls"] = [roll_data(r) for r in record.rolls]
    return data


def _events(state: CampaignState, records: list[MoveRecord]) -> list[tuple[Event, MoveRecord | None]]:
    chance = iter(records)
    return [(e, next(chance) if e.rolled else None) for e in state.events]


def show_events(state: CampaignState, records: list[MoveRecord]) -> None:
    """Print the last action's events, each with the dice it threw."""
    for event, record in _events(state, records):
        dice = f" [{'; '.join(r.render() for r in record.rolls)}]" if record and record.rolls else ""
        out.print(escape(event.line() + dice))


def _member_data(index: int, m: Member) -> dict[str, Any]:
    c = m.character
    return {
        "index": index,
        "name": m.name,
        "alive": m.alive,
        "age": c.age,
        "position": c.position,
        "rank": c.rank,
        "status_level": c.status_level,
        "experience": str(m.experience),
        "experience_level": c.experience_level,
        "reputation": str(m.reputation.value),
        "verified_only": m.reputation.verified_only,
        "alignment": m.alignment or None,
        "hit_points": c.hit_points,
        "wounds": c.wounds,
        "ill_weeks": m.ill_weeks,
        "funds_gp": c.funds_gp,
        "silver": m.silver,
        "study": None if m.study is None else m.study.model_dump(),
        "skills": [s.model_dump() for s in m.skills],
        "hirelings": m.band.model_dump(),
        "character": c.model_dump(mode="json"),
    }


def _where(state: CampaignState) -> str:
    if not state.place:
        return "nowhere in particular (place:TERRAIN[:TOWN] sets it)"
    where = f"in the {state.place}" + (f", at {state.town}" if state.town else "")
    if state.journey:
        where += f", {state.journey} day(s) of travel left"
    if state.met:
        where += f"; met: {state.met}"
    if state.bouts:
        where += "; fighting: " + "; ".join(b.fight.describe() for b in state.bouts)
    return where


def show_campaign(campaign_id: str, state: CampaignState) -> None:
    """Print the date and the party, one row per character."""
    out.print(
        escape(f"Campaign {campaign_id}: {names(state.date).text()}" + (" (ended)" if state.over else ""))
    )
    out.print(escape(f"The party is {_where(state)}."))
    if not state.members:
        out.print("No characters yet: `grognard aif campaign add-character ID`.")
        return
    grid = RichTable()
    for heading in ("#", "name", "age", "standing", "exp", "rep", "hits", "funds", "course", "men"):
        grid.add_column(heading)
    for i, m in enumerate(state.members):
        c = m.character
        standing = f"{c.position} ({c.rank}), status {c.status_level}" if m.alive else "dead"
        course = "-" if m.study is None else f"#{m.study.number} {m.study.months} mo"
        grid.add_row(
            str(i),
            escape(m.name),
            str(c.age),
            escape(standing),
            f"{float(m.experience):g}",
            f"{float(m.reputation.value):g}",
            f"{c.current_hit_points}/{c.hit_points}",
            f"{c.funds_gp} GP {m.silver} SP",
            course,
            str(m.band.men),
        )
    out.print(grid)


# ---------------------------------------------------------------------------------------------------
# campaign new / add-character / act / show, advance


@campaign_app.command("new", help=N_("Start a campaign in the store and print its id."))
def new_command(
    date: Annotated[
        str, typer.Option("--date", help=N_("The first day (YEAR-MONTH-DAY or YEAR-tehuti)."))
    ] = "1-1-1",
    seed: SeedOption = None,
    title: Annotated[str, typer.Option("--title", help=N_("A name for the campaign."))] = "",
    option: Annotated[
        list[str] | None, typer.Option("--option", help=N_("A rule option NAME=VALUE (aging, castles, ...)."))
    ] = None,
    json_out: JsonOption = False,
) -> None:
    options: dict[str, Any] = {"date": date}
    for text in option or []:
        key, sep, value = text.partition("=")
        if not sep:
            raise UsageError(f"option {text!r}: write NAME=VALUE")
        options[key] = {"true": True, "false": False}.get(value.casefold(), value)
    game = get_game(SYSTEM_ID, GAME_ID)
    session = Session.new(SYSTEM_ID, game, options, secrets.randbelow(2**31) if seed is None else seed)
    with open_store() as store:
        campaign_id = store.create(session, title or "Adventures in Fantasy campaign")
    state = campaign_state(session)
    if json_out:
        print_json(
            {"id": campaign_id, "date": state.date.iso(), "seed": session.seed, "options": session.options}
        )
        return
    out.print(escape(f"Campaign {campaign_id} begins on {names(state.date).text()} (seed {session.seed})."))


def make_character(
    seed: int,
    courses: list[str] | None,
    *,
    magic_years: int = 0,
    soldier: bool | None = None,
    name: str = "",
    asking: bool = True,
    rolls: str = "",
) -> tuple[Generation, int]:
    """Generate a character: the rolls shown, then (when `asking` and not given) the side of a paired
    rank and the courses asked, the months left shown at each question (as `character new` does).
    `rolls` are dice thrown at the table, used first. Gives the character and how many of its steps
    were the first phase's rolls (already shown when asking)."""
    rng = TableDice(seed, parse_rolls(rolls))
    rolled = roll_character(rng)
    if asking:
        for step in rolled.steps:
            dice = "; ".join(r.render() for r in step.rolls)
            out.print(escape(f"{step.label}: {step.result}" + (f" [{dice}]" if dice else "")))
    side = soldier
    if side is None:
        side = ask_side(rolled) if asking and rolled.position.paired else False
    chosen = [parse_course(c) for c in courses or []]
    if asking and courses is None:
        chosen = ask_courses(rolled, magic_years)
    made = finish(rolled, rng, chosen, magic_years=magic_years, soldier=side, name=name)
    check_spent(rng)
    return made, len(rolled.steps)


@campaign_app.command(
    "add-character",
    help=N_("Generate a character (every die shown; side and courses asked unless given) and add it."),
)
def add_character_command(
    campaign_id: CampaignId,
    seed: SeedOption = None,
    name: Annotated[str, typer.Option("--name", help=N_("The character's name."))] = "",
    courses: Annotated[
        list[str] | None,
        typer.Option("--course", help=N_("A starting course; repeatable. Without it the courses are asked.")),
    ] = None,
    magic_years: Annotated[int, typer.Option("--magic-years", help=N_("Years of magic apprenticeship."))] = 0,
    soldier: Annotated[
        bool | None,
        typer.Option("--soldier/--civilian", help=N_("The side of a paired rank; asked when not given.")),
    ] = None,
    alignment: Annotated[
        str, typer.Option("--alignment", help=N_("law, neutral or chaos (magicians)."))
    ] = "",
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    if alignment not in xp.ALIGNMENTS:
        raise UsageError(f"alignment {alignment!r}: law, neutral or chaos")
    used = secrets.randbelow(2**31) if seed is None else seed
    made, first = make_character(
        used, courses, magic_years=magic_years, soldier=soldier, name=name, asking=not json_out, rolls=rolls
    )
    member = Member(character=made.character, seed=used, alignment=alignment)
    with open_store() as store:
        match = campaign_match(store, campaign_id)
        make_action(match, add_action(member))
        session = match.session
        index = len(campaign_state(session).members) - 1
    if json_out:
        steps = [
            {
                "label": s.label,
                "result": s.result,
                "source": s.source,
                "rolls": [roll_data(r) for r in s.rolls],
            }
            for s in made.steps
        ]
        print_json(
            {
                "campaign": campaign_id,
                "index": index,
                "seed": used,
                "steps": steps,
                "member": _member_data(index, campaign_state(session).members[index]),
            }
        )
        return
    for s in made.steps[first:]:
        dice = "; ".join(r.render() for r in s.rolls)
        out.print(escape(f"{s.label}: {s.result}" + (f" [{dice}]" if dice else "") + f" ({s.source})"))
    out.print(escape(f"{made.character.name or 'The character'} joins campaign {campaign_id} as #{index}."))


_WRITTEN = {
    **{f.id: (f.form, f.what) for f in FORMS},
    "end": ("end", "the campaign ends"),
}
ACTIONS: tuple[tuple[str, str], ...] = tuple(
    _WRITTEN[head]
    for head in (
        *("add", "advance", "exp", "boast", "renown", "found-out", "wound", "shoot", "fight", "join"),
        *("round", "break", "study", "skill", "practise", "neglect", "service", "hire", "lose", "unpaid"),
        *("promote", "align", "take", "spend", "share", "buy", "find", "drop", "pay-men"),
        *("hold", "release", "note", "meet"),
        "town",
        *("place", "travel", "days", "study-break", "kill", "end"),
    )
)
"""Every referee action `campaign act` takes: its form (I is the character's number in `campaign show`)
and what it does."""

ACT_HELP = (
    "Make one referee action and show what it did.\n\nThe actions (I is the character's number in"
    " `campaign show`):\n\n" + "\n".join(f"{form:<18} {what}" for form, what in ACTIONS)
)


@campaign_app.command("act", help=ACT_HELP)
def act_command(
    campaign_id: CampaignId,
    action: Annotated[
        str, typer.Argument(help=N_("A referee action (listed above): exp:0:1, wound:0:2, hire:0:3 ..."))
    ],
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    """Make one referee action (`ACTIONS` lists them)."""
    with open_store() as store:
        match = campaign_match(store, campaign_id)
        made = make_action(match, action, rolls)
    state = campaign_state(match.session)
    if json_out:
        print_json(
            {
                "campaign": campaign_id,
                "events": [_event_data(e, r) for e, r in _events(state, made.rolled)],
                "given": given_list(made.given),
            }
        )
        return
    show_events(state, made.rolled)


@campaign_app.command("show", help=N_("The campaign's date and characters."))
def show_command(campaign_id: CampaignId, json_out: JsonOption = False) -> None:
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    state = campaign_state(session)
    here = state.here()
    if json_out:
        print_json(
            {
                "id": campaign_id,
                "date": names(state.date).to_data(),
                "over": state.over,
                "place": {
                    "terrain": state.place or None,
                    "town": state.town or None,
                    "town_facts": here.model_dump() if here else None,
                    "bound_for": state.bound or None,
                    "met": state.met or None,
                },
                "towns": [t.model_dump() for t in state.towns],
                "days_into_week": state.days,
                "fighting": [
                    {"member": b.fighter, "foe": b.foe, "group": b.group, "hit_points": list(b.fight.hp)}
                    for b in state.bouts
                ],
                "options": session.options,
                "members": [_member_data(i, m) for i, m in enumerate(state.members)],
            }
        )
        return
    show_campaign(campaign_id, state)


def sheet_rows(data: dict[str, Any]) -> list[tuple[str, str]]:
    """One character's sheet (`sheet.sheet`'s data) as rows of what and its value."""
    rows: list[tuple[str, str]] = []
    for r in data["ratings"]:
        note = (
            _(" (uses %(usable)s: untrained)") % {"usable": r["usable"]} if r["usable"] != r["rating"] else ""
        )
        rows.append((_(str(r["name"]).capitalize()), f"{r['rating']}{note}"))
    st = data["standing"]
    side = _("soldier") if st["soldier"] else _("civilian")
    standing = _("%(position)s (rank %(rank)s, %(side)s), status level %(status)s") % {
        "position": _(str(st["position"])),
        "rank": _(str(st["rank"])),
        "side": side,
        "status": st["status_level"],
    }
    rows.append((_("Standing"), standing))
    rows.append((_("Alignment"), _(str(st["alignment"])) if st["alignment"] else _("none")))
    rows.append((_("Age"), str(data["age"])))
    ed = data["education"]
    courses = ", ".join(
        _("%(course)s (%(months)s mo)") % {"course": _(str(k["name"])), "months": k["months"]}
        for k in ed["courses"]
    ) or _("none")
    if ed["magic_years"]:
        years = ed["magic_years"]
        courses += ngettext("; magic %(years)s year(s)", "; magic %(years)s years", years) % {"years": years}
    rows.append((_("Courses"), courses))
    if ed["studying"]:
        months = ed["studying"]["months"]
        studying = ngettext(
            "course %(number)s, %(months)s month(s) in", "course %(number)s, %(months)s months in", months
        ) % {"number": ed["studying"]["number"], "months": months}
        rows.append((_("Studying"), studying))
    skills = ", ".join(
        f"{_(str(k['name']))} {k['base']}%" + ("" if k["practised"] else _(" (neglected)"))
        for k in data["skills"]
    )
    rows.append((_("Skills"), skills or _("none")))
    kit = data["kit"]
    items = ", ".join(f"{_(str(i['name']))} ({decimal_g(i['weight_lb'])} lb)" for i in kit["items"]) or _(
        "none"
    )
    rows.append((_("Kit"), items))
    fatigue = (
        _("cannot carry it")
        if kit["fatigue_rate"] is None
        else _("fatigue x%(rate)s") % {"rate": kit["fatigue_rate"]}
    )
    encumbrance = _(
        "%(weight)s of %(lifting)s lb (%(fatigue)s); move %(move)s in (Table E %(row)s, %(column)s)"
    ) % {
        "weight": decimal_g(kit["weight_lb"]),
        "lifting": kit["lifting_lb"],
        "fatigue": fatigue,
        "move": decimal_g(kit["move_inches"]),
        "row": kit["encumbrance_row"],
        "column": kit["strength_column"],
    }
    rows.append((_("Encumbrance"), encumbrance))
    money = data["money"]
    rows.append(
        (
            _("Money"),
            _("%(gold)s GP %(silver)s SP; income %(income)s GP a year")
            % {
                "gold": number(money["gold"]),
                "silver": number(money["silver"]),
                "income": number(money["yearly_income_gp"]),
            },
        )
    )
    h = data["health"]
    weeks = h["ill_weeks"]
    ill = ngettext("; ill %(weeks)s week", "; ill %(weeks)s weeks", weeks) % {"weeks": weeks} if weeks else ""
    hits = _("%(left)s of %(hits)s (%(wounds)s wounds)%(ill)s") % {
        "left": h["left"],
        "hits": h["hit_points"],
        "wounds": h["wounds"],
        "ill": ill,
    }
    rows.append((_("Hit points"), hits))
    ex = data["experience"]
    rows.append(
        (
            _("Experience"),
            _("%(levels)s levels (level %(level)s)")
            % {"levels": decimal_g(ex["float"]), "level": ex["level"]},
        )
    )
    rep = data["reputation"]
    found_out = _(" (found out)") if rep["verified_only"] else ""
    rows.append((_("Reputation"), f"{decimal_g(float(Fraction(rep['value'])))}{found_out}"))
    rows.append((_("Hirelings"), str(data["hirelings"]["men"])))
    if data["lands"]:
        lands = "; ".join(k["text"] for k in data["lands"])
        rows.append((_("Lands"), _("%(lands)s a year") % {"lands": lands}))
    return rows


def decimal_g(value: float) -> str:
    """A number as `:g` writes it ("2.5", "3"), with the reader's decimal sign ("2,5")."""
    text = f"{value:g}"
    return text.replace(".", ",") if i18n.current() == "es" and "e" not in text else text


def sheet_title(data: dict[str, Any]) -> str:
    """A sheet's title: the character's number, name and condition."""
    return f"#{data['index']} {data['name']} ({_(str(data['condition']))})"


def show_sheet(data: dict[str, Any]) -> None:
    """Print one character's sheet (`sheet.sheet`'s data) with Rich."""
    grid = RichTable(title=escape(sheet_title(data)), show_header=False)
    grid.add_column("what")
    grid.add_column("value")
    for what, value in sheet_rows(data):
        grid.add_row(what, value)
    out.print(grid)


@campaign_app.command(
    "sheet",
    help=N_(
        "One character's full sheet: ratings, standing, courses and skills, kit, money, wounds, experience."
    ),
)
def sheet_command(
    campaign_id: CampaignId,
    index: Annotated[int, typer.Argument(help=N_("The character's number in `campaign show`."))],
    json_out: JsonOption = False,
) -> None:
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    members = campaign_state(session).members
    if not 0 <= index < len(members):
        raise UsageError(
            _("no character %(index)s; the campaign has %(count)s (0-based)")
            % {"index": index, "count": len(members)}
        )
    data = sheet(index, members[index])
    if json_out:
        print_json(data)
        return
    show_sheet(data)


PARTY_HEADINGS = (
    "#",
    N_("name"),
    N_("condition"),
    N_("standing"),
    N_("level"),
    N_("hits"),
    N_("money"),
    N_("kit"),
    N_("move"),
    N_("men"),
)
"""The columns of the party view."""


def party_rows(data: dict[str, Any]) -> list[tuple[str, ...]]:
    """The party view (`sheet.party`'s data) as rows under `PARTY_HEADINGS`."""
    return [
        (
            str(r["index"]),
            str(r["name"]),
            _(str(r["condition"])),
            _("%(position)s, status %(status)s")
            % {"position": _(str(r["position"])), "status": r["status_level"]},
            str(r["level"]),
            str(r["hits"]),
            _("%(gold)s GP %(silver)s SP") % {"gold": number(r["gold"]), "silver": number(r["silver"])},
            f"{decimal_g(r['kit_lb'])} lb",
            f"{decimal_g(r['move_inches'])} in",
            str(r["hirelings"]),
        )
        for r in data["members"]
    ]


def party_totals(data: dict[str, Any]) -> str:
    """The party's totals in one line."""
    return _(
        "%(able)s able; %(gold)s GP %(silver)s SP in all; the party moves at %(move)s in (the slowest)"
    ) % {
        "able": data["able"],
        "gold": number(data["gold"]),
        "silver": number(data["silver"]),
        "move": decimal_g(data["slowest_move_inches"]),
    }


def show_party(data: dict[str, Any]) -> None:
    """Print the party view (`sheet.party`'s data) with Rich."""
    grid = RichTable(title=_("The party"))
    for heading in PARTY_HEADINGS:
        grid.add_column(_(heading) if heading != "#" else heading)
    for row in party_rows(data):
        grid.add_row(*(escape(cell) for cell in row))
    out.print(grid)
    out.print(escape(party_totals(data)))


@campaign_app.command(
    "party",
    help=N_("The party: each character's condition, standing, hits, money, kit and move, and the totals."),
)
def party_command(campaign_id: CampaignId, json_out: JsonOption = False) -> None:
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    data = party(campaign_state(session).members)
    if json_out:
        print_json(data)
        return
    show_party(data)


@campaign_app.command(
    "log",
    help=N_("The campaign's log: every encounter, fight, purchase, passing week and note, with its dice."),
)
def log_command(
    campaign_id: CampaignId,
    last: Annotated[int, typer.Option("--last", help=N_("Only the last N entries (0: all)."))] = 0,
    json_out: JsonOption = False,
) -> None:
    if last < 0:
        raise UsageError(f"--last {last}: give 0 (all) or more")
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    entries = campaign_log(session)
    shown = entries[-last:] if last else entries
    if json_out:
        print_json(
            {
                "campaign": campaign_id,
                "entries": [_event_data(e, r) | {"ply": ply} for ply, e, r in shown],
            }
        )
        return
    for _index, event, record in shown:
        dice = f" [{'; '.join(r.render() for r in record.rolls)}]" if record and record.rolls else ""
        out.print(escape(event.line() + dice))


def advance_command(
    campaign_id: CampaignId,
    weeks: Annotated[int, typer.Option("--weeks", help=N_("Weeks to pass (1-520)."))] = 1,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    with open_store() as store:
        match = campaign_match(store, campaign_id)
        made = make_action(match, f"advance:{weeks}", rolls)
    state = campaign_state(match.session)
    if json_out:
        print_json(
            {
                "campaign": campaign_id,
                "date": state.date.iso(),
                "events": [_event_data(e, r) for e, r in _events(state, made.rolled)],
                "given": given_list(made.given),
            }
        )
        return
    show_events(state, made.rolled)
    out.print(escape(f"Campaign {campaign_id} is now at {names(state.date).text()}."))


# ---------------------------------------------------------------------------------------------------
# experience calculators


def _award(award: xp.Award, json_out: bool) -> None:
    if json_out:
        print_json(
            {
                "amount": str(award.amount),
                "float": float(award.amount),
                "detail": award.detail,
                "source": award.source,
            }
        )
        return
    out.print(escape(f"{award.detail} levels ({award.source})"))


def _numbers(texts: list[str], what: str) -> list[Fraction]:
    try:
        return [Fraction(t) for t in texts]
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"{what} {texts}: give numbers") from None


@experience_app.command(
    "warrior", help=N_("A warrior's level increase for a kill (:1785-1805); several victors are summed.")
)
def warrior_command(
    loser_hit: Annotated[int, typer.Option("--loser-hit", help=N_("The loser's chance to hit the victor."))],
    victor_hit: Annotated[list[int], typer.Option("--victor-hit", help=N_("Each victor's chance to hit."))],
    loser_hd: Annotated[str, typer.Option("--loser-hd", help=N_("The loser's hit dice."))] = "1",
    victor_hd: Annotated[
        list[str] | None, typer.Option("--victor-hd", help=N_("Each victor's hit dice."))
    ] = None,
    loser_level: Annotated[
        str, typer.Option("--loser-level", help=N_("The loser's level (0: unknown)."))
    ] = "0",
    victor_level: Annotated[
        list[str] | None, typer.Option("--victor-level", help=N_("Each victor's level."))
    ] = None,
    json_out: JsonOption = False,
) -> None:
    count = len(victor_hit)
    hds = _numbers(victor_hd or ["1"] * count, "hit dice")
    levels = _numbers(victor_level or ["0"] * count, "levels")
    award = xp.warrior_experience(
        loser_hit,
        victor_hit,
        _numbers([loser_hd], "hit dice")[0],
        hds,
        _numbers([loser_level], "level")[0],
        levels,
    )
    _award(award, json_out)


@experience_app.command("magic", help=N_("A magician's experience award (:1821-1836)."))
def magic_command(
    event: Annotated[str, typer.Argument(help="One of: " + ", ".join(xp.MAGIC_EVENTS))],
    value: Annotated[
        str, typer.Option("--value", help=N_("Spell points, permanent points, or the loser's level."))
    ] = "0",
    level: Annotated[str, typer.Option("--level", help=N_("The magician's own level."))] = "0",
    json_out: JsonOption = False,
) -> None:
    if event not in xp.MAGIC_EVENTS:
        raise UsageError(f"no magic award {event!r}; the awards are {', '.join(xp.MAGIC_EVENTS)}")
    award = xp.magic_experience(event, _numbers([value], "value")[0], _numbers([level], "level")[0])
    _award(award, json_out)


@experience_app.command(
    "fees", help=N_("A magician's fees for magical service: level + status / 2 silver a week (:1862).")
)
def fees_command(
    level: Annotated[int, typer.Option("--level", help=N_("The magician's experience level."))],
    status: Annotated[int, typer.Option("--status", help=N_("His status level."))],
    weeks: Annotated[int, typer.Option("--weeks", help=N_("Weeks of service this month (0-4)."))] = 1,
    json_out: JsonOption = False,
) -> None:
    fee = xp.service_fee(level, status)
    total = xp.service_fees(level, status, weeks)
    if json_out:
        print_json({"per_week_sp": fee, "weeks": weeks, "total_sp": total, "source": f"{RULEBOOK}:1862"})
        return
    out.print(f"{level} + {status}/2 = {fee} SP a week; {weeks} week(s): {total} SP ({RULEBOOK}:1862)")


@experience_app.command("vacancy", help=N_("Roll for a vacancy at a position this year: 2% (:1850)."))
def vacancy_command(seed: SeedOption = None, json_out: JsonOption = False) -> None:
    found = xp.vacancy_roll(Rng(secrets.randbelow(2**31) if seed is None else seed))
    if json_out:
        print_json({"open": found.open, "roll": roll_data(found.roll)})
        return
    out.print(escape(f"{found.roll.render()}: {'vacant' if found.open else 'no vacancy'} ({RULEBOOK}:1850)"))


add_standing_commands(experience_app)


# ---------------------------------------------------------------------------------------------------
# hirelings calculators


@hirelings_app.command(
    "limit",
    help=N_(
        "How many men a character can recruit: status + Charisma / 3, less the year's losses (:1893-1898)."
    ),
)
def limit_command(
    status: Annotated[int, typer.Option("--status", help=N_("The leader's status level."))],
    charisma: Annotated[int, typer.Option("--charisma", help=N_("The leader's Charisma."))],
    lost: Annotated[int, typer.Option("--lost", help=N_("Men lost in the past year."))] = 0,
    json_out: JsonOption = False,
) -> None:
    limit = men.recruit_limit(status, charisma, lost)
    if json_out:
        print_json({"limit": limit, "source": f"{RULEBOOK}:1893-1898"})
        return
    minus = f" - {lost} lost" if lost else ""
    out.print(f"{status} + {charisma} // 3{minus} = {limit} men ({RULEBOOK}:1893-1898)")


@hirelings_app.command(
    "shares", help=N_("Share a treasure by social status: one share per status point (:1897).")
)
def shares_command(
    total: Annotated[str, typer.Argument(help=N_("The treasure to share."))],
    members: Annotated[list[str], typer.Argument(help=N_("NAME=STATUS for everyone sharing."))],
    json_out: JsonOption = False,
) -> None:
    pairs: list[tuple[str, int]] = []
    for text in members:
        who, sep, level = text.rpartition("=")
        if not sep or not level.isdigit():
            raise UsageError(f"{text!r}: write NAME=STATUS")
        pairs.append((who, int(level)))
    parts = men.shares(_numbers([total], "treasure")[0], pairs)
    if json_out:
        print_json(
            [
                {"name": p.name, "shares": p.shares, "amount": str(p.amount), "float": float(p.amount)}
                for p in parts
            ]
        )
        return
    for p in parts:
        out.print(escape(f"{p.name}: {p.shares} share(s), {float(p.amount):g}"))


@hirelings_app.command("pay", help=N_("The month's pay and upkeep owed before an expedition (:1892)."))
def pay_command(
    count: Annotated[int, typer.Option("--men", help=N_("How many men."))],
    income: Annotated[int, typer.Option("--income", help=N_("Their rank's yearly income in GP (Table A)."))],
    deserted: Annotated[bool, typer.Option("--deserted", help=N_("Men once deserted this leader."))] = False,
    json_out: JsonOption = False,
) -> None:
    bill = men.month_bill(count, income, deserted_before=deserted)
    if json_out:
        print_json(
            {
                "men": count,
                "pay_gp": str(bill.pay_gp),
                "upkeep_sp": bill.upkeep_sp,
                "doubled": bill.doubled,
                "source": bill.source,
            }
        )
        return
    doubled = " (doubled)" if bill.doubled else ""
    out.print(f"pay {float(bill.pay_gp):g} GP{doubled} + upkeep {bill.upkeep_sp} SP ({bill.source})")


@hirelings_app.command(
    "obey", help=N_("Does a hireling obey this expedition? An influence roll (:1902, :125-158).")
)
def obey_command(
    leader: Annotated[int, typer.Option("--leader", help=N_("The leader's Charisma."))],
    follower: Annotated[int, typer.Option("--follower", help=N_("The hireling's Charisma."))],
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    done = men.obedience(Rng(secrets.randbelow(2**31) if seed is None else seed), leader, follower)
    chance = men.obedience_probability(leader, follower)
    rolls = [done.first] + ([done.second] if done.second else [])
    if json_out:
        print_json(
            {
                "obeys": done.success,
                "chance": {"exact": str(chance), "float": float(chance)},
                "target": done.chance,
                "rolls": [roll_data(r) for r in rolls],
            }
        )
        return
    dice = "; ".join(r.render() for r in rolls)
    verdict = "obeys for the expedition" if done.success else "does not obey"
    out.print(escape(f"{dice}: {verdict} (chance {float(chance):.1%}; {RULEBOOK}:1902)"))
