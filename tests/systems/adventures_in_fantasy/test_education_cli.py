"""The education and equipment commands, run as a user would: `grognard aif learn|buy|castle ...`.

The commands are mounted on `grognard aif` by `cli/systems/aif.py`; the tests run the real
`python -m grognard` (`tests.cli.helpers.grognard`).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from tests.cli.helpers import Ran, grognard


def aif(*args: str) -> Ran:
    """Run `grognard aif ARGS` in its own process."""
    return grognard("aif", *args)


def data(*args: str) -> Any:
    ran = aif(*args, "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def test_learn_shows_the_formula_and_throws_with_every_die() -> None:
    learn = ("learn", "--course", "sword", "--intelligence", "40", "--months", "12", "--attempt", "2")
    found = data(*learn, "--seed", "4")
    assert found["failure_percent"] == 5
    assert found["success_chance"]["exact"] == "19/20"
    assert len(found["attempt"]["roll"]["dice"]) == 2
    assert found["attempt"]["success"] == (found["attempt"]["roll"]["total"] > 5)
    again = data(*learn, "--seed", "4")
    assert again == found


def test_learn_text_names_the_outcome() -> None:
    ran = aif(
        "learn", "--course", "12", "--intelligence", "40", "--months", "12", "--attempt", "2", "--roll", "3"
    )
    assert ran.code == 0 and "not mastered" in ran.out and "(12 / 12 x 45) - 40" in ran.out


def test_learn_refuses_an_early_apprenticeship_throw_with_exit_2() -> None:
    ran = aif("learn", "--course", "sailor", "--intelligence", "40", "--months", "10", "--attempt", "1")
    assert ran.code == 2 and "line 297" in ran.err and len(ran.err.strip().splitlines()) == 1


def test_forgiveness_jeweler_costs_480_example_line_325() -> None:
    found = data("forgiveness", "--course", "jeweler", "--status", "9", "--roll", "27")
    assert found["cost_gp"]["value"] == 480 and found["redeem_percent"] == 27 and found["redeemed"]


def test_practice_prints_the_book_example_line_414() -> None:
    assert data("practice", "--value", "40", "--months", "2")["values"] == [40, 36, 32]


def test_training_half_way_harold_example_line_413() -> None:
    assert data("training", "--weapon", "sword", "--base", "40", "--months", "6")["trained_base"] == 26


def test_study_break_jeweler_example_line_281() -> None:
    found = data("study-break", "--course", "jeweler", "--months", "39", "--longest-weeks", "3")
    assert (
        found["outcome"] == "penalised" and found["lost_months"]["exact"] == "39/2" and found["fine_gp"] == 20
    )


def test_restart_example_line_315() -> None:
    assert data("restart", "--studied", "13", "--away", "6")["knowledge_retained"] is True


def test_buy_rolls_each_month_until_found() -> None:
    found = data("buy", "Plate Armor", "--months", "3", "--roll", "50", "--roll", "9")
    assert found["class"] == "IV" and found["found_month"] == 2 and len(found["rolls"]) == 2
    assert found["within_months"]["exact"] == str(1 - Fraction(9, 10) ** 3)


def test_buy_special_order_and_bad_class() -> None:
    found = data("buy", "spear", "--special", "--orders-in-hand", "2")
    assert found["price"]["cost_gp"]["value"] == 2.25 and found["order"]["queued"] == 1
    ran = aif("buy", "--class", "V")
    assert ran.code == 2 and "'V'" in ran.err


def test_encumbrance_with_dexterity() -> None:
    found = data("encumbrance", "--load", "30", "--strength", "50", "--dexterity", "90")
    assert found["inches"]["exact"] == "23/4"
    ran = aif("encumbrance", "--load", "-5", "--strength", "50")
    assert ran.code == 2 and "-5" in ran.err


def test_castle_with_terrain_and_labour() -> None:
    found = data("castle", "II", "--terrain", "woods")
    assert found["cost_gp"]["value"] == 30500 * 1.1 and found["time"] == {"day": round(750 * 1.1)}
    ran = aif("castle", "I", "--terrain", "desert")
    assert ran.code == 2 and "'desert'" in ran.err
    assert "Type I castle" in aif("castle", "type i", "--labour", "slave").out
