"""Friends at a table in real browsers (issue 35), three browser contexts: Alice names herself, starts a
Talisman table and offers its free seat in the lobby; Bob, asked for a name there first, takes the seat;
Alice sees his name arrive at the seat live; they chat, each message arriving live at the other's page
(a half-typed message is kept while the table moves), Carol watches from the lobby where Alice lets
watchers chat; "your turn" shows in the tab's title. A finished melee is played again with the same seats,
and each player's page shows the tables and the record. `GROGNARD_SHOTS=<folder>` keeps screenshots."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import Console
from tests.browser.test_tables import start_game
from tests.live_server import LiveServer

SHOTS = os.environ.get("GROGNARD_SHOTS", "")


@pytest.fixture
def people(browser: Browser, console: Console) -> Iterator[list[Page]]:
    """Three pages, each of its own browser context (cookies): Alice's, Bob's and Carol's."""
    contexts: list[BrowserContext] = [
        browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)
    ]
    yield [console.watch(c.new_page()) for c in contexts]
    for c in contexts:
        c.close()


def shot(page: Page, name: str) -> None:
    """Keep a screenshot of `page` when `GROGNARD_SHOTS` names a folder."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def choose_name(page: Page, url: str, name: str) -> None:
    """Choose `name` on the player's page."""
    page.goto(f"{url}/me")
    page.fill("[data-player-name]", name)
    page.click("[data-save-name]")
    expect(page.locator("h1")).to_have_text(name)


def test_two_friends_meet_in_the_lobby_chat_and_a_third_watches(live: LiveServer, people: list[Page]) -> None:
    alice, bob, carol = people
    choose_name(alice, live.url, "Alice")
    key = start_game(alice, live.url, "talisman", "game", {"players": "2"}, ["here", "invite"])
    form = alice.locator("[data-lobby-form]")
    form.locator("[data-open]").check()
    form.locator("[data-spectator-chat]").check()
    form.locator("[data-pace]").select_option("day")
    form.locator("[data-save-lobby]").click()
    alice.wait_for_selector("[data-chat-form]")
    alice.click("[data-make-public]")
    alice.wait_for_selector("[data-make-private]")

    bob.goto(f"{live.url}/lobby")
    expect(bob.locator(f"tr[data-game-id='{key}'] [data-pace]")).to_have_text("a move a day")
    bob.click("[data-lobby-name] a")
    bob.fill("[data-player-name]", "Bob")
    bob.click("[data-save-name]")
    bob.wait_for_url(f"{live.url}/lobby")
    shot(bob, "lobby")
    bob.set_viewport_size({"width": 390, "height": 844})  # a phone: each table read row by row, not panned
    row = bob.locator(f"tr[data-game-id='{key}']")
    frame = bob.locator("[data-lobby]").locator("xpath=..")
    assert frame.evaluate("e => e.scrollWidth <= e.clientWidth")
    join = row.locator("[data-join='1']").bounding_box()
    assert join is not None and join["x"] + join["width"] <= 390
    assert "Pace" in row.locator("[data-pace]").evaluate("e => getComputedStyle(e, '::before').content")
    bob.set_viewport_size({"width": 1280, "height": 900})
    bob.click(f"tr[data-game-id='{key}'] [data-join='1']")
    bob.wait_for_url(f"{live.url}/games/{key}")
    expect(alice.locator("[data-seat='1'] [data-seat-name]")).to_have_text("Bob", timeout=10_000)  # live

    bob.fill("[data-chat-text]", "Hello <b>Alice</b>")
    bob.click("[data-chat-send]")
    expect(bob.locator("[data-chat-text]")).to_have_value("")
    expect(alice.locator("li[data-chat-message]")).to_contain_text("Hello <b>Alice</b>", timeout=10_000)
    alice.fill("[data-chat-text]", "half a thought")
    bob.fill("[data-chat-text]", "Good luck!")
    bob.click("[data-chat-send]")
    expect(alice.locator("li[data-chat-message]")).to_have_count(2, timeout=10_000)
    expect(alice.locator("[data-chat-text]")).to_have_value("half a thought")  # kept while messages came

    carol.goto(f"{live.url}/lobby")
    carol.click(f"tr[data-game-id='{key}'] [data-watch]")
    carol.wait_for_selector("[data-chat]")
    expect(carol.locator("li[data-chat-message]")).to_have_count(2)
    expect(carol.locator("[data-chat-closed]")).to_contain_text("Choose a name to chat")
    if alice.locator("[data-status=your-turn]").count():
        assert alice.title().startswith("Your turn")
    shot(alice, "table-with-chat")
    shot(carol, "watching")


def test_a_finished_game_is_played_again_with_the_same_seats(live: LiveServer, people: list[Page]) -> None:
    alice, bob, _ = people
    choose_name(alice, live.url, "Alice")
    choose_name(bob, live.url, "Bob")
    key = start_game(alice, live.url, "adventures-in-fantasy", "melee", {}, ["here", "invite"])
    link = alice.locator("[data-invite='1']").input_value()
    bob.goto(link)
    bob.wait_for_selector("[data-result]")
    alice.click("[data-again]")
    alice.wait_for_url(lambda url: key not in url)
    fresh = alice.url
    expect(bob.locator("[data-rematch-started]")).to_be_visible(timeout=10_000)  # told live
    bob.click("[data-again]")
    bob.wait_for_url(fresh)
    expect(alice.locator("[data-seat='1'] [data-seat-name]")).to_have_text("Bob")
    bob.goto(f"{live.url}/me")
    expect(bob.locator("[data-my-tables] tbody tr")).to_have_count(2)
    expect(bob.locator("[data-record]")).to_contain_text("2 games played")
    shot(bob, "player-page")
