"""Grey Star: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs). Its words are in the language in
force (the reader's, put in force by `web.tools.compute`)."""

from __future__ import annotations

from typing import Any

from grognard.engine.errors import OddsError, UsageError
from grognard.i18n import gettext as _
from grognard.i18n import number
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import advise
from grognard.web.tool_kit import Bar, ToolResult, Values, figure, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    state = CombatState(
        values["combat_skill"],
        values["endurance"],
        values["willpower"],
        values["enemy_skill"],
        values["enemy_endurance"],
        table=values["table"],
        can_evade=values["can_evade"],
    )
    try:
        data: dict[str, Any] = advise(state).to_json()
    except OddsError as e:
        raise UsageError(_("this fight is too big to work out here: {reason}").format(reason=e)) from e
    figures = [
        (_("Win, best WILLPOWER spending"), pct(data["p_win_optimal"])),
        (_("Best first spend"), _spent(data["best_first_spend"])),
        (_("Expected WILLPOWER spent"), figure(data["expected_willpower_spent"])),
        (_("Expected ENDURANCE lost"), figure(data["expected_endurance_lost"])),
    ]
    bars = [
        Bar(
            (_("spend {points} then evade") if s["evade"] else _("spend {points}")).format(
                points=number(s["spend"])
            ),
            s["p_win"],
        )
        for s in data["spends"]
    ]
    return ToolResult(_("Grey Star combat: win chance by first WILLPOWER spend"), figures, bars, data=data)


def _spent(value: object) -> str:
    """The best first spend: a number of WILLPOWER points in the reader's locale, else as the odds say it."""
    return number(value) if isinstance(value, int) else str(value)
