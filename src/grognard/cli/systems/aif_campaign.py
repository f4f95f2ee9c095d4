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
from grognard.cli.console import help_with, out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_character import ask_courses, ask_side
from grognard.cli.systems.aif_dice import RollsOpt, said
from grognard.cli.systems.aif_standing import add_standing_commands
from grognard.cli.systems.aif_world import date_said
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
from grognard.systems.adventures_in_fantasy.words import any_word, roll_told, told, word

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
            _("game %(id)s is a %(game)s game, not a campaign")
            % {"id": campaign_id, "game": f"{session.system}/{session.game.info.id}"}
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


def event_line(event: Event, record: MoveRecord | None) -> str:
    """An event in one line (`Event.line`) with the dice it threw, in the reader's language (`told`)."""
    where = f" ({event.source})" if event.source else ""
    line = f"{event.date} {any_word(event.name)}: {told(event.label)}: {told(event.text)}{where}"
    dice = f" [{'; '.join(roll_told(r) for r in record.rolls)}]" if record and record.rolls else ""
    return line + dice


def show_events(state: CampaignState, records: list[MoveRecord]) -> None:
    """Print the last action's events, each with the dice it threw."""
    for event, record in _events(state, records):
        out.print(escape(event_line(event, record)))


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
        return _("nowhere in particular (place:TERRAIN[:TOWN] sets it)")
    terrain = word("terrain", state.place)
    if state.town:
        where = _("in the %(terrain)s, at %(town)s") % {"terrain": terrain, "town": state.town}
    else:
        where = _("in the %(terrain)s") % {"terrain": terrain}
    if state.journey:
        where += ngettext(
            ", %(days)s day of travel left", ", %(days)s days of travel left", state.journey
        ) % {"days": state.journey}
    if state.met:
        where += _("; met: %(met)s") % {"met": said(state.met)}
    if state.bouts:
        where += _("; fighting: %(fights)s") % {
            "fights": "; ".join(told(b.fight.describe()) for b in state.bouts)
        }
    return where


def show_campaign(campaign_id: str, state: CampaignState) -> None:
    """Print the date and the party, one row per character."""
    title = _("Campaign %(id)s: %(date)s") % {"id": campaign_id, "date": date_said(state.date)}
    out.print(escape(title + (_(" (ended)") if state.over else "")))
    out.print(escape(_("The party is %(where)s.") % {"where": _where(state)}))
    if not state.members:
        out.print(_("No characters yet: `grognard aif campaign add-character ID`."))
        return
    grid = RichTable()
    for heading in SHOW_HEADINGS:
        grid.add_column(_(heading) if heading != "#" else heading)
    for i, m in enumerate(state.members):
        c = m.character
        standing = (
            _("%(position)s (%(rank)s), status %(status)s")
            % {"position": _(c.position), "rank": c.rank, "status": c.status_level}
            if m.alive
            else _("dead")
        )
        course = (
            "-"
            if m.study is None
            else _("#%(number)s %(months)s mo") % {"number": m.study.number, "months": m.study.months}
        )
        grid.add_row(
            str(i),
            escape(m.name),
            str(c.age),
            escape(standing),
            f"{float(m.experience):g}",
            f"{float(m.reputation.value):g}",
            f"{c.current_hit_points}/{c.hit_points}",
            _("%(gold)s GP %(silver)s SP") % {"gold": c.funds_gp, "silver": m.silver},
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
            raise UsageError(_("option %(option)r: write NAME=VALUE") % {"option": text})
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
    out.print(
        escape(
            _("Campaign %(id)s begins on %(date)s (seed %(seed)s).")
            % {"id": campaign_id, "date": date_said(state.date), "seed": session.seed}
        )
    )


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
            dice = "; ".join(roll_told(r) for r in step.rolls)
            out.print(escape(f"{said(step.label)}: {said(step.result)}" + (f" [{dice}]" if dice else "")))
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
        raise UsageError(_("alignment %(alignment)r: law, neutral or chaos") % {"alignment": alignment})
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
        dice = "; ".join(roll_told(r) for r in s.rolls)
        out.print(
            escape(f"{said(s.label)}: {said(s.result)}" + (f" [{dice}]" if dice else "") + f" ({s.source})")
        )
    joins = _("%(name)s joins campaign %(id)s as #%(index)s.") % {
        "name": made.character.name or _("The character"),
        "id": campaign_id,
        "index": index,
    }
    out.print(escape(joins))


_WRITTEN = {
    **{f.id: (f.form, f.what) for f in FORMS},
    "end": ("end", N_("the campaign ends")),
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


ACTION_TEXTS = (
    N_("a character joins (`campaign add-character` writes it)"),
    N_("N weeks pass, 1-520 (as `grognard aif advance`)"),
    N_("character I gains X levels (X may be 1/2 or 0.25)"),
    N_("reputation + X, unverified (nothing once found out)"),
    N_("reputation + X, verified by neutral observers"),
    N_("lies found out: reputation to half the experience"),
    N_("he takes N hits: at 0 left he falls unconscious, past 0 he dies"),
    N_("he shoots at the creature met, before any melee (he needs the bow course, 10, the bow and arrows)"),
    N_("he fights a creature of the encounter tables, a melee turn at a time"),
    N_("he joins J's fight: both against J's creature, its hits shared, the kill shared"),
    N_("every bout of the melee goes on another turn (every blow's dice shown)"),
    N_("the melee is broken off (the wounds are kept)"),
    N_("he begins course 1-26 of Table B (26:CRAFT: a craft)"),
    N_("he keeps weapon skill NAME at BASE %%, practised"),
    N_("he practises skill NAME again (12 hours a month)"),
    N_("he stops practising skill NAME (10%% lost a month)"),
    N_("a magician serves W weeks (0-4) a month for fees"),
    N_("he recruits N hirelings (status + charisma / 3 at most)"),
    N_("N of his hirelings are lost"),
    N_("his hirelings go unpaid and desert"),
    N_("a rank opens: he rises one rank (once a year)"),
    N_("his alignment: law, neutral, chaos or none"),
    N_("money taken (treasure, a reward) into his purse"),
    N_("money spent from his purse"),
    N_("treasure shared among the living, one share per status level"),
    N_(
        "he buys from the price list (availability rolled) or Table D's supplies (ITEM:N for N of them):"
        " price paid, item in his kit"
    ),
    N_("an item taken as treasure into his kit (weighed as priced, or LB pounds)"),
    N_("an item of his kit left, sold or given away"),
    N_("his hirelings' month: pay by their rank's yearly income, and upkeep"),
    N_(
        "he holds a town or a castle's holdings: its people pay him revenue each year (3 GP a head, as the"
        " book's Bleakwood, unless another rate is given)"
    ),
    N_("he no longer holds that town or holdings"),
    N_("the referee's note, kept in the campaign's log"),
    N_(
        "the party meets a creature or a company (as a day's encounter rolled at the table): the one a fight"
        " is with"
    ),
    N_("a town described: population, makers (Armorer+Merchant), :MARKUP%%, :walled"),
    N_("where the party is (forest, clear, ..., and a town)"),
    N_("the party travels: each day's encounter rolled; stops at anything met"),
    N_("N days of rest pass (the seventh runs the week's tasks)"),
    N_("weeks away from his course (:YEARWEEKS for the year's total): fine or loss"),
    N_("a fallen (unconscious) character is finished off"),
)
"""What each referee action does (`view_forms.FORMS`' `what`, the rules' English), as messages: said in
`campaign act --help`'s list (a test holds this list to the forms). A percent sign is written `%%`, as in
every message of the catalogue with a placeholder-like sign (`said_action`)."""


def said_action(what: str) -> str:
    """What a referee action does, in the reader's language (its message in `ACTION_TEXTS`)."""
    return _(what.replace("%", "%%")) % {} if "%" in what else _(what)


class _Actions:
    """The list of `ACTIONS` in `campaign act --help`, each action's what said in the language in force
    when the help is shown (`console.said_help` formats the help's message with it)."""

    def __str__(self) -> str:
        return "\n".join(f"{form:<18} {said_action(what)}" for form, what in ACTIONS)


ACT_HELP = help_with(
    N_(
        "Make one referee action and show what it did.\n\nThe actions (I is the character's number in"
        " `campaign show`):\n\n%(actions)s"
    ),
    actions=_Actions(),
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
        rows.append((said(word("aif", str(r["name"]).capitalize())), f"{r['rating']}{note}"))
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
    return f"#{data['index']} {data['name']} ({word('condition', str(data['condition']))})"


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


SHOW_HEADINGS = (
    "#",
    N_("name"),
    N_("age"),
    N_("standing"),
    N_("exp"),
    N_("rep"),
    N_("hits"),
    N_("funds"),
    N_("course"),
    N_("men"),
)
"""The columns of `campaign show`."""

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
            word("condition", str(r["condition"])),
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
        raise UsageError(_("--last %(last)s: give 0 (all) or more") % {"last": last})
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
        out.print(escape(event_line(event, record)))


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
    out.print(
        escape(_("Campaign %(id)s is now at %(date)s.") % {"id": campaign_id, "date": date_said(state.date)})
    )


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
    out.print(escape(_("%(detail)s levels (%(source)s)") % {"detail": award.detail, "source": award.source}))


def _numbers(texts: list[str], what: str) -> list[Fraction]:
    try:
        return [Fraction(t) for t in texts]
    except (ValueError, ZeroDivisionError):
        raise UsageError(_("%(what)s %(texts)s: give numbers") % {"what": _(what), "texts": texts}) from None


@experience_app.command(
    "warrior", help=N_("A warrior's level increase for a kill (lines 1785-1805); several victors are summed.")
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
    hds = _numbers(victor_hd or ["1"] * count, N_("hit dice"))
    levels = _numbers(victor_level or ["0"] * count, N_("levels"))
    award = xp.warrior_experience(
        loser_hit,
        victor_hit,
        _numbers([loser_hd], N_("hit dice"))[0],
        hds,
        _numbers([loser_level], N_("level"))[0],
        levels,
    )
    _award(award, json_out)


@experience_app.command("magic", help=N_("A magician's experience award (lines 1821-1836)."))
def magic_command(
    event: Annotated[
        str, typer.Argument(help=help_with(N_("One of: %(events)s"), events=", ".join(xp.MAGIC_EVENTS)))
    ],
    value: Annotated[
        str, typer.Option("--value", help=N_("Spell points, permanent points, or the loser's level."))
    ] = "0",
    level: Annotated[str, typer.Option("--level", help=N_("The magician's own level."))] = "0",
    json_out: JsonOption = False,
) -> None:
    if event not in xp.MAGIC_EVENTS:
        raise UsageError(
            _("no magic award %(event)r; the awards are %(awards)s")
            % {"event": event, "awards": ", ".join(xp.MAGIC_EVENTS)}
        )
    award = xp.magic_experience(event, _numbers([value], N_("value"))[0], _numbers([level], N_("level"))[0])
    _award(award, json_out)


@experience_app.command(
    "fees", help=N_("A magician's fees for magical service: level + status / 2 silver a week (line 1862).")
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
    out.print(
        ngettext(
            "%(level)s + %(status)s/2 = %(fee)s SP a week; %(weeks)s week: %(total)s SP (%(source)s)",
            "%(level)s + %(status)s/2 = %(fee)s SP a week; %(weeks)s weeks: %(total)s SP (%(source)s)",
            weeks,
        )
        % {
            "level": level,
            "status": status,
            "fee": fee,
            "weeks": weeks,
            "total": total,
            "source": f"{RULEBOOK}:1862",
        }
    )


@experience_app.command("vacancy", help=N_("Roll for a vacancy at a position this year: 2% (line 1850)."))
def vacancy_command(seed: SeedOption = None, json_out: JsonOption = False) -> None:
    found = xp.vacancy_roll(Rng(secrets.randbelow(2**31) if seed is None else seed))
    if json_out:
        print_json({"open": found.open, "roll": roll_data(found.roll)})
        return
    verdict = _("vacant") if found.open else _("no vacancy")
    out.print(escape(f"{roll_told(found.roll)}: {verdict} ({RULEBOOK}:1850)"))


add_standing_commands(experience_app)


# ---------------------------------------------------------------------------------------------------
# hirelings calculators


@hirelings_app.command(
    "limit",
    help=N_(
        "How many men a character can recruit: status + Charisma / 3, less the year's losses"
        " (lines 1893-1898)."
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
    minus = _(" - %(lost)s lost") % {"lost": lost} if lost else ""
    out.print(
        _("%(status)s + %(charisma)s // 3%(minus)s = %(limit)s men (%(source)s)")
        % {
            "status": status,
            "charisma": charisma,
            "minus": minus,
            "limit": limit,
            "source": f"{RULEBOOK}:1893-1898",
        }
    )


@hirelings_app.command(
    "shares", help=N_("Share a treasure by social status: one share per status point (line 1897).")
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
            raise UsageError(_("%(text)r: write NAME=STATUS") % {"text": text})
        pairs.append((who, int(level)))
    parts = men.shares(_numbers([total], N_("treasure"))[0], pairs)
    if json_out:
        print_json(
            [
                {"name": p.name, "shares": p.shares, "amount": str(p.amount), "float": float(p.amount)}
                for p in parts
            ]
        )
        return
    for p in parts:
        out.print(
            escape(
                ngettext(
                    "%(name)s: %(shares)s share, %(amount)s",
                    "%(name)s: %(shares)s shares, %(amount)s",
                    p.shares,
                )
                % {"name": p.name, "shares": p.shares, "amount": f"{float(p.amount):g}"}
            )
        )


@hirelings_app.command("pay", help=N_("The month's pay and upkeep owed before an expedition (line 1892)."))
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
    doubled = _(" (doubled)") if bill.doubled else ""
    out.print(
        _("pay %(pay)s GP%(doubled)s + upkeep %(upkeep)s SP (%(source)s)")
        % {
            "pay": f"{float(bill.pay_gp):g}",
            "doubled": doubled,
            "upkeep": bill.upkeep_sp,
            "source": bill.source,
        }
    )


@hirelings_app.command(
    "obey", help=N_("Does a hireling obey this expedition? An influence roll (lines 1902, 125-158).")
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
    dice = "; ".join(roll_told(r) for r in rolls)
    verdict = _("obeys for the expedition") if done.success else _("does not obey")
    out.print(
        escape(
            _("%(dice)s: %(verdict)s (chance %(chance)s; %(source)s)")
            % {
                "dice": dice,
                "verdict": verdict,
                "chance": f"{float(chance):.1%}",
                "source": f"{RULEBOOK}:1902",
            }
        )
    )
