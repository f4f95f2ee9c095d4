"""Twine as Twine plays it (issue 32): a link to a passage the story lacks is a broken link shown at its
place and a warning, and the rest of the story plays; passages named twice are reported as such and the
last is kept; text and number boxes, image links, buttons and links of every format that name a passage
are choices; computed targets stay text with a warning; a folder of Twee files, and the files a
`StoryIncludes` passage names, are one story."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.load import BookLoadError, load_book
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame
from grognard.gamebook.seat_view import BookViews
from grognard.gamebook.twee import import_twee_report, read_twee, twee_passage
from grognard.gamebook.twine_import import import_story, import_story_file
from grognard.gamebook.twine_story import StoryImport
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from tests.cli.helpers import grognard
from tests.gamebook.helpers import DATA, saved_games
from tests.gamebook.toy import TOY_RULES

BROKEN = DATA / "twine" / "sugarcube_broken.twee"


def twee(text: str, fmt: str = "") -> StoryImport:
    head = f':: StoryData\n{{"format": "{fmt}"}}\n\n' if fmt else ""
    return import_twee_report(head + text, "t.twee", "toy-gb")


def choices(b: Book, sid: str) -> list[tuple[str, str]]:
    return [(c.text, c.target) for c in b.sections[sid].choices]


# --- broken links -----------------------------------------------------------------------------------


def test_a_link_to_a_missing_passage_is_a_broken_link_at_its_place() -> None:
    r = twee(
        ":: Start\nA fork.\n[[Left]]\n[[Right->Rigth]]\nOr wait [[here->Nowhere]] a while.\n\n:: Left\nx"
    )
    assert choices(r.book, "Start") == [("Left", "Left")]
    assert r.book.sections["Start"].text == (
        "A fork.\nRight [broken link: no passage 'Rigth']\n"
        "Or wait here [broken link: no passage 'Nowhere'] a while."
    )
    assert (
        "links to 2 passage(s) the story does not have are broken links, shown in the text and not offered: "
        "'Rigth' (from 'Start'), 'Nowhere' (from 'Start')"
    ) in r.warnings
    assert check_book(r.book, TOY_RULES) == []


@pytest.mark.parametrize(
    ("fmt", "markup", "shown"),
    [
        ("SugarCube", '<<link "Go" "Gone">><</link>>', "Go [broken link: no passage 'Gone']"),
        ("SugarCube", "<<button [[Go|Gone]]>><</button>>", "Go [broken link: no passage 'Gone']"),
        ("SugarCube", '<<goto "Gone">>', "[broken link: no passage 'Gone']"),
        ("SugarCube", "[img[a sign|s.png][Gone]]", "a sign [broken link: no passage 'Gone']"),
        (
            "SugarCube",
            '<<textbox "$n" "" "Gone">>',
            "Type an answer and go on [broken link: no passage 'Gone']",
        ),
        ("Harlowe", '(link-goto: "Go", "Gone")', "Go [broken link: no passage 'Gone']"),
        ("Harlowe", '(goto: "Gone")', "[broken link: no passage 'Gone']"),
        ("Chapbook", "{link to: 'Gone', label: 'Go'}", "Go [broken link: no passage 'Gone']"),
        ("Snowman", '<a data-passage="Gone">Go</a>', "Go [broken link: no passage 'Gone']"),
    ],
)
def test_every_kind_of_navigation_to_a_missing_passage_is_a_broken_link(
    fmt: str, markup: str, shown: str
) -> None:
    r = twee(f":: Start\nHere.\n{markup}\n[[On]]\n\n:: On\nx", fmt)
    assert choices(r.book, "Start") == [("On", "On")]
    assert r.book.sections["Start"].text == f"Here.\n{shown}"
    assert any("'Gone' (from 'Start')" in w for w in r.warnings)


def test_a_story_with_broken_links_checks_and_plays(tmp_path: Path) -> None:
    checked = grognard("ff", "check", str(BROKEN), home=tmp_path)
    assert checked.code == 0, checked.out
    assert checked.out.strip().endswith("no problems found (4 warning(s))")
    assert (
        f"{BROKEN}: warning: links to 2 passage(s) the story does not have are broken links, shown in the "
        "text and not offered: 'Smashed' (from 'Door'), 'Shed' (from 'Yard')"
    ) in checked.out
    assert f"{BROKEN}: warning: passage names used more than once: 'Wall' (2 times)" in checked.out
    # (no character made) Door -> (1: the text box) Porch -> (3: Listen) Wall -> (1: Back) Yard -> (1: Climb)
    ran = grognard("ff", "play", str(BROKEN), "--seed", "2", stdin="1\n3\n1\n1\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "potion" not in ran.out.lower() and "SKILL" not in ran.out and "STAMINA" not in ran.out
    door = ran.out.split("Section Door\n", 1)[1].split("Section Porch", 1)[0]
    assert "Break the lock [broken link: no passage 'Smashed']" in door
    assert "1. Type an answer and go on\n" in door and "Smashed)" not in door and "turn to" not in door
    yard = ran.out.split("Section Yard\n", 1)[1]
    assert "Enter the shed [broken link: no passage 'Shed']" in yard
    assert "1. Climb the wall\n" in yard and "2." not in yard.split("Your choice")[0]
    assert yard.count("The wall is too high.") == 1


# --- names used twice ---------------------------------------------------------------------------------


def test_a_name_used_twice_is_reported_as_such_and_the_last_is_kept() -> None:
    r = twee(
        ":: Start\n[[Hall]] [[Yard]]\n\n:: Hall\nfirst\n\n:: Yard\ny\n\n:: Hall\nsecond\n\n:: Hall\nthird"
    )
    assert list(r.book.sections) == ["Start", "Hall", "Yard"]
    assert r.book.sections["Hall"].text == "third"
    assert "passage names used more than once: 'Hall' (3 times); the last of each is kept" in r.warnings
    assert not any("cannot be a section id" in w for w in r.warnings)
    html = (
        '<tw-storydata name="S" startnode="1"><tw-passagedata pid="1" name="Start">[[A]]</tw-passagedata>'
        '<tw-passagedata pid="2" name="A">one</tw-passagedata>'
        '<tw-passagedata pid="3" name="A">two</tw-passagedata></tw-storydata>'
    )
    h = import_story(html.encode(), "s.html", "toy-gb")
    assert h.book.sections["A"].text == "two"
    assert "passage names used more than once: 'A' (2 times); the last of each is kept" in h.warnings


def test_names_that_cannot_be_ids_still_say_so() -> None:
    r = twee(":: Start\n[[a<b]] [[a>b]]\n\n:: a<b\nx\n\n:: a>b\ny")
    assert choices(r.book, "Start") == [("a<b", "a_b"), ("a>b", "a_b (2)")]
    assert "passage 'a>b' is section 'a_b (2)' (its name cannot be a section id)" in r.warnings


# --- navigation that names a passage --------------------------------------------------------------------


def test_sugarcube_boxes_images_buttons_and_links_are_choices() -> None:
    r = twee(
        ':: Start\nName? <<textbox "$name" "Ann" "A" autofocus>> Coins? <<numberbox "$c" 0 "B">>\n'
        "[img[Title|pic.png][C]] [img[pic.png][D][$x to 1]] [<img[left.png][E]] [IMG[F|x.png][F]]\n"
        '<<button "Push" "G">><</button>> <<link "Pull" "H">><</link>> [img[only.png]]\n'
        + "".join(f"\n:: {p}\nx\n" for p in "ABCDEFGH"),
        "SugarCube",
    )
    assert choices(r.book, "Start") == [
        ("Type an answer and go on", "A"),
        ("Type an answer and go on", "B"),
        ("Title", "C"),
        ("D", "D"),
        ("E", "E"),
        ("F", "F"),
        ("Push", "G"),
        ("Pull", "H"),
    ]
    assert r.book.sections["Start"].text == "Name?  Coins?\nPush Pull [img[only.png] ]"


def test_links_of_the_other_formats_are_choices() -> None:
    harlowe = twee(':: Start\n(link-goto: "Onward", "A")\n\n:: A\nx', "Harlowe")
    chapbook = twee(":: Start\n{link to: 'A', label: 'Onward'}\n\n:: A\nx", "Chapbook")
    snowman = twee(':: Start\n<a data-passage="A">Onward</a>\n\n:: A\nx', "Snowman")
    for r in (harlowe, chapbook, snowman):
        assert choices(r.book, "Start") == [("Onward", "A")]


# --- computed targets ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "markup", "kept"),
    [
        ("SugarCube", "<<for _i range $rooms>>[[_temp[_i].title]]<</for>>", "[ [_temp[_i].title] ]"),
        ("SugarCube", "[[Go on|$next]]", "[ [Go on|$next] ]"),
        ("SugarCube", "[img[door.png][$next]]", "[img[door.png][$next] ]"),
        ("Harlowe", "[[Go on->$next]]", "[ [Go on->$next] ]"),
        ("Snowman", "[[Go on-><%= s.next %>]]", "[ [Go on-><%= s.next %>] ]"),
        ("Snowman", "[[<%= s.rooms[s.i].name %>]]", "[ [<%= s.rooms[s.i].name %>] ]"),
        ("", "[[Go on|setup.rooms.first]]", "[ [Go on|setup.rooms.first] ]"),
    ],
)
def test_computed_targets_stay_text_with_a_warning(fmt: str, markup: str, kept: str) -> None:
    r = twee(f":: Start\nHere {markup}\n[[On]]\n\n:: On\nx", fmt)
    assert choices(r.book, "Start") == [("On", "On")]
    assert kept in r.book.sections["Start"].text
    assert any(w.startswith("link to a computed passage kept as plain text") for w in r.warnings)
    assert not any("broken link" in w for w in r.warnings)
    assert check_book(r.book, TOY_RULES) == []


def test_a_passage_named_like_an_expression_is_still_a_choice() -> None:
    r = twee(":: Start\n[[Pay|$5 fee]]\n\n:: $5 fee\nx", "SugarCube")
    assert choices(r.book, "Start") == [("Pay", "$5 fee")]


# --- a story in several files -----------------------------------------------------------------------------


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


PROJECT = {
    "src/00_story.twee": ':: StoryTitle\nSplit\n\n:: StoryData\n{"format": "SugarCube", "start": "Gate"}\n',
    "src/gate.tw": ":: Gate\nA gate. [[Hall]] [[Leave]]\n\n:: Leave\nfirst leave\n",
    "src/rooms/hall.tw3": ":: Hall\nA hall. [[Gate]] [[Tower]]\n",
    "src/rooms/tower.twee": ":: Tower\nThe top. [[Hall]]\n\n:: Leave\nsecond leave\n",
    "src/notes.txt": ":: Ignored\nnot Twee by its name\n",
    "src/.cache/old.tw": ":: Hidden\nnot read\n",
    "src/style.css": "body {}",
}


def test_a_folder_of_twee_files_is_one_story(tmp_path: Path) -> None:
    root = _write(tmp_path, PROJECT) / "src"
    r = import_story_file(root, "toy-gb")
    assert r.book.book.title == "Split" and r.book.book.start == "Gate"
    assert list(r.book.sections) == ["Gate", "Leave", "Hall", "Tower"]
    assert r.book.sections["Leave"].text == "second leave"
    assert r.warnings[0] == "passage 'Leave' of rooms/tower.twee replaces the one of gate.tw"
    assert check_book(r.book, TOY_RULES) == [] and check_warnings(r.book) == []
    assert load_book(root, "toy-gb") == r.book


def test_a_folder_with_no_twee_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(BookLoadError, match=r"no Twee file \(.twee, .tw, .tw3\) in this folder"):
        load_book(tmp_path, "toy-gb")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_out_of_the_folder_is_not_read(tmp_path: Path) -> None:
    outside = _write(tmp_path, {"outside/secret.tw": ":: Secret\nnot to be read\n"})
    root = _write(tmp_path, {"story/start.tw": ":: Start\nHere.\n"}) / "story"
    (root / "link.tw").symlink_to(outside / "outside" / "secret.tw")
    (root / "linked").symlink_to(outside / "outside", target_is_directory=True)
    r = import_story_file(root, "toy-gb")
    assert set(r.book.sections) == {"Start"}
    assert "link.tw leads out of the story's folder: not read" in r.warnings


INCLUDING = {
    "main.twee": ":: StoryIncludes\nparts\nextra.tw\n../outside.tw\n/etc/hostname\nmissing.tw\n\n"
    ":: Start\nBegin. [[Middle]] [[Extra]] [[Deep]]\n\n:: Middle\nmine\n",
    "parts/p1.tw": ":: Middle\ntheirs\n\n:: Deep\ndeep\n",
    "extra.tw": ":: StoryIncludes\nmain.twee\n\n:: Extra\nextra [[Start]]\n",
    "../outside.tw": ":: Outside\nnot to be read\n",
}


def test_story_includes_are_read_from_the_story_folder_only(tmp_path: Path) -> None:
    root = _write(tmp_path / "story", INCLUDING)
    r = import_story_file(root / "main.twee", "toy-gb")
    assert list(r.book.sections) == ["Start", "Middle", "Deep", "Extra"]
    assert r.book.sections["Middle"].text == "mine"
    assert r.warnings[:4] == (
        "passage 'Middle' of parts/p1.tw is left out: main.twee has one of that name",
        "StoryIncludes of main.twee names '../outside.tw', outside the story's folder: not read",
        "StoryIncludes of main.twee names '/etc/hostname', not a path in the story's folder: not read",
        "StoryIncludes of main.twee names 'missing.tw', which does not exist",
    )
    assert check_book(r.book, TOY_RULES) == []
    assert load_book(root / "main.twee", "toy-gb") == r.book


def test_story_includes_not_read_are_said() -> None:
    r = import_story(b":: StoryIncludes\nparts\nextra.tw\n\n:: Start\nHere.\n", "upload.twee", "toy-gb")
    assert set(r.book.sections) == {"Start"}
    assert (
        "StoryIncludes names 2 file(s) that were not read ('parts', 'extra.tw'): give grognard the story's "
        "own file or its folder to read them"
    ) in r.warnings


def test_a_folder_checks_imports_and_plays_from_its_carried_book(tmp_path: Path) -> None:
    root = _write(tmp_path / "work", PROJECT) / "src"
    checked = grognard("ff", "check", str(root), home=tmp_path)
    assert checked.code == 0, checked.out
    assert checked.out.splitlines() == [
        f"{root}: warning: passage 'Leave' of rooms/tower.twee replaces the one of gate.tw",
        f"{root}: warning: 1 passage(s) with no link are endings: 'Leave'",
        f"{root}: no problems found (2 warning(s))",
    ]
    out = tmp_path / "split.toml"
    imported = grognard("ff", "twee-import", str(root), "-o", str(out), home=tmp_path)
    assert imported.code == 0, imported.err
    assert f"{root}: warning: passage 'Leave' of rooms/tower.twee replaces the one of gate.tw" in imported.err
    assert load_book(out) == import_story_file(root, "fighting-fantasy").book
    ran = grognard("ff", "play", str(root), "--seed", "4", stdin="1\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Section Hall" in ran.out
    games = saved_games(tmp_path)
    assert len(games) == 1 and games[0]["title"] == "Split"
    game_id = str(games[0]["id"])
    shown = grognard("games", "show", game_id, home=tmp_path)
    assert "book=src.toml (carried, sha256=" in shown.out.replace("\n", " ").replace("  ", " ")
    for name in os.listdir(root / "rooms"):  # the game carries its book: the files may go
        (root / "rooms" / name).unlink()
    went_on = grognard("ff", "play", str(root), "--game", game_id, stdin="2\nq\n", home=tmp_path)
    assert went_on.code == 0, went_on.err
    assert "Section Tower" in went_on.out


# --- the Twee written back ------------------------------------------------------------------------------


def test_a_passage_written_as_twee_reads_back_the_same() -> None:
    name, tags, text = "A [b] {c} \\d", ("t1", "x]y"), ":: not a header\nline\n\\:: escaped"
    story = read_twee(twee_passage(name, tags, text))
    assert [(p.name, p.tags, p.text) for p in story.passages] == [(name, tags, text)]


# --- a story without the system's rules plays as a story ---------------------------------------------------


def test_a_story_without_rules_makes_no_character_and_one_with_rules_does() -> None:
    story = ":: Start\nA door.\n[[Go in->Dark]]\n\n:: Dark\nDark."
    plain = import_twee_report(story, "t.twee", "fighting-fantasy").book
    rules = '<!-- grognard\neffects = [{ stat = "LUCK", add = -1 }]\n-->\n'
    ruled = import_twee_report(story.replace("A door.", rules + "A door."), "t.twee", "fighting-fantasy").book
    assert plain.book.sheet is False and ruled.book.sheet is True
    assert "sheet" not in ruled.to_data()["book"]  # a book with rules is written as before
    assert GamebookGame(FF_RULES, ruled).new_initial_state({}).phase == "create"
    first = GamebookGame(FF_RULES, plain).new_initial_state({})
    assert first.phase == "choose" and first.section == "Start"  # no SKILL, STAMINA, LUCK, no potion
    sight = BookViews().sight(first, 0)
    assert sight.public["sheet"] == []
    assert [a.label for a in sight.actions] == ["Go in"]  # where it leads is not said


def test_a_numbered_section_is_still_said_as_turn_to() -> None:
    story = ":: 1\nA door.\n[[Go in->2]]\n\n:: 2\nDark."
    first = GamebookGame(FF_RULES, import_twee_report(story, "t.twee", "fighting-fantasy").book)
    sight = BookViews().sight(first.new_initial_state({}), 0)
    assert [a.label for a in sight.actions] == ["Go in (turn to 2)"]
