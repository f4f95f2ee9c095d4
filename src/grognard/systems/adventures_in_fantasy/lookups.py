"""Lookups across the charts that take numbers rather than names: evasion by party sizes, hit chances.

Each function reads the shipped chart (see `tables`) and applies the book's own banding; the readings of
damaged charts are in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart
from grognard.systems.adventures_in_fantasy.tables import get_table

HIT_CHANCE_LIMITS = (2, 98)
"""The lowest and highest normal chance to hit, whatever the modifiers (seed 002, lines 1580-1584)."""


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def _bands(name: str) -> Bands:
    entry = get_table(name)
    assert isinstance(entry, Bands), name
    return entry


def _band_label(labels: list[str], size: int, what: str) -> str:
    """The band ("16-30") holding `size`; past the last band, the last one."""
    if size < 1:
        raise UsageError(gettext("%(what)s %(size)s must be at least 1") % {"what": what, "size": size})
    for label in labels:
        low, _, high = label.partition("-")
        if int(low) <= size <= int(high or low):
            return label
    return labels[-1]


def evasion_chance(searchers: int, hidden: int) -> int:
    """Chart G: the basic % chance that a party of `hidden` is found by `searchers` in open country."""
    chart = _chart("evasion")
    row = _band_label([r.key for r in chart.rows], searchers, "searchers")
    column = _band_label(chart.columns, hidden, "hidden party")
    value = chart.cell(row, column)
    assert isinstance(value, int)
    return value


def combat_chance(attacker: str, defender: str) -> int:
    """Combat Matrix N: the base % chance of a body type hitting another."""
    value = _chart("combat-matrix").cell(attacker.lower(), defender.lower())
    assert isinstance(value, int)
    return value


def clamp_hit_chance(chance: int) -> int:
    """A modified chance to hit held within the book's limits (2% to 98%)."""
    low, high = HIT_CHANCE_LIMITS
    return max(low, min(high, chance))


def hostility_chance(force: str, other: str, deployment: str = "marching") -> int:
    """The % chance that `force` (law, neutral, chaos) is hostile to `other`, modified by its deployment."""
    base = _chart("hostility").cell(force.lower(), other.lower())
    modifier = _chart("hostility-modifiers").cell(deployment.lower(), "modifier")
    assert isinstance(base, int) and isinstance(modifier, int)
    return max(0, min(100, base + modifier))


def death_chance(age: int) -> int:
    """The Table of Death: the yearly % chance of natural death at `age`."""
    value = _bands("table-of-death").lookup(age).result["death_chance"]
    assert isinstance(value, int)
    return value


def missile_dexterity_modifier(dexterity: int) -> int:
    """Chart P: the missile hit modifier for a dexterity of 0-100."""
    value = _bands("missile-dexterity").lookup(dexterity).result["modifier"]
    assert isinstance(value, int)
    return value
