"""Evasion: does a search party find a party that hides? Chart G and its modifiers (lines 879-901, 1237-1281).

The sizes are counted as the book's SIZE rules say: each hit die of a creature, and each man, counts one;
a horse (with or without its rider) three; a wagon with its team fifteen; a mounted searcher two; an
airborne scout a thousand. The basic chance read from Chart G is then divided for the terrain (mountain
1/5, forest 1/10, swamp 1/15, city 1/20) or multiplied for a road (x20), and held within 0-100. A roll
of two d20 read 01-100 at or under the chance finds the hidden party. Readings: docs/rulings, "Evasion".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import floor

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.charts import Chart, ChartRow
from grognard.systems.adventures_in_fantasy.steps import Step, cite
from grognard.systems.adventures_in_fantasy.tables import get_table

EVASION_TERRAINS = {
    "open": None,
    "mountain": "Mountains",
    "forest": "Forest",
    "swamp": "Swamp",
    "city": "City",
}
"""The terrains of the evasion modifiers, each with its row of `evasion-modifiers` (open: none)."""


@dataclass(frozen=True)
class Searchers:
    """The search party: men (or hit dice) on foot, mounted men, and airborne scouts."""

    foot: int = 0
    mounted: int = 0
    airborne: int = 0


@dataclass(frozen=True)
class Hidden:
    """The party that hides: men (or hit dice), horses (ridden or not) and wagons with their teams."""

    men: int = 0
    horses: int = 0
    wagons: int = 0


@dataclass(frozen=True)
class Modifier:
    """One modifier applied: which, by what, the figure before and after, and the book's line."""

    name: str
    factor: Fraction
    before: Fraction
    after: Fraction
    source: str


@dataclass(frozen=True)
class Evasion:
    """The whole evasion check: sizes, Chart G cell, each modifier, the chance, its odds and the roll."""

    search_size: int
    hidden_size: int
    row: str
    column: str
    base: int
    modifiers: tuple[Modifier, ...]
    chance: Fraction
    found_probability: Fraction
    roll: Roll | None
    found: bool | None
    steps: tuple[Step, ...] = field(default=())

    @property
    def hidden_probability(self) -> Fraction:
        """The exact probability that the hidden party stays hidden."""
        return 1 - self.found_probability


def _modifier_row(key: str) -> ChartRow:
    chart = get_table("evasion-modifiers")
    assert isinstance(chart, Chart)
    return chart.row(key)


def _factor(key: str) -> tuple[Fraction, str]:
    row = _modifier_row(key)
    value = row.get("factor")
    assert isinstance(value, int | float) and not isinstance(value, bool), key
    return Fraction(value).limit_denominator(100), row.source


def _weighted(count: int, key: str, rule: str, steps: list[Step]) -> int:
    """`count` weighed by the Chart G factor of row `key` (0 for none), with a step for the rule."""
    if not count:
        return 0
    factor, source = _factor(key)
    steps.append(Step(rule, f"{count} x {factor}", source))
    return int(count * factor)


def _band(labels: list[str], size: int) -> str:
    for label in labels:
        low, _, high = label.partition("-")
        if int(low) <= size <= int(high or low):
            return label
    return labels[-1]


def sizes(searchers: Searchers, hidden: Hidden) -> tuple[int, int, list[Step]]:
    """The search party's and the hidden party's sizes as Chart G counts them, with a step for each rule."""
    for what, value in (
        (N_("searchers on foot"), searchers.foot),
        (N_("mounted searchers"), searchers.mounted),
        (N_("airborne scouts"), searchers.airborne),
        (N_("hidden men"), hidden.men),
        (N_("horses"), hidden.horses),
        (N_("wagons"), hidden.wagons),
    ):
        if value < 0:
            raise UsageError(
                gettext("{what} {value} cannot be negative").format(what=gettext(what), value=value)
            )
    steps: list[Step] = []
    search = searchers.foot
    search += _weighted(searchers.mounted, "Mounted", "mounted searchers count double", steps)
    search += _weighted(searchers.airborne, "Airborne", "an airborne scout counts as 1000 men", steps)
    size = hidden.men
    size += _weighted(hidden.horses, "Horse", "a horse counts as 3 men", steps)
    size += _weighted(hidden.wagons, "Wagon", "a wagon counts as 15 men", steps)
    if search < 1:
        raise UsageError(gettext("the search party needs at least one searcher"))
    if size < 1:
        raise UsageError(gettext("the hidden party needs at least one member"))
    return search, size, steps


def evasion_odds(
    searchers: Searchers,
    hidden: Hidden,
    terrain: str = "open",
    road: bool = False,
    guarded_crossing: bool = False,
) -> Evasion:
    """The chance of discovery and its exact probability, before any roll."""
    key = terrain.strip().lower()
    if key not in EVASION_TERRAINS:
        raise UsageError(
            gettext("evasion terrain {terrain} is not one of: {terrains}").format(
                terrain=repr(terrain), terrains=", ".join(EVASION_TERRAINS)
            )
        )
    search, size, steps = sizes(searchers, hidden)
    chart = get_table("evasion")
    assert isinstance(chart, Chart)
    row = _band([r.key for r in chart.rows], search)
    column = _band(chart.columns, size)
    base = chart.cell(row, column)
    assert isinstance(base, int)
    steps.append(
        Step(
            f"Chart G: {search} searchers (row {row}) for {size} hidden (column {column})",
            f"{base}%",
            chart.row(row).source,
        )
    )
    chance = Fraction(base)
    mods: list[Modifier] = []
    applied = [EVASION_TERRAINS[key]] + (["Road"] if road else [])
    for name in applied:
        if name is None:
            continue
        factor, source = _factor(name)
        after = chance * factor
        mods.append(Modifier(name, factor, chance, after, source))
        steps.append(Step(f"modifier: {name} x {factor}", f"{_pct(chance)} -> {_pct(after)}", source))
        chance = after
    if chance > 100:
        steps.append(Step("held at 100%", "100%", cite(883)))
        chance = Fraction(100)
    if guarded_crossing:
        row_ = _modifier_row("Guarded bridge or ford")
        mods.append(Modifier("Guarded bridge or ford", Fraction(0), chance, Fraction(100), row_.source))
        steps.append(Step("crossing a guarded bridge or ford", "always detected: 100%", row_.source))
        chance = Fraction(100)
    probability = Fraction(floor(chance), 100)
    return Evasion(
        search, size, row, column, base, tuple(mods), chance, probability, None, None, tuple(steps)
    )


def evade(
    rng: Rng,
    searchers: Searchers,
    hidden: Hidden,
    terrain: str = "open",
    road: bool = False,
    guarded_crossing: bool = False,
) -> Evasion:
    """Roll two d20 read 01-100 against the chance of discovery: at or under it, the party is found."""
    odds = evasion_odds(searchers, hidden, terrain, road, guarded_crossing)
    thrown = percentile(rng)
    found = thrown.total <= odds.chance
    step = Step(
        f"search roll (found on {_pct(odds.chance)} or less)",
        "found" if found else "not found",
        cite(883),
        roll=thrown,
    )
    return replace(odds, roll=thrown, found=found, steps=(*odds.steps, step))


def _pct(value: Fraction) -> str:
    return f"{value}%" if value.denominator == 1 else f"{value}% ({float(value):.2f}%)"
