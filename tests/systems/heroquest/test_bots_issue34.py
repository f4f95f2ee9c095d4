"""The bot heroes of issue 34: no attack with no dice, no stall at a sprung pit; and the searching bot."""

from __future__ import annotations

from grognard.engine.conformance import game_seed
from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.session import Session
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.action_text import rest_of
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.policies.bots import hero_bot
from grognard.systems.heroquest.policies.levels import HERO_LEVELS, hero_level
from grognard.systems.heroquest.rules.effects import hero_attack_dice
from grognard.systems.heroquest.simulate import DEFAULT_ROUNDS, party_for, play_quest


def _options(quest: str) -> dict[str, object]:
    return {
        "quest": quest,
        "heroes": party_for(quest),
        "gm": "auto",
        "order": "roll",
        "rounds": DEFAULT_ROUNDS,
    }


def _dice(state: QuestState, i: int, action: str) -> int:
    j = next(k for k, m in enumerate(state.monsters) if m.id == rest_of(action))
    return hero_attack_dice(state, i, j)


def test_a_hero_with_no_attack_dice_casts_or_moves_instead_line_130() -> None:
    """`004_24cd6f974fe6a1ee.txt:130`: a hero in a pit attacks "with a -1 die penalty", so a wizard's one
    die is none; the bot attacked six times with no dice while Fire of Wrath could kill. Seeded games of
    quest 1 where only such attacks are open: the bot never makes one, and casts a spell at a monster when
    it may."""
    quest = "1-the-smugglers-stair"
    met = cast = 0
    for index in (9, 11, 12):
        session = Session.new("heroquest", GAME, _options(quest), game_seed(7, index))
        rng = Rng(f"7:bot:{index}")
        while session.current.actor() is not TERMINAL:
            state = session.current
            assert isinstance(state, QuestState)
            if state.actor() is CHANCE:
                session.roll()
                continue
            action = hero_bot(state, rng)
            i = state.current_hero()
            attacks = [a for a in state.legal_actions() if a.startswith("attack:")]
            if i is not None and not state.in_gm_turn() and attacks:
                assert not action.startswith("attack:") or _dice(state, i, action) > 0, action
                if all(_dice(state, i, a) == 0 for a in attacks):
                    met += 1
                    cast += action.startswith("cast:")
            session.play(action)
    assert met >= 3 and cast >= 1


def test_the_party_does_not_wait_at_a_sprung_pit_for_companions_ahead_of_it() -> None:
    """`hq simulate the-goblin-cellar --games 20 --seed 5`, game 2 (index 2): the leader waited beside
    a sprung pit for companions ahead of him on the way to Grak, who walked back within reach and on
    again, for 58 rounds (a timeout); now the quest is won in a few rounds."""
    final = play_quest(_options("the-goblin-cellar"), 5, 2)
    assert final.outcome == "won" and final.round < 20


def test_the_strengths_are_named_and_the_search_bot_plays_legal_moves_the_same_way_each_time() -> None:
    assert list(HERO_LEVELS) == ["random", "heuristic", "search"] and hero_level("heuristic") is hero_bot
    options = _options("the-goblin-cellar")
    first = play_quest(options, 3, 0, "search")
    assert first.outcome in ("won", "lost", "timeout")
    again = play_quest(options, 3, 0, "search")
    assert (again.round, again.outcome, again.heroes) == (first.round, first.outcome, first.heroes)
