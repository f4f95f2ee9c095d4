"""How a kept Adventures in Fantasy campaign is drawn and run at the terminal (`cli.play_loop.Presenter`).

Everything comes from the campaign's view (`systems.adventures_in_fantasy.seat_view`): before each of
the referee's decisions the date, where the party is and one row per character; `s` the party and
every full sheet; `m` the place, the towns and the calendar; `o` the exact odds of the melee on. The
view's sample actions of the party are listed by number (the sample actions on one character are left
to the forms), then the view's forms: adding a character (character creation's questions), each party
action, and one entry per group of the actions on a character. A form's fields are asked one by one,
and a form that throws dice asks for the dice the table threw (blank: rolled here); the action is made
as `grognard aif campaign act --rolls` makes it, through the match driver (`referee.make_action`: the
action and its chance moves one unit, saved at once). Two entries close the list: a table
procedure of the browser desk (its outcome kept as the referee's note) and any action typed out.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from grognard.cli.console import choose, read_line
from grognard.cli.play_loop import Presenter, ask_field, odds_lines, say
from grognard.cli.systems.aif_campaign import (
    PARTY_HEADINGS,
    SHOW_HEADINGS,
    make_character,
    party_rows,
    party_totals,
    sheet_rows,
    sheet_title,
)
from grognard.cli.systems.aif_world import date_said
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.engine.view import ActionView, Event, SeatView
from grognard.i18n import N_, ngettext, number
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.calendar import parse_date
from grognard.systems.adventures_in_fantasy.campaign import CampaignState, add_action
from grognard.systems.adventures_in_fantasy.procedures import PROCEDURES
from grognard.systems.adventures_in_fantasy.referee import given_list, make_action
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls
from grognard.systems.adventures_in_fantasy.time import Member
from grognard.systems.adventures_in_fantasy.view_forms import FORMS, Form, fill

LISTED_GROUPS = frozenset({"time", "character"})
"""The groups of the view's sample actions listed by number: the party's own (the melee's `round` and
`break`, and the actions on one character, go by the forms, which take the table's dice)."""

DIRECT_GROUPS = frozenset({"character", "party", "melee"})
"""The groups whose forms are listed one by one (the others by one entry per group)."""

TYPED = N_("Type a referee action as `grognard aif campaign act` takes it (exp:0:1/2, wound:0:2, ...)")
"""The last entry: any referee action written out, for a referee who knows the forms."""

PROCEDURE = N_(
    "A table procedure, kept as a note (what an encounter meets, met): encounter, evasion, hostility, forage"
    " and hunt, terrain, arrivals"
)
"""The entry of the referee's table procedures (the browser desk's), each outcome kept in the log."""

NOTE_LIMIT = 2000
"""The longest note a procedure's outcome is kept as (its dice included)."""

DICE = N_("Dice the table threw, in order, comma-separated (blank: roll for me): ")
"""The question of the table's dice, asked after a form that may throw some."""

CAMPAIGN_HEADINGS = SHOW_HEADINGS
"""The columns of the party shown before each decision: those of `campaign show`."""


def columns(headings: Sequence[str], rows: Sequence[Sequence[str]], indent: int = 2) -> list[str]:
    """Rows of cells as lines of text in aligned columns under their headings."""
    table = [[_(h) if h else h for h in headings], *[list(r) for r in rows]]
    widths = [max(len(r[k]) for r in table) for k in range(len(headings))]
    return [
        " " * indent + "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table
    ]


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def where_line(public: dict[str, Any]) -> str:
    """Where the party is, its journey, what it met and the fight on, in one sentence."""
    place = _dict(public.get("place"))
    if not place.get("terrain"):
        where = _('nowhere in particular yet ("Say where the party is" sets it)')
    elif place.get("town"):
        where = _("in the %(terrain)s, at %(town)s") % {
            "terrain": _(str(place["terrain"])),
            "town": place["town"],
        }
    else:
        where = _("in the %(terrain)s") % {"terrain": _(str(place["terrain"]))}
    days = place.get("journey_days")
    if days:
        if place.get("bound_for"):
            where += ngettext(
                ", %(days)s day(s) of travel left to %(place)s",
                ", %(days)s days of travel left to %(place)s",
                days,
            ) % {"days": days, "place": place["bound_for"]}
        else:
            where += ngettext(", %(days)s day(s) of travel left", ", %(days)s days of travel left", days) % {
                "days": days
            }
    if place.get("met"):
        where += _("; met: %(met)s") % {"met": place["met"]}
    fights = [str(_dict(b).get("now", "")) for b in _list(public.get("fighting"))]
    if fights:
        where += _("; fighting: %(fights)s") % {"fights": "; ".join(fights)}
    return _("The party is %(where)s.") % {"where": where}


def calendar(public: dict[str, Any]) -> str:
    """The view's date written out in the reader's language (`aif_world.date_said`), or as the view has it."""
    if not public.get("date"):
        return str(public.get("calendar", ""))
    return date_said(parse_date(str(public["date"])))


def member_rows(public: dict[str, Any]) -> list[tuple[str, ...]]:
    """One row per character of the view, under `CAMPAIGN_HEADINGS`."""
    rows: list[tuple[str, ...]] = []
    for found in _list(public.get("members")):
        m = _dict(found)
        standing = (
            _("%(position)s (%(rank)s), status %(status)s")
            % {"position": _(str(m["position"])), "rank": _(str(m["rank"])), "status": m["status_level"]}
            if m["alive"]
            else _("dead")
        )
        course = _dict(m.get("course"))
        rows.append(
            (
                str(m["index"]),
                str(m["name"]),
                str(m["age"]),
                standing,
                f"{float(Fraction(str(m['experience']))):g}",
                f"{float(Fraction(str(m['reputation']))):g}",
                f"{m['hit_points']}/{m['max_hit_points']}",
                _("%(gold)s GP %(silver)s SP")
                % {"gold": number(m["funds_gp"]), "silver": number(m["silver"])},
                _("#%(number)s %(months)s mo") % {"number": course["number"], "months": course["months"]}
                if course
                else "-",
                str(m["men"]),
            )
        )
    return rows


def event_lines(events: Sequence[Event], view: SeatView) -> list[str]:
    """The last referee action's campaign events (the view's), each with the dice of the chance move
    that decided it (the roll events among `events` after the last action)."""
    last = max((k for k, e in enumerate(events) if e.kind == "action"), default=None)
    if last is None:
        return []
    action = events[last]
    lines = [f"> {action.values.get('label') or action.values.get('action')}"]
    told = len(lines)
    rolls = iter([e for e in events[last + 1 :] if e.kind == "roll"])
    for e in view.events:
        if e.kind != "campaign":
            continue
        v = e.values
        where = f" ({v['source']})" if v.get("source") else ""
        line = f"{v['date']} {v['name']}: {v['label']}: {v['text']}{where}"
        roll = next(rolls, None) if v.get("rolled") else None
        if roll is not None and roll.dice:
            line += " [" + "; ".join(d.text for d in roll.dice) + "]"
        lines.append(line)
    if len(lines) == told:
        lines.append(_("  (nothing to report)"))
    return lines


class AifPresenter(Presenter):
    """The referee's desk of a kept campaign at the terminal."""

    def __init__(self, campaign_id: str = "") -> None:
        self.campaign_id = campaign_id

    # --- what is shown ------------------------------------------------------------------------------

    def before(self, view: SeatView, last: SeatView | None) -> list[str]:
        """The date, where the party is, one row per character."""
        public = view.public
        name = _("Campaign %(id)s") % {"id": self.campaign_id} if self.campaign_id else _("The campaign")
        lines = ["", f"{name}: {calendar(public)}.", where_line(public)]
        rows = member_rows(public)
        if rows:
            lines += columns(CAMPAIGN_HEADINGS, rows)
        else:
            lines.append(_("No characters yet: add one (the first entry of the list below)."))
        return lines

    def help(self) -> str:
        """The keys at the referee's desk."""
        return _(
            "Answer with an entry's number (a form asks its fields one by one, then the dice the table"
            " threw), or: s the party and every sheet, m the place, the towns and the calendar, o a melee's"
            " exact odds, u undo the last referee action, ? this help, q back (each action is saved)."
        )

    def odds_now(self, view: SeatView, last: SeatView | None) -> bool:
        """A melee's odds are shown unasked when it begins."""
        return bool(view.public.get("fighting")) and (last is None or not last.public.get("fighting"))

    def heading(self, view: SeatView, seat: int, humans: int) -> list[str]:
        """The referee's decision."""
        return [_("The referee's decision (ply %(ply)s):") % {"ply": view.ply}]

    def prompt(self, view: SeatView, seat: int) -> str:
        """The question's prompt."""
        return _("Campaign")

    def events(self, events: Sequence[Event], view: SeatView) -> list[str]:
        """The last action's events, each with its dice."""
        return event_lines(events, view)

    def sheet(self, view: SeatView) -> list[str]:
        """The party, then every character's full sheet."""
        data = _dict(view.public.get("party"))
        if not _list(data.get("members")):
            return [_("No characters yet.")]
        lines = [_("The party:"), *columns(PARTY_HEADINGS, party_rows(data)), "  " + party_totals(data)]
        for found in _list(view.public.get("sheets")):
            sheet = _dict(found)
            rows = sheet_rows(sheet)
            width = max(len(what) for what, _value in rows)
            lines += ["", sheet_title(sheet), *(f"  {what.ljust(width)}  {value}" for what, value in rows)]
        return lines

    def board(self, view: SeatView) -> list[str]:
        """The calendar, where the party is, the towns described."""
        public = view.public
        day = int(str(public.get("days_into_week") or 0))
        lines = [
            _("Today: %(calendar)s (%(date)s), day %(day)s of the week.")
            % {"calendar": calendar(public), "date": public.get("date"), "day": day + 1},
            where_line(public),
        ]
        if public.get("passing_until") is not None:
            lines.append(_("Time is passing (weeks still to roll)."))
        towns = _list(public.get("towns"))
        lines.append(_("Towns:") if towns else _('No towns described yet (the party\'s "Describe a town").'))
        lines += [f"  {_dict(t).get('text')}" for t in towns]
        return lines

    def odds(self, view: SeatView) -> list[str]:
        """The exact odds of each bout of the melee on."""
        if view.odds is None:
            return [_("No odds now: the campaign's odds are a melee's, shown while a fight is on.")]
        return odds_lines(view)

    def ending(self, view: SeatView, last: SeatView | None = None) -> list[str]:
        """Nothing drawn: the campaign's end and who lives follow (`FrontEnd.ending`)."""
        return []

    # --- what is offered ----------------------------------------------------------------------------

    def listed(self, view: SeatView) -> list[ActionView]:
        """The party's sample actions (the others go by the forms)."""
        return [a for a in view.actions if a.group in LISTED_GROUPS]

    def entries(self, view: SeatView) -> list[str]:
        """Adding a character, each party form, one entry per group of the forms on a character."""
        forms = [_dict(f) for f in _list(view.public.get("forms"))]
        groups = {str(g["id"]): str(g["label"]) for g in map(_dict, _list(view.public.get("form_groups")))}
        found: list[str] = []
        for f in forms:
            group = str(f["group"])
            entry = _(str(f["label"]) if group in DIRECT_GROUPS else groups.get(group, group))
            if entry not in found:
                found.append(entry)
        return [*found, _(PROCEDURE), _(TYPED)]

    def take(self, match: Match, seat: int, view: SeatView, entry: str) -> list[Event]:
        """Fill in the form `entry` names (a group's: which of its forms first) and make its action."""
        if entry == _(PROCEDURE):
            return self._procedure(match)
        if entry == _(TYPED):
            action = ask_field(_("Action (as `grognard aif campaign act --help` lists them)"))
            return self._made(match, action, read_line(_(DICE)))
        forms = [_dict(f) for f in _list(view.public.get("forms"))]
        groups = {_(str(g["label"])): str(g["id"]) for g in map(_dict, _list(view.public.get("form_groups")))}
        chosen = [f for f in forms if _(str(f["label"])) == entry]
        if not chosen and entry in groups:
            inside = [f for f in forms if f["group"] == groups[entry]]
            picked = choose([f"{_(str(f['label']))} ({f['form']})" for f in inside], _("Which"), ())
            chosen = [f for f in inside if f"{_(str(f['label']))} ({f['form']})" == picked]
        if not chosen:
            raise UsageError(_("%(entry)r is not a form of this campaign") % {"entry": entry})
        form = next(f for f in FORMS if f.id == chosen[0]["id"])
        if form.id == "add":
            return self._made(match, add_action(self._character()), "")
        members = [_dict(m) for m in _list(view.public.get("members"))]
        action = fill(form, [self._field(form, k, members) for k in range(len(form.fields))])
        rolls = ""
        if form.rolls:
            rolls = read_line(_(DICE))
        return self._made(match, action, rolls)

    def _field(self, form: Form, k: int, members: list[dict[str, Any]]) -> str:
        f = form.fields[k]
        if f.kind == "character":
            if not members:
                raise UsageError(_("no characters yet: add one first"))
            names = [str(m["name"]) or f"#{m['index']}" for m in members]
            shown = [n if names.count(n) == 1 else f"{n} (#{i})" for i, n in enumerate(names)]
            return str(shown.index(ask_field(_(f.ask), choices=shown)))
        if f.kind == "number":
            return ask_field(_(f.ask), low=f.low, high=f.high, optional=f.optional)
        return ask_field(_(f.ask), choices=f.choices, optional=f.optional)

    def _procedure(self, match: Match) -> list[Event]:
        """Run a table procedure: which, its fields (blank: the default), the table's dice; every step
        shown, the outcome kept as the referee's note (as the browser desk keeps it)."""
        titles = {p.title: p for p in PROCEDURES.values()}
        procedure = titles[choose(list(titles), _("Which procedure"), ())]
        values: dict[str, str] = {}
        for f in procedure.fields:
            if f.kind == "check":
                values[f.name] = ask_field(
                    _("%(field)s (blank: no)") % {"field": f.label}, choices=("yes",), optional=True
                )
            elif f.kind == "choice":
                values[f.name] = ask_field(
                    _("%(field)s (blank: %(default)s)") % {"field": f.label, "default": f.default},
                    choices=f.choices,
                    optional=True,
                )
            else:
                blank = _("%(field)s (blank: %(default)s)") % {"field": f.label, "default": f.default}
                values[f.name] = ask_field(blank, optional=True)
            values[f.name] = values[f.name] or f.default
        session = match.session
        dice = TableDice(f"{session.seed}:desk:{len(session.moves)}", parse_rolls(read_line(_(DICE))))
        outcome = procedure.run(dice, values)
        check_spent(dice)
        for step in outcome.steps:
            say(step.line())
        for row in outcome.grid:
            say("  " + " ".join(row))
        thrown = "; ".join(s.roll.render() for s in outcome.steps if s.roll)
        note = f"note:{procedure.title}: {outcome.summary}" + (f" [{thrown}]" if thrown else "")
        made = self._made(match, note[:NOTE_LIMIT], "")
        state = match.state
        met = outcome.met
        if met and isinstance(state, CampaignState) and not state.bouts:  # met, as on the road
            made += self._made(match, f"meet:{met}:{values.get('terrain', 'forest')}", "")
        return made

    def _character(self) -> Member:
        """Character creation's questions: a name, the seed, magic years, then the rolls shown and the
        side and courses asked (`make_character`)."""
        name = read_line(_("Name (blank: none): "))
        typed = read_line(_("Seed (blank: random): "))
        if typed and not typed.isdigit():
            raise UsageError(_("seed %(seed)r is not a whole number") % {"seed": typed})
        seed = int(typed) if typed else secrets.randbelow(2**31)
        magic = read_line(_("Years of magic apprenticeship, each costing three of schooling (blank: none): "))
        if magic and not magic.isdigit():
            raise UsageError(_("years %(years)r is not a whole number") % {"years": magic})
        made, _rolled = make_character(seed, None, name=name, magic_years=int(magic or 0))
        return Member(character=made.character, seed=seed, alignment="")

    def _made(self, match: Match, action: str, rolls: str) -> list[Event]:
        """Make `action` with the table's dice first, through the match driver, saved; the events of its
        moves. Refused, the game is left as it was."""
        if match.store is None:
            raise UsageError(_("this campaign is not kept in the store"))
        made = make_action(match, action, rolls)
        if made.given:
            used = ", ".join(f"{g['value']} ({g['die']})" for g in given_list(made.given))
            say(_("The table's dice used: %(dice)s.") % {"dice": used})
        return made.events
