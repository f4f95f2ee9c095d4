"""The referee's hand on a kept campaign, shared by the command line and the browser desk.

`make_action` makes one referee action on a campaign in the match driver (`engine.match.Match.act`, the
one write path of every table: its seat, ply and `guard`, a save per move) and rolls what it leaves to
chance, the dice thrown at the table first (`table_dice.TableRolls`, the driver's `GivenDice`);
`campaign_log` replays the saved moves into every event of the campaign with the chance move whose dice
it shows; `given_list` says what each given die decided.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from grognard.engine.errors import UsageError
from grognard.engine.game import TERMINAL
from grognard.engine.match import Guard, Match
from grognard.engine.session import MoveRecord, Session
from grognard.engine.view import Event as MoveEvent
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.campaign import CampaignState
from grognard.systems.adventures_in_fantasy.table_dice import Given, TableRolls, parse_rolls
from grognard.systems.adventures_in_fantasy.time import Event

REFEREE = 0
"""The campaign's one seat."""


@dataclass(frozen=True)
class Made:
    """What one referee action did: the driver's events of its moves, the chance moves it rolled, and
    the table's dice it used, each with the die it decided."""

    events: list[MoveEvent]
    rolled: list[MoveRecord]
    given: list[Given]


def make_action(
    match: Match, action: str, rolls: str = "", *, ply: int | None = None, guard: Guard = nullcontext
) -> Made:
    """Make one referee action through the match driver, roll what it leaves to chance, save.

    Any well-formed action is taken, listed or not (`listed=False`: the rules' `apply` judge it). `rolls`
    are dice thrown at the table (`--rolls`): the chance moves use them first, in order, and the seed's
    dice (`Rng.for_move`, as `Session.roll` throws them) after. The action and its chance moves are made
    inside one `guard()` at `ply` (when given); values left unused refuse the action before anything is
    saved.
    """
    if match.state.actor() is TERMINAL:
        raise UsageError(gettext("this campaign has ended"))
    dice = TableRolls(parse_rolls(rolls))
    start = match.ply
    events = match.act(REFEREE, action, ply, guard, dice=dice, listed=False)
    rolled = [m for m in match.session.moves[start:] if m.player is None]
    return Made(events, rolled, dice.given)


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
