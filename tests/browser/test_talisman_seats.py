"""Talisman tables of many seats in a real browser (a human with heuristic and random bots), the random
seat kind in the match driver, and the Command Spell's end shown with its winner."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping

import pytest
from playwright.sync_api import Page

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL, OptionValue
from grognard.engine.match import Match
from grognard.engine.session import random_policy
from grognard.engine.store.factory import open_store
from grognard.systems.talisman.game import TalismanGame, initial_state
from grognard.systems.talisman.state import TalismanState
from grognard.web.access import store_id
from tests.browser.test_tables import click_action, ply, start_game
from tests.live_server import SECRET, LiveServer


def test_a_random_seat_plays_random_legal_moves_and_a_bot_seat_the_heuristic() -> None:
    kinds = ["random", "bot", "random"]
    match = Match.new("talisman", "game", {"players": 3, "max_turns": 9}, kinds, seed=11)
    assert match.seats == ["random", "bot", "random"]
    checked = {"random": 0, "bot": 0}
    for _ in range(3000):
        state = match.state
        who = state.actor()
        if who is TERMINAL:
            break
        if who is CHANCE:
            match.session.roll()
            continue
        assert isinstance(who, int)
        legal = state.legal_actions()
        rng = f"{match.session.seed}:bot:{match.ply}"
        made = match.views.bot if match.seats[who] == "bot" else random_policy
        assert made is not None
        before = match.ply
        action = made(state, Rng(rng))
        assert action in legal
        match.session.play(action)
        checked[match.seats[who]] += 1
        assert match.ply == before + 1
    assert match.state.actor() is TERMINAL
    assert checked["random"] > 10 and checked["bot"] > 5, checked
    replayed = Match.new("talisman", "game", {"players": 3, "max_turns": 9}, kinds, seed=11)
    replayed.advance()
    assert [m.move for m in replayed.session.moves[: match.ply]] == [m.move for m in match.session.moves]


def sheet_name(page: Page, seat: int) -> str:
    """The character a seat plays, as its sheet is headed."""
    return page.locator(f"[data-sheet='{seat}'] h2").inner_text().split("·")[0].strip()


def test_six_seats_a_human_with_heuristic_and_random_bots(live: LiveServer, page: Page) -> None:
    page.add_init_script("localStorage.setItem('grognard-step-ms', '20')")
    seats = ["here", "bot", "random", "bot", "random", "bot"]
    game_id = start_game(page, live.url, "talisman", "game", {"players": "6"}, seats)
    seats_kept = open_store(live.home).summary(store_id(SECRET, game_id)).seats
    assert list(seats_kept or ()) == ["human", "bot", "random", "bot", "random", "bot"], seats_kept
    assert page.locator("[data-sheet]").count() == 6
    assert page.locator("[data-token]").count() == 6
    pick = random.Random(6)
    for _ in range(200):
        page.wait_for_selector("[data-status=your-turn], [data-status=over]", timeout=60_000)
        if page.locator("[data-status=over]").count():
            break
        movers = page.locator("[data-log] [data-event] strong").all_inner_texts()
        if all(sheet_name(page, s) in movers for s in range(1, 6)):
            break
        buttons = page.locator("[data-actions] button[data-action]")
        labels = [b.inner_text().lower() for b in buttons.all()]
        calm = [k for k, text in enumerate(labels) if "drop out" not in text]
        click_action(page, pick.choice(calm or [0]))
    movers = page.locator("[data-log] [data-event] strong").all_inner_texts()
    # every bot, heuristic or random, moved; each named by its character ("Elf"), this browser's "You"
    assert all(sheet_name(page, s) in movers for s in range(1, 6)), movers
    assert not [m for m in movers if "Seat" in m or sheet_name(page, 0) == m]
    assert "· you" in page.locator("[data-sheet='0'] h2").inner_text()
    if page.locator("[data-status=your-turn]").count():  # the human's move is still taken
        now = ply(page)
        click_action(page, 0)
        assert ply(page) > now


CROWN_SEED = "1"
"""The crowned game's dice and bot: fixed, since with some dice the Wizard's Exile sends the Warrior
off the Crown and the Wizard outlives him (a fair end, but not the one this test looks at)."""


def _crowned(self: TalismanGame, options: Mapping[str, OptionValue]) -> TalismanState:
    """A Warrior (seat 1) alone on the Crown of Command against a Wizard (seat 2) with one Life left."""
    state = initial_state(2, "warrior,wizard", 0)
    return state.edit_hero(0, space="crown-of-command").edit_hero(1, lives=1).evolve(crown_reached=True)


@pytest.fixture
def crowned() -> Iterator[None]:
    """New Talisman games start at the Crown of Command (the server runs in this test's process)."""
    real = TalismanGame.new_initial_state
    TalismanGame.new_initial_state = _crowned  # type: ignore[method-assign,assignment]
    yield
    TalismanGame.new_initial_state = real  # type: ignore[method-assign]


def test_the_command_spell_end_shows_who_won(live: LiveServer, page: Page, crowned: None) -> None:
    page.add_init_script("localStorage.setItem('grognard-step-ms', '20')")
    start_game(page, live.url, "talisman", "game", {"players": "2"}, ["here", "bot"], seed=CROWN_SEED)
    assert page.locator("[data-token='0']").count() == 1
    assert "warrior" in page.locator("[data-sheet='0'] h2").inner_text().lower()
    for _ in range(60):
        page.wait_for_selector("[data-status=your-turn], [data-status=over]", timeout=60_000)
        if page.locator("[data-status=over]").count():
            break
        buttons = page.locator("[data-actions] button[data-action]").all()
        actions = [b.get_attribute("data-action") for b in buttons]
        calm = [k for k, b in enumerate(buttons) if "drop out" not in b.inner_text().lower()]
        click_action(page, actions.index("move") if "move" in actions else (calm or [0])[0])
    assert page.locator("[data-status=over]").count() == 1
    end = page.locator("[data-talisman-end]")
    assert end.get_attribute("data-talisman-end") == "win"
    assert "You win" in end.inner_text() and "Crown of Command" in end.inner_text()
    assert page.locator("[data-result] [data-winner]").inner_text() == "you"  # this browser plays it
    log = page.locator("[data-log]").inner_text()
    assert "Wizard drops out" in log or "Wizard dies and is out of the game" in log, log
