"""Every TOML example of docs/formats/gamebook.md is a whole book that loads and passes `check`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grognard.gamebook.check import check_book
from grognard.gamebook.load import parse_book
from grognard.gamebook.ruleset import Ruleset
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.grey_star.ruleset import GS_RULES

DOC = Path(__file__).resolve().parents[2] / "docs" / "formats" / "gamebook.md"
RULESETS: dict[str, Ruleset] = {FF_RULES.id: FF_RULES, GS_RULES.id: GS_RULES}


def examples() -> list[str]:
    """The text of every fenced TOML block of the format's page."""
    return re.findall(r"^```toml\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_the_page_has_examples_for_both_systems() -> None:
    systems = {parse_book(text, "example").book.system for text in examples()}
    assert systems == set(RULESETS)
    assert len(examples()) >= 5


@pytest.mark.parametrize("index", range(len(examples())))
def test_each_example_loads_and_passes_check(index: int) -> None:
    text = examples()[index]
    book = parse_book(text, f"{DOC.name} example {index + 1}")
    problems = check_book(book, RULESETS[book.book.system])
    assert [p.render() for p in problems] == []


def test_an_example_with_a_mistake_is_caught() -> None:
    """The check the examples pass is the real one: the old page's mistakes fail it."""
    text = next(t for t in examples() if "[sections.3.fight]" in t)
    for wrong in ('"rounds-over" = "9"', "skill = -2"):
        assert wrong in text
    bad = text.replace('"rounds-over" = "9"', '"round-limit" = "9"').replace("skill = -2", "SKILL = -2")
    problems = [p.render() for p in check_book(parse_book(bad, "bad"), FF_RULES)]
    assert any("round-limit" in p for p in problems)
    assert any("SKILL" in p for p in problems)
