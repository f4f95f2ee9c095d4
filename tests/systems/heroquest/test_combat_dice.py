"""Combat dice (line 84 of 004_24cd6f974fe6a1ee.txt) against two oracles: icepool and brute force.

Brute force throws every face of every die (the die of `engine.dice.core.HQ_COMBAT_FACES`), counts skulls
and the defender's shields, and compares the exact distribution with `combat_dice`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from grognard.engine.dice.core import HQ_COMBAT_FACES, Rng
from grognard.engine.errors import UsageError
from grognard.engine.odds.solver import solve
from grognard.systems.heroquest.content import combat_dice as cd

SHIELD = {"hero": "white shield", "monster": "black shield"}


def brute_damage(attack: int, defend: int, defender: cd.Defender) -> dict[int, Fraction]:
    """Every face of every die thrown: damage = skulls - blocking shields, at least 0."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(HQ_COMBAT_FACES, repeat=attack + defend):
        hits = sum(1 for f in faces[:attack] if f == "skull")
        blocks = sum(1 for f in faces[attack:] if f == SHIELD[defender])
        counts[max(0, hits - blocks)] += 1
    total = len(HQ_COMBAT_FACES) ** (attack + defend)
    return {k: Fraction(counts[k], total) for k in sorted(counts)}


def icepool_damage(attack: int, defend: int, defender: cd.Defender) -> dict[int, Fraction]:
    """The same with icepool: skulls as a die of 3 of 6 faces, blocks of 2 (hero) or 1 (monster) of 6."""
    skull = icepool.Die({1: 3, 0: 3})
    block = icepool.Die({1: 2, 0: 4}) if defender == "hero" else icepool.Die({1: 1, 0: 5})
    hits = attack @ skull if attack else icepool.Die([0])
    blocks = defend @ block if defend else icepool.Die([0])
    dmg = (hits - blocks).map(lambda x: max(0, x))
    return {int(k): Fraction(dmg.quantity(k), dmg.denominator()) for k in dmg.outcomes() if dmg.quantity(k)}


def test_the_die_line_84() -> None:
    # Line 84: a skull hits; heroes block on white shields, monsters on black ones.
    assert Fraction(1, 2) == cd.SKULL
    assert cd.block_chance("hero") == Fraction(1, 3)
    assert cd.block_chance("monster") == Fraction(1, 6)
    with pytest.raises(UsageError, match="defender"):
        cd.block_chance("goblin")  # type: ignore[arg-type]


@pytest.mark.parametrize("defender", ["hero", "monster"])
@pytest.mark.parametrize(("attack", "defend"), [(a, d) for a in range(5) for d in range(4)])
def test_damage_matches_brute_force(attack: int, defend: int, defender: cd.Defender) -> None:
    assert cd.damage(attack, defend, defender) == brute_damage(attack, defend, defender)


@pytest.mark.parametrize("defender", ["hero", "monster"])
@pytest.mark.parametrize(("attack", "defend"), [(1, 0), (3, 2), (5, 5), (8, 3), (2, 7), (12, 6)])
def test_damage_matches_icepool(attack: int, defend: int, defender: cd.Defender) -> None:
    ours = cd.damage(attack, defend, defender)
    assert ours == icepool_damage(attack, defend, defender)
    assert sum(ours.values()) == 1


def test_worked_numbers() -> None:
    # One die against nothing: a skull half the time.
    assert cd.damage(1, 0, "monster") == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    # One die against one monster die: a hit gets through unless the black shield shows.
    assert cd.damage(1, 1, "monster")[1] == Fraction(1, 2) * Fraction(5, 6)
    assert cd.damage(1, 1, "hero")[1] == Fraction(1, 2) * Fraction(2, 3)
    # With no defend dice the mean is half the attack dice.
    assert cd.mean(cd.damage(4, 0, "hero")) == 2
    assert cd.mean(cd.damage(3, 2, "monster")) == Fraction(39, 32)


def test_dice_counts_and_giving_up_the_action() -> None:
    # Line 84: base Attack + weapon + modifiers; one more defend die for the action given up.
    assert cd.attack_dice(2, 2, 1) == 5
    assert cd.attack_dice(1, 0, -3) == 0
    assert cd.defend_dice(2, 1) == 3
    assert cd.defend_dice(2, 1, gave_up_action=True) == 4


def test_kill_chance() -> None:
    # Three dice against two black-shield dice and 2 Body: damage 2 or 3.
    dist = brute_damage(3, 2, "monster")
    assert cd.kill_chance(3, 2, "monster", 2) == dist[2] + dist[3]
    assert cd.kill_chance(3, 2, "monster", 4) == 0
    assert cd.kill_chance(3, 0, "hero", 1) == 1 - Fraction(1, 8)
    with pytest.raises(UsageError, match="already dead"):
        cd.kill_chance(3, 2, "monster", 0)


def test_two_attacks_in_a_turn_add_their_damage() -> None:
    # Two attacks of 2 dice against 1 hero die each: brute force over all 6 dice at once.
    counts: Counter[int] = Counter()
    for faces in itertools.product(HQ_COMBAT_FACES, repeat=6):
        first = max(0, faces[0:2].count("skull") - faces[2:3].count("white shield"))
        second = max(0, faces[3:5].count("skull") - faces[5:6].count("white shield"))
        counts[first + second] += 1
    expected = {k: Fraction(v, 6**6) for k, v in sorted(counts.items())}
    assert cd.turn_damage([(2, 1), (2, 1)], "hero") == expected
    assert cd.kill_chance(2, 1, "hero", 3, attacks=2) == expected[3] + expected[4]


def test_all_skulls_and_more_skulls() -> None:
    assert cd.all_skulls_chance(3) == Fraction(1, 8)  # the Battle Axe's concussion, line 369
    assert cd.all_skulls_chance(0) == 0
    wins = sum(
        1
        for faces in itertools.product(HQ_COMBAT_FACES, repeat=5)
        if faces[:3].count("skull") > faces[3:].count("skull")
    )
    assert cd.more_skulls_chance(3, 2) == Fraction(wins, 6**5)  # cross-training, line 605


def test_the_attack_state_solved_by_the_engine_agrees() -> None:
    for attack, defend, defender, body in [(3, 2, "monster", 2), (4, 3, "hero", 3), (0, 2, "hero", 1)]:
        state = cd.AttackState(attack, defend, defender, body)  # type: ignore[arg-type]
        solved = solve(state, exact=True)
        dist = cd.damage(attack, defend, defender)
        assert solved.outcome_probabilities() == {str(k): p for k, p in dist.items() if p}
        assert solved.win_probability() == cd.kill_chance(attack, defend, defender, body)  # type: ignore[arg-type]
        assert solved.expected_resources()["damage"] == cd.mean(dist)


def test_a_real_attack_counts_the_faces_thrown() -> None:
    for seed in range(30):
        rolled = cd.roll_attack(Rng(seed), 4, 3, "hero")
        assert rolled.hits == sum(1 for d in rolled.attack_roll.dice if d.face == "skull")
        assert rolled.blocked == sum(1 for d in rolled.defend_roll.dice if d.face == "white shield")
        assert rolled.damage == max(0, rolled.hits - rolled.blocked)
        assert len(rolled.attack_roll.dice) == 4 and len(rolled.defend_roll.dice) == 3
    again = cd.roll_attack(Rng(7), 4, 3, "monster")
    assert again == cd.roll_attack(Rng(7), 4, 3, "monster")
    assert again.blocked == sum(1 for d in again.defend_roll.dice if d.face == "black shield")


def test_bad_dice_are_refused() -> None:
    with pytest.raises(UsageError):
        cd.damage(-1, 0, "hero")
    with pytest.raises(UsageError):
        cd.AttackState(2, cd.MAX_COMBAT_DICE + 1, "hero")
