"""General supplies (Table D, :517-542): bought at their prices in gold, silver and copper pieces, kept in
the kit, and eaten and drunk on the road.

`supply` finds an item of Table D by name; `buy_supply` pays for N of them from a character's purse and
puts them in his kit: rations as one counted item ("Beef ration (7)", its weight with it), a horse or a
mule as an item of no weight (Table D gives none: "a blank weight is not carried"), anything else one
item each. `day_on_the_road` feeds and waters him and his animals for a day of travel: "Any one ration of
food is needed by each character per day to stay healthy" (:534), a water ration a day for a man, three
for a mule, five for a horse (:535), a horse ration a day for a horse (:533). Readings: ruling "Campaign:
supplies and rations" in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.action_text import Purchase
from grognard.systems.adventures_in_fantasy.character import Item
from grognard.systems.adventures_in_fantasy.charts import Chart, ChartRow
from grognard.systems.adventures_in_fantasy.checks import sickness
from grognard.systems.adventures_in_fantasy.equipment import item as price_list_item
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_table
from grognard.systems.adventures_in_fantasy.time import Member

COPPER_IN = {"CP": 1, "SP": 10, "GP": 100}
"""A price's coin in copper pieces, for change only: ten copper to the silver, ten silver to the gold
(the book prints no rate of exchange; ruling "Campaign: supplies and rations")."""

SERVICES = frozenset({"meal at the inn", "room at the inn", "room in town"})
"""Table D's rows that are services, not things kept (:540-542)."""

FOOD = ("Beef ration", "Fish ration", "Pork ration", "Tinned ration", "Waybread ration")
"""The rations of food: "Any one ration of food" a day keeps a character healthy (:534-539)."""

WATER = "Water ration"
FODDER = "Horse ration"
HORSE = "Horse"
MULE = "Pack mule"
ANIMALS = (HORSE, MULE)

WATER_A_DAY = {"man": 1, MULE: 3, HORSE: 5}
"""Water rations a day: "Man uses 1 per day Mule uses 3 per day Horse uses 5 per day" (:535)."""

MAX_COUNT = 1000
"""The most of one item bought at once."""

_COUNTED = re.compile(r"^(?P<name>.+?) \((?P<count>\d+)\)$")


def _chart() -> Chart:
    entry = get_table("general-supplies")
    assert isinstance(entry, Chart)
    return entry


def supply(name: str) -> ChartRow:
    """The row of Table D called `name` (any case; a unique start, or else a unique part, is enough:
    "rope"), or a `UsageError`."""
    key = " ".join(name.casefold().split())
    rows = {row.key.casefold(): row for row in _chart().rows}
    found = rows.get(key)
    starts = [row for k, row in rows.items() if key and k.startswith(key)]
    starts = starts or [row for k, row in rows.items() if key and key in k]
    if found is None and len(starts) == 1:
        found = starts[0]
    if found is None:
        names = [r.key for r in starts] or [r.key for r in _chart().rows]
        raise UsageError(
            gettext("no item {name} on the price list or Table D; did you mean: {names}").format(
                name=repr(name), names=", ".join(names)
            )
        )
    if found.key.casefold() in SERVICES:
        raise UsageError(
            gettext("{item} is a service, not an item kept: the referee takes it with spend").format(
                item=found.key
            )
        )
    return found


def on_price_list(name: str) -> bool:
    """Whether `name` is an item of the price list (Table C), which `buy` buys as before; anything else
    it looks for in Table D."""
    try:
        price_list_item(name)
    except UsageError:
        return False
    return True


def price_copper(row: ChartRow) -> int:
    """A supply's price in copper pieces (free: 0)."""
    cost = str(row.get("cost"))
    if cost == "free":
        return 0
    amount, coin = cost.split()[:2]
    return int(amount) * COPPER_IN[coin]


def coins(copper: int) -> str:
    """An amount of copper pieces as the book writes a price: "1 GP", "5 SP", "3 CP", "1 GP 5 SP"."""
    parts = [(copper // 100, "GP"), (copper // 10 % 10, "SP"), (copper % 10, "CP")]
    shown = " ".join(f"{n} {coin}" for n, coin in parts if n)
    return shown or "nothing"


@dataclass(frozen=True)
class Purse:
    """Gold, silver and copper pieces."""

    gold: int
    silver: int
    copper: int

    @property
    def worth(self) -> int:
        """What the purse is worth in copper pieces."""
        return self.gold * COPPER_IN["GP"] + self.silver * COPPER_IN["SP"] + self.copper

    def text(self) -> str:
        """ "9 GP 5 SP 0 CP"."""
        return f"{self.gold} GP {self.silver} SP {self.copper} CP"

    def pay(self, due: int) -> Purse:
        """The purse after paying `due` copper pieces: the smallest coins first, a larger coin broken
        when they run short and the change given back in silver and copper."""
        if due > self.worth:
            raise UsageError(
                gettext("the purse holds {purse}: not {due}").format(purse=self.text(), due=coins(due))
            )
        copper = min(self.copper, due)
        due -= copper
        silver = min(self.silver, math.ceil(due / COPPER_IN["SP"]))
        due -= silver * COPPER_IN["SP"]
        gold = math.ceil(max(due, 0) / COPPER_IN["GP"])
        due -= gold * COPPER_IN["GP"]
        change = -due
        return Purse(
            self.gold - gold,
            self.silver - silver + change // COPPER_IN["SP"],
            self.copper - copper + change % COPPER_IN["SP"],
        )


def purse_of(m: Member) -> Purse:
    """A character's purse."""
    return Purse(m.character.funds_gp, m.silver, m.copper)


def with_purse(m: Member, purse: Purse) -> Member:
    """The character with this purse."""
    c = m.character.model_copy(update={"funds_gp": purse.gold})
    return m.model_copy(update={"character": c, "silver": purse.silver, "copper": purse.copper})


def counted(item: Item, name: str) -> int:
    """How many of `name` a kit item "NAME (N)" holds (0 for any other item)."""
    found = _COUNTED.match(item.name)
    if found is None or found["name"].casefold() != name.casefold():
        return 0
    return int(found["count"])


def _stacked(row: ChartRow) -> bool:
    return row.key.casefold().endswith("ration")


def _weight(row: ChartRow) -> float:
    value = row.get("weight_lb")
    return float(value) if isinstance(value, int | float) else 0.0


def parse_order(text: str) -> tuple[ChartRow, int]:
    """ "ITEM" or "ITEM:N": a supply of Table D and how many (1 to 1000)."""
    order = Purchase.parse(text)
    row, number = supply(order.item), order.count
    if not number.isdigit() or not 1 <= int(number) <= MAX_COUNT:
        raise UsageError(
            gettext("buy {text}: how many is a whole number 1-{most} (ITEM:N)").format(
                text=repr(text), most=MAX_COUNT
            )
        )
    return row, int(number)


def order_cost(row: ChartRow, count: int, markup: int = 0) -> int:
    """What `count` of a supply cost in copper pieces, with a town's markup in percent, rounded up."""
    return math.ceil(price_copper(row) * count * (100 + markup) / 100)


def _as_priced(row: ChartRow, count: int, cost: int, markup: int) -> str:
    """What an order costs, in the coin Table D prices it in ("500 SP"), or in coins when marked up."""
    listed = str(row.get("cost"))
    if markup or listed == "free":
        return coins(cost)
    amount, coin = listed.split()[:2]
    return f"{int(amount) * count} {coin}"


def buy_supply(m: Member, text: str, markup: int = 0) -> tuple[Member, str]:
    """ "ITEM[:N]" of Table D bought: paid from his purse (refused when he cannot), put in his kit; the
    log's text."""
    row, count = parse_order(text)
    cost = order_cost(row, count, markup)
    purse = purse_of(m)
    paid = _as_priced(row, count, cost, markup)
    if cost > purse.worth:
        raise UsageError(
            gettext("{name} has {purse}: {count} x {item} cost {paid}").format(
                name=m.name, purse=purse.text(), count=count, item=row.key, paid=paid
            )
        )
    moved = with_purse(m, purse.pay(cost))
    kit = list(moved.character.equipment)
    weight = _weight(row)
    if _stacked(row):
        have = next((k for k, item in enumerate(kit) if counted(item, row.key)), None)
        total = count + (counted(kit[have], row.key) if have is not None else 0)
        stack = Item(name=f"{row.key} ({total})", weight_lb=round(weight * total, 2), source=row.source)
        if have is None:
            kit.append(stack)
        else:
            kit[have] = stack
    else:
        kit += [Item(name=row.key, weight_lb=weight, source=row.source)] * count
    c = moved.character.model_copy(update={"equipment": tuple(kit)})
    moved = moved.with_character(c)
    text = f"{count} x {row.key} for {paid} (Table D); kit {c.burden_lb:g} lb, {purse_of(moved).text()} left"
    return moved, text


def carried(m: Member, name: str) -> int:
    """How many of `name` he carries: counted items and single ones."""
    return sum(counted(i, name) or int(i.name.casefold() == name.casefold()) for i in m.character.equipment)


def _use(m: Member, name: str, wanted: int) -> tuple[Member, int]:
    """Up to `wanted` of a counted supply taken from his kit (the first stacks first), its weight with
    it; how many there were."""
    kit: list[Item] = []
    used = 0
    for item in m.character.equipment:
        have = counted(item, name)
        take = min(have, wanted - used)
        if not take:
            kit.append(item)
            continue
        used += take
        left = have - take
        if left:
            weight = round(item.weight_lb * left / have, 2)
            kit.append(item.model_copy(update={"name": f"{name} ({left})", "weight_lb": weight}))
    return m.with_character(m.character.model_copy(update={"equipment": tuple(kit)})), used


@dataclass(frozen=True)
class Day:
    """A day's food and water for one character and his animals: who he is after it, what the log says,
    and whether he went without (and so fell ill)."""

    member: Member
    text: str
    without: bool


def day_on_the_road(m: Member, health_loss: bool = False) -> Day:
    """A day of travel: he eats one ration of food (the first his kit holds) and drinks a water ration;
    each horse and mule drinks its share and eats a horse ration (:533-535). Without his food or water he
    is not healthy that day: a week more of illness, and with the optional rule a Health point for it
    (:253-255; ruling "Campaign: supplies and rations"). His animals go without as the log says."""
    said: list[str] = []
    food = next((f for i in m.character.equipment for f in FOOD if counted(i, f)), None)
    if food is not None:
        m, _ = _use(m, food, 1)
        said.append(f"eats a {food}")
    m, drunk = _use(m, WATER, WATER_A_DAY["man"])
    if drunk:
        said.append(f"drinks a {WATER}")
    without = [what for what, had in (("food", food), ("water", drunk)) if not had]
    for animal in ANIMALS:
        for _ in range(carried(m, animal)):
            m, water = _use(m, WATER, WATER_A_DAY[animal])
            m, fodder = _use(m, FODDER, 1)
            short = [w for w, ok in (("water", water == WATER_A_DAY[animal]), ("fodder", fodder)) if not ok]
            name = animal.lower()
            said.append(
                f"his {name} " + (f"is short of {' and '.join(short)}" if short else "is fed and watered")
            )
    food_left, water_left, fodder_left = (
        sum(carried(m, f) for f in FOOD),
        carried(m, WATER),
        carried(m, FODDER),
    )
    if food or drunk or food_left or water_left:
        said.append(
            f"{food_left} food, {water_left} water"
            + (f", {fodder_left} fodder" if fodder_left else "")
            + " left"
        )
    if not without:
        return Day(m, "; ".join(said), False)
    c = m.character
    text = f"goes without {' and '.join(without)}: not healthy, ill a week more"
    if health_loss:
        c = sickness(c, 1)
        text += f", Health {c.characteristics.health}"
    m = m.with_character(c).model_copy(update={"ill_weeks": m.ill_weeks + 1})
    text += f" ({m.ill_weeks} week(s) ill)"
    return Day(m, "; ".join([*said, text]), True)


SOURCE = f"{RULEBOOK}:517-542"
