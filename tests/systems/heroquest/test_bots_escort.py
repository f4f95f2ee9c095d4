"""The bot heroes while one of them leads the prisoner: no stepping to and fro (the seed the audit found)."""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.session import Session
from grognard.systems.heroquest.content.quest_setup import quest_source
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bot_maps import goal_squares
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.simulate import party_for

QUEST = "1-the-smugglers-stair"


def _play(seed: int) -> tuple[QuestState, list[tuple[int, int, str]]]:
    """The quest played as `grognard hq play QUEST --bots --seed SEED` plays it: the final state and each
    hero move as (round, hero, action), a new turn marked by the action "turn"."""
    ref = quest_source(QUEST)
    options = {"quest": ref, "heroes": party_for(ref), "gm": "auto", "order": "roll"}
    session = Session.new("heroquest", GAME, GAME.info.resolve_options(options), seed)
    rng = Rng(f"{seed}:bot")
    moves: list[tuple[int, int, str]] = []
    last: tuple[int, int] | None = None
    while session.current.actor() is not TERMINAL and len(session.moves) < 6000:
        state = session.current
        assert isinstance(state, QuestState)
        if state.actor() is CHANCE:
            session.roll()
            continue
        action = hero_bot(state, rng)
        who = state.current_hero()
        if who is not None and not state.in_gm_turn():
            if last != (state.round, who):
                moves.append((state.round, who, "turn"))
                last = (state.round, who)
            moves.append((state.round, who, action))
        session.play(action)
    final = session.current
    assert isinstance(final, QuestState)
    return final, moves


def test_no_hero_steps_to_and_fro_on_the_audited_seed_line_132() -> None:
    """`004_24cd6f974fe6a1ee.txt:132` (movement): on seed 1 the wizard stepped 2,9 and 3,9 in turn for
    whole turns, companion of the hero leading the prisoner; now no hero comes back to a square he left
    in the same turn, and the quest ends in time."""
    final, moves = _play(1)
    assert final.outcome in ("won", "lost", "retreated")
    trail: list[str] = []
    for _, _, action in moves:
        if action == "turn":
            trail = []
        elif action.startswith("move:"):
            square = action[5:]
            assert square not in trail[:-1], f"back to {square} after {trail}"
            trail.append(square)


def test_the_prisoners_companions_head_for_the_stairs() -> None:
    """A companion of the hero leading the prisoner goes ahead to the stairs (his goal), where the
    prisoner must be brought (the quest's goal, `docs/rulings/heroquest.md`: bots)."""
    _, moves = _play(1)
    escorting = [m for m in moves if m[2].startswith("free:")]
    assert escorting, "the prisoner is freed on this seed"
    ref = quest_source(QUEST)
    options = {"quest": ref, "heroes": party_for(ref), "gm": "auto", "order": "roll"}
    session = Session.new("heroquest", GAME, GAME.info.resolve_options(options), 1)
    state = session.current
    assert isinstance(state, QuestState)
    from dataclasses import replace

    heroes = list(state.heroes)
    heroes[3] = replace(heroes[3], escort="ilsa")
    led = replace(state, heroes=tuple(heroes))
    assert goal_squares(led, 0) == set(led.ctx.stairs) == goal_squares(led, 3)
