"""Adventures in Fantasy: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs)."""

from __future__ import annotations

from grognard.i18n import decimal
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.combat import parse_fighter, with_hit_points
from grognard.systems.adventures_in_fantasy.fighters import READY_FIGHTERS
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, start_melee
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds
from grognard.systems.adventures_in_fantasy.seat_view import fighter_said
from grognard.systems.adventures_in_fantasy.words import melee_end
from grognard.web.tool_kit import Bar, ToolResult, Values, pct


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values: the two ready-made fighters picked, with the hit
    points given (else their own)."""
    ready = {f.name: f.text for f in READY_FIGHTERS}
    sides = []
    for side in ("a", "b"):
        fighter = parse_fighter(ready[values[side]])
        if values.get(f"{side}_hp") is not None:
            fighter = with_hit_points(fighter, int(values[f"{side}_hp"]))
        sides.append(fighter)
    a, b = sides
    names = [fighter_said(f.name) for f in sides]
    rules = MeleeRules(values["hit_location"], values["strength"], values["armour"], values["stamina"])
    odds = melee_odds(start_melee(a, b, rules))
    figures = [(melee_end(label, *names), pct(p)) for label, p in sorted(odds.outcomes.items())]
    figures += [
        (
            _("{name}: hit points left on average").format(name=names[k == "b-hit-points"]),
            decimal(float(v), 2),
        )
        for k, v in odds.expected.items()
    ]
    bars = [Bar(melee_end(label, *names), float(p)) for label, p in sorted(odds.outcomes.items())]
    data = {"outcomes": {k: float(v) for k, v in odds.outcomes.items()}, "positions": odds.positions}
    title = _("Adventures in Fantasy melee: %(a)s against %(b)s") % {"a": names[0], "b": names[1]}
    return ToolResult(title, figures, bars, data=data)
