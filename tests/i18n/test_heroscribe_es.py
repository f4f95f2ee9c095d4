"""The HeroScribe import's report in the reader's language (issue 31): at the terminal in the language
asked, and on a kept quest's page in the language of whoever reads it, whoever uploaded the quest (the
report is kept in every language); a report kept before, English text, still shows as written, said to be
English. The goals' texts the import writes stay English in the quest and are said in the reader's
language. Each check is made in English too, so that it can fail."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from grognard.i18n import speaking
from grognard.systems.heroquest.importer.heroscribe import import_heroscribe
from grognard.systems.heroquest.importer.quest_toml import reports
from grognard.systems.heroquest.rules.goals import goal_text
from grognard.web.content import uploaded_quests
from tests.cli.helpers import grognard
from tests.web.routes.test_languages import assert_english, assert_spanish, english_in, spanish
from tests.web.routes.test_systems import CELLAR
from tests.web.security.tables_client import Visitor, browser

XML = Path(__file__).parents[1] / "systems" / "heroquest" / "data" / "cellar-heroscribe.xml"

ENGLISH_LINES = (
    "  placed monsters: 3 (Goblin x2, Orc)",
    "  placed furniture: 3 (table, chest, fireplace)",
    "  goal: every monster slain, then leave by the stairs or an exit; wandering monster: Goblin",
    "  1 hero markers, too few for a party: the heroes start on the stairs",
    "  goal: nothing in the notes; every monster slain, then out by the stairs (--goal to set one)",
    "Not placed (3):",
    "  object 'Door' at [2, 1]: the edge [2, 1]-[2, 2] is not a wall on our board",
)
"""Lines of the cellar quest's report, as English has always said them."""
SPANISH_LINES = (
    "  monstruos colocados: 3 (Goblin x2, Orco)",
    "  muebles colocados: 3 (mesa, cofre, chimenea)",
    "  1 marcador de héroe, demasiado pocos para un grupo: los héroes empiezan en la escalera",
    "  objetivo: nada en las notas; todos los monstruos muertos y después salir por la escalera "
    "(--goal para fijar uno)",
    "Sin colocar (3):",
    "  object 'Door' en [2, 1]: el borde [2, 1]-[2, 2] no es una pared en nuestro tablero",
)


def test_the_terminal_says_the_report_in_the_language_asked(home: Path) -> None:
    english = grognard("hq", "import", str(XML), home=home)
    assert english.code == 0, english.err
    lines = english.out.splitlines()
    assert all(line in lines for line in ENGLISH_LINES), english.out
    assert not any(line in lines for line in SPANISH_LINES)
    ran = grognard("--lang", "es", "hq", "import", str(XML), home=home)
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert all(line in lines for line in SPANISH_LINES), ran.out
    assert not any(line in lines for line in ENGLISH_LINES)
    assert lines[0] == "Importada 'The Cellar Test' en el tablero estándar."


def test_the_report_is_kept_in_every_language() -> None:
    result = import_heroscribe(XML.read_bytes(), "cellar.xml")
    kept = reports(XML.read_bytes(), "cellar.xml", result)
    assert set(kept) == {"en", "es"}
    assert all(line in kept["en"] for line in ENGLISH_LINES)
    assert all(line in kept["es"] for line in SPANISH_LINES)
    with speaking("es"):  # the same, whatever the language of the upload
        assert reports(XML.read_bytes(), "cellar.xml", import_heroscribe(XML.read_bytes(), "x")) == kept


def _uploaded(uploader: Visitor) -> str:
    made = uploader.post("/quests", files={"file": ("cellar.xml", CELLAR.encode(), "text/xml")})
    assert made.status_code == 303, made.text[-300:]
    return str(made.headers["location"])


def _report(html: str) -> str:
    found = re.search(r"<section class=\"card\" data-import-report>(.*?)</section>", html, re.S)
    assert found is not None
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found[1])).split())


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own: an upload is kept once under its hash, and never written over."""
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path))
    return tmp_path


def test_the_quest_page_says_the_report_in_the_readers_language_whoever_uploaded_it() -> None:
    english = browser()
    kept = _uploaded(english)
    reader = spanish(browser(english.client.app))
    page = reader.client.get(kept)
    assert page.status_code == 200
    report = _report(page.text)
    assert "Importada 'Goblin by the Stairs' en el tablero estándar." in report
    assert "monstruos colocados: 1 (Goblin)" in report and "monstruo errante: Orco" in report
    assert "Se colocó todo lo que hay en el archivo." in report and "placed" not in report
    assert "<ul>" in page.text.split("data-import-report", 1)[1]  # no other language said
    assert_spanish([("quest uploaded in English, read in Spanish", page.text)])
    shown = english.client.get(kept)
    report = _report(shown.text)
    assert "Imported 'Goblin by the Stairs' on the standard board." in report
    assert "placed monsters: 1 (Goblin)" in report and "Everything in the file was placed." in report
    assert english_in(report) and "colocados" not in report
    assert_english([("quest uploaded in English, read in English", shown.text)])


def test_a_quest_uploaded_in_spanish_is_read_in_english_by_an_english_reader() -> None:
    uploader = spanish(browser())
    kept = _uploaded(uploader)
    assert "monstruos colocados: 1 (Goblin)" in _report(uploader.client.get(kept).text)
    reader = browser(uploader.client.app)
    page = reader.client.get(kept)
    assert "placed monsters: 1 (Goblin)" in _report(page.text) and "colocados" not in page.text
    assert_english([("quest uploaded in Spanish, read in English", page.text)])


def test_a_report_kept_as_english_text_still_shows_as_written(home: Path) -> None:
    """A report kept before the import spoke Spanish: its English lines, marked English on the page."""
    visitor = spanish(browser())
    kept = _uploaded(visitor)
    digest = kept.rsplit("/", 1)[1]
    assert uploaded_quests() == home / "quests"
    (home / "quests" / f"{digest}.report").write_text("Imported 'Old' on the standard board.\n  old line\n")
    page = visitor.client.get(kept)
    assert page.status_code == 200
    assert "Imported 'Old' on the standard board. old line" in _report(page.text)
    assert re.search(r'<ul lang="en">\s*<li>Imported', page.text)
    assert_spanish([("an old report", page.text)])  # said English on purpose: not counted


def test_the_goals_texts_the_import_writes_are_said_in_the_readers_language() -> None:
    texts = ("Kill Verag.", "Slay every monster, then leave by the stairs.", "Find the Talisman of Lore.")
    assert [goal_text(t) for t in texts] == list(texts)
    assert goal_text("The author's own words.") == "The author's own words."
    with speaking("es"):
        said = [goal_text(t) for t in texts]
        assert goal_text("The author's own words.") == "The author's own words."
    assert said == [
        "Matad a Verag.",
        "Matad a todos los monstruos y después salid por la escalera.",
        "Encontrad este objeto: Talismán del Saber.",
    ]
