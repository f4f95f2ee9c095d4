"""A seat whose invitation link was opened is someone's (issue 35): the lobby does not offer it, even when
the friend who opened the link chose no name, a player who asks for it from the lobby is refused, and the
table says a player sits there."""

from __future__ import annotations

import re

from tests.web.routes.test_people import named, two_at_talisman
from tests.web.security.tables_client import browser


def test_a_seat_opened_by_its_link_is_not_free_in_the_lobby_even_without_a_name() -> None:
    host = named(browser(), "Alice")
    table = host.start("talisman", "game", ["here", "invite", "invite"], players="3")
    key = table.rsplit("/", 1)[1]
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "day"}).status_code == 303
    assert host.json("/lobby.json")[0]["free"] == [1, 2]
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(table).text)
    assert link is not None
    nameless = browser(host.client.app)
    assert nameless.client.get(link.group(1), follow_redirects=False).status_code == 303
    listed = host.json("/lobby.json")[0]
    assert listed["free"] == [2]
    assert [s["taken"] for s in listed["seats"]] == [False, True, False]
    assert "taken, by invitation" in host.client.get("/lobby").text
    bob = named(browser(host.client.app), "Bob")
    refused = bob.post(f"/lobby/{key}/join", {"seat": "1"})
    assert refused.status_code == 409 and "invitation" in refused.text
    assert bob.post(f"/lobby/{key}/join", {"seat": "2"}).status_code == 303
    assert host.json("/lobby.json") == []  # no seat left to offer, and nobody may watch
    assert "a player by invitation, no name chosen yet" in host.client.get(table).text
    assert nameless.client.get(link.group(1), follow_redirects=False).status_code == 303  # again: no change


def test_a_named_friend_who_opens_the_link_is_seated_by_name() -> None:
    host, _friend, table = two_at_talisman()
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "live"}).status_code == 303
    assert host.json("/lobby.json") == []  # Bob sits at the only other seat
