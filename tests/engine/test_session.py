"""Sessions on the toy duel: play, roll, advance, undo, replay and resuming with the same dice."""

from __future__ import annotations

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.session import MoveRecord, Session, random_policy
from tests.toys import DuelGame, DuelState


def _new(seed: int = 1, **options: int) -> Session:
    return Session.new("toy", DuelGame(), options, seed)


def _play_out(session: Session, bot_seed: str) -> None:
    bot = Rng(bot_seed)
    while not session.is_over():
        session.advance()
        if not session.is_over():
            session.play(random_policy(session.current, bot))


def test_new_resolves_options_and_starts_at_chance() -> None:
    session = _new(hp=2)
    assert session.options == {"hp": 2, "rerolls": 1}
    assert session.current == DuelState((2, 2), 1)
    assert session.current.actor() is CHANCE
    with pytest.raises(UsageError, match="colour"):
        Session.new("toy", DuelGame(), {"colour": 1}, 1)


def test_roll_records_the_dice_and_the_outcome() -> None:
    session = _new()
    record = session.roll()
    assert record.player is None
    assert len(record.rolls) == 1
    assert record.move == record.rolls[0].total
    assert isinstance(session.current, DuelState)
    assert session.current.mine == record.move
    assert session.current.actor() == 0


def test_advance_rolls_until_a_decision() -> None:
    session = _new()
    done = session.advance()
    assert [m.player for m in done] == [None]
    assert session.current.actor() == 0
    assert session.advance() == []


def test_play_records_the_player() -> None:
    session = _new()
    session.advance()
    record = session.play("keep")
    assert record == MoveRecord("keep", 0)
    assert session.current.actor() is CHANCE


def test_illegal_moves_raise_rules_error_naming_the_move() -> None:
    session = _new(rerolls=0)
    with pytest.raises(RulesError, match="'keep'") as caught:
        session.play("keep")
    assert caught.value.move == "keep"
    session.advance()
    with pytest.raises(RulesError, match="'reroll'") as caught:
        session.play("reroll")
    assert caught.value.state == session.current
    with pytest.raises(RulesError, match="'roll'"):
        session.roll()
    with pytest.raises(RulesError, match="7"):
        session.current.apply(7)
    assert len(session.moves) == 1


def test_a_game_with_no_decision_cannot_be_undone() -> None:
    session = _new()
    assert session.undo() == 0
    session.advance()
    assert session.undo() == 0
    assert len(session.moves) == 1


def test_undo_drops_trailing_chance_moves_and_the_last_action() -> None:
    session = _new(seed=4)
    session.advance()
    at_decision = session.current
    before = list(session.moves)
    session.play("keep")
    session.roll()
    rolled = session.advance()
    assert session.undo() == 2 + len(rolled)
    assert session.moves == before
    assert session.current == at_decision
    assert session.current.actor() == 0


def test_undo_goes_back_one_decision_at_a_time() -> None:
    session = _new(seed=9, rerolls=3)
    session.advance()
    session.play("reroll")
    session.advance()
    second = session.current
    session.play("reroll")
    session.advance()
    assert session.undo() == 2
    assert session.current == second
    assert session.undo() == 2
    assert len(session.moves) == 1
    assert session.undo() == 0


def test_replay_equals_the_snapshot() -> None:
    session = _new(seed=21, hp=4, rerolls=2)
    _play_out(session, "bot")
    assert session.current.actor() is TERMINAL
    assert session.replay() == session.current
    fresh = Session("toy", DuelGame(), dict(session.options), session.seed, moves=list(session.moves))
    assert fresh.current == session.current
    middle = len(session.moves) // 2
    partial = session.game.new_initial_state(session.options)
    for record in session.moves[:middle]:
        partial = partial.apply(record.move)
    assert session.replay(middle) == partial


def test_a_resumed_session_throws_the_same_dice_as_an_unbroken_one() -> None:
    unbroken = _new(seed=77, hp=5, rerolls=2)
    _play_out(unbroken, "same-bot")

    resumed = _new(seed=77, hp=5, rerolls=2)
    bot = Rng("same-bot")
    while len(resumed.moves) < len(unbroken.moves) // 2:
        resumed.advance()
        resumed.play(random_policy(resumed.current, bot))
    saved = list(resumed.moves)
    reloaded = Session("toy", DuelGame(), dict(resumed.options), 77, moves=saved)
    while not reloaded.is_over():
        reloaded.advance()
        if not reloaded.is_over():
            reloaded.play(random_policy(reloaded.current, bot))
    assert reloaded.moves == unbroken.moves
    assert reloaded.current == unbroken.current


def test_dice_depend_on_seed_and_ply() -> None:
    a, b = _new(seed=5), _new(seed=5)
    assert a.roll() == b.roll()
    rolls_by_seed = {_new(seed=s).roll().move for s in range(40)}
    assert len(rolls_by_seed) > 1


def test_over_game_refuses_moves() -> None:
    session = _new(seed=3, hp=1, rerolls=0)
    _play_out(session, "x")
    assert session.is_over()
    with pytest.raises(RulesError, match="the game is over"):
        session.current.apply("keep")
    with pytest.raises(RulesError, match="no player is to move"):
        session.play("keep")
    assert session.advance() == []
