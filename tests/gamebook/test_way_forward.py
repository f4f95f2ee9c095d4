"""A clear way forward (issue 32): a Project Aon book of another series (and the Magnamund Companion) is
refused saying which it is and what grognard offers for its fights; an XML book given where a book file
is read says "import it first"; a game is started only from a book `check` passes, whichever command
starts it; an error names a carried book in one line, never by its content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine.embedded import embed
from grognard.engine.errors import ContentError
from grognard.gamebook.check import UnplayableBookError
from grognard.gamebook.load import BookLoadError, book_from_bytes, load_book
from grognard.gamebook.projectaon import OtherSeriesError, import_projectaon_bytes
from grognard.gamebook.projectaon_series import detect_series
from grognard.gamebook.projectaon_xml import parse_xml
from grognard.gamebook.runner import GamebookGame
from tests.cli.helpers import grognard
from tests.gamebook.helpers import walk
from tests.gamebook.test_projectaon import aon, sect
from tests.gamebook.toy import TOY_RULES

DATA = Path(__file__).parent / "data" / "projectaon"
MOON = DATA / "moon-gate.xml"
KAI = DATA / "kai-shaped.xml"

GREY_STAR_MARKS = (
    '<section class="frontmatter" id="sorcery"><data/></section>'
    '<section class="frontmatter" id="prophecy"><data/></section>'
)


def _companion(title: str = "The Magnamund Companion") -> bytes:
    """A book in Project Aon's shape titled as the Companion, with Grey Star's marks in its front matter
    (as the Companion describes every series) and a WILLPOWER attribute."""
    data = aon(sect(1, '<p>Your <typ class="attribute">WILLPOWER</typ>.</p><deadend/>'))
    data = data.replace(b"<title>Small</title>", f"<title>{title}</title>".encode())
    front = f'<section id="title"><data>{GREY_STAR_MARKS}'.encode()
    return data.replace(b'<section id="title"><data>', front)


# --- other series ------------------------------------------------------------------------------------


def test_the_companion_is_not_read_as_grey_star() -> None:
    data = _companion()
    series = detect_series(parse_xml(data, "mc.xml", None)[0])
    assert series is not None and series.code == "mc"
    with pytest.raises(OtherSeriesError) as info:
        import_projectaon_bytes(data, "mc.xml")
    message = str(info.value)
    assert message.startswith("mc.xml: this is the Magnamund Companion (a book of the Lone Wolf world), ")
    assert "not Grey Star: grognard plays the rules of the Grey Star books only" in message
    # the same marks under another title are a Grey Star book
    other = _companion("Grey Star the Wizard")
    assert import_projectaon_bytes(other, "gs.xml").book.book.title == "Grey Star the Wizard"


def test_the_companion_title_is_told_in_any_case_and_spacing() -> None:
    data = _companion("THE  MAGNAMUND\n COMPANION")
    series = detect_series(parse_xml(data, "mc.xml", None)[0])
    assert series is not None and series.code == "mc"


def test_a_book_of_another_series_says_what_to_use(tmp_path: Path) -> None:
    out = tmp_path / "kai.toml"
    ran = grognard("gs", "import", str(KAI), "-o", str(out), home=tmp_path)
    assert ran.code == 2 and not out.exists()
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        f"grognard: error: {KAI}: this is a Lone Wolf (Kai) book, not Grey Star: grognard plays the rules "
        "of the Grey Star books only, so it is not imported; for its fights, "
    )
    assert "`grognard gs crt --ratio R --random N`" in lines[0]
    assert "`grognard gs odds --no-staff --combat-skill CS --endurance EP --enemy CS/EP`" in lines[0]


def test_odds_without_the_staff_are_the_table_as_it_stands(tmp_path: Path) -> None:
    """`--no-staff` is a fight on the Combat Results Table with no WILLPOWER and no -6: the same odds as a
    fight with the Staff, no WILLPOWER and a COMBAT SKILL 6 higher (the -6 then brings it back)."""
    plain = grognard(
        "gs", "odds", "--no-staff", "--combat-skill", "15", "--endurance", "12", "--enemy", "14/12", "--json"
    )
    assert plain.code == 0, plain.err
    staff = grognard(
        "gs", "odds", "--combat-skill", "21", "--willpower", "0", "--endurance", "12", "--enemy", "14/12",
        "--json",
    )  # fmt: skip
    assert staff.code == 0, staff.err
    assert json.loads(plain.out)["p_win_optimal"] == json.loads(staff.out)["p_win_optimal"]
    args = ("--combat-skill", "15", "--endurance", "12", "--enemy", "14/12")
    said = grognard("gs", "odds", "--no-staff", *args)
    assert "Chance of winning, without the Staff: " in said.out and "WILLPOWER every round" not in said.out
    ran = grognard("gs", "odds", *args)
    assert ran.code == 2
    assert ran.err.strip() == (
        "grognard: error: --willpower is needed for a fight with the Staff (or give --no-staff)"
    )


# --- an XML book where a book file is read --------------------------------------------------------------


def _latin1_book(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    path.write_bytes(aon(sect(1, "<p>Caf\u00e9.</p><deadend/>"), encoding="ISO-8859-1"))
    return path


@pytest.mark.parametrize("name", ["book.xml", "book.toml", "book"])
def test_loading_an_xml_book_says_import_it_first(tmp_path: Path, name: str) -> None:
    path = _latin1_book(tmp_path, name)
    with pytest.raises(BookLoadError) as info:
        load_book(path)
    assert str(info.value) == (
        f"{path}: a Project Aon book (XML), not a book file: import it first: "
        f"grognard gs import {path} -o book.toml"
    )


@pytest.mark.parametrize("command", ["gs", "ff"])
def test_check_and_play_say_import_it_first(tmp_path: Path, command: str) -> None:
    path = _latin1_book(tmp_path, "my book.xml")
    hint = f"import it first: grognard gs import '{path}' -o 'my book.toml'"
    ran = grognard(command, "check", str(path), home=tmp_path)
    assert ran.code == 1
    assert ran.out.splitlines() == [
        f"{path}: book: a Project Aon book (XML), not a book file: {hint}",
        "1 problem(s)",
    ]
    ran = grognard(command, "play", str(path), stdin="q\n", home=tmp_path)
    assert ran.code == 2
    assert ran.err.splitlines() == [
        f"grognard: error: {path}: a Project Aon book (XML), not a book file: {hint}"
    ]


def test_other_markup_is_read_as_twine_or_refused_saying_what_it_is() -> None:
    with pytest.raises(BookLoadError, match="a HeroScribe quest"):
        book_from_bytes(b'<?xml version="1.0"?>\n<Quest name="x"/>', "q.toml")
    html = (
        b'<tw-storydata name="S" startnode="1"><tw-passagedata pid="1" name="Start">Hi.'
        b"</tw-passagedata></tw-storydata>"
    )
    assert book_from_bytes(html, "story.txt", "toy-gb").book.title == "S"


# --- a game starts only from a book check passes ----------------------------------------------------------

DANGLING = """[book]
title = "Dangle"
system = "fighting-fantasy"
start = "1"

[sections.1]
text = '''LONG-PROSE-MARK {prose}'''
choices = [{{ text = "Go on", target = 2 }}, {{ text = "Nowhere", target = 99 }}]

[sections.2]
text = "The end."
ending = "victory"
"""


def _dangling(tmp_path: Path, system: str = "fighting-fantasy") -> Path:
    path = tmp_path / "dangle.toml"
    text = DANGLING.format(prose="Long prose.\n" * 3000).replace("fighting-fantasy", system)
    path.write_text(text, encoding="utf-8")
    return path


def test_games_new_refuses_a_book_that_play_refuses(tmp_path: Path) -> None:
    path = _dangling(tmp_path)
    problem = "has problems; run `check` on it: section 1, choices[2].target: no section '99'"
    played = grognard("ff", "play", str(path), stdin="q\n", home=tmp_path)
    assert played.code == 2
    assert played.err.splitlines() == [f"grognard: error: {path}: {problem}"]
    new = grognard("games", "new", "ff", "gamebook", "-o", f"book={path}", home=tmp_path)
    assert new.code == 2
    assert len(new.err.splitlines()) == 1 and "LONG-PROSE-MARK" not in new.err
    assert new.err.startswith("grognard: error: dangle.toml (carried, sha256=")
    assert new.err.rstrip().endswith(problem)
    assert json.loads(grognard("games", "list", "--json", home=tmp_path).out) == []


def test_a_carried_book_is_named_in_one_line_when_play_fails() -> None:
    """A game carried a book that leads nowhere (saved before it was checked): turning to the missing
    section names the book by its file name and hash, not by the whole book."""
    data = _dangling_bytes()
    ref = embed("dangle.toml", data)
    book = book_from_bytes(data, "dangle.toml")
    state = GamebookGame(TOY_RULES, book, ref).new_initial_state({"book": ref})
    state = walk(state, 8, 4, "charm:gold")
    with pytest.raises(ContentError) as info:
        state.apply("choice:2")
    message = str(info.value)
    assert "\n" not in message and "LONG-PROSE-MARK" not in message and len(message) < 200
    assert message.startswith("dangle.toml (carried, sha256=")
    assert message.endswith("section 1: no section '99' to turn to")


def test_a_carried_book_with_problems_is_refused_in_one_line() -> None:
    ref = embed("dangle.toml", _dangling_bytes())
    with pytest.raises(UnplayableBookError) as info:
        GamebookGame(TOY_RULES).new_initial_state({"book": ref})
    message = str(info.value)
    assert "\n" not in message and "LONG-PROSE-MARK" not in message
    assert message.endswith("has problems; run `check` on it: section 1, choices[2].target: no section '99'")


def _dangling_bytes() -> bytes:
    return DANGLING.format(prose="Long prose.\n" * 3000).replace("fighting-fantasy", "toy-gb").encode()
