"""The match driver: seats, advance, act refusing a wrong seat / an illegal action / a stale ply, undo to
the seat's previous decision, a save per move through the store, replay at any ply."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import grognard.systems  # noqa: F401  (registers the systems)
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.match import Match, MatchError, parse_seats, seats_of_title, seats_title
from grognard.engine.store.factory import SqliteStore, open_store
from tests.toys import duel_choice


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    """A fresh store in a temporary home."""
    return open_store(tmp_path)


def talisman(store: SqliteStore | None, seats: tuple[str, ...] = ("human", "human")) -> Match:
    """A two-player Talisman game advanced to the first human decision."""
    match = Match.new("talisman", "game", {"players": 2}, seats, seed=7, store=store)
    match.advance()
    return match


def test_advance_stops_at_a_human_decision_and_bots_play_to_the_end() -> None:
    match = Match.new("toy", "duel", {"hp": 3}, ("human",), seed=1)
    match.advance()
    assert match.state.actor() == 0
    assert match.humans_to_act() == [0]
    bots = Match.new("toy", "duel", {"hp": 3}, ("bot",), seed=1)
    bots.advance()
    assert bots.state.actor() is TERMINAL
    assert bots.ply > 0


def test_act_refuses_wrong_seat_illegal_action_and_stale_ply_with_one_line() -> None:
    match = talisman(None)
    who = match.state.actor()
    assert isinstance(who, int)
    other = 1 - who
    action = str(match.state.legal_actions()[0])
    with pytest.raises(MatchError, match=f"seat {other} is not to act: seat {who} is"):
        match.act(other, action)
    with pytest.raises(MatchError, match="illegal action 'fly'"):
        match.act(who, "fly")
    with pytest.raises(MatchError, match="stale move"):
        match.act(who, action, ply=match.ply - 1)
    with pytest.raises(MatchError, match="no seat 5"):
        match.act(5, action)
    for refused in (MatchError("x"),):
        assert isinstance(refused, ValueError) and "\n" not in str(refused)
    before = match.ply
    match.act(who, action, ply=before)
    assert match.ply > before


def test_every_move_is_saved_and_a_second_client_at_the_same_ply_is_refused(store: SqliteStore) -> None:
    match = talisman(store)
    gid = match.session.game_id
    assert gid is not None
    assert store.summary(gid).moves == match.ply
    first = Match.load(store, gid)
    second = Match.load(store, gid)
    who = first.state.actor()
    assert isinstance(who, int)
    action = str(first.state.legal_actions()[0])
    ply = first.ply
    first.act(who, action, ply)
    stored = store.summary(gid).moves
    assert stored == first.ply
    with pytest.raises(MatchError, match="stale move"):
        second.act(who, action, ply)  # saw the same position: refused, never applied twice
    assert store.summary(gid).moves == stored
    assert second.ply == ply
    loaded = store.load(gid, verify=True)
    assert [m.move for m in loaded.moves] == [m.move for m in first.session.moves]


def test_seats_are_kept_with_the_game(store: SqliteStore) -> None:
    match = Match.new("talisman", "game", {"players": 3}, ("bot", "human"), seed=2, store=store)
    gid = match.session.game_id
    assert gid is not None
    assert Match.load(store, gid).seats == ["bot", "human", "bot"]
    assert seats_of_title(seats_title("x", ["human", "bot"])) == ["human", "bot"]
    assert seats_of_title("plain title") is None
    with pytest.raises(UsageError, match="3 seats given"):
        parse_seats(["human", "human", "human"], 2)
    with pytest.raises(UsageError, match="'robot'"):
        parse_seats(["robot"], 2)


def test_a_random_bot_seat_is_kept_with_the_game(store: SqliteStore) -> None:
    match = Match.new("talisman", "game", {"players": 3}, ("human", "random", "bot"), seed=2, store=store)
    gid = match.session.game_id
    assert gid is not None
    assert Match.load(store, gid).seats == ["human", "random", "bot"]


def test_undo_goes_back_to_the_seats_previous_decision(store: SqliteStore) -> None:
    match = Match.new("toy", "duel", {"hp": 3}, ("human",), seed=4, store=store)
    match.advance()
    gid = match.session.game_id
    assert gid is not None
    first = match.ply
    match.act(0, duel_choice(match.state))
    if match.state.actor() is TERMINAL:
        pytest.skip("the duel ended at once")  # pragma: no cover
    second = match.ply
    match.act(0, duel_choice(match.state))
    dropped = match.undo(0)
    assert match.ply == second
    assert dropped >= 1
    assert match.state.actor() == 0
    assert store.summary(gid).moves == second
    match.undo(0)
    assert match.ply == first
    fresh = Match.new("toy", "duel", {}, ("human",), seed=4)
    with pytest.raises(MatchError, match="no decision to undo"):
        fresh.undo(0)
    with pytest.raises(MatchError, match="seat 1 is a bot"):
        fresh.undo(1)


def test_act_returns_the_moves_made_with_labels_and_dice() -> None:
    match = Match.new("fighting-fantasy", "fight", {"hero": "10/20/9", "enemies": "Orc:7/6"}, (), seed=3)
    match.advance()
    before = match.state
    action = str(before.legal_actions()[0])
    events = match.act(0, action)
    assert events[0].kind == "action" and events[0].who == 0
    assert match.views.label is not None
    assert events[0].values == {"action": action, "label": match.views.label(before, action)}
    assert events[0].values["label"] != action
    rolls = [e for e in events if e.kind == "roll"]
    assert rolls and all(d.dice for e in rolls for d in e.dice)


def test_replay_view_at_any_ply_matches_the_state_then() -> None:
    match = Match.new("toy", "duel", {"hp": 2}, ("bot",), seed=9)
    match.advance()
    n = match.ply
    assert n > 2
    for ply in (0, 1, n // 2, n):
        view = match.replay_view(ply)
        assert view.ply == ply
        assert len([e for e in view.events if e.kind in ("action", "roll")]) == ply
        state = match.session.replay(ply)
        assert view.public["state"] == state.describe()
        who = state.actor()
        assert view.to_act.next == ("end" if who is TERMINAL else "chance" if who is CHANCE else "decision")
    with pytest.raises(UsageError, match="outside"):
        match.replay_view(n + 1)


def test_a_loaded_game_labels_the_moves_it_shows(store: SqliteStore) -> None:
    match = Match.new("talisman", "game", {"players": 2}, ("human", "bot"), seed=3, store=store)
    match.advance()
    gid = match.session.game_id
    assert gid is not None
    made = {e.ply: e.values.get("label") for e in match.view(0).events if e.kind == "action"}
    loaded = Match.load(store, gid)
    assert loaded.labels == {}
    again = {e.ply: e.values.get("label") for e in loaded.view(0).events if e.kind == "action"}
    assert again == made
    assert again and all(again.values())


def test_talisman_lives_gold_and_alignment_changes_are_events() -> None:
    match = Match.new("talisman", "game", {"players": 2, "max_turns": 12}, ("bot", "bot"), seed=5)
    events = match.advance()
    assert match.state.actor() is TERMINAL
    changes = [e for e in events if e.kind == "change"]
    assert changes
    by_seat: dict[tuple[int | None, object], list[Any]] = {}
    for e in changes:
        by_seat.setdefault((e.who, e.values["what"]), []).append(e.values)
    final: Any = match.state
    for (seat, what), seen in by_seat.items():
        field = {"Lives": "lives", "Gold": "gold", "alignment": "alignment"}.get(str(what))
        if field is None or not isinstance(seat, int):
            continue
        assert all(v["from"] != v["to"] for v in seen)
        if final.heroes[seat].character:
            assert seen[-1]["to"] == getattr(final.heroes[seat], field)
    # A replay shows the moves' labels, which tell the same changes in words ("Elf (Seat 2): Lives 4 → 3").
    replayed = match.replay_view(None)
    assert not [e for e in replayed.events if e.kind == "change"]
    labels = {e.ply: f"{e.values.get('label', '')} {e.values.get('came', '')}" for e in replayed.events}
    for e in changes:
        assert f"{e.values['what']} {e.values['from']} → {e.values['to']}" in labels[e.ply], (
            e,
            labels[e.ply],
        )


def test_heroquest_tells_its_chance_moves_in_the_rules_words(store: SqliteStore) -> None:
    from grognard.engine.dice.core import Rng
    from grognard.systems.heroquest.model.state import QuestState
    from grognard.systems.heroquest.views.event_text import event_text
    from grognard.systems.heroquest.views.seat_view import heroes_may_know

    match = Match.new("heroquest", "quest", {}, ("human", "human"), seed=5, store=store)
    bot = _bots_to(match, 150)
    rolls = [e for e in match.view(None).events if e.kind == "roll" and e.ply != match.ply - 1]
    assert len(rolls) >= 5
    for e in rolls:
        assert e.ply is not None
        after = match.session.replay(e.ply + 1)
        assert isinstance(after, QuestState)
        said = " ".join(event_text(x) for x in after.log if heroes_may_know(after, x))
        before = match.session.replay(e.ply)
        assert isinstance(before, QuestState) and before.pending is not None
        if before.pending.kind == "order":  # the heroes' order, which the log does not tell
            order = [after.hero_of(int(i)).name for i in str(e.values["outcome"]).split(",")]
            said = " ".join(filter(None, (f"The order of play: {', '.join(order)}.", said)))
        label = str(e.values.get("label", ""))
        assert label and said in label, e  # the log's words, and a roll whose outcome is hidden is still said
    assert any("may move up to" in str(e.values.get("label")) for e in rolls)  # the game master's move roll
    gid = match.session.game_id
    assert gid is not None
    loaded = Match.load(store, gid)
    assert [e.values for e in loaded.view(None).events] == [e.values for e in match.view(None).events]
    # The last move, when chance, is told by the rules' log of the view itself, not twice.
    while "roll" not in map(str, match.state.legal_actions()):
        who = match.state.actor()
        assert isinstance(who, int)
        match.act(who, str(bot(match.state, Rng(f"t{match.ply}"))))
    match.act(0, "roll")
    last = match.view(0).events
    rolled = next(e for e in last if e.ply == match.ply - 1)
    assert rolled.kind == "roll" and "label" not in rolled.values
    assert any(e.values.get("say") == "move.may-move-squares" for e in last if e.ply == match.ply)


def test_talisman_tells_its_chance_moves_in_words_and_keeps_a_drawn_spell_secret(store: SqliteStore) -> None:
    from grognard.systems.talisman.catalog import catalog
    from grognard.systems.talisman.seat_view import seat_names
    from grognard.systems.talisman.state import TalismanState
    from grognard.systems.talisman.words import name_of

    match = Match.new("talisman", "game", {"players": 3}, ("human", "human", "human"), seed=11, store=store)
    _bots_to(match, 400)
    events = match.view(None).events
    rolls = [e for e in events if e.kind == "roll"]
    assert len(rolls) >= 10
    names = seat_names(match.state)
    kinds: set[str] = set()
    for e in rolls:
        assert e.ply is not None
        record, before = match.session.moves[e.ply], match.session.replay(e.ply)
        assert isinstance(before, TalismanState) and before.tasks
        kind = before.tasks[-1].kind
        kinds.add(kind)
        label = str(e.values.get("label", ""))
        if record.move in catalog().spells:  # a Spell drawn: secret from every seat, even in words
            assert e.values == {"hidden": True}
            continue
        first = label.split(". ")[0]
        assert any(first.startswith(n) for n in names), label
        if kind == "move_roll":
            assert first.endswith(" rolls to move") and e.dice and e.dice[0].total == record.move
        if kind == "draw":
            assert first.endswith(f" draws {name_of(str(record.move))}") or record.move == "none", label
    assert {"move_roll", "draw", "fight_roll"} <= kinds
    again = Match.load(store, match.session.game_id or "").view(None).events
    assert [e.values for e in again] == [e.values for e in events]


def test_heroquest_names_the_heroes_order_and_who_threw_each_roll() -> None:
    from grognard.systems.heroquest.model.state import QuestState

    match = Match.new("heroquest", "quest", {}, ("human", "human"), seed=5)
    match.advance()
    first = match.session.moves[0]
    assert first.player is None and isinstance(first.move, str)
    state = match.state
    assert isinstance(state, QuestState)
    names = [state.hero_of(i).name for i in range(len(state.heroes))]
    order = [names[int(i)] for i in first.move.split(",")]
    rolled = next(e for e in match.view(None).events if e.ply == 0)
    assert rolled.values["label"] == f"The order of play: {', '.join(order)}."
    throwers = [r.expression.removesuffix(": 2 red dice") for r in first.rolls]
    assert set(throwers) == set(names)  # each named as the sheets name him, not by an index


def test_talisman_tells_what_came_of_every_move_once(store: SqliteStore) -> None:
    """Every note the rules wrote is said with the move that made it, a seat's action as well as a roll,
    and the rules' running log is not shown again at the last move."""
    from grognard.systems.talisman.seat_view import named, seat_names
    from grognard.systems.talisman.state import TalismanState
    from grognard.systems.talisman.words import new_notes

    match = Match.new("talisman", "game", {"players": 3}, ("human", "human", "human"), seed=7, store=store)
    _bots_to(match, 300)
    told_actions = 0
    for ply in range(match.ply):
        before, after = match.session.replay(ply), match.session.replay(ply + 1)
        assert isinstance(before, TalismanState) and isinstance(after, TalismanState)
        notes = named(new_notes(before.log, after.log), seat_names(before))
        label = match.labels[ply]
        if not label and notes:  # a Spell drawn, secret even in words
            assert match.session.moves[ply].player is None
            continue
        for note in notes:
            if note not in label:  # a combat's "X win against Y": the scores' line has said who won
                assert before.tasks and before.tasks[-1].kind == "fight_roll", (ply, label, note)
                assert " against " in note and label.split(". ")[0].endswith(("wins", "loses", "a standoff"))
                continue
            assert note in label, (ply, label, notes)
        if match.session.moves[ply].player is not None and notes:
            told_actions += 1
            assert label.index(notes[0]) > 0  # after the action's own label
    assert told_actions >= 3
    for seat in (None, 0, 1, 2):
        assert not [e for e in match.view(seat).events if e.kind == "log"]
    # An action's event carries its label and what came of it apart (the terminal words the changes).
    came = [e for e in match.replay_view(None).events if e.kind == "action" and e.values.get("came")]
    assert came and all("\n" not in str(e.values.get("label", "")) for e in came)
    gid = match.session.game_id
    assert gid is not None
    loaded = Match.load(store, gid)  # labelled again by replaying, as another worker would
    assert [e.values for e in loaded.view(None).events] == [e.values for e in match.view(None).events]


def _bots_to(match: Match, plies: int) -> Any:
    """Advance `match`, then the game's bot makes every seat's moves up to `plies` moves; returns the bot."""
    from grognard.engine.dice.core import Rng

    match.advance()
    bot = match.views.bot
    assert bot is not None
    while match.ply < plies:
        who = match.state.actor()
        assert isinstance(who, int)
        match.act(who, str(bot(match.state, Rng(f"t{match.ply}"))))
    return bot


def test_grey_star_tells_each_round_by_the_combat_results_table() -> None:
    from grognard.systems.grey_star.combat import CombatState

    for e, _, after, label in _rolls_told("grey-star", "combat", {}, seed=3):
        assert isinstance(after, CombatState)
        enemy, grey_star = re.fullmatch(r"E(\d+)/GS(\d+)", str(e.values["outcome"])).groups()  # type: ignore[union-attr]
        assert label.startswith(f"The enemy loses {enemy} ENDURANCE (")
        assert f", Grey Star {grey_star} (" in label


def _rolls_told(
    system: str, game: str, options: dict[str, Any], seed: int
) -> list[tuple[Any, Any, Any, str]]:
    """A game the bots (or chance alone) play to its end: each roll's event, the states before and after
    it, and its label."""
    match = Match.new(system, game, options, ("bot",), seed=seed)
    match.advance()
    told = []
    for e in match.view(None).events:
        if e.kind == "roll" and e.ply is not None:
            before, after = match.session.replay(e.ply), match.session.replay(e.ply + 1)
            told.append((e, before, after, str(e.values.get("label", ""))))
    assert told
    return told


def test_the_best_play_is_named_by_its_label() -> None:
    for system, game, said in (
        ("grey-star", "combat", "best: Spend "),
        ("fighting-fantasy", "fight", "best: "),
    ):
        match = Match.new(system, game, {}, ("human",), seed=3)
        match.advance()
        odds = match.view(0).odds
        assert odds is not None and odds.note.startswith(said), odds
        best = odds.note.removeprefix("best: ")
        assert best in {a.label for a in match.view(0).actions}, (best, match.view(0).actions)


def test_a_fighting_fantasy_round_is_told_by_who_wounded_whom() -> None:
    from grognard.systems.fighting_fantasy.fight import FightState

    for e, before, after, label in _rolls_told("fighting-fantasy", "fight", {"enemies": "Orc:7/6"}, seed=4):
        assert isinstance(before, FightState) and isinstance(after, FightState)
        outcome = str(e.values["outcome"])
        if outcome.startswith("hit"):
            assert label.startswith("You wound Orc. Orc STAMINA "), label
        elif outcome.startswith("hurt"):
            assert label.startswith("Orc wounds you. Your STAMINA "), label
        elif outcome == "even":
            assert label.startswith("A stand-off. Your Attack Strength: 2d6 ("), label
        if after.stamina != before.stamina:
            assert f"Your STAMINA {before.stamina} → {after.stamina}" in label


def test_an_adventures_in_fantasy_melee_turn_is_told_by_the_hit_points_taken() -> None:
    from grognard.systems.adventures_in_fantasy.melee import MeleeState

    rolls = _rolls_told("adventures-in-fantasy", "melee", {}, seed=2)
    for e, before, after, label in rolls:
        assert isinstance(before, MeleeState) and isinstance(after, MeleeState)
        struck = 1 - before.striker
        taken = before.hp[struck] - after.hp[struck]
        assert taken == int(str(e.values["outcome"]))
        assert label.endswith("draws no blood") if taken == 0 else f"takes {taken} hit point" in label, label
    assert rolls[-1][3].endswith("falls")


def test_a_gamebook_fight_is_told_as_the_system_tells_its_fights() -> None:
    """The sample books' fights, played by the bot: every round of a fight is told in words."""
    from grognard.gamebook.runner import GamebookState

    told: dict[str, int] = {}
    for system, words in (
        ("fighting-fantasy", ("wound", "stand-off", "Lucky", "Unlucky")),
        ("grey-star", ("ENDURANCE",)),
    ):
        for seed in range(12):
            match = Match.new(system, "gamebook", {}, ("bot",), seed=seed)
            match.advance()
            for e in match.view(None).events:
                if e.kind != "roll" or e.ply is None:
                    continue
                before = match.session.replay(e.ply)
                assert isinstance(before, GamebookState)
                if before.fight is not None:
                    label = str(e.values.get("label", ""))
                    assert any(w in label for w in words), (system, seed, label)
                    told[system] = told.get(system, 0) + 1
    assert set(told) == {"fighting-fantasy", "grey-star"}, told
