"""The Project Aon importer: the test book (written for grognard, in Project Aon's XML shape) imports
with its overlay, round-trips through TOML and passes the checker; bad, hostile and random files are
refused with a `ContentError`."""

from __future__ import annotations

import pathlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grognard.engine.errors import ContentError
from grognard.gamebook.check import check_book
from grognard.gamebook.load import dump_book, load_book, parse_book
from grognard.gamebook.model import Book, Condition
from grognard.gamebook.overlay import parse_overlay
from grognard.gamebook.projectaon import ImportReport, import_projectaon, import_projectaon_bytes
from grognard.gamebook.ruleset import Ruleset

DATA = Path(__file__).parent / "data" / "projectaon"
XML = DATA / "ember-tower.xml"
RULES = DATA / "ember-tower.rules.toml"


def imported(overlay: bool = True) -> ImportReport:
    return import_projectaon(XML, RULES if overlay else None)


def aon(sections: str, doctype: str = "", encoding: str = "UTF-8", prolog: str = "") -> bytes:
    """A minimal book in Project Aon's shape around the given numbered sections."""
    text = (
        f'<?xml version="1.0" encoding="{encoding}"?>\n'
        f'<!DOCTYPE gamebook SYSTEM "gamebook.dtd"{" [" + doctype + "]" if doctype else ""}>\n'
        f"{prolog}"
        '<gamebook version="0.12"><meta><title>Small</title></meta>\n'
        '<section id="title"><data><section class="numbered" id="numbered"><data>\n'
        f"{sections}\n"
        "</data></section></data></section></gamebook>\n"
    )
    return text.encode("latin-1" if encoding.upper().startswith("ISO") else "utf-8")


def sect(n: int, body: str) -> str:
    return (
        f'<section class="numbered" id="sect{n}"><meta><title>{n}</title></meta><data>{body}</data></section>'
    )


ONE = sect(1, '<p>Start.</p><choice idref="sect2"><link-text>Turn to 2</link-text>.</choice>')
TWO = sect(2, "<p>The end.</p><deadend>Dead.</deadend>")


def small(extra: str = "", doctype: str = "", **kw: Any) -> ImportReport:
    return import_projectaon_bytes(aon(ONE + TWO + extra, doctype), **kw)


# --- the test book -----------------------------------------------------------------------------------


def test_book_and_sections() -> None:
    b = imported().book
    assert b.book.title == "The Ember Tower"
    assert b.book.author == "The grognard authors"
    assert b.book.system == "grey-star"
    assert b.book.start == "1"
    assert list(b.sections) == [str(n) for n in range(1, 13)]


def test_text_is_plain_with_entities_rendered() -> None:
    s = imported().book.sections
    assert s["1"].text == (
        "The ferry leaves you on the black shingle below the Ember Tower. Séra, the ferrywoman, points "
        "her pole at the cliff\u2014two ways lead up\u2026\n\nYour WILLPOWER hums in the Staff\u2019s core."
    )
    assert s["3"].text.endswith(":\n\n- the upper rune is a flame;\n- the lower rune is a closed eye.")
    assert s["9"].text.startswith(
        "Beyond the glass door an Ash Wraith rises from the hearth. \u2018None pass,\u2019"
    )
    assert s["10"].text.endswith("carved: \u2018Only the patient read.\u2019")  # from ember-signs.mod
    assert s["11"].text.endswith("lullaby.\n\nEmber bright,\nsleep tonight.")
    assert s["8"].text.startswith("Ember Chamber\n\nA round chamber.")


def test_choices_stay_out_of_the_text_and_pictures_are_left_out() -> None:
    s = imported().book.sections
    assert "turn to" not in s["1"].text.lower()
    assert "Turn to 8" not in s["5"].text
    assert "small5.png" not in s["5"].text and "nobody" not in s["5"].text


def test_choices_and_targets() -> None:
    s = imported(overlay=False).book.sections
    assert [(c.text, c.target) for c in s["1"].choices] == [
        ("If you wish to climb the carved stair, turn to 2.", "2"),
        ("If you would rather follow the goat path around the cliff, turn to 3.", "3"),
    ]
    assert [c.target for c in s["2"].choices] == ["4", "5"]
    assert s["2"].choices[0].text == "If the number you have picked is 0\u20134, turn to 4."
    assert [(c.text, c.target) for c in s["5"].choices] == [("Turn to 8.", "8")]


def test_combats_become_fights() -> None:
    s = imported(overlay=False).book.sections
    fight = s["4"].fight
    assert fight is not None
    assert [(c.name, c.stats) for c in fight.creatures] == [
        ("Stone Sentinel", {"COMBAT_SKILL": 15, "ENDURANCE": 20})
    ]
    assert fight.win == "8" and s["4"].choices == ()
    wraith = s["9"].fight
    assert wraith is not None and wraith.creatures[0].stats == {"COMBAT_SKILL": 17, "ENDURANCE": 18}
    assert wraith.win is None and [c.target for c in s["9"].choices] == ["11", "10"]


def test_dead_end_and_unmarked_ending() -> None:
    report = imported(overlay=False)
    s = report.book.sections
    assert s["7"].ending == "death" and s["7"].text.endswith("Your quest ends here.")
    assert s["12"].ending == "ended"
    assert any(w.startswith("section 12: no choice and no <deadend>") for w in report.warnings)
    assert any(w.startswith("section 9: a fight and 2 choices") for w in report.warnings)
    assert [sid for sid, sec in s.items() if sec.ending] == ["7", "12"]


def test_overlay_merges() -> None:
    report = imported()
    assert report.warnings == ()
    s = report.book.sections
    test = s["2"].test
    assert test is not None and test.kind == "random"
    assert [(r.min, r.max, r.target) for r in test.ranges] == [(0, 4, "4"), (5, 9, "5")]
    assert s["2"].choices == ()
    assert [c.condition for c in s["3"].choices] == [
        Condition(power="Sorcery"),
        Condition.model_validate({"not": {"power": "Sorcery"}}),
    ]
    assert s["8"].choices[0].condition == Condition(item="Glass Key") and s["8"].choices[1].condition is None
    fight = s["9"].fight
    assert fight is not None
    assert (fight.win, fight.escape, fight.modifiers) == ("11", "10", {"immune_to_staff": True})
    assert s["9"].choices == ()
    assert [e.model_dump(exclude_defaults=True) for e in s["4"].effects] == [{"stat": "ENDURANCE", "add": -2}]
    assert [e.item for e in s["5"].effects] == ["Glass Key"]
    assert s["12"].ending == "victory"
    assert report.book.book.items == {"Glass Key": {"special": True}}


def _ruleset() -> Ruleset:
    from grognard.systems.grey_star.ruleset import GS_RULES

    return GS_RULES


def test_the_book_passes_the_checker() -> None:
    assert check_book(imported().book, _ruleset()) == []


def test_the_checker_sees_what_the_overlay_must_fix() -> None:
    problems = check_book(imported(overlay=False).book, _ruleset())
    assert problems == []  # plain choices everywhere: sound, just without rules
    broken = import_projectaon_bytes(
        XML.read_bytes(),
        str(XML),
        DATA,
        parse_overlay('[sections.3.choices.1]\ncondition = { power = "Flight" }'),
    )
    assert [p.render() for p in check_book(broken.book, _ruleset())] == [
        "section 3, choices[1].condition: unknown power 'Flight' (known: Alchemy, Elementalism, Enchantment, "
        "Evocation, Necromancy, Physiurgy, Prophecy, Psychomancy, Sorcery, Telergy, Thaumaturgy, Theurgy, "
        "Visionary)"
    ]


def test_toml_round_trip(tmp_path: Path) -> None:
    b = imported().book
    assert parse_book(dump_book(b)) == b
    out = tmp_path / "ember.toml"
    out.write_text(dump_book(b), encoding="utf-8")
    assert load_book(out) == b


# --- reading -----------------------------------------------------------------------------------------


def test_iso_8859_1_and_utf_8() -> None:
    latin = import_projectaon_bytes(
        aon(sect(1, "<p>Caf\u00e9.</p><deadend>x</deadend>"), encoding="ISO-8859-1")
    )
    assert b"Caf\xe9" in aon(sect(1, "<p>Caf\u00e9.</p>"), encoding="ISO-8859-1")
    assert latin.book.sections["1"].text.startswith("Caf\u00e9.")
    utf = import_projectaon_bytes(aon(sect(1, "<p>Caf\u00e9.</p><deadend>x</deadend>")))
    assert utf.book.sections["1"].text.startswith("Caf\u00e9.")
    bad = aon(sect(1, "<p>Caf\u00e9.</p>")).replace("Caf\u00e9".encode(), b"Caf\xe9")
    with pytest.raises(ContentError, match=r"line 5: byte 0xe9 is not valid utf-8"):
        import_projectaon_bytes(bad)


def test_malformed_xml_names_line_and_column() -> None:
    data = aon(ONE + "\n\n" + sect(2, "<p>Unclosed <em>here.</p>"))
    with pytest.raises(ContentError) as err:
        import_projectaon_bytes(data, "bad.xml")
    assert err.value.file == "bad.xml"
    assert err.value.location.startswith("line 7, column ")
    assert "malformed XML: mismatched tag" in str(err.value)


def test_unknown_entity_is_a_visible_placeholder_and_a_warning() -> None:
    report = small(sect(3, "<p>A &mystery; and &mystery; again.</p>"))
    assert report.book.sections["3"].text == "A [?mystery] and [?mystery] again."
    assert [w for w in report.warnings if "mystery" in w] == [
        "line 5: unknown entity &mystery; (2 uses) shown as [?mystery]"
    ]


def test_declared_entities_win_over_the_table_and_may_hold_markup() -> None:
    doctype = '<!ENTITY mdash "--"><!ENTITY hero "<em>Grey Star</em>"><!ENTITY greeting "Hail, &hero;">'
    report = small(sect(3, "<p>&greeting; &mdash; &ndash;</p>"), doctype)
    assert report.book.sections["3"].text == "Hail, Grey Star -- \u2013"


def test_unmapped_elements_and_odd_choices_are_reported() -> None:
    body = (
        "<p>Look.</p><riddle>What walks <em>on</em> four legs?</riddle>"
        '<choice idref="map">See the map.</choice>'
    )
    report = small(sect(3, body))
    assert report.book.sections["3"].text == "Look.\n\nWhat walks on four legs?"
    assert report.book.sections["3"].choices == ()
    assert "unmapped element <riddle> (sections 3): its text kept as plain text" in report.warnings
    assert "section 3: a choice to 'map', not a numbered section; left out" in report.warnings


def test_combat_attributes_that_are_not_numbers_are_reported() -> None:
    combat = (
        "<combat><enemy>Shade</enemy><enemy-attribute class='combatskill'>many</enemy-attribute>"
        "<enemy-attribute class='target'>9</enemy-attribute></combat>"
    )
    report = small(sect(3, combat + "<choice idref='sect1'>Turn to 1.</choice>"))
    fight = report.book.sections["3"].fight
    assert fight is not None and fight.creatures[0].stats == {}
    assert "section 3: combatskill of Shade is 'many', not a number; left out" in report.warnings
    assert "section 3: combat attribute 'target' of Shade left out" in report.warnings
    assert "section 3: Shade has no COMBAT_SKILL, ENDURANCE" in report.warnings


# --- refusals ----------------------------------------------------------------------------------------


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, list[Path]]:
    """A book folder with a secret file beside it (outside it); every file opened through Path.open."""
    (tmp_path / "secret.txt").write_text("SECRET-7f3a", encoding="utf-8")
    folder = tmp_path / "book"
    folder.mkdir()
    opened: list[Path] = []
    real_open = pathlib.Path.open

    def spy(self: Path, *args: Any, **kwargs: Any) -> Any:
        opened.append(self.resolve())
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(pathlib.Path, "open", spy)
    return folder, opened


@pytest.mark.parametrize(
    "system",
    [
        "../secret.txt",
        "http://example.invalid/secret.txt",
        "file:../secret.txt",
        "SECRET_ABS",
        "sub/../../secret.txt",
    ],
)
def test_external_entities_outside_the_folder_are_never_read(
    outside: tuple[Path, list[Path]], system: str
) -> None:
    folder, opened = outside
    secret = folder.parent / "secret.txt"
    system = str(secret) if system == "SECRET_ABS" else system
    book = folder / "book.xml"
    book.write_bytes(small_bytes(f'<!ENTITY leak SYSTEM "{system}">', "<p>&leak;</p>"))
    with pytest.raises(ContentError, match=r"entity leak points to .*: not read") as err:
        import_projectaon(book)
    assert "SECRET-7f3a" not in str(err.value)
    assert secret.resolve() not in opened
    assert book.resolve() in opened


def test_a_link_out_of_the_folder_is_not_followed(outside: tuple[Path, list[Path]]) -> None:
    folder, opened = outside
    link = folder / "inside.ent"
    link.symlink_to(folder.parent / "secret.txt")
    book = folder / "book.xml"
    book.write_bytes(small_bytes('<!ENTITY leak SYSTEM "inside.ent">', "<p>&leak;</p>"))
    with pytest.raises(ContentError, match="outside the book's folder"):
        import_projectaon(book)
    assert (folder.parent / "secret.txt").resolve() not in opened


def test_parameter_entities_outside_the_folder_are_refused(outside: tuple[Path, list[Path]]) -> None:
    folder, opened = outside
    book = folder / "book.xml"
    book.write_bytes(small_bytes('<!ENTITY % mod SYSTEM "../secret.txt"> %mod;', "<p>x</p>"))
    with pytest.raises(ContentError, match=r"entity mod points to '\.\./secret\.txt'"):
        import_projectaon(book)
    assert (folder.parent / "secret.txt").resolve() not in opened


def test_an_entity_file_in_the_folder_is_read(tmp_path: Path) -> None:
    (tmp_path / "words.ent").write_text("<em>kind</em> words", encoding="utf-8")
    book = tmp_path / "book.xml"
    book.write_bytes(small_bytes('<!ENTITY words SYSTEM "words.ent">', "<p>Some &words;.</p>"))
    assert import_projectaon(book).book.sections["3"].text == "Some kind words."
    assert import_projectaon_bytes(book.read_bytes()).book.sections["3"].text == "Some [?words]."


def small_bytes(doctype: str, body: str) -> bytes:
    return aon(ONE + TWO + sect(3, body + "<deadend/>"), doctype)


def test_billion_laughs_is_refused() -> None:
    levels = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10)
    ]
    with pytest.raises(ContentError, match="entity expansion passes"):
        small(sect(3, "<p>&lol9;</p>"), "".join(levels))


def test_quadratic_blowup_is_refused() -> None:
    doctype = f'<!ENTITY big "{"x" * 50_000}">'
    with pytest.raises(ContentError, match="entity expansion passes"):
        small(sect(3, "<p>" + "&big;" * 100 + "</p>"), doctype)


def test_recursive_entities_are_refused() -> None:
    with pytest.raises(ContentError, match="refers to itself"):
        small(sect(3, "<p>&a;</p>"), '<!ENTITY a "x&b;"><!ENTITY b "&a;">')


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"<html><body/></html>", "the root element is <html>, not <gamebook>"),
        (b'<gamebook><section class="numbered" id="numbered"><data/></section></gamebook>', "no numbered"),
        (b'<gamebook><section class="numbered" id="s1"><data/></section></gamebook>', "is not sectN"),
        (b'<?xml version="1.0" encoding="EBCDIC"?><gamebook/>', "encoding 'ebcdic' is not read"),
        (b"\xff\xfe<\x00g\x00", "UTF-16 is not read"),
        (b'<!DOCTYPE gamebook [ <!ENTITY x "1"> <gamebook/>', "unexpected"),
        (b'<!DOCTYPE gamebook [ <!ENTITY x "1"> ]<gamebook/>', "does not end with"),
        (b"<gamebook/><!DOCTYPE again>", "malformed XML"),
    ],
)
def test_bad_files_are_refused(data: bytes, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        import_projectaon_bytes(data, "x.xml")


def test_overlay_keys_naming_nothing_are_errors() -> None:
    overlay = parse_overlay(
        "[sections.99]\nending = 'victory'\n[sections.3.choices.5]\ndrop = true\n"
        "[sections.1.fight]\nwin = '2'\n"
    )
    with pytest.raises(ContentError) as err:
        import_projectaon_bytes(XML.read_bytes(), str(XML), DATA, overlay, "ember.rules.toml")
    assert err.value.file == "ember.rules.toml"
    assert "sections.99" in err.value.reason
    assert "sections.3.choices.5" in err.value.reason
    assert "sections.1.fight (the section has no <combat>; give creatures)" in err.value.reason
    assert "sections.3," not in err.value.reason


def test_overlay_start_must_exist() -> None:
    with pytest.raises(ContentError, match="no section '40'"):
        import_projectaon_bytes(XML.read_bytes(), overlay=parse_overlay("[book]\nstart = '40'\n"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[sections.3]\nendng = 'victory'\n", "unknown field 'endng'"),
        ("[sections.3]\nending = 'won'\n", "section 3"),
        ("[sections.3.test]\nkind = 'random'\n", "needs either branches or ranges"),
        ("format = 2\n", "overlay format 2"),
        ("[sections.3\n", "not valid TOML"),
    ],
)
def test_bad_overlays_are_refused(text: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        parse_overlay(text, "r.toml")


def test_overlay_can_drop_retarget_and_replace_creatures() -> None:
    overlay = parse_overlay(
        "[sections.1.choices.1]\ntarget = '3'\ntext = 'Go round.'\n"
        "[sections.3.fight]\nwin = '2'\ncreatures = [{ name = 'Gull', COMBAT_SKILL = 3, ENDURANCE = 2 }]\n"
        "[sections.3.choices.2]\ndrop = true\n"
    )
    extra = sect(3, "<p>Birds.</p><choice idref='sect1'>Back.</choice><choice idref='sect2'>On.</choice>")
    report = small(extra, overlay=overlay)
    s = report.book.sections
    assert [(c.text, c.target) for c in s["1"].choices] == [("Go round.", "3")]
    fight = s["3"].fight
    assert fight is not None and fight.creatures[0].stats == {"COMBAT_SKILL": 3, "ENDURANCE": 2}
    assert fight.win == "2" and [c.target for c in s["3"].choices] == ["1"]


def test_missing_files_are_content_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the book"):
        import_projectaon(tmp_path / "none.xml")
    with pytest.raises(ContentError, match="cannot read the overlay"):
        import_projectaon(XML, tmp_path / "none.toml")


# --- property tests ----------------------------------------------------------------------------------


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_give_only_content_errors(data: bytes) -> None:
    try:
        report = import_projectaon_bytes(data)
    except ContentError:
        return
    assert isinstance(report.book, Book)


@settings(max_examples=200, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.data())
def test_damaged_books_give_a_book_or_a_content_error(data: st.DataObject) -> None:
    raw = bytearray(XML.read_bytes())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at : at + data.draw(st.integers(0, 3))] = data.draw(st.binary(max_size=3))
    try:
        report = import_projectaon_bytes(bytes(raw), str(XML), DATA)
    except ContentError:
        return
    assert report.book.sections


def test_the_documented_overlays_parse() -> None:
    doc = Path(__file__).parents[2] / "docs" / "formats" / "projectaon-overlay.md"
    blocks = doc.read_text(encoding="utf-8").split("```toml\n")[1:]
    overlays = [b.split("```")[0] for b in blocks[:2]]
    reference = parse_overlay(overlays[0])
    assert reference.sections["N"].fight is not None
    assert reference.sections["N"].fight.modifiers == {"immune_to_staff": True}
    example = parse_overlay(overlays[1])
    report = import_projectaon_bytes(XML.read_bytes(), str(XML), DATA, example)
    assert report.book.sections["3"].choices[0].condition == Condition(power="Sorcery")


def test_text_that_the_format_forbids_is_defused() -> None:
    report = small(sect(3, "<p>[[x]] &lt;!-- y --&gt;</p><choice idref='sect1'>Back [[now]].</choice>"))
    section = report.book.sections["3"]
    assert section.text == "[ [x] ] <! -- y -- >"
    assert section.choices[0].text == "Back [ [now] ]."


def test_deeply_nested_markup_is_refused_cleanly() -> None:
    deep = "<em>" * 20_000 + "x" + "</em>" * 20_000
    with pytest.raises(ContentError, match="nested too deep"):
        small(sect(3, f"<p>{deep}</p><deadend/>"))
