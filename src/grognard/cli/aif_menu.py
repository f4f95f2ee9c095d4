"""Adventures in Fantasy from the main menu: start a kept campaign, or continue one, interactively.

The menu's campaign is the same saved game `grognard aif campaign ...` keeps (see `aif_campaign`): the
referee adds characters and makes referee actions (`campaign act`'s list, `advance:N` among them) one
at a time, each saved as it is made and shown with its rolls, until "Back".
"""

from __future__ import annotations

import secrets

from rich.markup import escape

from grognard.cli.aif_campaign import (
    ACTIONS,
    SYSTEM_ID,
    _load,
    _play,
    _show_events,
    _show_state,
    _state,
)
from grognard.cli.console import choose, out, read_line
from grognard.cli.frontends import MenuEntry
from grognard.engine.dice import Rng
from grognard.engine.errors import UsageError
from grognard.engine.registry import get_game
from grognard.engine.session import Session
from grognard.engine.store import open_store
from grognard.systems.adventures_in_fantasy.campaign import GAME_ID, add_action
from grognard.systems.adventures_in_fantasy.chargen import generate
from grognard.systems.adventures_in_fantasy.time import Member

ADD = "Add a generated character (every step shown)"
ACT = "Make a referee action (advance weeks, experience, wounds, courses, ...)"
BACK = "Back"


def new_campaign() -> None:
    """Start a campaign on day 1-1-1 with a random seed, then play it."""
    game = get_game(SYSTEM_ID, GAME_ID)
    session = Session.new(SYSTEM_ID, game, {"date": "1-1-1"}, secrets.randbelow(2**31))
    with open_store() as store:
        campaign_id = store.create(session, "Adventures in Fantasy campaign")
    out.print(f"Campaign {campaign_id} begins (seed {session.seed}); `grognard aif campaign` keeps it too.")
    play_campaign(campaign_id)


def play_campaign(campaign_id: str) -> None:
    """Show the campaign and take the referee's additions and actions until "Back"."""
    while True:
        with open_store() as store:
            session = _load(store, campaign_id)
        state = _state(session)
        out.print()
        _show_state(campaign_id, state)
        if state.over:
            return
        picked = choose([ADD, ACT, BACK], "Campaign")
        if picked == BACK:
            return
        try:
            _add(campaign_id) if picked == ADD else _act(campaign_id)
        except UsageError as e:
            out.print(escape(f"Not done: {e}"))


def _add(campaign_id: str) -> None:
    name = read_line("Name (blank: none): ")
    seed = secrets.randbelow(2**31)
    made = generate(Rng(seed), [], name=name)
    member = Member(character=made.character, seed=seed, alignment="")
    with open_store() as store:
        session = _load(store, campaign_id)
        records = _play(store, session, add_action(member))
    _show_events(_state(session), records)
    for step in made.steps:
        out.print(escape(f"  {step.label}: {step.result}"))


def _act(campaign_id: str) -> None:
    for form, what in ACTIONS:
        if not form.startswith("add:"):
            out.print(escape(f"  {form:<18} {what}"))
    action = read_line("Action (blank: none): ")
    if not action:
        return
    with open_store() as store:
        session = _load(store, campaign_id)
        records = _play(store, session, action)
    _show_events(_state(session), records)


def menu_entries() -> list[MenuEntry]:
    """The main menu's Adventures in Fantasy entry."""
    return [MenuEntry("Start a kept campaign", new_campaign)]
