"""The automatic moves shown one by one (`web.stepping.bot_steps`): HeroQuest's automatic game master
plays by dice, so its turn is stepped at each monster's movement roll and attack (issue 30)."""

from __future__ import annotations

import grognard.systems  # noqa: F401  (declares the systems)
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE
from grognard.engine.match import Match
from grognard.systems.heroquest.model.state import QuestState
from grognard.web import stepping


def hero_turns_until_the_game_master_moved(seed: int) -> Match:
    """A quest whose heroes' seat is a person's, played by the heroes' bot until the game master's turn
    (automatic, by dice) has just been played."""
    match = Match.new("heroquest", "quest", {"quest": "1-the-smugglers-stair"}, ["human", "bot"], seed=seed)
    match.advance()
    bot = match.views.bot
    assert bot is not None
    for _ in range(400):
        steps = stepping.bot_steps(match)
        if steps:
            return match
        match.act(0, str(bot(match.state, Rng(f"t{match.ply}"))))
    raise AssertionError("the game master never moved a monster in 400 moves")


def test_the_automatic_game_masters_turn_is_stepped_at_its_monsters_dice() -> None:
    match = hero_turns_until_the_game_master_moved(4)
    steps = stepping.bot_steps(match)
    game = match.session.game
    state = game.new_initial_state(match.session.options)
    states = [state]
    for record in match.session.moves:
        state = state.apply(record.move)
        states.append(state)
    for ply in steps:
        before = states[ply]
        assert isinstance(before, QuestState) and before.actor() is CHANCE and before.in_gm_turn()
        assert before.pending is not None and before.pending.kind in ("mmove", "attack")
    last_person = max(p for p, r in enumerate(match.session.moves) if r.player == 0)
    assert all(p > last_person for p in steps)  # only the run after the person's last decision


def test_the_kept_state_is_not_trusted_after_an_undo() -> None:
    """A state kept from an earlier call is used only while the moves before it are the same."""
    match = hero_turns_until_the_game_master_moved(5)
    first = stepping.bot_steps(match)
    match.undo(0)
    bot = match.views.bot
    assert bot is not None
    while not stepping.bot_steps(match):
        match.act(0, str(bot(match.state, Rng(f"again{match.ply}"))))
    kept = stepping.bot_steps(match)
    stepping._KEPT.clear()
    assert stepping.bot_steps(match) == kept and first
