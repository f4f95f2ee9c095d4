"""What the rules are handed rather than import (the model layer): the automatic game master's policy,
injected by the package (`game` installs `gm.choose`), so that no rule imports a policy.
"""

from __future__ import annotations

from collections.abc import Callable

from grognard.systems.heroquest.state import QuestState

GameMaster = Callable[[QuestState], str]
"""The automatic game master's policy: the action it takes for the figure it moves now."""

_GAME_MASTER: list[GameMaster] = []


def install_game_master(policy: GameMaster) -> None:
    """Inject the automatic game master's policy (`game` installs `gm.choose`)."""
    _GAME_MASTER[:] = [policy]


def game_master() -> GameMaster:
    """The installed automatic game master; a `RuntimeError` when none is."""
    if not _GAME_MASTER:
        raise RuntimeError("no automatic game master is installed: import grognard.systems.heroquest")
    return _GAME_MASTER[0]
