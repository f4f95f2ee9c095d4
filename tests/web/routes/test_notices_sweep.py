"""Your turn told even when the server process that made the move died (issue 35): the sweep every
process runs (`web.notices.tell_missed`) tells a turn nobody told once the move is `GRACE_SECONDS` old,
sends again an e-mail claimed but never marked sent after `RESEND_SECONDS`, and never tells one turn twice,
not even when it goes on over several decisions (each e-mail names its turn in its Message-ID: the move it
began at); through a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from grognard.engine.match import Match
from grognard.engine.store.factory import open_store
from grognard.engine.store.people import People
from grognard.web.notices import GRACE_SECONDS, RESEND_SECONDS, TOLD_MARK, claim_turn, tell_missed
from grognard.web.routes.common import TableAccess
from tests.web.routes.test_notices import Inbox, inbox, pass_turns, seated_pair  # noqa: F401 (a fixture)
from tests.web.security.tables_client import JSON, SECRET, Visitor


def move_behind_the_servers_back(
    store_gid: str, host: Visitor, friend: Visitor, table: str
) -> tuple[int, int]:
    """Make moves through the match driver alone (as a process that dies before telling anyone would)
    until the turn passes to the other person; their seat and the move they are to make."""
    store = open_store()
    try:
        match = Match.load(store, store_gid)
        first = match.humans_to_act()[0]
        for _ in range(80):
            seat = match.humans_to_act()[0]
            if seat != first:
                return seat, match.ply
            action = match.view(seat, odds=False).actions[0].id
            match.act(seat, action, match.ply)
    finally:
        store.close()
    raise AssertionError("the turn never passed")


def later(seconds: float) -> datetime:
    return datetime.now(UTC) + timedelta(seconds=seconds)


def test_a_turn_nobody_told_is_told_by_the_sweep_once(inbox: Inbox) -> None:  # noqa: F811
    host, friend, table = seated_pair("bob@club.example")
    host.client.get(table)  # the host's look keeps the address the table is reached at
    gid = table.rsplit("/", 1)[1].split("-")[0]
    seat, ply = move_behind_the_servers_back(gid, host, friend, table)
    store = open_store()
    try:
        tables = TableAccess(SECRET, lambda: store)
        assert tell_missed(tables) == []  # the process that moved has its grace
        assert tell_missed(tables, later(GRACE_SECONDS + 1)) == [(gid, seat)]
        assert tell_missed(tables, later(GRACE_SECONDS + 2)) == []  # told: never twice
        mails = inbox.wait(1)
        assert len(mails) == 1 and mails[0]["Message-ID"].startswith(f"<turn.{gid}.{seat}.{ply}@")
        assert mails[0]["To"] == ("bob@club.example" if seat == 1 else "alice@club.example")
        assert "/games/" in mails[0].get_content()
        assert store.marks(gid)[f"{TOLD_MARK}{seat}"] == f"{ply}/sent"
    finally:
        store.close()


def test_an_email_claimed_but_not_sent_is_sent_again_after_a_while(inbox: Inbox) -> None:  # noqa: F811
    host, friend, table = seated_pair("bob@club.example")
    host.client.get(table)
    gid = table.rsplit("/", 1)[1].split("-")[0]
    seat, ply = move_behind_the_servers_back(gid, host, friend, table)
    store = open_store()
    try:
        claimed = claim_turn(People(store), gid, seat, ply)  # a process claimed it, then died
        assert claimed is not None and claim_turn(People(store), gid, seat, ply) is None
        tables = TableAccess(SECRET, lambda: store)
        assert tell_missed(tables, later(GRACE_SECONDS + 1)) == []  # another process may be sending
        time.sleep(0.3)
        assert inbox.messages == []
        assert tell_missed(tables, later(RESEND_SECONDS + 1)) == [(gid, seat)]
        assert len(inbox.wait(1)) == 1
        assert tell_missed(tables, later(RESEND_SECONDS * 3)) == []
    finally:
        store.close()


def test_a_turn_told_at_its_start_is_not_told_again_while_it_goes_on(inbox: Inbox) -> None:  # noqa: F811
    host, friend, table = seated_pair("bob@club.example")
    host.client.get(table)
    pass_turns(host, friend, table, 1)  # from now on every turn began with another's move, and was told
    store = open_store()
    try:
        tables = TableAccess(SECRET, lambda: store)
        for _ in range(60):
            mover = host if host.view(table)["acting"] else friend
            view = mover.view(table)["view"]
            form = {"action": view["actions"][0]["id"], "ply": str(view["ply"])}
            assert mover.post(f"{table}/act", form, headers=JSON).status_code == 200
            if mover.view(table)["acting"]:  # the same turn goes on
                inbox.wait(99, 1)
                told = len(inbox.messages)
                assert tell_missed(tables, later(RESEND_SECONDS * 2)) == []
                assert len(inbox.messages) == told
                return
        raise AssertionError("no turn of two decisions")
    finally:
        store.close()
