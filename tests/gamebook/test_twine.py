"""Stories written in Twine (not by grognard) import as Twine plays them: comments, special passages,
the start, endings, links and the navigation macros of Harlowe, SugarCube, Chapbook and Snowman,
Twine 2 and Twine 1 HTML, and one clear line for a file that is no story."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.load import BookLoadError, load_book
from grognard.gamebook.model import Book
from grognard.gamebook.twee import import_twee_report, parse_header
from grognard.gamebook.twine_import import NotAStoryError, import_story
from grognard.gamebook.twine_story import SPECIAL_NAMES, SPECIAL_TAGS, StoryImport
from tests.cli.helpers import grognard
from tests.gamebook.helpers import DATA
from tests.gamebook.toy import TOY_RULES

STORIES = DATA / "twine"


def twee(text: str, fmt: str = "") -> StoryImport:
    head = f':: StoryData\n{{"format": "{fmt}"}}\n\n' if fmt else ""
    return import_twee_report(head + text, "t.twee", "toy-gb")


def choices(b: Book, sid: str) -> list[tuple[str, str]]:
    return [(c.text, c.target) for c in b.sections[sid].choices]


def test_comments_are_stripped_with_the_links_inside_them() -> None:
    r = twee(":: Start\nA <!-- note [[Hidden]] --> room.\n<!--\n[[Also]]\n-->\n[[Out]]\n\n:: Out\nDone.")
    assert r.book.sections["Start"].text == "A  room."
    assert choices(r.book, "Start") == [("Out", "Out")]


def test_sugarcube_block_comments_are_stripped() -> None:
    r = twee(":: Start\nA /* one */ room /% two %/ here. [[Out]]\n\n:: Out\nx", "SugarCube")
    assert r.book.sections["Start"].text == "A  room  here. Out"


def test_harlowe_nested_hooks_are_accepted() -> None:
    r = twee(":: Start\n(if: $a)[One (if: $b)[two (if: $c)[three]]]\n[[Out]]\n\n:: Out\nx", "Harlowe")
    text = r.book.sections["Start"].text
    assert text == "One two three"  # the code goes, the prose of every hook stays
    assert choices(r.book, "Start") == [("Out", "Out")]


def test_harlowe_link_inside_a_hook_is_a_choice_and_the_code_goes() -> None:
    r = twee(":: Start\n(else:)[[[Go->Out]]] and on\n\n:: Out\nx", "Harlowe")
    assert r.book.sections["Start"].text == "Go and on"
    assert choices(r.book, "Start") == [("Go", "Out")]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        (':: StoryData\n{"start": "B"}\n\n:: A\n[[B]]\n\n:: B\n[[A]]\n\n:: Start\n[[A]]', "B"),
        (":: StoryInit\nsetup\n\n:: A\n[[Start]]\n\n:: Start\n[[A]]", "Start"),
        (":: StoryAuthor\nme\n\n:: A\n[[B]]\n\n:: B\nend", "A"),
    ],
)
def test_the_start_is_storydata_then_a_passage_named_start_then_the_first(text: str, start: str) -> None:
    assert twee(text).book.book.start == start


def test_a_start_that_names_no_passage_falls_back_with_a_warning() -> None:
    r = twee(':: StoryData\n{"start": "1"}\n\n:: A\nx\n\n:: Start\n[[A]]')
    assert r.book.book.start == "Start"
    assert any("'1' does not exist" in w for w in r.warnings)


@pytest.mark.parametrize("name", sorted(SPECIAL_NAMES - {"GrognardBook"}))
def test_special_passages_are_not_sections(name: str) -> None:
    r = twee(f":: {name}\n[[Start]]\n\n:: Start\nThe only page.")
    assert set(r.book.sections) == {"Start"}


@pytest.mark.parametrize("tag", sorted(SPECIAL_TAGS))
def test_passages_with_special_tags_are_not_sections(tag: str) -> None:
    r = twee(f":: Thing [{tag}]\n[[Start]]\n\n:: Start\nThe only page.")
    assert set(r.book.sections) == {"Start"}


def test_a_passage_with_no_link_is_an_ending_with_a_warning() -> None:
    r = twee(":: Start\nGo [[on->End]].\n\n:: End\nThe end.")
    assert r.book.sections["End"].ending == "ended"
    assert r.book.sections["Start"].ending is None
    assert any("no link are endings: 'End'" in w for w in r.warnings)
    assert check_book(r.book, TOY_RULES) == []


def test_an_ending_tag_is_kept() -> None:
    r = twee(":: Start\n[[End]]\n\n:: End [death]\nYou die.")
    assert r.book.sections["End"].ending == "death"


def test_url_links_stay_text() -> None:
    r = twee(
        ":: Start\nSee [[the map|https://example.org/map]] and [[http://example.org]]. [[On]]\n\n:: On\nx"
    )
    assert r.book.sections["Start"].text == "See the map and http://example.org. On"
    assert choices(r.book, "Start") == [("On", "On")]


def test_several_links_on_one_line() -> None:
    r = twee(":: Start\nWhich way?\n[[North|n]] | [[South|so]]\n\n:: n\nx\n\n:: so\ny")
    assert r.book.sections["Start"].text == "Which way?"
    assert choices(r.book, "Start") == [("North", "n"), ("South", "so")]


def test_link_forms() -> None:
    r = twee(":: Start\n[[a->b->B]] [[C<-c<-d]] [[e|E][$x to 1]] [[F]]\n\n:: B\n\n:: C\n\n:: E\n\n:: F\n")
    assert choices(r.book, "Start") == [("a->b", "B"), ("c<-d", "C"), ("e", "E"), ("F", "F")]


HARLOWE = """:: Start
(link-goto: "Two", "B") (link-goto: "C") (goto: 'D') (redirect: "E")
(click-goto: ?x, "F") (mouseover-goto: "G") (link-reveal-goto: "Eight", "H")[hook]
(link: "Nine")[(set: $a to 1)(goto: "I")] (goto: $place) (set: $b to 2) (set: $c to 3)
"""


def test_harlowe_navigation_macros_become_choices() -> None:
    r = twee(HARLOWE + "".join(f"\n:: {p}\nx\n" for p in "BCDEFGHI"), "Harlowe 3.3.9")
    assert choices(r.book, "Start") == [
        ("Two", "B"),
        ("C", "C"),
        ("D", "D"),
        ("E", "E"),
        ("F", "F"),
        ("G", "G"),
        ("Eight", "H"),
        ("Nine", "I"),
    ]
    text = r.book.sections["Start"].text
    assert text == "Eight[hook]"  # no (set:), no (goto: $place): code is not printed
    macro_warnings = [w for w in r.warnings if "Harlowe" in w]
    said = ": story-format code not played, taken out of the text (1 passage(s), first 'Start')"
    assert macro_warnings == [
        f"Harlowe (link:){said}",
        f"Harlowe (set:){said}",
        f"Harlowe (goto:) to a computed passage{said}",
    ]


SUGARCUBE = """:: Start
<<link "One" "A">><</link>> <<link [[Two|B]]>><</link>> <<button "Three" "C">><</button>>
<<click "Four" "D">><</click>> <<goto "E">> <<goto [[F]]>>
<<actions "G" [[Eight|H]]>> <<choice "I" "Ten">>
<<link "Eleven">><<set $x to 1>><<goto "J">><</link>>
<<goto $where>> <<set $y to 1>> [[Back|previous()]]
"""


def test_sugarcube_navigation_macros_become_choices() -> None:
    r = twee(SUGARCUBE + "".join(f"\n:: {p}\nx\n" for p in "ABCDEFGHIJ"), "SugarCube")
    assert choices(r.book, "Start") == [
        ("One", "A"),
        ("Two", "B"),
        ("Three", "C"),
        ("Four", "D"),
        ("E", "E"),
        ("F", "F"),
        ("G", "G"),
        ("Eight", "H"),
        ("Ten", "I"),
        ("Eleven", "J"),
    ]
    assert r.book.sections["Start"].text == "[ [Back|previous()] ]"  # no <<set>>, no <<goto $where>>
    assert sum("<<set>>" in w for w in r.warnings) == 1
    assert any("<<goto>> to a computed passage" in w for w in r.warnings)
    assert any("link to a computed passage" in w for w in r.warnings)


def test_chapbook_and_snowman_navigation() -> None:
    chap = twee(
        ":: Start\nv: 1\n--\n{link to: 'A', label: 'Go'} {link to: \"B\"} {back link}\n\n:: A\n\n:: B\n",
        "Chapbook",
    )
    assert choices(chap.book, "Start") == [("Go", "A"), ("B", "B")]
    assert chap.book.sections["Start"].text == ""  # a line of links only, once {back link} is gone
    assert any("Chapbook {back link}" in w for w in chap.warnings)
    snow = twee(
        ':: Start\n<a data-passage="A">Into A</a> <% story.show("B") %>\n'
        "<button onclick=\"story.show('C')\">C</button>\n\n:: A\n\n:: B\n\n:: C\n",
        "Snowman",
    )
    assert choices(snow.book, "Start") == [("Into A", "A"), ("B", "B"), ("C", "C")]


def test_macros_of_another_format_are_plain_text() -> None:
    r = twee(":: Start\n(note: no macro here) <<not this>> [[On]]\n\n:: On\nx", "Chapbook")
    assert r.book.sections["Start"].text == "(note: no macro here) <<not this>> On"
    assert not any("kept as plain text" in w for w in r.warnings)


def test_embedded_passages_are_not_sections() -> None:
    r = twee(':: Start\n(display: "Part")[[On]]\n\n:: Part\nshown inside\n\n:: On\nx', "Harlowe")
    assert set(r.book.sections) == {"Start", "On"}
    assert any("only shown inside others" in w for w in r.warnings)


def test_a_goto_inside_an_embedded_passage_leads_on_from_the_page_showing_it() -> None:
    r = twee(
        ':: Start\n(display: "Clock")\n[[Wait]]\n\n:: Clock\n(live: 1s)[(goto: "Late")]'
        '\n\n:: Wait\n(display: "Clock")\n\n:: Late\nToo late.',
        "Harlowe",
    )
    assert choices(r.book, "Start") == [("Wait", "Wait"), ("Late", "Late")]
    assert choices(r.book, "Wait") == [("Late", "Late")]
    assert "Clock" not in r.book.sections
    assert check_book(r.book, TOY_RULES) == []


def test_passages_only_named_in_the_story_code_are_not_sections() -> None:
    r = twee(
        ':: Code [script]\n$("#hud").html(story.render("HUD"));\n\n:: Start\nHello.\n\n:: HUD\nHP: 3',
        "Snowman",
    )
    assert set(r.book.sections) == {"Start"}
    assert any("only named in the story's code" in w and "'HUD'" in w for w in r.warnings)
    html = (
        '<tw-storydata name="S" startnode="1" format="Snowman"><script role="script">'
        'show(\'Side\');</script><tw-passagedata pid="1" name="Start">Hi.</tw-passagedata>'
        '<tw-passagedata pid="2" name="Side">side</tw-passagedata></tw-storydata>'
    )
    assert set(import_story(html.encode(), "s.html", "toy-gb").book.sections) == {"Start"}


def test_names_that_cannot_be_ids_are_mended_and_links_follow() -> None:
    r = twee(":: Start\n[[Up|a <b>]] [[x|y{z}]]\n\n:: a <b>\nx\n\n:: y\\{z\\}\ny")
    assert choices(r.book, "Start") == [("Up", "a _b_"), ("x", "y_z_")]
    assert check_book(r.book, TOY_RULES) == []


def test_a_story_with_only_special_passages_is_refused() -> None:
    with pytest.raises(BookLoadError, match="no passage to play"):
        twee(":: StoryTitle\nT\n\n:: StoryInit\nx")


@pytest.mark.parametrize("path", sorted(STORIES.iterdir()), ids=lambda p: p.name)
def test_each_kind_of_story_imports(path: Path) -> None:
    report = import_story(path.read_bytes(), str(path), "toy-gb")
    assert check_book(report.book, TOY_RULES) == []
    warnings = [p.message for p in check_warnings(report.book)]
    if path.name == "harlowe_computed.twee":
        assert warnings == ["unreachable from the start section Start"]
    else:
        assert "unreachable from the start section Start" not in warnings


def test_published_html_skips_the_story_format_and_the_user_script() -> None:
    r = import_story((STORIES / "harlowe_published.html").read_bytes(), "w.html", "toy-gb")
    b = r.book
    assert b.book.title == "The Well"
    assert b.book.start == "Top"
    assert list(b.sections) == ["Bottom", "Top", "Away"]
    assert b.sections["Bottom"].text == "The rope snaps & you fall."
    assert b.sections["Bottom"].ending == "death"
    assert choices(b, "Top") == [("Climb down", "Bottom"), ("walk away", "Away")]
    assert "deep" not in b.sections["Top"].text


def test_an_archive_imports_its_first_story_and_says_so() -> None:
    r = import_story((STORIES / "sugarcube_archive.html").read_bytes(), "a.html", "toy-gb")
    assert r.book.book.title == "Archive One"
    assert "StoryInit" not in r.book.sections
    assert r.warnings[0].startswith("the archive holds 2 stories")


def test_a_twine_1_file_imports() -> None:
    b = import_story((STORIES / "twine1_published.html").read_bytes(), "o.html", "toy-gb").book
    assert b.book.title == "Old Story"
    assert list(b.sections) == ["Start", "Attic", "Roof"]
    assert b.sections["Start"].text.split("\n")[:2] == ["A cellar.", "A ladder goes up."]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"%PDF-1.7 ...", "a PDF document"),
        (b"PK\x03\x04rest", "a ZIP archive"),
        (b"", "the file is empty"),
        (b"abc\x00def", "a binary file"),
        (b"\xff\xfe:: a", "not UTF-8"),
        (b'<?xml version="1.0"?>\n<gamebook>', "grognard gs import"),
        (b'<?xml version="1.0"?>\n<Quest name="x">', "grognard hq import"),
        (b"<!DOCTYPE html><html><body>hello</body></html>", "no <tw-storydata>"),
        (b'{"moves": []}', "a JSON file"),
        (b"Once upon a time.", "no passage header"),
        (b'[book]\ntitle = "x"', "a grognard book (TOML)"),
    ],
)
def test_another_file_is_refused_in_one_line(data: bytes, says: str) -> None:
    with pytest.raises(NotAStoryError) as info:
        import_story(data, "f", "toy-gb")
    message = str(info.value)
    assert says in message and "\n" not in message


def test_the_hanging_header_is_read_at_once() -> None:
    line = ":: a" + " " * 600 + "["
    assert parse_header(line) == ("a" + " " * 600 + "[", [])
    began = time.perf_counter()
    b = twee((line + "\n[[b]]\n\n:: b\nx\n") * 200).book
    assert time.perf_counter() - began < 2
    assert "b" in b.sections


def test_headers_with_escapes_tags_and_metadata() -> None:
    assert parse_header(r':: A \[x\] [t1 t2] {"position":"1,1"}') == ("A [x]", ["t1", "t2"])
    assert parse_header(":: Name{") == (":: Name{"[3:], [])


def test_load_book_reads_twine_html(tmp_path: Path) -> None:
    path = tmp_path / "story.html"
    path.write_bytes((STORIES / "harlowe_published.html").read_bytes())
    assert load_book(path, "toy-gb").book.title == "The Well"


def test_the_command_imports_html_and_refuses_a_pdf(tmp_path: Path) -> None:
    out = tmp_path / "book.toml"
    ran = grognard("ff", "twee-import", str(STORIES / "harlowe_published.html"), "-o", str(out))
    assert ran.code == 0, ran.err
    assert "warning: 1 passage(s) with no link are endings: 'Away'" in ran.err
    assert 'title = "The Well"' in out.read_text(encoding="utf-8")
    pdf = tmp_path / "story.pdf"
    pdf.write_bytes(b"%PDF-1.4 binary")
    ran = grognard("ff", "twee-import", str(pdf))
    assert ran.code == 2
    assert ran.err.count("\n") == 1 and "a PDF document, not a Twine story" in ran.err
    ran = grognard("ff", "check", str(STORIES / "harlowe_published.html"))
    assert ran.code == 0, ran.out + ran.err


def test_sugarcube_code_is_taken_out_and_its_prose_kept() -> None:
    r = twee(
        ":: Start\n<<set $gold to 5>>You have <<if $gold > 1>>some gold<<else>>nothing<</if>>.\n"
        "<<script>>state.x = 1;<</script>>[[On]]\n\n:: On\nx",
        "SugarCube",
    )
    assert r.book.sections["Start"].text == "You have some goldnothing."
    said = [w for w in r.warnings if "story-format code not played" in w]
    assert [w.split(":")[0] for w in said] == [
        "SugarCube <<set>>",
        "SugarCube <<if>>",
        "SugarCube <<else>>",
        "SugarCube <<script>>",
    ]


def test_harlowe_code_in_a_story_of_no_known_format_goes_but_prose_in_brackets_stays() -> None:
    r = twee(":: Start\n(set: $key to true)A key (if: $key)[glints]. (see: the map)\n[[On]]\n\n:: On\nx")
    assert r.book.sections["Start"].text == "A key glints. (see: the map)"
