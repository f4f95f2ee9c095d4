"""The Adventure Sheet: creation, the Initial caps, Provisions, potions and weapons."""

from __future__ import annotations

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError, UsageError
from grognard.systems.fighting_fantasy.sheet import AdventureSheet, Weapon
from tests.systems.fighting_fantasy.stub import StubRng


def test_creation_rolls_skill_1d6_plus_6_stamina_2d6_plus_12_luck_1d6_plus_6() -> None:
    """Ruling (the excerpt 000_13d85f0bd5b613c5.txt:1-20 names the scores but prints no creation rolls)."""
    sheet, rolls = AdventureSheet.roll(StubRng(3, 4, 5, 6))
    assert (sheet.skill, sheet.stamina, sheet.luck) == (3 + 6, 4 + 5 + 12, 6 + 6)
    assert (sheet.initial_skill, sheet.initial_stamina, sheet.initial_luck) == (9, 21, 12)
    assert [r.faces() for r in rolls] == [[3], [4, 5], [6]]


def test_creation_ranges_over_many_seeds() -> None:
    """Ruling: SKILL 7-12, STAMINA 14-24, LUCK 7-12, every value reachable."""
    seen: dict[str, set[int]] = {"SKILL": set(), "STAMINA": set(), "LUCK": set()}
    for seed in range(400):
        sheet, _ = AdventureSheet.roll(Rng(seed))
        for name in seen:
            seen[name].add(sheet.score(name))  # type: ignore[arg-type]
    assert seen["SKILL"] == set(range(7, 13))
    assert seen["STAMINA"] == set(range(14, 25))
    assert seen["LUCK"] == set(range(7, 13))


def test_scores_never_exceed_initial() -> None:
    """000_13d85f0bd5b613c5.txt:7-11: additions may never take a score above its Initial value."""
    sheet = AdventureSheet.new(10, 20, 9).change("STAMINA", -5).change("STAMINA", 8)
    assert sheet.stamina == 20
    assert sheet.change("LUCK", 3).luck == 9
    assert sheet.change("SKILL", 1).skill == 10


def test_a_section_may_raise_a_score_past_initial() -> None:
    """000_13d85f0bd5b613c5.txt:9-11: "except on very rare occasions" when a page says so; Initial rises."""
    sheet = AdventureSheet.new(10, 20, 9).change("LUCK", 2, beyond_initial=True)
    assert (sheet.luck, sheet.initial_luck) == (11, 11)
    assert sheet.invariants() == []


def test_scores_do_not_go_below_zero() -> None:
    """STAMINA 0 is death (000_13d85f0bd5b613c5.txt:51-53); a score is never negative."""
    sheet = AdventureSheet.new(10, 3, 9).change("STAMINA", -5)
    assert sheet.stamina == 0 and sheet.dead


def test_eating_restores_4_stamina_capped_at_initial() -> None:
    """000_13d85f0bd5b613c5.txt:125-137: ten meals, +4 STAMINA each, never above Initial."""
    sheet = AdventureSheet.new(10, 20, 9)
    assert sheet.provisions == 10
    hurt = sheet.change("STAMINA", -6)
    fed = hurt.eat(allowed=True)
    assert (fed.stamina, fed.provisions) == (18, 9)
    assert fed.eat(allowed=True).stamina == 20


def test_eating_only_where_a_section_allows_and_while_provisions_last() -> None:
    """000_13d85f0bd5b613c5.txt:126-128: eat only when the page allows, one meal at a time."""
    sheet = AdventureSheet.new(10, 12, 9)
    with pytest.raises(RulesError, match="section allows"):
        sheet.eat(allowed=False)
    for _ in range(10):
        sheet = sheet.eat(allowed=True)
    assert sheet.provisions == 0
    with pytest.raises(RulesError, match="no Provisions"):
        sheet.eat(allowed=True)


def test_potion_of_skill_restores_skill_twice() -> None:
    """000_13d85f0bd5b613c5.txt:117-118 and 151-158: restores SKILL to Initial; two measures."""
    sheet = AdventureSheet.new(11, 20, 9, potion="skill").change("SKILL", -3)
    sheet = sheet.drink()
    assert (sheet.skill, sheet.potion_measures) == (11, 1)
    sheet = sheet.change("SKILL", -1).drink()
    assert (sheet.skill, sheet.potion_measures) == (11, 0)
    with pytest.raises(RulesError, match="no potion"):
        sheet.drink()


def test_potion_of_strength_restores_stamina() -> None:
    """000_13d85f0bd5b613c5.txt:137-139: the Potion of Strength restores STAMINA to Initial."""
    sheet = AdventureSheet.new(10, 20, 9, potion="strength").change("STAMINA", -12).drink()
    assert sheet.stamina == 20


def test_potion_of_fortune_raises_initial_luck_then_restores() -> None:
    """000_13d85f0bd5b613c5.txt:146-149 and 154-155: Initial LUCK +1, then LUCK restored to it."""
    sheet = AdventureSheet.new(10, 20, 9, potion="fortune").change("LUCK", -4).drink()
    assert (sheet.luck, sheet.initial_luck) == (10, 10)
    assert sheet.invariants() == []


def test_only_one_potion_is_chosen() -> None:
    """000_13d85f0bd5b613c5.txt:160-161: one of the three potions; anything else is refused."""
    with pytest.raises(UsageError, match="elixir"):
        AdventureSheet.new(10, 20, 9, potion="elixir")


def test_only_the_weapon_in_use_gives_its_bonus() -> None:
    """000_13d85f0bd5b613c5.txt:112-115: one weapon at a time; no two Magic Sword bonuses."""
    sheet = AdventureSheet.new(10, 20, 9)
    sheet = sheet.take_weapon(Weapon("Magic Sword", 2)).take_weapon(Weapon("Other Magic Sword", 2))
    assert sheet.attack_skill == 10
    armed = sheet.wield("Magic Sword")
    assert armed.attack_skill == 12
    assert armed.wield("Other Magic Sword").attack_skill == 12
    with pytest.raises(RulesError):
        sheet.wield("Axe")


def test_gold_jewels_equipment_items_are_carried() -> None:
    """The Adventure Sheet's boxes (000_13d85f0bd5b613c5.txt:131-133 names one) start empty."""
    sheet = AdventureSheet.new(10, 20, 9)
    assert (sheet.gold, sheet.jewels, sheet.equipment, sheet.items) == (0, (), (), ())
