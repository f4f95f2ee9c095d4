"""What the rules are handed rather than import (the model layer): the automatic game master's policy,
injected by the package (`game` installs `gm.choose`), so that no rule imports a policy; and the turn
sequence's steps and the actions, installed by the driver (`turn`, `actions`), so that no feature imports
the driver.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from grognard.systems.heroquest.model.state import QuestState

GameMaster = Callable[[QuestState], str]
"""The automatic game master's policy: the action it takes for the figure it moves now."""

_GAME_MASTER: list[GameMaster] = []


def install_game_master(policy: GameMaster) -> None:
    """Inject the automatic game master's policy (`game` installs `gm.choose`)."""
    _GAME_MASTER[:] = [policy]


def game_master() -> GameMaster:
    """The installed automatic game master; a `RuntimeError` when none is."""
    if not _GAME_MASTER:
        raise RuntimeError("no automatic game master is installed: import grognard.systems.heroquest.game")
    return _GAME_MASTER[0]


@dataclass(frozen=True)
class TurnSteps:
    """The steps of the turn sequence a feature may take (a hero's turn ended, the current slot's turn
    begun again, the heroes' order rolled or agreed), installed by `turn` when it is imported."""

    end_turn: Callable[[QuestState], QuestState]
    start_slot: Callable[[QuestState], QuestState]
    opening: Callable[[QuestState], QuestState]


_TURN_STEPS: list[TurnSteps] = []


def install_turn_steps(steps: TurnSteps) -> None:
    """Inject the turn sequence's steps (`turn` installs its own)."""
    _TURN_STEPS[:] = [steps]


def _steps() -> TurnSteps:
    if not _TURN_STEPS:
        raise RuntimeError("no turn sequence is installed: import grognard.systems.heroquest.game")
    return _TURN_STEPS[0]


def end_turn(state: QuestState) -> QuestState:
    """The current figure's turn over and the next begun (`turn.end_turn`)."""
    return _steps().end_turn(state)


def start_slot(state: QuestState) -> QuestState:
    """A fresh turn for whoever holds the current slot (`turn.start_slot`)."""
    return _steps().start_slot(state)


def opening(state: QuestState) -> QuestState:
    """The heroes' order to be rolled or agreed (`turn.opening`)."""
    return _steps().opening(state)


@dataclass(frozen=True)
class ActionSteps:
    """The moves a feature may play as the rules' own (a hero the game master moves, a spell's answer),
    installed by `actions` when it is imported."""

    apply_action: Callable[[QuestState, str], QuestState]
    do_hero_action: Callable[[QuestState, int, str], QuestState]


_ACTION_STEPS: list[ActionSteps] = []


def install_action_steps(steps: ActionSteps) -> None:
    """Inject the action steps (`actions` installs its own)."""
    _ACTION_STEPS[:] = [steps]


def _actions() -> ActionSteps:
    if not _ACTION_STEPS:
        raise RuntimeError("no actions are installed: import grognard.systems.heroquest.game")
    return _ACTION_STEPS[0]


def apply_action(state: QuestState, action: str) -> QuestState:
    """An action applied, unsettled (`actions.apply_action`)."""
    return _actions().apply_action(state, action)


def do_hero_action(state: QuestState, i: int, action: str) -> QuestState:
    """Hero `i`'s action applied (`actions.do_hero_action`)."""
    return _actions().do_hero_action(state, i, action)
