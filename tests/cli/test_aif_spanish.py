"""The `grognard aif ...` sub-commands in the reader's language (issue 31): a representative set of them
(the tables, a character's generation, a kept campaign made, acted on, shown and logged, education,
the world, the trades, a melee, the chances to hit in melee and with missiles and their modifiers, a
check, an influence, an underworld room, the learning formula, the dice's closing line) printed in
Spanish holds no English word, nor do their refusals or `campaign act --help`'s list of actions; the same
commands in English are found English, so each test can fail.

What a screen names and does not say is taken away first: the options and values to type (`--seed 3`,
`place:forest`), the tables' identifiers (`arms-mounted`), the book's file and line, the names the
referee typed ("Ana", "Orc"). The rules' data texts that the catalogue does not say yet (the tables'
titles, rows and notes, the rules' own sentences of a step's result) are the rules data's slice: their
words are allowed only while the catalogue has no Spanish for them (`untranslated`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard import i18n
from tests.cli.helpers import grognard
from tests.cli.test_languages_terminal import commands_of, said
from tests.web.routes.test_languages import WORD, english_in

NOT_WORDS = re.compile(r"--?[\w-]+|\w+(?:-\w+)+|`[^`]*`|\S+\.txt:\S*|\S+=\S+|\w+:\w+(?::\w+)*")
"""What a screen names and does not say: options, identifiers, commands, the book's file, typed values."""

NAMES = frozenset({"ana", "orc"})
"""The names the referee typed (a character's, a fighter's): the referee's, in no language."""

CAMPAIGN = "1"
"""The id the first campaign of a new store gets."""

SCREENS: tuple[tuple[str, ...], ...] = (
    ("aif", "table", "--list"),
    ("aif", "table", "arms-mounted", "--seed", "3"),
    ("aif", "table", "table-of-death"),
    ("aif", "table", "table-of-death", "--roll", "47"),
    ("aif", "character", "new", "--seed", "7", "--course", "11", "--soldier", "--name", "Ana"),
    ("aif", "campaign", "new", "--seed", "4"),
    (
        "aif",
        "campaign",
        "add-character",
        CAMPAIGN,
        "--seed",
        "7",
        "--course",
        "11",
        "--soldier",
        "--name",
        "Ana",
    ),
    ("aif", "campaign", "act", CAMPAIGN, "place:forest"),
    ("aif", "campaign", "act", CAMPAIGN, "wound:0:2"),
    ("aif", "campaign", "act", CAMPAIGN, "boast:0:1"),
    ("aif", "advance", CAMPAIGN, "--weeks", "1"),
    ("aif", "campaign", "show", CAMPAIGN),
    ("aif", "campaign", "sheet", CAMPAIGN, "0"),
    ("aif", "campaign", "log", CAMPAIGN),
    ("aif", "study-break", "--course", "11", "--months", "6", "--longest-weeks", "5"),
    ("aif", "buy", "Sword", "--seed", "3", "--months", "2"),
    ("aif", "castle", "II"),
    ("aif", "encounter", "--terrain", "forest", "--seed", "6"),
    ("aif", "hostility", "--force", "law", "--other", "chaos", "--seed", "1"),
    ("aif", "calendar", "show", "1-3-4"),
    ("aif", "language", "--intelligence", "40"),
    ("aif", "troubadour", "--charisma", "60", "--host", "40"),
    ("aif", "fight", "--a", "name=Ana,hp=8,dex=60", "--b", "name=Orc,hp=5,dex=50"),
    ("aif", "hit-location", "--seed", "3"),
    ("aif", "check", "health", "--rating", "40", "--seed", "2"),
    ("aif", "experience", "rank", "--position", "Squire", "--status", "9", "--levels", "1"),
    *(
        tuple(line.split())
        for line in (
            "aif melee --attacker name=Ana,body=human,hp=12,dex=60,level=3,training=half,unpracticed=2"
            ",reach=long,extra=5,cover --defender name=Orc,body=lion,hp=30,size=3,hd=6,weapon=2,wall"
            " --place corridor --swamp --fatigued",
            "aif missile --weapon crossbow --yards 150 --dex 80 --bonus 5 --mounted --into-slit --from-slit"
            " --extra 3",
            "aif check dexterity --rating 60 --burden 10 --untrained --seed 1",
            "aif influence --charisma 70 --target-charisma 40 --status 5 --target-status 3 --reputation 2"
            " --target-reputation 1 --seed 1",
            "aif encounter --terrain underworld --level 3 --rolls 1%,10% --seed 2",
            "aif learn --course 11 --intelligence 50 --months 12 --attempt 3 --roll 99 --repeat",
        )
    ),
)
"""The commands read, in this order (the campaign's are made on the one campaign the store holds)."""

REFUSALS: tuple[tuple[str, ...], ...] = (
    ("aif", "table"),
    ("aif", "table", "table-of-death", "--rolls", "4"),
    ("aif", "encounter", "--terrain", "forest", "--level", "2"),
    ("aif", "campaign", "log", CAMPAIGN, "--last", "-1"),
    ("aif", "experience", "rank", "--position", "Squire", "--status", "-1"),
    ("aif", "hirelings", "shares", "100", "Ana"),
)
"""Usage errors of the commands, each refused with one line and status 2 (the last two need no campaign;
the log's refusal comes before the campaign is read)."""


def untranslated() -> frozenset[str]:
    """The words of the rules' data texts the catalogue has no Spanish for yet: the tables' titles,
    headings, rows and notes, the steps' and checks' own sentences (the rules data's slice); and the
    tables' identifiers, typed as they are."""
    from grognard.engine.content import Table  # inner import: the rules' data only for this reader
    from grognard.systems.adventures_in_fantasy.charts import Bands, Chart
    from grognard.systems.adventures_in_fantasy.tables import all_tables

    names = [name for name in all_tables()]  # the tables' identifiers, typed as they are ("civilians")
    texts: list[str] = []
    for entry in all_tables().values():
        texts += [entry.heading, entry.notes or ""]
        if isinstance(entry, Table):
            texts += [r.text for r in entry.rows]
        elif isinstance(entry, Chart):
            texts += [str(c) for r in entry.rows for c in r.cells.values()] + [r.key for r in entry.rows]
        elif isinstance(entry, Bands):
            texts += [str(v) for b in entry.rows for v in b.result.values()]
    with i18n.speaking("es"):
        left = [t for t in texts if t and i18n.gettext(t) == t]
    return frozenset(w.lower() for t in left + names + list(RULES_SENTENCES) for w in WORD.findall(t))


RULES_SENTENCES: tuple[str, ...] = ()
"""Sentences the rules package writes with its values in English (the state's language) that the
catalogue says (`words.SENTENCES`) but a command prints as written, read by the screens below: none now
(a castle's name and a promotion's reason are said by `words.told` where printed)."""


def english(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of a screen, without what it names and the words `allowed`."""
    words = " ".join(w for w in WORD.findall(NOT_WORDS.sub(" ", text)) if w.lower() not in NAMES | allowed)
    return english_in(words)


def read(language: str, home: Path) -> dict[str, str]:
    """Every screen of `SCREENS` as `language` reads it, by its command line."""
    shown: dict[str, str] = {}
    for args in SCREENS:
        ran = grognard("--lang", language, *args, home=home)
        assert ran.code == 0, (args, ran.err)
        shown[" ".join(args)] = ran.out
    return shown


@pytest.fixture(scope="module")
def screens(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    """The screens in Spanish and in English, each language with its own store."""
    return {language: read(language, tmp_path_factory.mktemp(language)) for language in ("es", "en")}


DATA_SCREENS = ("aif table", "aif character new", "aif campaign add-character", "aif castle", "aif check")
DATA_SCREENS += ("aif experience rank", "aif campaign log", "aif campaign sheet")
"""The screens that show the rules' data texts (`untranslated`'s words allowed there only)."""


def test_the_commands_print_spanish(screens: dict[str, dict[str, str]]) -> None:
    data = untranslated()
    found = {
        command: english(text, data if command.startswith(DATA_SCREENS) else frozenset())
        for command, text in screens["es"].items()
    }
    assert not {c: w for c, w in found.items() if w}, "English printed by `grognard --lang es aif ...`"


def test_the_same_commands_in_english_are_found_english(screens: dict[str, dict[str, str]]) -> None:
    plain = {command: english(text) for command, text in screens["en"].items()}
    assert all(plain.values()), [c for c, w in plain.items() if not w]
    assert [c for c, text in screens["en"].items() if screens["es"][c] == text] == []


@pytest.mark.parametrize("args", REFUSALS, ids=lambda a: " ".join(a[1:]))
def test_a_refusal_is_spanish(args: tuple[str, ...], tmp_path: Path) -> None:
    spoken = grognard("--lang", "es", *args, home=tmp_path)
    plain = grognard(*args, home=tmp_path)
    assert spoken.code == plain.code == 2, (spoken.err, plain.err)
    assert spoken.err.startswith("grognard: error: ") and spoken.err != plain.err
    assert not english(spoken.err.removeprefix("grognard: error: ")), spoken.err
    assert english(plain.err.removeprefix("grognard: error: ")), plain.err


def test_the_list_of_actions_is_spanish(tmp_path: Path) -> None:
    spoken = grognard("--lang", "es", "aif", "campaign", "act", "--help", home=tmp_path).out
    plain = grognard("aif", "campaign", "act", "--help", home=tmp_path).out
    from grognard.cli.systems.aif_campaign import ACTIONS  # inner import: the command's module

    typed = frozenset(form.split(":")[0] for form, _what in ACTIONS)  # the actions, typed as they are
    assert "Las acciones" in spoken and "pasan N semanas" in spoken, spoken
    assert not english_in(said(spoken, commands_of(spoken) | typed)), spoken
    assert english_in(said(plain, commands_of(plain))), plain


def test_every_action_has_its_message() -> None:
    from grognard.cli.systems.aif_campaign import ACTION_TEXTS, ACTIONS  # inner import: the command's module

    assert {what.replace("%", "%%") for _form, what in ACTIONS} <= {*ACTION_TEXTS, "the campaign ends"}
