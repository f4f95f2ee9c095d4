"""`grognard ff`: Fighting Fantasy on the command line: play and check gamebooks, fight odds (thin: the rules
and odds live in the system, the play loop in `cli.gamebook`)."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

import typer
from rich.table import Table

from grognard.cli.board_gamebook import presenter_with
from grognard.cli.book_files import BOOK_HELP
from grognard.cli.console import help_with, out, print_json, read_line
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
from grognard.engine.odds.solver import DEFAULT_BUDGET
from grognard.gamebook.action_text import number_in
from grognard.i18n import N_, NP_, decimal, gettext, pgettext
from grognard.systems.fighting_fantasy.books import BOOKS
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import DEAD, DRINK, ESCAPE, ESCAPED, FIGHT, FightRules
from grognard.systems.fighting_fantasy.game import parse_creature, parse_hero
from grognard.systems.fighting_fantasy.odds import (
    POTION_WORTH,
    FightOdds,
    book_endings,
    fight_objective,
    fight_odds,
)
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.sheet import POTIONS, AdventureSheet
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from grognard.systems.fighting_fantasy.system import SYSTEM

app = typer.Typer(
    help=N_("Fighting Fantasy: play gamebooks with the exact odds of every fight and Luck test."),
    no_args_is_help=True,
)

add_gamebook_commands(app, FF_RULES, SYSTEM.id, "ff", BOOKS.path, play=False)
add_solve_command(app, FF_RULES, BOOKS.path, FightingFantasySheetView())


@app.callback()
def ff() -> None:
    """Fighting Fantasy gamebooks (000_13d85f0bd5b613c5.txt): fights, Luck and their exact odds."""


BookArg = Annotated[str, typer.Argument(help=BOOK_HELP)]


@app.command(
    "play",
    help=N_(
        'Play a gamebook ("sample" for the one shipped), with the odds of every fight.\n\ns shows '
        "the Adventure Sheet, u undoes, q stops; the game is saved after every move. The worths "
        "tune\nthe advice shown in fights (a win is worth 1)."
    ),
)
def play(
    book: BookArg,
    seed: SeedOption = None,
    game: GameOption = None,
    luck_worth: Annotated[
        float | None,
        typer.Option("--luck-worth", help=N_("Worth of a point of LUCK kept after a fight (default 0.01).")),
    ] = None,
    stamina_worth: Annotated[
        float | None,
        typer.Option(
            "--stamina-worth", help=N_("Worth of a STAMINA point kept after a fight (default 0.005).")
        ),
    ] = None,
    potion_worth: Annotated[
        float | None,
        typer.Option(
            "--potion-worth",
            help=help_with(
                N_("Worth of a measure of potion kept after a fight (default %(worth)s)."),
                worth=f"{POTION_WORTH:g}",
            ),
        ),
    ] = None,
) -> None:
    if game is not None and seed is not None:
        raise UsageError(gettext("--seed: a saved game keeps the seed it was started with"))
    options = worth_options(luck_worth=luck_worth, stamina_worth=stamina_worth, potion_worth=potion_worth)
    play_book(FF_RULES, SYSTEM.id, "ff", book, BOOKS.path(book), seed, game, options)


def resume(game_id: str) -> None:
    """Continue a saved Fighting Fantasy gamebook adventure."""
    resume_book(game_id, BOOKS, lambda book, gid: play(book, game=gid), gettext("a single fight"))


def _odds_tool() -> None:
    hero = read_line("Your SKILL/STAMINA/LUCK (e.g. 10/20/9): ")
    enemies = read_line("Creatures, comma-separated [NAME:]SKILL/STAMINA (e.g. Orc:7/6,Troll:9/12): ")
    together = bool(enemies.count(",")) and read_line("Do they attack together? [y/N]: ").lower() == "y"
    odds(hero, [e for e in enemies.split(",") if e.strip()], together=together)


@app.command(
    "odds",
    help=N_(
        "The chance of winning a fight without Luck and with the best Luck policy, and what is "
        "left after.\n\nAmong plays of equal worth the advice keeps the potion, then LUCK, then "
        "STAMINA. Where the section\noffers to flee, an escape is a way out and counts as a win "
        "unless --escape-worth says otherwise, so\nthe best play may be to flee: the best first "
        "move is named, with the chance of a win for a reader\nwho fights it out."
    ),
)
def odds(
    hero: Annotated[str, typer.Option("--hero", help=N_("Your SKILL/STAMINA/LUCK, e.g. 10/20/9."))],
    enemy: Annotated[
        list[str], typer.Option("--enemy", help=N_("[NAME:]SKILL/STAMINA[xDAMAGE]; repeatable."))
    ],
    together: Annotated[
        bool, typer.Option("--together", help=N_("Several creatures attack at once."))
    ] = False,
    luck_worth: Annotated[
        float, typer.Option("--luck-worth", help=N_("Worth of a point of LUCK kept."))
    ] = 0.0,
    stamina_worth: Annotated[
        float, typer.Option("--stamina-worth", help=N_("Worth of a STAMINA kept."))
    ] = 0.0,
    potion_worth: Annotated[
        float, typer.Option("--potion-worth", help=N_("Worth of a measure of potion kept."))
    ] = 0.0,
    can_escape: Annotated[
        bool,
        typer.Option(
            "--can-escape", help=N_("The section offers to flee; an escape counts as a win (a way out).")
        ),
    ] = False,
    escape_worth: Annotated[
        float | None,
        typer.Option(
            "--escape-worth",
            metavar="PCT",
            help=N_(
                "With --can-escape: worth of getting away, in percent of a win "
                "(default 100, as good as winning; 0 counts an escape as a loss)."
            ),
        ),
    ] = None,
    skill_modifier: Annotated[
        int, typer.Option("--skill-modifier", help=N_("SKILL added for this fight."))
    ] = 0,
    potion: Annotated[
        str, typer.Option("--potion", help=N_("skill, strength or fortune (two measures)."))
    ] = "",
    budget: Annotated[
        int,
        typer.Option(
            "--budget", help=N_("The most fight positions solved before giving up (memory grows with it).")
        ),
    ] = DEFAULT_BUDGET,
    as_json: JsonOption = False,
) -> None:
    skill, stamina, luck = parse_hero(hero)
    if potion and potion not in POTIONS:
        raise UsageError(
            gettext("potion %(potion)s is not one of %(potions)s")
            % {"potion": repr(potion), "potions": ", ".join(POTIONS)}
        )
    if budget < 1:
        raise UsageError(gettext("--budget must be at least 1, not %(budget)s") % {"budget": budget})
    worth_options(
        luck_worth=luck_worth,
        stamina_worth=stamina_worth,
        potion_worth=potion_worth,
        escape_worth=escape_worth,
    )
    if escape_worth is not None and not can_escape:
        raise UsageError(gettext("--escape-worth: the fight offers no escape (add --can-escape)"))
    escaped = 1.0 if escape_worth is None else escape_worth / 100
    creatures = [parse_creature(text, i) for i, text in enumerate(enemy)]
    rules = FightRules(together=together, can_escape=can_escape, skill_modifier=skill_modifier)
    state = start_fight(AdventureSheet.new(skill, stamina, luck, potion), creatures, rules)
    objective = fight_objective(
        luck_worth, stamina_worth, endings={**book_endings(), ESCAPED: escaped}, potion_worth=potion_worth
    )
    try:
        result = fight_odds(state, objective, budget)
    except OddsError as e:
        raise UsageError(gettext("%(reason)s (ff odds --budget N)") % {"reason": e}) from None
    if as_json:
        data = result.to_json()
        data["p_alive"] = _alive(result)
        data["escape_worth"] = escaped if can_escape else None
        print_json(data)
        return
    _render(result, state, escaped if can_escape else None)


def _alive(result: FightOdds) -> float:
    """The chance of coming out of the fight alive with the best play (won, fled or otherwise ended)."""
    return 1.0 - result.outcome_probabilities.get(DEAD, 0.0)


def _move_words(state: FightState, action: str) -> str:
    """An opening move in words."""
    if action.startswith("target:"):
        index = number_in(action)
        return gettext("attack {creature} first").format(creature=state.spec.creatures[index].name)
    words = {FIGHT: N_("fight"), ESCAPE: N_("escape"), DRINK: N_("drink a measure of your potion")}
    return gettext(words[action]) if action in words else action


ENDS = {
    "win": NP_("fight end", "win"),
    "dead": NP_("fight end", "dead"),
    "escaped": NP_("fight end", "escaped"),
}
"""A fight's endings as the table names them (said with `pgettext`; the JSON keeps the rules' ids)."""


def _escape_note(escaped: float) -> str:
    if escaped == 1:
        return gettext(
            "An escape counts as a win here (a way out of the fight), so the best play may flee and win "
            "nothing; --escape-worth 0 counts it as a loss."
        )
    if escaped == 0:
        return gettext("An escape counts as a loss here (--escape-worth 0).")
    return gettext("An escape counts as %(share)s%% of a win here (--escape-worth %(worth)s).") % {
        "share": f"{100 * escaped:g}",
        "worth": f"{100 * escaped:g}",
    }


def _render(result: FightOdds, state: FightState, escaped: float | None) -> None:
    table = Table(title=gettext("Fight odds"), show_header=False)
    table.add_row(gettext("Win, never testing Luck"), decimal(result.p_win_without_luck, 6))
    table.add_row(gettext("Win, best Luck policy"), decimal(result.p_win_optimal_luck, 6))
    if result.p_win_fighting_on is not None:
        table.add_row(gettext("Win, fighting it out (never fleeing)"), decimal(result.p_win_fighting_on, 6))
    table.add_row(gettext("Expected LUCK left"), decimal(result.expected_luck, 3))
    table.add_row(gettext("Expected STAMINA left"), decimal(result.expected_stamina, 3))
    for label, p in sorted(result.outcome_probabilities.items()):
        ending = pgettext("fight end", ENDS[label]) if label in ENDS else label
        table.add_row(gettext("Ends %(ending)s") % {"ending": ending}, decimal(p, 6))
    if result.best_start is not None:
        out.print(
            gettext("Best first move: %(move)s (out alive %(alive)s, worth %(worth)s where a win is 1)")
            % {
                "move": _move_words(state, result.best_start),
                "alive": decimal(_alive(result), 6),
                "worth": decimal(result.utility, 6),
            },
            markup=False,
        )
    if escaped is not None:
        out.print(_escape_note(escaped), markup=False)
    out.print(table)
    for label, actions in result.first_wound.items():
        worth = ", ".join(f"{a} {decimal(f.utility, 6)}" for a, f in actions.items())
        out.print(
            gettext("First round %(label)s: %(worth)s") % {"label": f"'{label}'", "worth": worth},
            markup=False,
        )


def _of(value: Any, total: Any) -> str:
    return f"{value}/{total}" if total is not None and total != value else str(value)


def fight_lines(fight: Any) -> list[str]:
    """Both sides of a Fighting Fantasy fight as they stand: the hero and each creature."""
    if not isinstance(fight, dict):
        return []
    lines: list[str] = []
    hero = fight.get("hero")
    if isinstance(hero, dict):
        said = gettext("You: SKILL {skill}, STAMINA {stamina}, LUCK {luck}")
        lines.append(
            "  "
            + said.format(
                skill=_of(hero["skill"], hero["initial_skill"]),
                stamina=_of(hero["stamina"], hero["initial_stamina"]),
                luck=_of(hero["luck"], hero["initial_luck"]),
            )
        )
        for c in fight.get("creatures", []):
            state = "" if c["alive"] else gettext(" (dead)")
            target = gettext(" <- your target") if c["index"] == fight.get("target") and c["alive"] else ""
            scores = gettext("{creature}: SKILL {skill}, STAMINA {stamina}").format(
                creature=c["name"], skill=c["skill"], stamina=_of(c["stamina"], c["initial_stamina"])
            )
            lines.append(f"  {scores}{state}{target}")
    return lines


FRONTEND = register(
    Frontend(
        system="fighting-fantasy",
        command="ff",
        app=app,
        aliases=("fighting-fantasy",),
        menu=partial(book_entries, BOOKS, play),
        resume=resume,
        tools=lambda: [MenuEntry(gettext("Fight odds (Fighting Fantasy)"), _odds_tool)],
        presenters=dict.fromkeys(("gamebook", "fight"), presenter_with(fight_lines)),
    )
)
"""The registered front end."""
