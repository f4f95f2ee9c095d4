"""Loading books: the fixture, errors with section and field, clean errors only, TOML round trip."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grognard.engine.errors import ContentError
from grognard.gamebook.load import BookLoadError, dump_book, load_book, parse_book
from tests.gamebook.helpers import HEAD, cave
from tests.gamebook.strategies import books


def test_fixture_loads_with_ids_as_strings() -> None:
    b = cave()
    assert b.book.title == "The Cave of Tests"
    assert b.book.start == "1"
    assert list(b.sections)[:3] == ["1", "2", "3"]
    assert b.sections["1"].choices[0].target == "2"
    assert b.sections["3"].fight is not None
    assert b.sections["3"].fight.creatures[0].stats == {"POWER": 3}
    assert b.sections["1"].choices[0].condition is not None
    assert b.sections["1"].choices[0].condition.pay is True


def problems_of(text: str) -> list[str]:
    with pytest.raises(BookLoadError) as info:
        parse_book(HEAD + text, "bad.toml")
    assert isinstance(info.value, ContentError)
    assert info.value.file == "bad.toml"
    return [p.render() for p in info.value.problems]


def test_every_type_error_is_listed_with_section_and_field() -> None:
    found = problems_of(
        """
[sections.1]
effects = [{ stat = "HP", add = 1, gold = 2 }, { item = 5 }]
choices = [{ text = "Go", target = "2", condition = { stat = "HP" } }]
[sections.2]
fight = { creatures = [{ name = "ORC", POWER = "x" }] }
bogus = 1
[sections.3]
test = { kind = "roll" }
ending = "maybe"
"""
    )
    joined = "\n".join(found)
    assert "section 1, effects[1]: an effect needs exactly one of" in joined
    assert "section 1, effects[2].item: Input should be a valid string" in joined
    assert "section 1, choices[1].condition: a stat condition needs at_least or at_most" in joined
    assert "section 2, fight.creatures[1]: stat POWER of ORC must be a whole number" in joined
    assert "section 2, bogus: unknown field 'bogus'" in joined
    assert "section 3, test: a test needs either branches or ranges" in joined
    assert "section 3, ending:" in joined


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('[sections.1]\neffects = [{ stat = "HP", add = "2x6" }]', "neither a number nor dice"),
        ('[sections.1]\nchoices = [{ text = "a\\nb", target = 1 }]', "one non-empty line"),
        ('[sections."a[b"]\ntext = "x"', "may not contain"),
        ('[sections.1]\ntext = "go [[there]]"', "may not contain"),
        ('[sections.1]\ntest = { kind = "roll", ranges = [{ min = 5, max = 2 }] }', "above max"),
        ('[sections.1]\neffects = [{ flag = "x", count = 2 }]', "count goes with"),
        (
            '[sections.1]\nchoices = [{ text = "a", target = 1, condition = { flag = "x", pay = true } }]',
            "pay",
        ),
    ],
)
def test_bad_values_are_refused(text: str, expected: str) -> None:
    assert any(expected in p for p in problems_of(text))


def test_toml_syntax_error_names_the_file() -> None:
    with pytest.raises(BookLoadError, match="not valid TOML") as info:
        parse_book("[book\n", "broken.toml")
    assert str(info.value).startswith("broken.toml")


def test_missing_file_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="cannot read"):
        load_book("/nonexistent/book.toml")


def test_dump_then_parse_gives_the_same_fixture() -> None:
    b = cave()
    assert parse_book(dump_book(b)) == b
    assert dump_book(parse_book(dump_book(b))) == dump_book(b)


@settings(max_examples=150, suppress_health_check=list(HealthCheck), deadline=None)
@given(books())
def test_dump_then_parse_gives_the_same_book(b: object) -> None:
    assert parse_book(dump_book(b)) == b  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_loads_or_fails_cleanly(text: str) -> None:
    try:
        parse_book(text)
    except BookLoadError as e:
        assert e.problems
