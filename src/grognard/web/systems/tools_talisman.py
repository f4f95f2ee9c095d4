"""Talisman: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs). Its words are in the language in
force (the reader's, put in force by `web.tools.compute`)."""

from __future__ import annotations

from grognard.i18n import gettext as _
from grognard.systems.talisman.odds import combat_odds
from grognard.web.tool_kit import Bar, ToolResult, Values, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    win, stand, lose = combat_odds(
        values["strength"], values["enemy"], values["psychic"], values["bonus"], values["enemy_bonus"]
    )
    data = {"p_win": float(win), "p_standoff": float(stand), "p_lose": float(lose)}
    figures = [(_("Win"), pct(win)), (_("Stand-off"), pct(stand)), (_("Lose"), pct(lose))]
    bars = [Bar(_("win"), float(win)), Bar(_("stand-off"), float(stand)), Bar(_("lose"), float(lose))]
    title = _("Talisman combat (psychic)") if values["psychic"] else _("Talisman combat")
    return ToolResult(title, figures, bars, data=data)
