"""What Grey Star does in a combat and how a combat ends: the action strings "spend:N" and "evade:N"
(001_2055bbb054c2d265.txt:5-18), printed and parsed here only, and the outcomes of `Result.outcome`.

Shared by the combat's state (`combat`) and the solver's position view of it (`fight_view`).
"""

from __future__ import annotations

from functools import lru_cache

from grognard.engine.errors import UsageError
from grognard.engine.game import Action
from grognard.i18n import gettext as _

OUTCOMES = ("win", "dead", "evaded", "rounds-over")
"""How a combat can end (`Result.outcome`)."""
SPEND = "spend:"
"""Prefix of the action spending N WILLPOWER this round."""
EVADE = "evade:"
"""Prefix of the action evading this round while spending N WILLPOWER."""


def spend_action(willpower: int, evade: bool = False) -> Action:
    """The action spending `willpower` this round ("spend:N"), or evading while spending it ("evade:N")."""
    return f"{EVADE if evade else SPEND}{willpower}"


def parse_action(action: Action) -> tuple[int, bool]:
    """The WILLPOWER spent by an action and whether it evades; a malformed one is a `UsageError`."""
    for prefix, evade in ((SPEND, False), (EVADE, True)):
        if action.startswith(prefix) and action[len(prefix) :].isdigit():
            return int(action[len(prefix) :]), evade
    raise UsageError(_("action {action!r} is not spend:N or evade:N").format(action=action))


@lru_cache(maxsize=1024)
def spend_actions(top: int, can_evade: bool) -> tuple[tuple[Action, ...], tuple[tuple[int, bool], ...]]:
    """The actions of a decision where up to `top` WILLPOWER may be spent, with what each spends."""
    moves = [(n, False) for n in range(top + 1)]
    if can_evade:
        moves += [(n, True) for n in range(top + 1)]
    return tuple(spend_action(n, evade) for n, evade in moves), tuple(moves)
