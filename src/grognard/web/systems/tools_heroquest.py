"""HeroQuest: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs). Its words are in the language in
force (the reader's, put in force by `web.tools.compute`)."""

from __future__ import annotations

from typing import Any

from grognard.i18n import gettext as _
from grognard.i18n import number
from grognard.systems.heroquest.content import combat_dice as cd
from grognard.web.tool_kit import Bar, ToolResult, Values, figure, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    attacks = values["attacks"]
    dist = cd.turn_damage([(values["attack"], values["defend"])] * attacks, values["defender"])
    mean = cd.mean(dist)
    figures = [(_("Mean damage"), figure(float(mean), 3))]
    data: dict[str, Any] = {
        "distribution": {str(k): float(p) for k, p in sorted(dist.items())},
        "mean": float(mean),
    }
    if values["body"] is not None:
        kill = cd.kill_chance(values["attack"], values["defend"], values["defender"], values["body"], attacks)
        figures.append((_("Kills a target of {body} Body").format(body=number(values["body"])), pct(kill)))
        data["kill_chance"] = float(kill)
    bars = [Bar(_("{damage} damage").format(damage=number(k)), float(p)) for k, p in sorted(dist.items())]
    return ToolResult(_("HeroQuest attack: damage"), figures, bars, data=data)
