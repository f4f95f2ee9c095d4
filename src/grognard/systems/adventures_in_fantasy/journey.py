"""A day of travel in one terrain as a chance node: what (if anything) the party meets.

`day_outcomes(terrain)` gives the exact chance of each thing met on a day (Tables H, I, N and the special
creatures, `encounters.outdoor_encounter`'s procedure), named at the grain the campaign needs: "nothing",
"Outlaws", "Soldiers", "Civilians", "a magic-user", or the creature's name. `day_roll` throws the real
dice of the whole procedure (force sizes, night, deployment and all, each shown) and names the same
outcome, so the probabilities and the play agree.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from grognard.engine.content import Row, Table, parse_dice
from grognard.engine.dice.core import Rng, Roll
from grognard.systems.adventures_in_fantasy.encounters import (
    SPECIAL_CREATURES,
    OutdoorEncounter,
    check_terrain,
    outdoor_encounter,
    table_terrain,
)
from grognard.systems.adventures_in_fantasy.tables import get_rollable

NOTHING = "nothing"
KIND_LABELS = {
    "Outlaw": "Outlaws",
    "Soldier": "Soldiers",
    "Civilians": "Civilians",
    "Magical": "a magic-user",
}
"""The outcome named for each kind of encounter that is not a creature."""


def _rows(name: str) -> list[tuple[Row, Fraction]]:
    table: Table = get_rollable(name)
    count, sides = parse_dice(table.dice)
    assert count == 1, f"{name}: one die expected"
    weights: dict[int, int] = {}
    for number in range(1, sides + 1):
        row = table.lookup(number)
        weights[id(row)] = weights.get(id(row), 0) + 1
    return [(row, Fraction(weights[id(row)], sides)) for row in table.rows if id(row) in weights]


def _add(found: dict[str, Fraction], label: str, p: Fraction) -> None:
    found[label] = found.get(label, Fraction(0)) + p


@cache
def day_outcomes(terrain: str) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance of each outcome of a day in `terrain` (they sum to 1)."""
    column = table_terrain(check_terrain(terrain))
    found: dict[str, Fraction] = {}
    for row, p in _rows(f"outdoor-chance-{column}"):
        if row.text != "encounter":
            _add(found, NOTHING, p)
            continue
        for general, q in _rows(f"outdoor-general-{column}"):
            kinds = (
                _rows(f"outdoor-special-{column}") if general.text == "Special" else [(general, Fraction(1))]
            )
            for kind, r in kinds:
                if kind.text in KIND_LABELS:
                    _add(found, KIND_LABELS[kind.text], p * q * r)
                    continue
                for other, s in _rows(f"other-creatures-{column}"):
                    name = str(other.field("creature", other.text))
                    if name != "Special":
                        _add(found, name, p * q * r * s)
                        continue
                    for special, t in _rows(SPECIAL_CREATURES.get(column, "special-creatures-other")):
                        _add(found, special.text, p * q * r * s * t)
    return tuple(sorted(found.items()))


def outcome_of(e: OutdoorEncounter) -> str:
    """The outcome a rolled encounter names."""
    if not e.met:
        return NOTHING
    if e.creature is not None:
        return e.creature
    return KIND_LABELS.get(e.kind or "", e.kind or NOTHING)


def day_roll(rng: Rng, terrain: str) -> tuple[str, tuple[Roll, ...], OutdoorEncounter]:
    """Throw a day's encounter in `terrain`: the outcome, every roll (named by what it decided), and
    the encounter in full. Soldiers met are only named: their force and reaction are the campaign's
    next chance nodes (`soldiers`)."""
    e = outdoor_encounter(rng, terrain, soldiers_force=False)
    rolls = tuple(
        Roll(f"{s.label}: {s.result}", s.roll.dice, s.roll.total, s.roll.detail) for s in e.steps if s.roll
    )
    return outcome_of(e), rolls, e
