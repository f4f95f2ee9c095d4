"""The rules of one Grey Star combat round as plain functions over numbers: the Combat Results Table's
column and the enemy loss multiplier of a spend, the losses each random number gives (grouped where they
give the same), and what follows the losses (a section's drain, the round limit, the end of the fight).

`combat.CombatState` plays its rounds with these functions, and the solver's position view
(`fight_view`) reads its rounds with the same ones (001_2055bbb054c2d265.txt:5-12; evading :14-18).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TypeAlias

from grognard.engine.dice.core import lone_wolf_distribution
from grognard.engine.game import Outcome
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.chart import SHORTFALL_ENDURANCE_PER_POINT

Key: TypeAlias = tuple[int, int, int, "int | None", str, int, int, bool, str]
"""What changes during a combat (`CombatState.odds_key`): ENDURANCE, WILLPOWER, the enemy's ENDURANCE,
rounds left, phase, column, multiplier, evading, outcome."""


@lru_cache(maxsize=4096)
def multiplier_cap(column: int, enemy_endurance: int) -> int:
    """The multiplier past which more WILLPOWER cannot change the round: any hit then kills."""
    losses = [c.enemy for c in (crt.table().cells[n][column] for n in range(10))]
    smallest = min((x for x in losses if isinstance(x, int) and x > 0), default=1)
    return max(1, -(-enemy_endurance // smallest))


@lru_cache(maxsize=256)
def _numbers(table: str, column: int, multiplier: int) -> tuple[tuple[int, int, int | None, int | None], ...]:
    """Each random number of weight above 0 in `table` (weights in hundredths), with its cell's enemy loss
    after the multiplier and Grey Star's loss (None: killed), in the order of the numbers."""
    rows = []
    for number, p in sorted(lone_wolf_distribution(table).items()):
        if p:
            cell = crt.table().cells[number][column]
            enemy = crt.enemy_damage(cell, multiplier)
            grey_star = cell.grey_star
            rows.append(
                (
                    number,
                    int(p * 100),
                    None if enemy == crt.KILLED else int(enemy),
                    None if grey_star == crt.KILLED else int(grey_star),
                )
            )
    assert sum(row[1] for row in rows) == 100
    return tuple(rows)


@lru_cache(maxsize=1024)
def hundredths(weight: int) -> Fraction:
    return Fraction(weight, 100)


@lru_cache(maxsize=65536)
def round_losses(
    table: str, column: int, multiplier: int, endurance: int, enemy_endurance: int, evading: bool
) -> tuple[tuple[tuple[int, int], int], ...]:
    """A round's losses (enemy, Grey Star), capped at what each side has (a K: all of it; the enemy's
    ignored when evading), with their weights in hundredths: random numbers giving the same losses are
    grouped, in the order of the numbers (the losses `_losses` reads for one number)."""
    grouped: dict[tuple[int, int], int] = {}
    for _, weight, enemy, grey_star in _numbers(table, column, multiplier):
        enemy_loss = enemy_endurance if enemy is None or enemy > enemy_endurance else enemy
        if evading:
            enemy_loss = 0
        grey_star_loss = endurance if grey_star is None or grey_star > endurance else grey_star
        key = (enemy_loss, grey_star_loss)
        grouped[key] = grouped.get(key, 0) + weight
    return tuple(grouped.items())


@lru_cache(maxsize=65536)
def round_outcomes(
    table: str, column: int, multiplier: int, endurance: int, enemy_endurance: int, evading: bool
) -> tuple[tuple[Outcome, Fraction], ...]:
    """The round's outcomes (`round_losses`) labelled "E<enemy loss>/GS<Grey Star loss>"."""
    return tuple(
        (f"E{e}/GS{g}", hundredths(w))
        for (e, g), w in round_losses(table, column, multiplier, endurance, enemy_endurance, evading)
    )


def _losses(
    column: int, multiplier: int, endurance: int, enemy_endurance: int, evading: bool, number: int
) -> tuple[int, int]:
    cell = crt.table().cells[number][column]
    enemy = crt.enemy_damage(cell, multiplier)
    enemy_loss = 0 if evading else (enemy_endurance if enemy == crt.KILLED else min(enemy, enemy_endurance))
    grey_star_loss = endurance if cell.grey_star == crt.KILLED else min(cell.grey_star, endurance)
    return enemy_loss, grey_star_loss


def outcome_label(
    column: int, multiplier: int, endurance: int, enemy_endurance: int, evading: bool, number: int
) -> str:
    enemy_loss, grey_star_loss = _losses(column, multiplier, endurance, enemy_endurance, evading, number)
    return f"E{enemy_loss}/GS{grey_star_loss}"


@lru_cache(maxsize=65536)
def round_table(
    table: str, column: int, multiplier: int, endurance: int, enemy_endurance: int, evading: bool
) -> tuple[tuple[Outcome, ...], tuple[Fraction, ...], tuple[tuple[int, int], ...]]:
    """A round's chance node split for the solver: labels, probabilities, and (enemy, Grey Star) losses."""
    outcomes = round_outcomes(table, column, multiplier, endurance, enemy_endurance, evading)
    labels = tuple(label for label, _ in outcomes)
    return labels, tuple(p for _, p in outcomes), tuple(read_label(label) for label in labels)


@lru_cache(maxsize=4096)
def read_label(label: Outcome) -> tuple[int, int]:
    enemy, grey_star = str(label).split("/")
    return int(enemy[1:]), int(grey_star[2:])


@lru_cache(maxsize=1024)
def ratio_column(ratio: int) -> int:
    return crt.table().column_index(ratio)


def spend_round(plain: int, magic: int, cap: int, spend: int, evade: bool) -> tuple[int, int]:
    """The table's column and the enemy loss multiplier of a round spending `spend` WILLPOWER (evading
    or not): the column depends on the spend only through the Staff's -6 at 0 (`plain` against `magic`),
    and the multiplier is capped at `cap` (more could not matter), or 1 when evading."""
    top = 1 if evade else cap
    return (magic if spend else plain), (top if spend > top else spend or 1)


def round_end(
    endurance: int,
    willpower: int,
    enemy_endurance: int,
    rounds_left: int | None,
    enemy_loss: int,
    grey_star_loss: int,
    evading: bool,
    drain: int,
    shortfall: str,
) -> Key:
    """The key after a round's losses (already capped at what each side has), WILLPOWER already paid:
    a section's drain (past 0 as `shortfall` says), the round limit, and how the fight ends, if it does.
    Grey Star's fall comes first: when both sides fall in one round he is dead (docs/rulings)."""
    endurance -= grey_star_loss
    enemy = enemy_endurance - enemy_loss
    if drain and endurance > 0 and enemy > 0 and not evading:
        willpower -= drain
        if willpower < 0 and shortfall == "endurance":
            missing = min(-willpower, drain)
            willpower += missing
            endurance -= SHORTFALL_ENDURANCE_PER_POINT * missing
    rounds = rounds_left
    if rounds is not None:
        rounds -= 1
    if endurance <= 0:
        outcome = "dead"
    elif enemy <= 0:
        outcome = "win"
    elif evading:
        outcome = "evaded"
    elif rounds == 0:
        outcome = "rounds-over"
    else:
        outcome = ""
    phase = "over" if outcome else "decide"
    return (endurance if endurance > 0 else 0, willpower, enemy, rounds, phase, 0, 1, False, outcome)
