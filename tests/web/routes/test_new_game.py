"""The new-game router: the systems and a system's games, each page with its JSON twin saying what the
form offers (every option, every seat and how it is filled), and the form that starts a table."""

from __future__ import annotations

import re

import pytest

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from tests.web.security.tables_client import browser

SYSTEMS = [f.id for f in registry.facts()]


def test_the_systems_page_and_its_twin_name_every_system() -> None:
    visitor = browser()
    page = visitor.client.get("/games/new")
    assert page.status_code == 200
    listed = visitor.json("/games/new.json")
    assert [s["id"] for s in listed] == SYSTEMS
    for system in listed:
        assert f'href="{system["form"]}"' in page.text
        assert system["games"] == list(registry.get_system(system["id"]).facts().games)


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_systems_twin_says_what_its_form_offers(system_id: str) -> None:
    visitor = browser()
    page = visitor.client.get(f"/games/new/{system_id}")
    assert page.status_code == 200
    data = visitor.json(f"/games/new/{system_id}.json")
    assert data["system"]["id"] == system_id
    assert list(data["seat_choices"]) == ["here", "invite", "bot", "random"]
    forms = dict(re.findall(r'<form [^>]*data-game="([^"]+)"(.*?)</form>', page.text, re.S))
    assert [g["id"] for g in data["games"]] == list(forms)
    for game in data["games"]:
        form = forms[game["id"]]
        assert re.findall(r'name="option:([^"]+)"', form) == [o["name"] for o in game["options"]]
        assert len(re.findall(r'name="seat:\d+"', form)) == len(game["seats"]) == game["max_players"]
        assert game["seats"][0] == "here" and set(game["seats"][1:]) <= {"bot"}
        for option in game["options"]:
            assert option["label"] and "default" in option
    for upload in data["uploads"]:
        assert f'href="{upload["page"]}"' in page.text


def test_an_unknown_system_is_a_404_page_and_a_404_twin() -> None:
    visitor = browser()
    page = visitor.client.get("/games/new/no-such-system")
    twin = visitor.client.get("/games/new/no-such-system.json")
    assert page.status_code == twin.status_code == 404
    assert "data-error" in page.text
    assert "unknown system" in twin.json()["error"]


def test_starting_a_table_checks_the_token_the_seats_and_the_seed() -> None:
    host = browser()
    form = {"system": "fighting-fantasy", "game": "fight", "option:enemies": "Orc:6/5", "seat:0": "here"}
    assert host.client.post("/games", data=form).status_code == 403
    assert host.post("/games", form | {"seat:0": "nobody"}).status_code == 400
    assert host.post("/games", form | {"seed": "seven"}).status_code == 400
    assert host.post("/games", form | {"seat:0": "bot"}).status_code == 400  # nobody at the table
    made = host.post("/games", form | {"seed": "7"})
    assert made.status_code == 303
    table = str(made.headers["location"])
    assert re.fullmatch(r"/games/\d+-[0-9a-f]{20}", table)
    view = host.view(table)
    assert view["seat"] == 0 and view["mine"] == [0] and view["seats"] == ["human"]
