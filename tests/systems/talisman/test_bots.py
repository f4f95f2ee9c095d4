"""The bots: legal and deterministic, fights and evasions decided from the exact odds, and the heuristic
bot beating the random one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.talisman.bot_worth import Mover, crown_ready, fight_worth, odds, phase
from grognard.systems.talisman.bots import bot, heuristic_policy
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.simulate import play_game, simulate
from grognard.systems.talisman.state import FightCtx, Task
from tests.systems.talisman.helpers import hero, make, run, with_cards


def test_bots_by_name() -> None:
    """ "heuristic" and "random" are known; anything else is a UsageError naming them."""
    assert bot("heuristic") is heuristic_policy
    assert bot("random") is not heuristic_policy
    with pytest.raises(UsageError, match="heuristic"):
        bot("clever")


def test_odds_are_the_engines_exact_odds() -> None:
    """The bot's combat odds are `odds.combat_odds` as floats."""
    for mine, theirs in ((3, 3), (5, 9), (9, 4)):
        assert odds(mine, theirs) == tuple(float(p) for p in combat_odds(mine, theirs))
    assert fight_worth(12, 1, 1.0, 4) == pytest.approx(1.0)
    assert fight_worth(1, 12, 1.0, 4) < 0


def test_fights_a_weak_enemy_and_evades_a_strong_one() -> None:
    """The Minstrel may Evade Animals (8:1): a weak Bear is fought, a mighty one evaded."""
    for strength, expected in ((1, "fight"), (11, "evade")):
        state = make(hero("minstrel", space="fields-1", strength=6))
        fight = FightCtx(name="Bear", enemy=strength, cards=("bear",))
        state = with_cards(state, "fields-1", "bear")
        state = run(replace(state, fight=fight), Task("fight_evade", 0))
        assert set(state.legal_actions()) == {"fight", "evade"}
        assert heuristic_policy(state, Rng(0)) == expected


def test_cashes_in_trophies() -> None:
    """With 7 Strength of Enemy cards kept, the bot cashes them in before moving (1:4)."""
    state = run(make(hero("warrior", trophies=("bear", "bear", "bear"))), Task("start", 0))
    assert "cash" in state.legal_actions()
    assert heuristic_policy(state, Rng(0)) == "cash"


def test_plan_phases() -> None:
    """Build first; with Strength, seek the Talisman; with a Talisman and the scores, the Crown."""
    weak = make(hero("wizard"))
    assert phase(weak, 0) == "build"
    strong = make(hero("warrior", strength=8))
    assert phase(strong, 0) == "talisman"
    ready = make(hero("warrior", strength=11, craft=11, objects=("talisman",)))
    assert crown_ready(ready.heroes[0])
    assert phase(ready, 0) == "crown"
    assert phase(make(hero("warrior", space="mines")), 0) == "crown"


def test_goes_in_for_a_talisman_left_in_the_inner_region() -> None:
    """With the Talisman pile empty (20:2) and the Talismans lying on the Vampire's Tower, where their
    owners died (4:3), a ready character without one heads for the Crown's road all the same: only the
    Valley of Fire needs a Talisman (11:6, 003_1ead471cbf19a248.txt:211) and whatever lies where a move
    ends may be taken (12:1, line 257). While a Talisman can still be given, it seeks one first."""
    ready = hero("warrior", space="temple", strength=11, craft=11)
    state = make(ready, hero("wizard"))
    assert phase(state, 0) == "talisman"
    supply = tuple((card, 0 if card == "talisman" else n) for card, n in state.supply)
    state = with_cards(replace(state, supply=supply), "vampires-tower", "talisman", "talisman")
    assert phase(state, 0) == "crown"
    on_the_plain = Mover(state, 0).arrive("plain-of-peril")
    assert on_the_plain > Mover(state, 0).arrive("temple")


def test_the_portal_is_worth_most_when_heading_for_the_crown() -> None:
    """On the Portal of Power with a Talisman and high scores, trying the Portal beats walking on."""
    state = make(hero("warrior", space="portal-of-power", strength=11, craft=11, objects=("talisman",)))
    mover = Mover(state, 0)
    walk = max(mover.walk("portal-of-power", 1, 1), mover.walk("portal-of-power", 1, -1))
    assert mover.portal("portal-of-power") > walk


def test_heuristic_games_are_deterministic_and_legal() -> None:
    """The same seed gives the same game; every move the bot makes is legal (apply refuses others)."""
    a, n_a = play_game([heuristic_policy, heuristic_policy], "det", max_turns=60)
    b, n_b = play_game([heuristic_policy, heuristic_policy], "det", max_turns=60)
    assert a == b and n_a == n_b > 0


def test_heuristic_beats_random() -> None:
    """Head to head over 8 games with seats rotated, the heuristic bot wins clearly more."""
    stats = simulate(["heuristic", "random"], 8, seed=7, max_turns=400)
    assert stats.wins_by_bot["heuristic"] >= 4
    assert stats.wins_by_bot["heuristic"] >= 4 * stats.wins_by_bot["random"]
