"""HeroQuest's action strings parsed and printed in one module (`action_text`): the round trip both ways
for generated actions and strings, and for every action of the recorded games."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.systems.heroquest.model.action_text import (
    Aim,
    AtFigure,
    AtSquare,
    Cast,
    Keyed,
    Order,
    Plain,
    aim,
    cast_arg,
    cast_of,
    keyed,
    keyed_of,
    parse,
    rest_of,
    sq,
    sq_text,
    verb_of,
)
from tests.systems.heroquest.same_games import PATH

WORD = st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True)
SQUARE = st.tuples(st.integers(-3, 40), st.integers(-3, 40))
FIGURE = st.one_of(WORD, st.integers(0, 9).map(lambda n: f"h{n}"))
TARGET = st.one_of(st.just(""), FIGURE, SQUARE.map(sq_text))

ACTIONS = st.one_of(
    st.sampled_from(["roll", "end", "rest", "defend", "leave", "climb", "cancel"]).map(Plain),
    st.builds(AtSquare, st.sampled_from(["move", "jump", "recover", "ice"]), SQUARE),
    st.builds(AtFigure, st.sampled_from(["attack", "throw", "collect", "free"]), FIGURE),
    st.builds(Cast, st.builds(lambda a, b: f"{a}/{b}", WORD, WORD), TARGET),
    st.builds(Order, st.lists(st.integers(-1, 5), min_size=1, max_size=6).map(tuple)),
    st.builds(
        Keyed,
        st.sampled_from(["use", "skill", "search", "door", "memorise", "forget", "equip", "challenge"]),
        WORD,
        st.one_of(st.none(), WORD, SQUARE.map(sq_text), FIGURE),
    ),
)


@given(ACTIONS)
def test_a_typed_action_prints_and_parses_back(action: object) -> None:
    assert parse(str(action)) == action


@given(st.text(alphabet="abcdhz019,:/-", max_size=24))
def test_any_string_parses_and_prints_back(text: str) -> None:
    assert str(parse(text)) == text


def test_every_recorded_action_round_trips_to_its_kind() -> None:
    games = json.loads(PATH.read_text())["games"]
    moves = {m for g in games for m in g["moves"] if isinstance(m, str)}
    for text in moves:
        assert str(parse(text)) == text
    assert parse("move:3,16") == AtSquare("move", (3, 16))
    assert parse("attack:fimir-1") == AtFigure("attack", "fimir-1")
    assert parse("throw:h2").hero == 2  # type: ignore[union-attr]
    assert parse("cast:chaos/ice-wall:21,17") == Cast("chaos/ice-wall", "21,17")
    assert parse("cast:fire/courage") == Cast("fire/courage")
    assert parse("order:2,0,3,1") == Order((2, 0, 3, 1))
    assert parse("skill:set-trap:3,16") == Keyed("skill", "set-trap", "3,16")
    assert parse("search:doors") == Keyed("search", "doors")
    assert sq("12,-1") == (12, -1) and sq_text((12, -1)) == "12,-1"


def test_a_monster_whose_id_begins_with_h_is_no_hero_in_the_labels() -> None:
    """Hask (`2-the-salt-crypt`, id "hask") is a monster: the attack's label once read "ask" as a hero's
    number and raised; the typed action tells "hN" from a monster id."""
    from grognard.systems.heroquest.views.render import action_label, monster_letters

    from .play_helpers import begin

    state = begin("2-the-salt-crypt")
    mark = monster_letters(state)[next(j for j, m in enumerate(state.monsters) if m.id == "hask")]
    assert action_label(state, "attack:hask").startswith(f"attack Hask the Faithless ({mark}): ")
    assert action_label(state, "throw:hask").startswith("throw a dagger at Hask the Faithless")
    assert action_label(state, "attack:h0") == "attack Human Barbarian"


TEXT = st.text(alphabet="abch019,:/@=-", max_size=24)
PART = st.from_regex(r"[a-z0-9,-]{0,8}", fullmatch=True)
AIMS = st.builds(
    Aim,
    PART,
    st.one_of(st.none(), st.from_regex(r"[a-z0-9,@-]{0,8}", fullmatch=True)),
    st.one_of(st.none(), st.from_regex(r"[a-z0-9,@=-]{0,8}", fullmatch=True)),
)


@given(AIMS)
def test_an_aim_prints_and_parses_back(target: Aim) -> None:
    assert aim(str(target)) == target


@given(TEXT)
def test_any_aim_text_parses_and_prints_back(text: str) -> None:
    assert str(aim(text)) == text


@given(TEXT)
def test_the_reads_a_handler_uses_cut_where_the_hand_splits_did(text: str) -> None:
    """`verb_of`/`rest_of`/`keyed_of`/`cast_of` read exactly what `partition(":")` and `split(":")` did."""
    assert verb_of(text) == text.partition(":")[0]
    assert rest_of(text) == text.partition(":")[2]
    parts = text.split(":")
    read = keyed_of(text)
    if len(parts) > 1:
        assert read.key == cast_of(text).spell == parts[1]
    if len(parts) > 2:
        assert read.target == cast_of(text).target == ":".join(parts[2:])
        assert cast_arg(rest_of(text)) == cast_of(text)
    assert str(keyed(read.verb, rest_of(text))) == f"{verb_of(text)}:{rest_of(text)}"


def test_targets_with_their_detail() -> None:
    assert aim("h1@3,4") == Aim("h1", "3,4") and aim("h1@3,4").hero_index == 1
    assert aim("h0=helmet") == Aim("h0", None, "helmet") and aim("h0=helmet").hero == 0
    assert aim("trap=3,16").thing == "3,16" and aim("trap=3,16").hero is None
    assert aim("fimir-1").at is None and aim("fimir-1").thing is None
    assert keyed_of("skill:toss:h1@3,4") == Keyed("skill", "toss", "h1@3,4")
    assert keyed_of("resist:done").target == ""
    assert cast_of("cast:chaos/rust:h0=helmet") == Cast("chaos/rust", "h0=helmet")
    assert cast_arg("fire/courage") == Cast("fire/courage")
    with pytest.raises(ValueError, match="hask"):
        assert aim("hask").hero_index < 0
