"""Grey Star: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs)."""

from __future__ import annotations

from typing import Any

from grognard.engine.errors import OddsError, UsageError
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import advise
from grognard.web.tool_kit import Bar, ToolResult, Values, pct


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
        raise UsageError(f"this fight is too big to work out here: {e}") from e
    figures = [
        ("Win, best WILLPOWER spending", pct(data["p_win_optimal"])),
        ("Best first spend", str(data["best_first_spend"])),
        ("Expected WILLPOWER spent", f"{data['expected_willpower_spent']:.2f}"),
        ("Expected ENDURANCE lost", f"{data['expected_endurance_lost']:.2f}"),
    ]
    bars = [
        Bar(f"spend {s['spend']}{' then evade' if s['evade'] else ''}", s["p_win"]) for s in data["spends"]
    ]
    return ToolResult("Grey Star combat: win chance by first WILLPOWER spend", figures, bars, data=data)
