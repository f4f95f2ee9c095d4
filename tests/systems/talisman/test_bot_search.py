"""The "search" bot: it looks ahead where the game is at stake and there decides better than the
plan it is built on (`bot_plan`, the heuristic bot with a two-player plan); elsewhere it plays the plan's
choice."""

from __future__ import annotations

from grognard.engine.dice.core import Rng
from grognard.systems.talisman.bot_levels import bot
from grognard.systems.talisman.bot_plan import CALM_CHANCE, race_chance, race_policy
from grognard.systems.talisman.bot_search import at_stake, candidates, search_policy, worth
from grognard.systems.talisman.bot_worth import CROWN_CHANCE, crown_odds, phase, readiness
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.state import TalismanState, Task
from tests.seeds import Rulebook
from tests.systems.talisman.helpers import RULES, hero, make, play, run, turn

RULEBOOK = Rulebook(RULES)


def _commanded(lives: int) -> TalismanState:
    """A game of two: the Troll alone on the Crown of Command, his Command Spell has hit (9:8); the
    Wizard, in the Outer Region without a Talisman, must lose a Life or admit defeat."""
    crowned = hero("troll", space="crown-of-command", objects=("talisman",))
    victim = hero("wizard", space="fields-1", lives=lives)
    return run(make(crowned, victim, current=0, crown_reached=True), Task("command_answer", 1))


def test_search_keeps_fighting_where_the_heuristic_admits_defeat() -> None:
    """9:8 (rules line 188): a character hit by the Command Spell loses 1 Life or admits defeat and drops
    out; 21:1 (line 404): the last character left wins. With two players, dropping out loses the game on
    the spot, while a Life lost still leaves the Command Spell to miss (1-3 on the die) and the game to
    turn. The heuristic bot, far from the Crown with 3 Lives, admits defeat; the search bot rolls both on
    and keeps its Lives."""
    state = _commanded(3)
    assert sorted(state.legal_actions()) == ["concede", "life"]
    assert heuristic_policy(state, Rng(0)) == "concede"
    assert at_stake(state, 1)
    assert search_policy(state, Rng(0)) == "life"
    assert worth(state.apply("concede"), 1) < worth(state.apply("life"), 1)


def test_search_plays_the_plan_where_nothing_is_at_stake() -> None:
    """With all 4 Lives and the rival far away, the search bot weighs nothing: its one candidate is the
    plan's choice (here which way to move 3 spaces, the heuristic's too)."""
    state = play(turn(make(hero("warrior"), hero("wizard", space="fields-1"))), 3)
    assert sorted(state.legal_actions()) == ["acw", "cw"]
    assert not at_stake(state, 0)
    actions = list(state.legal_actions())
    choice = race_policy(state, Rng("search"))
    assert choice == heuristic_policy(state, Rng("search"))
    assert candidates(state, 0, actions) == [choice]
    assert search_policy(state, Rng("search")) == choice


def test_search_waits_for_better_odds_before_the_inner_region() -> None:
    """14:5-6 (rules lines 294, 296): the Crypt and the Mines are passed on 3 dice no more than Strength
    and Craft. A Warrior with Strength 9, Craft 8 and a Talisman passes both at once about one time in
    ten (0.375 x 0.259): the heuristic bot heads for the Crown (it waits for 0.05); the search bot, its
    rival far from the Crown (no Talisman), builds on (it waits for `CALM_CHANCE`). Both read the same
    position; what each worked out is kept apart."""
    ready = hero("warrior", strength=9, craft=8, objects=("talisman",))
    state = make(ready, hero("wizard", space="fields-1"))
    assert CROWN_CHANCE <= crown_odds(state.heroes[0]) < CALM_CHANCE
    assert race_chance(state, 0) == CALM_CHANCE
    assert phase(state, 0) == "crown"
    with readiness(race_chance(state, 0)):
        assert phase(state, 0) == "build"
    assert phase(state, 0) == "crown"


def test_the_rules_lines_cited() -> None:
    """The lines cited above say what the tests rely on (when the rulebook is present)."""
    lines = RULEBOOK.lines()
    assert lines[188 - 1].startswith("9:8") and "admit defeat and drop out" in lines[188 - 1]
    assert lines[404 - 1].startswith("21:1") and "last Character left" in lines[404 - 1]
    assert lines[294 - 1].startswith("14:5") and "Strength (1:6) is subtracted" in lines[294 - 1]
    assert lines[296 - 1].startswith("14:6") and "Craft (2:5) is subtracted" in lines[296 - 1]


def test_search_is_a_level() -> None:
    """ "search" names this bot."""
    assert bot("search") is search_policy
