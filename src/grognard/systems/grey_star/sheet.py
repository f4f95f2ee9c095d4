"""Grey Star's sheet in a gamebook: the Action Chart once made, what creation has settled so far, the
weapon in hand, and whether a fight has been fought (the Vial of Laumspur is for after a fight).

Where an item goes is the book's to say (`[book.items]`: `weapon`, `special`, `herb`); the starting
items are known without it. An item the limits leave no room for (at most 2 weapons, 8 Backpack items, 8
in the Herb Pouch: the issue's Action Chart rules) is held over the limit, off the chart, until the reader
discards something to take it or leaves it behind (docs/rulings/grey-star.md, "An item with no room").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from grognard.engine.errors import RulesError
from grognard.gamebook.model import Book
from grognard.i18n import N_
from grognard.i18n import gettext as _
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


FULL = {
    "weapon": N_("two weapons carried"),
    "backpack": N_("the Backpack is full"),
    "herb": N_("the Herb Pouch is full"),
}
"""Why an item of each place with a limit finds no room, as a reader would say it."""


def room_in(chart: ActionChart, place: str) -> bool:
    """True when one more item fits in `place` ("weapon", "backpack", "herb"; Special Items always fit)."""
    if place == "weapon":
        return len(chart.weapons) < MAX_WEAPONS
    if place == "backpack":
        return len(chart.backpack) < MAX_BACKPACK
    if place == "herb":
        return chart.herb_pouch is not None and len(chart.herb_pouch) < MAX_HERB_POUCH
    return True


def carried_in(chart: ActionChart, place: str) -> tuple[str, ...]:
    """The items carried in `place`."""
    if place == "weapon":
        return chart.weapons
    if place == "herb":
        return chart.herb_pouch or ()
    return chart.backpack


@dataclass(frozen=True)
class GreyStarSheet:
    """The reader's sheet: `scores` rolled so far (COMBAT SKILL, WILLPOWER, ENDURANCE), `magicks`
    chosen so far (the Lesser, then the Higher ones the book gives), then the `chart` (None until the
    gift is chosen); `wielded` is the weapon fought with (None: bare hands); `fought` is true once a
    fight has ended; `surplus` the items gained with no room for them, as (place, item), held off the
    chart until the reader makes room or leaves them (they are not carried: no condition sees them);
    `kit_done` is true once the items carried from an
    earlier adventure (the book's `carried_over`) are taken; `returning` whether the reader finished an
    earlier adventure (None: not asked, or a book that does not count it)."""

    scores: tuple[int, ...] = ()
    magicks: tuple[str, ...] = ()
    chart: ActionChart | None = None
    wielded: str | None = STAFF
    fought: bool = False
    surplus: tuple[tuple[str, str], ...] = ()
    kit_done: bool = False
    returning: bool | None = None

    @property
    def ready(self) -> ActionChart:
        """The Action Chart; a `RulesError` while the sheet is still being made."""
        if self.chart is None:
            raise RulesError("play", self, _("the Action Chart is not made yet"))
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
        """The sheet with `chart`, the weapon in hand still carried (else the best one carried), and the
        items held over the limit put where room has been made for them."""
        wielded = self.wielded
        if wielded is None or wielded not in chart.weapons:
            wielded = default_weapon(chart)
        return replace(self, chart=chart, wielded=wielded)._fit()

    def gain(self, item: str, book: Book) -> GreyStarSheet:
        """The sheet with `item` taken, where it belongs; held over the limit when there is no room."""
        return self._put(item_place(item, book), item)

    def _put(self, place: str, item: str) -> GreyStarSheet:
        chart = self.ready
        if place == "herb" and chart.herb_pouch is None:
            place = "backpack"
        if not room_in(chart, place):
            return replace(self, surplus=(*self.surplus, (place, item)))
        if place == "weapon":
            return replace(self, chart=chart.add_weapon(item), wielded=self.wielded or item)
        if place == "special":
            return replace(self, chart=chart.add_special_item(item))
        if place == "herb":
            return replace(self, chart=chart.add_herb(item))
        return replace(self, chart=chart.add_backpack_item(item))

    def _fit(self) -> GreyStarSheet:
        """The items held over the limit, in the order gained, put where there is room now."""
        if not self.surplus or self.chart is None:
            return self
        sheet = replace(self, surplus=())
        for place, item in self.surplus:
            sheet = sheet._put(place, item)
        return sheet

    def lose(self, item: str) -> GreyStarSheet:
        """The sheet without one `item` (looked for among weapons, Backpack, Herb Pouch, Special Items in
        that order, then among the items held over the limit); unchanged when it is not there."""
        chart = self.ready
        if item in chart.weapons:
            return self.with_chart(chart.drop_weapon(item))
        if item in chart.backpack:
            return self.with_chart(chart.drop_backpack_item(item))
        if chart.herb_pouch is not None and item in chart.herb_pouch:
            return self.with_chart(chart.drop_herb(item))
        if item in chart.special_items:
            return self.with_chart(chart.drop_special_item(item))
        return self.leave(item)

    def leave(self, item: str) -> GreyStarSheet:
        """The sheet with one `item` held over the limit left behind (unchanged when none is held)."""
        held = [entry for entry in self.surplus if entry[1] == item]
        if not held:
            return self
        rest = list(self.surplus)
        rest.remove(held[0])
        return replace(self, surplus=tuple(rest))

    def held_place(self, item: str) -> str | None:
        """Where `item`, held over the limit, would go; None when it is not held."""
        return next((place for place, held in self.surplus if held == item), None)


def default_weapon(chart: ActionChart) -> str | None:
    """The weapon taken in hand when the one held is lost: the Staff, else the Jewelled Dagger (+1), else
    the other weapon carried, else none (bare hands)."""
    for best in (STAFF, DAGGER):
        if best in chart.weapons:
            return best
    return chart.weapons[0] if chart.weapons else None
