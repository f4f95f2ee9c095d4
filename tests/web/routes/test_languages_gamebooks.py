"""A Spanish reader plays a Fighting Fantasy and a Grey Star gamebook and meets no English outside the
book's own text (issue 31, the gamebooks' slice).

`test_languages.py` leaves out every `data-content` region, and a gamebook's table wraps the board, the
side panel, the choices and the log in such regions; here nothing is left out for being marked: the
pages are read whole (every text and shown attribute but `<script>`, `<style>`, `<title>` and text in
another `lang`), and only what the book's author wrote is taken away, found in the book file itself (its
title, blurb and author, each section's title and text, the choices' and the creatures' names, the items
it declares), with the systems' own names (a title, as a book's). So an engine word inside a content
region (a Luck test in the log, "Attack the ... this round", the Adventure Sheet's labels) is caught. The
same reader finds English on the same games played in English, so the test can fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard import i18n
from grognard.engine import registry
from grognard.engine.game import CHANCE, GameState
from grognard.gamebook.load import load_book
from grognard.gamebook.model import Book
from grognard.gamebook.seat_view import book_ending, fight_ending
from grognard.web.routes.rules import guide_parts
from tests.web.routes.test_languages import Chrome, assert_english, assert_spanish, english_in, spanish
from tests.web.security.tables_client import Visitor, browser

SYSTEMS = Path(__file__).resolve().parents[3] / "src" / "grognard" / "systems"
BOOKS = {
    "fighting-fantasy": SYSTEMS / "fighting_fantasy" / "data" / "books" / "sample.toml",
    "grey-star": SYSTEMS / "grey_star" / "data" / "books" / "sample.toml",
}
OPTIONS = {"fighting-fantasy": {"book": "sample"}, "grey-star": {"book": "sample", "hero": "15/25/24"}}
PLAYS = {
    # the potion, the road to the reeds, where the Luck test is thrown
    "fighting-fantasy luck": ["potion:skill", "choice:3", "choice:2"],
    # the potion, the troll bridge, the fight and a few of its rounds (a Luck question on a wound, if any)
    "fighting-fantasy fight": [
        "potion:fortune",
        "choice:3",
        "choice:1",
        "choice:2",
        "fight",
        "fight",
        "fight",
    ],
    # five Lesser Magicks and a gift, the ferry and the reed path, the marsh-lights' fight and its rounds
    "grey-star": [
        *["power:"] * 5,
        "gift:",
        "choice:2",
        "choice:3",
        "choice:2",
        "spend:0",
        "spend:1",
        "spend:0",
    ],
}
"""The moves played in each game, each the first action whose id starts with the words given."""
SEED = "7"
"""The dice of every game played here (the fights last the rounds played)."""


class Whole(Chrome):
    """Every word a reader sees on a page, content regions included; `<script>`, `<style>`, the `<title>`
    and text in another language than the page's left out."""

    def __init__(self) -> None:
        super().__init__(content=True)


def plain(text: str) -> str:
    """`text` with its runs of white space made one space."""
    return " ".join(text.split())


def authored(book: Book) -> list[str]:
    """What the book's author wrote and a page may show, longest first (so a name inside a sentence goes
    with the sentence): the book's title, blurb and author, each section's title, text and paragraphs, its
    choices and its creatures (also as a page capitalizes them), the items it declares; and the systems'
    names."""
    found = {book.book.title, book.book.blurb, book.book.author, *book.book.items}
    for section in book.sections.values():
        found |= {section.title, section.text, *section.text.split("\n\n")}
        found |= {choice.text for choice in section.choices}
        for creature in section.fight.creatures if section.fight is not None else ():
            found |= {creature.name, creature.name.capitalize()}
    found |= {facts.name for facts in registry.facts()}
    return sorted({plain(s) for s in found if plain(s)}, key=len, reverse=True)


def engine_words(html: str, book: Book) -> tuple[str, str]:
    """A page's `<html lang>` and its words with the book's own text taken away."""
    reader = Whole()
    reader.feed(html)
    reader.close()
    text = plain(" ".join(reader.words))
    for words in authored(book):
        text = text.replace(words, " ")
    return reader.lang, text


def played(visitor: Visitor, play: str) -> Iterator[tuple[str, str]]:
    """The table's page, then its page after each move of `play`, as `visitor` reads them, each with what
    was played."""
    system = play.split()[0]
    form = {"system": system, "game": "gamebook", "seat:0": "here", "seed": SEED}
    made = visitor.post("/games", form | {f"option:{k}": v for k, v in OPTIONS[system].items()})
    assert made.status_code == 303, made.text[-300:]
    table = str(made.headers["location"])
    yield "start", visitor.client.get(table).text
    for wanted in PLAYS[play]:
        view = visitor.view(table)["view"]
        action = next((a for a in view["actions"] if a["id"].startswith(wanted)), None)
        if action is None and wanted == "fight":  # a Luck question on a wound came first: take it
            action = next((a for a in view["actions"] if a["id"] == "luck"), None)
        assert action is not None, (play, wanted, [a["id"] for a in view["actions"]])
        made = visitor.post(f"{table}/act", {"action": action["id"], "ply": str(view["ply"])})
        assert made.status_code in (200, 303), made.text[-300:]
        yield action["id"], visitor.client.get(table).text


def in_the_fight(play: str) -> GameState:
    """The adventure of `play` at its fight's first decision, the dice taking their first outcome."""
    system = play.split()[0]
    state = registry.get_game(system, "gamebook").new_initial_state(OPTIONS[system])
    for wanted in PLAYS[play]:
        while state.actor() is CHANCE:
            state = state.apply(state.chance_outcomes()[0][0])
        if wanted in ("fight", "spend:0", "spend:1"):
            return state
        state = state.apply(next(a for a in state.legal_actions() if a.startswith(wanted)))
    raise AssertionError(f"{play} reaches no fight")


@pytest.mark.parametrize("play", list(PLAYS))
def test_a_spanish_gamebook_says_no_english_outside_the_book(play: str) -> None:
    book = load_book(BOOKS[play.split()[0]])
    assert_spanish(played(spanish(browser()), play), lambda html: engine_words(html, book))


@pytest.mark.parametrize("play", list(PLAYS))
def test_the_same_game_in_english_is_found_english(play: str) -> None:
    book = load_book(BOOKS[play.split()[0]])
    assert_english(played(browser(), play), lambda html: engine_words(html, book))


def test_the_engine_words_are_spanish_and_the_book_is_not_translated() -> None:
    visitor = spanish(browser())
    pages = dict(played(visitor, "fighting-fantasy fight"))
    fought = pages["fight"]
    assert "Hoja de Aventura" in fought and "HABILIDAD" in fought and "RESISTENCIA" in fought
    assert "SUERTE" in fought and "Combate" in fought
    assert "Draw your sword and fight it" in pages["choice:2"]  # the author's choice, as written
    assert re.search(r"pasa al \d+", pages["choice:3"])
    luck = dict(played(visitor, "fighting-fantasy luck"))["choice:2"]
    assert "Prueba tu Suerte" in luck and ("con suerte" in luck or "sin suerte" in luck)
    star = dict(played(visitor, "grey-star"))["spend:0"]
    assert "Carta de Acción" in star and "DESTREZA EN EL COMBATE" in star and "VOLUNTAD" in star
    assert "Proporción de Combate" in star


@pytest.mark.parametrize("play", ["fighting-fantasy fight", "grey-star"])
def test_a_fights_odds_are_said_in_spanish(play: str) -> None:
    """The odds the page loads after it (the chance to win, the fight's advice line by line, the best
    move), as the reader's language says them: read here from the game's views, as the odds worker does."""
    state = in_the_fight(play)
    views = registry.get_views(play.split()[0], "gamebook")
    assert views.odds is not None
    book = load_book(BOOKS[play.split()[0]])
    with i18n.speaking("es"):
        odds = views.odds(state, 0)
        assert odds is not None and odds.note
        _, words = engine_words(f"<p>{odds.note}</p>", book)
        assert not english_in(words), (english_in(words), odds.note)
    english = views.odds(state, 0)
    assert english is not None and english_in(engine_words(f"<p>{english.note}</p>", book)[1])


@pytest.mark.parametrize("system", ["fighting-fantasy", "grey-star"])
def test_the_new_game_form_speaks_spanish(system: str) -> None:
    book = load_book(BOOKS[system])
    page = spanish(browser()).client.get(f"/games/new/{system}")
    assert page.status_code == 200
    lang, words = engine_words(page.text, book)
    assert lang == "es" and not english_in(words), english_in(words)
    english = browser().client.get(f"/games/new/{system}").text
    assert english_in(engine_words(english, book)[1])


def test_endings_are_said_in_spanish() -> None:
    public = {"outcome": "death", "visited": 12, "book": "The Heartflame of Cinderwick"}
    public["sheet"] = [["SKILL", "9 (Initial 11)"]]
    with i18n.speaking("es"):
        said = book_ending(public, None, "Adventure Sheet")
        assert said[0] == "Has muerto. Tu aventura termina aquí."
        assert said[1] == "Has leído 12 secciones de The Heartflame of Cinderwick."
        assert said[2].startswith("Tu Hoja de Aventura al final:")
        assert fight_ending({}, {"outcome": "escaped"}) == ["Escapas del combate."]
    english = book_ending(public, None, "Adventure Sheet")
    assert english[:2] == [
        "You have died. Your adventure ends here.",
        "You read 12 sections of The Heartflame of Cinderwick.",
    ]


def guide_said(template: str, language: str) -> tuple[str, list[str]]:
    """A How to play guide's words as the rules page reads it in `language` (headings, statements and
    their citations' words) and the lines each citation names."""
    with i18n.speaking(language):
        parts = guide_parts(template, {})
    points = [point for part in parts for point in part["points"]]
    words = " ".join(
        [part["heading"] for part in parts]
        + [p["text"] for p in points]
        + [c["text"] for p in points for c in p["cites"]]
    )
    return words, [c["lines"] for p in points for c in p["cites"]]


@pytest.mark.parametrize("system", ["fighting-fantasy", "grey-star"])
def test_how_to_play_is_said_in_spanish(system: str) -> None:
    """The system's How to play guide, read back as the rules page reads it (headings, statements and
    their citations): no English word in Spanish, English in English, the citations' lines kept."""

    spanish_words, spanish_lines = guide_said(f"systems/{system}/how-to-play.html", "es")
    english_words, english_lines = guide_said(f"systems/{system}/how-to-play.html", "en")
    assert not english_in(spanish_words), english_in(spanish_words)
    assert english_in(english_words) and spanish_lines == english_lines and spanish_lines
    assert "(líneas" not in spanish_words and "líneas" in spanish_words
