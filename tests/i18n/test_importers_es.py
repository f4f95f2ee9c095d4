"""The book importers' warnings, the terminal's fight advice, a Talisman action refused and a request the
browser sent wrong are said in the reader's language (issue 31): each is a message of the catalogue,
made in the language in force; the same in English says the English text, so each test can fail."""

from __future__ import annotations

import re
from html import unescape

import pytest
from typer.testing import CliRunner

from grognard import i18n
from grognard.cli.systems.ff import app as ff_app
from grognard.cli.systems.grey_star import app as gs_app
from grognard.gamebook.projectaon import import_projectaon_bytes
from grognard.gamebook.twine_import import import_story
from grognard.systems.talisman.actions import ActionError, cast_of, parse_action
from grognard.web.routes import books
from tests.gamebook.test_projectaon import ONE, TWO, aon, sect
from tests.web.routes.test_languages import assert_english, assert_spanish, english_in, spanish
from tests.web.security.tables_client import JSON, browser

STORY = b""":: StoryTitle
Qwz

:: StoryData
{"ifid": "0D9B5F3A-1C2E-4E5B-9F0A-1B2C3D4E5F62", "format": "Harlowe", "start": "Zx"}

:: Aa1
Hello. [[Bb2]] [[Cc3]]

:: Bb2
Done.
"""
"""A Twee story with three warnings: a start passage it lacks, a broken link, an ending."""

ODD = sect(
    3,
    "<p>Look.</p><riddle>What?</riddle><choice idref='map'>See the map.</choice>"
    "<combat><enemy>Shade</enemy><enemy-attribute class='combatskill'>many</enemy-attribute></combat>",
)
"""A Project Aon section with an unmapped element, a choice to no section and a combat in bad numbers."""


def story_warnings(language: str) -> tuple[str, ...]:
    with i18n.speaking(language):
        return import_story(STORY, "qwz.twee", "fighting-fantasy").warnings


def aon_warnings(language: str) -> tuple[str, ...]:
    with i18n.speaking(language):
        return import_projectaon_bytes(aon(ONE + TWO + ODD)).warnings


def test_a_twee_storys_warnings_are_spanish_in_spanish() -> None:
    english, spanish_said = story_warnings("en"), story_warnings("es")
    assert len(english) == len(spanish_said) == 3
    assert "the start passage 'Zx' does not exist: the start is 'Aa1'" in english
    assert "el pasaje inicial 'Zx' no existe: el inicio es 'Aa1'" in spanish_said
    assert "1 passage(s) with no link are endings: 'Bb2'" in english
    assert "1 pasaje(s) sin enlaces son finales: 'Bb2'" in spanish_said
    assert all(english_in(w) for w in english), english
    assert not [w for w in spanish_said if english_in(w)], spanish_said


def test_a_project_aon_books_warnings_are_spanish_in_spanish() -> None:
    english, spanish_said = aon_warnings("en"), aon_warnings("es")
    assert len(english) == len(spanish_said) >= 4
    assert "section 3: a choice to 'map', not a numbered section; left out" in english
    assert "sección 3: una elección a 'map', que no es una sección numerada; se omite" in spanish_said
    assert "unmapped element <riddle> (sections 3): its text kept as plain text" in english
    assert "elemento sin equivalente <riddle> (secciones 3): su texto se conserva como texto llano" in (
        spanish_said
    )
    # the section's and the enemy's names and the XML's words are the book's: left out of the count
    book = re.compile(r"<[^>]*>|'[^']*'|Shade|COMBAT_SKILL|ENDURANCE|combatskill")
    assert all(english_in(book.sub(" ", w)) for w in english), english
    assert not [w for w in spanish_said if english_in(book.sub(" ", w))], spanish_said


def upload_page(language: str) -> str:
    reader = browser()
    if language == "es":
        spanish(reader)
    made = reader.post("/books/fighting-fantasy", files={"file": ("qwz.twee", STORY, "text/plain")})
    assert made.status_code == 200, made.text[-500:]
    return str(made.text)


def test_the_upload_page_says_an_imported_storys_warnings_in_spanish() -> None:
    page, english = upload_page("es"), upload_page("en")
    ready = page[page.index("data-ready") : page.index("</section>", page.index("data-ready"))]
    assert ready.count("data-warning") == 3 and "lang=" not in ready
    assert "el pasaje inicial 'Zx' no existe" in unescape(ready)
    assert "the start passage 'Zx' does not exist" in unescape(english)
    assert_spanish([("upload", page)])
    assert_english([("upload", english)])


def test_a_book_nested_too_deeply_is_refused_in_spanish(monkeypatch: pytest.MonkeyPatch) -> None:
    def too_deep(*_args: object) -> None:
        raise RecursionError

    monkeypatch.setattr(books, "book_and_warnings", too_deep)  # what a book nested past the stack does
    said = {}
    for language in ("en", "es"):
        reader = browser()
        if language == "es":
            spanish(reader)
        refused = reader.post("/books/fighting-fantasy", files={"file": ("d.toml", b"", "text/plain")})
        assert refused.status_code == 400, refused.text[-300:]
        said[language] = refused.text
    assert "nested too deeply to be read as a book" in said["en"]
    assert "anidado a demasiada profundidad para leerse como libro" in said["es"]
    assert "nested" not in said["es"]


def ff_odds(language: str) -> str:
    with i18n.speaking(language):
        ran = CliRunner().invoke(ff_app, ["odds", "--hero", "10/20/9", "--enemy", "Orc:9/12", "--can-escape"])
    assert ran.exit_code == 0, ran.output
    return str(ran.output)


def test_ff_odds_says_its_advice_in_spanish() -> None:
    english, said = ff_odds("en"), ff_odds("es")
    assert "Best first move:" in english and "Win, best Luck policy" in english
    assert "Mejor primera jugada:" in said and "Ganar, con la mejor forma de usar la Suerte" in said
    assert "Best first move" not in said and "An escape counts" not in said
    assert re.search(r"\d,\d{6}", said) and not re.search(r"\d\.\d{6}", said)  # the locale's decimals


def test_gs_odds_says_its_advice_in_spanish() -> None:
    args = ["odds", "--combat-skill", "15", "--endurance", "20", "--willpower", "4", "--enemy", "14/10"]
    with i18n.speaking("en"):
        english = CliRunner().invoke(gs_app, args).output
    with i18n.speaking("es"):
        said = CliRunner().invoke(gs_app, args).output
    assert "Chance of winning with the best spending" in english
    assert "Probabilidad de ganar gastando lo mejor posible" in said and "Chance of winning" not in said


def test_a_talisman_action_refused_is_said_in_spanish() -> None:
    with i18n.speaking("en"), pytest.raises(ActionError, match="no action of Talisman begins with 'fly'"):
        parse_action("fly:away")
    with (
        i18n.speaking("es"),
        pytest.raises(ActionError, match="ninguna acción de Talisman empieza por"),
    ):
        parse_action("fly:away")
    with i18n.speaking("es"), pytest.raises(ActionError, match="no es el lanzamiento de un Hechizo"):
        parse_action("cast:")
    with i18n.speaking("es"), pytest.raises(ActionError, match="no es una acción Cast"):
        cast_of("roll")


def test_a_request_of_the_wrong_shape_is_answered_in_spanish() -> None:
    said = {}
    for language in ("en", "es"):
        reader = browser()
        if language == "es":
            spanish(reader)
        wrong = reader.client.get("/games/nokey/seat/abc/token", headers=JSON)
        assert wrong.status_code == 400, wrong.text
        missing = reader.post("/books/fighting-fantasy", headers=JSON)  # no file
        assert missing.status_code == 400, missing.text
        said[language] = (wrong.json()["error"], missing.json()["error"])
    assert said["en"] == (
        "seat: Input should be a valid integer, unable to parse string as an integer",
        "file: required key is missing",
    )
    assert said["es"] == (
        "seat: El valor debe ser un número entero válido; el texto no se puede leer como número entero",
        "file: falta una clave obligatoria",
    )
