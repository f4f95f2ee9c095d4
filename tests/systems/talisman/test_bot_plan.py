"""The two-player plan of the "search" bot (`bot_plan`): it hunts a rival at his last Life, turns back
before the Vampire's Tower when hurt, and builds Strength for the Crypt while the rival is far from the
Crown; with more players it is the heuristic bot."""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.systems.talisman.bot_plan import (
    CALM_CHANCE,
    NEVER,
    hunt_worth,
    kill_worth,
    plan_policy,
    plan_values,
    race_chance,
    race_policy,
)
from grognard.systems.talisman.bot_search import at_stake, search_policy
from grognard.systems.talisman.bot_worth import CROWN_CHANCE, duel_worth, life_worth, pass_chance
from grognard.systems.talisman.bots import heuristic_policy, heuristic_values
from grognard.systems.talisman.state import TalismanState, Task
from tests.seeds import Rulebook
from tests.systems.talisman.helpers import RULES, hero, make, run, with_cards

RULEBOOK = Rulebook(RULES)

LYING = ("chain-mail", "broadsword", "magic-belt", "iron-helm", "wooden-shield", "healing-potion")
"""Objects lying on the space where the two characters meet: what encountering the space is worth."""


def _meeting(lives: int, objects: tuple[str, ...] = ("talisman",), more: int = 0) -> TalismanState:
    """A Warrior (Strength 7, a Talisman) meets the Fields, where Objects lie and a Wizard stands with
    `lives` Lives and `objects` (and `more` characters elsewhere): encounter the space or the Wizard."""
    me = hero("warrior", space="fields-1", strength=7, objects=("talisman",))
    wizard = hero("wizard", space="fields-1", lives=lives, strength=5, craft=9, objects=objects)
    others = [hero(name, space="hills") for name in ("monk", "elf")[:more]]
    return run(with_cards(make(me, wizard, *others), "fields-1", *LYING), Task("encounter", 0))


def test_the_plan_attacks_a_rival_at_his_last_life() -> None:
    """4:3 (rules line 124): a character killed before anyone reaches the Crown is replaced by a new one
    drawn at random, all he had lost; 13:3 and 16:9 (lines 276, 356): the character whose turn it is may
    attack another he meets, and the victor may make the loser lose 1 Life. The Wizard is at his last
    Life with a Talisman and Strength gained: his death is his whole character. The heuristic bot prices
    that Life at 60% of 20 points and takes the Objects lying on the space instead; the plan prices it at
    the Wizard's build and attacks, and so does the search bot."""
    state = _meeting(1)
    assert sorted(state.legal_actions()) == ["meet:1", "space"]
    assert heuristic_policy(state, Rng(0)) == "space"
    assert kill_worth(state, 1) > 2 * life_worth(1)
    assert hunt_worth(state, 0, 1) > max(duel_worth(state, 0, 1), heuristic_values(state, ["space"])["space"])
    assert plan_policy(state, Rng(0)) == "meet:1"
    assert at_stake(state, 0)
    assert search_policy(state, Rng(0)) == "meet:1"


def test_the_plan_leaves_a_rival_with_lives_to_spare() -> None:
    """The same meeting with the Wizard at all 4 Lives and nothing on him: one Life taken is no character
    killed, and the plan takes the Objects lying there, as the heuristic does."""
    state = _meeting(4, objects=())
    assert heuristic_policy(state, Rng(0)) == plan_policy(state, Rng(0)) == "space"


def test_with_more_players_the_plan_is_the_heuristic() -> None:
    """With a third character in the game, a rival killed is one of two: the plan values every action as
    the heuristic bot does."""
    state = _meeting(1, more=1)
    actions = list(state.legal_actions())
    assert plan_values(state, actions) == heuristic_values(state, actions)
    assert plan_policy(state, Rng(0)) == heuristic_policy(state, Rng(0)) == "space"


def _in_the_mines(lives: int) -> TalismanState:
    """A Warrior with a Talisman in the Mines of the Inner Region, the Vampire's Tower next; the rival far
    away in the Outer Region: forward or back."""
    me = hero("warrior", space="mines", lives=lives, strength=10, craft=8, objects=("talisman",))
    return run(make(me, hero("wizard", space="fields-1")), Task("inner_step", 0))


def test_the_plan_turns_back_before_the_vampires_tower_when_hurt() -> None:
    """The Vampire's Tower (the board's text): 1-2 on a die lose 1 Life, 3-4 lose 2, 5-6 lose 3. With 3
    Lives the Warrior dies there one time in three and starts over (4:3); the heuristic bot goes forward,
    the plan turns back to heal while the rival is far from the Crown. With 4 Lives both go forward."""
    state = _in_the_mines(3)
    assert sorted(state.legal_actions()) == ["back", "forward"]
    assert heuristic_policy(state, Rng(0)) == "forward"
    assert race_policy(state, Rng(0)) == "back"
    assert race_chance(state, 0) == NEVER
    fit = _in_the_mines(4)
    assert heuristic_policy(fit, Rng(0)) == race_policy(fit, Rng(0)) == "forward"


def test_the_plan_builds_strength_for_the_crypt_while_the_rival_is_far() -> None:
    """14:5 (rules line 294): the Crypt is passed on 3 dice no more than Strength; a Crypt failed sends the
    character back through the Vampire's Tower. A Warrior with Strength 7 passes it one time in six: while
    the rival has no Talisman the plan does not head for the Crown (`NEVER`); with Strength 10 it waits
    for `CALM_CHANCE`; once the rival has a Talisman it races as the heuristic does (`CROWN_CHANCE`)."""
    weak = make(
        hero("warrior", strength=7, craft=12, objects=("talisman",)), hero("wizard", space="fields-1")
    )
    assert pass_chance(7) < 0.2
    assert race_chance(weak, 0) == NEVER
    strong = weak.edit_hero(0, strength=10)
    assert race_chance(strong, 0) == CALM_CHANCE
    racing = weak.edit_hero(1, objects=("talisman",))
    assert race_chance(racing, 0) == CROWN_CHANCE


def test_the_rules_lines_cited() -> None:
    """The lines cited above say what the tests rely on (when the rulebook is present)."""
    lines = RULEBOOK.lines()
    assert (
        lines[124 - 1].startswith("4:3") and "starts again next Turn with a new Character" in lines[124 - 1]
    )
    assert lines[276 - 1].startswith("13:3") and "may either attack" in lines[276 - 1]
    assert lines[356 - 1].startswith("16:9") and "force the loser to lose 1 Life" in lines[356 - 1]
    assert lines[294 - 1].startswith("14:5")
