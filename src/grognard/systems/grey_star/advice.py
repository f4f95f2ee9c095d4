"""The odds a reader sees before and during every fight of a book.

At each decision of a fight: the chance of winning with the best spending, the best spend now, the
chance when spending 1 WILLPOWER every round, and for every spend open its chance of winning, the
WILLPOWER expected to be spent and the ENDURANCE expected to be lost (`odds.CombatAdvisor`, solved once
per creature by `fight_solve` and looked up after). The budget of positions is the solver's own
(1,000,000), far above any fight a real book holds (ENDURANCE 30, WILLPOWER 40 against an enemy of
ENDURANCE 50 is about 60,000 positions, a few seconds); a long solve reports its progress through
`working`, which the front end shows. A fight past the budget is told how to get its odds (a larger
budget: the `advice_budget` option, or `play --advice-budget` for one session, a saved game too), and
is not tried again until it has shrunk to half.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from fractions import Fraction
from typing import TypeAlias

from grognard.engine.errors import OddsError
from grognard.engine.game import Action, OptionValue
from grognard.engine.odds.base import Number
from grognard.engine.odds.solver import DEFAULT_BUDGET
from grognard.i18n import N_, decimal, number, percent
from grognard.i18n import gettext as _
from grognard.systems.grey_star.book_fight import BookFight
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import parse_action
from grognard.systems.grey_star.fight_solve import Progress
from grognard.systems.grey_star.fight_view import fight_constants
from grognard.systems.grey_star.odds import ActionOdds, CombatAdvice, CombatAdvisor, clearly_too_large

ADVICE_BUDGET = DEFAULT_BUDGET
"""The most positions a fight's advice explores by default (the solver's own budget)."""

Working: TypeAlias = Callable[[], AbstractContextManager[Progress]]
"""What a front end gives to show a long solve: a context manager around it, yielding the `Progress`
callback (called with the positions solved so far)."""

_FAILURES_KEPT = 64


def too_costly(budget: int) -> str:
    """The line shown instead of the odds of a fight larger than the budget, saying how to get them."""
    return _(
        "Odds not worked out: this fight has over {positions} positions. To get them, continue the game "
        "with a larger budget (play ... --game ID --advice-budget {budget}); it may take minutes."
    ).format(positions=number(budget), budget=10 * budget)


def _pct(x: float) -> str:
    """A chance as a percentage, never rounded to a certainty it is not: ">99.9%", "<0.1%"."""
    x = min(max(x, 0.0), 1.0)
    if 0.999 < x < 1 - 1e-9:
        return ">" + percent(0.999)
    if 1e-9 < x < 0.0005:
        return "<" + percent(0.001)
    return percent(x)


def _size(combat: CombatState) -> int:
    return combat.endurance * combat.enemy_endurance * (max(combat.willpower, 0) + 1)


def action_text(action: Action) -> str:
    """A fight action in words: "spend 2 WILLPOWER", "evade, spending 1 WILLPOWER"."""
    spend, evade = parse_action(action)
    said = _("evade, spending {amount} WILLPOWER") if evade else _("spend {amount} WILLPOWER")
    return said.format(amount=spend)


def heading(fight: BookFight) -> str:
    """Who is fought and the Combat Ratio with and without the Staff's magic."""
    combat = fight.combat
    enemy = fight.enemy
    left = len(fight.enemies) - fight.index - 1
    count = _(" ({number} of {count})").format(number=fight.index + 1, count=len(fight.enemies))
    count = count if len(fight.enemies) > 1 else ""
    ratio = _("Combat Ratio {ratio}").format(ratio=f"{combat.ratio(0):+d}")
    if combat.magic_open:
        ratio = _("Combat Ratio {ratio} spending WILLPOWER, {plain} spending none").format(
            ratio=f"{combat.ratio(1):+d}", plain=f"{combat.ratio(0):+d}"
        )
    tail = (
        _("; these odds are for this creature only, {left} more after it").format(left=left) if left else ""
    )
    return _("{enemy}{count}, ENDURANCE {endurance}: {ratio}{tail}").format(
        enemy=enemy.name, count=count, endurance=combat.enemy_endurance, ratio=ratio, tail=tail
    )


def _other_ends(outcomes: Mapping[str, object]) -> str:
    """The ways a fight ends besides a win or death, with their chances: ", rounds over 8.9%"."""
    shown = []
    for label, said in (("evaded", N_("evaded")), ("rounds-over", N_("rounds over"))):
        value = outcomes.get(label, 0)
        p = float(value) if isinstance(value, (int, float, Fraction)) else 0.0
        if p > 0.0005:
            shown.append(f", {_(said)} {_pct(p)}")
    return "".join(shown)


def _row(a: ActionOdds, best: Action) -> str:
    mark = _("  <- best") if a.action == best else ""
    spent, lost = float(a.expected_willpower_spent), float(a.expected_endurance_lost)
    said = _("{action}: win {win}{others}, WILLPOWER spent {spent}, ENDURANCE lost {lost}{best}")
    return "  " + said.format(
        action=action_text(a.action),
        win=_pct(float(a.p_win)),
        others=_other_ends(a.outcomes),
        spent=decimal(spent),
        lost=decimal(lost),
        best=mark,
    )


def render(fight: BookFight, advice: CombatAdvice) -> list[str]:
    """The advice as lines: the summary, then one line per action open in the fight."""
    open_now = set(fight.legal_actions())
    lines = [
        heading(fight),
        _(
            "Win {win}{others} with the best spending; best now: {action}; spending 1 WILLPOWER every "
            "round: win {one}"
        ).format(
            win=_pct(float(advice.p_win_optimal)),
            others=_other_ends(advice.outcomes),
            action=action_text(advice.best_action),
            one=_pct(float(advice.p_win_spend_one)),
        ),
    ]
    lines += [_row(a, advice.best_action) for a in advice.actions if a.action in open_now]
    return lines


class FightAdvice:
    """Advice for the fights of a book, keeping one advisor per objective and budget, and the fights
    found too large (with their size, so a fight is tried again only once it has halved)."""

    def __init__(self) -> None:
        self._advisors: dict[tuple[object, ...], CombatAdvisor] = {}
        self._too_big: dict[tuple[object, ...], int] = {}
        self.working: Working | None = None
        """Set by a front end to show the progress of a long solve (see `Working`)."""
        self.budget: int | None = None
        """Set by a front end for one session: the budget of positions, over the game's option."""

    def advise(
        self,
        fight: BookFight,
        options: Mapping[str, OptionValue],
        endings: Mapping[str, Number] | None = None,
    ) -> CombatAdvice | None:
        """The advice at the fight's decision, or None when the fight is too large for the budget (the
        front end says `too_costly`). `endings` gives the worth of each way the section's fight can end, a
        win being worth 1 (`Fight.ending_worths`); a creature that is not the last is worth a plain win,
        since the fight goes on after it. The one advice every surface shows: these lines, the view's odds
        and the browser's figures."""
        ends = dict(endings or {})
        if fight.index < len(fight.enemies) - 1:
            ends.pop("win", None)
        worths = (
            float(options.get("willpower_worth", 0.005)),
            float(options.get("endurance_worth", 0.002)),
            tuple(sorted(ends.items())),
        )
        budget = self.budget_of(options)
        combat = fight.combat if not fight.waiting else replace(fight.combat, can_evade=False)
        key = (*fight_constants(combat), budget)
        failed = self._too_big.get(key)
        if (failed is not None and 2 * _size(combat) > failed) or clearly_too_large(combat, budget):
            return None
        advisor = self._advisors.get((*worths, budget))
        if advisor is None:
            advisor = self._advisors[(*worths, budget)] = CombatAdvisor(
                worths[0], worths[1], budget=budget, endings=ends
            )
        working = self.working() if self.working is not None else nullcontext(None)
        try:
            with working as progress:
                advisor.progress = progress
                return advisor.advise(combat)
        except OddsError:
            if len(self._too_big) >= _FAILURES_KEPT:
                self._too_big.clear()
            self._too_big[key] = _size(combat)
            return None

    def budget_of(self, options: Mapping[str, OptionValue]) -> int:
        """The budget of positions: this session's, else the game's option, else the solver's own."""
        return self.budget or int(options.get("advice_budget", ADVICE_BUDGET))

    def lines(
        self,
        fight: BookFight,
        options: Mapping[str, OptionValue],
        endings: Mapping[str, Number] | None = None,
    ) -> list[str]:
        """The advice at the fight's decision as lines (`advise`), or the too-costly line."""
        advice = self.advise(fight, options, endings)
        if advice is None:
            return [heading(fight), too_costly(self.budget_of(options))]
        return render(fight, advice)
