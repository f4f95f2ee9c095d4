"""Talisman: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs)."""

from __future__ import annotations

from grognard.systems.talisman.odds import combat_odds
from grognard.web.tool_kit import Bar, ToolResult, Values, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    win, stand, lose = combat_odds(
        values["strength"], values["enemy"], values["psychic"], values["bonus"], values["enemy_bonus"]
    )
    data = {"p_win": float(win), "p_standoff": float(stand), "p_lose": float(lose)}
    figures = [("Win", pct(win)), ("Stand-off", pct(stand)), ("Lose", pct(lose))]
    bars = [Bar("win", float(win)), Bar("stand-off", float(stand)), Bar("lose", float(lose))]
    return ToolResult(
        "Talisman combat" + (" (psychic)" if values["psychic"] else ""), figures, bars, data=data
    )
