"""What real Project Aon books hold and the importer once lost (issue 17): puzzles with their links,
every `<ch.*>` character of the DTD, several authors, sections no choice leads to, the series of the
book. The files are ours (tests/gamebook/data/projectaon/moon-gate.xml, kai-shaped.xml), in the
shapes of the Grey Star and Lone Wolf XML."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.model import Condition
from grognard.gamebook.overlay import parse_overlay
from grognard.gamebook.projectaon import ImportReport, import_projectaon, import_projectaon_bytes, join_names
from grognard.gamebook.projectaon_series import SERIES, detect_series
from grognard.gamebook.projectaon_xml import CHARACTERS, parse_xml
from grognard.gamebook.ruleset import Ruleset
from tests.gamebook.test_projectaon import aon, sect

DATA = Path(__file__).parent / "data" / "projectaon"
MOON = DATA / "moon-gate.xml"
KAI = DATA / "kai-shaped.xml"

# fmt: off
DTD_CHARACTERS = [
    "apos", "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
    "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para",
    "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "frac13", "frac23", "frac15",
    "frac25", "frac35", "frac45", "frac16", "frac56", "frac17", "frac18", "frac38", "frac58", "frac78",
    "frac19", "frac110", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig",
    "Ccedil", "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde",
    "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml",
    "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
    "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve",
    "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute",
    "thorn", "yuml", "ampersand", "lsquot", "rsquot", "ldquot", "rdquot", "minus", "endash", "emdash",
    "ellips", "lellips", "blankline", "percent", "thinspace", "frac116", "plus", "lte", "gte",
]
# fmt: on
"""The 129 `<!ELEMENT ch.NAME EMPTY>` of Project Aon's gamebook.dtd (version 0.12), by name."""


def moon(overlay: str = "") -> ImportReport:
    return import_projectaon_bytes(
        MOON.read_bytes(), str(MOON), DATA, parse_overlay(overlay) if overlay else None
    )


def _ruleset() -> Ruleset:
    from grognard.systems.grey_star.ruleset import GS_RULES

    return GS_RULES


# --- characters --------------------------------------------------------------------------------------


def test_accented_letters_and_signs_are_kept() -> None:
    text = moon().book.sections["1"].text
    assert "The Kleas\u00e1 wind" in text
    assert "An \u00e9lite guard" in text
    assert "Giak + Doomwolf riders" in text
    assert "waits \u2153 of a league" in text


def test_every_character_of_the_dtd_is_mapped_as_element_and_entity() -> None:
    assert len(DTD_CHARACTERS) == 129
    assert set(DTD_CHARACTERS) <= set(CHARACTERS)
    elements = "".join(f"<ch.{name}/>|" for name in DTD_CHARACTERS)
    entities = "".join(f"&{name};|" for name in DTD_CHARACTERS)
    body = f"<p>{elements}</p><p>{entities}</p><deadend/>"
    report = import_projectaon_bytes(aon(sect(1, body)))
    first, second = report.book.sections["1"].text.split("\n\n")
    assert first.split("|", 1)[1] == second.split("|", 1)[1]  # &apos; is XML's own apostrophe
    shown = first.split("|")[:-1]
    assert len(shown) == 129
    expected = {"Aacute": "\u00c1", "ellips": "\u2026", "plus": "+", "lte": "\u2264", "frac110": "\u2152"}
    for name, char in expected.items():
        assert shown[DTD_CHARACTERS.index(name)] == char
    assert not any(w.startswith(("unknown", "unmapped")) for w in report.warnings), report.warnings


def test_an_unknown_character_is_a_visible_placeholder_and_a_warning_naming_it() -> None:
    report = moon()
    assert "beside a stone marked [?ch.snowman]." in report.book.sections["1"].text
    assert "unknown character <ch.snowman/> (sections 1): shown as [?ch.snowman]" in report.warnings
    inside = import_projectaon_bytes(aon(sect(1, "<p>Sn<ch.oddity>ow</ch.oddity>fall</p><deadend/>")))
    assert inside.book.sections["1"].text == "Sn[?ch.oddity]owfall"


# --- authors, puzzles -------------------------------------------------------------------------------


def test_every_author_is_kept() -> None:
    assert moon().book.book.author == "Ada Quill, Ben Marsh and Cy Ward"
    assert join_names(["A"]) == "A" and join_names(["A", "B"]) == "A and B" and join_names([]) == ""


def test_a_riddle_keeps_its_text_and_its_link() -> None:
    s = moon().book.sections["5"]
    assert s.text.endswith("Count the rings to learn which section to turn to next.")
    assert [(c.target, c.condition) for c in s.choices] == [("7", None), ("6", None)]
    assert "7" not in s.choices[0].text


def test_return_to_the_noted_section_offers_each_one_visited() -> None:
    s = moon().book.sections["4"]
    assert s.text.endswith("Now go back to the section whose number you noted.")
    assert [(c.target, c.condition) for c in s.choices] == [
        ("2", Condition(visited="2")),
        ("3", Condition(visited="3")),
    ]


def test_puzzles_make_the_book_check_clean_with_an_orphan_as_a_warning() -> None:
    book = moon().book
    assert check_book(book, _ruleset()) == []
    assert [w.render() for w in check_warnings(book)] == ["section 10: unreachable from the start section 1"]


def test_a_puzzle_pointing_outside_the_numbered_sections_is_reported() -> None:
    report = import_projectaon_bytes(aon(sect(1, '<puzzle idref="map">Look at the map.</puzzle><deadend/>')))
    assert "section 1: a puzzle's answer to 'map', not a numbered section; left out" in report.warnings
    assert report.book.sections["1"].text == "Look at the map."


# --- orphans and the overlay ------------------------------------------------------------------------


def test_an_orphan_is_a_warning_at_import_unless_the_overlay_marks_it() -> None:
    assert any(
        w.startswith("section 10: no way leads here from the start section 1") for w in moon().warnings
    )
    marked = moon("[sections.10]\norphan = true\n")
    assert not any(w.startswith("section 10") for w in marked.warnings)
    assert "10" in marked.book.sections


def test_the_overlay_drops_a_section() -> None:
    book = moon("[sections.10]\ndrop = true\n").book
    assert "10" not in book.sections
    assert check_warnings(book) == []


def test_the_overlay_adds_and_removes_choices() -> None:
    overlay = (
        "[sections.8]\nadd_choices = [{ text = 'Climb down into the gorge.', target = '10' }]\n"
        "[sections.5.choices.1]\ndrop = true\n"
    )
    s = moon(overlay).book.sections
    assert [(c.text, c.target) for c in s["8"].choices] == [
        ("Turn to 9.", "9"),
        ("Climb down into the gorge.", "10"),
    ]
    assert [c.target for c in s["5"].choices] == ["6"]


def test_a_dropped_section_still_led_to_is_refused() -> None:
    with pytest.raises(ContentError, match=r"section 9 is dropped, but section 8 \(choices\[1\]\.target\)"):
        moon("[sections.9]\ndrop = true\n")
    with pytest.raises(ContentError, match="the start section is dropped"):
        moon("[sections.1]\ndrop = true\n")
    with pytest.raises(ContentError, match="give it nothing else"):
        moon("[sections.10]\ndrop = true\nending = 'victory'\n")


# --- the series ------------------------------------------------------------------------------------


def test_a_book_of_another_series_is_refused_naming_it() -> None:
    with pytest.raises(ContentError) as err:
        import_projectaon(KAI)
    assert "this is a Lone Wolf (Kai) book, not Grey Star" in str(err.value)
    assert err.value.file == str(KAI)


@pytest.mark.parametrize(
    ("ids", "attribute", "code"),
    [
        (["camflage", "sixthsns", "healing"], "", "lw-kai"),
        (["wpnmstry", "psisurge", "curing"], "", "lw-magnakai"),
        (["wpnmstry", "kaisurge", "gnosis"], "", "lw-grand-master"),
        (["kaisurge", "gnosis", "kainame", "astrolgy"], "", "lw-new-order"),
        (["sskills", "driving"], "", "fw"),
        ([], "CLOSE COMBAT SKILL", "fw"),
        (["powers", "sorcery", "evcation"], "", "gs"),
        (["powers"], "WILLPOWER", "gs"),
        (["powers", "lightng", "vigour"], "", "darklords"),
    ],
)
def test_the_series_is_told_from_the_front_matter(ids: list[str], attribute: str, code: str) -> None:
    front = "".join(f'<section class="frontmatter" id="{i}"><data/></section>' for i in ids)
    typ = f'<typ class="attribute">{attribute}</typ>' if attribute else ""
    data = aon(sect(1, f"<p>{typ}</p><deadend/>")).replace(
        b'<section id="title"><data>', f'<section id="title"><data>{front}'.encode()
    )
    series = detect_series(parse_xml(data, "x.xml", None)[0])
    assert series is not None and series.code == code
    outcome = "read" if code == "gs" else "refused"
    try:
        import_projectaon_bytes(data)
        got = "read"
    except ContentError as e:
        assert f"this is a {series.name} book, not Grey Star" in str(e)
        got = "refused"
    assert got == outcome
    assert len({s.code for s in SERIES}) == len(SERIES)


def test_a_book_whose_series_cannot_be_told_is_read_with_a_warning() -> None:
    report = import_projectaon_bytes(aon(sect(1, "<p>Plain.</p><deadend/>")))
    assert "the book's series could not be told from its front matter; read as Grey Star" in report.warnings
