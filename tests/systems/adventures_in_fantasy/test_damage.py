"""Damage: 1d6 or the Hit Location Chart, special damage, strength bonus, armour saves."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.damage import (
    DamageRules,
    Missile,
    hit_damage,
    location_die,
    location_distribution,
    raw_damage_distribution,
    roll_hit_damage,
    roll_location,
    save_distribution,
    strength_class,
    strength_damage,
    worn_effects,
)

SIXTH = Fraction(1, 6)


def test_snake_hit_location_example_line_1607() -> None:
    assert location_die("snake", 35) == "1d6"
    # The d6 then shows the damage: a four is four hit points.
    for seed in range(200):
        hit = roll_location(Rng(seed), "snake", 35)
        if hit.damage == 4:
            assert hit.rolls[-1].faces() == [4]
            break
    else:
        pytest.fail("no seed rolled a four")


def test_location_distribution_follows_the_row_widths_line_1600() -> None:
    human = dict(location_distribution("human"))
    assert human == {
        "1d4": Fraction(20, 100),
        "1d6": Fraction(15, 100),
        "1d8": Fraction(15, 100),
        "1d10": Fraction(15, 100),
        "1d12": Fraction(10, 100),
        "2d10": Fraction(5, 100),
        "special": Fraction(20, 100),
    }


def test_plain_damage_is_one_d6_line_1592() -> None:
    assert raw_damage_distribution("lion", False) == {v: SIXTH for v in range(1, 7)}


def test_special_damage_line_1609() -> None:
    # Snake 91-100 is special: 1d6 hit points, 1d10 dexterity, and a second special halves movement.
    seen_halved = seen_whole = False
    for seed in range(300):
        hit = roll_location(Rng(seed), "snake", 95)
        assert hit.die == "special" and 1 <= hit.damage <= 6 and 1 <= hit.dexterity_lost <= 10
        again = hit.rolls[-1].total
        assert hit.movement_halved == (location_die("snake", again) == "special")
        seen_halved |= hit.movement_halved
        seen_whole |= not hit.movement_halved
    assert seen_halved and seen_whole


def test_weak_example_line_1771() -> None:
    assert strength_damage(5, "weak") == 3
    assert strength_damage(5, "normal") == 5
    assert strength_damage(5, "strong") == 10


def test_strength_classes_lines_1771_1773() -> None:
    assert [strength_class(s) for s in (0, 30, 31, 70, 71)] == ["weak", "weak", "normal", "normal", "strong"]
    assert [strength_class(hit_dice=h) for h in (1, 2, 3, 4)] == ["weak", "normal", "normal", "strong"]
    with pytest.raises(UsageError, match="-1"):
        strength_class(-1)


def test_armour_reduces_damage_lines_1754_1761() -> None:
    chain = worn_effects(("chainmail",))
    assert save_distribution(6, chain) == {3: Fraction(60, 100), 6: Fraction(40, 100)}
    plate = worn_effects(("plate",))
    assert save_distribution(6, plate) == {2: Fraction(90, 100), 6: Fraction(10, 100)}
    leather = worn_effects(("leather",))
    assert save_distribution(6, leather) == {4: Fraction(55, 100), 6: Fraction(45, 100)}


def test_shield_and_helmet_take_the_blow_whole() -> None:
    both = worn_effects(("helmet", "small shield"))
    assert [name for name, _, _ in both] == ["small shield", "helmet"]
    dist = save_distribution(5, both)
    assert dist[0] == Fraction(25, 100) + Fraction(75, 100) * Fraction(10, 100)
    assert worn_effects(("large shield",), behind=True) == ()


def test_magic_ignores_armour_line_1765() -> None:
    assert worn_effects(("plate", "helmet"), magical=True) == ()


def test_archery_through_armour_lines_1761_1763() -> None:
    def pieces(armour: str, weapon: str, band: str) -> list[str]:
        return [name for name, _, _ in worn_effects((armour,), Missile(weapon, band))]

    assert pieces("plate", "crossbow", "medium") == []
    assert pieces("plate", "composite or long bow", "short") == []
    assert pieces("plate", "crossbow", "long") == ["full plate armour"]
    assert pieces("plate", "short bow", "medium") == ["full plate armour"]
    assert pieces("helmet", "crossbow", "short") == []
    assert pieces("leather", "short bow", "long") == []
    assert pieces("chainmail", "crossbow", "short") == []
    proof = worn_effects(("chainmail",), Missile("short bow", "long"))
    assert save_distribution(6, proof) == {0: Fraction(60, 100), 6: Fraction(40, 100)}


def test_hit_damage_sums_to_one_and_matches_a_hand_product() -> None:
    rules = DamageRules(hit_location=False, strength="strong", armour=("chainmail",))
    dist = dict(hit_damage("human", rules))
    assert sum(dist.values()) == 1
    # 1d6 doubled, then chainmail: 60% half (2d/2 = d), 40% full (2d).
    hand: dict[int, Fraction] = {}
    for face in range(1, 7):
        hand[face] = hand.get(face, Fraction(0)) + SIXTH * Fraction(6, 10)
        hand[2 * face] = hand.get(2 * face, Fraction(0)) + SIXTH * Fraction(4, 10)
    assert dist == hand


def test_rolled_hits_follow_the_distribution() -> None:
    rules = DamageRules(hit_location=True, strength="weak", armour=("helmet", "plate"))
    exact = dict(hit_damage("bird", rules))
    counts: dict[int, int] = {}
    trials = 3000
    rng = Rng("rolled-hits")
    for _ in range(trials):
        hit = roll_hit_damage(rng, "bird", rules)
        assert hit.taken in exact
        counts[hit.taken] = counts.get(hit.taken, 0) + 1
    for taken, p in exact.items():
        assert abs(counts.get(taken, 0) / trials - float(p)) < 0.04


def test_bad_names_are_usage_errors() -> None:
    with pytest.raises(UsageError, match="hydra"):
        location_die("hydra", 5)
    with pytest.raises(UsageError, match="101"):
        location_die("human", 101)
    with pytest.raises(UsageError, match="mithril"):
        worn_effects(("mithril",))


def test_a_hit_locations_dice_say_what_they_are_for() -> None:
    """The d100 says it is the hit location on the body type's chart (line 1596), the next roll that it is
    the wound the chart gave, or the special damage and its second look at the chart (lines 1608-1622)."""
    plain = next(h for h in (roll_location(Rng(f"p{i}"), "human") for i in range(50)) if h.die != "special")
    said = [r.expression for r in plain.rolls]
    assert said == ["hit location, human body (Chart O)", f"its wound {plain.die}"]
    special = next(
        h for h in (roll_location(Rng(f"s{i}"), "human") for i in range(200)) if h.die == "special"
    )
    said = [r.expression for r in special.rolls]
    assert said[1:3] == ["its wound, special damage 1d6", "dexterity lost 1d10"]
    kept = "movement halved" if special.movement_halved else "movement kept"
    assert said[3] == f"hit location, human body (Chart O) again, special halves movement ({kept})"
