"""Bot strengths at the match driver (issue 34): a seat is a person, the game's bot ("bot", kept for
games saved before the strengths) or a named strength ("random", "heuristic", "search"), each the policy
the game registers under that name; saved seats keep their strength."""

from __future__ import annotations

from pathlib import Path

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine import registry
from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.game import Action, GameState
from grognard.engine.match import BOT_LEVELS, Match, bot_policy, levels, parse_seats
from grognard.engine.session import Session, random_policy
from grognard.engine.store import seats as store_seats
from grognard.engine.store.factory import open_store
from grognard.engine.view import GameViews, plain_views
from tests.toys import DuelGame


def keeper(state: GameState, rng: Rng) -> Action:
    return "keep"


def reroller(state: GameState, rng: Rng) -> Action:
    return "reroll" if "reroll" in state.legal_actions() else "keep"


def views(**given: object) -> GameViews:
    from dataclasses import replace

    return replace(plain_views(1), **given)  # type: ignore[arg-type]


def test_each_kind_of_seat_plays_the_policy_registered_for_it() -> None:
    both = views(bot=keeper, bots={"heuristic": keeper, "search": reroller})
    assert bot_policy(both, "bot") is keeper and bot_policy(both, "heuristic") is keeper
    assert bot_policy(both, "search") is reroller and bot_policy(both, "random") is random_policy
    assert levels(both) == BOT_LEVELS == ("random", "heuristic", "search")
    plain = views(bot=keeper)
    assert bot_policy(plain, "search") is keeper and levels(plain) == ("random",)
    assert bot_policy(views(), "search") is random_policy


def test_a_search_seat_plays_the_search_bot_through_the_driver() -> None:
    both = views(bot=keeper, bots={"heuristic": keeper, "search": reroller})
    made = {}
    for kind in ("bot", "heuristic", "search"):
        match = Match(Session.new("toy", DuelGame(), {"hp": 2, "rerolls": 2}, 3), both, [kind])
        match.advance()
        made[kind] = [m.move for m in match.session.moves if m.player == 0]
    assert "reroll" in made["search"] and "reroll" not in made["bot"]
    assert made["bot"] == made["heuristic"]


def test_strengths_are_parsed_and_an_unknown_one_is_refused_by_name() -> None:
    assert parse_seats(["human", "search", "heuristic"], 4) == ["human", "search", "heuristic", "bot"]
    with pytest.raises(UsageError, match="'strong' is not one of human, bot, random, heuristic, search"):
        parse_seats(["strong"], 2)
    assert store_seats.parse("human,search,heuristic") == ("human", "search", "heuristic")
    assert store_seats.split("t [seats: human,search]") == ("t", ("human", "search"))


def test_saved_seats_keep_their_strength_and_old_bot_seats_still_load(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = Match.new("talisman", "game", {"players": 4}, ("human", "search", "heuristic", "bot"), 2, store)
    gid = match.session.game_id
    assert gid is not None
    loaded = Match.load(store, gid)
    assert loaded.seats == ["human", "search", "heuristic", "bot"]
    talisman = registry.get_views("talisman", "game")
    assert set(talisman.bots) == set(BOT_LEVELS) and talisman.bots["heuristic"] is talisman.bot
    policies = [bot_policy(talisman, kind) for kind in loaded.seats[1:]]
    assert policies == [talisman.bots["search"], talisman.bot, talisman.bot]
    quest = registry.get_views("heroquest", "quest")
    assert quest.bots["heuristic"] is quest.bot and "search" in quest.bots
