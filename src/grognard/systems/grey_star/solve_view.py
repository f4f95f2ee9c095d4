"""What of Grey Star's sheet a book's solver may tell apart
(`gamebook.solve_state.SheetView`): two positions whose sheets differ only in what the rest of the book
can never read are solved once."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from grognard.gamebook.solve_state import Live
from grognard.systems.grey_star.chart import LAUMSPUR, MEAL
from grognard.systems.grey_star.sheet import HERBS

UNREAD = "\x00unread"
"""What a Backpack item no section ahead names is kept as: it still takes a place in the Backpack."""

_NAMED = frozenset({MEAL, LAUMSPUR, *HERBS})
"""The Backpack items the rules themselves read (a Meal, Laumspur, a herb carried without a pouch)."""


class GreyStarSheetView:
    """What of Grey Star's sheet the rest of a book can read (`solve_state.SheetView`): all of it but
    the Nobles where no condition on gold lies ahead, with the Magicks in one order, and the Backpack as
    the items in it (in one order) with those no condition or loss ahead names and the rules do not read
    kept as a place taken (`UNREAD`: the Backpack's room still counts); a fight changes ENDURANCE,
    WILLPOWER and whether a fight was fought. `grognard gs solve` is given it
    (`cli.solve.add_solve_command`)."""

    def key(self, sheet: Any, live: Live) -> Hashable:
        """The sheet with the unread Nobles dropped and the Magicks sorted."""
        return self._canonical(sheet, live, fight_context=False)

    def fight_context(self, sheet: Any, live: Live) -> Hashable:
        """The key without ENDURANCE, WILLPOWER and `fought`."""
        return self._canonical(sheet, live, fight_context=True)

    def _canonical(self, sheet: Any, live: Live, fight_context: bool) -> Hashable:
        chart = sheet.chart
        if chart is None:
            return sheet  # type: ignore[no-any-return]
        backpack = sorted(i if i in _NAMED or ("item", i) in live else UNREAD for i in chart.backpack)
        changes: dict[str, Any] = {"magicks": tuple(sorted(chart.magicks)), "backpack": tuple(backpack)}
        if ("gold",) not in live:
            changes["nobles"] = 0
        if fight_context:
            changes.update(endurance=0, willpower=0)
        canonical: Any = replace(sheet, chart=replace(chart, **changes), magicks=tuple(sorted(sheet.magicks)))
        out: Hashable = replace(canonical, fought=False) if fight_context else canonical
        return out
