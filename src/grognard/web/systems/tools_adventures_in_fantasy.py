"""Adventures in Fantasy: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs)."""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.i18n import N_, decimal
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.combat import parse_fighter
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, start_melee
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds
from grognard.systems.adventures_in_fantasy.words import word
from grognard.web.tool_kit import Bar, ToolResult, Values, pct

LEFT = {
    "a-hit-points": N_("Expected a hit points left"),
    "b-hit-points": N_("Expected b hit points left"),
}
"""Each side's expected hit points at the end, as the result names them (said where shown)."""


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    a = parse_fighter(values["a"], "A")
    b = parse_fighter(values["b"], "B")
    if max(a.hit_points, b.hit_points) > 100:
        raise UsageError(_("hit points: at most 100 a side here (the command line takes more)"))
    rules = MeleeRules(values["hit_location"], values["strength"], values["armour"], values["stamina"])
    odds = melee_odds(start_melee(a, b, rules))
    figures = [(word("aif", label), pct(p)) for label, p in sorted(odds.outcomes.items())]
    figures += [(_(LEFT[k]), decimal(float(v), 2)) for k, v in odds.expected.items()]
    bars = [Bar(word("aif", label), float(p)) for label, p in sorted(odds.outcomes.items())]
    data = {"outcomes": {k: float(v) for k, v in odds.outcomes.items()}, "positions": odds.positions}
    title = _("Adventures in Fantasy melee: %(a)s against %(b)s") % {"a": a.name, "b": b.name}
    return ToolResult(title, figures, bars, data=data)
