"""Tables friends play over days (issue 35), without a browser: a player's name kept in a signed cookie and
shown at the seats, the player's page (`/me`: their tables, "your turn" first, their record), a table's
chat (seated players only unless the host lets spectators in; escaped, capped, rate-limited, muted by the
host, kept in the export and brought back by an import, told live on the table's stream), the lobby (only
tables their host opened; a free seat joined once) and "play again with the same seats". On SQLite, and
on PostgreSQL where the store's own behaviour matters (the chat's count, a seat taken once, the stream)."""

from __future__ import annotations

import json
import re
import threading
import time

import pytest

from grognard.web.players import PLAYER_COOKIE, cookie_value
from tests.web.security.tables_client import JSON, SECRET, Visitor, browser

HTMX = {"HX-Request": "true"}


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The store the server keeps its tables in: the test's SQLite home, then a PostgreSQL database."""
    if request.param == "postgresql":
        monkeypatch.setenv("GROGNARD_DATABASE_URL", str(request.getfixturevalue("postgres_url")))
    return str(request.param)


def named(who: Visitor, name: str) -> Visitor:
    """`who`, having chosen `name`."""
    chosen = who.post("/me", {"name": name})
    assert chosen.status_code == 303, chosen.text[-300:]
    return who


def two_at_talisman(
    host_name: str | None = "Alice", friend_name: str | None = "Bob"
) -> tuple[Visitor, Visitor, str]:
    """A Talisman table of two people: the host, and a friend seated by the invitation link."""
    host = browser()
    if host_name:
        named(host, host_name)
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(table).text)
    assert link is not None
    friend = browser(host.client.app)
    if friend_name:
        named(friend, friend_name)
    assert friend.client.get(link.group(1), follow_redirects=False).status_code == 303
    return host, friend, table


def said(who: Visitor, table: str) -> list[tuple[str, str]]:
    """The chat as `who` reads it: (name, text) pairs."""
    got = who.json(f"{table}/chat.json")
    return [(m["name"], m["text"]) for m in got["messages"]]


def over_melee(host: Visitor) -> tuple[Visitor, str]:
    """An Adventures in Fantasy melee of two people (the friend by invitation), over at once."""
    table = host.start("adventures-in-fantasy", "melee", ["here", "invite"])
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(table).text)
    assert link is not None
    friend = named(browser(host.client.app), "Bob")
    assert friend.client.get(link.group(1), follow_redirects=False).status_code == 303
    assert host.view(table)["over"]
    return friend, table


# ---------------------------------------------------------------------------------------------------
# Names


def test_a_chosen_name_is_kept_signed_and_a_forged_one_is_ignored() -> None:
    alice = browser()
    assert "Choose the name" in alice.client.get("/me").text
    assert alice.json("/me.json")["name"] is None
    assert alice.post("/me", {"name": "  Alice   of  Ys "}).headers["location"] == "/me"
    assert alice.json("/me.json")["name"] == "Alice of Ys"
    kept = next(c for c in alice.client.cookies.jar if c.name == PLAYER_COOKIE)
    assert kept.value.count(".") == 2 and "Alice" not in kept.value  # signed, name encoded
    renamed = alice.post("/me", {"name": "Alys"})
    assert renamed.status_code == 303 and alice.json("/me.json")["name"] == "Alys"
    assert (
        next(c for c in alice.client.cookies.jar if c.name == PLAYER_COOKIE).value.split(".")[0]
        == (kept.value.split(".")[0])
    )  # the same player, renamed
    forger = browser(alice.client.app)
    player_id = kept.value.split(".")[0]
    forged = cookie_value("another-secret-" + "x" * 32, player_id, "Alys")
    forger.client.cookies.set(PLAYER_COOKIE, forged)
    assert forger.json("/me.json")["name"] is None
    forger.client.cookies.set(PLAYER_COOKIE, kept.value[:-2] + "00")
    assert forger.json("/me.json")["name"] is None
    forger.client.cookies.set(PLAYER_COOKIE, cookie_value(SECRET, player_id, "Alys"))
    assert forger.json("/me.json")["name"] == "Alys"  # only the server's secret signs


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "Bob\u0000", "Bob\u202e", "a" * 5000])
def test_a_name_that_cannot_be_shown_is_a_400(name: str) -> None:
    who = browser()
    got = who.post("/me", {"name": name})
    assert got.status_code == 400 and "name" in got.text
    assert who.json("/me.json")["name"] is None


def test_choosing_a_name_goes_back_only_to_this_server_and_needs_the_form_token() -> None:
    who = browser()
    assert who.post("/me", {"name": "Al", "next": "/lobby"}).headers["location"] == "/lobby"
    for away in ("//evil.example/", "https://evil.example/", "\\\\evil", "lobby"):
        assert who.post("/me", {"name": "Al", "next": away}).headers["location"] == "/me"
    forged = who.client.post("/me", data={"name": "Mallory", "csrf": "0" * 64}, follow_redirects=False)
    assert forged.status_code == 403 and who.json("/me.json")["name"] == "Al"


def test_the_seats_show_the_players_names_escaped() -> None:
    host, friend, table = two_at_talisman("Alice", "Bob <b>")
    page = host.client.get(table).text
    assert re.search(
        r'data-seat="1">(?:(?!</li>)[\s\S])*<span data-seat-name data-content>Bob &lt;b&gt;</span>', page
    )
    assert "<b>" not in re.sub(r"<b>[^<]*</b>", "", page.split("data-players")[1].split("</section>")[0])
    theirs = friend.client.get(table).text
    assert re.search(
        r'data-seat="0">(?:(?!</li>)[\s\S])*<span data-seat-name data-content>Alice</span>', theirs
    )
    assert re.search(
        r'data-seat="1">(?:(?!</li>)[\s\S])*<strong>you</strong> \(<span data-content>Bob &lt;b&gt;</span>\)',
        theirs,
    )


def test_a_host_without_a_name_is_asked_for_one_and_seated_by_it_later() -> None:
    host, friend, table = two_at_talisman(None, "Bob")
    assert "data-choose-name" in host.client.get(table).text
    named(host, "Alice")
    assert "data-choose-name" not in host.client.get(table).text  # opening the table sits her by name
    assert re.search(
        r'data-seat="0">(?:(?!</li>)[\s\S])*<span data-seat-name data-content>Alice</span>',
        friend.client.get(table).text,
    )


def test_the_players_page_lists_their_tables_your_turn_first() -> None:
    host, friend, table = two_at_talisman()
    other = host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    host.client.get(other)
    mine = host.json("/me.json")
    addresses = [f"/games/{t['address']}" for t in mine["tables"]]
    assert set(addresses) == {table, other}
    turns = [t["your_turn"] for t in mine["tables"]]
    assert turns == sorted(turns, reverse=True) and any(turns)
    assert {t["system"] for t in mine["tables"]} == {"Talisman", "Fighting Fantasy"}
    page = host.client.get("/me").text
    assert page.index("data-your-turn") < page.index("<tr data-game-id") + 200
    assert [f"/games/{t['address']}" for t in friend.json("/me.json")["tables"]] == [table]
    assert browser(host.client.app).json("/me.json")["tables"] == []


# ---------------------------------------------------------------------------------------------------
# Chat


def test_seated_players_chat_and_the_text_is_escaped(backend: str) -> None:
    host, friend, table = two_at_talisman()
    assert said(host, table) == []
    assert host.post(f"{table}/chat", {"text": "  hello <script>alert(1)</script>  "}).status_code == 303
    fragment = friend.post(f"{table}/chat", {"text": "hi & welcome"}, headers=HTMX)
    assert fragment.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in fragment.text and "<script>" not in fragment.text
    assert "hi &amp; welcome" in fragment.text
    assert said(friend, table) == [("Alice", "hello <script>alert(1)</script>"), ("Bob", "hi & welcome")]
    page = friend.client.get(f"{table}/chat")
    assert (
        page.status_code == 200 and "<html" not in page.text and page.text.count("<li data-chat-message") == 2
    )
    answered = host.post(f"{table}/chat", {"text": "json"}, headers=JSON)
    assert answered.status_code == 200 and answered.json()["messages"][-1]["text"] == "json"


def test_a_stranger_neither_reads_nor_writes_the_chat() -> None:
    host, _, table = two_at_talisman()
    host.post(f"{table}/chat", {"text": "our secret plan"})
    stranger = named(browser(host.client.app), "Eve")
    for url in (f"{table}/chat", f"{table}/chat.json"):
        got = stranger.client.get(url)
        assert got.status_code == 403 and "our secret plan" not in got.text
    assert stranger.post(f"{table}/chat", {"text": "let me in"}).status_code == 403
    watching = stranger.client.get(f"{table}?spectate=1")
    assert watching.status_code == 200 and "data-chat" not in watching.text
    assert "our secret plan" not in watching.text
    assert stranger.client.get(f"{table}/export").status_code == 403
    wrong = re.sub(r"-[0-9a-f]+$", "-" + "0" * 20, table)
    assert host.client.get(f"{wrong}/chat").status_code == 404
    assert said(host, table) == [("Alice", "our secret plan")]


def test_spectators_chat_only_where_the_host_allows_it() -> None:
    host, _, table = two_at_talisman()
    watcher = named(browser(host.client.app), "Carol")
    assert watcher.client.get(f"{table}/chat").status_code == 403
    assert host.post(f"{table}/lobby", {"spectator_chat": "1", "pace": "live"}).status_code == 303
    assert watcher.post(f"{table}/chat", {"text": "nice move"}).status_code == 303
    assert said(host, table) == [("Carol", "nice move")]
    assert said(watcher, table) == [("Carol", "nice move")]
    assert watcher.json(f"{table}/chat.json")["messages"][0]["seat"] is None
    nameless = browser(host.client.app)
    assert nameless.client.get(f"{table}/chat").status_code == 200  # reads, but needs a name to write
    refused = nameless.post(f"{table}/chat", {"text": "who am I"})
    assert refused.status_code == 403 and "choose a name" in refused.text
    assert host.post(f"{table}/lobby", {"pace": "live"}).status_code == 303  # allowed no more
    assert watcher.client.get(f"{table}/chat").status_code == 403


@pytest.mark.parametrize(
    ("text", "status"),
    [("", 400), ("   \n ", 400), ("x" * 501, 400), ("y" * 100_000, 400), ("z" * 500, 303)],
)
def test_a_message_is_one_to_500_characters(text: str, status: int) -> None:
    host, _, table = two_at_talisman()
    started = time.monotonic()
    assert host.post(f"{table}/chat", {"text": text}).status_code == status
    assert time.monotonic() - started < 5
    assert len(said(host, table)) == (1 if status == 303 else 0)


def test_a_huge_or_forged_post_is_refused_before_anything_is_kept() -> None:
    host, _, table = two_at_talisman()
    huge = host.post(f"{table}/chat", {"text": "x" * 3_000_000})
    assert huge.status_code == 413
    forged = host.client.post(f"{table}/chat", data={"text": "hi", "csrf": "f" * 64}, follow_redirects=False)
    assert forged.status_code == 403
    notoken = host.client.post(f"{table}/chat", data={"text": "hi"}, follow_redirects=False)
    assert notoken.status_code == 403
    assert said(host, table) == []


def test_chat_is_rate_limited_per_player(backend: str) -> None:
    host, friend, table = two_at_talisman()
    for n in range(5):
        assert host.post(f"{table}/chat", {"text": f"m{n}"}).status_code == 303
    slow = host.post(f"{table}/chat", {"text": "one too many"})
    assert slow.status_code == 429 and "wait" in slow.text
    assert friend.post(f"{table}/chat", {"text": "my turn to talk"}).status_code == 303
    assert len(said(host, table)) == 6


def test_the_host_mutes_a_seat_and_lets_it_speak_again() -> None:
    host, friend, table = two_at_talisman()
    assert friend.post(f"{table}/mute", {"seat": "0", "muted": "1"}).status_code == 403  # not the host
    assert host.post(f"{table}/mute", {"seat": "1", "muted": "1"}).status_code == 303
    assert "data-muted" in host.client.get(table).text
    refused = friend.post(f"{table}/chat", {"text": "can I speak"})
    assert refused.status_code == 403 and "muted" in refused.text
    assert "data-chat-form" not in friend.client.get(table).text
    assert said(friend, table) == []  # still reads
    assert host.post(f"{table}/mute", {"seat": "9", "muted": "1"}).status_code == 400
    assert host.post(f"{table}/mute", {"seat": "1", "muted": "0"}).status_code == 303
    assert friend.post(f"{table}/chat", {"text": "thanks"}).status_code == 303


def test_the_chat_goes_with_the_export_and_comes_back_with_an_import() -> None:
    host, friend, table = two_at_talisman()
    host.post(f"{table}/chat", {"text": "good luck"})
    friend.post(f"{table}/chat", {"text": "you too"})
    seat_view = friend.client.get(f"{table}/export").json()
    assert [m["text"] for m in seat_view["chat"]] == ["good luck", "you too"]
    assert "p-" not in json.dumps(seat_view["chat"]) and "player" not in seat_view["chat"][0]
    melee_host = named(browser(host.client.app), "Dora")
    _, over = over_melee(melee_host)
    melee_host.post(f"{over}/chat", {"text": "gg"})
    exported = melee_host.client.get(f"{over}/export").content
    again = browser(host.client.app)
    made = again.post("/games/import", files={"file": ("game.json", exported, "application/json")})
    assert made.status_code == 303, made.text[-300:]
    assert said(again, str(made.headers["location"])) == [("Dora", "gg")]
    bad = json.loads(exported) | {"chat": [{"name": "x" * 99, "text": "hi", "posted": "", "seat": 0}]}
    refused = again.post("/games/import", files={"file": ("bad.json", json.dumps(bad), "application/json")})
    assert refused.status_code == 400 and "chat message 1" in refused.text


def test_a_message_is_told_on_the_tables_live_stream(backend: str) -> None:
    host, friend, table = two_at_talisman()
    seen: list[str] = []

    def talk() -> None:
        time.sleep(0.6)
        friend.post(f"{table}/chat", {"text": "live?"})

    speaker = threading.Thread(target=talk)
    with host.client.stream("GET", f"{table}/events") as stream:
        speaker.start()
        deadline = time.monotonic() + 15
        for line in stream.iter_lines():
            seen.append(line)
            if line == "event: chat" or time.monotonic() > deadline:
                break
    speaker.join()
    assert "event: chat" in seen
    assert "event: changed" not in seen  # a message does not redraw the table


# ---------------------------------------------------------------------------------------------------
# The lobby


def test_a_private_table_is_not_in_the_lobby_and_an_open_one_is() -> None:
    host = named(browser(), "Alice")
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    stranger = browser(host.client.app)
    assert stranger.json("/lobby.json") == []
    assert "data-lobby-empty" in stranger.client.get("/lobby").text
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "day"}).status_code == 303
    listed = stranger.json("/lobby.json")
    assert len(listed) == 1 and f"/games/{listed[0]['address']}" == table
    first = listed[0]
    assert (first["system"], first["pace"], first["free"], first["watch"]) == (
        "Talisman",
        "a move a day",
        [1],
        False,
    )
    assert [s["player"] for s in first["seats"]] == ["Alice", None]
    page = stranger.client.get("/lobby").text
    assert "a move a day" in page and "data-lobby-name" in page and "data-join" not in page
    assert "data-watch" not in page


def test_a_free_seat_is_joined_once_and_only_by_a_named_player(backend: str) -> None:
    host = named(browser(), "Alice")
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    key = table.rsplit("/", 1)[1]
    nameless = browser(host.client.app)
    assert nameless.post(f"/lobby/{key}/join", {"seat": "1"}).status_code == 403
    bob = named(browser(host.client.app), "Bob")
    assert bob.post(f"/lobby/{key}/join", {"seat": "1"}).status_code == 403  # not opened yet
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "live"}).status_code == 303
    assert 'data-join="1"' in bob.client.get("/lobby").text
    for bad in ("0", "2", "-1", "x", "9" * 30):
        assert bob.post(f"/lobby/{key}/join", {"seat": bad}).status_code in (400, 409)
    joined = bob.post(f"/lobby/{key}/join", {"seat": "1"})
    assert joined.status_code == 303 and joined.headers["location"] == table
    assert bob.view(table)["mine"] == [1]
    carol = named(browser(host.client.app), "Carol")
    assert carol.post(f"/lobby/{key}/join", {"seat": "1"}).status_code == 409
    assert carol.view(table)["mine"] == []
    assert bob.json("/lobby.json") == []  # full, and nobody may watch
    assert bob.post(f"{table}/chat", {"text": "joined"}).status_code == 303
    assert re.search(
        r'data-seat="1">(?:(?!</li>)[\s\S])*<span data-seat-name data-content>Bob</span>',
        host.client.get(table).text,
    )


def test_a_host_needs_a_name_to_open_a_table_and_only_the_host_may() -> None:
    host = browser()
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    assert host.post(f"{table}/lobby", {"open": "1"}).status_code == 403
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "hourly"}).status_code in (400, 403)
    named(host, "Alice")
    assert host.post(f"{table}/lobby", {"open": "1", "pace": "fortnight"}).status_code == 400
    other = named(browser(host.client.app), "Mallory")
    assert other.post(f"{table}/lobby", {"open": "1"}).status_code == 403


def test_a_table_anyone_may_watch_is_listed_to_watch() -> None:
    host = named(browser(), "Alice")
    table = host.start("talisman", "game", ["here", "bot"], players="2", characters="wizard,warrior")
    assert host.post(f"{table}/public", {"public": "1"}).status_code == 303
    stranger = browser(host.client.app)
    listed = stranger.json("/lobby.json")
    assert listed[0]["watch"] is True and listed[0]["free"] == []
    watch = re.search(r'href="(/games/[^"]+\?spectate=1)" data-watch', stranger.client.get("/lobby").text)
    assert watch is not None and stranger.client.get(watch.group(1)).status_code == 200


# ---------------------------------------------------------------------------------------------------
# Play again, and the record


def test_play_again_keeps_the_seats_and_each_player_finds_theirs() -> None:
    host = named(browser(), "Alice")
    friend, table = over_melee(host)
    assert "Play again with the same seats" in host.client.get(table).text
    made = host.post(f"{table}/again")
    assert made.status_code == 303
    fresh = str(made.headers["location"])
    assert fresh != table and host.view(fresh)["mine"] == [0]
    assert "data-rematch-started" in friend.client.get(table).text
    assert "Take my seat in the new game" in friend.client.get(table).text
    assert friend.view(fresh)["mine"] == []  # not yet
    joined = friend.post(f"{table}/again")
    assert joined.status_code == 303 and joined.headers["location"] == fresh  # the same new game
    assert friend.view(fresh)["mine"] == [1]
    page = host.client.get(fresh).text
    assert re.search(r'data-seat="1">(?:(?!</li>)[\s\S])*<span data-seat-name data-content>Bob</span>', page)
    assert friend.post(f"{fresh}/lobby", {"open": "1"}).status_code == 403  # the starter hosts it
    stranger = browser(host.client.app)
    assert stranger.post(f"{table}/again").status_code == 403


def test_a_finished_game_is_in_each_players_record() -> None:
    host = named(browser(), "Alice")
    friend, table = over_melee(host)
    winners = host.view(table)["view"]["result"]["winners"]
    for who, seat in ((host, 0), (friend, 1)):
        record = who.json("/me.json")["record"]
        assert record["played"] == 1 and record["won"] == int(seat in winners)
        assert record["by_system"] == {"Adventures in Fantasy": {"played": 1, "won": int(seat in winners)}}
        page = who.client.get("/me").text
        assert "1 game played" in page and "Adventures in Fantasy" in page
    fresh = str(host.post(f"{table}/again").headers["location"])
    friend.post(f"{table}/again")
    assert fresh != table
    for who in (host, friend):
        assert who.json("/me.json")["record"]["played"] == 2  # the new melee is over at once too
