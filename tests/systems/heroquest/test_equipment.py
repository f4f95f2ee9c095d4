"""Weapons, armour, items, artifacts and spells against the rulebook (004_24cd6f974fe6a1ee.txt).

Every expected value is copied by hand from the line named beside it.
"""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content import catalog as hq

SEED = "004_24cd6f974fe6a1ee.txt"


@pytest.mark.parametrize(
    ("name", "dice", "min_body", "two_handed", "price", "line"),
    [
        ("Dagger", 0, None, False, 25, 359),
        ("Staff", 0, None, True, 100, 361),
        ("Short Sword", 1, 4, False, 150, 363),
        ("Broadsword", 2, 5, False, 250, 365),
        ("Longsword", 2, 5, True, 350, 367),
        ("Battle Axe", 3, 7, True, 450, 369),
        ("Bow", 1, None, True, 200, 371),
        ("Crossbow", 1, None, False, 350, 373),
    ],
)
def test_weapons(name: str, dice: int, min_body: int | None, two_handed: bool, price: int, line: int) -> None:
    w = hq.weapon(name)
    assert (w.attack_dice, w.min_body, w.two_handed, w.price) == (dice, min_body, two_handed, price)
    assert w.source == f"{SEED}:{line}"


def test_weapon_handling() -> None:
    assert hq.weapon("staff").diagonal and hq.weapon("longsword").diagonal  # lines 361, 367
    assert hq.weapon("dagger").thrown  # line 359
    assert not hq.weapon("bow").shield and hq.weapon("crossbow").shield  # lines 371, 373
    assert not hq.weapon("battle axe").shield  # line 383: no shield with a two-handed weapon


def test_armour() -> None:
    helmet, chain, plate, shield = (hq.armour(n) for n in ("helmet", "chain mail", "plate mail", "shield"))
    assert (helmet.defend_dice, helmet.min_body, helmet.price) == (1, 5, 125)  # line 377
    assert (chain.defend_dice, chain.min_body, chain.price) == (1, 5, 500)  # line 379
    # line 381: two dice, six body points, 2 off every movement roll, 850 gold
    assert (plate.defend_dice, plate.min_body, plate.movement_roll, plate.price) == (2, 6, -2, 850)
    assert (shield.defend_dice, shield.ranged_defend_dice, shield.price) == (1, 2, 150)  # line 383
    assert shield.starting_body and shield.min_body == 5  # line 383: five *starting* body points


@pytest.mark.parametrize(
    ("name", "price", "line"),
    [
        ("Air Walk", None, 387),
        ("Elven Cloak of Passage", None, 389),
        ("Potion of Battle", 200, 393),
        ("Potion of Dexterity", 100, 399),
        ("Potion of Healing", 75, 403),
        ("Potion of Restoration", 400, 413),
        ("Potion of Strength", None, 417),
        ("Tool Kit", 250, 423),
        ("Venom Antidote", 50, 425),
        ("Wolfsbane Potion", None, 427),
    ],
)
def test_item_prices(name: str, price: int | None, line: int) -> None:
    found = hq.item(name)
    assert found.price == price and found.treasure_deck_only == (price is None)
    assert found.source == f"{SEED}:{line}"


def test_selling_at_half_price() -> None:
    # 75 gold (line 403), sold at half (line 429), rounded down
    assert hq.item("potion of healing").sell_price() == 37
    assert hq.item("tool kit").sell_price() == 125  # 250 gold, line 423
    assert hq.item("heroic brew").sell_price() is None  # treasure deck only (line 391): negotiated


def test_item_effects() -> None:
    assert hq.item("potion of healing").effect.heal_body == "1d6"  # line 403: one red die
    assert hq.item("potion of magic").effect.heal_magic == "1d6"  # line 407
    assert hq.item("potion of dexterity").effect.movement == 5  # line 399
    defence = hq.item("potion of defense").effect  # line 397: two extra dice the next time you defend
    assert (defence.defend_dice, defence.duration) == (2, "next-defend")
    assert hq.item("elven cloak of passage").effect.charges == 3  # line 389


def test_artifacts() -> None:
    amulet = hq.artifact("amulet of the north")  # line 435
    assert (amulet.effect.body, amulet.effect.mind, amulet.only_for) == (2, 1, ["Barbarian"])
    assert hq.artifact("ancient staff").effect.charges == 5  # line 437
    assert hq.artifact("elven bow of vindication").effect.charges == 4  # line 455
    assert hq.artifact("sky orb").effect.charges == 4  # line 471
    assert hq.artifact("fire ring").effect.charges == 2  # line 459
    borin = hq.artifact("Borin's Armor")  # line 447
    assert (borin.base, borin.effect.defend_dice, borin.min_body) == ("Plate Mail", 2, 5)
    orcs_bane = hq.artifact("orcs bane")  # line 463
    assert (orcs_bane.base, orcs_bane.effect.attack_dice, orcs_bane.min_body) == ("Short Sword", 1, 6)
    staff = hq.artifact("wizard's staff")  # line 487
    assert staff.min_starting_magic == 4 and staff.effect.diagonal and staff.source == f"{SEED}:487"


@pytest.mark.parametrize(
    ("key", "level", "target", "line"),
    [
        ("earth/rock skin", 1, "self-or-character", 495),
        ("fire/ball of flame", 4, "one-enemy", 507),
        ("air/tempest", 2, "one-enemy", 513),
        ("chaos/tempest", 1, "one-character", 545),
        ("water/sleep", 4, "one-enemy", 523),
        ("chaos/sleep", 3, "one-character", 561),
        ("elf/slow", 7, "one-enemy", 541),
        ("chaos/summon wolves", 9, "self", 593),
        ("other/warmth", None, "self-or-ally", 603),
    ],
)
def test_spell_levels_and_targets(key: str, level: int | None, target: str, line: int) -> None:
    found = hq.spell(key)
    assert (found.level, found.target, found.source) == (level, target, f"{SEED}:{line}")


def test_spell_amounts_by_caster_level() -> None:
    heal = hq.spell("heal body")  # line 497: 4 at level 3, 6 at level 5, 8 at level 7
    assert [heal.amount_at(n) for n in (3, 4, 5, 6, 7, 12)] == [4, 4, 6, 6, 8, 8]
    fire = hq.spell("fire of wrath")  # line 503: 1 at level 1, 2 at level 3, 4 at level 6
    assert [fire.amount_at(n) for n in (1, 2, 3, 5, 6)] == [1, 1, 2, 2, 4]
    ball = hq.spell("ball of flame")  # line 507: 3, 4 and 6 points at levels 4, 6, 10
    assert [ball.amount_at(n) for n in (4, 6, 9, 10)] == [3, 4, 4, 6]
    water = hq.spell("water of healing")  # line 519: 2, 4, 6 at levels 1, 4, 8
    assert [water.amount_at(n) for n in (1, 4, 8)] == [2, 4, 6]
    with pytest.raises(UsageError, match="not cast below level 4"):
        ball.amount_at(3)
    assert hq.spell("courage").amount_at(5) is None


def test_a_spell_text_names_its_amounts_by_level_lines_497_503_507_519() -> None:
    """The description of a spell whose amount grows with the caster's level names every amount and the
    level it starts at (line 503: "At level 1 this is 1 point, at level 3 it is 2 points, and at level 6
    it is 4 points"), not "Flames deal points of damage"."""
    fire = hq.spell("fire of wrath")
    assert fire.text.startswith("Flames deal 1 point of damage (2 from caster level 3, 4 from level 6)")
    for spell in hq.catalog().spells.values():
        if spell.by_level:
            first, *rest = spell.by_level
            assert f" {first.amount} " in spell.text, spell.name
            for step in rest:
                assert f"{step.amount} from " in spell.text and f"level {step.level}" in spell.text, (
                    spell.name
                )


def test_spell_effects_and_how_they_break() -> None:
    assert hq.spell("firestorm").effect.damage == 3  # line 575
    assert hq.spell("lightning bolt").effect.damage == 2  # line 559
    assert hq.spell("weak ball of flame").effect.damage == 2  # line 547
    assert hq.spell("restore chaos").effect.heal_body == 6  # line 579
    assert hq.spell("courage").effect.attack_dice == 2  # line 505
    assert hq.spell("water/sleep").undead_immune  # line 523
    assert "9 or more" in hq.spell("disappear").broken_by  # line 527: a 9, 10, 11 or 12 ends it
    assert "5 skulls" in hq.spell("ice wall").broken_by  # line 585


def test_a_spell_name_two_groups_share_needs_its_group() -> None:
    with pytest.raises(UsageError, match="water/sleep, chaos/sleep"):
        hq.spell("Sleep")
    assert hq.spell("Sleep", school="water").level == 4
    with pytest.raises(UsageError, match="no fire spell"):
        hq.spell("sleep", school="fire")
