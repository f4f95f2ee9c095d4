"""A refused move, a refused form value and a book or quest that does not load are said in the reader's
language (issue 31): the engine's, the gamebooks' and HeroQuest's errors are messages of the catalogue,
made where they are raised, in the language in force; the same in English says the English text, so
each test can fail. The rules data's texts of HeroQuest (skills, equipment, artifacts, monsters) are marked
and said in Spanish. A scan of the sources holds every error's reason to a message, not a bare literal.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard import i18n
from grognard.engine.errors import ContentError, RulesError, UsageError
from grognard.engine.match import Match, MatchError
from grognard.gamebook.load import load_book
from grognard.systems.fighting_fantasy import reference as ff_reference
from grognard.systems.grey_star import reference as gs_reference
from grognard.systems.heroquest import reference as hq_reference
from grognard.systems.heroquest.content.catalog import catalog
from grognard.systems.heroquest.content.hero import starting_attributes
from grognard.systems.heroquest.content.words import DATA_TEXTS, TEXTS, text_said
from grognard.systems.heroquest.importer.heroscribe import import_heroscribe
from tests.web.routes.test_languages import spanish
from tests.web.security.tables_client import JSON, browser

SOURCE = Path(__file__).resolve().parents[2] / "src/grognard"
FOLDERS = (
    "engine",
    "gamebook",
    "systems/fighting_fantasy",
    "systems/grey_star",
    "systems/heroquest",
    "systems/talisman",
    "systems/adventures_in_fantasy",
    "cli",
    "web",
)
"""The folders whose errors a player or a reader meets."""
LEFT_ENGLISH = ("gamebook/solve", "engine/errors.py", "engine/store/", "engine/odds/")
"""What the scan leaves out: the book checker and the solver (another slice), the error classes' own
defaults, the store's replay check of a damaged save and the solver's refusals (never a player's move)."""
ERRORS = {"RulesError": 2, "ContentError": 2, "UsageError": 0, "MatchError": 0, "StaleMoveError": 0}
"""Each error class and the position of its reason among the arguments."""


def bare_reasons(text: str) -> list[int]:
    """The lines of `text` (Python) where an error is raised with a reason written as a bare string (a
    literal or an f-string) instead of a message of the catalogue (`_()`, `gettext()`) or a name."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS:
            at = ERRORS[node.func.id]
            if len(node.args) > at and isinstance(node.args[at], ast.Constant | ast.JoinedStr):
                found.append(node.lineno)
    return found


def test_the_scan_finds_a_bare_reason() -> None:
    sample = (
        "def f(move, state):\n"
        "    raise RulesError(move, state, f'no door at {move}')\n"
        "def g():\n"
        "    raise UsageError('no hero')\n"
        "def h(name):\n"
        "    raise ContentError(name, '', _('not UTF-8 text'))\n"
    )
    assert bare_reasons(sample) == [2, 4]


def test_every_error_a_player_meets_is_a_message() -> None:
    bare = {}
    for folder in FOLDERS:
        for path in sorted((SOURCE / folder).rglob("*.py")):
            name = path.relative_to(SOURCE).as_posix()
            if name.startswith(LEFT_ENGLISH):
                continue
            lines = bare_reasons(path.read_text(encoding="utf-8"))
            if lines:
                bare[name] = lines
    assert not bare, f"errors raised with a bare English reason: {bare}"


def test_a_forged_move_is_refused_in_spanish_and_in_english() -> None:
    match = Match.new(
        "heroquest",
        "quest",
        {"quest": "the-goblin-cellar", "heroes": "barbarian,dwarf-warrior"},
        ("human", "bot"),
        seed=7,
    )
    match.advance()
    seat = match.humans_to_act()[0]
    with i18n.speaking("es"), pytest.raises(MatchError, match="acción no permitida 'fly' para el asiento"):
        match.act(seat, "fly")
    with pytest.raises(MatchError, match="illegal action 'fly' for seat"):
        match.act(seat, "fly")
    with i18n.speaking("es"), pytest.raises(RulesError) as refused:
        match.state.apply("fly")
    assert refused.value.reason == "no es una acción legal"


def test_a_refused_form_value_reaches_a_spanish_reader_in_spanish() -> None:
    form = {"system": "heroquest", "game": "quest", "seat:0": "here", "seat:1": "bot", "seed": "7"}
    form |= {"option:quest": "the-goblin-cellar", "option:heroes": "barbarian,nobody"}
    said = spanish(browser()).post("/games", form, headers=JSON)
    assert said.status_code == 400 and said.json()["error"].startswith("no hay clase 'nobody'"), said.text
    said = browser().post("/games", form, headers=JSON)
    assert said.status_code == 400 and said.json()["error"].startswith("no class 'nobody'"), said.text


def test_a_heroes_refusal_names_the_race_and_class_in_spanish() -> None:
    with i18n.speaking("es"), pytest.raises(UsageError, match="un enano no puede usar magia, así que no"):
        starting_attributes("dwarf", "wizard", ())
    with pytest.raises(UsageError, match="a dwarf cannot use magic, so cannot be a wizard"):
        starting_attributes("dwarf", "wizard", ())


def test_a_broken_book_is_refused_in_spanish(tmp_path: Path) -> None:
    book = tmp_path / "broken.toml"
    book.write_text("[book\ntitle = 'x'\n", encoding="utf-8")
    with i18n.speaking("es"), pytest.raises(ContentError) as refused:
        load_book(book)
    assert refused.value.reason.startswith("no es TOML válido: "), refused.value.reason
    with pytest.raises(ContentError) as refused:
        load_book(book)
    assert refused.value.reason.startswith("not valid TOML: "), refused.value.reason


def test_a_file_that_is_no_heroscribe_quest_is_refused_in_spanish() -> None:
    with i18n.speaking("es"), pytest.raises(ContentError) as refused:
        import_heroscribe(b"title = 'a quest in TOML'\n", "quest.toml")
    assert refused.value.reason.startswith("no es una misión de HeroScribe"), refused.value.reason
    with pytest.raises(ContentError) as refused:
        import_heroscribe(b"title = 'a quest in TOML'\n", "quest.toml")
    assert refused.value.reason.startswith("not a HeroScribe quest"), refused.value.reason


def test_every_text_of_the_rules_data_is_marked_and_said_in_spanish() -> None:
    texts = {e.text for kind in catalog().kinds().values() for e in kind if e.text}
    assert texts <= set(TEXTS) | set(DATA_TEXTS), sorted(texts - set(TEXTS) - set(DATA_TEXTS))
    with i18n.speaking("es"):
        assert text_said("Attacks diagonally too.") == "También ataca en diagonal."
        assert (
            text_said("Huge, slow-witted and very strong.")
            == "Enormes, lentos de entendederas y muy fuertes."
        )
        assert text_said("a quest's own words") == "a quest's own words"
    assert text_said("Attacks diagonally too.") == "Attacks diagonally too."


def test_the_systems_reference_texts_are_said_in_spanish() -> None:
    with i18n.speaking("es"):
        heroquest = dict(hq_reference.sections())
        potions = dict(ff_reference.sections())
        chart = dict(gs_reference.sections())
    assert {"Razas", "Habilidades", "Armas", "Artefactos", "Monstruos", "Hechizos: Fuego"} <= set(heroquest)
    goblin = next(text for name, text, _ in heroquest["Monstruos"] if name == "Goblin")
    assert goblin.startswith("El enemigo más débil y común") and "Ataque" in goblin, goblin
    assert any("Cuesta 1 punto de habilidad" in text for _, text, _ in heroquest["Habilidades"])
    assert {"Pociones", "Provisiones"} <= set(potions)
    assert "Partes con" in potions["Provisiones"][0][1]
    assert {"Magias Menores", "La Carta de Acción"} <= set(chart)
    english = dict(hq_reference.sections())
    assert "Races" in english and "Monsters" in english and "Razas" not in english
