"""The rules help page and its JSON twin: every registered system with its rules and a line of help for
each game, from the games' front-end descriptions."""

from __future__ import annotations

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from tests.web.security.tables_client import browser


def test_every_game_has_a_line_of_help_on_the_page_and_in_json() -> None:
    visitor = browser()
    data = visitor.client.get("/rules.json").json()["systems"]
    assert [s["id"] for s in data] == [s.id for s in registry.systems()]
    shipped = {f.id for f in registry.facts() if f.module.startswith("grognard.systems.")}
    assert shipped <= {s["id"] for s in data}
    data = [s for s in data if s["id"] in shipped]  # not a toy game another test registered here
    for system in data:
        assert system["rules"] and system["games"]
        for game in system["games"]:
            assert game["help"], (system["id"], game["id"])  # no game left without its line
    page = visitor.client.get("/rules")
    assert page.status_code == 200
    for system in data:
        assert f'data-rules="{system["id"]}"' in page.text
        for game in system["games"]:
            assert game["name"] in page.text
    assert 'href="/rules"' in visitor.client.get("/").text  # reached from every page's header
