"""The chat's settings told live (issue 35): the host muting a seat or letting spectators chat sends
`rights` on the table's stream (through PostgreSQL's NOTIFY too), and each visitor's `chat/box` then gives
the chat as they may use it now: the form, the messages only, or nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from tests.web.routes.test_people import backend, two_at_talisman  # noqa: F401 (a fixture)
from tests.web.security.tables_client import Visitor, browser

HTMX = {"HX-Request": "true"}


def stream_events(who: Visitor, table: str, change: Callable[[], None], want: str) -> list[str]:
    """The event names `who`'s stream of `table` sends while `change` runs in another thread, until
    `want` comes (or 15 seconds pass)."""
    seen: list[str] = []
    changer = threading.Thread(target=lambda: (time.sleep(0.6), change()))
    with who.client.stream("GET", f"{table}/events") as stream:
        changer.start()
        deadline = time.monotonic() + 15
        for line in stream.iter_lines():
            if line.startswith("event: "):
                seen.append(line.removeprefix("event: "))
            if line == f"event: {want}" or time.monotonic() > deadline:
                break
    changer.join()
    return seen


@pytest.mark.usefixtures("backend")
def test_muting_a_seat_is_told_live_and_takes_the_form_away() -> None:
    host, friend, table = two_at_talisman()
    box = friend.client.get(f"{table}/chat/box", headers=HTMX).text
    assert "data-chat-form" in box
    mute = lambda: host.post(f"{table}/mute", {"seat": "1", "muted": "1"})  # noqa: E731
    seen = stream_events(friend, table, mute, "rights")
    assert "rights" in seen
    box = friend.client.get(f"{table}/chat/box", headers=HTMX).text
    assert "data-chat-form" not in box and 'id="chat"' in box and 'id="chat-box"' in box
    assert "muted your seat" in friend.client.get(f"{table}/chat", headers=HTMX).text
    assert "data-chat-form" in host.client.get(f"{table}/chat/box", headers=HTMX).text


@pytest.mark.usefixtures("backend")
def test_letting_spectators_chat_is_told_live_and_brings_them_the_chat() -> None:
    host, _friend, table = two_at_talisman()
    watcher = browser(host.client.app)
    box = watcher.client.get(f"{table}/chat/box?spectate=1", headers=HTMX)
    assert box.status_code == 200 and 'id="chat"' not in box.text and 'id="chat-box"' in box.text
    allow = lambda: host.post(f"{table}/lobby", {"spectator_chat": "1", "pace": "live"})  # noqa: E731
    assert "rights" in stream_events(watcher, table, allow, "rights")
    box = watcher.client.get(f"{table}/chat/box?spectate=1", headers=HTMX).text
    assert 'id="chat"' in box and "data-chat-form" not in box  # may read; a name is needed to write


def test_a_message_or_a_move_sends_no_rights() -> None:
    host, friend, table = two_at_talisman()
    seen = stream_events(friend, table, lambda: host.post(f"{table}/chat", {"text": "hi"}), "chat")
    assert "chat" in seen and "rights" not in seen
