"""A kept character's money and kit: treasure taken, money spent, items bought at the price list,
found or dropped, hirelings paid.

Each function takes a campaign `Member` and gives the changed member and a `Line` for the log (label,
text, the book's line), or refuses with a `UsageError` saying why. Gold and silver are kept apart (the
book gives no rate of exchange, ruling "Experience: Al-Haza's fees"); a price with a fraction of a gold
piece is paid in whole gold pieces, rounded up (ruling "Campaign purse").
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.action_text import Find, Money
from grognard.systems.adventures_in_fantasy.character import Item
from grognard.systems.adventures_in_fantasy.equipment import cost_gp, in_stock_chance, item
from grognard.systems.adventures_in_fantasy.hirelings import month_bill
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK
from grognard.systems.adventures_in_fantasy.time import Member


class Line(NamedTuple):
    """What the log says of a change: label, text, source."""

    label: str
    text: str
    source: str


def coins_of(text: str) -> tuple[int, int]:
    """`GP` or `GP:SP` as two whole numbers, neither negative, not both 0."""
    money = Money.parse(text)
    gold_text, silver_text = money.gold, money.silver
    try:
        gold, silver = int(gold_text or "0"), int(silver_text or "0")
    except ValueError:
        raise UsageError(
            gettext("money {text}: write GP or GP:SP in whole pieces").format(text=repr(text))
        ) from None
    if gold < 0 or silver < 0 or gold + silver == 0:
        raise UsageError(
            gettext("money {text}: give some gold or silver, none of it negative").format(text=repr(text))
        )
    return gold, silver


def _with_money(m: Member, gold: int, silver: int) -> Member:
    c = m.character.model_copy(update={"funds_gp": gold})
    return m.model_copy(update={"character": c, "silver": silver})


def take(m: Member, text: str) -> tuple[Member, Line]:
    """Money taken (treasure, a sale, a reward): `GP` or `GP:SP` added to his purse."""
    gold, silver = coins_of(text)
    moved = _with_money(m, m.character.funds_gp + gold, m.silver + silver)
    return moved, Line("Treasure", f"+{gold} GP {silver} SP: {_purse(moved)}", "")


def spend(m: Member, text: str) -> tuple[Member, Line]:
    """Money spent: `GP` or `GP:SP` taken from his purse; more than he has is refused."""
    gold, silver = coins_of(text)
    if gold > m.character.funds_gp or silver > m.silver:
        raise UsageError(
            gettext("{name} has {gold} GP {silver} SP left: not {spent_gold} GP {spent_silver} SP").format(
                name=m.name, gold=m.character.funds_gp, silver=m.silver, spent_gold=gold, spent_silver=silver
            )
        )
    moved = _with_money(m, m.character.funds_gp - gold, m.silver - silver)
    return moved, Line("Spent", f"-{gold} GP {silver} SP: {_purse(moved)}", "")


def _purse(m: Member) -> str:
    return f"{m.character.funds_gp} GP {m.silver} SP left"


def price(name: str) -> tuple[str, int, float, str, Fraction]:
    """An item of the price list: its name, its price in whole GP (rounded up), weight, availability
    class and the chance it is in stock (:473-513)."""
    row = item(name)
    weight = row.get("weight_lb")
    availability = row.get("availability")
    assert isinstance(weight, int | float) and isinstance(availability, str)
    return row.key, math.ceil(cost_gp(row)), float(weight), availability, in_stock_chance(availability)


def can_buy(m: Member, name: str, cost: int | None = None) -> str:
    """The item's name on the price list, once it is sure he can pay for it (its list price, or
    `cost` in whole GP where a town marks it up)."""
    key, gold, _, _, _ = price(name)
    gold = gold if cost is None else cost
    if gold > m.character.funds_gp:
        raise UsageError(
            gettext("{name} has {funds} GP: the {item} costs {gold} GP").format(
                name=m.name, funds=m.character.funds_gp, item=key, gold=gold
            )
        )
    return key


def buy(m: Member, name: str, cost: int | None = None) -> tuple[Member, Line]:
    """The item bought: its price (or `cost`, a town's) paid and the item (with its weight) in his kit."""
    key, gold, weight, _, _ = price(name)
    gold = gold if cost is None else cost
    c = m.character
    bought = Item(name=key, weight_lb=weight, source=f"{RULEBOOK}:473-501")
    c = c.model_copy(update={"funds_gp": c.funds_gp - gold, "equipment": (*c.equipment, bought)})
    moved = m.with_character(c)
    text = f"{key} for {gold} GP ({weight:g} lb); kit {c.burden_lb:g} lb, {_purse(moved)}"
    return moved, Line("Bought", text, f"{RULEBOOK}:473-513")


def find(m: Member, text: str) -> tuple[Member, Line]:
    """An item taken as treasure: `NAME` (weighed as on the price list) or `NAME:WEIGHT` in pounds."""
    written = Find.parse(text)
    name, weight_text = written.item, written.pounds
    if not name.strip():
        raise UsageError(gettext("find: name the item (NAME or NAME:POUNDS)"))
    if weight_text:
        try:
            weight = float(weight_text)
        except ValueError:
            raise UsageError(
                gettext("weight {weight} is not a number of pounds").format(weight=repr(weight_text))
            ) from None
        if not 0 <= weight <= 10_000:
            raise UsageError(gettext("weight {weight} lb: 0 to 10000").format(weight=weight_text))
        found = Item(name=name.strip(), weight_lb=weight)
    else:
        key, _, pounds, _, _ = price(name)
        found = Item(name=key, weight_lb=pounds, source=f"{RULEBOOK}:473-501")
    c = m.character.model_copy(update={"equipment": (*m.character.equipment, found)})
    return m.with_character(c), Line(
        "Found", f"{found.name} ({found.weight_lb:g} lb); kit {c.burden_lb:g} lb", ""
    )


def drop(m: Member, name: str) -> tuple[Member, Line]:
    """One item of that name taken out of his kit (left, given away or sold)."""
    kit = list(m.character.equipment)
    for k, carried in enumerate(kit):
        if carried.name.casefold() == name.strip().casefold():
            del kit[k]
            c = m.character.model_copy(update={"equipment": tuple(kit)})
            return m.with_character(c), Line("Dropped", f"{carried.name}; kit {c.burden_lb:g} lb", "")
    raise UsageError(gettext("{name} carries no {item}").format(name=m.name, item=repr(name)))


def pay_men(m: Member, yearly_income_gp: int) -> tuple[Member, Line]:
    """His hirelings' month: pay by their rank's yearly income and upkeep, doubled the first month after
    a desertion (:1892); refused when he cannot pay (`unpaid:I` lets them desert)."""
    if m.band.men == 0:
        raise UsageError(gettext("{name} has no hirelings to pay").format(name=m.name))
    bill = month_bill(m.band.men, yearly_income_gp, deserted_before=m.band.deserted)
    gold = math.ceil(bill.pay_gp)
    if gold > m.character.funds_gp or bill.upkeep_sp > m.silver:
        raise UsageError(
            gettext("{name} has {gold} GP {silver} SP: the month costs {pay} GP and {upkeep} SP").format(
                name=m.name, gold=m.character.funds_gp, silver=m.silver, pay=gold, upkeep=bill.upkeep_sp
            )
        )
    moved = _with_money(m, m.character.funds_gp - gold, m.silver - bill.upkeep_sp)
    doubled = " (doubled)" if bill.doubled else ""
    text = f"{m.band.men} men: {gold} GP pay{doubled} + {bill.upkeep_sp} SP upkeep; {_purse(moved)}"
    return moved, Line("Hirelings paid", text, bill.source)
