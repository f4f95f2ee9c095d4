"""What of Grey Star's sheet a book's solver may tell apart
(`gamebook.solve_state.SheetView`): two positions whose sheets differ only in what the rest of the book
can never read are solved once."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from grognard.gamebook.solve_state import Live


class GreyStarSheetView:
    """What of Grey Star's sheet the rest of a book can read (`solve_state.SheetView`): all of it but
    the Nobles where no condition on gold lies ahead, with the Magicks in one order; a fight changes
    ENDURANCE, WILLPOWER and whether a fight was fought. `grognard gs solve` is given it
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
        changes: dict[str, Any] = {"magicks": tuple(sorted(chart.magicks))}
        if ("gold",) not in live:
            changes["nobles"] = 0
        if fight_context:
            changes.update(endurance=0, willpower=0)
        canonical: Any = replace(sheet, chart=replace(chart, **changes), magicks=tuple(sorted(sheet.magicks)))
        out: Hashable = replace(canonical, fought=False) if fight_context else canonical
        return out
