"""Twee 3: export then import gives the same book; a story written by hand in Twine imports."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from grognard.gamebook.load import BookLoadError
from grognard.gamebook.model import Book
from grognard.gamebook.twee import export_twee, import_twee
from tests.gamebook.helpers import book, cave
from tests.gamebook.strategies import books


def test_fixture_round_trip() -> None:
    b = cave()
    text = export_twee(b)
    assert ":: StoryTitle\nThe Cave of Tests\n" in text
    assert '"start": "1"' in text
    assert "[[Enter the cave->3]]\n" in text
    assert "[[Buy a key for 2 gold->2]] <!-- grognard { condition = { gold = 2, pay = true }" in text
    assert ":: 6 [victory]" in text
    assert import_twee(text) == b


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(books())
def test_generated_round_trip(b: Book) -> None:
    assert import_twee(export_twee(b)) == b


def test_lines_starting_with_colons_are_escaped() -> None:
    b = book('[sections.1]\ntext = """\n:: not a passage\n\\\\:: neither\n"""\nending = "ended"\n')
    text = export_twee(b)
    assert "\n\\:: not a passage\n" in text
    assert import_twee(text) == b


HAND = """:: StoryTitle
The Well

:: StoryData
{"ifid": "0A1B", "format": "Harlowe", "start": "Top"}

:: Top {"position":"100,100"}
You stand by a well. [[Climb down->Bottom]] or [[walk away|Away]].
[[Shout]]

:: Bottom [death]
The rope snaps.

:: Away [victory]
You live.

:: Shout
Nobody answers.
[[Top]]

:: Style [stylesheet]
body { color: red; }
"""


def test_a_story_made_in_twine_imports_with_plain_choices() -> None:
    b = import_twee(HAND, "well.twee", system="toy-gb")
    assert b.book.title == "The Well"
    assert b.book.system == "toy-gb"
    assert b.book.start == "Top"
    assert set(b.sections) == {"Top", "Bottom", "Away", "Shout"}
    top = b.sections["Top"]
    assert top.text == "You stand by a well. Climb down or walk away."
    assert [(c.text, c.target) for c in top.choices] == [
        ("Climb down", "Bottom"),
        ("walk away", "Away"),
        ("Shout", "Shout"),
    ]
    assert b.sections["Bottom"].ending == "death"
    assert b.sections["Away"].ending == "victory"


def test_bad_rules_in_a_passage_are_listed() -> None:
    text = export_twee(cave()).replace('kind = "roll"', "kind = roll")
    with pytest.raises(BookLoadError) as info:
        import_twee(text, "cave.twee")
    assert [p.section for p in info.value.problems] == ["8"]
    assert "not valid TOML" in info.value.problems[0].message


def test_reserved_section_names_are_refused() -> None:
    b = book('[sections.StoryData]\nending = "ended"\n', HEAD_START_STORYDATA)
    with pytest.raises(ValueError, match="reserved"):
        export_twee(b)


HEAD_START_STORYDATA = '[book]\ntitle = "T"\nsystem = "toy-gb"\nstart = "StoryData"\n'
