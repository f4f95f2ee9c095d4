"""The referee's actions through the match driver (`referee.make_action`, the desk's and `campaign act`'s
one write path): any well-formed action, the dice the table threw deciding the chance moves after it,
given dice left unused or a stale ply refused with nothing saved, on both stores."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine.errors import UsageError
from grognard.engine.match import Match, MatchError, StaleMoveError
from grognard.engine.store.factory import open_url
from grognard.engine.store.sql import SqlStore
from grognard.systems.adventures_in_fantasy.campaign import CampaignState, sample_action
from grognard.systems.adventures_in_fantasy.referee import make_action


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """A fresh store, SQLite then PostgreSQL."""
    opened = open_url(store_url)
    try:
        yield opened
    finally:
        opened.close()


def campaign(store: SqlStore) -> Match:
    """A kept campaign with one sample character and money to spend."""
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], seed=1, store=store)
    make_action(match, sample_action(0))
    make_action(match, "take:0:500")
    return match


def kept(store: SqlStore, match: Match) -> int:
    assert match.session.game_id is not None
    return len(store.load(match.session.game_id).moves)


def state(match: Match) -> CampaignState:
    assert isinstance(match.state, CampaignState)
    return match.state


def test_the_tables_dice_decide_the_chance_move_and_are_saved(store: SqlStore) -> None:
    match = campaign(store)
    at = match.ply
    made = make_action(match, "buy:0:chainmail", "1%", ply=at)
    assert [r.move for r in made.rolled] == ["in-stock"] and made.rolled[0].rolls[0].total == 1
    assert [(g.text, g.sides, g.face) for g in made.given] == [("1%", 100, 1)]
    assert [(e.kind, e.ply) for e in made.events] == [("action", at), ("roll", at + 1)]
    assert made.events[0].values["label"] == "Sample 1 buys chainmail from the price list"
    assert made.events[1].dice[0].total == 1
    assert "Chainmail for" in state(match).events[0].text
    made = make_action(match, "buy:0:chainmail", "100%")
    assert [r.move for r in made.rolled] == ["not-in-stock"]
    assert "no Chainmail to be had" in state(match).events[0].text
    assert match.session.game_id is not None
    assert store.load(match.session.game_id).moves == match.session.moves


def test_dice_left_unused_refuse_the_action_and_nothing_is_saved(store: SqlStore) -> None:
    match = campaign(store)
    at, before = match.ply, kept(store, match)
    funds = state(match).members[0].character.funds_gp
    with pytest.raises(UsageError, match="rolls 5 were not used: nothing was saved"):
        make_action(match, "buy:0:chainmail", "1%,5")
    with pytest.raises(UsageError, match="rolls 5 were not used"):
        make_action(match, "note:no dice here", "5")
    with pytest.raises(UsageError, match="die of 1-20"):  # a reading where the purchase throws 2d20
        make_action(match, "buy:0:chainmail", "21")
    assert kept(store, match) == before and match.ply == at
    assert state(match).members[0].character.funds_gp == funds


def test_a_stale_ply_is_refused_and_nothing_is_saved(store: SqlStore) -> None:
    match = campaign(store)
    assert match.session.game_id is not None
    other = Match.load(store, match.session.game_id)
    at = match.ply
    with pytest.raises(StaleMoveError, match="stale move"):
        make_action(match, "buy:0:chainmail", "1%", ply=at - 1)
    assert kept(store, match) == at
    make_action(match, "note:the bridge is out", ply=at)
    with pytest.raises(StaleMoveError, match="stale move"):  # `other` was loaded before the note
        make_action(other, "buy:0:chainmail", "1%")
    assert kept(store, match) == at + 1 and other.ply == at


def test_any_well_formed_action_is_taken_and_a_bad_one_refused_in_the_rules_words() -> None:
    match = Match.new("adventures-in-fantasy", "campaign", {}, ["human"], seed=1)
    for action in ("note:the bridge is out", "advance:2", "days:3"):
        assert action not in [str(a) for a in match.state.legal_actions()]
        made = make_action(match, action)
        assert [e.values["action"] for e in made.events] == [action]
    assert match.ply == 3
    with pytest.raises(MatchError, match="whole number"):
        make_action(match, "days:many")
    make_action(match, "end")
    with pytest.raises(UsageError, match="this campaign has ended"):
        make_action(match, "note:too late")
