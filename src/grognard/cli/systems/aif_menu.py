"""Adventures in Fantasy from the main menu: start a kept campaign, or continue one, interactively.

The menu's campaign is the same saved game `grognard aif campaign ...` keeps (see `aif_campaign`), played
through the one play loop of every game (`cli.play_loop.ViewLoop`) with the campaign's presenter
(`cli.board_aif`): the referee adds characters and makes referee actions one at a time, each saved as
it is made and shown with its rolls; `s` the party and the sheets, `m` the place and the calendar,
`o` a melee's odds, `u` undoes the last action, `q` goes back.
"""

from __future__ import annotations

import secrets

from grognard.cli.console import InputEnded, out
from grognard.cli.frontends import MenuEntry
from grognard.cli.play_loop import ViewLoop
from grognard.cli.systems.aif_campaign import SYSTEM_ID, load_campaign
from grognard.cli.systems.board_aif import AifPresenter
from grognard.engine.match import Match
from grognard.engine.registry import get_game
from grognard.engine.session import Session
from grognard.engine.store.factory import open_store
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.campaign import GAME_ID

RESUME = "grognard games play "
"""How a campaign left with `q` is taken up again (or "Continue a saved game" in the menu)."""


def new_campaign() -> None:
    """Start a campaign on day 1-1-1 with a random seed, then play it."""
    game = get_game(SYSTEM_ID, GAME_ID)
    session = Session.new(SYSTEM_ID, game, {"date": "1-1-1"}, secrets.randbelow(2**31))
    with open_store() as store:
        campaign_id = store.create(session, "Adventures in Fantasy campaign")
    out.print(
        _("Campaign %(id)s begins (seed %(seed)s); `grognard aif campaign` keeps it too.")
        % {"id": campaign_id, "seed": session.seed}
    )
    play_campaign(campaign_id)


def play_campaign(campaign_id: str) -> None:
    """Play the campaign at the keyboard until `q`, its end, or the end of the input."""
    with open_store() as store:
        load_campaign(store, campaign_id)
        match = Match.load(store, campaign_id)
        try:
            ViewLoop(match, AifPresenter(campaign_id), RESUME).run()
        except InputEnded:
            return


def menu_entries() -> list[MenuEntry]:
    """The main menu's Adventures in Fantasy entry."""
    return [MenuEntry(_("Start a kept campaign"), new_campaign)]
