"""A Spanish table plays a HeroQuest quest and meets no English outside the quest's own text (issue 31,
the HeroQuest slice).

As `test_languages_gamebooks.py` does for the books, the table's pages are read whole (content regions
included: the board, the heroes' sheets, the choices, the log), and only what the quest's author wrote
is taken away, found in the quest file itself (its title and story, the goal, the notes, the events'
texts, the names it gives its monsters), with the systems' own names. The heroes make a move, open a door,
attack a monster and search, the game master's bot answering; no English word may remain on any page. The
English words looked for are the catalogue's (an English message's word no Spanish translation uses) and
the words of HeroQuest's board that a missed message would leave (`BOARD_WORDS`). The same game played in
English is found English, so the test can fail. The dice's faces and counts in the log ("skull",
"white shield") are the dice module's words, said through the catalogue by `fragments/events.html`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from grognard import i18n
from grognard.engine import registry
from grognard.systems.heroquest.content.catalog import catalog
from grognard.systems.heroquest.content.words import NAMES, TEXTS, said
from grognard.systems.heroquest.views.seat_view import quest_ending, quest_roll
from tests.web.routes.test_languages import (
    assert_english,
    assert_spanish,
    chrome,
    finder,
    spanish,
)
from tests.web.routes.test_languages_gamebooks import Whole, guide_said, plain
from tests.web.security.tables_client import Visitor, browser

QUEST = (
    Path(__file__).resolve().parents[3] / "src/grognard/systems/heroquest/data/quests/the-goblin-cellar.toml"
)
HEROES = "barbarian,dwarf-warrior"
"""The party: a barbarian opens the way, a dwarf follows."""
BOARD_WORDS = frozenset(
    {
        "round",
        "goal",
        "body",
        "mind",
        "attack",
        "defend",
        "gold",
        "equipment",
        "square",
        "squares",
        "door",
        "closed",
        "open",
        "between",
        "stairs",
        "heroes",
        "hero",
        "monster",
        "search",
        "treasure",
        "traps",
        "roll",
        "red",
        "dice",
        "die",
        "end",
        "rest",
        "guard",
        "leave",
        "quest",
        "master",
        "human",
        "dwarf",
        "barbarian",
        "warrior",
        "sword",
        "short",
        "kills",
        "against",
        "combat",
        "moves",
        "loses",
        "slain",
        "finds",
        "nothing",
    }
)
"""Words of HeroQuest's board, sheets, choices and log that would show if a message were missed."""
SEED = "7"
"""The dice of the game played here."""
MOVES = 40
"""At most this many of the heroes' choices are made (the game master's turns between them)."""


def authored() -> list[str]:
    """What the quest's author wrote and a page may show, longest first: every title, text, name and
    label in the quest file (also without its full stop, as the goal is shown), and the systems' names."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("title", "text", "name", "label"):
            found.update({value, value.rstrip(".")})

    walk(tomllib.loads(QUEST.read_text(encoding="utf-8")))
    found |= {facts.name for facts in registry.facts()}
    return sorted({plain(s) for s in found if plain(s)}, key=len, reverse=True)


def engine_words(html: str) -> tuple[str, str]:
    """A page's `<html lang>` and its words with the quest author's text taken away."""
    reader = Whole()
    reader.feed(html)
    reader.close()
    text = plain(" ".join(reader.words))
    for words in authored():
        text = text.replace(words, " ")
    return reader.lang, text


english = finder(BOARD_WORDS)
"""The English words of a text: the catalogue's, and HeroQuest's board words."""


def _near(square: list[int], goals: list[tuple[int, int]]) -> int:
    return min((abs(square[0] - x) + abs(square[1] - y) for x, y in goals), default=0)


def choose(view: dict[str, Any], done: set[str]) -> str | None:
    """The heroes' next choice: attack a monster, open a door, search for treasure once, roll to move,
    step toward the nearest closed door or monster, else end the turn."""
    ids = [a["id"] for a in view["actions"]]
    for verb in ("attack:", "door:"):
        found = next((a for a in ids if a.startswith(verb)), None)
        if found is not None:
            return found
    if "search" not in done and "search:treasure" in ids:
        return "search:treasure"
    if "roll" in ids:
        return "roll"
    public = view["public"]
    goals = [tuple(d["between"][0]) for d in public["doors"] if d["state"] == "closed"]
    goals += [tuple(d["between"][1]) for d in public["doors"] if d["state"] == "closed"]
    goals += [tuple(m["at"]) for m in public["monsters"] if m["at"]]
    steps = [a for a in view["actions"] if a["id"].startswith("move:") and a["target"]]
    here = next((h["at"] for h in public["heroes"] if h["number"] == public["current"]), None)
    if steps and here is not None:
        best = min(steps, key=lambda a: _near(a["target"]["square"], goals))
        if _near(best["target"]["square"], goals) < _near(here, goals):
            return str(best["id"])
    return next((a for a in ids if a == "end"), ids[0] if ids else None)


def played(visitor: Visitor) -> Iterator[tuple[str, str]]:
    """The table's page, then its page after each of the heroes' choices, as `visitor` reads them, each
    with what was chosen; until the heroes have moved, opened a door, attacked and searched."""
    form = {"system": "heroquest", "game": "quest", "seat:0": "here", "seat:1": "bot", "seed": SEED}
    made = visitor.post("/games", form | {"option:quest": "the-goblin-cellar", "option:heroes": HEROES})
    assert made.status_code == 303, made.text[-300:]
    table = str(made.headers["location"])
    yield "start", visitor.client.get(table).text
    done: set[str] = set()
    for _ in range(MOVES):
        view = visitor.view(table)["view"]
        action = choose(view, done)
        if action is None:
            break
        made = visitor.post(f"{table}/act", {"action": action, "ply": str(view["ply"])})
        assert made.status_code in (200, 303), made.text[-300:]
        done.add(action.partition(":")[0])
        yield action, visitor.client.get(table).text
        if {"move", "door", "attack", "search"} <= done:
            break
    assert {"move", "door", "attack", "search"} <= done, done


@pytest.fixture(scope="module")
def spanish_game() -> list[tuple[str, str]]:
    return list(played(spanish(browser())))


def test_a_spanish_quest_says_no_english_outside_the_quest(spanish_game: list[tuple[str, str]]) -> None:
    assert_spanish(spanish_game, engine_words, english)


def test_the_same_game_in_english_is_found_english() -> None:
    assert_english(played(browser()), engine_words, english)


def test_the_game_words_are_spanish_and_the_quest_is_not_translated(
    spanish_game: list[tuple[str, str]],
) -> None:
    pages = dict(spanish_game)
    last = spanish_game[-1][1]
    assert "Bárbaro humano" in last and "Guerrero enano" in last and "Espada Corta" in last
    assert "Cuerpo" in last and "Mente" in last and "Ronda" in last and "El tablero en palabras" in last
    assert "The Goblin Cellar" in last  # the quest author's words, as written
    # a goal in the words the importer writes ("Kill Grak.") is said in Spanish, its name as written
    assert "Matad a Grak" in last and "Kill Grak" not in last
    door = next(html for move, html in spanish_game if move.startswith("door:"))
    assert "Se abre la puerta entre" in door
    attack = next(html for move, html in spanish_game if move.startswith("attack:"))
    assert "dados de combate" in attack
    assert "busca tesoros" in pages["search:treasure"] or "encuentra" in pages["search:treasure"]


def test_every_name_of_the_rules_data_is_marked_and_said_in_spanish() -> None:
    entries = {e.name for kind in catalog().kinds().values() for e in kind}
    assert entries <= set(NAMES), sorted(entries - set(NAMES))
    texts = {e.text for kind in (catalog().races, catalog().classes, catalog().spells) for e in kind.values()}
    assert texts <= set(TEXTS), sorted(texts - set(TEXTS))
    with i18n.speaking("es"):
        assert said("Human Barbarian") == "Bárbaro humano" and said("Elf Wizard") == "Mago elfo"
        assert said("Chaos Warrior") == "Guerrero del Caos" and said("Gargoyle") == "Gárgola"
        assert said("Grak") == "Grak"  # a quest's own name stays the author's
        assert quest_roll("Human Barbarian: 2 red dice", {}) == "Bárbaro humano: 2 dados rojos"
        assert quest_roll("Attack: 3 combat dice", {}) == "Ataque: 3 dados de combate"
    assert said("Human Barbarian") == "Human Barbarian"
    assert quest_roll("Attack: 1 combat die", {}) == "Attack: 1 combat die"


def test_a_quests_ending_is_said_in_spanish() -> None:
    public = {"outcome": "won", "round": 7}
    public["heroes"] = [
        {"name": "Bárbaro humano", "status": "left", "body": 5, "max_body": 8, "gold": 30},
        {"name": "Mago elfo", "status": "dead"},
    ]
    with i18n.speaking("es"):
        said_es = quest_ending(public, None)
    assert said_es == [
        "¡La misión se ha cumplido!",
        "Duró 7 rondas.",
        "Bárbaro humano dejó la misión: Cuerpo 5 de 8, 30 monedas de oro.",
        "Mago elfo cayó en la misión.",
    ]
    assert quest_ending(public, None)[:2] == ["The quest is won!", "It took 7 rounds."]


def test_the_new_game_form_speaks_spanish() -> None:
    """The form's own words and the quest game's options (names, help, choices) in Spanish; the hero cards
    in Spanish (names, descriptions, numbers, weapons); the quest cards' stories are their authors'."""
    page = spanish(browser()).client.get("/games/new/heroquest")
    assert page.status_code == 200
    lang, words = chrome(page.text)
    assert lang == "es" and not english(words), english(words)
    for said_es in (
        "Misión de HeroQuest",
        "Orden de los héroes",
        "el máster automático",
        "Bárbaro humano",
        "Fuerza bruta y nada de magia",
        "para héroes de nivel 1",
        "Los héroes",  # what the first seat plays
    ):
        assert said_es in page.text, said_es
    english_page = browser().client.get("/games/new/heroquest").text
    assert "Heroes' order" in english_page or "Heroes&#39; order" in english_page
    assert "Human Barbarian" in english_page and "The heroes" in english_page


def test_how_to_play_is_said_in_spanish() -> None:
    """HeroQuest's How to play guide, read back as the rules page reads it: no English word in Spanish,
    English in English, the citations' lines kept."""

    spanish_words, spanish_lines = guide_said("systems/heroquest/how-to-play.html", "es")
    english_words, english_lines = guide_said("systems/heroquest/how-to-play.html", "en")
    assert not english(spanish_words), english(spanish_words)
    assert english(english_words) and spanish_lines == english_lines and spanish_lines
    assert "línea 114" in spanish_words and "líneas 70-74" in spanish_words
