"""`grognard aif` world commands: encounters, evasion, hostility, arrivals, terrain, foraging, calendar.

`mount(app)` adds them to the `grognard aif` Typer app. Every random command takes `--seed N` (the same
seed rolls the same dice) and `--json`; the text output shows every roll, the table row it landed on
and the book's line, and the JSON holds every die.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_dice import RollsOpt, chosen_seed, given_data, said, seed_line, table_dice
from grognard.engine.errors import UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import calendar as cal
from grognard.systems.adventures_in_fantasy.deployment import arrivals
from grognard.systems.adventures_in_fantasy.encounters import (
    OutdoorEncounter,
    UnderworldEncounter,
    outdoor_encounter,
    underworld_encounter,
)
from grognard.systems.adventures_in_fantasy.evasion import Evasion, Hidden, Searchers, evade, evasion_odds
from grognard.systems.adventures_in_fantasy.foraging import forage, hunt
from grognard.systems.adventures_in_fantasy.hostility import (
    Hostility,
    Side,
    check_deployment,
    hostility,
    hostility_odds,
    roll_deployment,
)
from grognard.systems.adventures_in_fantasy.steps import Step, fraction_data
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.terrain import TacticalMap, tactical_map
from grognard.systems.adventures_in_fantasy.words import roll_told, told, word


def _steps(steps: Sequence[Step], title: str) -> None:
    grid = RichTable(title=escape(title), caption=_("line: the line of %(book)s") % {"book": RULEBOOK})
    for heading in (_("step"), _("dice"), _("row"), _("result")):
        grid.add_column(heading)
    grid.add_column(_("line"), no_wrap=True)
    for s in steps:
        dice = roll_told(s.roll) if s.roll else ""
        row = f"{s.table} {s.row.span()}" if s.table and s.row else s.table
        line = s.source.removeprefix(f"{RULEBOOK}:")
        grid.add_row(escape(told(s.label)), escape(dice), escape(row), escape(said(s.result)), escape(line))
    out.print(grid)


def _odds(value: Any) -> str:
    return f"{value} ({float(value):.2%})"


# --- encounter -------------------------------------------------------------------------------------


def _outdoor_data(e: OutdoorEncounter) -> dict[str, Any]:
    force = None
    if e.force is not None:
        force = {
            "number": e.force.number,
            "boats": e.force.boats,
            "troops": [
                {
                    "mounted": t.mounted,
                    "number": t.number,
                    "weapon": t.weapon,
                    "armour": t.armour,
                    "shield": t.shield,
                }
                for t in e.force.troops
            ],
        }
    civilians = None
    if e.civilians is not None:
        c = e.civilians
        civilians = {"kind": c.kind, "number": c.number, "guards": c.guards, "value_gp": c.value_gp}
    return {
        "where": "outdoors",
        "terrain": e.terrain,
        "met": e.met,
        "kind": e.kind,
        "alignment": e.alignment,
        "force": force,
        "civilians": civilians,
        "creature": e.creature,
        "night": e.night if e.met else None,
        "deployment": e.deployment,
        "steps": [s.to_data() for s in e.steps],
    }


def _troop(t: Any) -> str:
    """A troop in a few words (`forces.Troop.text`), in the reader's language."""
    kind = _("mounted") if t.mounted else _("foot")
    shield = _("shield") if t.shield else _("no shield")
    return _("%(number)s %(kind)s: %(weapon)s, %(armour)s, %(shield)s") % {
        "number": t.number,
        "kind": kind,
        "weapon": _(t.weapon),
        "armour": _(t.armour),
        "shield": shield,
    }


def _outdoor_summary(e: OutdoorEncounter) -> str:
    if not e.met:
        return _("Nothing is met today in the %(terrain)s.") % {"terrain": word("terrain", e.terrain)}
    kind = said(e.kind or "")
    what = kind
    if e.force is not None:
        troops = "; ".join(_troop(t) for t in e.force.troops)
        what = f"{kind}: {e.force.number} ({troops})" + (_(", in boats") if e.force.boats else "")
    elif e.civilians is not None:
        c = e.civilians
        what = _("%(kind)s: %(number)s, %(guards)s guards, %(value)s GP") % {
            "kind": said(c.kind),
            "number": c.number,
            "guards": c.guards,
            "value": c.value_gp,
        }
    elif e.creature is not None:
        what = f"{kind}: {_(e.creature)}"
    if e.alignment:
        what += _("; alignment %(alignment)s") % {"alignment": word("alignment", e.alignment)}
    if e.deployment:
        what += f"; {word('deployment', e.deployment.lower())}"
    when = word("aif", "at night") if e.night else word("aif", "by day")
    return f"{what}; {when}."


def _underworld_data(e: UnderworldEncounter) -> dict[str, Any]:
    return {
        "where": "underworld",
        "level": e.level,
        "occupied": e.occupied,
        "creature": e.creature,
        "multiplier": e.multiplier,
        "steps": [s.to_data() for s in e.steps],
    }


def encounter_command(
    terrain: Annotated[
        str | None,
        typer.Option(
            "--terrain", help=N_("desert, mountain, forest, clear, city, water, swamp, other, or underworld.")
        ),
    ] = None,
    level: Annotated[
        int | None,
        typer.Option(
            "--level", help=N_("Underworld level (1-6, or deeper): only with --terrain underworld or alone.")
        ),
    ] = None,
    alignment: Annotated[
        str | None, typer.Option("--alignment", help=N_("The area's alignment: law, neutral or chaos."))
    ] = None,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    underworld = (terrain or "").strip().lower() == "underworld"
    if level is not None and terrain is not None and not underworld:
        raise UsageError(
            _("--level is for the underworld: give --terrain underworld --level %(level)s, or drop --level")
            % {"level": level}
        )
    if alignment is not None and (underworld or level is not None):
        raise UsageError(_("--alignment is for outdoor encounters, not the underworld"))
    chosen = chosen_seed(seed)
    rng = table_dice(chosen, rolls)
    if level is not None or underworld:
        u = underworld_encounter(rng, 1 if level is None else level)
        spent = given_data(rng)
        if json_out:
            print_json(_underworld_data(u) | {"seed": chosen} | spent)
            return
        _steps(u.steps, _("Underworld, level %(level)s") % {"level": u.level})
        if u.occupied:
            times = (
                _(" (the basic number times %(times)s)") % {"times": u.multiplier} if u.multiplier > 1 else ""
            )
            out.print(
                _("Occupied: %(creature)s%(times)s.") % {"creature": _(str(u.creature)), "times": times},
                markup=False,
            )
        else:
            out.print(_("The room is empty."), markup=False)
        seed_line(chosen)
        return
    if terrain is None:
        raise UsageError(_("give --terrain (or --level for the underworld)"))
    e = outdoor_encounter(rng, terrain, alignment)
    spent = given_data(rng)
    if json_out:
        print_json(_outdoor_data(e) | {"seed": chosen} | spent)
        return
    _steps(e.steps, _("Outdoor encounter, %(terrain)s") % {"terrain": word("terrain", e.terrain)})
    out.print(_outdoor_summary(e), markup=False)
    seed_line(chosen)


# --- evasion ---------------------------------------------------------------------------------------


def _evasion_data(e: Evasion) -> dict[str, Any]:
    return {
        "search_size": e.search_size,
        "hidden_size": e.hidden_size,
        "chart": {"row": e.row, "column": e.column, "base": e.base},
        "modifiers": [
            {
                "name": m.name,
                "factor": str(m.factor),
                "before": str(m.before),
                "after": str(m.after),
                "source": m.source,
            }
            for m in e.modifiers
        ],
        "chance": str(e.chance),
        "found_probability": fraction_data(e.found_probability),
        "hidden_probability": fraction_data(e.hidden_probability),
        "found": e.found,
        "steps": [s.to_data() for s in e.steps],
    }


def evade_command(
    searchers: Annotated[
        int, typer.Option("--searchers", help=N_("Searchers on foot (men or hit dice)."))
    ] = 0,
    hidden: Annotated[int, typer.Option("--hidden", help=N_("Men (or hit dice) in the hiding party."))] = 0,
    terrain: Annotated[
        str, typer.Option("--terrain", help=N_("open, mountain, forest, swamp or city."))
    ] = "open",
    mounted: Annotated[
        bool, typer.Option("--mounted", help=N_("The searchers are mounted (each counts two)."))
    ] = False,
    airborne: Annotated[
        int, typer.Option("--airborne", help=N_("Airborne scouts searching (each counts 1000)."))
    ] = 0,
    hidden_mounted: Annotated[
        bool, typer.Option("--hidden-mounted", help=N_("Every hidden man rides (a horse with rider: 3)."))
    ] = False,
    horses: Annotated[
        int, typer.Option("--horses", help=N_("Other horses with the hidden party (3 each)."))
    ] = 0,
    wagons: Annotated[int, typer.Option("--wagons", help=N_("Wagons with the hidden party (15 each)."))] = 0,
    road: Annotated[bool, typer.Option("--road", help=N_("On a road: the chance x20."))] = False,
    guarded_crossing: Annotated[
        bool, typer.Option("--guarded-crossing", help=N_("Crossing a watched bridge or ford: always found."))
    ] = False,
    odds_only: Annotated[bool, typer.Option("--odds", help=N_("Show the odds without rolling."))] = False,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    search = Searchers(
        foot=0 if mounted else searchers, mounted=searchers if mounted else 0, airborne=airborne
    )
    party = Hidden(
        men=0 if hidden_mounted else hidden, horses=horses + (hidden if hidden_mounted else 0), wagons=wagons
    )
    chosen = chosen_seed(seed)
    dice = table_dice(chosen, rolls)
    if odds_only:
        e = evasion_odds(search, party, terrain, road, guarded_crossing)
    else:
        e = evade(dice, search, party, terrain, road, guarded_crossing)
    spent = given_data(dice)
    if json_out:
        print_json(_evasion_data(e) | ({} if odds_only else {"seed": chosen} | spent))
        return
    _steps(
        e.steps,
        _("Evasion: %(search)s searching for %(hidden)s")
        % {"search": e.search_size, "hidden": e.hidden_size},
    )
    out.print(
        _("Found: %(found)s; stays hidden: %(hidden)s")
        % {"found": _odds(e.found_probability), "hidden": _odds(e.hidden_probability)},
        markup=False,
    )
    if e.found is not None:
        out.print(
            _("The hidden party is FOUND.") if e.found else _("The hidden party stays hidden."), markup=False
        )
        seed_line(chosen)


# --- hostility -------------------------------------------------------------------------------------


def _hostility_data(h: Hostility) -> dict[str, Any]:
    def side(s: Any) -> dict[str, Any]:
        return {
            "alignment": s.side.alignment,
            "deployment": s.side.deployment,
            "magic_user": s.side.magic_user,
            "base": s.base,
            "modifier": s.modifier,
            "chance": s.chance,
            "probability": fraction_data(s.probability),
            "hostile": s.hostile,
        }

    return {
        "first": side(h.first),
        "second": side(h.second),
        "fight_probability": fraction_data(h.fight_probability),
        "fight": h.fight,
        "steps": [s.to_data() for s in h.steps],
    }


def hostility_command(
    force: Annotated[
        str, typer.Option("--force", help=N_("The first force's alignment: law, neutral, chaos."))
    ],
    other: Annotated[str, typer.Option("--other", help=N_("The other force's alignment."))],
    deployment: Annotated[
        str, typer.Option("--deployment", help=N_("The first force's deployment, or 'random'."))
    ] = "marching",
    other_deployment: Annotated[
        str, typer.Option("--other-deployment", help=N_("The other force's deployment, or 'random'."))
    ] = "marching",
    magic_users: Annotated[bool, typer.Option("--magic-users", help=N_("Both are magic-users."))] = False,
    odds_only: Annotated[bool, typer.Option("--odds", help=N_("Show the odds without rolling."))] = False,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    rng = table_dice(chosen, rolls)
    first_steps: list[Step] = []
    deployments: list[str] = []
    for value in (deployment, other_deployment):
        if value.strip().lower() == "random":
            step, rolled = roll_deployment(rng)
            first_steps.append(step)
            deployments.append(rolled)
        else:
            deployments.append(check_deployment(value))
    a = Side.of(force, deployments[0], magic_users)
    b = Side.of(other, deployments[1], magic_users)
    h = hostility_odds(a, b) if odds_only else hostility(rng, a, b)
    steps = (*first_steps, *h.steps)
    spent = given_data(rng)
    if json_out:
        data = _hostility_data(h) | {"steps": [s.to_data() for s in steps]}
        print_json(data | ({} if odds_only and not first_steps else {"seed": chosen} | spent))
        return
    _steps(
        steps,
        _("Hostility: %(a)s (%(a_deployment)s) meets %(b)s (%(b_deployment)s)")
        % {
            "a": word("alignment", a.alignment),
            "a_deployment": word("deployment", a.deployment),
            "b": word("alignment", b.alignment),
            "b_deployment": word("deployment", b.deployment),
        },
    )
    out.print(
        _("A fight: %(fight)s; no fight: %(peace)s")
        % {"fight": _odds(h.fight_probability), "peace": _odds(h.peace_probability)},
        markup=False,
    )
    if h.fight is not None:
        out.print(_("They FIGHT.") if h.fight else _("No fight: they may part."), markup=False)
    if h.fight is not None or first_steps:
        seed_line(chosen)


def arrivals_command(
    deployment: Annotated[str, typer.Option("--deployment", help=N_("The found force's deployment."))],
    men: Annotated[int, typer.Option("--men", help=N_("The size of the force."))],
    turns: Annotated[int, typer.Option("--turns", help=N_("Turns of a marching column to show."))] = 5,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = table_dice(chosen, rolls)
    result, steps = arrivals(dice, deployment, men, turns)
    spent = given_data(dice)
    if json_out:
        print_json(
            {
                "deployment": check_deployment(deployment),
                "men": men,
                "arrivals": [{"turn": a.turn, "men": a.men, "from": a.where} for a in result],
                "steps": [s.to_data() for s in steps],
                "seed": chosen,
            }
            | spent
        )
        return
    _steps(
        steps,
        _("Arrivals: %(men)s men, %(deployment)s")
        % {"men": men, "deployment": word("deployment", check_deployment(deployment))},
    )
    grid = RichTable(title=_("Arrivals"))
    for heading in (_("turn"), _("men"), _("from")):
        grid.add_column(heading)
    for a in result:
        grid.add_row(str(a.turn), str(a.men), escape(said(a.where)))
    out.print(grid)
    seed_line(chosen)


# --- terrain and foraging --------------------------------------------------------------------------


def _map_data(m: TacticalMap) -> dict[str, Any]:
    return {
        "area": m.area,
        "width": m.width,
        "height": m.height,
        "map": [[s.symbol for s in row] for row in m.rows()],
        "sections": [{"x": s.x, "y": s.y, "features": list(s.features)} for s in m.sections],
        "steps": [s.to_data() for s in m.steps],
    }


def terrain_command(
    area: Annotated[str, typer.Argument(help=N_("open, forest, swamp, coastal, desert, hilly or mountain."))],
    width: Annotated[int, typer.Option("--width", help=N_('Sections across (6" each).'))] = 6,
    height: Annotated[int, typer.Option("--height", help=N_("Sections down."))] = 6,
    show_rolls: Annotated[bool, typer.Option("--show-rolls", help=N_("List every section's rolls."))] = False,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = table_dice(chosen, rolls)
    m = tactical_map(dice, area, width, height)
    spent = given_data(dice)
    if json_out:
        print_json(_map_data(m) | {"seed": chosen} | spent)
        return
    if show_rolls:
        _steps(m.steps, _("Tactical terrain rolls, %(area)s") % {"area": word("terrain", m.area)})
    title = _('Tactical map, %(area)s (%(width)s x %(height)s sections of 6")') % {
        "area": word("terrain", m.area),
        "width": m.width,
        "height": m.height,
    }
    grid = RichTable(title=title, show_lines=True)
    for x in range(m.width):
        grid.add_column(str(x + 1), justify="center")
    for row in m.rows():
        grid.add_row(*(s.symbol for s in row))
    out.print(grid)
    out.print(_("F forest, H hill, S swamp, D dune, M mountain, . flat and clear"), markup=False)
    seed_line(chosen)


def forage_command(
    terrain: Annotated[
        str, typer.Option("--terrain", help=N_("open, forest, mountain, swamp, city or desert."))
    ],
    bonus: Annotated[
        int, typer.Option("--bonus", help=N_("Education modifier to the hunting chance (%)."))
    ] = 0,
    forester: Annotated[
        bool, typer.Option("--forester", help=N_("A Forester hunts: three times the rations."))
    ] = False,
    health: Annotated[
        int | None,
        typer.Option("--health", help=N_("The eater's Health, for food found in a city's garbage.")),
    ] = None,
    oasis: Annotated[bool, typer.Option("--oasis", help=N_("In the desert, at an oasis."))] = False,
    seed: SeedOption = None,
    rolls: RollsOpt = "",
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    rng = table_dice(chosen, rolls)
    animals = forage(rng, terrain, oasis)
    food = hunt(rng, terrain, bonus, forester, health, oasis)
    spent = given_data(rng)
    if json_out:
        print_json(
            {
                "terrain": animals.terrain,
                "animals": {
                    "possible": animals.possible,
                    "probability": fraction_data(animals.probability),
                    "fed": animals.fed,
                    "steps": [s.to_data() for s in animals.steps],
                },
                "hunting": {
                    "possible": food.possible,
                    "base": food.base,
                    "modifiers": [
                        {"name": m.name, "value": m.value, "source": m.source} for m in food.modifiers
                    ],
                    "chance": food.chance,
                    "probability": fraction_data(food.probability),
                    "found": food.found,
                    "rations": food.rations,
                    "steps": [s.to_data() for s in food.steps],
                },
                "seed": chosen,
            }
            | spent
        )
        return
    _steps(
        (*animals.steps, *food.steps),
        _("Foraging and hunting, %(terrain)s") % {"terrain": word("terrain", animals.terrain)},
    )
    out.print(
        _("Animals fed: %(fed)s (chance %(chance)s); rations found: %(rations)s (food found %(food)s)")
        % {
            "fed": word("aif", "yes") if animals.fed else word("aif", "no"),
            "chance": _odds(animals.probability),
            "rations": food.rations,
            "food": _odds(food.probability),
        },
        markup=False,
    )
    seed_line(chosen)


# --- calendar --------------------------------------------------------------------------------------

calendar_app = typer.Typer(
    name="calendar",
    help=N_("The campaign calendar: 13 months of 28 days and the Day of Tehuti; names and date arithmetic."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
"""The `grognard aif calendar` sub-commands."""
DateArg = Annotated[
    str, typer.Argument(help=N_("YEAR-MONTH-DAY (1-1-1, 3-basilisk-5), YEAR-tehuti, or start."))
]
"""A date argument of the calendar commands."""


def date_said(date: cal.Date) -> str:
    """A date written out (`DateNames.text`) in the reader's language, its names said by the catalogue."""
    names = cal.names(date)
    year = _("year %(year)s (%(cycle)s)") % {"year": date.year, "cycle": _(names.year)}
    if date.is_tehuti:
        return _("%(month)s, %(year)s") % {"month": _(names.month), "year": year}
    return _("%(day)s, %(week)s, %(date)s %(month)s, %(year)s") % {
        "day": _(names.day),
        "week": _(names.week),
        "date": date.day,
        "month": _(names.month),
        "year": year,
    }


def _print_date(date: cal.Date, json_out: bool, extra: dict[str, Any] | None = None) -> None:
    names = cal.names(date)
    if json_out:
        print_json(names.to_data() | (extra or {}))
        return
    out.print(date_said(date), markup=False)
    where = (
        ""
        if date.is_tehuti
        else _("week %(week)s, day %(day)s of the week; ") % {"week": date.week, "day": date.weekday}
    )
    out.print(
        _("  %(date)s: %(where)sday %(day)s of the year; %(season)s; Julian %(julian)s")
        % {
            "date": date.iso(),
            "where": where,
            "day": date.day_of_year,
            "season": _(names.season),
            "julian": names.julian,
        },
        markup=False,
    )


@calendar_app.command(
    "show", help=N_("A date's names: day, week, month, year of the cycle, season and the Julian day.")
)
def calendar_show(date: DateArg = "start", json_out: JsonOption = False) -> None:
    _print_date(cal.parse_date(date), json_out)


@calendar_app.command("add", help=N_("The date after adding years, then months, then weeks and days."))
def calendar_add(
    date: DateArg,
    days: Annotated[int, typer.Option("--days", help=N_("Days to add (negative: back)."))] = 0,
    weeks: Annotated[int, typer.Option("--weeks", help=N_("Weeks of seven days to add."))] = 0,
    months: Annotated[int, typer.Option("--months", help=N_("Months to add (same day of the month)."))] = 0,
    years: Annotated[int, typer.Option("--years", help=N_("Years to add."))] = 0,
    json_out: JsonOption = False,
) -> None:
    start = cal.parse_date(date)
    result = start.add_years(years).add_months(months) if months else start.add_years(years)
    result = result.add_days(weeks * cal.DAYS_IN_WEEK + days)
    if json_out:
        _print_date(result, True, {"from": start.iso(), "days_between": start.days_until(result)})
        return
    out.print(
        _("%(date)s + %(days)s days:") % {"date": date_said(start), "days": start.days_until(result)},
        markup=False,
    )
    _print_date(result, False)


@calendar_app.command("diff", help=N_("Days (and weeks and days) from the first date to the second."))
def calendar_diff(first: DateArg, second: DateArg, json_out: JsonOption = False) -> None:
    a, b = cal.parse_date(first), cal.parse_date(second)
    days = a.days_until(b)
    weeks, rest = divmod(abs(days), cal.DAYS_IN_WEEK)
    if json_out:
        print_json({"from": a.iso(), "to": b.iso(), "days": days, "weeks": weeks, "rest_days": rest})
        return
    out.print(f"{date_said(a)} -> {date_said(b)}", markup=False)
    out.print(
        _("  %(days)s days (%(sign)s%(weeks)s weeks and %(rest)s days)")
        % {"days": days, "sign": "-" if days < 0 else "", "weeks": weeks, "rest": rest},
        markup=False,
    )


def mount(app: typer.Typer) -> None:
    """Add the world commands to the `grognard aif` app."""
    app.command(
        "encounter",
        help=N_(
            "Roll a day's outdoor encounter by terrain, or an underworld room by level (`--terrain "
            "underworld\n--level L`), showing every roll."
        ),
    )(encounter_command)
    app.command(
        "evade",
        help=N_(
            "Chart G: does the search party find the hidden party? Shows the sizes, modifiers, odds and roll."
        ),
    )(evade_command)
    app.command(
        "hostility",
        help=N_(
            "The Basic Hostility Table: each side's chance with its deployment modifier, the odds and "
            "the rolls."
        ),
    )(hostility_command)
    app.command(
        "arrivals",
        help=N_(
            "When and where a found force arrives on the battle map, by its deployment (directions rolled)."
        ),
    )(arrivals_command)
    app.command(
        "terrain",
        help=N_(
            "Roll the tactical terrain of a battle map, section by section (F forest, H hill, S swamp ...)."
        ),
    )(terrain_command)
    app.command(
        "forage",
        help=N_("Forage for the animals and hunt for rations in one terrain, with the odds of each."),
    )(forage_command)
    app.add_typer(calendar_app, name="calendar")
