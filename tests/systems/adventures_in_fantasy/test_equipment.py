"""Equipping: availability, special orders, the armourer's price, encumbrance, castles.

Book lines are in 002_8449cbd1010a37a5.txt; readings are in docs/rulings/adventures-in-fantasy.md
under "Equipment" and "Castles".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy import castles
from grognard.systems.adventures_in_fantasy import equipment as eq
from grognard.systems.adventures_in_fantasy.character import Character, Characteristics, Course, Item


def _character(
    strength: int, dexterity: int, *, courses: tuple[Course, ...] = (), load: float = 0
) -> Character:
    ratings = Characteristics(strength=strength, dexterity=dexterity, intelligence=50, charisma=50, health=50)
    return Character(
        characteristics=ratings,
        age=20,
        rolled_position="Yeoman",
        rolled_level=2,
        status_level=2,
        position="Yeoman",
        rank=2,
        courses=courses,
        equipment=(Item(name="Pack", weight_lb=load),) if load else (),
    )


# -- availability (:509-513) --------------------------------------------------------------------------


def test_class_ii_is_in_stock_under_51_line_511() -> None:
    assert eq.seek(Rng(1), "II", given=(50,)).found_month == 1
    assert eq.seek(Rng(1), "II", given=(51,)).found_month is None
    assert eq.in_stock_chance("II") == Fraction(1, 2)


def test_class_chances_line_509_513() -> None:
    assert [eq.in_stock_chance(c) for c in ("Yes", "II", "III", "IV")] == [
        1,
        Fraction(1, 2),
        Fraction(1, 4),
        Fraction(1, 10),
    ]


def test_one_try_a_month_until_found_lines_511_513() -> None:
    search = eq.seek(Rng(1), "III", months=5, given=(80, 90, 25))
    assert search.found_month == 3
    assert [r.total for r in search.rolls] == [80, 90, 25]
    assert eq.seek(Rng(1), "IV", months=4, given=(11, 12, 13, 14)).found_month is None


def test_class_yes_needs_no_roll_line_509() -> None:
    search = eq.seek(Rng(1), "Yes")
    assert search.rolls == () and search.found_month == 1


def test_seeded_searches_repeat() -> None:
    assert eq.seek(Rng(5), "IV", months=12) == eq.seek(Rng(5), "IV", months=12)


def test_chance_within_months_is_exact() -> None:
    assert eq.stocked_within("IV", 2) == 1 - Fraction(9, 10) ** 2
    assert eq.stocked_within("II", 1) == eq.in_stock_chance("II")


def test_an_unknown_class_or_item_is_named() -> None:
    with pytest.raises(UsageError, match="'V'"):
        eq.in_stock_chance("V")
    with pytest.raises(UsageError, match="'banana'"):
        eq.item("banana")


def test_items_are_found_by_a_unique_start() -> None:
    assert eq.item("plate").key == "Plate Armor"
    with pytest.raises(UsageError, match="Crossbow"):
        eq.item("cross")


# -- craftsmen and prices (:440, :515) ----------------------------------------------------------------


def test_special_orders_cost_half_again_line_515() -> None:
    order = eq.special_order("Spear")
    assert order.cost_gp == Fraction(3, 2) * Fraction(3, 2)
    assert order.weeks == 1 and order.starts_now


def test_a_craftsman_takes_two_special_orders_at_a_time_line_515() -> None:
    assert eq.special_order("Sword", in_hand=1).starts_now
    assert eq.special_order("Sword", in_hand=2).queued == 1
    assert eq.special_order("Sword", in_hand=3).queued == 2


def test_a_master_armourer_pays_half_line_440() -> None:
    armourer = _character(50, 50, courses=(Course(number=21, name="Armorer", months=60),))
    assert eq.character_price(armourer, "Plate Armor").cost_gp == 40
    assert eq.character_price(_character(50, 50), "Plate Armor").cost_gp == 80


# -- encumbrance (:579-603) ---------------------------------------------------------------------------


def test_weight_and_strength_cross_index_line_592() -> None:
    move = eq.movement(100, 70, 50)
    assert (move.row, move.column, move.inches) == ("100 lb", "strong 61-80", 4)


def test_loads_between_rows_read_the_next_row_up() -> None:
    assert eq.movement(21, 50, 50).row == "40 lb"
    assert eq.movement(5, 50, 50).row == "20 lb"


def test_cannot_move_line_599() -> None:
    assert eq.movement(150, 10, 50).speed is None
    assert eq.movement(201, 120, 50).inches == 0
    assert eq.movement(150, 10, 100).inches == 0


def test_dexterity_modifier_eighth_inch_a_point_line_601() -> None:
    assert eq.dexterity_modifier(90) == Fraction(10, 8)
    assert eq.dexterity_modifier(17) == -1
    assert eq.dexterity_modifier(80) == eq.dexterity_modifier(25) == 0
    assert eq.movement(200, 45, 96).inches == Fraction(1, 2) + 2  # regardless of the load


def test_horses_and_mules_share_one_column_line_603() -> None:
    assert eq.animal_movement(150).inches == 5
    assert eq.animal_movement(175).speed is None


def test_an_untrained_character_moves_on_75_percent_strength() -> None:
    # Strength 64 untrained is used as 48: the average column, not the strong one.
    assert eq.character_movement(_character(64, 50, load=60)).column == "average 41-60"


# -- castles (:544-577) -------------------------------------------------------------------------------


def test_type_i_is_a_70_ft_tower_and_a_gatehouse_line_571() -> None:
    build = castles.castle("I")
    assert build.base_cost_gp == 9500 + 6000
    assert build.time() == {"day": 240 + 135}


def test_type_iii_costs_its_keep_as_a_gatehouse_line_575() -> None:
    build = castles.castle("III", wall_ft=400)
    assert build.base_cost_gp == 2 * 9500 + 2 * 6000 + 7 * 3000


def test_wall_outside_the_type_is_refused() -> None:
    with pytest.raises(UsageError, match="300-300"):
        castles.castle("II", wall_ft=900)


def test_woods_swamps_and_mountains_lines_563_567() -> None:
    base = castles.castle("I")
    assert castles.castle("I", "woods").cost_gp == base.base_cost_gp * Fraction(11, 10)
    assert castles.castle("I", "swamp").time() == {"day": 3 * 375}
    assert castles.castle("I", "mountains").cost_gp == 2 * base.base_cost_gp


def test_slave_labour_halves_cost_doubles_time_line_569() -> None:
    build = castles.castle("I", labour="slave")
    assert build.cost_gp == Fraction(15500, 2) and build.time() == {"day": 750}
    assert any("wastage" in n for n in build.factors.notes)


def test_tunnel_sections_line_556() -> None:
    build = castles.work("Tunnel, 10 ft section", 10)
    assert build.base_cost_gp == 20 and build.time() == {"hour": 10}


def test_hiring_is_tripled_in_swamps_but_not_raised_in_woods_lines_560_567() -> None:
    assert castles.crews(10, crews=2, supervisors=1).cost_gp == 10 * (2 * 1 + 2)
    assert castles.crews(10, crews=2, supervisors=1, terrain="swamp").cost_gp == 3 * 40
    assert castles.crews(10, crews=2, supervisors=1, terrain="woods").cost_gp == 40


def test_bad_terrain_and_labour_are_named() -> None:
    with pytest.raises(UsageError, match="'desert'"):
        castles.factors("desert")
    with pytest.raises(UsageError, match="'elves'"):
        castles.factors(labour="elves")


def test_crew_days_priced_as_a_work_follow_the_hiring_rule() -> None:
    assert castles.work("Crew of 100 unskilled labourers", 30, "woods").cost_gp == 30
    assert castles.work("Crew of 100 unskilled labourers", 30, "mountains").cost_gp == 60
