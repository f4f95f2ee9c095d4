"""The Action Chart: creation, caps and carrying limits, as the issue summarises the book's rules."""

from __future__ import annotations

from collections import Counter

import pytest

from grognard.engine.dice.core import Rng, lone_wolf_distribution
from grognard.engine.errors import RulesError, UsageError
from grognard.systems.grey_star import chart as ch
from grognard.systems.grey_star.chart import ActionChart, ChartOptions, new_chart, roll_chart

FIVE = ("Sorcery", "Enchantment", "Alchemy", "Prophecy", "Evocation")
NO_ALCHEMY = ("Sorcery", "Enchantment", "Elementalism", "Prophecy", "Evocation")


def test_scores_are_random_number_plus_10_20_20_and_zero_counts_as_zero() -> None:
    # The issue: COMBAT SKILL = random number + 10, WILLPOWER and ENDURANCE = random number + 20.
    c = new_chart((0, 7, 3), FIVE, ch.DAGGER)
    assert (c.combat_skill, c.willpower, c.endurance, c.endurance_max) == (10, 27, 23, 23)


def test_starting_equipment() -> None:
    # The issue: the Staff, a Backpack with 4 Meals, a map, no Nobles; Alchemy brings the Herb Pouch.
    c = new_chart((5, 5, 5), FIVE, ch.TALISMAN)
    assert c.weapons == (ch.STAFF,)
    assert c.meals == 4 and len(c.backpack) == 4
    assert ch.MAP in c.special_items and ch.TALISMAN in c.special_items
    assert c.nobles == 0
    assert c.herb_pouch is not None
    assert Counter(c.herb_pouch) == Counter({"Empty Vial": 2, "Vial of Saltpetre": 1, "Vial of Sulphur": 1})
    assert new_chart((5, 5, 5), NO_ALCHEMY, ch.TALISMAN).herb_pouch is None


def test_each_gift_goes_where_it_is_carried() -> None:
    """issue #4: one gift of three: the Jewelled Dagger (a weapon), the Vial of Laumspur (Backpack)."""
    assert ch.DAGGER in new_chart((1, 1, 1), FIVE, ch.DAGGER).weapons
    assert ch.LAUMSPUR in new_chart((1, 1, 1), FIVE, ch.LAUMSPUR).backpack
    with pytest.raises(UsageError, match="Sword"):
        new_chart((1, 1, 1), FIVE, "Sword")


@pytest.mark.parametrize(
    "magicks",
    [FIVE[:4], (*FIVE[:4], "Sorcery"), (*FIVE[:4], "Necromancy"), (*FIVE, "Psychomancy")],
)
def test_exactly_five_different_lesser_magicks(magicks: tuple[str, ...]) -> None:
    """issue #4: the reader chooses 5 of the 7 Lesser Magicks."""
    with pytest.raises(UsageError):
        new_chart((1, 1, 1), magicks, ch.DAGGER)


def test_random_numbers_outside_0_9_are_refused() -> None:
    """issue #4: the scores come from random numbers 0-9."""
    with pytest.raises(UsageError, match="10"):
        new_chart((10, 1, 1), FIVE, ch.DAGGER)


def test_rolled_chart_uses_the_shown_numbers_and_the_chosen_table() -> None:
    """issue #4: three random numbers picked through the table option (uniform or the book's)."""
    for seed in range(30):
        c, rolls = roll_chart(Rng(seed), FIVE, ch.DAGGER, ChartOptions(table="book"))
        assert (c.combat_skill, c.willpower, c.endurance) == (
            rolls[0].total + 10,
            rolls[1].total + 20,
            rolls[2].total + 20,
        )
        assert all(r.dice[0].die == "lw-table" for r in rolls)
        assert all(lone_wolf_distribution("book")[r.total] > 0 for r in rolls)


def test_endurance_never_rises_above_the_start_but_willpower_may() -> None:
    """issue #4: ENDURANCE never rises above its starting value; WILLPOWER may."""
    c = new_chart((5, 5, 5), FIVE, ch.DAGGER)
    hurt = c.lose_endurance(6).restore_endurance(10)
    assert hurt.endurance == c.endurance_max == 25
    assert c.gain_willpower(7).willpower == 32


def test_death_at_zero_or_below() -> None:
    """issue #4 and 001_2055bbb054c2d265.txt:12: ENDURANCE 0 or below is death."""
    c = new_chart((5, 5, 0), FIVE, ch.DAGGER)
    assert not c.lose_endurance(19).dead
    assert c.lose_endurance(20).dead and c.lose_endurance(25).dead


def test_willpower_zero_closes_magical_powers() -> None:
    """issue #4: WILLPOWER 0 or below: no Magical Powers."""
    c = new_chart((5, 0, 5), FIVE, ch.DAGGER)
    assert c.has_power("Sorcery") and not c.has_power("Elementalism")
    drained = c.spend_willpower(20)
    assert drained.willpower == 0 and not drained.magic_open and not drained.has_power("Sorcery")
    assert not c.has_power("Necromancy")  # a Higher Magick (book 4), not chosen here
    with pytest.raises(UsageError, match="Flight"):
        c.has_power("Flight")


def test_shortfall_goes_negative_by_default() -> None:
    """issue #4: WILLPOWER the reader lacks goes negative unless the option says otherwise."""
    c = new_chart((5, 0, 5), FIVE, ch.DAGGER)  # WILLPOWER 20
    spent = c.spend_willpower(23)
    assert (spent.willpower, spent.endurance) == (-3, 25)


def test_shortfall_option_costs_two_endurance_per_missing_point() -> None:
    # The issue: "an option lets each missing point cost 2 ENDURANCE instead (the errata's method)".
    c = new_chart((5, 0, 5), FIVE, ch.DAGGER, ChartOptions(shortfall="endurance"))
    spent = c.spend_willpower(23)
    assert (spent.willpower, spent.endurance) == (0, 25 - 6)
    assert spent.spend_willpower(2).endurance == 25 - 6 - 4


def test_weapon_skill_staff_other_weapon_dagger_and_bare_hands() -> None:
    # The issue: -6 without the Staff, -8 with no weapon; the dagger +1 when it is the weapon used.
    c = new_chart((5, 5, 5), FIVE, ch.DAGGER)  # COMBAT SKILL 15
    assert c.weapon_skill(ch.STAFF) == 15
    assert c.weapon_skill(ch.DAGGER) == 15 - 6 + 1
    assert c.weapon_skill(None) == 15 - 8
    sword = new_chart((5, 5, 5), FIVE, ch.TALISMAN).add_weapon("Sword")
    assert sword.weapon_skill("Sword") == 9
    with pytest.raises(UsageError, match="Axe"):
        c.weapon_skill("Axe")


def test_dagger_with_staff_option() -> None:
    # The issue: "an option lets it be used together with the Staff".
    plain = new_chart((5, 5, 5), FIVE, ch.DAGGER)
    both = new_chart((5, 5, 5), FIVE, ch.DAGGER, ChartOptions(dagger_with_staff=True))
    assert plain.weapon_skill(ch.STAFF) == 15 and both.weapon_skill(ch.STAFF) == 16
    no_dagger = new_chart((5, 5, 5), FIVE, ch.TALISMAN, ChartOptions(dagger_with_staff=True))
    assert no_dagger.weapon_skill(ch.STAFF) == 15


def test_two_weapons_at_most_the_staff_counting() -> None:
    """issue #4: at most 2 weapons, the Staff counts."""
    c = new_chart((5, 5, 5), FIVE, ch.DAGGER)
    with pytest.raises(RulesError, match="at most 2 weapons"):
        c.add_weapon("Sword")
    assert c.drop_weapon(ch.DAGGER).add_weapon("Sword").weapons == (ch.STAFF, "Sword")


def test_backpack_holds_eight_meals_counting() -> None:
    """issue #4: at most 8 Backpack items, Meals count."""
    c = new_chart((5, 5, 5), FIVE, ch.LAUMSPUR)  # 4 Meals + Laumspur
    for item in ("Rope", "Lantern", "Meal"):
        c = c.add_backpack_item(item)
    assert len(c.backpack) == 8 and c.meals == 5
    with pytest.raises(RulesError, match="at most 8"):
        c.add_backpack_item("Blanket")


def test_a_meal_is_eaten_or_costs_three_endurance() -> None:
    """issue #4: a Meal required with none to eat costs 3 ENDURANCE."""
    c = new_chart((5, 5, 5), FIVE, ch.DAGGER)
    for _ in range(4):
        c = c.eat_meal()
    assert c.meals == 0 and c.endurance == 25
    assert c.eat_meal().endurance == 22


def test_herb_pouch_only_with_alchemy_and_holds_eight() -> None:
    """issue #4: Alchemy brings the Herb Pouch, at most 8 items."""
    c = new_chart((5, 5, 5), FIVE, ch.DAGGER)
    for i in range(4):
        c = c.add_herb(f"Herb {i}")
    with pytest.raises(RulesError, match="at most 8"):
        c.add_herb("Herb 9")
    assert c.drop_herb("Vial of Sulphur").add_herb("Herb 9").herb_pouch is not None
    with pytest.raises(RulesError, match="Herb Pouch"):
        new_chart((5, 5, 5), NO_ALCHEMY, ch.DAGGER).add_herb("Herb")


def test_talisman_adds_two_willpower_once() -> None:
    """issue #4: the Magic Talisman gives +2 WILLPOWER, once."""
    c = new_chart((5, 5, 5), FIVE, ch.TALISMAN)
    used = c.use_talisman()
    assert used.willpower == c.willpower + 2 and ch.TALISMAN not in used.special_items
    with pytest.raises(RulesError):
        used.use_talisman()


def test_laumspur_heals_four_capped_one_dose() -> None:
    """issue #4: the Vial of Laumspur, +4 ENDURANCE, one dose, never above the start."""
    c = new_chart((5, 5, 5), FIVE, ch.LAUMSPUR).lose_endurance(6)
    healed = c.use_laumspur()
    assert healed.endurance == 23 and ch.LAUMSPUR not in healed.backpack
    assert new_chart((5, 5, 5), FIVE, ch.LAUMSPUR).lose_endurance(1).use_laumspur().endurance == 25
    with pytest.raises(RulesError):
        healed.use_laumspur()


def test_nobles_cannot_go_below_zero() -> None:
    """issue #4: money is Nobles, none at the start (a ruling: never below 0)."""
    c: ActionChart = new_chart((5, 5, 5), FIVE, ch.DAGGER).add_nobles(5)
    assert c.add_nobles(-5).nobles == 0
    with pytest.raises(RulesError, match="5 Nobles"):
        c.add_nobles(-6)
