"""The checker: every kind of problem, each with its section and field, all at once."""

from __future__ import annotations

import pytest

from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.model import Book, Condition
from grognard.gamebook.stuck import MAX_CASES, can_be_stuck
from tests.gamebook.helpers import HEAD, book, cave, start, walk
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
    assert not any("unreachable" in f for f in found)


def test_declared_and_builtin_items_are_known() -> None:
    head = '[book]\ntitle = "T"\nsystem = "toy-gb"\nstart = "1"\n[book.items.Rope]\n'
    b = book('[sections.1]\neffects = [{ item = "Rope" }, { lose_item = "Torch" }]\nending = "ended"\n', head)
    assert rendered(b) == []


def test_unreachable_sections_are_warnings_not_problems() -> None:
    """issue 17: published books have orphan sections; they still play."""
    b = book('[sections.1]\nending = "death"\n[sections.2]\nending = "victory"\n')
    assert rendered(b) == []
    assert [w.render() for w in check_warnings(b)] == ["section 2: unreachable from the start section 1"]
    assert check_warnings(cave()) == []


@pytest.mark.parametrize(
    "effect",
    ['{ stat = "", add = 1 }', '{ initial = " ", add = 1 }', '{ item = "" }', '{ lose_item = "" }',
     '{ flag = "" }', '{ special = "" }'],
)  # fmt: skip
def test_an_effect_naming_nothing_is_refused(effect: str) -> None:
    """issue 20: an effect with stat = "" passed check and failed in play."""
    found = rendered(book(f'[sections.1]\neffects = [{effect}]\nending = "death"\n'))
    assert len(found) == 1 and found[0].startswith("section 1, effects[1]: an empty"), found


def test_a_condition_naming_nothing_is_refused() -> None:
    b = book('[sections.1]\nchoices = [{ text = "a", target = "1", condition = { stat = "", at_least = 1 } },'
             ' { text = "b", target = "1" }]\n')  # fmt: skip
    assert rendered(b) == ["section 1, choices[1].condition: an empty stat name"]


STUCK = """
[sections.1]
effects = [{ lose_item = "Torch" }]
choices = [
  { text = "Light the way", target = "2", condition = { item = "Torch" } },
  { text = "See in the dark", target = "2", condition = { power = "Sight" } },
]
[sections.2]
ending = "victory"
"""


def test_choices_that_can_all_be_closed_are_reported_and_really_stick_the_reader() -> None:
    """issue 20: `check` passed a book whose reader could be stuck; decisions.md promises a checked book
    never gets stuck. The reported section is the one where play ends "stuck"."""
    b = book(STUCK)
    assert rendered(b) == [
        "section 1, choices: every choice has a condition and all can be false at once (item 'Torch' no, "
        "power 'Sight' no): the reader would be stuck; add a choice without a condition"
    ]
    stuck = start(b, charm="charm:gold")
    assert stuck.outcome == "stuck"
    seer = start(b, charm="charm:sight")
    assert seer.outcome == "" and seer.legal_actions() == ["choice:2"]
    assert walk(seer, "choice:2").outcome == "victory"


@pytest.mark.parametrize(
    "conditions",
    [
        '{ item = "Torch" }|{ not = { item = "Torch" } }',
        '{ stat = "HP", at_least = 5 }|{ stat = "HP", at_most = 4 }',
        '{ stat = "HP", at_least = 5 }|{ stat = "HP", at_most = 6 }',
        "{ gold = 0 }",
        '{ any = [{ power = "Sight" }, { gold = 3 }] }'
        '|{ all = [{ not = { power = "Sight" } }, { gold = 1 }] }'
        "|{ gold = 1, pay = true }|{ not = { gold = 1 } }",
        '{ visited = "1" }',
    ],
)
def test_choices_that_cover_every_case_are_sound(conditions: str) -> None:
    choices = ", ".join(
        f'{{ text = "c{i}", target = "2", condition = {c} }}' for i, c in enumerate(conditions.split("|"))
    )
    b = book(f'[sections.1]\nchoices = [{choices}]\n[sections.2]\nending = "victory"\n')
    assert rendered(b) == []


def test_having_come_from_somewhere_counts() -> None:
    """A section reached only from 2 or 3 may offer "back to 2 if visited" and "back to 3 if visited"
    (Project Aon's "return to the section you noted"); a third way in breaks that."""
    ways = """
[sections.1]
choices = [{ text = "a", target = "2" }, { text = "b", target = "3" }]
[sections.2]
choices = [{ text = "on", target = "4" }, { text = "end", target = "5" }]
[sections.3]
choices = [{ text = "on", target = "4" }, { text = "end", target = "5" }]
[sections.4]
choices = [
  { text = "back", target = "2", condition = { visited = "2" } },
  { text = "back", target = "3", condition = { visited = "3" } },
]
[sections.5]
ending = "victory"
"""
    assert rendered(book(ways)) == []
    third = ways.replace(
        '{ text = "b", target = "3" }]', '{ text = "b", target = "3" }, { text = "c", target = "4" }]'
    )
    assert [p.split(" (")[0] for p in rendered(book(third))] == [
        "section 4, choices: every choice has a condition and all can be false at once"
    ]


def test_sections_that_never_reach_their_choices_are_not_reported() -> None:
    b = book(
        """
[sections.1]
fight = { creatures = [{ name = "Rat", POWER = 2 }], win = "2" }
choices = [{ text = "Flee", target = "2", condition = { item = "Torch" } }]
[sections.2]
ending = "victory"
"""
    )
    assert rendered(b) == []


def test_too_many_things_to_try_is_a_warning() -> None:
    flags = [f"f{i}" for i in range(13)]
    assert 2 ** len(flags) > MAX_CASES
    choices = ", ".join(f'{{ text = "{f}", target = "2", condition = {{ flag = "{f}" }} }}' for f in flags)
    sets = ", ".join(f'{{ flag = "{f}" }}' for f in flags)
    b = book(f'[sections.1]\neffects = [{sets}]\nchoices = [{choices}]\n[sections.2]\nending = "victory"\n')
    assert rendered(b) == []
    assert [w.render().split(" (")[0] for w in check_warnings(b)] == [
        "section 1, choices: the choices' conditions read too many things"
    ]
    verdict = can_be_stuck([Condition(flag=f) for f in flags[:3]], "1", None)
    assert verdict.stuck and verdict.example == "flag 'f0' no, flag 'f1' no, flag 'f2' no"


def test_a_book_without_a_sheet_may_not_read_or_change_it() -> None:
    """`[book] sheet = false` (a story using none of its system's rules): a fight, a meal, a test of the
    reader's luck, a score, an item, gold or a Power anywhere in it is a problem; flags, visited sections
    and a plain roll are not."""
    found = rendered(
        book(
            """
[sections.1]
effects = [{ flag = "seen" }, { stat = "HP", add = -1 }]
choices = [
  { text = "On", target = "2", condition = { flag = "seen" } },
  { text = "Rich", target = "2", condition = { gold = 2 } },
  { text = "Back", target = "1", condition = { visited = "2" } },
]
[sections.2]
eat = true
fight = { creatures = [{ name = "ORC", POWER = 5 }], win = "3" }
[sections.3]
[sections.3.test]
kind = "luck"
branches = { lucky = { target = "4" }, unlucky = { target = "4" } }
[sections.4]
[sections.4.test]
kind = "roll"
ranges = [{ max = 3, target = "5" }, { min = 4, target = "5" }]
[sections.5]
ending = "victory"
""",
            head=HEAD + "sheet = false\n",
        )
    )
    said = "the book has no sheet ([book] sheet = false)"
    assert [line for line in found if "no sheet" in line] == [
        f"section 1, effects[2]: changes the sheet, but {said}",
        f"section 1, choices[2].condition: reads the sheet, but {said}",
        f"section 2, fight: a fight, but {said}",
        f"section 2, eat: a meal, but {said}",
        f'section 3, test: a test of the reader\'s scores, but {said}; use kind = "roll"',
    ]
