"""Typed actions (issue 11): `actions.py` parses and prints every action string of Talisman; printing a
parsed action gives the string back, parsing a printed action gives the action back, and nothing else
splits an action string."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.systems.talisman import actions as a
from grognard.systems.talisman.actions import (
    Ability,
    ActionError,
    Align,
    Cast,
    Evade,
    GoTo,
    Meet,
    OnCard,
    Word,
    parse_action,
    terms,
)
from tests.systems.talisman.relayer_games import DATA

ROOT = Path(__file__).resolve().parents[3]

ids = st.from_regex(r"[a-z][a-z0-9-]{0,14}", fullmatch=True)
seats = st.integers(min_value=0, max_value=5)
words = ids.filter(lambda w: w != "evade")
typed: st.SearchStrategy[a.TalismanAction] = st.one_of(
    st.builds(Word, words),
    st.builds(OnCard, st.sampled_from(sorted(a.CARD_VERBS)), ids),
    st.builds(Cast, ids),
    st.builds(lambda s, j: Cast(s, seat=j), ids, seats),
    st.builds(lambda s, sp: Cast(s, space=sp), ids, ids),
    st.just(Evade()),
    st.builds(Evade, ids),
    st.builds(Evade, ids, ids),
    st.builds(Meet, seats),
    st.builds(Ability, st.integers(min_value=0, max_value=9)),
    st.builds(Align, st.sampled_from(["good", "neutral", "evil"])),
    st.builds(GoTo, st.sampled_from(sorted(a.GO_VERBS)), ids),
)


@given(typed)
def test_a_printed_action_parses_back_to_itself(action: a.TalismanAction) -> None:
    assert parse_action(str(action)) == action


@given(typed)
def test_terms_are_the_printed_parts(action: a.TalismanAction) -> None:
    verb, args = terms(str(action))
    assert ":".join((verb, *args)) == str(action)


def test_every_action_played_in_the_recorded_games_round_trips() -> None:
    played = {m[1] for g in json.loads(DATA.read_text()) for m in g["moves"] if m[0] != "c"}
    assert len(played) > 300
    for text in played:
        assert str(parse_action(text)) == text
    kinds = {type(parse_action(t)) for t in played}
    assert kinds == {Word, OnCard, Cast, Evade, Meet, Ability, Align, GoTo}


NOT_AN_ACTION = ["", "take:", "take:a:b", "cast:", "cast:x:1:2", "meet:x", "ability:one", "fly:cairn", ":x"]
NOT_AN_ACTION += ["evade::x", "align:", "to:a:b"]


@pytest.mark.parametrize("text", NOT_AN_ACTION)
def test_a_string_that_is_no_action_is_refused_by_name(text: str) -> None:
    with pytest.raises(ActionError, match=re.escape(repr(text))):
        parse_action(text)


def test_a_bare_verb_is_a_word_and_a_bare_evade_an_evasion() -> None:
    assert parse_action("take") == Word("take") and parse_action("meet") == Word("meet")
    assert parse_action("evade") == Evade()


def test_a_cast_names_a_seat_or_a_space() -> None:
    assert parse_action("cast:befuddle:0") == Cast("befuddle", seat=0)
    assert parse_action("cast:snare:cairn") == Cast("snare", space="cairn")
    assert parse_action("evade:immobility:ogre") == Evade("immobility", "ogre")


SPLITTING = re.compile(r"\.(split|rsplit|partition|rpartition)\(")
NOT_ACTIONS = {
    "effects.py": 'effect owners ("space:runes", "ability:druid:0") are not actions',
    "game.py": "the characters option, comma-separated",
    "simulate.py": "the bots option, comma-separated",
    "catalog.py": "content files",
    "content.py": "content files",
    "actions.py": "the one parser",
}


def test_no_other_module_splits_an_action_string() -> None:
    files = [
        *sorted((ROOT / "src/grognard/systems/talisman").glob("*.py")),
        ROOT / "src/grognard/web/systems/talisman.py",
    ]
    offenders = [
        f"{p.name}:{n}"
        for p in files
        if p.name not in NOT_ACTIONS
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if SPLITTING.search(line) or ".removeprefix(" in line
    ]
    assert offenders == []
    cli = [
        f"{p.name}:{n}"
        for p in sorted((ROOT / "src/grognard/cli").glob("talisman*.py"))
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if SPLITTING.search(line) and 'text.split(",")' not in line and "part.rpartition" not in line
    ]
    assert cli == []
