"""HeroQuest: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs)."""

from __future__ import annotations

from typing import Any

from grognard.systems.heroquest.content import combat_dice as cd
from grognard.web.tool_kit import Bar, ToolResult, Values, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    attacks = values["attacks"]
    dist = cd.turn_damage([(values["attack"], values["defend"])] * attacks, values["defender"])
    mean = cd.mean(dist)
    figures = [("Mean damage", f"{float(mean):.3f}")]
    data: dict[str, Any] = {
        "distribution": {str(k): float(p) for k, p in sorted(dist.items())},
        "mean": float(mean),
    }
    if values["body"] is not None:
        kill = cd.kill_chance(values["attack"], values["defend"], values["defender"], values["body"], attacks)
        figures.append((f"Kills a target of {values['body']} Body", pct(kill)))
        data["kill_chance"] = float(kill)
    bars = [Bar(f"{k} damage", float(p)) for k, p in sorted(dist.items())]
    return ToolResult("HeroQuest attack: damage", figures, bars, data=data)
