"""Building castles: the cost and time of each work, the castle Types I-IV, terrain and labour.

Reads the shipped charts `castle-structures`, `castle-modifiers` and `castle-types`; costs are exact
(`Fraction` GP), times are kept in the units the book prints (days, months, hours). Readings are under
"Castles" in docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt, lines 544-577.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Chart, ChartRow
from grognard.systems.adventures_in_fantasy.checks import round_half_up
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_table

TERRAINS = ("clear", "woods", "swamp", "mountains")
"""Where the castle is built; clear ground has no modifier."""

LABOURS = ("hired", "slave")
"""Who builds it: hired crews (no modifier) or slaves (half the cost, double the time, :569)."""

SECTION_FT = 60
"""One section of curtain wall is taken as 60 ft long (ruling "Castles: wall sections")."""

TOWER = "Round tower, 70 ft high"
GATEHOUSE = "Gate tower"
WALL = "Curtain wall section"
CREW = "Crew of 100 unskilled labourers"
SUPERVISORS = "10 supervisors"

_TIME = re.compile(r"^\s*(\d+)\s+(day|month|hour)s?\b")


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def works() -> tuple[str, ...]:
    """The works priced by the book, by name."""
    return tuple(row.key for row in _chart("castle-structures").rows)


def _work(name: str) -> ChartRow:
    chart = _chart("castle-structures")
    key = " ".join(name.casefold().split())
    found = [r for r in chart.rows if r.key.casefold() == key] or [
        r for r in chart.rows if r.key.casefold().startswith(key)
    ]
    if len(found) != 1:
        raise UsageError(
            gettext("work {name} is not one of: {works}").format(name=repr(name), works="; ".join(works()))
        )
    return found[0]


def time_of(row: ChartRow) -> tuple[int, str]:
    """A work's time as printed: (amount, unit), unit one of day, month, hour; (0, "") for a crew's
    daily rate, which takes no time of its own."""
    match = _TIME.match(str(row.get("time")))
    return (int(match.group(1)), match.group(2)) if match else (0, "")


@dataclass(frozen=True)
class Factors:
    """The multipliers for where and by whom: cost and time, and the rows that gave them."""

    cost: Fraction
    time: Fraction
    notes: tuple[str, ...]
    sources: tuple[str, ...]


def factors(terrain: str = "clear", labour: str = "hired") -> Factors:
    """Woods add 10%, swamps triple and mountains double cost and time; slaves halve the cost and
    double the time, wastage left to the referee (:563-569; ruling "Castles: modifiers together")."""
    place, hands = terrain.strip().casefold(), labour.strip().casefold()
    if place not in TERRAINS:
        raise UsageError(
            gettext("terrain {terrain} is not one of {terrains}").format(
                terrain=repr(terrain), terrains=", ".join(TERRAINS)
            )
        )
    if hands not in LABOURS:
        raise UsageError(
            gettext("labour {labour} is not one of {labours}").format(
                labour=repr(labour), labours=", ".join(LABOURS)
            )
        )
    chart = _chart("castle-modifiers")
    keys = {"woods": "Woods", "swamp": "Swamp", "mountains": "Mountains"}
    rows = [chart.row(keys[place])] if place in keys else []
    if hands == "slave":
        rows.append(chart.row("Slave labour"))
    cost, time = Fraction(1), Fraction(1)
    for row in rows:
        c, t = row.get("cost_factor"), row.get("time_factor")
        assert isinstance(c, int | float) and isinstance(t, int | float)
        cost *= Fraction(str(c))
        time *= Fraction(str(t))
    return Factors(
        cost,
        time,
        tuple(f"{r.key}: {r.get('note')}" for r in rows if r.get("note")),
        tuple(r.source for r in rows),
    )


@dataclass(frozen=True)
class Part:
    """One kind of work in a build: how many, the cost and time of each as printed, and its row."""

    work: str
    count: int
    cost_gp: int
    amount: int
    unit: str
    source: str


@dataclass(frozen=True)
class Build:
    """A build costed: its parts, the modifiers, the total cost and the time one crew after another
    takes (ruling "Castles: time")."""

    name: str
    parts: tuple[Part, ...]
    factors: Factors
    source: str

    @property
    def base_cost_gp(self) -> int:
        """The cost before terrain and labour."""
        return sum(p.cost_gp * p.count for p in self.parts)

    @property
    def cost_gp(self) -> Fraction:
        """The cost with terrain and labour, exact."""
        return self.base_cost_gp * self.factors.cost

    def time(self) -> dict[str, int]:
        """The time by unit, each part in turn, with terrain and labour, rounded half up (:415)."""
        totals: dict[str, Fraction] = {}
        for part in self.parts:
            if not part.unit:
                continue
            totals[part.unit] = totals.get(part.unit, Fraction(0)) + part.amount * part.count
        return {unit: round_half_up(value * self.factors.time) for unit, value in totals.items()}


def _part(name: str, count: int) -> Part:
    row = _work(name)
    cost = row.get("cost_gp")
    assert isinstance(cost, int)
    amount, unit = time_of(row)
    return Part(row.key, count, cost, amount, unit, row.source)


def work(name: str, count: int = 1, terrain: str = "clear", labour: str = "hired") -> Build:
    """Any priced work (a tower, a wall section, tunnel sections, crew-days), `count` times over."""
    if count < 1:
        raise UsageError(gettext("count {count} must be at least 1").format(count=count))
    part = _part(name, count)
    found = factors(terrain, labour) if part.unit else hiring_factors(terrain)
    return Build(part.work, (part,), found, part.source)


def wall_range(castle_type: str) -> tuple[int, int]:
    """The curtain wall a castle type has, in feet: (least, most) as printed."""
    text = str(_chart("castle-types").row(castle_type).get("curtain_wall_ft"))
    low, _, high = text.partition("-")
    return int(low), int(high or low)


def castle(
    castle_type: str, terrain: str = "clear", labour: str = "hired", wall_ft: int | None = None
) -> Build:
    """A castle of Type I-IV: its 70 ft towers, gatehouses, a square keep costed as a gatehouse, and
    its curtain wall in 60 ft sections (`wall_ft` within the type's range; the least by default)."""
    key = castle_type.strip().upper().removeprefix("TYPE").strip()
    chart = _chart("castle-types")
    if key not in {r.key for r in chart.rows}:
        raise UsageError(
            gettext("castle type {type} is not one of I, II, III, IV").format(type=repr(castle_type))
        )
    row = chart.row(key)
    towers, gates, keep = row.get("towers"), row.get("gatehouses"), row.get("keep")
    assert isinstance(towers, int) and isinstance(gates, int)
    low, high = wall_range(key)
    feet = low if wall_ft is None else wall_ft
    if not low <= feet <= high:
        raise UsageError(
            gettext("wall {feet} ft: a Type {type} castle has {low}-{high} ft of curtain wall").format(
                feet=feet, type=key, low=low, high=high
            )
        )
    parts = [_part(TOWER, towers), _part(GATEHOUSE, gates + (1 if keep else 0))]
    sections = math.ceil(feet / SECTION_FT)
    if sections:
        parts.append(_part(WALL, sections))
    return Build(f"Type {key} castle", tuple(parts), factors(terrain, labour), row.source)


WIZARD_MARKUP = Fraction(3, 2)
"""A wizard's tower costs 50% more than a normal tower (:1870)."""


def wizard_tower(build: Build) -> Build:
    """`build`, a round tower, built for a wizard: 50% more money (:1870), the time unchanged."""
    if not all(p.work.startswith("Round tower") for p in build.parts):
        raise UsageError(
            gettext("only a round tower is built as a wizard's tower, not {build}").format(
                build=repr(build.name)
            )
        )
    found = build.factors
    marked = Factors(
        found.cost * WIZARD_MARKUP,
        found.time,
        (*found.notes, "a wizard's tower: 50% more money (:1870)"),
        (*found.sources, f"{RULEBOOK}:1870"),
    )
    return Build(f"{build.name}, for a wizard", build.parts, marked, build.source)


HIRING_TERRAINS = ("swamp", "mountains")
"""The terrains whose factor the book applies to hiring too (:565-567)."""


def hiring_factors(terrain: str = "clear") -> Factors:
    """The factors on crew hire: the swamp's and the mountains' only, "including hiring" (:565-567)."""
    place = terrain.strip().casefold()
    factors(place)
    return factors(place if place in HIRING_TERRAINS else "clear")


def crews(days: int, crews: int = 1, supervisors: int = 0, terrain: str = "clear") -> Build:
    """Hiring for `days`: 100-man crews at 1 GP a day and 10-supervisor teams at 2 GP a day, tripled in
    swamps and doubled in mountains, "including hiring" (:560-567; ruling "Castles: hiring")."""
    if days < 1 or crews < 0 or supervisors < 0 or crews + supervisors == 0:
        raise UsageError(
            gettext(
                "hire at least one crew or supervisor team for at least a day (days {days}, crews {crews})"
            ).format(days=days, crews=crews)
        )
    found = hiring_factors(terrain)
    parts = [_part(CREW, crews * days)] if crews else []
    if supervisors:
        parts.append(_part(SUPERVISORS, supervisors * days))
    return Build(f"Crews for {days} days", tuple(parts), found, parts[0].source)
