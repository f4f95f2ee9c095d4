"""Your turn, told by e-mail (issue 35), through a real SMTP server (aiosmtpd on a free loopback port): a
player who gave an address gets one e-mail when a move makes it their turn, with a link straight to the
table and a link that stops the e-mails; nothing is sent for the player who moved, twice for one turn, to
a player without an address, or with no server configured; the SMTP URL is read strictly."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from grognard.engine.errors import UsageError
from grognard.web.notices import Smtp, smtp_settings, startup_line
from tests.pgserver import free_port
from tests.web.security.tables_client import JSON, Visitor, browser


class Inbox:
    """What the test SMTP server received."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def wait(self, count: int, seconds: float = 10.0) -> list[Message]:
        """The messages once there are `count` (or the deadline passed)."""
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages

    def settled(self, quiet: float = 0.5, seconds: float = 10.0) -> int:
        """How many messages there are once none has come for `quiet` seconds (a notice sent in the
        background may still be on its way), or at the deadline."""
        deadline = time.monotonic() + seconds
        count = len(self.messages)
        while time.monotonic() < deadline:
            time.sleep(quiet)
            if len(self.messages) == count:
                break
            count = len(self.messages)
        return count


@pytest.fixture
def inbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[Inbox]:
    """A real SMTP server on a free loopback port, named in GROGNARD_SMTP_URL."""
    kept = Inbox()
    port = free_port()
    server = Controller(kept, hostname="127.0.0.1", port=port)
    server.start()
    monkeypatch.setenv("GROGNARD_SMTP_URL", f"smtp://127.0.0.1:{port}?from=tables@club.example")
    yield kept
    server.stop()


def seated_pair(friend_email: str) -> tuple[Visitor, Visitor, str]:
    """Alice hosts a two-person Talisman table; Bob (with `friend_email`) took the other seat."""
    host = browser()
    assert host.post("/me", {"name": "Alice", "email": "alice@club.example"}).status_code == 303
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(table).text)
    assert link is not None
    friend = browser(host.client.app)
    assert friend.post("/me", {"name": "Bob", "email": friend_email}).status_code == 303
    assert friend.client.get(link.group(1), follow_redirects=False).status_code == 303
    return host, friend, table


def play_until(who: Visitor, other: Visitor, table: str, turn_of: Visitor) -> None:
    """Move (as whoever is to act, the first choice) until it is `turn_of`'s turn after a move by the
    other player."""
    for _ in range(80):
        for mover in (who, other):
            state = mover.view(table)
            if state["acting"] and mover is not turn_of:
                view = state["view"]
                form = {"action": view["actions"][0]["id"], "ply": str(view["ply"])}
                assert mover.post(f"{table}/act", form, headers=JSON).status_code == 200
                if turn_of.view(table)["acting"]:
                    return
    raise AssertionError("the turn never passed")


def test_a_players_turn_is_told_once_by_email_with_working_links(inbox: Inbox) -> None:
    host, friend, table = seated_pair("bob@club.example")
    if friend.view(table)["acting"]:
        play_until(friend, host, table, host)
        inbox.wait(1, 3)
        inbox.messages.clear()
    play_until(host, friend, table, friend)
    mails = inbox.wait(1)
    assert len(mails) == 1
    mail = mails[0]
    assert mail["To"] == "bob@club.example" and mail["From"] == "tables@club.example"
    assert mail["Subject"].startswith("Your turn: ")
    assert isinstance(mail, EmailMessage)
    body = mail.get_content()
    assert body.startswith("Bob, it is your turn")
    link = re.search(r"Play it: (\S+)", body)
    stop = re.search(r"To get no more: (\S+)\)", body)
    assert link is not None and stop is not None and mail["List-Unsubscribe"] == f"<{stop.group(1)}>"
    path = link.group(1).removeprefix("http://127.0.0.1")
    assert path == table and friend.client.get(path).status_code == 200
    friend.client.get(table)  # looking again, or a move that keeps the turn, sends nothing more
    host.post(f"{table}/advance", headers=JSON)
    time.sleep(0.5)
    assert len(inbox.messages) == 1
    stranger = browser(host.client.app)
    forged = stop.group(1).removeprefix("http://127.0.0.1")[:-4] + "0000"
    assert stranger.client.get(forged).status_code == 403
    stop_page = stranger.client.get(stop.group(1).removeprefix("http://127.0.0.1"))
    assert stop_page.status_code == 200 and "no more e-mails" in stop_page.text
    fields = dict(re.findall(r'name="(player|check)" value="([^"]+)"', stop_page.text))
    assert stranger.post("/me/unsubscribe", fields).status_code == 200
    assert 'value=""' in friend.client.get("/me").text.split("data-player-email")[0].rsplit("<input", 1)[1]


def pass_turns(host: Visitor, friend: Visitor, table: str, times: int) -> None:
    """Move (whoever is to act, the first choice) until the turn has passed from one to the other
    `times` times."""
    passed = 0
    for _ in range(200):
        mover = host if host.view(table)["acting"] else friend
        view = mover.view(table)["view"]
        form = {"action": view["actions"][0]["id"], "ply": str(view["ply"])}
        assert mover.post(f"{table}/act", form, headers=JSON).status_code == 200
        passed += not mover.view(table)["acting"]
        if passed >= times:
            return
    raise AssertionError("the turn did not pass")


def test_no_email_without_an_address_or_a_server(inbox: Inbox, monkeypatch: pytest.MonkeyPatch) -> None:
    host, friend, table = seated_pair("")
    pass_turns(host, friend, table, 3)
    assert {m["To"] for m in inbox.wait(1)} == {"alice@club.example"}  # Bob gave none
    told = inbox.settled()  # every notice of those moves delivered (on a loaded machine, one came late)
    assert {m["To"] for m in inbox.messages} == {"alice@club.example"}
    monkeypatch.delenv("GROGNARD_SMTP_URL")
    assert "none" in startup_line() and "GROGNARD_SMTP_URL" in startup_line()
    assert "data-player-email" not in host.client.get("/me").text
    pass_turns(host, friend, table, 3)
    time.sleep(0.5)
    assert len(inbox.messages) == told


@pytest.mark.parametrize("email", ["not an address", "a@b", "x" * 300 + "@club.example", "a@b.c>"])
def test_an_address_that_cannot_be_one_is_a_400(inbox: Inbox, email: str) -> None:
    who = browser()
    assert who.post("/me", {"name": "Al", "email": email}).status_code == 400


def test_the_smtp_url_is_read_strictly() -> None:
    assert smtp_settings("") is None
    assert smtp_settings("smtp://mail.example:2525") == Smtp(
        "mail.example", 2525, sender="grognard@mail.example"
    )
    found = smtp_settings("smtps://me%40x:p%3Ass@mail.example?from=a@b.example")
    assert found == Smtp("mail.example", 465, True, False, "me@x", "p:ss", "a@b.example")
    assert smtp_settings("smtp://mail.example?starttls=1") == Smtp(
        "mail.example", 25, False, True, sender="grognard@mail.example"
    )
    for bad in ("http://mail.example", "mail.example", "smtp://", "smtp://mail.example:99999"):
        with pytest.raises(UsageError):
            smtp_settings(bad)
