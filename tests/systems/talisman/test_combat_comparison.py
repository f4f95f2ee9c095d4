"""A combat's comparison is written once, in `combat.classify` (16:4, 16:8, 16:10): the solved odds
(`odds.combat_odds`), the chance node's table (`combat.combat_chances`) and the real dice all follow it,
so they cannot disagree after a change made on one side only."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.systems.talisman import combat, odds
from grognard.systems.talisman.combat import LOSE, STANDOFF, WIN, combat_chances, creature_score, hero_score
from grognard.systems.talisman.odds import combat_odds
from grognard.systems.talisman.state import Task
from grognard.systems.talisman.tasks import TASKS

from .helpers import hero, make, run, top, with_cards

SCORES = range(9)
"""Small scores for both sides: every difference from -8 to 8, past where a die can close the gap."""


def _through_classify(mine: int, theirs: int, their_dice: int) -> tuple[Fraction, Fraction, Fraction]:
    """(p_win, p_standoff, p_lose) by putting every pair of faces through the one comparison."""
    out = {WIN: Fraction(0), STANDOFF: Fraction(0), LOSE: Fraction(0)}
    their_faces = range(1, 7) if their_dice else range(1)
    share = Fraction(1, 6 * len(their_faces))
    for a in range(1, 7):
        for b in their_faces:
            out[combat.classify(mine + a, theirs + b)] += share
    return out[WIN], out[STANDOFF], out[LOSE]


@pytest.fixture
def fresh_table() -> Iterator[None]:
    """`combat_chances` keeps its tables; a test that changes the comparison starts and ends without them."""
    combat._chances.cache_clear()
    yield
    combat._chances.cache_clear()


@pytest.mark.parametrize("their_dice", [1, 0])
def test_the_odds_and_the_rules_agree_on_every_small_combat(their_dice: int) -> None:
    """For every pair of scores 0-8 (and a side adding no die, 8:1), the solved odds and the chance node's
    table both equal the dice enumerated through `classify`."""
    for mine in SCORES:
        for theirs in SCORES:
            expected = _through_classify(mine, theirs, their_dice)
            assert combat_odds(mine, theirs, enemy_dice=their_dice) == expected, (mine, theirs)
            table = combat_chances(mine, theirs, 1, their_dice)
            assert (table[WIN], table[STANDOFF], table[LOSE]) == expected, (mine, theirs)


def _attacker_wins_ties(mine: int, theirs: int) -> str:
    return WIN if mine >= theirs else LOSE


def test_a_changed_comparison_reaches_the_odds_the_table_and_the_dice(
    monkeypatch: pytest.MonkeyPatch, fresh_table: None
) -> None:
    """The odds use the rules' own function, not a copy; were the rule changed (here: the character wins
    ties), the odds, the chance node and the real dice would all change with it."""
    assert vars(odds)["classify"] is combat.classify
    monkeypatch.setattr(combat, "classify", _attacker_wins_ties)
    monkeypatch.setattr(odds, "classify", _attacker_wins_ties)
    assert combat_odds(4, 4) == (Fraction(21, 36), Fraction(0), Fraction(15, 36))
    assert combat_chances(4, 4) == {WIN: Fraction(21, 36), STANDOFF: Fraction(0), LOSE: Fraction(15, 36)}

    state = with_cards(make(hero("warrior", space="fields-3", strength=5)), "fields-3", "ogre")
    state = run(state, Task("cards", 0))
    assert top(state) == "fight_roll"
    mine, theirs = hero_score(state, 0, False), creature_score(state, 0)
    assert mine == theirs == 5
    assert STANDOFF not in dict(state.chance_outcomes())
    throw = TASKS.handlers["fight_roll"].throw
    assert throw is not None
    ties = 0
    for k in range(60):
        outcome, rolls = throw(state, Rng(f"tie:{k}"))
        a, b = rolls[0].total, rolls[1].total
        ties += a == b
        assert outcome == (WIN if a >= b else LOSE), (a, b)
    assert ties > 0
