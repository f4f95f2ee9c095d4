"""A Spanish table of Talisman: the part of issue 31's Talisman slice done so far.

Translated and checked here: the new-game form (the options' names and help, the Character cards' names,
numbers and alignments), the characters' sheets in the side panel (Fuerza, Astucia, Vidas, Oro, the
counters, Objects, Followers, Trophies, Spells), the board's fixed words (the line of whose turn it is,
the Regions, the river, the bridge, the board in words) and the action labels of the first choices and of
the actions without a card. The cards' and spaces' own names and texts (rules data) and the log's notes
are still English and are not checked. Each check finds the same page English in English, so it can fail.
"""

from __future__ import annotations

import re

import pytest

from grognard import i18n
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.game import AUTO_TURNS, DEFAULT_ROUNDS, TalismanGame
from grognard.systems.talisman.views import describe_action
from grognard.systems.talisman.words import CHARACTER_NAMES, TASK_WORDS, UNNAMED, unnamed
from grognard.web.systems.talisman import turn_line, winners_line
from tests.web.routes.test_languages import WORD, chrome, english_in, spanish
from tests.web.security.tables_client import Visitor, browser

SHEET_WORDS = frozenset(
    {
        "strength",
        "craft",
        "lives",
        "gold",
        "counter",
        "counters",
        "objects",
        "followers",
        "trophies",
        "spells",
        "special",
        "abilities",
        "none",
        "face",
        "down",
        "playing",
        "you",
        "good",
        "evil",
        "on",
        "the",
        "warrior",
        "not",
        "yet",
        "chosen",
    }
)
"""The words of a sheet that would show in Spanish if a message were missed (the space's name, rules
data, is taken away first); "Neutral" and "Troll" are the same in both languages and not looked for."""
SHEET = re.compile(r'<section class="card t-sheet".*?</section>', re.S)
CONTENT = re.compile(r"<p data-content>.*?</p>", re.S)
TAG = re.compile(r"<[^>]+>")


def new_table(visitor: Visitor) -> str:
    """A new table of a warrior (this browser) and a troll (a bot): its address."""
    form = {"system": "talisman", "game": "game", "seat:0": "here", "seat:1": "bot", "seed": "5"}
    made = visitor.post("/games", form | {"option:players": "2", "option:characters": "warrior,troll"})
    assert made.status_code == 303, made.text[-300:]
    return str(made.headers["location"])


def table(visitor: Visitor) -> str:
    """A new table's page, as `visitor` reads it."""
    return visitor.client.get(new_table(visitor)).text


def sheet_words(html: str) -> list[str]:
    """The English sheet words left on the sheets, the Special Abilities' text (rules data, marked
    `data-content`) and the names of the spaces taken away."""
    sheets = SHEET.findall(html)
    assert len(sheets) == 2
    text = TAG.sub(" ", CONTENT.sub(" ", " ".join(sheets)))
    for space in catalog().spaces.values():
        text = text.replace(space.name, " ")
    return sorted({w for w in WORD.findall(text) if w.lower() in SHEET_WORDS})


@pytest.fixture(scope="module")
def pages() -> tuple[str, str]:
    return table(spanish(browser())), table(browser())


def test_the_sheets_are_spanish_and_english_in_english(pages: tuple[str, str]) -> None:
    spanish_page, english_page = pages
    assert not sheet_words(spanish_page), sheet_words(spanish_page)
    for said in ("Fuerza", "Astucia", "Vidas", "Oro", "Objetos", "Seguidores", "Trofeos", "Hechizos"):
        assert said in spanish_page, said
    assert "<h2>Guerrero " in spanish_page and "Habilidades especiales" in spanish_page
    assert "Strength" in sheet_words(english_page) and "Lives" in sheet_words(english_page)
    assert "<h2>Warrior " in english_page


def test_the_boards_fixed_words_are_spanish(pages: tuple[str, str]) -> None:
    spanish_page, english_page = pages
    for said in ("Turno 1 · tu turno, como Guerrero", "El tablero en palabras", ", Región Exterior: "):
        assert said in spanish_page, said
    assert "Río Tormentoso" in spanish_page and ">Puente<" in spanish_page
    for said in (
        "Turn 1 · your turn, as the Warrior",
        "The board in words",
        ", Outer Region: ",
        ">Storm River<",
    ):
        assert said in english_page and said not in spanish_page, said


def test_the_action_labels_are_spanish() -> None:
    """The labels of the first choices (which way to move, how far, to which space, what a drawing space
    does; the space's name is rules data), and the words of the actions without a card, said apart."""
    labels = {}
    for language, visitor in (("es", spanish(browser())), ("en", browser())):
        view = visitor.view(new_table(visitor))["view"]
        labels[language] = [a["label"] for a in view["actions"]]
    assert labels["es"][0].startswith("Moverse en sentido horario 6 casillas hasta Woods")
    assert labels["es"][1].startswith(
        "Moverse en sentido antihorario 3 casillas hasta Sentinel, donde se abre"
    )
    assert labels["en"][0] == "Move clockwise 6 spaces to the Woods: draw 1 card"
    assert labels["es"][0].endswith("Woods: robar 1 carta")
    actions = ("roll", "portal", "fight", "stand", "bridge", "meet:1", "cast:hex:oasis")
    with i18n.speaking("es"):
        said = [describe_action(a) for a in actions]
    assert said == [
        "tirar el dado",
        "intentar abrir el Portal",
        "luchar",
        "plantar cara y luchar",
        "cruzar el puente",
        "enfrentarse al jugador 1",
        "lanzar Hex sobre Oasis",
    ]
    assert (
        describe_action("roll") == "roll the die" and describe_action("cast:hex:oasis") == "cast Hex on Oasis"
    )


def test_the_new_game_form_speaks_spanish() -> None:
    """The form's own words and Talisman's options in Spanish; the Character cards' names and numbers in
    Spanish (their Special Abilities are card text, rules data, still English)."""
    page = spanish(browser()).client.get("/games/new/talisman")
    assert page.status_code == 200
    lang, words = chrome(page.text)
    assert lang == "es" and not english_in(words), english_in(words)
    for said in ("Personajes", "Máximo de turnos", "cuántos jugadores (2-6)", "Guerrero", "Necrófago"):
        assert said in page.text, said
    assert "Fuerza 4" in page.text and "Astucia 2" in page.text and "Malvado" in page.text
    english_page = browser().client.get("/games/new/talisman").text
    assert "Max turns" in english_page and "Ghoul" in english_page and "Strength 4" in english_page


def test_the_names_and_words_are_marked_and_said_in_spanish() -> None:
    names = {c.name for c in catalog().characters.values()}
    assert names == set(CHARACTER_NAMES), names ^ set(CHARACTER_NAMES)
    assert {unnamed(k) for k in range(-1, 7)} <= set(UNNAMED)
    help_ = next(o.help for o in TalismanGame.info.options if o.name == "max_turns")
    assert f"{AUTO_TURNS}: {DEFAULT_ROUNDS} rounds, i.e. {DEFAULT_ROUNDS} x the players" in help_
    public = {"turn": 3, "current": 1, "task": "direction", "winners": [1]}
    public["heroes"] = [{"character_name": "Warrior"}, {"character_name": "Ghoul"}]
    with i18n.speaking("es"):
        assert [i18n.gettext(n) for n in ("Warrior", "Wizard", "Thief", "Druid")] == [
            "Guerrero",
            "Mago",
            "Ladrón",
            "Druida",
        ]
        assert all(i18n.gettext(w) != w for w in TASK_WORDS.values())
        assert turn_line(public, [0]) == "Turno 3 · juega Necrófago · eligiendo en qué sentido moverse"
        assert winners_line(public, [0]) == "Gana Necrófago"
        assert winners_line(public, [1]) == "Ganas tú"
    assert turn_line(public, [0]) == "Turn 3 · Ghoul is playing · choosing which way to move"
    assert winners_line(public, [0]) == "Ghoul wins" and winners_line(public, [1]) == "You win"
