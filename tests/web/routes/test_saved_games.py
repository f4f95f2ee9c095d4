"""The saved-games router: the list and its JSON twin (this browser's tables and the listed ones, never
another's), a saved-game file imported as a new table (a bad one refused), a table deleted by its host
only."""

from __future__ import annotations

import re

from tests.web.routes.test_tables import play_to_the_end
from tests.web.security.tables_client import browser


def test_the_list_and_its_twin_name_the_same_tables_and_only_this_browsers() -> None:
    host = browser()
    first = host.start("fighting-fantasy", "gamebook", ["here"], book="sample")
    second = host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    page = host.client.get("/games")
    assert page.status_code == 200
    listed = host.json("/games.json")
    assert {f"/games/{g['address']}" for g in listed} == {first, second}
    for game in listed:
        assert f"/games/{game['address']}" in page.text and game["title"] in page.text
        assert set(game) == {
            *("address", "title", "system", "game", "status", "moves", "updated", "your_turn", "host")
        }
    stranger = browser(host.client.app)
    assert stranger.json("/games.json") == []
    assert first not in stranger.client.get("/games").text


def test_a_game_is_exported_imported_and_deleted_by_its_host() -> None:
    host = browser()
    table = host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/5")
    saved = host.client.get(f"{table}/export").content
    upload = {"file": ("game.json", saved, "application/json")}
    assert host.client.post("/games/import", files=upload, follow_redirects=False).status_code == 403
    made = host.post("/games/import", files=upload)
    assert made.status_code == 303
    copy = str(made.headers["location"])
    assert copy != table and re.fullmatch(r"/games/\d+-[0-9a-f]{20}", copy)
    assert host.view(copy)["view"]["ply"] == host.view(table)["view"]["ply"]
    refused = host.post("/games/import", files={"file": ("game.json", b"{not json", "application/json")})
    assert refused.status_code == 400 and refused.text.count("data-error") == 1
    stranger = browser(host.client.app)
    assert stranger.post(f"{copy}/delete").status_code == 403
    asked = host.post(f"{copy}/delete")  # asked first: nothing is deleted yet
    assert asked.status_code == 200 and "Delete “" in asked.text and "data-confirm-yes" in asked.text
    assert host.client.get(copy).status_code == 200
    gone = host.post(f"{copy}/delete", {"confirmed": "yes"})
    assert gone.status_code == 303 and gone.headers["location"] == "/games"
    assert host.client.get(copy).status_code == 404
    assert host.client.get(f"{copy}/view.json").status_code == 404
    assert host.post(f"{copy}/delete", {"confirmed": "yes"}).status_code == 404


def test_a_table_is_named_by_its_host_and_your_turn_comes_first() -> None:
    """Issue 30: a name a player gives (shown on the list and at the table), local times, and the tables
    where this browser is to act marked "your turn" and listed first."""
    host = browser()
    over = host.start("fighting-fantasy", "fight", ["here"], enemies="Orc:6/1")
    play_to_the_end(host, over)
    waiting = host.start("fighting-fantasy", "gamebook", ["here"], book="sample")
    listed = host.json("/games.json")
    assert [g["your_turn"] for g in listed] == [True, False]
    assert f"/games/{listed[0]['address']}" == waiting and all(g["host"] for g in listed)
    page = host.client.get("/games").text
    assert page.count("your turn</strong>") == 1 and "data-local-time" in page and " UTC</time>" in page
    stranger = browser(host.client.app)
    assert stranger.post(f"{waiting}/name", {"name": "Mine now"}).status_code == 403
    assert host.post(f"{waiting}/name", {"name": "x" * 81}).status_code == 400
    named = host.post(f"{waiting}/name", {"name": "  Friday   night  "})
    assert named.status_code == 303
    assert host.json("/games.json")[0]["title"] == "Friday night"
    assert "Friday night" in host.client.get(waiting).text
    assert host.post(f"{waiting}/name", {"name": ""}).status_code == 303  # back to its own title
    assert host.json("/games.json")[0]["title"] != "Friday night"
