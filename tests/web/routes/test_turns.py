"""Turn limits (issue 35): a host gives each move a time; a person's seat whose time ran out is played by
the table's bot for that one move (the sweep every server process runs; a page's look never moves a game),
the chat says so, and the seat stays the player's. A limit counts from when it was set."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient

from grognard.engine.store.factory import open_store
from grognard.web.app import create_app
from grognard.web.settings import Settings
from grognard.web.turns import LIMIT_MARK, play_overdue
from tests.web.routes.test_people import named, said, two_at_talisman
from tests.web.security.tables_client import SECRET, Visitor, browser


def to_act(host: Visitor, friend: Visitor, table: str) -> tuple[Visitor, str]:
    """Who is to act at the table, and their name."""
    return (host, "Alice") if host.view(table)["acting"] else (friend, "Bob")


def test_a_seat_out_of_time_is_played_by_the_bot_once_and_stays_its_players() -> None:
    host, friend, table = two_at_talisman()
    gid = table.rsplit("/", 1)[1].split("-")[0]
    form = {"pace": "day", "limit": "300", "limit_bot": "random"}
    assert host.post(f"{table}/lobby", form).status_code == 303
    page = host.client.get(table).text
    assert "data-turn-limit" in page and "5 minutes" in page
    assert re.search(r'<option value="300" selected>5 minutes', page)
    store = open_store()
    try:
        assert play_overdue(store) == []  # not yet
        late, name = to_act(host, friend, table)
        seat = late.view(table)["mine"][0]
        before = late.view(table)["view"]["ply"]
        for _ in range(3):
            late.client.get(table)  # looking never moves it
        assert late.view(table)["view"]["ply"] == before
        soon = datetime.now(UTC) + timedelta(seconds=301)
        assert play_overdue(store, soon) == [(gid, seat)]
        assert late.view(table)["view"]["ply"] > before
        assert late.view(table)["seats"][seat] == "human"  # the seat stays the player's
        note = said(late, table)[-1]
        assert note[0] == "The table" and note[1].startswith(
            f"Time ran out for {name}: a bot made their move ("
        )
        assert "data-seat-name" in host.client.get(table).text
    finally:
        store.close()


def test_a_limit_counts_from_when_it_was_set_and_none_plays_nothing() -> None:
    host, _, table = two_at_talisman()
    store = open_store()
    try:
        far = datetime.now(UTC) + timedelta(days=30)
        assert play_overdue(store, far) == []  # no limit: never
        assert host.post(f"{table}/lobby", {"limit": "86400"}).status_code == 303
        gid = table.rsplit("/", 1)[1].split("-")[0]
        kept = store.marks(gid)[LIMIT_MARK]
        assert host.post(f"{table}/lobby", {"limit": "86400", "pace": "week"}).status_code == 303
        assert store.marks(gid)[LIMIT_MARK] == kept  # the same limit saved again still counts from then
        assert play_overdue(store, datetime.now(UTC) + timedelta(hours=23)) == []
        assert host.post(f"{table}/lobby", {"limit": "7"}).status_code == 400
        assert host.post(f"{table}/lobby", {"limit": "300", "limit_bot": "genius"}).status_code == 400
        stranger = named(browser(host.client.app), "Eve")
        assert stranger.post(f"{table}/lobby", {"limit": ""}).status_code == 403
        assert host.post(f"{table}/lobby", {"limit": ""}).status_code == 303
        assert LIMIT_MARK not in store.marks(gid)
    finally:
        store.close()


def test_the_server_sweeps_while_it_runs() -> None:
    app = create_app(Settings(secret=SECRET))
    with TestClient(app):
        sweeping = [t for t in threading.enumerate() if t.name == "grognard-turns"]
        assert sweeping and all(t.is_alive() for t in sweeping)
    for t in sweeping:
        t.join(5)
    assert not any(t.is_alive() for t in sweeping)


def test_the_host_picks_the_bots_strength_the_game_offers_and_the_log_says_a_bot_moved() -> None:
    from grognard.engine.match import Match, levels
    from grognard.web.turns import BOT_MARK, bot_choices

    host, friend, table = two_at_talisman()
    gid = table.rsplit("/", 1)[1].split("-")[0]
    store = open_store()
    try:
        views = Match.load(store, gid).views
        choices = bot_choices(views)
        assert next(iter(choices)) == "bot" and "random" in choices  # the standard bot first
        assert set(choices) - {"bot"} <= set(levels(views))
        page = host.client.get(table).text
        for value, words in choices.items():
            assert f'<option value="{value}"' in page and words.replace("'", "&#39;") in page
        strongest = list(choices)[-1]
        assert host.post(f"{table}/lobby", {"limit": "300", "limit_bot": strongest}).status_code == 303
        assert store.marks(gid).get(BOT_MARK) == (None if strongest == "bot" else strongest)
        assert re.search(rf'<option value="{strongest}" selected>', host.client.get(table).text)
        late, _ = to_act(host, friend, table)
        seat = late.view(table)["mine"][0]
        ply = late.view(table)["view"]["ply"]
        assert play_overdue(store, datetime.now(UTC) + timedelta(seconds=301)) == [(gid, seat)]
        log = late.client.get(table).text
        assert "data-late" in log and "time ran out: a bot made this move" in log
        assert re.search(rf'<span class="muted ply" title="move">{ply}</span>', log)
        assert host.post(f"{table}/lobby", {"limit_bot": "bot"}).status_code == 303
        assert BOT_MARK not in store.marks(gid)
    finally:
        store.close()
