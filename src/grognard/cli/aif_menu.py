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
    campaign_state,
    load_campaign,
    make_character,
    show_campaign,
    show_events,
    show_party,
    show_sheet,
)
from grognard.cli.aif_character import ask
from grognard.cli.console import InputEnded, out, read_line
from grognard.cli.frontends import MenuEntry
from grognard.cli.view_text import view_lines
from grognard.engine.errors import UsageError
from grognard.engine.match import Match
from grognard.engine.registry import get_game
from grognard.engine.session import Session
from grognard.engine.store import open_store
from grognard.systems.adventures_in_fantasy.campaign import GAME_ID, add_action
from grognard.systems.adventures_in_fantasy.referee import play_action
from grognard.systems.adventures_in_fantasy.sheet import party, sheet
from grognard.systems.adventures_in_fantasy.time import Member

ADD = "Add a character (rolled, then soldier or civilian and the courses asked)"
PARTY = "The party"
SHEET = "A character's sheet"
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
    """Show the campaign and take the referee's additions and actions until "Back" (or the input ends).

    A mistyped answer is asked again (`aif_character.ask`); a refused action says why and the menu
    comes back.
    """
    while True:
        with open_store() as store:
            session = load_campaign(store, campaign_id)
        state = campaign_state(session)
        out.print()
        show_campaign(campaign_id, state)
        if state.over:
            return
        try:
            picked = ask([ADD, PARTY, SHEET, ACT, BACK], "Campaign")
        except InputEnded:
            return
        if picked == BACK:
            return
        try:
            {ADD: _add, PARTY: _party, SHEET: _sheet, ACT: _act}[picked](campaign_id)
        except UsageError as e:
            out.print(escape(f"Not done: {e}"))
        except InputEnded:
            return


def _add(campaign_id: str) -> None:
    name = read_line("Name (blank: none): ")
    typed = read_line("Seed (blank: random): ")
    if typed and not typed.isdigit():
        raise UsageError(f"seed {typed!r} is not a whole number")
    seed = int(typed) if typed else secrets.randbelow(2**31)
    magic = read_line("Years of magic apprenticeship, each costing three of schooling (blank: none): ")
    if magic and not magic.isdigit():
        raise UsageError(f"years {magic!r} is not a whole number")
    made, _ = make_character(seed, None, name=name, magic_years=int(magic or 0))
    member = Member(character=made.character, seed=seed, alignment="")
    with open_store() as store:
        session = load_campaign(store, campaign_id)
        records = play_action(store, session, add_action(member))
    state = campaign_state(session)
    show_events(state, records)
    show_sheet(sheet(len(state.members) - 1, state.members[-1]))


def _party(campaign_id: str) -> None:
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    show_party(party(campaign_state(session).members))


def _sheet(campaign_id: str) -> None:
    with open_store() as store:
        session = load_campaign(store, campaign_id)
    members = campaign_state(session).members
    if not members:
        raise UsageError("no characters yet")
    who = ask([f"#{i} {m.name}" for i, m in enumerate(members)], "Whose sheet")
    index = int(who[1:].split(" ", 1)[0])
    show_sheet(sheet(index, members[index]))


def _offered(campaign_id: str) -> list[str]:
    """The campaign's view through the common terminal renderer (`view_text`): its numbered sample
    actions printed; their ids returned."""
    with open_store() as store:
        view = Match.load(store, campaign_id).view(0, odds=False)
    for line in view_lines(view, public=False, events=False)[1:]:
        out.print(escape(line))
    return [a.id for a in view.actions]


def _act(campaign_id: str) -> None:
    """Ask for referee actions until a blank answer: a form of the list typed out, or the number of one
    of the view's actions; a refused one says why and is asked again."""
    for form, what in ACTIONS:
        if not form.startswith("add:"):
            out.print(escape(f"  {form:<18} {what}"))
    offered = _offered(campaign_id)
    while True:
        action = read_line("Action, or its number (blank: back to the campaign): ")
        if not action:
            return
        if action.isdigit() and 1 <= int(action) <= len(offered):
            action = offered[int(action) - 1]
        try:
            with open_store() as store:
                session = load_campaign(store, campaign_id)
                records = play_action(store, session, action)
        except UsageError as e:
            out.print(escape(f"Not done: {e}"))
            continue
        show_events(campaign_state(session), records)
        offered = _offered(campaign_id)


def menu_entries() -> list[MenuEntry]:
    """The main menu's Adventures in Fantasy entry."""
    return [MenuEntry("Start a kept campaign", new_campaign)]
