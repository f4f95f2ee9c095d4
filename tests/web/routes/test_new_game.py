"""The new-game router: the systems and a system's games, each page with its JSON twin saying what the
form offers (every option, every seat and how it is filled), and the form that starts a table."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from tests.web.security.tables_client import browser

SYSTEMS = [f.id for f in registry.facts() if f.module.startswith("grognard.systems.")]
"""The shipped systems (a toy game another test registers in the same worker is left out)."""


def test_the_systems_page_and_its_twin_name_every_system() -> None:
    visitor = browser()
    page = visitor.client.get("/games/new")
    assert page.status_code == 200
    listed = visitor.json("/games/new.json")
    assert [s["id"] for s in listed if s["id"] in SYSTEMS] == SYSTEMS
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
    assert list(data["seat_choices"]) == ["here", "invite", "random", "bot", "search"]
    forms = dict(re.findall(r'<form [^>]*data-game="([^"]+)"(.*?)</form>', page.text, re.S))
    assert [g["id"] for g in data["games"]] == list(forms)
    for game in data["games"]:
        form = forms[game["id"]]
        upfront, _, advanced = form.partition("data-advanced")
        for option in game["options"]:
            assert option["label"] and "default" in option
            part = advanced if option["advanced"] else upfront
            if option["cards"]:  # a card to pick for each value: a radio, or a checkbox of a list
                named = re.findall(rf'name="option:{option["name"]}(?::([^"]+))?"( value="[^"]*")?', part)
                values = [key or value[8:-1] for key, value in named]
                assert values == [c["value"] for c in option["cards"]]
                assert all(str(escape(c["title"])) in part for c in option["cards"])
            else:
                assert f'name="option:{option["name"]}"' in part
        assert len(re.findall(r'name="seat:\d+"', form)) == len(game["seats"]) == game["max_players"]
        assert game["seats"][0] == "here" and set(game["seats"][1:]) <= {"bot"}
        offers = [o["value"] for o in game["seat_offers"]]
        assert offers[:4] == ["here", "invite", "random", "bot"] and set(offers) <= set(data["seat_choices"])
        if game["max_players"] > 1:  # each seat's list offers those ways and no other
            first = form.split('name="seat:0"')[1].split("</select>")[0]
            assert re.findall(r'<option value="([^"]+)"', first) == offers
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


def test_a_library_not_a_form_books_quests_and_characters_are_cards_and_settings_are_advanced() -> None:
    """Issue 30: a player chooses a book, a quest, characters and heroes from cards with their words;
    engine settings (worths, turn caps, JSON fields) are under a closed "Advanced settings"; each seat says
    what it plays and how it may be filled."""
    visitor = browser()
    ff = visitor.json("/games/new/fighting-fantasy.json")["games"]
    book = next(g for g in ff if g["id"] == "gamebook")
    options = {o["name"]: o for o in book["options"]}
    assert options["book"]["cards"][0]["title"] == "The Heartflame of Cinderwick"
    assert options["book"]["cards"][0]["blurb"] and "76 sections" in options["book"]["cards"][0]["facts"]
    assert options["luck_worth"]["advanced"] and options["stamina_worth"]["advanced"]
    assert not options["book"]["advanced"]
    talisman = visitor.json("/games/new/talisman.json")["games"][0]
    chars = {o["name"]: o for o in talisman["options"]}["characters"]["cards"]
    troll = next(c for c in chars if c["value"] == "troll")
    assert "Strength 6" in troll["facts"] and troll["blurb"]
    assert {o["name"]: o for o in talisman["options"]}["max_turns"]["advanced"]
    assert talisman["seats_by"] == "players"
    quest = visitor.json("/games/new/heroquest.json")["games"][0]
    assert quest["seat_roles"][0] == "The heroes" and quest["seat_roles"][1].startswith("The game master")
    gm = {o["name"]: o for o in quest["options"]}["gm"]
    assert gm["label"] == "Game master" and gm["choices"][0]["words"] == "the automatic game master"
    page = visitor.client.get("/games/new/talisman").text
    assert '<details class="advanced" data-advanced>' in page
    assert "Max turns" in page.split("data-advanced")[1]
    assert "you, in this browser" in page and "a friend, by an invitation link" in page
    assert "human here" not in page and "Seat 1" not in page


def test_characters_picked_as_cards_are_the_ones_played() -> None:
    host = browser()
    form = {"system": "talisman", "game": "game", "option:players": "2", "seat:0": "here", "seat:1": "bot"}
    picked = form | {"option:characters:troll": "1", "option:characters:monk": "1"}
    made = host.post("/games", picked)
    assert made.status_code == 303, made.text
    heroes = host.view(str(made.headers["location"]))["view"]["public"]["heroes"]
    assert [h["character"] for h in heroes] == ["monk", "troll"]  # in the cards' order
    dealt = host.post("/games", form | {"option-present:characters": "1"})  # none picked: dealt
    assert dealt.status_code == 303
    one = host.post("/games", form | {"option:characters:troll": "1"})
    assert one.status_code == 400 and "character" in one.text  # one card for two players


def test_a_table_is_titled_by_what_it_plays() -> None:
    """A book's table by the book's own title (as when it is uploaded), not the system's name before it;
    Talisman's by the game and the characters."""
    host = browser()
    book = host.post("/games", {"system": "fighting-fantasy", "game": "gamebook", "seat:0": "here"})
    assert book.status_code == 303, book.text
    page = host.client.get(str(book.headers["location"])).text
    assert "<title>The Heartflame of Cinderwick" in page and "gamebook:" not in page
    form = {"system": "talisman", "game": "game", "option:players": "2", "seat:0": "here", "seat:1": "bot"}
    game = host.post("/games", form | {"option:characters:troll": "1", "option:characters:monk": "1"})
    page = host.client.get(str(game.headers["location"])).text
    assert "<title>Talisman: Monk, Troll" in page


@pytest.mark.parametrize(("system_id", "game_id"), [("talisman", "game"), ("heroquest", "quest")])
def test_a_bot_seat_chooses_its_strength_in_a_players_words(system_id: str, game_id: str) -> None:
    """Issue 34: each bot seat may be easy (random moves), standard (the game's heuristic) or strong (a
    bot that looks ahead) where the game registers a searching bot; no engine word reaches the page."""
    visitor = browser()
    game = next(g for g in visitor.json(f"/games/new/{system_id}.json")["games"] if g["id"] == game_id)
    words = {o["value"]: o["words"] for o in game["seat_offers"]}
    assert words["random"] == "a bot (easy: random moves)" and words["bot"] == "a bot (standard)"
    assert words["search"] == "a bot (strong: thinks ahead)"
    page = visitor.client.get(f"/games/new/{system_id}").text
    form = page.split(f'data-game="{game_id}"')[1].split("</form>")[0]
    assert ">a bot (strong: thinks ahead)</option>" in form
    assert not re.search(r">[^<]*(heuristic|search|random_policy)[^<]*</option>", form)


def test_a_table_keeps_each_bot_seats_strength() -> None:
    host = browser()
    form = {"system": "talisman", "game": "game", "option:players": "3", "seat:0": "here"}
    made = host.post("/games", form | {"seat:1": "search", "seat:2": "random", "seed": "5"})
    assert made.status_code == 303, made.text
    assert host.view(str(made.headers["location"]))["seats"] == ["human", "search", "random"]
    assert host.post("/games", form | {"seat:1": "strong"}).status_code == 400


def test_a_talisman_table_shows_each_characters_special_abilities() -> None:
    """Issue 30: the Special Abilities of every character in play beside its card (8:1), open for the
    one this browser plays."""
    from grognard.systems.talisman.catalog import catalog

    host = browser()
    form = {"system": "talisman", "game": "game", "option:players": "2", "seat:0": "here", "seat:1": "bot"}
    made = host.post("/games", form | {"option:characters:troll": "1", "option:characters:monk": "1"})
    page = host.client.get(str(made.headers["location"])).text
    for character in ("monk", "troll"):
        card = catalog().characters[character]
        said = card.text or " ".join(a.text for a in card.abilities if a.text)
        assert said and str(escape(said)) in page, character
    assert page.count("<summary>Special abilities</summary>") == 2
    assert re.search(r'data-abilities="0" open>', page)


def test_a_fight_on_its_own_is_chosen_by_its_sides_and_its_limits_are_advanced_settings() -> None:
    """The fights on their own (Fighting Fantasy's, Grey Star's): both sides' scores up front, in the
    books' words; the rounds' limits, the random-number table and the shortfall rule under "Advanced",
    each choice in words (no grammar such as [NAME:] in a help, no "uniform" or "negative")."""
    visitor = browser()
    ff = next(g for g in visitor.json("/games/new/fighting-fantasy.json")["games"] if g["id"] == "fight")
    options = {o["name"]: o for o in ff["options"]}
    assert not options["hero"]["advanced"] and not options["enemies"]["advanced"]
    assert all(options[name]["advanced"] for name in ("skill_modifier", "max_rounds", "hero_floor"))
    assert "[" not in options["enemies"]["help"] and "Troll:9/12" in options["enemies"]["help"]
    gs = next(g for g in visitor.json("/games/new/grey-star.json")["games"] if g["id"] == "combat")
    options = {o["name"]: o for o in gs["options"]}
    assert (
        options["enemy_skill"]["label"] == "Enemy's COMBAT SKILL" and not options["enemy_skill"]["advanced"]
    )
    assert all(options[name]["advanced"] for name in ("table", "rounds", "shortfall", "drain"))
    assert [c["words"] for c in options["table"]["choices"]] == [
        "every number 0-9 alike",
        "the book's printed table",
    ]
    assert [c["words"] for c in options["shortfall"]["choices"]][1] == "each point costs 2 ENDURANCE"
