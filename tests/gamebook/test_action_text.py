"""The gamebook action strings parsed and printed in one module (`gamebook.action_text`): the round trip
for generated actions, and the kinds the runner, Fighting Fantasy and Grey Star read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.gamebook.action_text import Keyed, Named, Numbered, number_in

KIND = st.from_regex(r"[a-z][a-z-]{0,10}", fullmatch=True)
TEXT = st.from_regex(r"[A-Za-z0-9 /:'-]{0,12}", fullmatch=True)


@given(KIND, st.integers(0, 10_000))
def test_a_numbered_action_prints_and_parses_back(kind: str, number: int) -> None:
    action = Numbered(kind, number)
    assert Numbered.parse(str(action)) == action
    assert number_in(str(action)) == number


@given(KIND, TEXT)
def test_a_keyed_action_prints_and_parses_back(kind: str, rest: str) -> None:
    assert Keyed.parse(str(Keyed(kind, rest))) == Keyed(kind, rest)


@given(TEXT, st.from_regex(r"[0-9/x]{0,8}", fullmatch=True))
def test_a_named_creature_prints_and_parses_back(name: str, scores: str) -> None:
    assert Named.parse(str(Named(name, scores))) == Named(name, scores)


def test_the_kinds_read_as_the_rules_mean_them() -> None:
    assert Numbered.parse("choice:3") == Numbered("choice", 3)
    assert Numbered.parse("fight") is None and Numbered.parse("wield:Sword") is None
    assert number_in("target:0") == 0 and number_in("range:12") == 12
    assert Keyed.parse("power:Kinesis") == Keyed("power", "Kinesis") and Keyed.parse("eat") == Keyed("eat")
    assert str(Keyed("spend", "0")) == "spend:0"
    assert Named.parse("Orc:9/12") == Named("Orc", "9/12") and Named.parse("8/6x3") == Named("", "8/6x3")
    assert Named.parse("Giant: Hill:10/11") == Named("Giant: Hill", "10/11")
    with pytest.raises(ValueError):
        number_in("choice:x")
