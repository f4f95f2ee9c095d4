"""Equipping: prices, availability rolls by class, craftsmen's special orders, the armourer's half
price, and encumbrance to tactical movement.

Every table is the shipped data (`price-list`, `availability`, `general-supplies`, `encumbrance`);
every die is a kept `Roll`, every chance an exact `Fraction`. Readings are under "Equipment" in
docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt, lines 261-265, 473-603.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.character import Character
from grognard.systems.adventures_in_fantasy.charts import Chart, ChartRow
from grognard.systems.adventures_in_fantasy.checks import given_roll
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_table

SPECIAL_ORDER_MARKUP = Fraction(3, 2)
"""A special order costs the usual fee plus 50% (:515)."""

SPECIAL_ORDER_LIMIT = 2
"""A craftsman has at most two special orders in hand (:515)."""

ARMORER_COURSE = 21
ARMORER_SHARE = Fraction(1, 2)
"""A master armourer makes any item of the price list at 50% of its price (:440)."""

DEXTERITY_HIGH = 80
DEXTERITY_LOW = 25
DEXTERITY_STEP = Fraction(1, 8)
"""Dexterity over 80 adds 1/8 inch a point; under 25 takes 1/8 inch a point (:601)."""

STRENGTH_COLUMNS = (
    (20, "very weak 1-20"),
    (40, "weak 21-40"),
    (60, "average 41-60"),
    (80, "strong 61-80"),
    (100, "very strong 81-100"),
)
SUPER_STRONG = "super strong 101+"
ANIMAL = "horse or mule"


def _source(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def price_list() -> Chart:
    """Table C, the price list (:473-501)."""
    return _chart("price-list")


def item(name: str) -> ChartRow:
    """A row of the price list by name (case-insensitive, a unique start is enough); an unknown name
    is a `UsageError` listing the closest items."""
    chart = price_list()
    key = " ".join(name.casefold().split())
    rows = {row.key.casefold(): row for row in chart.rows}
    if key in rows:
        return rows[key]
    starts = [row for k, row in rows.items() if k.startswith(key)] if key else []
    if len(starts) == 1:
        return starts[0]
    close = [r.key for r in starts] or [
        rows[k].key for k in difflib.get_close_matches(key, list(rows), n=5, cutoff=0.5)
    ]
    if close:
        said = gettext("no item {name} on the price list; did you mean: {names}")
    else:
        said = gettext("no item {name} on the price list; items: {names}")
    names = ", ".join(close or [r.key for r in chart.rows])
    raise UsageError(said.format(name=repr(name), names=names))


def cost_gp(row: ChartRow) -> Fraction:
    """An item's price in GP, exact (the spear's 1 1/2)."""
    cost = row.get("cost_gp")
    assert isinstance(cost, int | float)
    return Fraction(str(cost))


# ---------------------------------------------------------------------------------------------------
# Availability


def availability_classes() -> tuple[str, ...]:
    """The availability classes: Yes, II, III, IV (:509-513)."""
    return tuple(row.key for row in _chart("availability").rows)


def in_stock_chance(availability: str) -> Fraction:
    """The exact chance that an item of this class is in stock on one try."""
    chart = _chart("availability")
    key = availability.strip()
    if key.casefold() not in {k.casefold() for k in availability_classes()}:
        raise UsageError(
            gettext("availability class {availability} is not one of {classes}").format(
                availability=repr(availability), classes=", ".join(availability_classes())
            )
        )
    chance = chart.cell(key, "in_stock_chance")
    assert isinstance(chance, int)
    return Fraction(chance, 100)


def stocked_within(availability: str, months: int) -> Fraction:
    """The exact chance of finding the item within `months` monthly tries."""
    if months < 1:
        raise UsageError(gettext("months {months} must be at least 1").format(months=months))
    return 1 - (1 - in_stock_chance(availability)) ** months


@dataclass(frozen=True)
class Search:
    """Monthly tries to find an item in stock: the class, each month's roll, the month it was found."""

    availability: str
    chance: Fraction
    rolls: tuple[Roll, ...]
    found_month: int | None
    source: str = _source("509-513")


def seek(rng: Rng, availability: str, months: int = 1, given: tuple[int, ...] = ()) -> Search:
    """Try once a month, up to `months` tries, until the item is in stock: two d20 read 01-100 at or
    under the class's chance (II: under 51). Class Yes needs no roll. `given` are rolls made at the table,
    used first."""
    chance = in_stock_chance(availability)
    if months < 1:
        raise UsageError(gettext("months {months} must be at least 1").format(months=months))
    if chance == 1:
        return Search(availability, chance, (), 1)
    rolls: list[Roll] = []
    for month in range(1, months + 1):
        roll = given_roll(given[month - 1]) if month <= len(given) else percentile(rng)
        rolls.append(roll)
        if Fraction(roll.total, 100) <= chance:
            return Search(availability, chance, tuple(rolls), month)
    return Search(availability, chance, tuple(rolls), None)


# ---------------------------------------------------------------------------------------------------
# Craftsmen and prices


@dataclass(frozen=True)
class Order:
    """A special order to a craftsman: the price paid in advance, the weeks, and where it stands."""

    item: str
    supplier: str
    cost_gp: Fraction
    weeks: int
    queued: int
    source: str = _source("515")

    @property
    def starts_now(self) -> bool:
        """True when the craftsman has a free place; otherwise the order waits its turn."""
        return self.queued == 0


def special_order(name: str, in_hand: int = 0) -> Order:
    """Hire the maker to make an item not in stock: its price plus 50%, paid in advance; the
    craftsman works on two orders at once, so with two in hand the order waits (`queued` ahead)."""
    if in_hand < 0:
        raise UsageError(gettext("orders in hand {orders} cannot be negative").format(orders=in_hand))
    row = item(name)
    weeks = row.get("weeks")
    assert isinstance(weeks, int)
    queued = max(0, in_hand - SPECIAL_ORDER_LIMIT + 1)
    return Order(row.key, str(row.get("supplier")), cost_gp(row) * SPECIAL_ORDER_MARKUP, weeks, queued)


@dataclass(frozen=True)
class Price:
    """What an item costs this character, and why."""

    item: str
    list_gp: Fraction
    cost_gp: Fraction
    reason: str
    source: str


def price_for(name: str, *, armorer: bool = False, special: bool = False) -> Price:
    """The price of an item: the list price, plus 50% on special order, half when a master armourer
    makes it himself (ruling "Equipment: the armourer's half price")."""
    row = item(name)
    listed = cost_gp(row)
    if armorer:
        return Price(row.key, listed, listed * ARMORER_SHARE, "made by a master armourer", _source("440"))
    if special:
        return Price(row.key, listed, listed * SPECIAL_ORDER_MARKUP, "special order", _source("515"))
    return Price(row.key, listed, listed, "list price", row.source)


def character_price(character: Character, name: str, *, special: bool = False) -> Price:
    """The price for a character: half if he is a master armourer (course 21)."""
    return price_for(name, armorer=character.has_course(ARMORER_COURSE), special=special)


# ---------------------------------------------------------------------------------------------------
# Encumbrance


@dataclass(frozen=True)
class Movement:
    """Table E read: the weight row and strength column used, the speed, the dexterity modifier."""

    load_lb: Fraction
    row: str
    column: str
    speed: Fraction | None
    dexterity_modifier: Fraction
    source: str

    @property
    def inches(self) -> Fraction:
        """The tactical move in inches: the table's speed plus the dexterity modifier, never below 0;
        0 when the table says the carrier cannot move."""
        if self.speed is None:
            return Fraction(0)
        return max(Fraction(0), self.speed + self.dexterity_modifier)


def strength_column(strength: int) -> str:
    """Table E's column for a Strength number (0 reads as very weak)."""
    if strength < 0:
        raise UsageError(gettext("strength {strength} cannot be negative").format(strength=strength))
    for top, column in STRENGTH_COLUMNS:
        if strength <= top:
            return column
    return SUPER_STRONG


def dexterity_modifier(dexterity: int) -> Fraction:
    """1/8 inch a point over 80, less 1/8 inch a point under 25 (:601)."""
    if dexterity < 0:
        raise UsageError(gettext("dexterity {dexterity} cannot be negative").format(dexterity=dexterity))
    if dexterity > DEXTERITY_HIGH:
        return (dexterity - DEXTERITY_HIGH) * DEXTERITY_STEP
    if dexterity < DEXTERITY_LOW:
        return -(DEXTERITY_LOW - dexterity) * DEXTERITY_STEP
    return Fraction(0)


def _weight_row(load: Fraction) -> ChartRow | None:
    if load < 0:
        raise UsageError(gettext("load {load} lb cannot be negative").format(load=f"{float(load):g}"))
    for row in _chart("encumbrance").rows:
        if load <= int(row.key.split()[0]):
            return row
    return None


def _speed(row: ChartRow | None, column: str) -> Fraction | None:
    if row is None:
        return None
    value = row.get(column)
    return None if value is None else Fraction(str(value))


def movement(load_lb: float | Fraction, strength: int, dexterity: int) -> Movement:
    """A person's tactical move: the first weight row at or above the load (ruling "Equipment: weights
    between the rows"), the Strength column, and the dexterity modifier; past 200 lb, no move."""
    load = Fraction(str(load_lb)) if isinstance(load_lb, float) else Fraction(load_lb)
    row = _weight_row(load)
    column = strength_column(strength)
    where = row.source if row else _source("596")
    return Movement(
        load,
        row.key if row else "over 200 lb",
        column,
        _speed(row, column),
        dexterity_modifier(dexterity),
        where,
    )


def animal_movement(load_lb: float | Fraction) -> Movement:
    """A horse's or mule's tactical move under a load, the rider, his gear and the saddle included (:603)."""
    load = Fraction(str(load_lb)) if isinstance(load_lb, float) else Fraction(load_lb)
    row = _weight_row(load)
    where = row.source if row else _source("596")
    return Movement(load, row.key if row else "over 200 lb", ANIMAL, _speed(row, ANIMAL), Fraction(0), where)


def character_movement(character: Character) -> Movement:
    """A character's move under everything carried, from the usable (75% if untrained) Strength and
    Dexterity (ruling "Equipment: which ratings")."""
    return movement(
        Fraction(str(character.burden_lb)), character.effective("strength"), character.effective("dexterity")
    )


# ---------------------------------------------------------------------------------------------------
# Burden and fatigue

FATIGUE_STEPS = ((Fraction(3, 2), 3), (Fraction(5, 4), 2))
"""At 25% over the normal burden the fatigue rate doubles, at 50% it triples (:108)."""

MOST_CARRIED = Fraction(3, 2)
"""Nobody carries more than 150% of his normal lifting ability (:108)."""


def fatigue_rate(burden_lb: float | Fraction, lifting_lb: int) -> int | None:
    """How fast a burden tires its bearer: 0 within the normal lifting ability (2 lb a point of usable
    Strength, :104), 1 from the first pound over, 2 from 25% over, 3 from 50% over; None past 150%,
    which cannot be carried (:108; ruling "Equipment: burden and fatigue")."""
    load = Fraction(str(burden_lb)) if isinstance(burden_lb, float) else Fraction(burden_lb)
    if load < 0 or lifting_lb < 0:
        raise UsageError(
            gettext("burden {burden} lb and lifting ability {lifting} lb cannot be negative").format(
                burden=burden_lb, lifting=lifting_lb
            )
        )
    if load <= lifting_lb:
        return 0
    if load > lifting_lb * MOST_CARRIED:
        return None
    for share, rate in FATIGUE_STEPS:
        if load >= lifting_lb * share:
            return rate
    return 1


def character_fatigue_rate(character: Character) -> int | None:
    """`fatigue_rate` for everything the character carries against his usable Strength."""
    return fatigue_rate(Fraction(str(character.burden_lb)), character.lifting_lb)


def supplier(name: str) -> str:
    """Who makes or sells an item of the price list (its MANUFACTURER/SUPPLIER column, :473-501, :513)."""
    return str(item(name).get("supplier"))
