"""`grognard ff`: Fighting Fantasy tools on the command line (thin: the rules and odds live in the system)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from grognard.cli.console import out, print_json
from grognard.cli.frontends import Frontend, register
from grognard.engine.errors import UsageError
from grognard.systems.fighting_fantasy import (
    AdventureSheet,
    FightRules,
    parse_creature,
    parse_hero,
    start_fight,
)
from grognard.systems.fighting_fantasy.odds import FightOdds, fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import POTIONS

app = typer.Typer(help="Fighting Fantasy: exact odds of fights and Luck advice.", no_args_is_help=True)


@app.callback()
def ff() -> None:
    """Fighting Fantasy gamebooks (000_13d85f0bd5b613c5.txt): fights, Luck and their exact odds."""


@app.command("odds")
def odds(
    hero: Annotated[str, typer.Option("--hero", help="Your SKILL/STAMINA/LUCK, e.g. 10/20/9.")],
    enemy: Annotated[list[str], typer.Option("--enemy", help="[NAME:]SKILL/STAMINA[xDAMAGE]; repeatable.")],
    together: Annotated[bool, typer.Option("--together", help="Several creatures attack at once.")] = False,
    luck_worth: Annotated[float, typer.Option("--luck-worth", help="Worth of a point of LUCK kept.")] = 0.0,
    stamina_worth: Annotated[float, typer.Option("--stamina-worth", help="Worth of a STAMINA kept.")] = 0.0,
    can_escape: Annotated[bool, typer.Option("--can-escape", help="The section offers to flee.")] = False,
    skill_modifier: Annotated[int, typer.Option("--skill-modifier", help="SKILL added for this fight.")] = 0,
    potion: Annotated[str, typer.Option("--potion", help="skill, strength or fortune (two measures).")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable results.")] = False,
) -> None:
    """The chance of winning a fight without Luck and with the best Luck policy, and what is left after."""
    skill, stamina, luck = parse_hero(hero)
    if potion and potion not in POTIONS:
        raise UsageError(f"potion {potion!r} is not one of {', '.join(POTIONS)}")
    creatures = [parse_creature(text, i) for i, text in enumerate(enemy)]
    rules = FightRules(together=together, can_escape=can_escape, skill_modifier=skill_modifier)
    state = start_fight(AdventureSheet.new(skill, stamina, luck, potion), creatures, rules)
    result = fight_odds(state, fight_objective(luck_worth, stamina_worth))
    if as_json:
        print_json(result.to_json())
        return
    _render(result)


def _render(result: FightOdds) -> None:
    table = Table(title="Fight odds", show_header=False)
    table.add_row("Win, never testing Luck", f"{result.p_win_without_luck:.6f}")
    table.add_row("Win, best Luck policy", f"{result.p_win_optimal_luck:.6f}")
    table.add_row("Expected LUCK left", f"{result.expected_luck:.3f}")
    table.add_row("Expected STAMINA left", f"{result.expected_stamina:.3f}")
    for label, p in sorted(result.outcome_probabilities.items()):
        table.add_row(f"Ends {label}", f"{p:.6f}")
    out.print(table)
    for label, actions in result.first_wound.items():
        worth = ", ".join(f"{a} {f.utility:.6f}" for a, f in actions.items())
        out.print(f"First round '{label}': {worth}", markup=False)


FRONTEND = register(Frontend(system="fighting-fantasy", command="ff", app=app, aliases=("fighting-fantasy",)))
"""The registered front end."""
