"""Towns: what the book says a town is, and what a party can do there.

The book describes its towns by population, revenue, the craftsmen and services found there and its
defences (Bleakwood, :1405-1446; Southtown, :1413-1426): "Bleakwood town - 200 population", "one
armorer", "one Scribe (Scholar)", "two inns, one shop that sells equipment"; "Southtown - 600
population", "one Blacksmith", "no wall around the town". The price list names the maker of each item
(:473-501, "MANUFACTURER/SUPPLIER ... where the item may be purchased", :513); general supplies are
"always available ... from merchants, inns, and town bazaars" (:517); merchants may mark prices up "to
any degree that is permitted by the referee" (:503). A `Town` holds those figures; the campaign's
purchases and hirelings ask it what is to be had (ruling "Campaign: towns").
"""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.action_text import town_parts
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

MAKERS = ("Armorer", "Blacksmith", "Stable", "Scholar", "Merchant")
"""The makers and services a town may have: the price list's suppliers (:473-501), the book's
blacksmith and scholar (:1413-1419) and the merchants of general supplies (:517)."""

EVERYWHERE = "Anyone"
"""The price list's supplier of what any town sells (:497)."""

MEN_PER_RECRUIT = 10
"""A town yields one recruit for every ten people living there (ruling "Campaign: towns")."""

MAX_POPULATION = 1_000_000


class Town(BaseModel):
    """A town: its name, population, the makers and services found there, inns, walls, and the
    merchants' markup on the price list in percent."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(min_length=1)
    population: int = Field(ge=1, le=MAX_POPULATION)
    makers: tuple[str, ...] = ("Merchant",)
    inns: int = Field(default=1, ge=0)
    walled: bool = False
    markup: int = Field(default=0, ge=0, le=1000)
    source: str = ""

    @property
    def size(self) -> str:
        """The book's words for it: a village below 500 people ("VILLAGE (Bleakwood ...)", :1294),
        a town from 500, a city from 5,000 (our line; ruling "Campaign: towns")."""
        return "village" if self.population < 500 else "town" if self.population < 5000 else "city"

    @property
    def recruits(self) -> int:
        """The most men the town yields as hirelings at once."""
        return self.population // MEN_PER_RECRUIT

    def sells(self, supplier: str) -> bool:
        """Whether an item of the price list made by `supplier` can be bought here."""
        return supplier == EVERYWHERE or supplier in self.makers

    def cost(self, gold: int) -> int:
        """A price in whole GP with the town's markup, rounded up."""
        return math.ceil(gold * (100 + self.markup) / 100)

    def describe(self) -> str:
        """One line: name, size and population, makers, inns, walls, markup."""
        walls = "walled" if self.walled else "no wall"
        markup = f", prices +{self.markup}%" if self.markup else ""
        makers = ", ".join(self.makers) or "no makers"
        return (
            f"{self.name}: a {self.size} of {self.population}; {makers}; {self.inns} inn(s); {walls}{markup}"
        )


BOOK_TOWNS = (
    Town(
        name="Bleakwood",
        population=200,
        makers=("Armorer", "Scholar", "Stable", "Merchant"),
        inns=2,
        source=f"{RULEBOOK}:1411-1419, :1446, :1476",
    ),
    Town(
        name="Southtown",
        population=600,
        makers=("Blacksmith", "Merchant"),
        inns=1,
        source=f"{RULEBOOK}:1413-1426",
    ),
)
"""The book's two towns of the Bleakwood area."""


def parse_town(text: str) -> Town:
    """`NAME:POPULATION[:MAKER+MAKER...[:MARKUP[:walled]]]` as a town the referee describes."""
    parts = town_parts(text)
    if len(parts) < 2 or not parts[0].strip():
        raise UsageError(gettext("town: write town:NAME:POPULATION[:MAKER+MAKER[:MARKUP[:walled]]]"))
    name = parts[0].strip()
    try:
        population = int(parts[1])
        markup = int(parts[3]) if len(parts) > 3 and parts[3] else 0
    except ValueError:
        raise UsageError(
            gettext("town {text}: population and markup are whole numbers").format(text=repr(text))
        ) from None
    if not 1 <= population <= MAX_POPULATION or not 0 <= markup <= 1000:
        raise UsageError(
            gettext("town {name}: population 1-{most}, markup 0-1000%").format(name=name, most=MAX_POPULATION)
        )
    makers: tuple[str, ...] = ("Merchant",)
    if len(parts) > 2 and parts[2]:
        named = [m.strip().capitalize() for m in parts[2].split("+") if m.strip()]
        unknown = [m for m in named if m not in MAKERS]
        if unknown:
            raise UsageError(
                gettext("town {name}: no maker {maker}; makers are {makers}").format(
                    name=name, maker=repr(unknown[0]), makers=", ".join(MAKERS)
                )
            )
        makers = tuple(dict.fromkeys(named))
    walled = len(parts) > 4 and parts[4] == "walled"
    if len(parts) > 5 or (len(parts) > 4 and not walled):
        raise UsageError(gettext("town {text}: the last part may only be 'walled'").format(text=repr(text)))
    return Town(name=name, population=population, makers=makers, markup=markup, walled=walled)


def find_town(name: str, known: tuple[Town, ...]) -> Town:
    """The town of that name among `known` (the referee's, then the book's); a clear error if none."""
    for town in (*known, *BOOK_TOWNS):
        if town.name.casefold() == name.strip().casefold():
            return town
    names = ", ".join(t.name for t in (*known, *BOOK_TOWNS))
    raise UsageError(
        gettext("no town {name} ({names}); describe it first: town:{town}:POPULATION[:MAKERS]").format(
            name=repr(name), names=names, town=name
        )
    )
