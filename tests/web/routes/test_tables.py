"""The tables router without a browser: the table page, its fragment and its JSON twin; the replay and
its twin; a twin answers a stranger and a wrong address exactly as its page does; a move, "Continue",
undo and "play again" posted for JSON answer the new view; an invitation, listing a table, its live
events, its odds and its export."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.match import Match
from grognard.engine.store.factory import open_store
from grognard.web.access import store_id
from tests.web.security.tables_client import JSON, SECRET, Visitor, browser


def fight(host: Visitor) -> str:
    """A Fighting Fantasy fight against an orc, this browser at its one seat; its address."""
    return host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")


def gamebook(host: Visitor) -> str:
    """The shipped sample gamebook, this browser at its one seat; its address."""
    return host.start("fighting-fantasy", "gamebook", ["here"], book="sample")


def page_ply(html: str) -> int:
    """The move number a table page or fragment shows."""
    found = re.search(r'data-ply="(\d+)"', html)
    assert found is not None, "the page names no ply"
    return int(found.group(1))


def act(who: Visitor, table: str, action: str | None = None, ply: int | None = None) -> Any:
    """Post a move for JSON (the first action offered, at the ply shown, unless given)."""
    view = who.view(table)["view"]
    chosen = action or view["actions"][0]["id"]
    return who.post(
        f"{table}/act", {"action": chosen, "ply": str(view["ply"] if ply is None else ply)}, headers=JSON
    )


def play_to_the_end(who: Visitor, table: str) -> None:
    """Post the first action offered until the game is over (200 moves at the most)."""
    for _ in range(200):
        if who.view(table)["over"]:
            return
        assert act(who, table).status_code == 200
    assert who.view(table)["over"], "the game did not end in 200 moves"


def test_the_page_the_fragment_and_the_twin_show_one_table() -> None:
    host = browser()
    table = gamebook(host)
    page = host.client.get(table)
    fragment = host.client.get(f"{table}/table")
    assert page.status_code == fragment.status_code == 200
    assert "<html" in page.text and "<html" not in fragment.text
    view = host.view(table)
    assert view["address"] == table.rsplit("/", 1)[1]
    assert view["view"]["ply"] == page_ply(page.text) == page_ply(fragment.text)
    assert view["seat"] == 0 and view["mine"] == [0] and view["acting"] is True
    assert view["seats"] == ["human"] and view["over"] is False and view["waits"] is False
    assert view["title"] and view["title"] in page.text
    assert {a["id"] for a in view["view"]["actions"]} <= set(re.findall(r'data-action="([^"]+)"', page.text))
    shown = re.sub(r'(data-[\w-]+|value|name)="[^"]*"', "", page.text)  # what a player may read or hover
    assert not any(a["id"] in shown for a in view["view"]["actions"] if ":" in a["id"])
    watching = host.json(f"{table}/view.json?spectate=1")
    assert watching["seat"] is None and watching["mine"] == [] and watching["acting"] is False
    assert watching["view"]["private"] is None or watching["view"]["private"] == {}


def twins(table: str) -> list[tuple[str, str]]:
    """Each page of a table with its JSON twin."""
    return [
        (table, f"{table}/view.json"),
        (f"{table}?spectate=1", f"{table}/view.json?spectate=1"),
        (f"{table}/replay", f"{table}/replay.json"),
        (f"{table}/replay?ply=0", f"{table}/replay.json?ply=0"),
        (f"{table}/replay?ply=999", f"{table}/replay.json?ply=999"),
        (f"{table}/replay?ply=x", f"{table}/replay.json?ply=x"),
        ("/games", "/games.json"),
    ]


def test_a_twin_answers_every_visitor_and_every_address_as_its_page_does() -> None:
    host = browser()
    table = gamebook(host)
    key = table.rsplit("/", 1)[1]
    number = key.split("-")[0]
    stranger = browser(host.client.app)
    forged = f"/games/{number}-{'0' * 20}"
    missing = re.sub(r"^/games/\d+-", "/games/999-", table)
    seen: dict[tuple[str, str], int] = {}
    for who, name in ((host, "host"), (stranger, "stranger")):
        for address, what in ((table, "table"), (forged, "forged"), (missing, "missing")):
            for page, twin in twins(address):
                got, got_twin = who.client.get(page), who.client.get(twin)
                assert got.status_code == got_twin.status_code, (
                    name,
                    page,
                    got.status_code,
                    got_twin.status_code,
                )
                assert got_twin.headers["content-type"] == "application/json", twin
                assert got_twin.headers["cache-control"] == "no-store", twin
                if got_twin.status_code >= 400:
                    assert set(got_twin.json()) == {"error", "status"}, twin
                    assert got_twin.json()["status"] == got_twin.status_code
                seen[(name, f"{what} {twin.removeprefix(address)}")] = got.status_code
    assert seen[("host", "table /view.json")] == seen[("stranger", "table /view.json")] == 200
    assert seen[("stranger", "table /replay.json")] == 200  # a stranger watches, as on the page
    assert seen[("host", "forged /view.json")] == seen[("stranger", "missing /replay.json")] == 404
    assert seen[("host", "table /replay.json?ply=999")] == seen[("host", "table /replay.json?ply=x")] == 400


def test_the_replay_twin_is_the_view_at_that_move_for_this_visitor() -> None:
    host = browser()
    table = gamebook(host)
    act(host, table)
    last = host.view(table)["view"]["ply"]
    for ply in (0, 1, last):
        replay = host.json(f"{table}/replay.json?ply={ply}")
        assert replay["ply"] == replay["view"]["ply"] == ply
        assert replay["last"] == last and replay["seat"] == 0 and replay["spectate"] is False
    assert host.json(f"{table}/replay.json")["ply"] == last
    watching = browser(host.client.app).json(f"{table}/replay.json?ply=1")
    assert watching["seat"] is None and watching["spectate"] is True


def test_a_move_posted_for_json_answers_the_new_view_and_a_stale_one_is_refused(home: Path) -> None:
    host = browser()
    table = gamebook(host)
    before = host.view(table)["view"]["ply"]
    moved = act(host, table)
    assert moved.status_code == 200 and moved.headers["content-type"] == "application/json"
    after = moved.json()
    assert after["view"]["ply"] > before
    assert after == host.view(table)
    stale = act(host, table, ply=before)
    assert stale.status_code == 409 and "another move was made first" in stale.json()["error"]
    gid = store_id(SECRET, table.rsplit("/", 1)[1])
    assert open_store(home).summary(gid).moves == after["view"]["ply"]
    # a form post goes back to the table as before; htmx is sent to the fragment
    form = {"action": after["view"]["actions"][0]["id"], "ply": str(after["view"]["ply"])}
    plain = host.post(f"{table}/act", form)
    assert plain.status_code == 303 and plain.headers["location"] == table
    view = host.view(table)["view"]
    form = {"action": view["actions"][0]["id"], "ply": str(view["ply"])}
    swapped = host.post(f"{table}/act", form, headers={"HX-Request": "true"})
    assert swapped.status_code == 303 and swapped.headers["location"] == f"{table}/table"


def test_a_move_is_refused_to_a_stranger_and_out_of_turn(home: Path) -> None:
    host = browser()
    table = gamebook(host)
    stranger = browser(host.client.app)
    ply = host.view(table)["view"]["ply"]
    action = host.view(table)["view"]["actions"][0]["id"]
    refused = stranger.post(f"{table}/act", {"action": action, "ply": str(ply)}, headers=JSON)
    assert refused.status_code == 403 and "seat" in refused.json()["error"]
    assert host.post(f"{table}/act", {"action": action, "ply": "x"}, headers=JSON).status_code == 400
    assert (
        host.post(f"{table}/act", {"action": "no-such-move", "ply": str(ply)}, headers=JSON).status_code
        == 409
    )
    assert host.client.post(f"{table}/act", data={"action": action, "ply": str(ply)}).status_code == 403
    assert host.view(table)["view"]["ply"] == ply


def test_undo_posted_for_json_takes_the_move_back() -> None:
    host = browser()
    table = fight(host)
    start = host.view(table)["view"]["ply"]
    nothing = host.post(f"{table}/undo", headers=JSON)
    assert nothing.status_code == 200 and "nothing to take back" in nothing.json()["notice"]
    assert act(host, table, "no-luck").status_code == 200
    undone = host.post(f"{table}/undo", headers=JSON)
    assert undone.status_code == 200 and "notice" not in undone.json()
    assert undone.json()["view"]["ply"] == start == host.view(table)["view"]["ply"]
    assert browser(host.client.app).post(f"{table}/undo", headers=JSON).status_code == 403
    assert host.post(f"{table}/undo").status_code == 200  # a form: the table page with its notice


def test_continue_posted_for_json_plays_what_a_stopped_server_left(home: Path) -> None:
    host = browser()
    table = gamebook(host)
    store = open_store(home)
    gid = store_id(SECRET, table.rsplit("/", 1)[1])
    match = Match.load(store, gid)
    first_dice = next(i for i, m in enumerate(match.session.moves) if m.player is None)
    store.truncate(gid, first_dice)  # as if the server stopped before the dice
    waiting = host.view(table)
    assert waiting["waits"] is True and waiting["view"]["ply"] == first_dice
    assert browser(host.client.app).post(f"{table}/advance", headers=JSON).status_code == 403
    played = host.post(f"{table}/advance", headers=JSON)
    assert played.status_code == 200 and played.json()["view"]["ply"] > first_dice
    assert played.json()["waits"] is False


def test_again_posted_for_json_answers_the_new_table_as_this_browser_holds_it(home: Path) -> None:
    host = browser()
    table = fight(host)
    assert host.post(f"{table}/again", headers=JSON).status_code == 409
    for _ in range(60):
        view = host.view(table)
        if view["over"]:
            break
        assert act(host, table, "no-luck").status_code == 200
    assert host.view(table)["over"]
    assert browser(host.client.app).post(f"{table}/again", headers=JSON).status_code == 403
    made = host.post(f"{table}/again", headers=JSON)
    assert made.status_code == 200
    fresh = made.json()
    assert f"/games/{fresh['address']}" != table
    assert fresh["seat"] == 0 and fresh["acting"] is True and fresh["over"] is False
    assert host.view(f"/games/{fresh['address']}") == fresh  # the cookie now holds its tokens


def test_an_invitation_seats_its_bearer_and_a_wrong_one_is_refused() -> None:
    host = browser()
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', host.client.get(table).text)
    assert link is not None
    friend = browser(host.client.app)
    wrong = link.group(1)[:-4] + "0000"
    assert friend.client.get(wrong, follow_redirects=False).status_code == 403
    assert (
        friend.client.get(link.group(1).replace("/seat/1/", "/seat/9/"), follow_redirects=False).status_code
        == 403
    )
    joined = friend.client.get(link.group(1), follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == table
    assert friend.view(table)["mine"] == [1]


def test_the_host_keeps_the_watch_link_once_every_seat_is_taken_and_a_lone_reader_gets_none() -> None:
    """The link to watch is the host's to share with invitations out and after every seat is taken (no
    invitation left); the friend seated is no host and gets none; a table of one player has none."""
    host = browser()
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    page = host.client.get(table).text
    assert "data-invite=" in page and "data-spectate" in page
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', page)
    assert link is not None
    friend = browser(host.client.app)
    assert friend.post("/me", {"name": "Bea"}).status_code == 303
    friend.client.get(link.group(1), follow_redirects=False)
    page = host.client.get(table).text
    assert "data-invite=" not in page and "data-spectate" in page, "every seat taken: no invitation left"
    assert f"{table}?spectate=1" in page
    assert "data-spectate" not in friend.client.get(table).text
    reader = browser(host.client.app)
    assert "data-spectate" not in reader.client.get(gamebook(reader)).text


def test_the_host_lists_a_table_for_everyone() -> None:
    host = browser()
    table = gamebook(host)
    stranger = browser(host.client.app)
    key = table.rsplit("/", 1)[1]
    assert stranger.post(f"{table}/public", {"public": "1"}).status_code == 403
    assert key not in json.dumps(stranger.json("/games.json"))
    listed = host.post(f"{table}/public", {"public": "1"})
    assert listed.status_code == 303
    assert [g["address"] for g in stranger.json("/games.json")] == [key]
    assert host.post(f"{table}/public", {"public": "0"}).status_code == 303
    assert stranger.json("/games.json") == []


def test_the_live_events_say_live_and_a_wrong_address_is_404() -> None:
    host = browser()
    table = gamebook(host)
    with host.client.stream("GET", f"{table}/events") as stream:
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert next(stream.iter_lines()) == ": live"
    assert host.client.get(re.sub(r"^/games/\d+-", "/games/999-", table) + "/events").status_code == 404


def test_the_odds_are_for_the_seat_to_act_only() -> None:
    host = browser()
    table = gamebook(host)
    ply = host.view(table)["view"]["ply"]
    assert browser(host.client.app).client.get(f"{table}/odds?ply={ply}").status_code == 403
    stale = host.client.get(f"{table}/odds?ply={ply + 5}")
    assert stale.status_code == 200 and stale.json() == {"ply": ply, "stale": True}


@pytest.mark.parametrize("seated", [True, False])
def test_the_export_is_the_hosts_record_and_nothing_for_a_stranger(seated: bool) -> None:
    host = browser()
    table = gamebook(host)
    who = host if seated else browser(host.client.app)
    got = who.client.get(f"{table}/export")
    if not seated:
        assert got.status_code == 403
        return
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    data = got.json()
    assert data["seed"] is None and data["system"] == "fighting-fantasy"


def test_leaving_a_quest_is_asked_first_and_nothing_moves_until_it_is_answered() -> None:
    """A move not lightly made (a hero leaving the quest) answers its question with the table, and is made
    only when posted again with `confirmed=yes`; a JSON client is told the same (issue 30)."""
    host = browser()
    table = host.start("heroquest", "quest", ["here", "bot"], quest="the-goblin-cellar", heroes="barbarian")
    before = host.view(table)["view"]
    leave = next(a for a in before["actions"] if a["id"] == "leave")
    assert leave["label"] == "Leave the quest up the stairs"
    assert leave["confirm"].startswith("Leave the quest before its goal is met?")
    form = {"action": "leave", "ply": str(before["ply"])}
    asked = host.post(f"{table}/act", form)
    assert asked.status_code == 200 and "data-asking" in asked.text and "data-confirm-yes" in asked.text
    assert host.view(table)["view"]["ply"] == before["ply"]  # nothing was moved
    refused = host.post(f"{table}/act", form, headers=JSON)
    assert refused.status_code == 409 and "confirmed=yes" in refused.text
    made = host.post(f"{table}/act", form | {"confirmed": "yes"})
    assert made.status_code == 303
    assert host.view(table)["view"]["ply"] > before["ply"]
    others = [a for a in before["actions"] if a["id"] != "leave"]
    assert all(a["confirm"] == "" for a in others)


def test_undo_at_a_finished_game_is_asked_first() -> None:
    """At the end, undo is offered as "play on" and asked first; answered, the last move is taken back."""
    host = browser()
    table = fight(host)
    play_to_the_end(host, table)
    end = host.view(table)
    assert end["over"]
    page = host.client.get(table).text
    assert "Take back my last move and play on" in page
    asked = host.post(f"{table}/undo", {})
    assert asked.status_code == 200 and "The game is over. Take back your last move" in asked.text
    assert 'action="/games/' in asked.text and '/undo"' in asked.text and "data-confirm-yes" in asked.text
    assert host.view(table)["view"]["ply"] == end["view"]["ply"]
    done = host.post(f"{table}/undo", {"confirmed": "yes"})
    assert done.status_code == 303
    assert host.view(table)["view"]["ply"] < end["view"]["ply"] and not host.view(table)["over"]


def test_a_grey_star_fight_in_a_book_is_drawn_as_its_combat_not_as_data() -> None:
    """A section's fight in a Grey Star book is drawn as the combat board draws a combat (scores, Combat
    Ratio), not as the view's raw fields (issue 30: "staff True", "phase decide", "index 0")."""
    host = browser()
    table = host.start("grey-star", "gamebook", ["here"], book="sample", hero="15/25/24")
    for _ in range(300):
        view = host.view(table)["view"]
        if view["public"].get("fight") or view["to_act"]["next"] == "end":
            break
        moves = [a["id"] for a in view["actions"]]
        fights = [m for m in moves if "fight" in m or m.startswith("choice:")]
        assert act(host, table, (fights or moves)[-1]).status_code == 200
    assert view["public"].get("fight"), "the sample book reached no fight"
    page = host.client.get(table).text
    assert "Combat Ratio" in page and "COMBAT SKILL" in page
    assert not re.search(r"\b(staff|phase|index)\b\s*(True|False|decide|\d)", page)
