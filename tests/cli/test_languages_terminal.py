"""The terminal in Spanish beyond the menu: every main sub-command's `--help` (click's and typer's own
words too: "Uso:", "Opciones", "Muestra este mensaje y sale."), a usage error in one line with status 2,
and the play loop's own words (its keys, help, sheet, odds, quitting), read by the English-word reader of
the browser's language test; the same screens in English are found English, so the test can fail."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.helpers import grognard
from tests.web.routes.test_languages import english_in

HELPS = (
    (),
    ("roll",),
    ("systems",),
    ("games",),
    ("games", "play"),
    ("games", "list"),
    ("ff",),
    ("ff", "play"),
    ("ff", "odds"),
    ("ff", "solve"),
    ("ff", "check"),
    ("grey-star",),
    ("grey-star", "play"),
    ("grey-star", "odds"),
    ("heroquest",),
    ("heroquest", "play"),
    ("heroquest", "simulate"),
    ("heroquest", "import"),
    ("heroquest", "hero"),
    ("heroquest", "hero", "new"),
    ("heroquest", "hero", "cross-train"),
    ("aif",),
    ("serve",),
)
"""The sub-commands whose help is read."""
NOT_WORDS = re.compile(
    r"--?[\w-]+|\w+(?:-\w+)+|\w+:(?=[A-Z])|`[^`]*`|\$\w+|\b[A-Z_]{2,}\b|\w+://\S+|\S+\.(?:md|sqlite3|toml|xml|org)\b|'[^']*'|\"[^\"]*\""
)
"""What a help names and does not say: options, commands in backticks, variables, values to type,
files and addresses."""
NAMES = frozenset(
    re.findall(
        r"\w+",
        "grognard fighting fantasy lone wolf grey star wizard heroquest revised system rules twine twee html "
        "project aon heroscribe dask postgresql sqlite json toml xml freeway warrior magnamund companion "
        "uniform book negative endurance auto human bot random heuristic search roll agree hero monster "
        "races classes skills weapons armour items none elf dwarf barbarian rogue mage attack defend earth "
        "fire water goblin chaos swordsman scout mira skill strength fortune sample localhost games wal",
    )
)
"""Names and values to type that the help quotes as they are (systems, tools, files, choices)."""


def said(text: str, commands: frozenset[str] = frozenset()) -> str:
    """The words of a screen a reader reads: without what it names (options, values, names)."""
    text = NOT_WORDS.sub(" ", text)
    return " ".join(w for w in re.findall(r"[\wÀ-ÿ]+", text) if w.lower() not in NAMES | commands)


def commands_of(help_text: str) -> frozenset[str]:
    """The names a help quotes: the sub-commands its Commands panel lists, the arguments (the first word
    of a panel's row), the words of its usage line (the command's path and its arguments' names)."""
    rows = re.findall(r"^│ (?:\*\s+)?([\w-]+) ", help_text, re.M)
    usage = re.findall(r"^ (?:Uso|Usage): (.*)$", help_text, re.M)
    return frozenset(w.lower() for r in rows + usage for w in re.findall(r"\w+", r))


def help_of(language: str, args: tuple[str, ...], home: Path) -> str:
    ran = grognard("--lang", language, *args, "--help", home=home)
    assert ran.code == 0, (args, ran.err)
    return ran.out


@pytest.mark.parametrize("args", HELPS, ids=lambda a: " ".join(a) or "grognard")
def test_every_main_help_is_spanish_in_spanish_and_english_in_english(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    spanish = help_of("es", args, tmp_path)
    assert "Uso:" in spanish and "Opciones" in spanish and "Muestra este mensaje y sale." in spanish
    found = english_in(said(spanish, commands_of(spanish)))
    assert not found, (args, found, spanish)
    english = help_of("en", args, tmp_path)
    assert "Usage:" in english and english_in(said(english, commands_of(english))), english


def test_a_usage_error_is_one_spanish_line_with_status_2(tmp_path: Path) -> None:
    ran = grognard("--lang", "es", "ff", "--bogus", home=tmp_path)
    assert ran.code == 2
    assert ran.err.strip().splitlines() == ["grognard: error: No existe la opción '--bogus'."]
    missing = grognard("--lang", "es", "roll", home=tmp_path)
    assert missing.code == 2 and missing.err.strip().splitlines() == [
        "grognard: error: Falta un argumento 'EXPRESSION'."
    ]
    english = grognard("roll", home=tmp_path)
    assert english.err.strip() == "grognard: error: Missing argument 'EXPRESSION'."


def loop_words(out: str) -> str:
    """The play loop's own lines of a session: each prompt and what the loop answers to a key (the help,
    the odds, the quitting line); the book's text and the engine's choices are the gamebook test's."""
    lines = out.splitlines()
    keep = []
    for i, line in enumerate(lines):
        prompt = re.match(r"(.*) \[1-\d+\] \(s/m/o/u/\?/q\): (.*)$", line)
        if prompt is None:
            continue
        keep.append(prompt.group(1))
        if prompt.group(2) in ("?", "o", "q") and i + 1 < len(lines):
            keep.append(lines[i + 1])
    assert len(keep) >= 4, out
    return " ".join(keep)


def test_the_play_loop_speaks_spanish(tmp_path: Path) -> None:
    ran = grognard("--lang", "es", "ff", "play", "sample", "--seed", "1", stdin="?\no\n1\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    for words in (
        "Responde con el número de una acción",
        "No hay probabilidades para esta decisión.",
        "Guardada como la partida",
        "Tu elección",
    ):
        assert words in ran.out, ran.out
    assert not english_in(said(loop_words(ran.out))), ran.out
    english = grognard("ff", "play", "sample", "--seed", "1", stdin="?\no\n1\nq\n", home=tmp_path)
    assert "Answer with an action's number" in english.out and "Saved as game" in english.out
    assert english_in(said(loop_words(english.out))), english.out


def test_games_play_speaks_spanish_with_its_keys_odds_and_undo(tmp_path: Path) -> None:
    made = grognard(
        "games", "new", "ff", "fight", "--option", "enemies=Orc:7/6", "--seed", "2", home=tmp_path
    )
    assert made.code == 0, made.err
    game = made.out.strip()
    keys = "?\no\n1\nu\nq\n"
    ran = grognard("--lang", "es", "games", "play", game, stdin=keys, home=tmp_path)
    assert ran.code == 0, ran.err
    for words in (
        "Responde con el número de una acción",
        "Probabilidades: victoria 100,0%",
        "Deshecho: de vuelta a tu decisión anterior (",
        f"Guardada como la partida {game}. Continúa con: grognard games play {game}",
    ):
        assert words in ran.out, ran.out
    assert not english_in(said(loop_words(ran.out))), ran.out
    english = grognard("games", "play", game, stdin=keys, home=tmp_path)
    assert "Odds: win 100.0%" in english.out and "Undone: back to your previous decision" in english.out
    assert english_in(said(loop_words(english.out))), english.out


def test_the_systems_summaries_are_marked_as_the_systems_say_them() -> None:
    import grognard.systems  # noqa: F401  (declares every system; loads none)
    from grognard.cli.main import SUMMARIES
    from grognard.engine import registry

    shipped = {f.summary for f in registry.facts() if f.module.startswith("grognard.")}  # no test toys
    assert shipped and shipped <= set(SUMMARIES)


def test_the_heroquest_hero_commands_speak_spanish(tmp_path: Path) -> None:
    made = grognard(
        "--lang", "es", "heroquest", "hero", "new", "--name", "Ana", "--race", "human",
        "--class", "barbarian", "--extra", "attack,defend", "--skill", "none", "--weapon", "Broadsword",
        home=tmp_path,
    )  # fmt: skip
    assert made.code == 0, made.err
    for words in (
        "Ana entra en la lista de héroes.",
        "Bárbaro humano, nivel 1",
        "Ataque",
        "Cuerpo",
        "Armas:",
    ):
        assert words in made.out, made.out
    attack = grognard(
        "--lang", "es", "heroquest", "attack", "--attack", "3", "--defend", "2", "--defender", "monster",
        "--body", "2", home=tmp_path,
    )  # fmt: skip
    assert attack.code == 0, attack.err
    assert "3 dados de ataque contra 2 dados de defensa" in attack.out and "Daño medio 1,2188" in attack.out
    assert "Probabilidad de matar a un objetivo con 2 de Cuerpo" in attack.out
    shown = grognard("heroquest", "hero", "show", "Ana", home=tmp_path)
    assert "Ana, Human Barbarian, level 1" in shown.out and "Weapons: Broadsword" in shown.out
    bad = grognard("--lang", "es", "heroquest", "attack", "--attack", "3", "--defend", "2", "--defender", "x")
    assert bad.code == 2 and bad.err.strip().startswith("grognard: error: --defender 'x' no es uno de")
