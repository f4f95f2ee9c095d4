"""Rules that had no test naming their source (the audit in docs/systems/grey-star.md, "Rules and their
tests"): each test here names the rulebook line (001_2055bbb054c2d265.txt:N) or "issue #4" for a fact the
issue supplies, and drives the public API (the random numbers, the Action Chart, a combat)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from grognard.engine.dice.core import lone_wolf_distribution
from grognard.engine.errors import RulesError
from grognard.systems.grey_star import chart as ch
from grognard.systems.grey_star import crt
from grognard.systems.grey_star.combat import CombatState

# issue #4, copied from the issue's text (not from the code) with its spaces.
ISSUE_DIGITS = (
    "3279628256 4138716840 4163175620 2504866841 0595709465 "
    "2825632796 1684041387 7562041631 6684125048 0946505957"
)
FIVE = ("Sorcery", "Enchantment", "Alchemy", "Prophecy", "Evocation")


def test_uniform_random_numbers_are_0_to_9_equally_likely() -> None:
    """001_2055bbb054c2d265.txt:8 ("Pick a number from the Random Number Table") with issue #4's uniform
    option: each of 0-9 is 1/10, and 0 counts as zero."""
    assert lone_wolf_distribution("uniform") == {n: Fraction(1, 10) for n in range(10)}


def test_the_books_table_is_its_100_printed_digits_each_equally_likely() -> None:
    """issue #4: the book's printed table, pointed at blindly, so each of its 100 digits is equally likely
    and the digits are not uniform."""
    digits = ISSUE_DIGITS.replace(" ", "")
    assert len(digits) == 100
    counts = Counter(int(d) for d in digits)
    assert lone_wolf_distribution("book") == {n: Fraction(counts[n], 100) for n in range(10)}
    assert lone_wolf_distribution("book") != lone_wolf_distribution("uniform")


def test_the_staffs_spend_is_chosen_each_round_and_multiplies_the_enemys_loss() -> None:
    """001_2055bbb054c2d265.txt:7 ("note the number of WILLPOWER points you wish to expend", repeated from
    stage 3 by line 12) and :11 (the enemy's loss times the WILLPOWER used); issue #4: at least 1 a round
    for the magic, chosen each round."""
    first = CombatState(15, 30, 4, 15, 40)
    assert list(first.legal_actions()) == ["spend:0", "spend:1", "spend:2", "spend:3", "spend:4"]
    paid = first.apply("spend:3")
    assert isinstance(paid, CombatState) and paid.willpower == 1
    cell = crt.lookup(0, 1)  # ratio 0, random number 1: 3/5
    after = paid.apply(f"E{3 * cell.enemy}/GS{cell.grey_star}")  # type: ignore[operator]
    assert isinstance(after, CombatState)
    assert (after.enemy_endurance, after.endurance, after.willpower) == (40 - 9, 25, 1)
    assert list(after.legal_actions()) == ["spend:0", "spend:1"]  # the next round is chosen anew


def test_the_combat_ratio_is_yours_minus_the_enemys() -> None:
    """001_2055bbb054c2d265.txt:5-6: COMBAT SKILL with the weapon used, minus the enemy's, is the Combat
    Ratio; the column of the table follows it (:9-10)."""
    state = CombatState(17, 20, 5, 22, 30)
    assert state.ratio(1) == 17 - 22
    paid = state.apply("spend:1")
    assert isinstance(paid, CombatState) and paid.column == crt.table().column_index(-5)


def test_the_herb_pouch_holds_its_four_starting_items_and_at_most_eight() -> None:
    """issue #4: Alchemy brings a Herb Pouch (2 empty Vials, a Vial of Saltpetre, a Vial of Sulphur; at
    most 8 items)."""
    chart = ch.new_chart((5, 5, 5), FIVE, ch.DAGGER)
    assert chart.herb_pouch is not None
    assert Counter(chart.herb_pouch) == Counter(
        {"Empty Vial": 2, "Vial of Saltpetre": 1, "Vial of Sulphur": 1}
    )
    for i in range(4):
        chart = chart.add_herb(f"Herb {i}")
    with pytest.raises(RulesError, match="at most 8"):
        chart.add_herb("Herb 9")


def test_laumspur_is_one_dose_of_four_endurance_never_above_the_start() -> None:
    """issue #4: the Vial of Laumspur gives +4 ENDURANCE, one dose; ENDURANCE never rises above its
    starting value."""
    chart = ch.new_chart((5, 5, 5), FIVE, ch.LAUMSPUR).lose_endurance(6)
    healed = chart.use_laumspur()
    assert healed.endurance == chart.endurance + 4 and ch.LAUMSPUR not in healed.backpack
    with pytest.raises(RulesError):
        healed.use_laumspur()
    assert ch.new_chart((5, 5, 5), FIVE, ch.LAUMSPUR).lose_endurance(1).use_laumspur().endurance == 25


def test_endurance_zero_or_below_is_death() -> None:
    """001_2055bbb054c2d265.txt:12 ("ENDURANCE points of either character fall to 0 or below") and
    issue #4: ENDURANCE 0 or below is death."""
    chart = ch.new_chart((5, 5, 5), FIVE, ch.DAGGER)
    assert not chart.dead
    assert chart.lose_endurance(chart.endurance).dead
    assert chart.lose_endurance(chart.endurance + 3).dead
