"""A turn limit and the your-turn e-mails in real browsers (issue 35): Alice gives each move 5 minutes;
when the clock has run past it (the sweep is called as the server's own would be, with the time 5 minutes
on) the bot plays the late player's move, their page shows it live and the log says time ran out; then
Alice plays until it is Bob's turn, Bob's e-mail arrives through a real SMTP server (aiosmtpd), its link
opens his table at his turn, and its unsubscribe link stops the e-mails. `GROGNARD_SHOTS=<folder>` keeps
screenshots."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from playwright.sync_api import Page, expect

from grognard.engine.store.factory import open_store
from grognard.web.turns import play_overdue
from tests.browser.test_people import people, shot  # noqa: F401 (a fixture)
from tests.browser.test_reconnect import play_until_other
from tests.browser.test_tables import start_game
from tests.live_server import LiveServer
from tests.pgserver import free_port
from tests.web.routes.test_notices import Inbox


@pytest.fixture
def inbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    """A real SMTP server on a free loopback port, named in GROGNARD_SMTP_URL (the live server reads it
    at each move)."""
    from aiosmtpd.controller import Controller

    kept = Inbox()
    port = free_port()
    server = Controller(kept, hostname="127.0.0.1", port=port)
    server.start()
    monkeypatch.setenv("GROGNARD_SMTP_URL", f"smtp://127.0.0.1:{port}?from=tables@club.example")
    yield kept
    server.stop()


def named_with_mail(page: Page, url: str, name: str, email: str) -> None:
    page.goto(f"{url}/me")
    page.fill("[data-player-name]", name)
    page.fill("[data-player-email]", email)
    page.click("[data-save-name]")
    expect(page.locator("h1")).to_have_text(name)


def test_a_late_move_is_made_by_the_bot_and_the_next_turn_is_told_by_email(
    live: LiveServer,
    people: list[Page],  # noqa: F811
    inbox: Inbox,
) -> None:
    alice, bob, _ = people
    named_with_mail(alice, live.url, "Alice", "alice@club.example")
    named_with_mail(bob, live.url, "Bob", "bob@club.example")
    key = start_game(alice, live.url, "talisman", "game", {"players": "2"}, ["here", "invite"])
    bob.goto(alice.locator("[data-invite='1']").input_value())
    bob.wait_for_selector("[data-ply]")
    # Bob taking his seat redraws Alice's table (what is around the game changed): wait for that redraw
    # before filling her form, or a late one (seen on a loaded machine) clears the choices before "Save"
    expect(alice.locator("#table")).to_contain_text("Bob", timeout=15_000)
    form = alice.locator("[data-lobby-form]")
    form.locator("[data-limit]").select_option("300")
    form.locator("[data-limit-bot]").select_option("bot")
    form.locator("[data-save-lobby]").click()
    expect(alice.locator("[data-turn-limit]")).to_contain_text("5 minutes", timeout=15_000)
    expect(bob.locator("[data-turn-limit]")).to_contain_text("the game's standard bot", timeout=15_000)

    late = alice if alice.locator("[data-status=your-turn]").count() else bob
    with open_store() as store:
        assert play_overdue(store, datetime.now(UTC) + timedelta(seconds=301)) != []
    expect(late.locator("[data-late]").first).to_contain_text("time ran out", timeout=10_000)
    expect(late.locator("li[data-chat-message]").last).to_contain_text("Time ran out for", timeout=10_000)
    shot(late, "turn-limit")

    inbox.messages.clear()
    if alice.locator("[data-status=your-turn]").count() == 0:
        play_until_other(bob)
    expect(alice.locator("[data-status=your-turn]")).to_be_visible(timeout=10_000)
    play_until_other(alice)
    mails = [m for m in inbox.wait(1) if m["To"] == "bob@club.example"]
    assert len(mails) == 1 and isinstance(mails[0], EmailMessage)
    body = mails[0].get_content()
    link = re.search(r"Play it: (\S+)", body)
    stop = re.search(r"To get no more: (\S+)\)", body)
    assert link is not None and stop is not None
    bob.goto(link.group(1))
    expect(bob.locator("[data-status=your-turn]")).to_be_visible()
    assert key in bob.url
    bob.goto(stop.group(1))
    bob.click("[data-confirm-yes]")
    expect(bob.locator("main")).to_contain_text("No more your-turn e-mails")
    bob.goto(f"{live.url}/me")
    expect(bob.locator("[data-player-email]")).to_have_value("")
