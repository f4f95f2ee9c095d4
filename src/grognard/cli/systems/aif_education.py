"""`grognard aif learn|study-break|restart|forgiveness|training|practice|buy|encumbrance|castle`.

Education and equipment at the table: the learning formula and its throw, breaks in study, broken
apprenticeships, weapon training and practice, availability rolls and special orders, movement under a
load, and what a castle costs. Every die is shown; `--json` prints every roll; `--seed` repeats them.
The lead mounts these into `cli/systems/aif.py` (see `mount`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from grognard.cli.console import documented, out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_character import roll_data
from grognard.cli.systems.aif_dice import RollOption, RollsOpt, calculator_dice, chosen_seed, given_if_any
from grognard.engine.errors import UsageError
from grognard.i18n import N_, NP_, ngettext, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import apprenticeship, castles, education, equipment
from grognard.systems.adventures_in_fantasy.chargen import parse_course
from grognard.systems.adventures_in_fantasy.words import roll_told, told

CourseOption = Annotated[str, typer.Option("--course", help=N_("A course of Table B by number or name."))]


def mount(app: typer.Typer) -> None:
    """Add the education and equipment commands to the `grognard aif` app."""
    for name, command in (
        ("learn", learn_command),
        ("study-break", study_break_command),
        ("restart", restart_command),
        ("forgiveness", forgiveness_command),
        ("training", training_command),
        ("practice", practice_command),
        ("buy", buy_command),
        ("encumbrance", encumbrance_command),
        ("castle", castle_command),
    ):
        app.command(name)(command)


def show(value: Fraction) -> str:
    """A fraction as a person reads it: 3, 2.25, 13.85 (two places when it does not end)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")
    exact = Fraction(text) == value
    return text if exact else f"{float(value):.2f}"


def exact(value: Fraction) -> dict[str, Any]:
    """A fraction in JSON: its exact text and its float."""
    return {"exact": str(value), "value": float(value)}


WORDS = (
    N_("allowed"),
    N_("penalised"),
    N_("apprenticeship broken"),
    N_("list price"),
    N_("special order"),
    N_("made by a master armourer"),
)
"""The rulings and prices' reasons the rules give in English (`education.study_break`, `equipment.price_for`),
said in the reader's language."""

UNITS = (NP_("aif unit", "days"), NP_("aif unit", "months"), NP_("aif unit", "hours"))
"""The units of a work's time (`castles.time_of`: day, month, hour), said with an amount."""


def _unit(unit: str) -> str:
    """A unit of time in the plural ("days"), in the reader's language."""
    plural = f"{unit}s"
    return pgettext("aif unit", plural)


def _months(text: str, what: str = N_("months")) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UsageError(
            _("%(what)s %(text)r is not a number of months (12, 4.5, 9/2)") % {"what": _(what), "text": text}
        ) from None
    if value < 0:
        raise UsageError(_("%(what)s %(text)r cannot be negative") % {"what": _(what), "text": text})
    return value


def _dim(text: str) -> None:
    out.print(f"[dim]{escape(text)}[/dim]")


# ---------------------------------------------------------------------------------------------------
# Education


@documented(N_("The Basic Learning Formula: the chance to fail a course, and a throw to master it."))
def learn_command(
    course: CourseOption,
    intelligence: Annotated[int, typer.Option("--intelligence", help=N_("The student's Intelligence (P)."))],
    months: Annotated[str, typer.Option("--months", help=N_("Months actually spent studying (A)."))],
    attempt: Annotated[
        int | None, typer.Option("--attempt", help=N_("Throw this attempt (1-3); without it, only the odds."))
    ] = None,
    repeat: Annotated[
        bool,
        typer.Option("--repeat", help=N_("The second time through: half the time, any waiting penalty.")),
    ] = False,
    forester: Annotated[
        bool,
        typer.Option("--forester", help=N_("A Forester/Huntsman: bow, spear and dagger in half the time.")),
    ] = False,
    leaving: Annotated[
        bool, typer.Option("--leaving", help=N_("The throw of an apprentice who leaves early (no timing)."))
    ] = False,
    second_engineer: Annotated[
        bool,
        typer.Option(
            "--second-engineer", help=N_("Course 20 with the other engineer class mastered: 75% time.")
        ),
    ] = False,
    roll: RollOption = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    choice = parse_course(course)
    odds = education.learning_odds(
        choice,
        intelligence,
        _months(months),
        repeat=repeat,
        forester=forester,
        second_engineer=second_engineer,
    )
    wait = education.waiting(
        education.required_months(choice, forester=forester, second_engineer=second_engineer)
    )
    chosen = chosen_seed(seed)
    thrown = None
    dice = calculator_dice(chosen, rolls, roll)
    if attempt is not None or leaving:
        thrown = education.attempt(dice, odds, attempt or 1, given=roll, leaving=leaving)
    data: dict[str, Any] = given_if_any(dice, rolls) | {
        "seed": chosen,
        "course": odds.course.label,
        "apprenticeship": odds.course.apprenticeship,
        "required_months": exact(odds.required),
        "months": exact(odds.months),
        "complexity": odds.course.complexity,
        "intelligence": intelligence,
        "penalty": exact(odds.penalty),
        "formula": exact(odds.formula),
        "failure_percent": odds.failure,
        "success_chance": exact(odds.success_chance),
        "waiting_after_three_failures": {
            "months": exact(wait.months),
            "years": exact(wait.years),
            "penalty_instead": wait.barred,
        },
        "attempt": None,
        "source": odds.source,
    }
    if thrown is not None:
        data["attempt"] = {
            "number": thrown.number,
            "leaving": leaving,
            "roll": roll_data(thrown.roll),
            "success": thrown.success,
            "waiting_begins": thrown.last,
        }
    if json_out:
        print_json(data)
        return
    out.print(
        _("%(course)s (Table B, %(source)s)")
        % {"course": _(odds.course.label), "source": odds.course.source},
        markup=False,
    )
    out.print(f"  {_(odds.detail())}", markup=False)
    out.print(
        _("  chance to master with one throw: %(chance)s%%") % {"chance": show(odds.success_chance * 100)},
        markup=False,
    )
    if thrown is not None:
        verdict = _("mastered") if thrown.success else _("not mastered")
        label = (
            _("leaving the apprenticeship")
            if leaving
            else _("attempt %(number)s") % {"number": thrown.number}
        )
        out.print(
            _("%(label)s: %(roll)s against %(failure)s -> %(verdict)s")
            % {"label": label, "roll": roll_told(thrown.roll), "failure": odds.failure, "verdict": verdict},
            markup=False,
        )
        if thrown.last:
            out.print(_wait_text(wait), markup=False)
    if thrown is not None:
        _dim(_("seed %(seed)s") % {"seed": chosen})


def _wait_text(wait: education.Waiting) -> str:
    if wait.barred:
        return _(
            "  three failures: the wait, %(years)s years, is over ten; it is added to the failure "
            "chance of every later throw (take the course again with --repeat)"
        ) % {"years": show(wait.years)}
    return _("  three failures: wait %(months)s months before trying the course again") % {
        "months": show(wait.months)
    }


@documented(N_("A break in study: allowed, or half the time lost and a fine, or an apprenticeship broken."))
def study_break_command(
    course: CourseOption,
    months: Annotated[str, typer.Option("--months", help=N_("Months of study accumulated so far."))],
    longest_weeks: Annotated[int, typer.Option("--longest-weeks", help=N_("The longest break, in weeks."))],
    year_weeks: Annotated[
        int | None,
        typer.Option("--year-weeks", help=N_("All breaks this year, in weeks (default: the longest).")),
    ] = None,
    outside_activity: Annotated[
        bool,
        typer.Option(
            "--outside-activity", help=N_("An apprentice's own adventuring or leaving, not injury.")
        ),
    ] = False,
    json_out: JsonOption = False,
) -> None:
    choice = parse_course(course)
    ruling = education.study_break(
        choice,
        _months(months),
        longest_weeks,
        longest_weeks if year_weeks is None else year_weeks,
        outside_activity=outside_activity,
    )
    info = education.facts(choice)
    if json_out:
        print_json(
            {
                "course": info.label,
                "outcome": ruling.outcome,
                "accumulated_months": exact(ruling.accumulated),
                "lost_months": exact(ruling.lost),
                "kept_months": exact(ruling.kept),
                "fine_gp": ruling.fine_gp,
                "source": ruling.source,
            }
        )
        return
    out.print(f"{_(info.label)}: {_(ruling.outcome)}  ({ruling.source})", markup=False)
    if ruling.outcome == "penalised":
        out.print(
            _("  loses %(lost)s of %(months)s months; fine %(fine)s GP, paid before study resumes")
            % {"lost": show(ruling.lost), "months": show(ruling.accumulated), "fine": ruling.fine_gp},
            markup=False,
        )
    elif ruling.outcome == "apprenticeship broken":
        out.print(
            _("  rank falls one class; blackballed until resolved (see restart, forgiveness)"), markup=False
        )


@documented(N_("Return to a broken apprenticeship from day one: is the knowledge kept?"))
def restart_command(
    studied: Annotated[int, typer.Option("--studied", help=N_("Months studied before leaving."))],
    away: Annotated[int, typer.Option("--away", help=N_("Months away before returning."))],
    json_out: JsonOption = False,
) -> None:
    back = apprenticeship.restart(studied, away)
    if json_out:
        print_json(
            {
                "studied": back.studied,
                "away": back.away,
                "knowledge_retained": back.retained,
                "knowledge_months": back.knowledge_months,
                "guild_months": 0,
                "pay_share": exact(back.pay_share),
                "source": back.source,
            }
        )
        return
    kept = _("kept") if back.retained else _("lost")
    out.print(
        _(
            "Back from day one by the guild's reckoning; knowledge %(kept)s (%(months)s months "
            "count as study); half pay  (%(source)s)"
        )
        % {"kept": kept, "months": back.knowledge_months, "source": back.source},
        markup=False,
    )


@documented(
    N_("Buy the master's forgiveness for a broken apprenticeship: the cost, and the throw to redeem rank.")
)
def forgiveness_command(
    course: CourseOption,
    status: Annotated[int, typer.Option("--status", help=N_("The status level when forgiveness is bought."))],
    roll: RollOption = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    choice = parse_course(course)
    chosen = chosen_seed(seed)
    dice = calculator_dice(chosen, rolls, roll)
    bought = apprenticeship.forgiveness(dice, choice, status, given=roll)
    spent = given_if_any(dice, rolls)
    info = bought.course
    if json_out:
        print_json(
            spent
            | {
                "seed": chosen,
                "course": info.label,
                "months": info.months,
                "income_gp": info.income_gp,
                "cost_gp": exact(bought.cost_gp),
                "redeem_percent": bought.chance,
                "redeem_chance": exact(bought.redeem_chance),
                "roll": roll_data(bought.roll),
                "redeemed": bought.redeemed,
                "source": bought.source,
            }
        )
        return
    out.print(
        _("%(course)s: %(months)s x %(income)s x 2 = %(cost)s GP; never this course again")
        % {
            "course": _(info.label),
            "months": info.months,
            "income": show(Fraction(info.income_gp, 10)),
            "cost": show(bought.cost_gp),
        },
        markup=False,
    )
    verdict = _("rank redeemed") if bought.redeemed else _("rank stays lost")
    out.print(
        _("  redeem on %(chance)s%%: %(roll)s -> %(verdict)s")
        % {"chance": bought.chance, "roll": roll_told(bought.roll), "verdict": verdict},
        markup=False,
    )
    _dim(_("seed %(seed)s") % {"seed": chosen})


@documented(
    N_("Weapon training: the base chance at 1/3 untrained, 2/3 from half the course, in full once mastered.")
)
def training_command(
    weapon: Annotated[str, typer.Option("--weapon", help=N_("The weapon (sword, long bow, flail ...)."))],
    base: Annotated[int, typer.Option("--base", help=N_("The normal base chance to hit."))],
    months: Annotated[str, typer.Option("--months", help=N_("Months of the weapon's course done."))] = "0",
    mastered: Annotated[bool, typer.Option("--mastered", help=N_("The course is mastered."))] = False,
    forester: Annotated[
        bool, typer.Option("--forester", help=N_("A Forester: bow, spear, dagger in half."))
    ] = False,
    json_out: JsonOption = False,
) -> None:
    number = education.weapon_course(weapon)
    required = education.required_months(parse_course(str(number)), forester=forester)
    share = education.training_share(required, _months(months), mastered)
    chance = education.trained_base(base, share)
    if json_out:
        print_json(
            {
                "weapon": weapon,
                "course": number,
                "required_months": exact(required),
                "share": exact(share),
                "base": base,
                "trained_base": chance,
                "source": "002_8449cbd1010a37a5.txt:410-422",
            }
        )
        return
    out.print(
        _("%(weapon)s: course %(course)s, %(months)s months; share %(share)s of %(base)s = %(chance)s")
        % {
            "weapon": _(weapon),
            "course": number,
            "months": show(required),
            "share": share,
            "base": base,
            "chance": chance,
        },
        markup=False,
    )


@documented(N_("Neglected practice: 10% of the skill lost each month, month by month."))
def practice_command(
    value: Annotated[int, typer.Option("--value", help=N_("The base chance to hit now."))],
    months: Annotated[int, typer.Option("--months", help=N_("Months without 12 hours of practice."))],
    json_out: JsonOption = False,
) -> None:
    values = education.deterioration(value, months)
    if json_out:
        print_json(
            {"values": list(values), "final": values[-1], "source": "002_8449cbd1010a37a5.txt:414-415"}
        )
        return
    out.print(" -> ".join(map(str, values)), markup=False)


# ---------------------------------------------------------------------------------------------------
# Equipment


@documented(
    N_("Look for an item: monthly availability rolls by class; or a special order; or an armourer's price.")
)
def buy_command(
    name: Annotated[str | None, typer.Argument(help=N_("An item of the price list (Table C)."))] = None,
    availability: Annotated[
        str | None,
        typer.Option("--class", help=N_("Availability class (Yes, II, III, IV); else the item's.")),
    ] = None,
    months: Annotated[int, typer.Option("--months", help=N_("Monthly tries to make, at most."))] = 1,
    special: Annotated[bool, typer.Option("--special", help=N_("Order it from the maker instead."))] = False,
    in_hand: Annotated[int, typer.Option("--orders-in-hand", help=N_("Special orders the maker has."))] = 0,
    armorer: Annotated[
        bool, typer.Option("--armorer", help=N_("A master armourer makes it himself."))
    ] = False,
    roll: Annotated[
        list[int] | None, typer.Option("--roll", help=N_("A monthly roll made at the table."))
    ] = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    if name is None and availability is None:
        raise UsageError(_("name an item of the price list, or give --class"))
    row = equipment.item(name) if name else None
    cls = availability or str(row.get("availability") if row else "")
    price = equipment.price_for(row.key, armorer=armorer, special=special) if row else None
    data: dict[str, Any] = {"item": row.key if row else None, "class": cls}
    if price:
        data["price"] = {
            "list_gp": exact(price.list_gp),
            "cost_gp": exact(price.cost_gp),
            "why": price.reason,
        }
    chosen = chosen_seed(seed)
    if special or armorer:
        if row is None:
            raise UsageError(_("a special order or an armourer's work needs an item"))
        if special:
            order = equipment.special_order(row.key, in_hand)
            data["order"] = {"weeks": order.weeks, "queued": order.queued, "source": order.source}
    else:
        dice = calculator_dice(chosen, rolls, roll)
        search = equipment.seek(dice, cls, months, tuple(roll or ()))
        data |= given_if_any(dice, rolls) | {
            "seed": chosen,
            "chance": exact(search.chance),
            "within_months": exact(equipment.stocked_within(cls, months)),
            "rolls": [roll_data(r) for r in search.rolls],
            "found_month": search.found_month,
            "source": search.source,
        }
    if json_out:
        print_json(data)
        return
    _show_buy(data, price)


def _show_buy(data: dict[str, Any], price: equipment.Price | None) -> None:
    what = _(data["item"]) if data["item"] else _("an item of class %(class)s") % {"class": data["class"]}
    if price:
        out.print(
            _("%(what)s: %(cost)s GP (%(why)s; list %(list)s)")
            % {
                "what": what,
                "cost": show(price.cost_gp),
                "why": _(price.reason),
                "list": show(price.list_gp),
            },
            markup=False,
        )
    if "order" in data:
        order = data["order"]
        queued = order["queued"]
        wait = (
            ngettext("; %(queued)s order ahead of it", "; %(queued)s orders ahead of it", queued)
            % {"queued": queued}
            if queued
            else ""
        )
        out.print(
            _("  special order: paid in advance, %(weeks)s weeks' work%(wait)s")
            % {"weeks": order["weeks"], "wait": wait},
            markup=False,
        )
        return
    if "rolls" not in data:
        return
    chance = Fraction(data["chance"]["exact"])
    out.print(
        _("  class %(class)s: %(chance)s%% a month") % {"class": data["class"], "chance": show(chance * 100)},
        markup=False,
    )
    for month, roll in enumerate(data["rolls"], 1):
        out.print(_("  month %(month)s: %(total)s") % {"month": month, "total": roll["total"]}, markup=False)
    found = data["found_month"]
    stock = _("in stock in month %(month)s") % {"month": found} if found else _("not found")
    out.print(f"  {stock}", markup=False)
    _dim(_("seed %(seed)s") % {"seed": data["seed"]})


@documented(N_("Table E: tactical movement in inches under a load, with the dexterity modifier."))
def encumbrance_command(
    load: Annotated[float, typer.Option("--load", help=N_("Pounds carried, armour and weapons included."))],
    strength: Annotated[int | None, typer.Option("--strength", help=N_("The Strength number."))] = None,
    dexterity: Annotated[int, typer.Option("--dexterity", help=N_("The Dexterity number."))] = 50,
    animal: Annotated[
        bool, typer.Option("--animal", help=N_("A horse or mule (rider and saddle in the load)."))
    ] = False,
    json_out: JsonOption = False,
) -> None:
    if animal:
        move = equipment.animal_movement(load)
    elif strength is None:
        raise UsageError(_("give --strength (or --animal for a horse or mule)"))
    else:
        move = equipment.movement(load, strength, dexterity)
    if json_out:
        print_json(
            {
                "load_lb": exact(move.load_lb),
                "row": move.row,
                "column": move.column,
                "speed": exact(move.speed) if move.speed is not None else None,
                "dexterity_modifier": exact(move.dexterity_modifier),
                "inches": exact(move.inches),
                "source": move.source,
            }
        )
        return
    speed = _("cannot move") if move.speed is None else _("%(speed)s in") % {"speed": show(move.speed)}
    modifier = (
        _(", dexterity %(modifier)s") % {"modifier": show(move.dexterity_modifier)}
        if move.dexterity_modifier
        else ""
    )
    out.print(
        _("%(row)s / %(column)s: %(speed)s%(modifier)s -> %(inches)s inches  (%(source)s)")
        % {
            "row": move.row,
            "column": _(str(move.column)),
            "speed": speed,
            "modifier": modifier,
            "inches": show(move.inches),
            "source": move.source,
        }
    )


@documented(N_("What a castle or a work costs and how long it takes, with terrain and labour."))
def castle_command(
    what: Annotated[str, typer.Argument(help=N_("A castle type (I-IV) or a work (gate tower, tunnel ...)."))],
    terrain: Annotated[
        str, typer.Option("--terrain", help=N_("clear, woods, swamp or mountains."))
    ] = "clear",
    labour: Annotated[str, typer.Option("--labour", help=N_("hired or slave."))] = "hired",
    wall: Annotated[
        int | None, typer.Option("--wall", help=N_("Feet of curtain wall (within the type)."))
    ] = None,
    count: Annotated[int, typer.Option("--count", help=N_("How many of a work."))] = 1,
    wizard: Annotated[
        bool, typer.Option("--wizard", help=N_("A round tower built for a wizard: 50% more money."))
    ] = False,
    json_out: JsonOption = False,
) -> None:
    key = what.strip().upper().removeprefix("TYPE").strip()
    if key in {"I", "II", "III", "IV"}:
        build = castles.castle(key, terrain, labour, wall)
    else:
        build = castles.work(what, count, terrain, labour)
    if wizard:
        build = castles.wizard_tower(build)
    time = build.time()
    if json_out:
        print_json(
            {
                "build": build.name,
                "parts": [
                    {
                        "work": p.work,
                        "count": p.count,
                        "cost_gp": p.cost_gp,
                        "time": f"{p.amount} {p.unit}",
                        "source": p.source,
                    }
                    for p in build.parts
                ],
                "base_cost_gp": build.base_cost_gp,
                "cost_factor": exact(build.factors.cost),
                "time_factor": exact(build.factors.time),
                "cost_gp": exact(build.cost_gp),
                "time": time,
                "notes": list(build.factors.notes),
                "source": build.source,
            }
        )
        return
    grid = RichTable(title=escape(told(build.name)), caption=escape(build.source))
    for heading in (_("work"), _("count"), _("cost each"), _("time each"), _("source")):
        grid.add_column(heading)
    for p in build.parts:
        grid.add_row(
            escape(_(p.work)),
            str(p.count),
            _("%(gold)s GP") % {"gold": p.cost_gp},
            f"{p.amount} {_unit(p.unit)}" if p.unit else _("per day"),
            escape(p.source),
        )
    out.print(grid)
    times = ", ".join(f"{n} {_unit(unit)}" for unit, n in time.items()) or _("as hired")
    out.print(
        _("cost %(base)s x %(factor)s = %(cost)s GP; time %(times)s (x %(time)s, one work after another)")
        % {
            "base": build.base_cost_gp,
            "factor": show(build.factors.cost),
            "cost": show(build.cost_gp),
            "times": times,
            "time": show(build.factors.time),
        },
        markup=False,
    )
    for note in build.factors.notes:
        out.print(f"  {_(note)}", markup=False)
