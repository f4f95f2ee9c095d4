"""Seat views: the one model, every game's registered view, labels, groups and targets, and secrets kept."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine import registry
from grognard.engine.conformance import view_leaks
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL, GameState
from grognard.engine.session import MoveRecord, Session
from grognard.engine.view import SeatView, seat_view, view_data, view_from_data

GAMES: list[tuple[str, str, dict[str, Any]]] = [
    ("fighting-fantasy", "fight", {"enemies": "Orc:7/6,Goblin:5/5", "together": True}),
    ("fighting-fantasy", "gamebook", {"book": "sample"}),
    ("grey-star", "combat", {}),
    ("grey-star", "gamebook", {"book": "sample"}),
    ("adventures-in-fantasy", "melee", {}),
    ("adventures-in-fantasy", "campaign", {}),
    ("talisman", "game", {"players": 3}),
    ("heroquest", "quest", {"rounds": 3}),
]


def played(system: str, game: str, options: dict[str, Any], decisions: int, seed: int = 1) -> Session:
    """A game played by random legal moves for `decisions` decisions (or to its end)."""
    session = Session.new(system, registry.get_game(system, game), options, seed)
    rng = Rng(f"view:{seed}")
    made = 0
    while not session.is_over():
        if session.current.actor() is CHANCE:
            session.roll()
            continue
        if made >= decisions:
            break
        session.play(rng.choice(list(session.current.legal_actions())))
        made += 1
    return session


def view_of(session: Session, seat: int | None, odds: bool = False) -> SeatView:
    """A seat's view of the session's current state."""
    views = registry.get_views(session.system, session.game.info.id)
    return seat_view(
        session.system, session.game.info.id, views, session.current, seat, session.moves, odds=odds
    )


@pytest.mark.parametrize(("system", "game", "options"), GAMES, ids=[f"{s}/{g}" for s, g, _ in GAMES])
def test_every_game_has_a_view_that_validates_and_round_trips(
    system: str, game: str, options: dict[str, Any]
) -> None:
    session = played(system, game, options, 4)
    views = registry.get_views(system, game)
    for seat in [None, *range(views.seats(session.current))]:
        view = view_of(session, seat)
        back = view_from_data(json.loads(json.dumps(view_data(view))))
        assert back == view
        assert view.ply == len(session.moves)
        who = session.current.actor()
        if isinstance(who, int) and who == seat:
            assert view.actions, "the seat to act is offered its actions"
            assert {a.id for a in view.actions} == {str(a) for a in session.current.legal_actions()}
            assert all(a.label for a in view.actions)
        else:
            assert view.actions == []
        if who is TERMINAL:
            assert view.result is not None


def test_the_model_refuses_what_is_not_json_and_unknown_fields() -> None:
    base = view_data(view_of(played("grey-star", "combat", {}, 0), 0))
    with pytest.raises(ValidationError):
        view_from_data({**base, "public": {"x": {1, 2}}})
    with pytest.raises(ValidationError):
        view_from_data({**base, "secret": 1})
    with pytest.raises(ValidationError):
        view_from_data({**base, "actions": [{"id": "a", "label": "A", "target": {"kind": "planet"}}]})


def test_ff_fight_shows_both_sides_now_and_names_each_creature_with_its_scores() -> None:
    session = played("fighting-fantasy", "fight", {"enemies": "Orc:7/6,Goblin:5/5", "together": True}, 0)
    view = view_of(session, 0, odds=True)
    fight: Any = view.public["fight"]
    assert [c["name"] for c in fight["creatures"]] == ["Orc", "Goblin"]
    assert fight["hero"]["stamina"] == session.current.stamina  # type: ignore[attr-defined]
    attacks = [a for a in view.actions if a.group == "attack"]
    assert [a.label for a in attacks] == [
        "Attack the Orc (SKILL 7, STAMINA 6) this round",
        "Attack the Goblin (SKILL 5, STAMINA 5) this round",
    ]
    assert [a.target.id for a in attacks if a.target is not None] == [0, 1]
    assert view.odds is not None and view.odds.win is not None and 0 < view.odds.win < 1
    assert set(view.odds.actions) == {a.id for a in view.actions}


def test_grey_star_willpower_spend_is_one_amount_question_with_odds() -> None:
    session = played("grey-star", "combat", {"willpower": 4}, 0)
    view = view_of(session, 0, odds=True)
    spends = [a for a in view.actions if a.group == "amount"]
    assert [a.target.id for a in spends if a.target is not None] == list(range(5))
    assert spends[0].label == "Spend no WILLPOWER this round"
    fight: Any = view.public["fight"]
    assert fight["combat_ratio_spending_none"] == fight["combat_ratio_spending_some"] - 6  # no Staff magic
    assert view.odds is not None and set(view.odds.actions) >= {a.id for a in spends}


def test_gamebook_choices_target_their_section() -> None:
    session = played("fighting-fantasy", "gamebook", {"book": "sample"}, 30, seed=3)
    for _ in range(40):
        view = view_of(session, 0)
        moves = [a for a in view.actions if a.id.startswith("choice:")]
        if moves:
            break
        session.play(str(session.current.legal_actions()[0]))
        session.advance()
    assert moves
    for a in moves:
        assert a.group == "move" and a.target is not None and a.target.kind == "section"
        assert a.label.endswith(f"(turn to {a.target.id})")
    assert view.public["text"]


def _talisman_with_spells() -> Session:
    for seed in range(1, 40):
        session = played("talisman", "game", {"players": 2}, 6, seed=seed)
        state: Any = session.current
        if all(h.spells for h in state.heroes):
            return session
    raise AssertionError("no seed gave both players a Spell")  # pragma: no cover


def test_talisman_spells_are_private_and_their_draws_secret() -> None:
    session = _talisman_with_spells()
    state: Any = session.current
    views = {seat: view_of(session, seat) for seat in (None, 0, 1)}
    assert view_leaks(views) == []
    for seat in (0, 1):
        mine: Any = views[seat].private["spells"]
        assert [s["id"] for s in mine] == list(state.heroes[seat].spells)
        assert all(s["text"] for s in mine)
    public: Any = views[None].public
    assert all("spells" not in h for h in public["heroes"])
    assert [h["spell_count"] for h in public["heroes"]] == [len(h.spells) for h in state.heroes]
    talisman = registry.get_views("talisman", "game")
    assert talisman.hidden is not None
    spell = state.heroes[0].spells[0]
    assert talisman.hidden(MoveRecord(spell, None), 0)
    assert talisman.hidden(MoveRecord(f"discard:{spell}", 0), 1)
    assert not talisman.hidden(MoveRecord(f"discard:{spell}", 0), 0)
    assert talisman.audit is not None
    assert talisman.audit(state, 1, views[1]) == []
    leaked = views[1].model_copy(update={"private": views[0].private})
    assert talisman.audit(state, 1, leaked)


def test_talisman_move_names_its_destination_and_what_it_does() -> None:
    for seed in range(1, 30):
        session = played("talisman", "game", {"players": 2}, 3, seed=seed)
        who = session.current.actor()
        if isinstance(who, int) and "cw" in session.current.legal_actions():
            break
    view = view_of(session, who if isinstance(who, int) else 0)
    cw = next(a for a in view.actions if a.id == "cw")
    assert cw.label.startswith("Move clockwise ")
    assert cw.target is not None and cw.target.kind == "space"
    assert f"to the {cw.target.name}" in cw.label


def test_view_leaks_finds_a_private_field_shown_to_another_seat() -> None:
    session = _talisman_with_spells()
    views = {seat: view_of(session, seat) for seat in (None, 0, 1)}
    copied = dict(views[1].public)
    copied["spells"] = views[0].private["spells"]
    views[1] = views[1].model_copy(update={"public": copied})
    found = view_leaks(views)
    assert any("public part differs" in f for f in found)
    assert any("seat 1's view shows seat 0's secret spells" in f for f in found)


def _quest_with_hidden_monster() -> tuple[Session, int]:
    for decisions in range(0, 40, 4):
        session = played("heroquest", "quest", {"rounds": 3}, decisions)
        state: Any = session.current
        hidden = [
            j for j, m in enumerate(state.monsters) if m.at is not None and j not in state.visible_monsters
        ]
        if hidden and not session.is_over():
            return session, hidden[0]
    raise AssertionError("no position with a monster out of sight")  # pragma: no cover


def test_heroquest_heroes_see_only_what_is_revealed_and_the_game_master_all() -> None:
    session, j = _quest_with_hidden_monster()
    state: Any = session.current
    heroes = view_of(session, 0)
    gm = view_of(session, 1)
    assert heroes.public == gm.public
    assert heroes.private == {}
    public: Any = heroes.public
    assert j not in [m["index"] for m in public["monsters"]]
    assert set(public["areas"]) <= set(state.seen)
    private: Any = gm.private
    assert j in [m["index"] for m in private["monsters"]]
    quest = registry.get_views("heroquest", "quest")
    assert quest.audit is not None
    assert quest.audit(state, 0, heroes) == []
    monster = private["monsters"][j]
    leaked = heroes.model_copy(
        update={"public": {**heroes.public, "monsters": [*public["monsters"], monster]}}
    )
    assert any("out of sight" in f for f in quest.audit(state, 0, leaked))
    assert quest.hidden is not None
    assert quest.hidden(MoveRecord("move:m1:3,4", 1), 0)
    assert not quest.hidden(MoveRecord("move:m1:3,4", 1), 1)


def test_a_game_without_a_registered_view_gets_the_plain_one() -> None:
    from tests.toys import DuelGame  # registers the toy system

    views = registry.get_views("toy", "duel")
    state: GameState = DuelGame().new_initial_state({})
    view = seat_view("toy", "duel", views, state, 0)
    assert view.public == {"state": state.describe()}
    assert views.seats(state) == 2


def test_every_shipped_game_is_in_the_list() -> None:
    """A new system's games join `GAMES` (the recipe "Add a sixth system" says so; this fails until then)."""
    shipped = {
        (f.id, g) for f in registry.facts() if f.module.startswith("grognard.systems.") for g in f.games
    }
    assert shipped <= {(s, g) for s, g, _ in GAMES}
