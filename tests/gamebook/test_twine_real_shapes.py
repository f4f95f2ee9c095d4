"""Twine stories in the shapes real published ones take (issue 32: the survey of real stories,
`benchmarks._real_files_survey`): each story here is our own, written like one that did not play five
choices deep before: a Harlowe changer attached to a link, SugarCube's bare-word `<<goto Launch>>`,
macros the story defines whose arguments name passages, code that moves on from a passage with no link,
SugarCube's quoted link targets and web addresses; and the survey itself (its readers, its limits)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import _real_files_survey as survey
from grognard.engine.dice.core import Rng
from grognard.gamebook.check import check_book
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame
from grognard.gamebook.twee import import_twee_report
from grognard.gamebook.twine_markup import bareword, mask_quotes, split_link
from grognard.gamebook.twine_story import StoryImport, named_by_code
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from tests.gamebook.test_twine_fuzz import assert_linear, twee_of
from tests.gamebook.toy import TOY_RULES


def twee(text: str, fmt: str = "") -> StoryImport:
    head = f':: StoryData\n{{"format": "{fmt}"}}\n\n' if fmt else ""
    return import_twee_report(head + text, "t.twee", "toy-gb")


def choices(b: Book, sid: str) -> list[tuple[str, str]]:
    return [(c.text, c.target) for c in b.sections[sid].choices]


# --- Harlowe: a changer attached to a link ------------------------------------------------------------------


def test_a_harlowe_changer_attached_to_a_link_keeps_the_link() -> None:
    r = twee(
        ":: Title\n=><=\n(text-style:'outline')+(size:2)[''Meeting''] <hr>\n"
        "(border:'dotted')+(corner-radius:16)[[Begin->Porch]]\n\n"
        ":: Porch\nThe door. [[Knock]]\n\n:: Knock\nx",
        "Harlowe",
    )
    assert choices(r.book, "Title") == [("Begin", "Porch")]
    assert "Begin" not in (r.book.sections["Title"].text or "")
    assert "''Meeting''" in (r.book.sections["Title"].text or "")


def test_a_hook_holding_a_link_is_still_a_hook() -> None:
    r = twee(":: Start\n(if: $met)[[[Wave->Friend]]] and (if: $x)[hello]\n\n:: Friend\nx", "Harlowe")
    assert choices(r.book, "Start") == [("Wave", "Friend")]
    assert r.book.sections["Start"].text == "Wave and hello"


# --- SugarCube: bare words ----------------------------------------------------------------------------------


def test_a_box_s_autofocus_is_no_passage() -> None:
    r = twee(':: Start\nWager? <<numberbox "$wager" 100 autofocus>>\n[[Race]]\n\n:: Race\nx', "SugarCube")
    assert choices(r.book, "Start") == [("Race", "Race")] and r.broken == ()


def test_a_bare_word_passage_of_a_goto_is_a_choice() -> None:
    r = twee(
        ":: Start\n/* only when restarted */\n<<script>>track('Start');<</script>>\n<<goto Launch>>\n\n"
        ":: Launch\nThe sea. <<goto $next>>\n\n:: Harbour\nx",
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("Launch", "Launch")]
    assert not r.book.sections["Launch"].choices
    assert any("<<goto>> to a computed passage" in w for w in r.warnings)


@pytest.mark.parametrize(
    ("arg", "word"),
    [
        ("Launch", "Launch"),
        ("Deck-5_b", "Deck-5_b"),
        ("$next", None),
        ("_room", None),
        ("setup.first", None),
        ("settings.start", None),
        ("true", None),
        ("null", None),
        ("autofocus", None),
        ("42", None),
        ("1e3", None),
        ("`$a + $b`", None),
        ("a+b", None),
        ("", None),
    ],
)
def test_what_sugarcube_reads_as_a_bare_word(arg: str, word: str | None) -> None:
    assert bareword(arg) == word


# --- macros the story defines -------------------------------------------------------------------------------

WIDGETS = ':: Widgets [widget]\n<<widget "acts">><<run _acts.push(_args[0])>><</widget>>\n\n'


def test_a_widget_naming_passages_leads_on_from_a_passage_with_no_link() -> None:
    r = twee(
        WIDGETS + ':: Start\n!<<print Story.title>>\n<<acts "Begin|Hangar">>\n\n'
        ':: Hangar\nThe ship.\n<<if $day > 1>><<acts "Deck 7 - Sky|Deck 7">><</if>>\n'
        '<<acts "Deck 6 - Fun|Deck 6">>\n<<acts "Leave">>\n<<acts _exit>>\n\n'
        ":: Deck 7\nSky.\n\n:: Leave\nGone.\n",
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("Begin", "Hangar")]
    assert choices(r.book, "Hangar") == [("Deck 7 - Sky", "Deck 7"), ("Leave", "Leave")]
    assert "'Deck 6'" not in " ".join(r.warnings)  # a macro's argument is no link: not a broken one
    assert (
        "SugarCube <<acts>>, a macro of the story's own: the passages its arguments name are the choices of "
        "2 passage(s) with no link (first 'Start')"
    ) in r.warnings
    assert check_book(r.book, TOY_RULES) == []


def test_the_links_of_a_widget_are_choices_of_each_page_calling_it() -> None:
    r = twee(
        ':: Widget [widget]\n<<widget "Actions">>\n<ul>\n<<if !$looked>><li><<link "Look around" "Look">>'
        "<<set $looked to true>><</link>></li><</if>>\n<li>[[Wait]]</li>\n<li>[[Run->Gone]]</li>\n"
        "<li>[[_args[0]]]</li>\n</ul>\n<</widget>>\n"
        '<<widget "Quiet">>Nothing here.<</widget>>\n\n'
        ":: Start\nA crash.\n<<timed 1s>><<Actions>><</timed>>\n\n:: Look\nSmoke. <<Quiet>>\n\n"
        ":: Wait\nTime passes. <<actions>>\n",
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("Look around", "Look"), ("Wait", "Wait")]
    assert not r.book.sections["Look"].choices and not r.book.sections["Wait"].choices
    assert r.broken == ("Gone",)
    assert "'Gone' (from 'Widget')" in " ".join(r.warnings)


def test_a_link_macro_to_a_computed_passage_is_no_broken_link() -> None:
    r = twee(
        ":: Start\n<<for _i to 0; _i lt _c.length; _i++>><<capture _i>>"
        "<li><<link [[_c[_i].text|_c[_i].link]]>><<set $n += 1>><</link>></li><</capture>><</for>>\n"
        "<<goto [[Go|$next]]>>\n[[On]]\n\n:: On\nx",
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("On", "On")] and r.broken == ()
    assert any(w.startswith("link to a computed passage") for w in r.warnings)


def test_a_macro_naming_a_passage_where_links_lead_on_is_no_choice() -> None:
    r = twee(
        ':: Intro\nThe TV shows a <<link "talk-show">><<popup "Info: Show">><</link>> all night.\n'
        "[[Change the channel]]\n\n:: Info: Show [popup]\nA live show.\n\n:: Change the channel\nx",
        "SugarCube",
    )
    assert choices(r.book, "Intro") == [("Change the channel", "Change the channel")]


def test_a_string_before_a_passage_name_is_its_label() -> None:
    r = twee(
        ':: Start\n@@.red;<<go "Begin" "Gender" 0>>@@\n\n:: Gender\nYou are?\n<<go "Gender" "Hall">>\n'
        '<<go $x "Start">>\n\n:: Hall\nx',
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("Begin", "Gender")]
    assert choices(r.book, "Gender") == [("Gender", "Gender"), ("Hall", "Hall"), ("Start", "Start")]


def test_a_next_page_macro_of_the_story_is_followed() -> None:
    r = twee(
        ':: Start\n<<link "Begin" "intro_01">><</link>>\n\n:: intro_01\nWelcome. Your name?\n'
        '<<textbox "$name" "">>\n<<PassagePrevNext "settings_01">>\n\n:: settings_01\nDone.',
        "SugarCube",
    )
    assert choices(r.book, "intro_01") == [("settings_01", "settings_01")]


def test_sugarcube_own_macros_are_not_taken_for_the_story_s() -> None:
    r = twee(
        ':: Start\n<<audio "Cave" play>> <<set $at to "Cave">>\n[[On]]\n\n:: On\nx\n\n:: Cave\ny', "SugarCube"
    )
    assert choices(r.book, "Start") == [("On", "On")]


# --- code that moves on from a passage with no link ---------------------------------------------------------


def test_a_passage_with_no_link_leads_to_the_passages_its_code_names() -> None:
    r = twee(
        ":: Start\n[[Begin->Step 1]]\n\n:: Step 1\nHow do you start?\n<<set _choices = [\n"
        '  { text: "Fix the glitches.", link: "S1a" },\n  { text: "Define the problem.", link: "S1b" }\n]>>\n'
        "<<randomChoices _choices>>\n\n:: S1a\nCheap. [[Step 2]]\n\n"
        ":: S1b\nRight. [[Step 2]]\n\n:: Step 2\nx",
        "SugarCube",
    )
    assert choices(r.book, "Step 1") == [("S1a", "S1a"), ("S1b", "S1b")]
    assert r.book.sections["Step 1"].ending is None
    assert (
        "1 passage(s) with no link lead on to the passages their code names (the story moves there by code "
        "grognard does not run): 'Step 1'"
    ) in r.warnings
    assert check_book(r.book, TOY_RULES) == []


def test_a_script_showing_a_passage_leads_there() -> None:
    r = twee(
        ':: Start\n<<type 20ms>>Hello<</type>>\n<div id="choices"></div>\n<<script>>\n'
        "$(document).on(':typingcomplete', function () {\n"
        "  $('#choices').wiki(Story.get(\"First-Bis\").processText());\n});\n<</script>>\n\n"
        ":: First-Bis\n[[Open Eyes|Second]]\n\n:: Second\nx",
        "SugarCube",
    )
    assert choices(r.book, "Start") == [("First-Bis", "First-Bis")]
    assert choices(r.book, "First-Bis") == [("Open Eyes", "Second")]


def test_conditions_endings_and_embeds_name_no_way_on() -> None:
    r = twee(
        ":: Start\n[[Cave]] [[Death]] [[Shrine]]\n\n:: Cave\nDark. [[Start]]\n\n:: Footer\nThe end.\n\n"
        ':: Death\nYou fall. <<if visited("Cave")>>The cave was a lie.<</if>>\n'
        '(if: (history:) contains "Cave")[Again.]\n\n'
        ':: Shrine [death]\n<<set $last to "Cave">>\n\n:: Hall\nx <<include "Footer">>',
        "",
    )
    assert r.book.sections["Death"].ending == "ended" and not r.book.sections["Death"].choices
    assert r.book.sections["Shrine"].ending == "death" and not r.book.sections["Shrine"].choices
    assert not r.book.sections["Hall"].choices


def test_code_names_outside_conditions_in_order() -> None:
    text = (
        '<<if visited("A")>>x<</if>> <<set $go to "B">> (if: $x is "C")[y] "D" \'E\' "B"\n'
        '<<elseif hasVisited("F")>> <<run goto("G")>> (if: (history:) contains "H")[z]'
    )
    assert named_by_code(text) == ["B", "D", "G", "E"]
    assert named_by_code('"not\nhere"') == []
    assert named_by_code('<div id="menu" class=\'title\'><button data-passage="Menu">') == ["Menu"]


# --- SugarCube: quoted link targets and web addresses -------------------------------------------------------


def test_a_quoted_sugarcube_link_target_is_the_passage_it_quotes() -> None:
    r = twee(
        ':: Browser\n* [["Red Hill Lawn Care | Home"]]\n* [[Forum->"Lawn | Forum"]]\n\n'
        ":: Red Hill Lawn Care | Home\nx\n\n:: Lawn | Forum\ny",
        "SugarCube",
    )
    assert choices(r.book, "Browser") == [
        ("Red Hill Lawn Care | Home", "Red Hill Lawn Care _ Home"),
        ("Forum", "Lawn _ Forum"),
    ]
    assert not any("broken link" in w for w in r.warnings)


def test_a_passage_named_with_quotes_is_linked_as_named() -> None:
    r = twee(
        ':: Mom\n[["It\'s okay, Mom."]] / [[Leave]]\n\n:: "It\'s okay, Mom."\nx\n\n:: Leave\ny', "SugarCube"
    )
    assert choices(r.book, "Mom") == [('"It\'s okay, Mom."', '"It\'s okay, Mom."'), ("Leave", "Leave")]


def test_an_image_link_to_a_quoted_passage() -> None:
    r = twee(':: Hooks\n[img["img/phone.png"]["Phone"]]\n\n:: Phone\nx', "SugarCube")
    assert choices(r.book, "Hooks") == [("Phone", "Phone")]


def test_sugarcube_reads_a_target_with_a_dot_or_slash_as_a_web_address() -> None:
    r = twee(
        ":: credits\n* Chapel ([[Dice Roll||https://example.org/macros]])\n* [[read more.]]\n[[Start]]\n\n"
        ":: Start\nx",
        "SugarCube",
    )
    assert choices(r.book, "credits") == [("Start", "Start")]
    assert r.book.sections["credits"].text == "* Chapel (Dice Roll)\n* read more."
    assert not any("broken link" in w for w in r.warnings)
    harlowe = twee(":: credits\n[[read more.]]\n[[Start]]\n\n:: Start\nx", "Harlowe")
    assert harlowe.broken == ("read more.",)


def test_quotes_mask_separators_only_between_them() -> None:
    body = '"A | B"|C'
    assert mask_quotes(body) == '"\0\0\0\0\0"|C'
    assert split_link(body, mask_quotes(body)) == ('"A | B"', "C")
    assert split_link("x->y|z") == ("x", "y|z")
    assert mask_quotes('a "b') == 'a "b'


def test_the_import_lists_the_broken_links() -> None:
    r = twee(":: Start\n[[Left]] [[Right->Rigth]] [[Rigth]]\n\n:: Left\nx")
    assert r.broken == ("Rigth",)
    assert twee(":: Start\n[[Left]]\n\n:: Left\nx").broken == ()


# --- the survey ---------------------------------------------------------------------------------------------

LOOP = ":: Start\n[[Left]] [[Right]]\n\n:: Left\n[[Start]]\n\n:: Right\n[[Start]] [[End]]\n\n:: End\nThe end."


def test_a_reader_goes_as_deep_as_the_book_lets_it() -> None:
    deep = import_twee_report(LOOP, "t.twee", "fighting-fantasy").book
    short = import_twee_report(":: Start\n[[A]]\n\n:: A\n[[B]]\n\n:: B\nx", "t.twee", "fighting-fantasy").book
    game = GamebookGame(FF_RULES, short)
    assert survey.read_deep(game.new_initial_state({}), Rng(1)) == 2
    assert survey.walk_deep(deep) and not survey.walk_deep(short)
    played = survey.play_book(deep, FF_RULES, survey.Outcome("loop"))
    assert played.checked and played.walk and 1 <= played.first <= played.depth == 5


def _slow(path: Path) -> survey.Outcome:
    time.sleep(30)
    return survey.Outcome(path.name, imported=True)


def _greedy(path: Path) -> survey.Outcome:
    hoard = [bytearray(64 * 1024 * 1024) for _ in range(64)]
    return survey.Outcome(path.name, imported=bool(hoard))


def test_a_file_too_slow_or_too_big_is_a_row_saying_so(tmp_path: Path) -> None:
    start = time.perf_counter()
    slow = survey.guarded(_slow, tmp_path / "slow.twee", 1.0, 512)
    assert slow.note == "timed out after 1 s" and not slow.imported
    assert time.perf_counter() - start < 10
    greedy = survey.guarded(_greedy, tmp_path / "big.twee", 20.0, 512)
    assert greedy.note == "out of memory" and not greedy.imported


def test_the_survey_finds_files_folders_and_html_and_totals_them(tmp_path: Path) -> None:
    (tmp_path / "a.twee").write_text(LOOP, encoding="utf-8")
    (tmp_path / "broken.tw").write_text(":: Start\n[[Nowhere]] [[A]]\n\n:: A\nx", encoding="utf-8")
    (tmp_path / "project" / "src").mkdir(parents=True)
    (tmp_path / "project" / "src" / "story.twee").write_text(LOOP, encoding="utf-8")
    (tmp_path / "project" / "index.html").write_text("<html></html>", encoding="utf-8")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "game.html").write_text("<html><body>no story</body></html>", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    entries = survey.twine_entries([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in entries] == [
        "a.twee",
        "broken.tw",
        "project",
        "site/game.html",
    ]
    outcomes = [survey.guarded(survey.twine_story, p, 30.0, 2048) for p in entries]
    assert [(o.imported, o.whole) for o in outcomes] == [
        (True, True),
        (True, False),
        (True, True),
        (False, None),
    ]
    assert outcomes[1].note == "1 broken link(s), first 'Nowhere'"
    assert outcomes[3].note.startswith("refused: ")
    assert [o.deep for o in outcomes] == [True, False, True, False]  # the broken one ends at once
    table = survey.table("Twine", outcomes, "play 5 choices deep")
    assert table.splitlines()[-1] == (
        "Twine: 4 files, 3 import, 3 pass check, 2 play 5 choices deep (50%); 3 with whole links (or not "
        "known: not imported), of which 2 play 5 choices deep (67%)"
    )
    quests = survey.table("HeroScribe", [survey.Outcome("q.xml", True, True, 1, goal=1)], "play a round")
    assert quests.splitlines()[-1] == "HeroScribe: 1 files, 1 import, 1 pass check, 1 play a round (100%)"


# --- time -------------------------------------------------------------------------------------------------

HOSTILE_SHAPES = [
    lambda n: "<<if " * (n // 5),
    lambda n: "(if: " * (n // 5),
    lambda n: "<<if " * (n // 10) + "\n" + '"a" ' * (n // 8),
    lambda n: '<<acts "' * (n // 8),
    lambda n: '<<acts "Go|Start" "x">>' * (n // 22),
    lambda n: '[["' * (n // 3),
    lambda n: '[[a|"b' + '"' * n + "]]",
    lambda n: "(b:)+" * (n // 5) + "[[Start]]",
    lambda n: "<<goto Start>>" * (n // 14),
    lambda n: (
        ':: W [widget]\n<<widget "w">>'
        + "[[Start]]" * (n // 20)
        + "<</widget>>\n:: P\n"
        + "<<w>>" * (n // 10)
    ),
]


@pytest.mark.parametrize("build", HOSTILE_SHAPES, ids=lambda b: repr(b(40)[:12]))
def test_the_new_readings_take_linear_time(build: Callable[[int], str]) -> None:
    assert_linear(twee_of("SugarCube"), build)
    assert_linear(twee_of(""), build)
