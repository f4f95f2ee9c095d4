"""Coming back to a table loses nothing (issue 35), in real browsers: Alice closes her tab, Bob moves,
Alice opens the table again and finds what Bob did listed above the table ("Since you were last here");
then Alice's network goes down while Bob moves, and when it comes back her page shows the table as it is
now, with the moves she missed and the chat said meanwhile. `GROGNARD_SHOTS=<folder>` keeps screenshots."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import Console
from tests.browser.test_people import choose_name, shot
from tests.browser.test_tables import click_action, ply, start_game
from tests.live_server import LiveServer


@pytest.fixture
def two(browser: Browser, console: Console) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two browser contexts (their own cookies and local storage): Alice's and Bob's."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    for c in contexts:
        c.on("page", console.watch)
    yield contexts[0], contexts[1]
    for c in contexts:
        c.close()


def play_until_other(page: Page) -> None:
    """This seat makes its first choice until it is no longer its turn (the other player's)."""
    for _ in range(40):
        page.wait_for_selector("[data-status=your-turn], [data-status=waiting]", timeout=30_000)
        if page.locator("[data-status=waiting]").count():
            return
        click_action(page, 0)
    raise AssertionError("the turn never passed")


def my_turn(page: Page) -> None:
    """Wait until the page shows this seat's turn."""
    page.wait_for_selector("[data-status=your-turn]", timeout=30_000)


def test_a_closed_tab_and_a_lost_network_come_back_with_what_was_missed(
    live: LiveServer, two: tuple[BrowserContext, BrowserContext], console: Console
) -> None:
    alice_ctx, bob_ctx = two
    alice = alice_ctx.new_page()
    bob = bob_ctx.new_page()
    choose_name(alice, live.url, "Alice")
    choose_name(bob, live.url, "Bob")
    key = start_game(alice, live.url, "talisman", "game", {"players": "2"}, ["here", "invite"])
    table = f"{live.url}/games/{key}"
    bob.goto(alice.locator("[data-invite='1']").input_value())
    bob.wait_for_selector("[data-ply]")
    if not alice.locator("[data-status=your-turn]").count():
        play_until_other(bob)
    my_turn(alice)
    play_until_other(alice)
    left_at = ply(alice)
    alice.close()  # the tab is closed

    my_turn(bob)
    play_until_other(bob)
    alice = alice_ctx.new_page()
    alice.goto(table)
    missed = alice.locator("[data-missed]")
    expect(missed).to_be_visible(timeout=10_000)
    expect(missed.locator("[data-missed-heading]")).to_contain_text(
        f"Since you were last here (at move {left_at})"
    )
    assert missed.locator("li[data-event]").count() >= 1
    assert all(
        int(p) >= left_at for p in missed.locator("li[data-event] .ply").all_inner_texts() if p.strip()
    )
    expect(missed.locator("li[data-event] strong").first).to_be_visible()
    shot(alice, "since-you-were-last-here")
    alice.click("[data-missed-close]")
    expect(missed).to_be_hidden()
    alice.reload()  # seen: nothing is told again
    alice.wait_for_selector("[data-ply]")
    alice.wait_for_timeout(500)
    expect(missed).to_be_hidden()

    my_turn(alice)
    play_until_other(alice)
    left_at = ply(alice)
    # the page's fetches fail while it is offline (the browser and htmx say so in the console)
    console.allowed += [
        "ERR_INTERNET_DISCONNECTED",
        "htmx:sendError",
        "htmx:afterRequest",
        "htmx:sendAbort",
    ] * 20
    alice_ctx.set_offline(True)
    my_turn(bob)
    bob.fill("[data-chat-text]", "Your move, Alice")
    bob.click("[data-chat-send]")
    play_until_other(bob)
    assert ply(alice) == left_at  # nothing reached her
    alice_ctx.set_offline(False)
    expect(alice.locator("[data-status=your-turn]")).to_be_visible(timeout=20_000)
    expect(missed).to_be_visible(timeout=10_000)
    expect(missed.locator("[data-missed-heading]")).to_contain_text(f"(at move {left_at})")
    expect(alice.locator("li[data-chat-message]").last).to_contain_text("Your move, Alice", timeout=10_000)
    shot(alice, "back-online")
