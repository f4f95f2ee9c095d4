"""The saved-games router: the list and its JSON twin (this browser's tables and the listed ones, never
another's), a saved-game file imported as a new table (a bad one refused), a table deleted by its host
only."""

from __future__ import annotations

import re

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
        assert set(game) == {"address", "title", "system", "game", "status", "moves", "updated"}
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
    gone = host.post(f"{copy}/delete")
    assert gone.status_code == 303 and gone.headers["location"] == "/games"
    assert host.client.get(copy).status_code == 404
    assert host.client.get(f"{copy}/view.json").status_code == 404
    assert host.post(f"{copy}/delete").status_code == 404
