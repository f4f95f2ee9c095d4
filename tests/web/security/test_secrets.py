"""A table's secrets stay with its seats: the export, the list, the addresses, the referee's desk, the
seed, and undo at a table of several people (docs/security.md). Each test repeats a way in that once
worked, and checks that the seat the rules allow still gets what it should."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.match import Match
from grognard.engine.store.factory import open_store
from grognard.web.access import store_id
from tests.web.security.tables_client import SECRET, Visitor, browser


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test keeps its tables in a saved-games home of its own."""
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path))
    monkeypatch.delenv("GROGNARD_DATABASE_URL", raising=False)
    yield tmp_path


def two_people() -> tuple[Visitor, Visitor, str]:
    """A Talisman table of two people: the host at seat 1 and a friend who opened seat 2's invitation."""
    host = browser()
    table = host.start("talisman", "game", ["here", "invite"], players="2", characters="wizard,warrior")
    page = host.client.get(table).text
    link = re.search(r'value="(http[^"]+/seat/1/[0-9a-f]+)"', page)
    assert link is not None, "the host is shown no invitation link"
    friend = browser(host.client.app)
    joined = friend.client.get(link.group(1), follow_redirects=False)
    assert joined.status_code == 303
    return host, friend, table


def test_a_stranger_gets_no_export_and_a_seated_player_only_their_seat() -> None:
    host, friend, table = two_people()
    stranger = browser(host.client.app)
    assert stranger.client.get(f"{table}/export").status_code == 403
    for who, seat in ((host, 0), (friend, 1)):
        got = who.client.get(f"{table}/export")
        assert got.status_code == 200
        data = got.json()
        assert data["format"] == "grognard seat view" and data["seat"] == seat
        text = json.dumps(data)
        assert '"seed"' not in text and '"moves"' not in text
        assert data["view"]["private"] == who.view(table)["view"]["private"]
    # the Wizard's Spells are seat 1's alone: the friend's export does not carry them
    wizard = host.view(table)["view"]["private"]
    assert wizard, "the Wizard holds Spells only his seat sees"
    assert json.dumps(wizard) not in json.dumps(friend.client.get(f"{table}/export").json())


def test_the_host_alone_at_a_table_exports_it_without_the_seed_and_can_import_it() -> None:
    host = browser()
    table = host.start("fighting-fantasy", "gamebook", ["here"], book="sample")
    data = host.client.get(f"{table}/export").json()
    assert data["seed"] is None and "seed_withheld" in data and data["moves"]
    imported = host.post("/games/import", files={"file": ("game.json", json.dumps(data).encode())})
    assert imported.status_code == 303, imported.text[-300:]
    copy = str(imported.headers["location"])
    assert copy != table
    assert host.view(copy)["view"]["ply"] == host.view(table)["view"]["ply"]


def test_a_finished_game_exports_whole_with_its_seed(home: Path) -> None:
    host = browser()
    table = host.start("fighting-fantasy", "fight", ["here"], enemies="Rat:1/1")
    for _ in range(40):
        view = host.view(table)
        if view["over"]:
            break
        action = view["view"]["actions"][0]["id"]
        assert (
            host.post(f"{table}/act", {"action": action, "ply": str(view["view"]["ply"])}).status_code == 303
        )
    assert host.view(table)["over"]
    data = host.client.get(f"{table}/export").json()
    assert isinstance(data["seed"], int) and data["moves"]
    assert browser(host.client.app).client.get(f"{table}/export").status_code == 403


def test_tables_are_listed_only_to_their_players_unless_the_host_lists_them() -> None:
    host, friend, table = two_people()
    key = table.rsplit("/", 1)[-1]
    stranger = browser(host.client.app)
    assert [t["address"] for t in host.client.get("/games.json").json()] == [key]
    assert [t["address"] for t in friend.client.get("/games.json").json()] == [key]
    assert stranger.client.get("/games.json").json() == []
    assert key not in stranger.client.get("/games").text
    listed = host.post(f"{table}/public", {"public": "1"})
    assert listed.status_code == 303
    assert [t["address"] for t in stranger.client.get("/games.json").json()] == [key]
    assert "seed" not in stranger.client.get("/games.json").text
    assert friend.post(f"{table}/public", {"public": "0"}).status_code == 403
    assert host.post(f"{table}/public", {"public": "0"}).status_code == 303
    assert stranger.client.get("/games.json").json() == []


def test_a_forged_cookie_lists_nothing() -> None:
    host, _, table = two_people()
    key = table.rsplit("/", 1)[-1]
    forger = browser(host.client.app)
    forger.client.cookies.set(f"grognard_g{key}", "host-" + "0" * 32)
    assert forger.client.get("/games.json").json() == []


def test_table_addresses_cannot_be_counted() -> None:
    host = browser()
    table = host.start("fighting-fantasy", "gamebook", ["here"], book="sample")
    key = table.rsplit("/", 1)[-1]
    number, _, mac = key.partition("-")
    assert re.fullmatch(r"[0-9a-f]{20}", mac)
    for guess in (
        f"/games/{number}",
        f"/games/{number}-{'0' * 20}",
        f"/games/{number}-{mac[:-1]}",
        "/games/2",
    ):
        for tail in ("", "/export", "/replay", "/view.json", "/table"):
            assert host.client.get(guess + tail).status_code == 404, guess + tail
    assert host.client.get(table).status_code == 200
    assert store_id(SECRET, key) == number


def test_the_referee_desk_answers_only_the_referee() -> None:
    referee = browser()
    made = referee.post("/aif", {})
    assert made.status_code == 303
    desk = str(made.headers["location"])
    assert referee.client.get(desk).status_code == 200
    stranger = browser(referee.client.app)
    for tail in ("", "/log", "/sheet/0"):
        assert stranger.client.get(desk + tail).status_code == 403, tail
    assert desk not in stranger.client.get("/aif").text
    assert desk in referee.client.get("/aif").text


def test_a_chosen_seed_is_refused_at_a_table_of_several_people() -> None:
    host = browser()
    form = {"system": "talisman", "game": "game", "option:players": "2", "seat:0": "here", "seat:1": "invite"}
    refused = host.post("/games", form | {"seed": "7"})
    assert refused.status_code == 400
    assert "seed" in refused.text
    assert host.post("/games", form).status_code == 303
    alone = form | {"seat:1": "bot", "seed": "7"}
    assert host.post("/games", alone).status_code == 303


def test_a_table_of_bots_only_is_refused() -> None:
    host = browser()
    form = {"system": "talisman", "game": "game", "option:players": "2", "seat:0": "bot", "seat:1": "random"}
    refused = host.post("/games", form)
    assert refused.status_code == 400
    assert "at least one person" in refused.text


def _move(who: Visitor, table: str) -> None:
    view = who.view(table)
    assert view["acting"], "this seat is not to act"
    action = view["view"]["actions"][0]["id"]
    made = who.post(f"{table}/act", {"action": action, "ply": str(view["view"]["ply"])})
    assert made.status_code == 303, made.text[-300:]


def _to_act(host: Visitor, friend: Visitor, table: str) -> tuple[Visitor, Visitor]:
    """The browser whose seat is to act, and the other."""
    return (host, friend) if host.view(table)["acting"] else (friend, host)


def _until_turn_passes(who: Visitor, table: str) -> None:
    """`who` makes moves until it is no longer its turn."""
    for _ in range(30):
        if not who.view(table)["acting"]:
            return
        _move(who, table)
    raise AssertionError("the turn never passed")


def test_undo_at_a_table_of_several_people_takes_back_only_ones_own_last_move_alone() -> None:
    host, friend, table = two_people()
    first, second = _to_act(host, friend, table)
    _move(first, table)
    before = first.view(table)["view"]["ply"]
    # right after one's own move, alone
    assert first.post(f"{table}/undo").status_code == 303
    assert first.view(table)["view"]["ply"] < before
    _until_turn_passes(first, table)
    _move(second, table)
    moved = second.view(table)["view"]["ply"]
    # the other has moved since: undo only asks
    asked = first.post(f"{table}/undo")
    assert asked.status_code == 200 and "asked to agree" in asked.text
    assert first.view(table)["view"]["ply"] == moved
    assert "data-undo-request" in second.client.get(f"{table}/table").text
    # a stranger cannot answer, the asker cannot answer for the others
    assert browser(host.client.app).post(f"{table}/undo/answer", {"answer": "agree"}).status_code == 403
    assert first.post(f"{table}/undo/answer", {"answer": "agree"}).status_code == 403
    assert first.view(table)["view"]["ply"] == moved
    # the other agrees: the asker's move and everything after it is taken back
    assert second.post(f"{table}/undo/answer", {"answer": "agree"}).status_code == 303
    assert first.view(table)["view"]["ply"] < moved
    assert "data-undo-request" not in second.client.get(f"{table}/table").text


def test_a_refused_undo_request_changes_nothing() -> None:
    host, friend, table = two_people()
    first, second = _to_act(host, friend, table)
    _until_turn_passes(first, table)
    _move(second, table)
    moved = first.view(table)["view"]["ply"]
    assert first.post(f"{table}/undo").status_code == 200
    assert second.post(f"{table}/undo/answer", {"answer": "refuse"}).status_code == 303
    assert first.view(table)["view"]["ply"] == moved
    assert "data-undo-request" not in second.client.get(f"{table}/table").text


def test_undo_with_nothing_to_undo_is_a_notice_and_the_table_stays() -> None:
    host, friend, table = two_people()
    waiting = friend if host.view(table)["acting"] else host
    got = waiting.post(f"{table}/undo")
    assert got.status_code == 200
    assert "nothing to take back" in got.text and "data-ply" in got.text


def test_looking_at_a_table_never_moves_it(home: Path) -> None:
    """A game a stopped server left at the dice is not played by a GET; a seated player's Continue does."""
    host = browser()
    table = host.start("fighting-fantasy", "gamebook", ["here"], book="sample")
    key = table.rsplit("/", 1)[-1]
    store = open_store(home)
    gid = store_id(SECRET, key)
    match = Match.load(store, gid)
    first_dice = next(i for i, m in enumerate(match.session.moves) if m.player is None)
    store.truncate(gid, first_dice)  # as if the server stopped before the dice
    for tail in ("", "/table", "/view.json", "/replay", "/export"):
        host.client.get(table + tail)
        assert store.summary(gid).moves == first_dice, tail
    assert "data-continue" in host.client.get(table).text
    stranger = browser(host.client.app)
    assert stranger.post(f"{table}/advance").status_code == 403
    assert store.summary(gid).moves == first_dice
    assert host.post(f"{table}/advance").status_code == 303
    assert store.summary(gid).moves > first_dice


def test_no_page_or_json_of_an_unfinished_game_shows_its_seed(home: Path) -> None:
    """Every shipped game, started as its form comes with two people where it seats two: the seed the
    server drew appears in nothing either person or a spectator can fetch."""
    from grognard.engine import registry

    host = browser()
    store = open_store(home)
    checked = 0
    for facts in registry.facts():
        if not facts.module.startswith("grognard.systems."):
            continue
        for game in facts.games:
            form = {"system": facts.id, "game": game, "seat:0": "here", "seat:1": "invite"}
            made = host.post("/games", form)
            assert made.status_code == 303, (facts.id, game, made.text[-300:])
            table = str(made.headers["location"])
            summary = store.summary(store_id(SECRET, table.rsplit("/", 1)[-1]))
            if summary.status != "in play":
                continue
            seed = str(summary.seed)
            assert len(seed) >= 4, "a drawn seed too short to look for"
            spectator = browser(host.client.app)
            for who in (host, spectator):
                for tail in ("", "/table", "/view.json", "/replay", "/replay?ply=0", "/export"):
                    got = who.client.get(table + tail)
                    assert seed not in got.text, (facts.id, game, tail)
            assert seed not in host.client.get("/games.json").text
            checked += 1
    assert checked >= 6


def test_a_finished_game_is_played_again_with_the_same_seats_and_a_new_seed(home: Path) -> None:
    host = browser()
    table = host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    assert host.post(f"{table}/again").status_code == 409  # not over yet
    for _ in range(40):
        view = host.view(table)
        if view["over"]:
            break
        action = view["view"]["actions"][0]["id"]
        host.post(f"{table}/act", {"action": action, "ply": str(view["view"]["ply"])})
    page = host.client.get(f"{table}/table").text
    assert "data-again" in page and "The game is over" in page
    assert browser(host.client.app).post(f"{table}/again").status_code == 403
    made = host.post(f"{table}/again")
    assert made.status_code == 303
    fresh = str(made.headers["location"])
    assert fresh != table
    store = open_store(home)
    old, new = (store.summary(store_id(SECRET, t.rsplit("/", 1)[-1])) for t in (table, fresh))
    assert (new.system, new.game, new.options, new.seats) == (old.system, old.game, old.options, old.seats)
    assert new.status == "in play" and host.view(fresh)["acting"]
