"""The checker: every kind of problem, each with its section and field, all at once."""

from __future__ import annotations

from grognard.gamebook.check import check_book
from grognard.gamebook.model import Book
from tests.gamebook.helpers import book, cave
from tests.gamebook.toy import TOY_RULES


def rendered(b: Book) -> list[str]:
    return [p.render() for p in check_book(b, TOY_RULES)]


def test_the_fixture_is_sound() -> None:
    assert check_book(cave(), TOY_RULES) == []


def test_all_problems_are_listed_with_section_and_field() -> None:
    found = rendered(
        book(
            """
[sections.1]
effects = [{ stat = "MANA", add = 1 }, { item = "Sword" }, { special = "dance" }]
choices = [
  { text = "On", target = "2" },
  { text = "Nowhere", target = "99" },
  { text = "If", target = "2", condition = { all = [{ flag = "never-set" }, { power = "Flight" }] } },
  { text = "Seen", target = "2", condition = { visited = "77" } },
  { text = "Pay", target = "2", condition = { not = { gold = 2, pay = true } } },
]
[sections.2]
fight = { creatures = [{ name = "ORC", SKILL = 5 }], win = "3" }
[sections.3]
[sections.3.test]
kind = "dance"
ranges = [{ max = 3, target = "4" }, { min = 3, max = 5, target = "4" }, { min = 8 }]
[sections.4]
text = "A dead end."
[sections.5]
ending = "victory"
choices = [{ text = "Again", target = "1" }]
"""
        )
    )
    expected = [
        "section 1, effects[1]: unknown stat 'MANA'",
        "section 1, effects[2]: unknown item 'Sword'",
        "section 1, effects[3]: unknown special 'dance'",
        "section 1, choices[2].target: no section '99'",
        "section 1, choices[3].condition.all[1]: flag 'never-set' is tested but never set",
        "section 1, choices[3].condition.all[2]: unknown power 'Flight'",
        "section 1, choices[4].condition: no section '77'",
        "section 1, choices[5].condition.not: pay cannot sit under not or any",
        "section 2, fight: ORC has no POWER",
        "section 3, test: unknown test kind 'dance'",
        "section 3, test.ranges: ranges overlap (None..3 and 3..5)",
        "section 3, test.ranges: no range holds 6..7",
        "section 3, test.ranges[3].target: reads on in the section, but the section has no choices",
        "section 4, choices: no way on, and the section is not an ending",
        "section 5, ending: an ending (victory) with choices",
        "section 5: unreachable from the start section 1",
    ]
    for line in expected:
        assert any(f.startswith(line) for f in found), (line, found)
    assert len(found) == len(expected), found


def test_book_level_problems() -> None:
    head = '[book]\ntitle = "T"\nsystem = "ff"\nstart = "9"\nstart_effects = [{ stat = "X", add = 1 }]\n'
    found = rendered(book('[sections.1]\nending = "death"\n', head))
    assert "book, book.system: is 'ff'; this checker is for 'toy-gb'" in found
    assert "book, book.start: no section '9'" in found
    assert any(f.startswith("book, book.start_effects[1]: unknown stat 'X'") for f in found)
    assert any(f.startswith("section 1: unreachable") for f in found)


def test_declared_and_builtin_items_are_known() -> None:
    head = '[book]\ntitle = "T"\nsystem = "toy-gb"\nstart = "1"\n[book.items.Rope]\n'
    b = book('[sections.1]\neffects = [{ item = "Rope" }, { lose_item = "Torch" }]\nending = "ended"\n', head)
    assert rendered(b) == []
