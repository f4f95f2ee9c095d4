"""The book checker's problems and warnings, the solver's reports and the terminal's refusals are said in
the reader's language (issue 31): a broken book's problems in Spanish on the upload page and at `ff
check`, a `ff solve` and a `ff check --odds` report in Spanish (their `--json` the same data in either
language), a few refusals of the terminal and of Talisman in Spanish, and Grey Star's Combat Results
Table's headings. The same in English says the English text, so each test can fail. A scan holds every
error of the terminal's files and of Talisman's rules to a message of the catalogue."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import grognard.systems  # registers the systems
from grognard import i18n
from grognard.engine.errors import UsageError
from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.load import load_book
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.grey_star import crt
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.simulate import parse_bots
from tests.cli.helpers import grognard
from tests.gamebook.test_solve import FF_BOOK, FF_HEAD
from tests.i18n.test_errors_es import bare_reasons
from tests.web.routes.test_languages import english_in, spanish
from tests.web.security.tables_client import browser

SOURCE = Path(__file__).resolve().parents[2] / "src/grognard"

BROKEN = """[book]
title = "Broken"
system = "fighting-fantasy"
start = "1"

[sections.1]
choices = [{ text = "On", target = 2 }, { text = "Off", target = 99 }]
effects = [{ stat = "SKILLZ", add = 1 }]

[sections.2]
ending = "victory"
choices = [{ text = "Again", target = 1 }]

[sections.3]
test = { kind = "roll", dice = "1d6", ranges = [{ max = 2, target = "1" }, { min = 4, target = "2" }] }

[sections.4]
choices = [{ text = "If flagged", target = 1, condition = { flag = "never" } }, { text = "Back", target = 1 }]
"""
"""A book with a missing target, an unknown stat, an ending with choices, a gap in a roll's ranges and a
flag tested but never set; sections 3 and 4 no way leads to."""

SPANISH_PROBLEMS = {
    ("1", "choices[2].target"): "no hay sección '99'",
    ("1", "effects[1]"): "puntuación desconocida 'SKILLZ' (conocidas: LUCK, SKILL, STAMINA)",
    ("2", "ending"): "un final (victory) con opciones",
    ("3", "test.ranges"): "ningún intervalo cubre 3..3",
    ("4", "choices[1].condition"): "la marca 'never' se comprueba pero nunca se pone",
}
ENGLISH_PROBLEMS = {
    ("1", "choices[2].target"): "no section '99'",
    ("1", "effects[1]"): "unknown stat 'SKILLZ' (known: LUCK, SKILL, STAMINA)",
    ("2", "ending"): "an ending (victory) with choices",
    ("3", "test.ranges"): "no range holds 3..3",
    ("4", "choices[1].condition"): "flag 'never' is tested but never set",
}


def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def test_a_broken_books_problems_and_warnings_are_said_in_spanish(tmp_path: Path) -> None:
    book = load_book(broken(tmp_path))
    with i18n.speaking("es"):
        problems = {(p.section, p.field): p.message for p in check_book(book, FF_RULES)}
        warnings = [p.render() for p in check_warnings(book)]
    assert problems == SPANISH_PROBLEMS
    assert warnings == [
        "sección 3: inalcanzable desde la sección inicial 1",
        "sección 4: inalcanzable desde la sección inicial 1",
    ]
    authors = ("'never'", "(victory)")  # the book's own flag and ending
    assert not english_in(
        " ".join([*problems.values(), *warnings]).replace(authors[0], "").replace(authors[1], "")
    )
    english = {(p.section, p.field): p.message for p in check_book(book, FF_RULES)}
    assert english == ENGLISH_PROBLEMS  # the English as it always was
    assert [p.render() for p in check_warnings(book)] == [
        "section 3: unreachable from the start section 1",
        "section 4: unreachable from the start section 1",
    ]


def test_the_rulesets_own_problems_are_said_in_spanish(tmp_path: Path) -> None:
    text = BROKEN.replace('stat = "SKILLZ", add = 1', 'special = "gold"').replace(
        "[sections.4]",
        '[sections.5]\nfight = { creatures = [{ name = "RAT", SKILL = 5 }], win = "2" }\n\n[sections.4]',
    )
    path = tmp_path / "fight.toml"
    path.write_text(text, encoding="utf-8")
    book = load_book(path)
    with i18n.speaking("es"):
        said = {p.message for p in check_book(book, FF_RULES)}
    assert {"RAT no tiene STAMINA", "especial desconocido 'gold' (conocidos: jewels)"} <= said
    assert {"RAT has no STAMINA", "unknown special 'gold' (known: jewels)"} <= {
        p.message for p in check_book(book, FF_RULES)
    }


def test_the_upload_page_says_a_broken_books_problems_in_spanish(tmp_path: Path) -> None:
    files = {"file": ("broken.toml", broken(tmp_path).read_bytes(), "text/plain")}
    refused = spanish(browser()).post("/books/fighting-fantasy", files=files)
    assert refused.status_code == 400
    for (section, _field), message in SPANISH_PROBLEMS.items():
        assert f'data-problem="{section}"' in refused.text
        assert message.replace("'", "&#39;") in refused.text, message
    assert 'lang="en"' not in refused.text.split("data-problems", 1)[1]  # the problems are the reader's
    english = browser().post("/books/fighting-fantasy", files=files)
    assert "no section &#39;99&#39;" in english.text and "no hay sección" not in english.text


def test_ff_check_says_the_problems_in_spanish_and_its_json_in_english(tmp_path: Path) -> None:
    path = broken(tmp_path)
    ran = grognard("--lang", "es", "ff", "check", str(path), home=tmp_path)
    assert ran.code == 1
    assert f"{path}: sección 1, choices[2].target: no hay sección '99'" in ran.out
    assert f"{path}: aviso: sección 3: inalcanzable desde la sección inicial 1" in ran.out
    assert ran.out.rstrip().endswith("5 problema(s)")
    english = grognard("ff", "check", str(path), home=tmp_path)
    assert f"{path}: section 1, choices[2].target: no section '99'" in english.out
    assert english.out.rstrip().endswith("5 problem(s)")
    data = json.loads(grognard("--lang", "es", "ff", "check", str(path), "--json", home=tmp_path).out)
    assert data == json.loads(grognard("ff", "check", str(path), "--json", home=tmp_path).out)


HERO = ("--hero", "7/6/7", "--option", "potion=skill")


def pit(tmp_path: Path) -> Path:
    path = tmp_path / "pit.toml"
    path.write_text(FF_HEAD + FF_BOOK, encoding="utf-8")
    return path


def test_ff_solve_reports_in_spanish_and_its_json_is_the_same_in_either_language(tmp_path: Path) -> None:
    book = str(pit(tmp_path))
    ran = grognard("--lang", "es", "ff", "solve", book, *HERO, home=tmp_path / "es")
    assert ran.code == 0, ran.err
    for said in (
        "Probabilidad de ganar jugando lo mejor posible:",
        "Probabilidad de ganar eligiendo al azar:",
    ):
        assert said in ran.out
    assert "El camino más probable para ganar" in ran.out and "Finales" in ran.out and "victoria" in ran.out
    assert "Chance of winning" not in ran.out and "Endings" not in ran.out
    kept = grognard("--lang", "es", "ff", "solve", book, *HERO, home=tmp_path / "es")
    assert kept.out == ran.out  # the kept solve, said again in Spanish
    english = grognard("ff", "solve", book, *HERO, home=tmp_path / "es")
    assert "Chance of winning with the best play:" in english.out and "Endings" in english.out
    assert "Probabilidad" not in english.out
    data = [
        json.loads(grognard(*lang, "ff", "solve", book, *HERO, "--json", home=tmp_path / home).out)
        for lang, home in ((("--lang", "es"), "a"), ((), "b"))
    ]
    assert data[0] == data[1]  # language-neutral: keys and values alike


def test_ff_check_odds_reports_in_spanish(tmp_path: Path) -> None:
    book = str(pit(tmp_path))
    ran = grognard("--lang", "es", "ff", "check", "--odds", book, *HERO, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Los combates más mortíferos" in ran.out and "Probabilidad de ganar eligiendo al azar:" in ran.out
    english = grognard("ff", "check", "--odds", book, *HERO, home=tmp_path)
    assert "Deadliest fights" in english.out and "mortíferos" not in english.out
    data = [
        json.loads(grognard(*lang, "ff", "check", "--odds", book, *HERO, "--json").out)
        for lang in (("--lang", "es"), ())
    ]
    assert data[0] == data[1]


@pytest.mark.parametrize(
    ("args", "spanish_reason", "english_reason"),
    [
        (
            ("ff", "solve", "sample", "--budget", "0"),
            "--budget debe ser de 1 a",
            "--budget must be from 1 to",
        ),
        (
            ("gs", "crt", "--ratio", "0", "--random", "12"),
            "no es un número aleatorio 0-9",
            "is not a random number",
        ),
        (
            ("talisman", "play", "--players", "human"),
            "Talismán es para 2 a 6 jugadores",
            "Talisman is for 2 to 6",
        ),
        (
            ("talisman", "play", "--players", "human:bot"),
            "asiento 'human:bot': personaje desconocido",
            "unknown",
        ),
    ],
)
def test_terminal_refusals_are_said_in_spanish(
    tmp_path: Path, args: tuple[str, ...], spanish_reason: str, english_reason: str
) -> None:
    ran = grognard("--lang", "es", *args, home=tmp_path)
    assert ran.code == 2 and spanish_reason in ran.err, ran.err
    english = grognard(*args, home=tmp_path)
    assert english.code == 2 and english_reason in english.err and spanish_reason not in english.err


def test_talisman_refusals_are_said_in_spanish() -> None:
    with i18n.speaking("es"), pytest.raises(UsageError, match="da un bot: random, heuristic, search o mixed"):
        parse_bots("", 2)
    with pytest.raises(UsageError, match="give a bot: random, heuristic, search or mixed"):
        parse_bots("", 2)
    with i18n.speaking("es"), pytest.raises(UsageError, match="bot desconocido 'clever'; conocidos: random"):
        parse_bots("clever", 2)
    with i18n.speaking("es"), pytest.raises(UsageError, match="players=7: Talismán es para 2 a 6 jugadores"):
        initial_state(players=7)
    with pytest.raises(UsageError, match="players=7: Talisman is for 2 to 6 players"):
        initial_state(players=7)


def test_the_combat_results_tables_headings_are_said_in_spanish(tmp_path: Path) -> None:
    columns = crt.table().columns
    with i18n.speaking("es"):
        said = [c.said() for c in columns]
    assert said[0] == "-11 o menos" and said[-1] == "+11 o más"
    assert [c.said() for c in columns] == [c.label() for c in columns]  # English: the table's own words
    ran = grognard("--lang", "es", "gs", "crt", "--ratio", "-20", "--random", "3", home=tmp_path)
    assert ran.code == 0 and "(columna -11 o menos)" in ran.out and "El enemigo pierde" in ran.out, ran.out
    english = grognard("gs", "crt", "--ratio", "-20", "--random", "3", home=tmp_path)
    assert "(column -11 or less)" in english.out and "Enemy loses" in english.out


def scanned() -> list[Path]:
    """The files whose errors this slice made messages: the terminal's (but Adventures in Fantasy's) and
    Talisman's rules."""
    cli = SOURCE / "cli"
    named = ("grey_star", "talisman", "ff", "map_heroquest", "board_talisman")
    files = sorted(cli.glob("*.py")) + [cli / "systems" / f"{name}.py" for name in named]
    files += sorted((cli / "systems").glob("heroquest*.py"))
    talisman = SOURCE / "systems" / "talisman"
    files += [
        talisman / f"{name}.py" for name in ("catalog", "simulate", "game", "odds", "bot_levels", "bots")
    ]
    files += [SOURCE / "gamebook" / "check.py"]
    return files


def bad_parameters(text: str) -> list[int]:
    """The lines of `text` where a `BadParameter` is raised with a bare string."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and getattr(node.func, "attr", getattr(node.func, "id", "")) == "BadParameter"
        and node.args
        and isinstance(node.args[0], ast.Constant | ast.JoinedStr)
    ]


def test_the_scan_finds_a_bare_bad_parameter() -> None:
    sample = "def f(x):\n    raise typer.BadParameter(f'no {x}')\n    raise click.BadParameter(_('no'))\n"
    assert bad_parameters(sample) == [2]


def test_no_error_of_the_terminal_or_of_talisman_has_a_bare_english_reason() -> None:
    bare = {}
    for path in scanned():
        text = path.read_text(encoding="utf-8")
        lines = bare_reasons(text) + bad_parameters(text)
        if lines:
            bare[path.relative_to(SOURCE).as_posix()] = lines
    assert len(scanned()) > 20
    assert not bare, f"errors raised with a bare English reason: {bare}"
