"""The rules help page and its JSON twin: every registered system with its rules and a line of help for
each game, from the games' front-end descriptions; and each system's How to play page
(`/rules/<system id>`, twin `/rules/<system id>.json`): a guide in our own words whose every rule cites
real lines of its rulebook (a rule's number, "16:4", printed on the line cited), then the Reference, read
from the system's own catalogue, never naming a rulebook's file."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest
from markupsafe import escape

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine import registry
from grognard.engine.game import SystemFacts
from tests.seeds import Rulebook
from tests.web.security.tables_client import Visitor, browser

SHIPPED = ("fighting-fantasy", "grey-star", "adventures-in-fantasy", "talisman", "heroquest")
"""The systems grognard ships, each with a How to play page and a Reference."""

SEED_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
"""A rulebook's file name (`seeds/README.md`): never shown to a reader."""

RULE_NUMBER = re.compile(r"^(\d{1,2}):(\d{1,2})")
"""A cite by rule number ("16:4", "11:8-9"): the rule must be printed at the start of a cited line."""

LINE_CITE = re.compile(r"^lines? (?P<numbers>[\d, -]+)$")
"""A cite by line: "line 84", "lines 28-33", "lines 120-124, 51-53"."""

COPIED_WORDS = 7
"""A run of this many words of the rulebook in a statement of the guide would be its prose copied, not
our own words (shorter runs are names: "alone on the Crown of Command")."""

MIN_RULES = 5
"""Each guide states at least this many rules, each with its citation (Grey Star's excerpt, combat only,
gives the fewest)."""


def facts_of(system_id: str) -> SystemFacts:
    return next(f for f in registry.facts() if f.id == system_id)


def words(text: str) -> list[str]:
    """The words of a text, lower case, marks left out."""
    return re.findall(r"[a-z0-9]+", text.casefold())


def ranges(lines: str) -> list[tuple[int, int]]:
    """The line ranges of a citation ("120-124, 51-53" -> [(120, 124), (51, 53)])."""
    out = []
    for part in lines.split(","):
        low, _, high = part.strip().partition("-")
        out.append((int(low), int(high or low)))
    return out


def check_cite(book: list[str], text: str, lines: str) -> None:
    """A citation names lines of the rulebook, says the lines it names, or names a rule printed there."""
    spans = ranges(lines)
    for low, high in spans:
        assert 1 <= low <= high <= len(book), (text, lines, len(book))
    if (number := RULE_NUMBER.match(text)) is not None:
        rule = f"{number[1]}:{number[2]}"
        cited = [book[n - 1] for low, high in spans for n in range(low, high + 1)]
        assert any(line.startswith(rule) for line in cited), (text, lines)
    else:
        found = LINE_CITE.match(text)
        assert found is not None, text
        assert ranges(found["numbers"]) == spans, (text, lines)


@pytest.fixture(scope="module")
def visitor() -> Visitor:
    return browser()


@pytest.fixture(scope="module")
def pages(visitor: Visitor) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each shipped system's How to play page and its JSON twin, fetched once."""
    out = {}
    for system_id in SHIPPED:
        page = visitor.client.get(f"/rules/{system_id}")
        assert page.status_code == 200, (system_id, page.text[-300:])
        twin = visitor.client.get(f"/rules/{system_id}.json")
        assert twin.status_code == 200, (system_id, twin.text[-300:])
        assert twin.headers["content-type"] == "application/json"
        assert twin.headers["cache-control"] == "no-store"
        out[system_id] = (page.text, twin.json())
    return out


def entries(twin: dict[str, Any], heading: str) -> dict[str, str]:
    """The Reference entries under `heading` in the twin, name to text."""
    part = next(p for p in twin["reference"] if p["heading"] == heading)
    return {e["name"]: e["text"] for e in part["entries"]}


def test_every_game_has_a_line_of_help_on_the_page_and_in_json() -> None:
    visitor = browser()
    data = visitor.client.get("/rules.json").json()["systems"]
    assert [s["id"] for s in data] == [s.id for s in registry.systems()]
    shipped = {f.id for f in registry.facts() if f.module.startswith("grognard.systems.")}
    assert shipped <= {s["id"] for s in data}
    data = [s for s in data if s["id"] in shipped]  # not a toy game another test registered here
    for system in data:
        assert system["rules"] and system["games"]
        assert system["how_to_play"] == f"/rules/{system['id']}"
        for game in system["games"]:
            assert game["help"], (system["id"], game["id"])  # no game left without its line
    page = visitor.client.get("/rules")
    assert page.status_code == 200
    for system in data:
        assert f'data-rules="{system["id"]}"' in page.text
        assert f'href="/rules/{system["id"]}" data-how-to-play' in page.text  # each links its guide
        for game in system["games"]:
            assert game["name"] in page.text
    assert 'href="/rules"' in visitor.client.get("/").text  # reached from every page's header


def test_the_shipped_systems_are_those_declared() -> None:
    assert set(SHIPPED) == {f.id for f in registry.facts() if f.module.startswith("grognard.systems.")}


@pytest.mark.parametrize("system_id", SHIPPED)
def test_the_guide_cites_its_rulebook_for_every_rule(
    system_id: str, pages: dict[str, tuple[str, dict[str, Any]]]
) -> None:
    page, twin = pages[system_id]
    facts = facts_of(system_id)
    assert twin["id"] == system_id and twin["name"] == facts.name and twin["rules"] == facts.rules
    assert f"How to play {escape(facts.name)}" in page and str(escape(facts.rules)) in page
    assert f'data-guide="{system_id}"' in page and f'href="/games/new/{system_id}"' in page
    points = [p for part in twin["how_to_play"] for p in part["points"]]
    assert all(part["heading"] for part in twin["how_to_play"])
    rules = [p for p in points if p["kind"] == "rule"]
    assert len(rules) >= MIN_RULES, system_id
    assert any(p["kind"] == "help" for p in points)  # how grognard helps
    book = Rulebook(facts.rulebook).lines()
    for point in points:
        assert point["text"], point
        if point["kind"] == "rule":
            assert point["cites"], point  # no rule without its line
        for cite in point["cites"]:
            check_cite(book, cite["text"], cite["lines"])
    cited = sum(len(p["cites"]) for p in points)
    assert page.count("<cite data-lines=") == cited  # every citation of the page belongs to a rule


@pytest.mark.parametrize("system_id", SHIPPED)
def test_the_guide_is_in_our_own_words(system_id: str, pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    book = f" {' '.join(words(Rulebook(facts_of(system_id).rulebook).read_text()))} "
    copied = []
    for part in pages[system_id][1]["how_to_play"]:
        for point in part["points"]:
            said = words(point["text"])
            for i in range(len(said) - COPIED_WORDS + 1):
                if f" {' '.join(said[i : i + COPIED_WORDS])} " in book:
                    copied.append(" ".join(said[i : i + COPIED_WORDS]))
    assert not copied, copied


@pytest.mark.parametrize("system_id", SHIPPED)
def test_no_rulebook_file_is_named(system_id: str, pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    page, twin = pages[system_id]
    assert not SEED_FILE.search(page), SEED_FILE.search(page)
    assert not SEED_FILE.search(str(twin))
    assert facts_of(system_id).rulebook not in page


@pytest.mark.parametrize("system_id", SHIPPED)
def test_the_reference_is_the_catalogues_and_on_the_page(
    system_id: str, pages: dict[str, tuple[str, dict[str, Any]]]
) -> None:
    page, twin = pages[system_id]
    module = facts_of(system_id).module.removesuffix(".system") + ".reference"
    sections = importlib.import_module(module).sections()
    assert [
        (p["heading"], [(e["name"], e["text"], e["cite"]) for e in p["entries"]]) for p in twin["reference"]
    ] == [(heading, list(found)) for heading, found in sections]
    assert 'id="reference"' in page
    book = Rulebook(facts_of(system_id).rulebook).lines()
    for part in twin["reference"]:
        assert part["entries"], part["heading"]
        assert f'id="{part["id"]}"' in page
        for entry in part["entries"]:
            assert str(escape(entry["name"])) in page and str(escape(entry["text"])) in page
            if entry["cite"].startswith("line"):
                check_cite(book, entry["cite"], entry["cite"].partition(" ")[2])


def test_talismans_reference_holds_its_cards(pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    from grognard.systems.talisman.catalog import catalog

    twin = pages["talisman"][1]
    cat = catalog()
    characters = entries(twin, "Characters")
    assert set(characters) == {c.name for c in cat.characters.values()}
    for character in cat.characters.values():
        said = characters[character.name]
        assert character.text in said and f"Strength {character.strength}, Craft {character.craft}" in said
    spells = entries(twin, "Spells")
    assert {s.name: s.text in spells[s.name] for s in cat.spells.values()} == dict.fromkeys(spells, True)
    cards = [e for p in twin["reference"] if p["heading"].startswith("Adventure cards") for e in p["entries"]]
    assert sorted(e["name"] for e in cards) == sorted(c.name for c in cat.cards.values())
    assert all(c.text in entries(twin, "Purchase cards")[c.name] for c in cat.purchase.values())
    crown = next(s for s in cat.spaces.values() if s.region == "crown")
    assert entries(twin, "The board: the Crown of Command")[crown.name] == crown.text


def test_heroquests_reference_holds_its_catalogue(pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    from grognard.systems.heroquest.content.catalog import catalog

    twin = pages["heroquest"][1]
    cat = catalog()
    spells = [e for p in twin["reference"] if p["heading"].startswith("Spells: ") for e in p["entries"]]
    assert sorted(e["name"] for e in spells) == sorted(s.name for s in cat.spells.values())
    fire = entries(twin, "Spells: Fire")
    assert all(s.text in fire[s.name] for s in cat.spells.values() if s.school == "fire")
    for kind, heading in (("skills", "Skills"), ("monsters", "Monsters"), ("items", "Usable items")):
        found = entries(twin, heading)
        assert list(found) == [e.name for e in getattr(cat, kind).values()]
        assert all(e.text in found[e.name] for e in getattr(cat, kind).values())
    goblin = entries(twin, "Monsters")["Goblin"]
    first = cat.monsters["goblin"].levels[0]
    assert f"Attack {first.attack}, Defend {first.defend}, Body {first.body}" in goblin
    mighty = next(e for p in twin["reference"] for e in p["entries"] if e["name"] == "Mighty Toss")
    assert mighty["cite"] == "line " + cat.skills["mighty-toss"].source.rpartition(":")[2]


def test_grey_stars_reference_holds_the_magicks_gifts_and_table(
    pages: dict[str, tuple[str, dict[str, Any]]],
) -> None:
    from grognard.systems.grey_star.chart import (
        GIFTS,
        HIGHER_MAGICKS,
        LAUMSPUR_HEAL,
        LESSER_MAGICKS,
        TALISMAN_BONUS,
    )
    from grognard.systems.grey_star.crt import lookup

    twin = pages["grey-star"][1]
    assert list(entries(twin, "Lesser Magicks")) == list(LESSER_MAGICKS)
    assert list(entries(twin, "Higher Magicks (from book 4)")) == list(HIGHER_MAGICKS)
    gifts = entries(twin, "Gifts (you take one)")
    assert list(gifts) == list(GIFTS)
    assert f"+{TALISMAN_BONUS} WILLPOWER" in gifts["Magic Talisman"]
    assert f"+{LAUMSPUR_HEAL} ENDURANCE" in gifts["Vial of Laumspur"]
    table = next(p for p in twin["reference"] if p["heading"].startswith("Combat Results Table"))
    zero = next(e for e in table["entries"] if e["name"] == "Combat Ratio 0")
    assert f"5: {lookup(0, 5).text()}" in zero["text"]


def test_fighting_fantasys_reference_holds_the_potions(pages: dict[str, tuple[str, dict[str, Any]]]) -> None:
    from grognard.systems.fighting_fantasy.sheet import MEAL_STAMINA, POTION_MEASURES, POTIONS

    twin = pages["fighting-fantasy"][1]
    potions = entries(twin, "Potions")
    assert len(potions) == len(POTIONS)
    fortune = next(text for name, text in potions.items() if name.startswith("Potion of Fortune"))
    assert "adds 1 to your Initial LUCK" in fortune and f"holds {POTION_MEASURES} measures" in fortune
    assert f"{MEAL_STAMINA} STAMINA" in entries(twin, "Provisions")["Provisions"]


def test_adventures_in_fantasys_reference_holds_its_tables(
    pages: dict[str, tuple[str, dict[str, Any]]],
) -> None:
    from grognard.systems.adventures_in_fantasy.creatures import creatures
    from grognard.systems.adventures_in_fantasy.tables import all_tables

    twin = pages["adventures-in-fantasy"][1]
    tables = next(p for p in twin["reference"] if p["heading"] == "Every table of the book")["entries"]
    assert [e["name"] for e in tables] == [t.title or n for n, t in all_tables().items()]
    found = entries(twin, "Creatures")
    assert list(found) == [c.name for c in creatures().values()]
    dragon = creatures()["dragon"]
    assert f"{dragon.hit_dice} hit dice, {dragon.hits} hits" in found["Dragon"]
    assert "5. Physical Training I" in entries(twin, "Courses of instruction")


def test_an_unknown_system_is_404_on_the_page_and_the_twin(visitor: Visitor) -> None:
    page = visitor.client.get("/rules/no-such-game")
    assert page.status_code == 404 and "no-such-game" in page.text
    twin = visitor.client.get("/rules/no-such-game.json")
    assert twin.status_code == 404
    assert twin.json() == {"error": "there is no system 'no-such-game' here", "status": 404}


def test_a_system_without_a_guide_or_reference_still_has_its_page(visitor: Visitor) -> None:
    from tests.toys import register_toys

    toy = register_toys()
    page = visitor.client.get(f"/rules/{toy.id}")
    assert page.status_code == 200 and "There is no How to play page" in page.text
    twin = visitor.client.get(f"/rules/{toy.id}.json").json()
    assert twin["how_to_play"] == [] and twin["reference"] == []
