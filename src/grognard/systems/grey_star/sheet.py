"""Grey Star's sheet in a gamebook: the Action Chart once made, what creation has settled so far, the
weapon in hand, and whether a fight has been fought (the Vial of Laumspur is for after a fight).

Where an item goes is the book's to say (`[book.items]`: `weapon`, `special`, `herb`); the starting
items are known without it. An item the limits leave no room for is left behind (at most 2 weapons and
8 Backpack items, the issue's Action Chart rules; docs/rulings/grey-star.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grognard.engine.errors import RulesError
from grognard.gamebook.model import Book
from grognard.systems.grey_star.chart import (
    DAGGER,
    HERB_POUCH_START,
    LAUMSPUR,
    MAP,
    MAX_BACKPACK,
    MAX_HERB_POUCH,
    MAX_WEAPONS,
    MEAL,
    STAFF,
    TALISMAN,
    ActionChart,
)

HERBS = tuple(dict.fromkeys(HERB_POUCH_START))
"""The Herb Pouch's starting contents, by name."""

BUILTIN_PLACES: dict[str, str] = {
    STAFF: "weapon",
    DAGGER: "weapon",
    TALISMAN: "special",
    MAP: "special",
    MEAL: "backpack",
    LAUMSPUR: "backpack",
    **{h: "herb" for h in HERBS},
}
"""Where each item known without a declaration is carried."""

PLACES = ("weapon", "special", "herb")
"""The `[book.items]` properties that say where an item goes (none of them: the Backpack)."""


def item_place(item: str, book: Book) -> str:
    """Where `item` is carried: "weapon", "special", "herb" or "backpack"."""
    props = book.book.items.get(item)
    if props is None:
        return BUILTIN_PLACES.get(item, "backpack")
    for place in PLACES:
        if props.get(place) is True:
            return place
    return "backpack"


@dataclass(frozen=True)
class GreyStarSheet:
    """The reader's sheet: `scores` rolled so far (COMBAT SKILL, WILLPOWER, ENDURANCE), `magicks`
    chosen so far, then the `chart` (None until the gift is chosen); `wielded` is the weapon fought
    with (None: bare hands); `fought` is true once a fight has ended."""

    scores: tuple[int, ...] = ()
    magicks: tuple[str, ...] = ()
    chart: ActionChart | None = None
    wielded: str | None = STAFF
    fought: bool = False

    @property
    def ready(self) -> ActionChart:
        """The Action Chart; a `RulesError` while the sheet is still being made."""
        if self.chart is None:
            raise RulesError("play", self, "the Action Chart is not made yet")
        return self.chart

    def carries(self, item: str) -> bool:
        """True when `item` is anywhere on the chart (weapons, Backpack, Herb Pouch, Special Items)."""
        chart = self.chart
        if chart is None:
            return False
        return (
            item in chart.weapons
            or item in chart.backpack
            or item in chart.special_items
            or (chart.herb_pouch is not None and item in chart.herb_pouch)
        )

    def with_chart(self, chart: ActionChart) -> GreyStarSheet:
        """The sheet with `chart`, the weapon in hand still carried (else the best one carried)."""
        wielded = self.wielded
        if wielded is None or wielded not in chart.weapons:
            wielded = default_weapon(chart)
        return replace(self, chart=chart, wielded=wielded)

    def gain(self, item: str, book: Book) -> GreyStarSheet:
        """The sheet with `item` taken, where it belongs; left behind when there is no room."""
        chart = self.ready
        place = item_place(item, book)
        if place == "weapon":
            if len(chart.weapons) >= MAX_WEAPONS:
                return self
            chart = chart.add_weapon(item)
            return replace(self, chart=chart, wielded=self.wielded or item)
        if place == "special":
            return replace(self, chart=chart.add_special_item(item))
        if place == "herb" and chart.herb_pouch is not None:
            if len(chart.herb_pouch) >= MAX_HERB_POUCH:
                return self
            return replace(self, chart=chart.add_herb(item))
        if len(chart.backpack) >= MAX_BACKPACK:
            return self
        return replace(self, chart=chart.add_backpack_item(item))

    def lose(self, item: str) -> GreyStarSheet:
        """The sheet without one `item` (looked for among weapons, Backpack, Herb Pouch, Special Items in
        that order); unchanged when it is not carried."""
        chart = self.ready
        if item in chart.weapons:
            return self.with_chart(chart.drop_weapon(item))
        if item in chart.backpack:
            return replace(self, chart=chart.drop_backpack_item(item))
        if chart.herb_pouch is not None and item in chart.herb_pouch:
            return replace(self, chart=chart.drop_herb(item))
        if item in chart.special_items:
            return replace(self, chart=chart.drop_special_item(item))
        return self


def default_weapon(chart: ActionChart) -> str | None:
    """The weapon taken in hand when the one held is lost: the Staff, else the Jewelled Dagger (+1), else
    the other weapon carried, else none (bare hands)."""
    for best in (STAFF, DAGGER):
        if best in chart.weapons:
            return best
    return chart.weapons[0] if chart.weapons else None
