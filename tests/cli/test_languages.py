"""The terminal in the reader's language: `--lang es` (or `GROGNARD_LANG`) makes the menu's own words
Spanish; an unknown language is one line on standard error and status 2."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import grognard


def test_the_menu_speaks_spanish_with_lang_es(tmp_path: Path) -> None:
    ran = grognard("--lang", "es", stdin="q\n", home=tmp_path)
    assert ran.code == 0, ran.err
    for words in (
        "juegos de aventura clásicos",
        "Seguir una partida guardada",
        "Herramientas",
        "Salir",
        "Menú",
    ):
        assert words in ran.out, ran.out
    for words in ("Continue a saved game", "Tools", "Quit"):
        assert words not in ran.out


def test_the_menu_is_english_by_default_and_its_tools_speak_spanish(tmp_path: Path) -> None:
    english = grognard(stdin="q\n", home=tmp_path)
    assert "Continue a saved game" in english.out and "Salir" not in english.out
    menu = grognard("--lang", "es", stdin="q\n", home=tmp_path).out
    tools = next(line.split(".")[0].strip() for line in menu.splitlines() if "Herramientas" in line)
    ran = grognard("--lang", "es", stdin=f"{tools}\nq\n", home=tmp_path)
    assert "Tirar dados" in ran.out and "Volver" in ran.out, ran.out


def test_an_unknown_language_is_refused_in_one_line(tmp_path: Path) -> None:
    ran = grognard("--lang", "klingon", "roll", "2d6", home=tmp_path)
    assert ran.code == 2
    assert ran.err.strip().splitlines() == [
        "grognard: error: unknown language 'klingon': grognard speaks en, es"
    ]
