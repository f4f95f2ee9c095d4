"""`grognard aif character new`, `grognard aif influence` and `grognard aif check ...`.

Character generation shows every die it throws; the starting education is chosen with `--course`
(repeatable) or, without it, by numbered questions read from the terminal or from standard input (an
ended input chooses nothing more; a bad answer is asked again, and piped answers stop with one line
after three bad ones or at an input that ends after a bad one). `--json` never asks: its choices come
from the options only.
The lead mounts these into `cli/systems/aif.py` (see `mount`).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from grognard.cli.console import InputEnded, out, print_json, read_line
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_dice import (
    RollOption,
    RollsOpt,
    calculator_dice,
    chosen_seed,
    dice_data,
    given_data,
    given_if_any,
    said,
    seed_line,
    table_dice,
)
from grognard.engine.dice.core import Roll
from grognard.engine.errors import UsageError
from grognard.i18n import N_, ngettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy import checks
from grognard.systems.adventures_in_fantasy.character import Character
from grognard.systems.adventures_in_fantasy.chargen import (
    CourseChoice,
    Generation,
    Rolled,
    Step,
    course,
    finish,
    months_spent,
    open_courses,
    parse_course,
    plan_education,
    roll_character,
)
from grognard.systems.adventures_in_fantasy.words import roll_told, told, word

character_app = typer.Typer(
    name="character",
    help=N_("Adventures in Fantasy characters: generate one, every die shown."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

check_app = typer.Typer(
    name="check",
    help=N_("Characteristic checks: two d20 read 01-100, at or under the rating succeeds."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

DONE = "done"


def mount(app: typer.Typer) -> None:
    """Add `character`, `influence` and `check` to the `grognard aif` app."""
    app.add_typer(character_app, name="character")
    app.command(
        "influence",
        help=N_("Try to influence another character (Charisma, with optional status and reputation)."),
    )(influence_command)
    app.add_typer(check_app, name="check")


# ---------------------------------------------------------------------------------------------------
# JSON and rendering


def roll_data(roll: Roll) -> dict[str, Any]:
    """A roll as JSON data: expression, total, and each die with its face and value."""
    return {
        "expression": roll.expression,
        "total": roll.total,
        "detail": roll.detail,
        "dice": dice_data(roll),
    }


def step_data(step: Step) -> dict[str, Any]:
    """A generation step as JSON data."""
    return {
        "label": step.label,
        "result": step.result,
        "source": step.source,
        "rolls": [roll_data(r) for r in step.rolls],
    }


def _show_steps(steps: tuple[Step, ...]) -> None:
    grid = RichTable(title=_("How the character was made"))
    for heading in (_("step"), _("dice"), _("result"), _("source")):
        grid.add_column(heading)
    for step in steps:
        dice = "; ".join(roll_told(r) for r in step.rolls)
        grid.add_row(escape(said(step.label)), escape(dice), escape(said(step.result)), escape(step.source))
    out.print(grid)


def show_character(character: Character) -> None:
    """The character sheet, rendered with Rich."""
    title = character.name or _("Adventures in Fantasy character")
    grid = RichTable(title=escape(title), show_header=False)
    grid.add_column("what")
    grid.add_column("value")
    for name, value in character.characteristics.items():
        usable = character.effective(name)
        note = _(" (uses %(usable)s: untrained)") % {"usable": usable} if usable != value else ""
        grid.add_row(word("aif", name.capitalize()), f"{value}{note}")
    grid.add_row(_("Hit points"), str(character.hit_points))
    grid.add_row(_("Age"), str(character.age))
    standing = _("%(position)s (rank %(rank)s), status level %(status)s") % {
        "position": _(character.position),
        "rank": character.rank,
        "status": character.status_level,
    }
    grid.add_row(_("Standing"), escape(standing))
    income = (
        _("not printed")
        if character.rank_income_gp is None
        else _("%(gold)s GP") % {"gold": character.rank_income_gp}
    )
    grid.add_row(
        _("Income"),
        _("rank %(income)s; courses %(courses)s GP a year")
        % {"income": income, "courses": character.course_income_gp},
    )
    grid.add_row(_("Education"), escape(", ".join(_(c.label) for c in character.courses) or _("none")))
    if character.magic_years:
        years = character.magic_years
        grid.add_row(
            _("Magic"),
            ngettext("%(years)s year of apprenticeship", "%(years)s years of apprenticeship", years)
            % {"years": years},
        )
    grid.add_row(_("Funds"), _("%(gold)s GP") % {"gold": character.funds_gp})
    kit = ", ".join(f"{_(i.name)} ({i.weight_lb:g} lb)" for i in character.equipment)
    grid.add_row(_("Kit"), escape(kit or _("none")))
    out.print(grid)


# ---------------------------------------------------------------------------------------------------
# character new


BAD_ANSWERS = 3
"""Bad answers in a row that end a scripted (piped) choice; on a terminal the question is asked again."""


def ask(options: list[str], prompt: str, extra: tuple[str, ...] = ()) -> str:
    """One of the numbered `options` (or an `extra` word), asked again after a bad answer.

    Piped answers stop with one clear line after `BAD_ANSWERS` bad answers, or when the input ends
    right after a bad one; an input that ends after good answers raises `InputEnded` (nothing more).
    """
    for i, text in enumerate(options, 1):
        out.print(f"  [bold]{i}[/bold]. {escape(text)}")
    words = f" ({'/'.join(extra)})" if extra else ""
    wanted = _("a number from 1 to %(last)s") % {"last": len(options)}
    if extra:
        wanted = _("%(wanted)s or %(words)s") % {"wanted": wanted, "words": " / ".join(extra)}
    bad: list[str] = []
    while True:
        try:
            answer = read_line(f"{prompt} [1-{len(options)}]{words}: ")
        except InputEnded:
            if bad:
                raise UsageError(
                    _("answer %(answer)r is not %(wanted)s, and the input ended")
                    % {"answer": bad[-1], "wanted": wanted}
                ) from None
            raise
        if answer in extra:
            return answer
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        bad.append(answer)
        if not sys.stdin.isatty() and len(bad) >= BAD_ANSWERS:
            raise UsageError(
                _("%(count)s answers in a row (%(answers)s) are not %(wanted)s")
                % {"count": len(bad), "answers": ", ".join(map(repr, bad)), "wanted": wanted}
            )
        out.print("[red]" + escape(_("Please answer %(wanted)s.") % {"wanted": wanted}) + "[/red]")


def ask_side(rolled: Rolled) -> bool:
    civilian, fighter = rolled.position.name.split("/", 1)
    out.print(escape(_("Your rank is %(rank)s: civilian or soldier?") % {"rank": _(rolled.position.name)}))
    try:
        return ask([civilian, fighter], _("Side")) == fighter
    except InputEnded:
        return False


def ask_courses(rolled: Rolled, magic_years: int) -> list[CourseChoice]:
    chosen: list[CourseChoice] = []
    while True:
        done = plan_education(chosen, rolled.education_months, magic_years)
        left = rolled.education_months - months_spent(done, magic_years)
        offered = open_courses(done, left)
        if not offered:
            return chosen
        out.print(
            _("Starting education: %(left)s of %(months)s months left.")
            % {"left": left, "months": rolled.education_months}
        )
        labels = [
            _("%(course)s (%(months)s months)") % {"course": _(course(c).label), "months": course(c).months}
            for c in offered
        ]
        try:
            answer = ask(labels, _("Course"), extra=(DONE,))
        except InputEnded:
            return chosen
        if answer == DONE:
            return chosen
        chosen.append(offered[labels.index(answer)])


@character_app.command(
    "new",
    help=N_("Generate a character: characteristics, status, age, education, funds, kit and hit points."),
)
def new_command(
    seed: SeedOption = None,
    json_out: JsonOption = False,
    courses: Annotated[
        list[str] | None,
        typer.Option("--course", help=N_("A course of Table B by number or name (26:tailor); repeatable.")),
    ] = None,
    magic_years: Annotated[
        int, typer.Option("--magic-years", help=N_("Years of magic, each costing three of education."))
    ] = 0,
    soldier: Annotated[
        bool | None,
        typer.Option("--soldier/--civilian", help=N_("For a civilian/soldier rank (Guildsman/Fighter ...).")),
    ] = None,
    no_stamina: Annotated[
        bool, typer.Option("--no-stamina", help=N_("Leave out the optional Stamina characteristic."))
    ] = False,
    name: Annotated[str, typer.Option("--name", help=N_("The character's name."))] = "",
    rolls: RollsOpt = "",
) -> None:
    seed_used = chosen_seed(seed)
    rng = table_dice(seed_used, rolls)
    choices = [parse_course(c) for c in courses or []]
    rolled = roll_character(rng, stamina=not no_stamina)
    asking = not json_out
    if asking:
        _show_steps(rolled.steps)
    side = soldier
    if side is None:
        side = ask_side(rolled) if asking and rolled.position.paired else False
    if asking and courses is None:
        choices = ask_courses(rolled, magic_years)
    made: Generation = finish(rolled, rng, choices, magic_years=magic_years, soldier=side, name=name)
    spent = given_data(rng)
    if json_out:
        print_json(
            spent
            | {
                "seed": seed_used,
                "character": json.loads(made.character.to_json()),
                "steps": [step_data(s) for s in made.steps],
            }
        )
        return
    _show_steps(made.steps[len(rolled.steps) :])
    show_character(made.character)
    seed_line(seed_used)


# ---------------------------------------------------------------------------------------------------
# influence


def _pair(own: int | None, other: int | None, what: str) -> tuple[int, int] | None:
    if own is None and other is None:
        return None
    if own is None or other is None:
        raise UsageError(
            _("give both --%(what)s and --target-%(what)s (got %(own)r and %(other)r)")
            % {"what": what, "own": own, "other": other}
        )
    return own, other


def _percent(value: int, what: str) -> int:
    if not 0 <= value <= 100:
        raise UsageError(
            _("%(what)s %(value)s is not a rating from 0 to 100") % {"what": _(what), "value": value}
        )
    return value


def influence_command(
    charisma: Annotated[int, typer.Option("--charisma", help=N_("The Charisma of the one influencing."))],
    target_charisma: Annotated[
        int, typer.Option("--target-charisma", help=N_("The Charisma of the one influenced."))
    ],
    status: Annotated[
        int | None, typer.Option("--status", help=N_("Own Social Status (optional rule)."))
    ] = None,
    target_status: Annotated[
        int | None, typer.Option("--target-status", help=N_("The other's status."))
    ] = None,
    reputation: Annotated[int | None, typer.Option("--reputation", help=N_("Own reputation."))] = None,
    target_reputation: Annotated[
        int | None, typer.Option("--target-reputation", help=N_("The other's reputation."))
    ] = None,
    first_roll: Annotated[
        int | None, typer.Option("--first-roll", help=N_("The roll against Charisma, if made at the table."))
    ] = None,
    second_roll: Annotated[
        int | None, typer.Option("--second-roll", help=N_("The roll against the chance, if made."))
    ] = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    _percent(charisma, N_("charisma"))
    _percent(target_charisma, N_("target charisma"))
    status_pair = _pair(status, target_status, "status")
    reputation_pair = _pair(reputation, target_reputation, "reputation")
    seed_used = chosen_seed(seed)
    dice = calculator_dice(seed_used, rolls, first_roll, second_roll)
    result = checks.influence(
        dice,
        charisma,
        target_charisma,
        status=status_pair,
        reputation=reputation_pair,
        first_roll=first_roll,
        second_roll=second_roll,
    )
    odds = checks.influence_probability(charisma, target_charisma, status_pair, reputation_pair)
    if json_out:
        print_json(
            given_if_any(dice, rolls)
            | {
                "seed": seed_used,
                "charisma": charisma,
                "target_charisma": target_charisma,
                "first_roll": roll_data(result.first),
                "may_try": result.may_try,
                "base": result.base,
                "modifiers": [{"label": m.label, "value": m.value} for m in result.modifiers],
                "chance": result.chance,
                "second_roll": roll_data(result.second) if result.second else None,
                "success": result.success,
                "probability": float(odds),
                "source": "002_8449cbd1010a37a5.txt:125-158",
            }
        )
        return
    out.print(
        _("First roll %(roll)s against Charisma %(charisma)s")
        % {"roll": roll_told(result.first), "charisma": charisma},
        markup=False,
    )
    if not result.may_try:
        out.print(_("  over Charisma: may not try to influence"), markup=False)
    else:
        out.print(
            _("  base %(roll)s + %(charisma)s - %(target)s = %(base)s")
            % {
                "roll": result.first.total,
                "charisma": charisma,
                "target": target_charisma,
                "base": result.base,
            },
            markup=False,
        )
        for m in result.modifiers:
            out.print(f"  {told(m.label)}: {m.value:+d}", markup=False)
        if result.chance is None:
            out.print(_("  chance under 01: may not try to influence"), markup=False)
        elif result.second is not None:
            verdict = _("influenced") if result.success else _("not influenced")
            out.print(
                _("Chance %(chance)s%%: %(roll)s -> %(verdict)s")
                % {"chance": result.chance, "roll": roll_told(result.second), "verdict": verdict},
                markup=False,
            )
    before = _("before any roll: %(odds)s; seed %(seed)s") % {"odds": f"{float(odds):.2%}", "seed": seed_used}
    out.print(f"[dim]{before}[/dim]")


# ---------------------------------------------------------------------------------------------------
# check


EXTRA = (N_("weeks recovering"),)
"""The names of a check's further facts (`_report`'s `extra`), said in the reader's language."""


def _report(done: checks.Check, seed: int, json_out: bool, extra: dict[str, Any] | None = None) -> None:
    data: dict[str, Any] = {
        "seed": seed,
        "check": done.label,
        "target": done.target,
        "detail": done.detail,
        "roll": roll_data(done.roll),
        "success": done.success,
        "chance": float(done.chance),
        "source": done.source,
    } | (extra or {})
    if json_out:
        print_json(data)
        return
    verdict = _("success") if done.success else _("failure")
    out.print(
        _("%(check)s: %(detail)s: target %(target)s")
        % {"check": told(done.label), "detail": told(done.detail), "target": done.target},
        markup=False,
    )
    out.print(f"  {roll_told(done.roll)} -> {verdict}  ({done.source})", markup=False)
    for key, value in (extra or {}).items():
        if key != "given":
            out.print(f"  {_(key.replace('_', ' '))}: {value}", markup=False)
    out.print("[dim]" + _("seed %(seed)s") % {"seed": seed} + "[/dim]")


@check_app.command(
    "dexterity", help=N_("A feat of speed or precision: Dexterity less a point per two pounds carried.")
)
def dexterity_command(
    rating: Annotated[int, typer.Option("--rating", help=N_("The Dexterity rating."))],
    burden: Annotated[float, typer.Option("--burden", help=N_("Pounds carried while doing it."))] = 0,
    untrained: Annotated[
        bool, typer.Option("--untrained", help=N_("No physical training: 75% of the rating."))
    ] = False,
    roll: RollOption = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = calculator_dice(chosen, rolls, roll)
    done = checks.dexterity_check(
        dice, _percent(rating, N_("dexterity")), burden, trained=not untrained, given=roll
    )
    _report(done, chosen, json_out, given_if_any(dice, rolls))


@check_app.command("intelligence", help=N_("Solve a problem the referee poses."))
def intelligence_command(
    rating: Annotated[int, typer.Option("--rating", help=N_("The Intelligence rating."))],
    roll: RollOption = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = calculator_dice(chosen, rolls, roll)
    done = checks.intelligence_check(dice, _percent(rating, N_("intelligence")), roll)
    _report(done, chosen, json_out, given_if_any(dice, rolls))


@check_app.command(
    "health", help=N_("A week of complete rest (one hit point back), or recovery from poison or disease.")
)
def health_command(
    rating: Annotated[int, typer.Option("--rating", help=N_("The Health rating."))],
    poison: Annotated[
        bool, typer.Option("--poison", help=N_("Poison or disease (one roll) instead of a week's rest."))
    ] = False,
    roll: RollOption = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    health = _percent(rating, N_("health"))
    dice = calculator_dice(chosen, rolls, roll)
    if poison:
        recovery = checks.poison_or_disease(dice, health, roll)
        extra = {"weeks_recovering": recovery.weeks} | given_if_any(dice, rolls)
        _report(recovery.check, chosen, json_out, extra)
    else:
        _report(checks.recovery_week(dice, health, roll), chosen, json_out, given_if_any(dice, rolls))


@check_app.command(
    "death",
    help=N_(
        "The yearly roll on the Table of Death, with the Health save and old age's loss; "
        "`--rolls`: the\nTable of Death's reading, the save's, then the weeks of illness."
    ),
)
def death_command(
    age: Annotated[int, typer.Option("--age", help=N_("The character's age this year."))],
    health: Annotated[int, typer.Option("--health", help=N_("The Health rating."))],
    roll: RollOption = None,
    save: Annotated[int | None, typer.Option("--save", help=N_("The Health save, if rolled."))] = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    json_out: JsonOption = False,
) -> None:
    chosen = chosen_seed(seed)
    dice = calculator_dice(chosen, rolls, roll, save)
    year = checks.death_roll(dice, age, _percent(health, N_("health")), given=roll, given_save=save)
    data: dict[str, Any] = given_if_any(dice, rolls) | {
        "seed": chosen,
        "age": age,
        "death_chance": year.death_chance,
        "roll": roll_data(year.roll),
        "save": roll_data(year.save.roll) if year.save else None,
        "illness_weeks": year.illness.total if year.illness else None,
        "died": year.died,
        "aging_loss": year.aging_loss,
        "source": "002_8449cbd1010a37a5.txt:239-251",
    }
    if json_out:
        print_json(data)
        return
    out.print(
        _("Table of Death at %(age)s: %(chance)s%%: %(roll)s")
        % {"age": age, "chance": year.death_chance, "roll": roll_told(year.roll)},
        markup=False,
    )
    if year.save is None:
        out.print(_("  no risk of death this year"), markup=False)
    else:
        out.print(
            _("  save against Health %(health)s: %(roll)s")
            % {"health": health, "roll": roll_told(year.save.roll)},
            markup=False,
        )
        if year.illness is not None:
            out.print(_("  lives: ill for %(roll)s weeks") % {"roll": roll_told(year.illness)}, markup=False)
        else:
            out.print(_("  dies of natural causes"), markup=False)
    if year.aging_loss:
        out.print(
            _("  old age: -%(loss)s to every physical characteristic") % {"loss": year.aging_loss},
            markup=False,
        )
    out.print("[dim]" + _("seed %(seed)s") % {"seed": chosen} + "[/dim]")
