"""`grognard grey-star` (alias `gs`): the Combat Results Table and the exact odds of a fight."""

from __future__ import annotations

import typer
from rich.table import Table

from grognard.cli.console import err, out, print_json
from grognard.cli.frontends import Frontend, register
from grognard.engine.errors import UsageError
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.combat import TABLES, CombatState
from grognard.systems.grey_star.odds import CombatAdvice, advise

app = typer.Typer(
    help="Lone Wolf: Grey Star the Wizard: the Combat Results Table and the odds of a fight.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def parse_enemy(text: str) -> tuple[int, int]:
    """The enemy as "COMBAT SKILL/ENDURANCE", e.g. "18/30"; anything else is a `UsageError`."""
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise UsageError(f"--enemy {text!r} is not COMBAT SKILL/ENDURANCE, e.g. 18/30")
    skill, endurance = (int(p) for p in parts)
    if endurance < 1:
        raise UsageError(f"--enemy {text!r}: the enemy's ENDURANCE must be at least 1")
    return skill, endurance


def _loss_text(loss: crt.Loss) -> str:
    return "killed" if loss == crt.KILLED else str(loss)


@app.command("crt")
def crt_command(
    ratio: int = typer.Option(..., "--ratio", help="Combat Ratio: your COMBAT SKILL minus the enemy's."),
    random: int = typer.Option(..., "--random", help="The random number picked, 0-9."),
    willpower: int | None = typer.Option(
        None, "--willpower", help="WILLPOWER spent through the Staff: the enemy's loss is multiplied by it."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Read one cell of the Combat Results Table."""
    if not 0 <= random <= 9:
        raise UsageError(f"--random {random} is not a random number 0-9")
    if willpower is not None and willpower < 0:
        raise UsageError(f"--willpower {willpower} is below 0")
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
    times = f" x{max(willpower, 1)} WILLPOWER" if willpower is not None else ""
    out.print(
        f"Combat Ratio {ratio} (column {column}), random number {random}: cell {cell.text()}{times}",
        markup=False,
    )
    out.print(f"Enemy loses {_loss_text(enemy)}; Grey Star loses {_loss_text(cell.grey_star)}.", markup=False)


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _render(advice: CombatAdvice) -> None:
    out.print(f"Chance of winning with the best spending: {_pct(float(advice.p_win_optimal))}", markup=False)
    evade = " (evading)" if advice.best_evades else ""
    out.print(f"Best this round: spend {advice.best_first_spend} WILLPOWER{evade}", markup=False)
    out.print(f"Chance of winning spending 1 WILLPOWER every round: {_pct(float(advice.p_win_spend_one))}")
    table = Table(title="Each choice this round, then the best play")
    for heading in ("action", "win", "WILLPOWER spent", "ENDURANCE lost", "utility"):
        table.add_column(heading, justify="right")
    for a in advice.actions:
        table.add_row(
            a.action,
            _pct(float(a.p_win)),
            f"{float(a.expected_willpower_spent):.2f}",
            f"{float(a.expected_endurance_lost):.2f}",
            f"{float(a.utility):.4f}",
        )
    out.print(table)


@app.command("odds")
def odds_command(
    combat_skill: int = typer.Option(..., "--combat-skill", help="Your COMBAT SKILL with the Staff."),
    endurance: int = typer.Option(..., "--endurance", help="Your ENDURANCE."),
    willpower: int = typer.Option(..., "--willpower", help="Your WILLPOWER."),
    enemy: str = typer.Option(..., "--enemy", help="The enemy as COMBAT SKILL/ENDURANCE, e.g. 18/30."),
    table: str = typer.Option("uniform", "--table", help="Random numbers: uniform or book."),
    can_evade: bool = typer.Option(False, "--can-evade", help="The text offers evasion."),
    willpower_worth: float = typer.Option(0.0, "--willpower-worth", help="Worth of each WILLPOWER kept."),
    endurance_worth: float = typer.Option(0.0, "--endurance-worth", help="Worth of each ENDURANCE kept."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The exact chance of winning a fight with the best WILLPOWER spending, and each choice's figures."""
    enemy_skill, enemy_endurance = parse_enemy(enemy)
    if table not in TABLES:
        raise UsageError(f"--table {table!r} is not one of {list(TABLES)}")
    if endurance < 1:
        raise UsageError(f"--endurance {endurance} must be at least 1")
    state = CombatState(
        combat_skill, endurance, willpower, enemy_skill, enemy_endurance, table=table, can_evade=can_evade
    )
    if as_json:
        advice = advise(state, willpower_worth=willpower_worth, endurance_worth=endurance_worth)
        print_json(advice.to_json())
        return
    with err.status("Solving the fight exactly..."):
        advice = advise(state, willpower_worth=willpower_worth, endurance_worth=endurance_worth)
    _render(advice)


FRONTEND = register(Frontend(system="grey-star", command="grey-star", app=app, aliases=("gs",)))
"""The registered front end of the Grey Star system."""
