"""Fighting Fantasy: its calculator on the tools page, worked out (its form is in
`web.systems.TOOL_FORMS`; this module is imported only when it runs). Its words are in the language in
force (the reader's, put in force by `web.tools.compute`)."""

from __future__ import annotations

from grognard.engine.errors import OddsError, UsageError
from grognard.gamebook.action_text import number_in
from grognard.i18n import N_, gettext
from grognard.i18n import gettext as _
from grognard.systems.fighting_fantasy.fight import start_fight
from grognard.systems.fighting_fantasy.fight_rules import DEAD, ESCAPE, FIGHT, FightRules
from grognard.systems.fighting_fantasy.game import parse_creature
from grognard.systems.fighting_fantasy.odds import fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from grognard.web.tool_kit import Bar, ToolResult, Values, figure, pct

ENDINGS = {
    "win": N_("win"),
    "dead": N_("death"),
    "escaped": N_("escape"),
    "hero-floor": N_("hero-floor"),
    "hero-wounds": N_("hero-wounds"),
    "rounds-over": N_("rounds-over"),
}
"""A fight's endings as the chart names them (said with `gettext`; the JSON keeps the rules' ids)."""


def compute(values: Values) -> ToolResult:
    """The calculator worked out on checked values."""
    enemies = [e.strip() for e in values["enemies"].split(",") if e.strip()]
    if not enemies or len(enemies) > 4:
        raise UsageError(_("Creatures: give one to four, as SKILL/STAMINA, separated by commas"))
    creatures = [parse_creature(text, i) for i, text in enumerate(enemies)]
    rules = FightRules(together=values["together"], can_escape=values["can_escape"])
    sheet = AdventureSheet.new(values["skill"], values["stamina"], values["luck"], "")
    try:
        result = fight_odds(start_fight(sheet, creatures, rules), fight_objective(values["luck_worth"], 0.0))
    except OddsError as e:
        raise UsageError(_("this fight is too big to work out here: {reason}").format(reason=e)) from e
    data = result.to_json()
    figures = [
        (_("Win, never testing Luck"), pct(result.p_win_without_luck)),
        (_("Win, best Luck policy"), pct(result.p_win_optimal_luck)),
    ]
    if result.p_win_fighting_on is not None:
        alive = 1.0 - result.outcome_probabilities.get(DEAD, 0.0)
        if result.best_start is not None:
            move = _move_words(result.best_start, [c.name for c in creatures])
            best = _("{move} (out alive {chance})").format(move=move, chance=pct(alive))
            figures.insert(0, (_("Best first move"), best))
        figures += [
            (_("Win, fighting it out (never fleeing)"), pct(result.p_win_fighting_on)),
            (_("An escape counts as"), _("a win (a way out of the fight)")),
        ]
        data["p_alive"] = alive
    figures += [
        (_("Expected LUCK left"), figure(result.expected_luck)),
        (_("Expected STAMINA left"), figure(result.expected_stamina)),
    ]
    bars = [
        Bar(gettext(ENDINGS.get(label, label)), float(p))
        for label, p in sorted(result.outcome_probabilities.items())
    ]
    return ToolResult(_("Fighting Fantasy fight"), figures, bars, data=data)


def _move_words(action: str, names: list[str]) -> str:
    """An opening move in words: fight, escape, or the creature attacked first."""
    if action.startswith("target:"):
        return _("attack {creature} first").format(creature=names[number_in(action)])
    return {FIGHT: _("fight"), ESCAPE: _("escape")}.get(action, action)
