"""Adventures in Fantasy's last English in the browser's tools and the terminal's tables (issue 31): the
melee calculator's result (its heading, each end of the melee, each side's expected hit points), a
campaign fight's odds naming the foe by the catalogue ("Ana contra Lobo"), and `grognard aif table`'s
charts (titles, column headers, notes, cells, an open-ended band, a price) in the reader's language. The
same read in English says what English always said, so each test can fail.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.helpers import grognard
from tests.web.routes.test_languages import chrome, english_in, spanish
from tests.web.routes.test_languages_aif import fight_odds
from tests.web.security.tables_client import browser

FORM = {"a": "Swordsman", "b": "Wolf", "b_hp": "11"}
"""The calculator's form with two ready-made fighters, the second's hit points changed (booleans off)."""


def test_the_melee_calculators_result_is_said_in_the_readers_language() -> None:
    said = spanish(browser()).post("/tools/aif-melee", FORM)
    plain = browser().post("/tools/aif-melee", FORM)
    assert said.status_code == plain.status_code == 200, said.text[-300:]
    lang, words = chrome(said.text)
    assert lang == "es" and english_in(words) == [], english_in(words)
    assert "Cuerpo a cuerpo de Adventures in Fantasy: Espadachín contra Lobo" in said.text
    assert "gana Espadachín" in said.text and "Lobo: puntos de golpe que le quedan de media" in said.text
    assert "Adventures in Fantasy melee: Swordsman against Wolf" in plain.text, plain.text[-500:]
    assert "Swordsman wins" in plain.text and "Wolf: hit points left on average" in plain.text
    shown = re.sub(r"<pre data-json.*?</pre>", "", plain.text, flags=re.S)  # the figures as data aside
    assert "a-wins" not in shown and "b-wins" not in shown and "a-wins" in plain.text
    assert "melee" in english_in(chrome(plain.text)[1])


def test_a_campaign_fights_odds_name_the_foe_in_the_readers_language() -> None:
    found = fight_odds(3)
    assert found["es"].startswith("Ana contra Lobo: gana Ana ") and "gana Lobo" in found["es"], found["es"]
    assert found["en"].startswith("Ana against the Wolf: Ana wins "), found["en"]
    assert "the Wolf wins" in found["en"]


def test_the_terminals_charts_are_said_in_the_readers_language(tmp_path: Path) -> None:
    screens = {}
    for language in ("es", "en"):
        shown = [grognard("--lang", language, "aif", "table", name, home=tmp_path) for name in CHARTS]
        shown.append(grognard("--lang", language, "aif", "table", "--list", home=tmp_path))
        assert all(ran.code == 0 for ran in shown), [ran.err for ran in shown]
        screens[language] = "\n".join(ran.out for ran in shown)
    for es, en in SAID:
        assert es in screens["es"] and en not in screens["es"], (es, en)
        assert en in screens["en"] and es not in screens["en"], (es, en)


CHARTS = ("courses", "general-supplies", "table-of-death", "encumbrance", "hostility")
SAID = (
    ("Cursos de instrucción, Tabla B", "Courses of Instruction, Table B"),
    ("intérprete", "interpreter"),
    ("círculo de luz", "circle of light"),
    ("gratis", "free"),
    ("10 PP al día", "10 SP a day"),
    ("61 o más", "61 and up"),
    ("débil 21-40", "weak 21-40"),
    ("superfuerte", "super strong"),
    ("Basta una fuerza hostil", "One hostile force is enough"),
    ("por edad", "by age"),
    ("La Tabla de Muerte", "The Table of Death"),
)
"""What the charts say in Spanish, and in English as they always said it (short: a cell wraps)."""
