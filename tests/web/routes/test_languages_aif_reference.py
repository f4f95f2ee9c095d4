"""Adventures in Fantasy's Reference beside How to play (`systems/adventures_in_fantasy/reference.py`) in
the reader's language: its own words (the headings, the courses' months and complexity, the prices, the
creatures' figures, how each table is used, the citations) are Spanish in Spanish, the data's names said
by the catalogue, and English is said exactly as before.

The data's texts (a course's note, a supply's remark, a creature's note, a table's title) are the
catalogue's too (`grognard.i18n.extract.DATA`): every one is translated, and none is let pass in English.
"""

from __future__ import annotations

from grognard import i18n
from grognard.engine.reference import Section
from grognard.systems.adventures_in_fantasy.charts import ChartRow
from grognard.systems.adventures_in_fantasy.creatures import creatures
from grognard.systems.adventures_in_fantasy.reference import sections
from grognard.systems.adventures_in_fantasy.tables import all_tables
from tests.web.routes.test_languages import english_in

ENGLISH_ENTRIES = {
    "Courses of instruction": [
        ("1. Read and write", "72 months; complexity 120; 30 GP a year.", "line 335"),
        (
            "4. Read and write another language",
            "12 months; complexity 75; after courses 1, 3; 25 GP a year.",
            "line 338",
        ),
        ("6. Physical Training II", "12 months; complexity 45; after course 5.", "line 340"),
    ],
    "Price list": [
        ("Axe", "2 GP; 10 lb; 1 week to make; availability Yes; from the Armorer.", "line 477"),
        ("Bow", "2 GP; 3 lb; 12 weeks to make; availability II; from the Armorer.", "line 478"),
    ],
    "General supplies": [
        ("10 foot pole", "free; 5 lb.", "line 524"),
        ("Lantern", "1 GP; 3 lb; 50 turns, 25 ft circle of light.", "line 527"),
        ("Room at the inn", "10 SP a day.", "line 541"),
    ],
    "Creatures": [
        ("Elf", "1 hit die, 9 hits; human body; Dexterity 70.", "our ruling"),
        ("Dwarf", "1 hit die, 12 hits; human body; Dexterity 45; armour: chain.", "our ruling"),
    ],
    "Every table of the book": [
        ("Chart M, mounted bowmen: armour", "Rolled on d100; 1 row.", "line 970"),
        ("Chart M, dismounted pikemen: armour", "Rolled on d100; 3 rows.", "lines 989-991"),
    ],
}
"""Entries of each section as English has always said them."""


def said(found: list[Section]) -> str:
    return "\n".join(f"{h}\n" + "\n".join(f"{n}: {t} ({c})" for n, t, c in entries) for h, entries in found)


def data_texts() -> set[str]:
    """The data's texts the Reference says: the courses' notes, the general supplies' remarks, the
    creatures' notes and the tables' titles."""
    texts: set[str] = set()
    for chart in ("courses", "general-supplies"):
        for row in all_tables()[chart].rows:
            assert isinstance(row, ChartRow)
            texts.update(str(row.cells[k]) for k in ("note", "remarks") if row.cells.get(k))
    texts.update(c.note for c in creatures().values() if c.note)
    texts.update(str(t.title) for t in all_tables().values() if t.title)
    return texts


def test_the_english_reference_says_what_it_always_said() -> None:
    found = dict(sections())
    assert list(found) == list(ENGLISH_ENTRIES)
    for heading, entries in ENGLISH_ENTRIES.items():
        shown = {name: (name, text, cite) for name, text, cite in found[heading]}
        for entry in entries:
            assert shown[entry[0]] == entry, (heading, shown.get(entry[0]))
    assert english_in(said(sections())), "the English reference is found English"


def test_the_spanish_reference_says_its_own_words_in_spanish() -> None:
    with i18n.speaking("es"):
        found = sections()
    text = said(found)
    assert [h for h, _ in found] == [
        "Cursos de instrucción",
        "Lista de precios",
        "Suministros generales",
        "Criaturas",
        "Todas las tablas del libro",
    ]
    assert "1. Leer y escribir: 72 meses; complejidad 120; 30 PO al año. (línea 335)" in text
    assert "tras los cursos 1, 3" in text and "1 semana de fabricación" in text and "gratis" in text
    assert "1 dado de golpe, 12 golpes; cuerpo de humano; Destreza 45; armadura: malla." in text
    assert "Se tira con d100; 3 filas. (líneas 989-991)" in text and "(decisión nuestra)" in text
    assert "como intérprete" in text and "30 tragos" in text and "una raza de gigantes" in text
    assert "Tabla M, piqueros a pie: armadura: Se tira con d100; 3 filas." in text
    assert english_in(text) == [], [line for line in text.splitlines() if english_in(line)][:10]


def test_the_datas_texts_are_all_translated() -> None:
    """Every course's note, supply's remark, creature's note and table's title the Reference says has its
    Spanish in the catalogue; in English each is said as the book wrote it, and found English."""
    texts = data_texts()
    assert len(texts) > 100
    with i18n.speaking("es"):
        untranslated = sorted(t for t in texts if i18n.gettext(t) == t and english_in(t))
    assert untranslated == []
    english = said(sections())
    assert {t for t in texts if t in english} == texts
    assert english_in(" ".join(sorted(texts)))
