"""The referee's hand on a kept campaign, shared by the command line and the browser desk.

`play_action` makes one referee action on a stored campaign and rolls what it leaves to chance, the
dice thrown at the table first; `campaign_log` replays the saved moves into every event of the campaign
with the chance move whose dice it shows; `given_list` says what each given die decided.
"""

from __future__ import annotations

from typing import Any

from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store.factory import GameStore
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.table_dice import Given, TableDice, parse_rolls
from grognard.systems.adventures_in_fantasy.time import Event


def play_action(
    store: GameStore, session: Session, action: str, rolls: str = "", given: list[Given] | None = None
) -> list[MoveRecord]:
    """Make one referee action, roll what it leaves to chance, save; the chance moves made.

    `rolls` are dice thrown at the table (`--rolls`): the chance nodes use them first, in order, and the
    seed's dice (`Rng.for_move`, as `Session.roll` throws them) after; `given` collects what each
    decided. Values left unused refuse the action before anything is saved.
    """
    if session.is_over():
        raise UsageError("this campaign has ended")
    queue = list(parse_rolls(rolls))
    try:
        session.play(action)
    except RulesError as e:
        raise UsageError(e.reason) from None
    rolled: list[MoveRecord] = []
    while session.current.actor() is CHANCE:
        state = session.current
        dice = TableDice(f"{session.seed}:{len(session.moves)}", queue)
        outcome, thrown = state.roll(dice)
        queue = list(dice.unused)
        record = MoveRecord(outcome, None, thrown)
        session.state = state.apply(outcome)
        session.moves.append(record)
        rolled.append(record)
        if given is not None:
            given.extend(dice.given_dice)
    if queue:
        raise UsageError(f"rolls {','.join(queue)} were not used: nothing was saved")
    store.save(session)
    return rolled


def given_list(given: list[Given]) -> list[dict[str, Any]]:
    """The dice given at the table as JSON: each value and the die it decided."""
    return [{"value": g.text, "die": f"d{g.sides}", "face": g.face} for g in given]


def campaign_log(session: Session) -> list[tuple[int, Event, MoveRecord | None]]:
    """Every event of the campaign from its first move (its ply, the event, the chance move whose dice
    it shows), found by replaying the saved moves: a referee action starts a new list of events, a
    chance move adds one."""
    state = session.game.new_initial_state(session.options)
    entries: list[tuple[int, Event, MoveRecord | None]] = []
    for ply, record in enumerate(session.moves):
        before = state
        state = state.apply(record.move)
        assert isinstance(state, CampaignState) and isinstance(before, CampaignState)
        fresh = state.events if record.player is not None else state.events[len(before.events) :]
        entries += [(ply, event, record if event.rolled else None) for event in fresh]
    return entries
