"""Equipment: minimums, hands and shields, armour slots, artifact limits, dice, buying and selling.

Lines 355-487 of 004_24cd6f974fe6a1ee.txt.
"""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content.hero import Hero, create_hero
from grognard.systems.heroquest.rules import gear


def rich(hero: Hero, gold: int = 5000) -> Hero:
    return hero.model_copy(update={"gold": gold})


def barbarian() -> Hero:
    return rich(create_hero("Conan", "human", "barbarian", ["body", "attack"]))  # Body 7


def wizard() -> Hero:
    return rich(
        create_hero("Mira", "human", "wizard", ["magic", "defend"], elements=["earth", "fire", "air"])
    )


def test_buying_at_the_price_and_selling_at_half_line_429() -> None:
    hero = gear.buy(barbarian(), "battle axe")  # 450 gold, line 369
    assert hero.gold == 5000 - 450 and "Battle Axe" in hero.weapons
    sold, got = gear.sell(hero, "battle axe")
    assert got == 225 and sold.gold == 5000 - 450 + 225 and "Battle Axe" not in sold.weapons
    potion = gear.buy(barbarian(), "potion of healing")  # 75 gold, line 409
    assert gear.sell(potion, "potion of healing")[1] == 37  # half, rounded down
    with pytest.raises(UsageError, match="costs 850 gold; Conan has 100"):
        gear.buy(rich(barbarian(), 100), "plate mail")
    with pytest.raises(UsageError, match="never for sale"):
        gear.buy(barbarian(), "spirit blade")  # line 433
    with pytest.raises(UsageError, match="treasure deck only"):
        gear.buy(barbarian(), "heroic brew")
    with pytest.raises(UsageError, match="half its price, 225"):
        gear.sell(hero, "battle axe", 300)


def test_artifacts_sell_at_the_price_agreed_line_429() -> None:
    hero = gear.gain(barbarian(), "spirit blade")
    with pytest.raises(UsageError, match="no fixed price"):
        gear.sell(hero, "spirit blade")
    sold, got = gear.sell(hero, "spirit blade", 400)
    assert got == 400 and sold.artifacts == () and sold.gold == 5400
    with pytest.raises(UsageError, match="does not carry"):
        gear.sell(sold, "spirit blade", 400)


def test_minimum_body_lines_363_381() -> None:
    mira = gear.buy(wizard(), "short sword")  # Body 3; minimum 4
    with pytest.raises(UsageError, match="needs 4 Body points; Mira has 3"):
        gear.equip(mira, "short sword")
    conan = gear.buy(barbarian(), "plate mail")
    assert gear.equip(conan, "plate mail").equipped.body == "Plate Mail"
    weak = gear.buy(rich(create_hero("R", "human", "rogue", ["mind", "attack"])), "plate mail")  # Body 5
    with pytest.raises(UsageError, match="needs 6 Body"):
        gear.equip(weak, "plate mail")
    with pytest.raises(UsageError, match="needs 5 Body"):
        gear.equip(gear.buy(mira, "shield"), "shield")  # five starting Body points, line 383


def test_two_handed_weapons_and_shields_line_383() -> None:
    conan = gear.buy(gear.buy(barbarian(), "shield"), "battle axe")
    with_shield = gear.equip(conan, "shield")
    assert with_shield.equipped.off_hand == "Shield"
    with pytest.raises(UsageError, match="put away Shield first"):
        gear.equip(with_shield, "battle axe")
    axe = gear.equip(conan, "battle axe")
    with pytest.raises(UsageError, match="shield cannot be used with Battle Axe"):
        gear.equip(axe, "shield")
    bow = gear.equip(gear.buy(conan, "bow"), "bow")  # line 371: no shield with a bow
    with pytest.raises(UsageError, match="cannot be used with Bow"):
        gear.equip(bow, "shield")
    crossbow = gear.equip(gear.buy(with_shield, "crossbow"), "crossbow")  # line 373: with a shield
    assert crossbow.equipped.weapon == "Crossbow" and crossbow.equipped.off_hand == "Shield"


def test_armour_slots_and_dice_lines_377_383() -> None:
    conan = barbarian()
    for piece in ("helmet", "chain mail", "shield", "plate mail"):
        conan = gear.equip(gear.buy(conan, piece), piece)
    held = conan.equipped
    assert (held.head, held.body, held.off_hand) == ("Helmet", "Plate Mail", "Shield")
    assert "Chain Mail" in conan.armour  # replaced, still carried
    assert gear.armour_dice(conan) == 1 + 2 + 1
    assert gear.armour_dice(conan, ranged=True) == 1 + 2 + 2  # the shield's 2 against ranged
    assert gear.defend_dice(conan) == 2 + 4 and gear.defend_dice(conan, gave_up_action=True) == 7  # line 84
    assert gear.movement_roll_modifier(conan) == -2  # line 381
    assert gear.equip_all_legal(conan) == []
    assert gear.defend_dice(conan.with_current("mind", 0)) == 0  # comatose, line 92


def test_dual_wielding_needs_the_skill_line_343() -> None:
    conan = gear.buy(gear.buy(barbarian(), "short sword"), "broadsword")
    conan = gear.equip(conan, "broadsword")
    with pytest.raises(UsageError, match="Dual-Wielding skill"):
        gear.equip(conan, "short sword", off_hand=True)
    skilled = conan.model_copy(update={"skills": ("Dual-Wielding",)})
    dual = gear.equip(skilled, "short sword", off_hand=True)
    assert dual.equipped.off_hand == "Short Sword"
    with pytest.raises(UsageError, match="two one-handed melee weapons"):
        gear.equip(gear.equip(gear.buy(skilled, "staff"), "staff"), "short sword", off_hand=True)


def test_artifact_limits_lines_435_487() -> None:
    conan = gear.gain(gear.gain(barbarian(), "amulet of the north"), "wizard's cloak")
    worn = gear.equip(conan, "amulet of the north")
    assert (
        worn.maximum("body") == worn.base.body + 2 and worn.maximum("mind") == worn.base.mind + 1
    )  # line 435
    with pytest.raises(UsageError, match="starting Magic"):
        gear.equip(conan, "wizard's cloak")  # line 485
    mira = gear.gain(wizard(), "amulet of the north")
    with pytest.raises(UsageError, match="only for Barbarian"):
        gear.equip(mira, "amulet of the north")
    mira = gear.gain(wizard(), "talisman of lore")
    assert gear.equip(mira, "talisman of lore").maximum("mind") == mira.base.mind + 1  # line 481
    with pytest.raises(UsageError, match="only for magic-user"):
        gear.equip(gear.gain(barbarian(), "talisman of lore"), "talisman of lore")
    with pytest.raises(UsageError, match="used, not equipped"):
        gear.equip(gear.gain(barbarian(), "elixir of life"), "elixir of life")
    # Taking a bonus off loses the points it gave.
    hurt_free = worn.with_current("body", worn.maximum("body"))
    assert gear.unequip(hurt_free, "amulet of the north").current.body == worn.base.body


def test_artifact_weapons_and_armour_lines_447_487() -> None:
    conan = gear.gain(barbarian(), "spirit blade")  # Body 7; minimum 6, line 479
    blade = gear.equip(conan, "spirit blade")
    assert gear.weapon_dice(blade) == 2 and gear.weapon_dice(blade, against_undead=True) == 3
    assert gear.attack_dice(blade, modifiers=1) == blade.base.attack + 3
    borin = gear.equip(gear.gain(barbarian(), "borin's armor"), "borin's armor")
    assert gear.armour_dice(borin) == 2 and gear.movement_roll_modifier(borin) == 0  # line 447
    assert wizard().base.magic == 4  # 3 (line 272) and one extra point
    staff = gear.equip(gear.gain(wizard(), "wizard's staff"), "wizard's staff")
    assert gear.weapon_dice(staff) == 1  # line 487


def test_dropping_the_last_of_a_thing_unequips_it() -> None:
    conan = barbarian()
    dropped = gear.drop(conan, "short sword")
    assert dropped.weapons == () and dropped.equipped.weapon is None
    with pytest.raises(UsageError, match="does not carry"):
        gear.drop(dropped, "short sword")
    with pytest.raises(UsageError, match="did you mean"):
        gear.find_thing("broad swrd")
