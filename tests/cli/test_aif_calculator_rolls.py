"""The `aif` calculators take `--rolls N,N,...`: the dice thrown at the table, in the order the procedure
throws them; the JSON lists each and what it decided; a value the die cannot show, one left over, or
`--rolls` beside the older `--roll` is one line and exit status 2."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.cli.helpers import grognard


def run(*args: str) -> Any:
    ran = grognard("aif", *args, "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def test_a_check_reads_the_two_d20_the_table_threw() -> None:
    passed = run("check", "dexterity", "--rating", "50", "--rolls", "49%")
    failed = run("check", "dexterity", "--rating", "50", "--rolls", "5,1")  # the faces 5 and 1: 51
    assert (passed["roll"]["total"], passed["success"]) == (49, True)
    assert (failed["roll"]["total"], failed["success"]) == (51, False)
    assert failed["given"] == [
        {"value": "5", "die": "d20", "face": 5},
        {"value": "1", "die": "d20", "face": 1},
    ]


def test_the_hit_location_takes_the_location_then_the_damage_die() -> None:
    hit = run("hit-location", "--rolls", "45%,3")
    assert hit["location_roll"] == 45 and [g["face"] for g in hit["given"]] == [45, 3]
    assert hit["damage"] >= 1


def test_influence_takes_both_rolls_in_order() -> None:
    done = run("influence", "--charisma", "50", "--target-charisma", "40", "--rolls", "12%,50%")
    assert done["first_roll"]["total"] == 12 and done["second_roll"]["total"] == 50


def test_a_table_is_rolled_with_the_dice_given() -> None:
    row = run("table", "civilians", "--rolls", "73%")
    assert row["roll"] == 73 and row["given"][0]["face"] == 73


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("check", "intelligence", "--rating", "40", "--rolls", "21"), "1-20"),
        (("check", "intelligence", "--rating", "40", "--rolls", "40%,3%"), "not used"),
        (("check", "health", "--rating", "40", "--rolls", "x"), "roll 'x'"),
        (("check", "dexterity", "--rating", "50", "--roll", "30", "--rolls", "4%"), "not both"),
        (("table", "forage-city", "--rolls", "3,4"), "not used"),
    ],
)
def test_bad_table_dice_are_one_line_and_exit_2(args: tuple[str, ...], says: str) -> None:
    ran = grognard("aif", *args)
    assert ran.code == 2 and says in ran.err and len(ran.err.strip().splitlines()) == 1, ran.err
