"""`grognard grey-star` (alias `gs`): play, check and import Grey Star gamebooks, read the Combat Results
Table and the exact odds of a fight (thin: the rules and odds live in the system, the play loop in
`cli.gamebook`)."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.status import Status
from rich.table import Table

from grognard.cli.board_gamebook import presenter_with
from grognard.cli.book_files import BOOK_HELP
from grognard.cli.console import err, help_with, out, print_json, read_line
from grognard.cli.frontends import Frontend, MenuEntry, register
from grognard.cli.gamebook import (
    add_gamebook_commands,
    book_entries,
    play_book,
    resume_book,
    worth_options,
)
from grognard.cli.options import GameOption, JsonOption, SeedOption
from grognard.cli.solve import add_solve_command
from grognard.engine.errors import OddsError, UsageError
from grognard.engine.files import read_text
from grognard.engine.game import OptionValue
from grognard.engine.odds.solver import DEFAULT_BUDGET, MAX_BUDGET
from grognard.gamebook.check import check_book
from grognard.gamebook.load import dump_book
from grognard.gamebook.model import Book
from grognard.gamebook.overlay import Overlay, load_overlay
from grognard.gamebook.projectaon import OtherSeriesError, import_projectaon
from grognard.gamebook.projectaon_rules import Reading
from grognard.i18n import N_, decimal, gettext, number
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.advice import ADVICE_BUDGET
from grognard.systems.grey_star.books import BOOKS
from grognard.systems.grey_star.chart import SHORTFALL_CHOICES
from grognard.systems.grey_star.combat import MAX_SCORE, TABLES, CombatState
from grognard.systems.grey_star.fight_solve import Progress
from grognard.systems.grey_star.odds import CombatAdvice, advise, clearly_too_large
from grognard.systems.grey_star.ruleset import GS_RULES, carried_over
from grognard.systems.grey_star.solve_view import GreyStarSheetView
from grognard.systems.grey_star.system import SYSTEM

app = typer.Typer(
    help=N_(
        "Lone Wolf: Grey Star the Wizard: play, check and import gamebooks; the Combat Results Table and "
        "the odds of a fight."
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
)

add_gamebook_commands(app, GS_RULES, SYSTEM.id, "grey-star", BOOKS.path, play=False)
add_solve_command(app, GS_RULES, BOOKS.path, GreyStarSheetView())


@app.callback()
def grey_star() -> None:
    """Grey Star the Wizard gamebooks (001_2055bbb054c2d265.txt): the Action Chart, WILLPOWER and the odds."""


def _choice_option(
    name: str, value: str | None, choices: tuple[str, ...], options: dict[str, OptionValue]
) -> None:
    if value is not None:
        if value not in choices:
            raise UsageError(
                gettext("%(option)s %(value)s is not one of %(choices)s")
                % {"option": f"--{name}", "value": repr(value), "choices": list(choices)}
            )
        options[name] = value


@app.command(
    "play",
    help=N_(
        'Play a gamebook ("sample" for the one shipped), with the odds of every fight.\n\ns shows '
        "the Action Chart, u undoes, q stops; the game is saved after every move."
    ),
)
def play(
    book: Annotated[str, typer.Argument(help=BOOK_HELP)],
    seed: SeedOption = None,
    game: GameOption = None,
    table: Annotated[
        str | None, typer.Option("--table", help=N_("Random numbers: uniform (default) or book."))
    ] = None,
    shortfall: Annotated[
        str | None,
        typer.Option(
            "--shortfall", help=N_("WILLPOWER spent past 0: negative (default) or endurance (2 a point).")
        ),
    ] = None,
    willpower_worth: Annotated[
        float | None,
        typer.Option(
            "--willpower-worth", help=N_("Worth of a point of WILLPOWER kept after a fight (default 0.005).")
        ),
    ] = None,
    endurance_worth: Annotated[
        float | None,
        typer.Option(
            "--endurance-worth", help=N_("Worth of a point of ENDURANCE kept after a fight (default 0.002).")
        ),
    ] = None,
    dagger_with_staff: Annotated[
        bool | None,
        typer.Option(
            "--dagger-with-staff/--no-dagger-with-staff",
            help=N_("The Jewelled Dagger's +1 COMBAT SKILL counts when fighting with the Staff too."),
        ),
    ] = None,
    advice_budget: Annotated[
        int | None,
        typer.Option(
            "--advice-budget",
            help=help_with(
                N_(
                    "Most positions a fight's odds may explore (default %(budget)s); for this session "
                    "only, so it may be given with --game."
                ),
                budget=f"{ADVICE_BUDGET:,}",
            ),
        ),
    ] = None,
) -> None:
    if game is not None and seed is not None:
        raise UsageError(gettext("--seed: a saved game keeps the seed it was started with"))
    options: dict[str, OptionValue] = {}
    _choice_option("table", table, tuple(TABLES), options)
    _choice_option("shortfall", shortfall, tuple(SHORTFALL_CHOICES), options)
    options.update(worth_options(willpower_worth=willpower_worth, endurance_worth=endurance_worth))
    if dagger_with_staff is not None:
        options["dagger_with_staff"] = dagger_with_staff
    budget = None if advice_budget is None else _budget(advice_budget, "--advice-budget")
    GS_RULES.show_progress(_working, budget)
    try:
        play_book(GS_RULES, SYSTEM.id, "grey-star", book, BOOKS.path(book), seed, game, options)
    finally:
        GS_RULES.show_progress(None)


def _budget(value: int, flag: str) -> int:
    if not 1 <= value <= MAX_BUDGET:
        raise UsageError(
            gettext("%(option)s %(value)s must be from 1 to %(most)s")
            % {"option": flag, "value": value, "most": number(MAX_BUDGET)}
        )
    return value


def _score(value: int, flag: str, low: int) -> int:
    if not low <= value <= MAX_SCORE:
        raise UsageError(
            gettext("%(option)s %(value)s must be from %(low)s to %(most)s")
            % {"option": flag, "value": value, "low": low, "most": MAX_SCORE}
        )
    return value


@contextmanager
def _working() -> Iterator[Progress]:
    """A status line on standard error (a terminal only) while a fight's odds are worked out."""
    status: Status | None = None

    def progress(positions: int) -> None:
        nonlocal status
        text = f"Working out the exact odds of this fight: {positions:,} positions so far..."
        if status is None:
            status = err.status(text)
            status.start()
        else:
            status.update(text)

    try:
        yield progress
    finally:
        if status is not None:
            status.stop()


OTHER_SERIES_HINT = N_(
    "for its fights, `grognard gs crt --ratio R --random N` reads the Combat Results Table and "
    "`grognard gs odds --no-staff --combat-skill CS --endurance EP --enemy CS/EP` works out a fight's "
    "exact odds on it"
)
"""What a reader of a Project Aon book of another series can still use here."""


@app.command(
    "import",
    help=N_(
        "Import a Project Aon Grey Star book (XML) into a book file that `play` reads: the rules "
        "its text\ngives (Powers, items, scores and Nobles tested; random numbers; evasion; combat "
        "modifiers; ENDURANCE,\nWILLPOWER, Nobles and items gained or lost) are read, the rules "
        "grognard ships for the book and your\noverlay (`--rules`) laid on them. A book of another "
        "series (Lone Wolf, Freeway Warrior, the\nMagnamund Companion) is refused, saying which it "
        "is and what grognard offers for its fights."
    ),
)
def import_book(
    book: Annotated[Path, typer.Argument(help=N_("The Project Aon XML file."))],
    output: Annotated[Path, typer.Option("-o", "--output", help=N_("The book file (TOML) to write."))],
    rules: Annotated[
        Path | None, typer.Option("--rules", help=N_("The rules overlay (TOML) for the book."))
    ] = None,
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite the output file."))] = False,
    report_rules: Annotated[
        bool,
        typer.Option(
            "--report", help=N_("List every rule read from the text and every rule-like sentence not read.")
        ),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option("--plain", help=N_("Read no rules from the text and ship no overlay: choices only.")),
    ] = False,
) -> None:
    if output.exists() and not force:
        raise UsageError(gettext("%(file)s exists; add --force to overwrite it") % {"file": output})
    try:
        report = import_projectaon(
            book, rules, SYSTEM.id, "gs", read_prose=not plain, shipped=None if plain else shipped_overlays()
        )
    except OtherSeriesError as e:
        raise UsageError(
            gettext("%(reason)s; %(hint)s") % {"reason": e, "hint": gettext(OTHER_SERIES_HINT)}
        ) from None
    for warning in report.warnings:
        err.print(
            gettext("%(path)s: warning: %(warning)s") % {"path": book, "warning": warning},
            markup=False,
            soft_wrap=True,
        )
    if report_rules and report.reading is not None:
        _print_reading(report.reading, report.book)
    output.write_text(dump_book(report.book), encoding="utf-8")
    problems = check_book(report.book, GS_RULES)
    out.print(f"{output}: {len(report.book.sections)} sections written", markup=False)
    if problems:
        out.print(
            f"{len(problems)} problem(s) for the overlay to fix; see: grognard grey-star check {output}",
            markup=False,
        )


SHIPPED = Path(__file__).parents[2] / "systems" / "grey_star" / "data" / "projectaon"
"""The rules overlays grognard ships for the Project Aon books (what their text says but the importer
cannot read), and `index.toml`, naming each book's by its title."""


INDEX_CAP = 64 * 1024
"""The most the shipped overlays' index may hold, in bytes."""


def shipped_overlays(folder: Path = SHIPPED) -> dict[str, Overlay]:
    """The shipped overlays by the title of their book."""
    index = folder / "index.toml"
    if not index.exists():
        return {}
    names = tomllib.loads(read_text(index, INDEX_CAP, "overlay index"))
    return {str(title): load_overlay(folder / str(name)) for title, name in names.items()}


def _given(book: Book) -> set[str]:
    """The items the book gives: at the start, in a section's or a choice's effects, or carried over from
    an earlier book (`[book.rules] carried_over`)."""
    effects = [*book.book.start_effects]
    for section in book.sections.values():
        effects += [*section.effects, *(e for c in section.choices for e in c.effects)]
    return {str(e.item) for e in effects if e.item is not None} | set(carried_over(book))


def _print_reading(reading: Reading, book: Book) -> None:
    """The rules read, one a line, then the sentences not read, the items tested that nothing gives (not
    the text, nor an overlay), then the counts."""
    given = _given(book)
    for p in reading.phrases:
        out.print(
            gettext("read: section %(section)s: %(kind)s: %(rule)s: %(sentence)s")
            % {"section": p.section, "kind": p.kind, "rule": p.rule, "sentence": p.sentence},
            markup=False,
            soft_wrap=True,
        )
    for u in reading.unread:
        line = (
            gettext("unread: section %(section)s (%(why)s): %(sentence)s")
            if u.why
            else gettext("unread: section %(section)s: %(sentence)s")
        )
        out.print(
            line % {"section": u.section, "why": u.why, "sentence": u.sentence}, markup=False, soft_wrap=True
        )
    for item, where in reading.ungiven.items():
        if item not in GS_RULES.builtin_items and item not in given:
            out.print(
                gettext(
                    "never given: %(item)s (tested in sections %(sections)s): carried from an earlier book, "
                    "chosen at the start, or given in a sentence not read"
                )
                % {"item": item, "sections": ", ".join(where)},
                markup=False,
                soft_wrap=True,
            )
    t = reading.tally
    out.print(
        gettext(
            "%(read)s phrases read, %(unread)s rule-like sentences not read; %(overlaid)s of %(conditional)s "
            "conditional choices enforced (%(enforced)s read from the text); %(evade_set)s of %(evadable)s "
            "evadable fights evade (%(fights)s fights)"
        )
        % {
            "read": len(reading.phrases),
            "unread": len(reading.unread),
            "overlaid": t.with_overlays,
            "conditional": t.conditional,
            "enforced": t.enforced,
            "evade_set": t.evade_set,
            "evadable": t.evadable,
            "fights": t.fights,
        },
        markup=False,
    )


def parse_enemy(text: str) -> tuple[int, int]:
    """The enemy as "COMBAT SKILL/ENDURANCE", e.g. "18/30"; anything else is a `UsageError`."""
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise UsageError(
            gettext("--enemy %(enemy)s is not COMBAT SKILL/ENDURANCE, e.g. 18/30") % {"enemy": repr(text)}
        )
    skill, endurance = (int(p) for p in parts)
    if endurance < 1:
        raise UsageError(
            gettext("--enemy %(enemy)s: the enemy's ENDURANCE must be at least 1") % {"enemy": repr(text)}
        )
    if max(abs(skill), endurance) > MAX_SCORE:
        raise UsageError(
            gettext("--enemy %(enemy)s: a score beyond %(most)s is not played")
            % {"enemy": repr(text), "most": MAX_SCORE}
        )
    return skill, endurance


def _loss_text(loss: crt.Loss) -> str:
    return gettext("killed") if loss == crt.KILLED else str(loss)


@app.command("crt", help=N_("Read one cell of the Combat Results Table."))
def crt_command(
    ratio: int = typer.Option(..., "--ratio", help=N_("Combat Ratio: your COMBAT SKILL minus the enemy's.")),
    random: int = typer.Option(..., "--random", help=N_("The random number picked, 0-9.")),
    willpower: int | None = typer.Option(
        None,
        "--willpower",
        help=N_("WILLPOWER spent through the Staff: the enemy's loss is multiplied by it."),
    ),
    as_json: JsonOption = False,
) -> None:
    if not 0 <= random <= 9:
        raise UsageError(gettext("--random %(random)s is not a random number 0-9") % {"random": random})
    if willpower is not None and willpower < 0:
        raise UsageError(
            gettext("%(option)s %(value)s is below 0") % {"option": "--willpower", "value": willpower}
        )
    cell = crt.lookup(ratio, random)
    enemy = cell.enemy if willpower is None else crt.enemy_damage(cell, willpower)
    column = crt.table().columns[crt.table().column_index(ratio)].label()
    if as_json:
        print_json(
            {
                "ratio": ratio,
                "column": column,
                "random": random,
                "willpower": willpower,
                "cell": cell.text(),
                "enemy_loss": enemy,
                "grey_star_loss": cell.grey_star,
            }
        )
        return
    said = {
        "ratio": ratio,
        "column": crt.table().columns[crt.table().column_index(ratio)].said(),
        "random": random,
        "cell": cell.text(),
    }
    if willpower is None:
        line = (
            gettext("Combat Ratio %(ratio)s (column %(column)s), random number %(random)s: cell %(cell)s")
            % said
        )
    else:
        line = gettext(
            "Combat Ratio %(ratio)s (column %(column)s), random number %(random)s: cell %(cell)s "
            "x%(times)s WILLPOWER"
        ) % {**said, "times": max(willpower, 1)}
    out.print(line, markup=False)
    out.print(
        gettext("Enemy loses %(enemy)s; Grey Star loses %(grey_star)s.")
        % {"enemy": _loss_text(enemy), "grey_star": _loss_text(cell.grey_star)},
        markup=False,
    )


def _pct(x: float) -> str:
    return decimal(100 * x, 2) + "%"


def _render(advice: CombatAdvice, staff: bool = True) -> None:
    if not staff:
        out.print(
            gettext("Chance of winning, without the Staff: %(chance)s")
            % {"chance": _pct(float(advice.p_win_optimal))},
            markup=False,
        )
        if advice.best_evades:
            out.print(gettext("Best this round: evade"), markup=False)
    else:
        out.print(
            gettext("Chance of winning with the best spending: %(chance)s")
            % {"chance": _pct(float(advice.p_win_optimal))}
        )
        best = (
            gettext("Best this round: spend %(points)s WILLPOWER (evading)")
            if advice.best_evades
            else gettext("Best this round: spend %(points)s WILLPOWER")
        )
        out.print(best % {"points": advice.best_first_spend}, markup=False)
        one = _pct(float(advice.p_win_spend_one))
        out.print(
            gettext("Chance of winning spending 1 WILLPOWER every round: %(chance)s") % {"chance": one},
            markup=False,
        )
    table = Table(title=gettext("Each choice this round, then the best play"))
    for heading in (
        N_("action"),
        N_("win"),
        N_("WILLPOWER spent"),
        N_("ENDURANCE lost"),
        N_("utility"),
    ):
        table.add_column(gettext(heading), justify="right")
    for a in advice.actions:
        table.add_row(
            a.action,
            _pct(float(a.p_win)),
            decimal(float(a.expected_willpower_spent), 2),
            decimal(float(a.expected_endurance_lost), 2),
            decimal(float(a.utility), 4),
        )
    out.print(table)


@app.command(
    "odds",
    help=N_(
        "The exact chance of winning a fight with the best WILLPOWER spending, and each choice's "
        "figures.\n\nAmong spends of equal worth the advice keeps WILLPOWER, then ENDURANCE."
    ),
)
def odds_command(
    combat_skill: int = typer.Option(..., "--combat-skill", help=N_("Your COMBAT SKILL with the Staff.")),
    endurance: int = typer.Option(..., "--endurance", help=N_("Your ENDURANCE.")),
    willpower: int | None = typer.Option(
        None, "--willpower", help=N_("Your WILLPOWER (needed with the Staff; 0 with --no-staff).")
    ),
    enemy: str = typer.Option(..., "--enemy", help=N_("The enemy as COMBAT SKILL/ENDURANCE, e.g. 18/30.")),
    table: str = typer.Option("uniform", "--table", help=N_("Random numbers: uniform or book.")),
    can_evade: bool = typer.Option(False, "--can-evade", help=N_("The text offers evasion.")),
    willpower_worth: float = typer.Option(0.0, "--willpower-worth", help=N_("Worth of each WILLPOWER kept.")),
    endurance_worth: float = typer.Option(0.0, "--endurance-worth", help=N_("Worth of each ENDURANCE kept.")),
    budget: int = typer.Option(
        DEFAULT_BUDGET, "--budget", help=N_("Most positions to explore before giving up (a larger fight).")
    ),
    exact: bool = typer.Option(
        False, "--exact", help=N_("Work in Fractions: exact figures (as p/q in JSON), slower.")
    ),
    no_staff: bool = typer.Option(
        False,
        "--no-staff",
        help=N_(
            "A fight without the Staff: no WILLPOWER spent and no -6 for a round without it (the "
            "Combat Results Table as it stands, e.g. for a fight of another Lone Wolf-family book)."
        ),
    ),
    as_json: JsonOption = False,
) -> None:
    if willpower is None:
        if not no_staff:
            raise UsageError(gettext("--willpower is needed for a fight with the Staff (or give --no-staff)"))
        willpower = 0
    worth_options(willpower_worth=willpower_worth, endurance_worth=endurance_worth)
    _budget(budget, "--budget")
    enemy_skill, enemy_endurance = parse_enemy(enemy)
    if table not in TABLES:
        raise UsageError(
            gettext("%(option)s %(value)s is not one of %(choices)s")
            % {"option": "--table", "value": repr(table), "choices": list(TABLES)}
        )
    _score(endurance, "--endurance", 1)
    _score(willpower, "--willpower", -MAX_SCORE)
    _score(combat_skill, "--combat-skill", -MAX_SCORE)
    state = CombatState(
        combat_skill,
        endurance,
        willpower,
        enemy_skill,
        enemy_endurance,
        staff=not no_staff,
        table=table,
        can_evade=can_evade,
    )
    if clearly_too_large(state, budget):
        raise UsageError(
            gettext(
                "this fight has more than %(budget)s positions; give a larger --budget (at most "
                "%(most)s) to work out its odds"
            )
            % {"budget": number(budget), "most": number(MAX_BUDGET)}
        )
    worths = (
        (Fraction(str(willpower_worth)), Fraction(str(endurance_worth)))
        if exact
        else (willpower_worth, endurance_worth)
    )
    solve = partial(advise, state, willpower_worth=worths[0], endurance_worth=worths[1], exact=exact)
    try:
        if as_json:
            print_json(solve(budget=budget).to_json())
            return
        with _working() as progress:
            advice = solve(budget=budget, progress=progress)
    except OddsError as e:
        raise UsageError(
            gettext(
                "this fight has more than %(budget)s positions; give a larger --budget (e.g. --budget "
                "%(larger)s) to work out its odds"
            )
            % {"budget": number(budget), "larger": 10 * budget}
        ) from e
    _render(advice, staff=not no_staff)


def resume(game_id: str) -> None:
    """Continue a saved Grey Star gamebook adventure."""
    resume_book(game_id, BOOKS, lambda book, gid: play(book, game=gid), gettext("a single combat"))


def _ask_int(prompt: str) -> int:
    text = read_line(prompt)
    if not text.lstrip("-").isdigit():
        raise UsageError(gettext("%(text)s is not a whole number") % {"text": repr(text)})
    return int(text)


def _odds_tool() -> None:
    combat_skill = _ask_int("Your COMBAT SKILL with the Staff: ")
    endurance = _ask_int("Your ENDURANCE: ")
    willpower = _ask_int("Your WILLPOWER: ")
    enemy = read_line("The enemy as COMBAT SKILL/ENDURANCE (e.g. 16/24): ")
    can_evade = read_line("Does the text offer evasion? [y/N]: ").lower() == "y"
    odds_command(
        combat_skill=combat_skill,
        endurance=endurance,
        willpower=willpower,
        enemy=enemy,
        table="uniform",
        can_evade=can_evade,
        willpower_worth=0.0,
        endurance_worth=0.0,
        budget=DEFAULT_BUDGET,
        exact=False,
        no_staff=False,
        as_json=False,
    )


def fight_lines(fight: Any) -> list[str]:
    """Both sides of a Grey Star combat as they stand, its Combat Ratio and the enemies still to come."""
    if not isinstance(fight, dict):
        return []
    lines: list[str] = []
    star = fight.get("grey_star")
    enemy = fight.get("enemy")
    if isinstance(star, dict) and isinstance(enemy, dict):
        hero = gettext("Grey Star: COMBAT SKILL {skill}, ENDURANCE {endurance}, WILLPOWER {willpower}")
        lines.append(
            "  "
            + hero.format(
                skill=star["combat_skill"], endurance=star["endurance"], willpower=star["willpower"]
            )
        )
        foe = gettext("{enemy}: COMBAT SKILL {skill}, ENDURANCE {endurance}")
        lines.append(
            "  " + foe.format(enemy=enemy["name"], skill=enemy["combat_skill"], endurance=enemy["endurance"])
        )
        rounds = fight.get("rounds_left")
        left = (
            gettext("; {rounds} round(s) left").format(rounds=rounds)
            if isinstance(rounds, int) and rounds >= 0
            else ""
        )
        some = fight.get("combat_ratio_spending_some")
        spent = (
            gettext(", {ratio} spending WILLPOWER").format(ratio=some)
            if some is not None and some != fight["combat_ratio_spending_none"]
            else ""
        )
        ratio = gettext("Combat Ratio {ratio}").format(ratio=fight["combat_ratio_spending_none"])
        lines.append(f"  {ratio}{spent}{left}")
        later = [e for e in fight.get("enemies", []) if e["index"] > fight.get("index", 0)]
        if later:
            lines.append(
                "  "
                + gettext("Still to come: {enemies}").format(
                    enemies=", ".join(f"{e['name']} ({e['combat_skill']}/{e['endurance']})" for e in later)
                )
            )
    return lines


FRONTEND = register(
    Frontend(
        system="grey-star",
        command="grey-star",
        app=app,
        aliases=("gs",),
        menu=partial(book_entries, BOOKS, play),
        resume=resume,
        tools=lambda: [MenuEntry(gettext("Combat odds (Grey Star)"), _odds_tool)],
        presenters=dict.fromkeys(("gamebook", "combat"), presenter_with(fight_lines)),
    )
)
"""The registered front end of the Grey Star system."""
