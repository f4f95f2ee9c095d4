"""The heroes' bots by strength, as the match driver and the balance lab name them.

"random" makes random legal moves, "heuristic" is `bots.hero_bot` (the default bot), "search" looks
ahead in fights (`search_bot`). At the game master's seat every strength plays the automatic game
master: the strengths are the heroes'.
"""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.engine.session import Policy, random_policy
from grognard.i18n import gettext as _
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.policies.search_bot import search_bot

HERO_LEVELS: dict[str, Policy] = {"random": random_policy, "heuristic": hero_bot, "search": search_bot}
"""The heroes' bots by strength, weakest first."""


def hero_level(name: str) -> Policy:
    """The heroes' bot of strength `name`; a `UsageError` names the strengths otherwise."""
    try:
        return HERO_LEVELS[name]
    except KeyError:
        raise UsageError(
            _("unknown bot strength {name!r}; known: {value}").format(name=name, value=", ".join(HERO_LEVELS))
        ) from None
