"""Lands: a town or a castle's holdings held by a character, and the revenue they pay him each year.

The book prices a town's worth in one line: "BLEAKWOOD TOWN - 200 population, giving 600 GP of revenue
per year" (:1411), three gold pieces a year for each inhabitant; a castle's holdings are counted in people
("HOLDINGS - 600 Yeomen, 3,000 Serfs (in twenty villages)", :1420-1422) with no rate of their own. A
`Land` is one such holding: its name, its people and the gold each pays a year, the book's three unless
the referee sets another (ruling "Campaign: lands and revenue"). The revenue is paid with the rest of the
year's income on the Day of Tehuti (`time.effect`, task "income"); the garrison and hirelings are paid out
of the purse as before (`pay-men`, :1892).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext, number
from grognard.systems.adventures_in_fantasy.action_text import Holding
from grognard.systems.adventures_in_fantasy.towns import MAX_POPULATION, Town

REVENUE_PER_HEAD_GP = 3
"""Gold a year for each inhabitant: Bleakwood's 600 GP from 200 people (:1411)."""

MAX_RATE_GP = 1000
"""The most gold a year a referee may set for one person (a bound, not a rule)."""

SOURCE = "002_8449cbd1010a37a5.txt:1411"


class Land(BaseModel):
    """A town or holdings held: its name, its people, the gold each pays a year."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=80)
    people: int = Field(ge=1, le=MAX_POPULATION)
    rate_gp: Fraction = Fraction(REVENUE_PER_HEAD_GP)

    @property
    def revenue_gp(self) -> int:
        """The year's revenue in whole gold pieces (a part piece is not paid)."""
        return int(self.people * self.rate_gp)

    def describe(self) -> str:
        """One line: "Bleakwood: 200 people at 3 GP a year, 600 GP"."""
        return f"{self.name}: {self.people:,} people at {_gp(self.rate_gp)} a year, {self.revenue_gp:,} GP"


def _gp(amount: Fraction) -> str:
    whole = amount.denominator == 1
    return f"{amount.numerator} GP" if whole else f"{amount.numerator}/{amount.denominator} GP"


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise UsageError(
            gettext("{what} {text} is not a whole number").format(what=gettext(what), text=repr(text))
        ) from None
    if not low <= value <= high:
        raise UsageError(
            gettext("{what} {value} must be {low}-{high}").format(
                what=gettext(what), value=value, low=number(low), high=number(high)
            )
        )
    return value


def _rate(text: str) -> Fraction:
    try:
        rate = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise UsageError(
            gettext("gold a year {text} is not a number (3, 1/2, 0.5)").format(text=repr(text))
        ) from None
    if not 0 <= rate <= MAX_RATE_GP:
        raise UsageError(gettext("gold a year {text} must be 0-{most}").format(text=text, most=MAX_RATE_GP))
    return rate


def land_of(text: str, towns: tuple[Town, ...]) -> Land:
    """The land "NAME[:PEOPLE[:GP]]" names: a town known to the campaign (its population unless PEOPLE is
    given) or holdings of PEOPLE people; GP a year each, else the book's three (:1411)."""
    found = Holding.parse(text)
    name = " ".join(found.name.split())
    if not name:
        raise UsageError(
            gettext("lands {text}: write NAME, NAME:PEOPLE or NAME:PEOPLE:GOLD").format(text=repr(text))
        )
    if found.people:
        people = _whole(found.people, N_("people"), 1, MAX_POPULATION)
    else:
        town = next((t for t in towns if t.name.casefold() == name.casefold()), None)
        if town is None:
            raise UsageError(
                gettext("{name} is not a town the campaign knows: say how many people, {name}:PEOPLE").format(
                    name=name
                )
            )
        name, people = town.name, town.population
    rate = _rate(found.gold) if found.gold else Fraction(REVENUE_PER_HEAD_GP)
    return Land(name=name, people=people, rate_gp=rate)


def holding(lands: tuple[Land, ...], land: Land) -> tuple[Land, ...]:
    """`lands` with `land` held (one of the same name replaced)."""
    return (*(k for k in lands if k.name.casefold() != land.name.casefold()), land)


def released(lands: tuple[Land, ...], name: str) -> tuple[tuple[Land, ...], Land]:
    """`lands` without the one named `name`, and that land; a clear error if he holds none of that name."""
    key = " ".join(name.split()).casefold()
    for land in lands:
        if land.name.casefold() == key:
            return tuple(k for k in lands if k is not land), land
    if not lands:
        raise UsageError(gettext("he holds no {name} (he holds nothing)").format(name=repr(name)))
    held = ", ".join(k.name for k in lands)
    raise UsageError(gettext("he holds no {name} (he holds {held})").format(name=repr(name), held=held))


def revenue(lands: tuple[Land, ...]) -> int:
    """The year's revenue of all `lands`, in gold pieces."""
    return sum(k.revenue_gp for k in lands)
