"""Talisman's bots by name: the strengths a seat may be given and the bots the balance lab plays.

"random" (the engine's random legal moves), "heuristic" (`bots.heuristic_policy`, the default bot) and
"search" (`bot_search`, which looks ahead) are the strengths, weakest first (`LEVELS`); "mixed" (one
decision in five at random, the conformance tests' bot) is a bot of the lab only.
"""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.engine.session import Policy, random_policy
from grognard.i18n import gettext
from grognard.systems.talisman.bot_search import search_policy
from grognard.systems.talisman.bots import heuristic_policy, mixed_policy

LEVELS: dict[str, Policy] = {"random": random_policy, "heuristic": heuristic_policy, "search": search_policy}
"""The bots a seat may be given, weakest first."""

BOTS: dict[str, Policy] = {**LEVELS, "mixed": mixed_policy}
"""Every bot by name."""


def bot(name: str) -> Policy:
    """A bot by name ("random", "heuristic", "search" or "mixed"); a `UsageError` names them otherwise."""
    try:
        return BOTS[name]
    except KeyError:
        raise UsageError(
            gettext("unknown bot %(bot)s; known: %(known)s") % {"bot": repr(name), "known": ", ".join(BOTS)}
        ) from None
