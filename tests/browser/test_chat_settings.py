"""The chat's settings reach the open pages live (issue 35), in real browsers: the host mutes Bob and his
chat form goes away while he looks, with the reason; she lets him speak again and the form comes back; she
lets spectators chat and Carol, watching, sees the chat appear without reloading (Bob's half-typed message
kept while his chat is drawn again). `GROGNARD_SHOTS=<folder>`
keeps screenshots."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.test_people import choose_name, people, shot  # noqa: F401 (a fixture)
from tests.browser.test_tables import start_game
from tests.live_server import LiveServer


def test_muting_and_letting_spectators_chat_change_the_open_pages(
    live: LiveServer,
    people: list[Page],  # noqa: F811
) -> None:
    alice, bob, carol = people
    choose_name(alice, live.url, "Alice")
    choose_name(bob, live.url, "Bob")
    key = start_game(alice, live.url, "talisman", "game", {"players": "2"}, ["here", "invite"])
    # both links read before Bob sits: his seat taken redraws Alice's table without the invitations
    watch = alice.locator("[data-spectate]").input_value()
    bob.goto(alice.locator("[data-invite='1']").input_value())
    bob.wait_for_selector("[data-chat-form]")
    carol.goto(watch)
    carol.wait_for_selector("[data-ply]")
    assert carol.locator("[data-chat]").count() == 0

    alice.reload()
    alice.click("[data-mute='1']")
    expect(bob.locator("[data-chat-form]")).to_have_count(0, timeout=10_000)
    expect(bob.locator("[data-chat-closed]")).to_contain_text("muted your seat", timeout=10_000)
    shot(bob, "muted")
    alice.click("[data-mute='1']")  # let him speak again
    expect(bob.locator("[data-chat-form]")).to_be_visible(timeout=10_000)

    bob.fill("[data-chat-text]", "half a thought")
    form = alice.locator("[data-lobby-form]")
    form.locator("[data-spectator-chat]").check()
    form.locator("[data-save-lobby]").click()
    alice.wait_for_selector("[data-chat-form]")
    expect(carol.locator("[data-chat]")).to_be_visible(timeout=10_000)
    expect(carol.locator("[data-chat-closed]")).to_contain_text("Choose a name to chat")
    alice.fill("[data-chat-text]", "Welcome, watchers")
    alice.click("[data-chat-send]")
    expect(carol.locator("li[data-chat-message]")).to_contain_text("Welcome, watchers", timeout=10_000)
    shot(carol, "spectator-chat-arrived")
    expect(bob.locator("[data-chat-text]")).to_have_value("half a thought")  # kept while his chat was redrawn
    assert key
