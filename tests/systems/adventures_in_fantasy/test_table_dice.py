"""Dice at the table: `--rolls` gives the dice the referee threw, in the order the procedure throws them,
and the rest are rolled (TableDice); the JSON lists each given value and the die it decided."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from grognard.cli.systems import aif_world
from grognard.cli.systems.aif_character import mount as mount_character
from grognard.engine.dice.core import Rng, percentile, roll_dice
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.encounters import outdoor_encounter
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls
from tests.cli.helpers import grognard

app = typer.Typer()


@app.callback()
def _root() -> None:
    """The test root."""


aif_world.mount(app)
mount_character(app)


def run(*args: str) -> Any:
    ran = CliRunner().invoke(app, list(args))
    assert ran.exit_code == 0, (ran.output, ran.exception)
    return json.loads(ran.output)


def test_a_reading_with_percent_is_both_d20_and_faces_are_single_dice() -> None:
    dice = TableDice(1, parse_rolls("73%, 100%, 5,15, 4"))
    assert percentile(dice).total == 73
    assert percentile(dice).total == 100  # 00 reads 100 (:96)
    assert percentile(dice).total == 55  # faces 5 and 15: digits 5 and 5
    assert roll_dice(dice, 1, 6).total == 4
    assert not dice.unused and [g.face for g in dice.given_dice] == [73, 100, 5, 15, 4]
    rest, seeded = TableDice(1, ()), Rng(1)
    assert [rest.randint(1, 20) for _ in range(5)] == [seeded.randint(1, 20) for _ in range(5)]


@pytest.mark.parametrize("text", ["x", "101%", "0%", "4.5", "-3"])
def test_bad_rolls_are_refused(text: str) -> None:
    with pytest.raises(UsageError):
        parse_rolls(text)


def test_a_face_the_die_cannot_show_or_a_value_left_over_is_refused() -> None:
    with pytest.raises(UsageError, match="die of 1-6"):
        roll_dice(TableDice(1, ("7",)), 1, 6)
    with pytest.raises(UsageError, match="two-d20 reading where the procedure throws a d6"):
        roll_dice(TableDice(1, ("50%",)), 1, 6)
    dice = TableDice(1, ("10%", "4"))
    percentile(dice)
    with pytest.raises(UsageError, match="were not used"):
        check_spent(dice)


def test_the_given_dice_decide_a_forest_encounter_and_the_rest_are_rolled() -> None:
    """Forest: 1 on Table H's chance meets something (:879-881), 99 on the type is special, 50 on
    Table I a magic-user; every later die is the seed's."""
    given = outdoor_encounter(TableDice(3, parse_rolls("1%,99%,50%")), "forest")
    assert given.met and given.kind == "Magical"
    assert [s.roll.total for s in given.steps[:3] if s.roll] == [1, 99, 50]
    nothing = outdoor_encounter(TableDice(3, parse_rolls("100%")), "forest")
    assert not nothing.met
    data = run("encounter", "--terrain", "forest", "--rolls", "1%,99%,50%", "--seed", "3", "--json")
    assert data["given"] == [
        {"value": "1%", "die": "d100", "face": 1},
        {"value": "99%", "die": "d100", "face": 99},
        {"value": "50%", "die": "d100", "face": 50},
    ]
    assert [s["result"] for s in data["steps"][:3]] == ["encounter", "Special", "Magical"]


@pytest.mark.parametrize(
    "args",
    [
        ("evade", "--searchers", "10", "--hidden", "3"),
        ("hostility", "--force", "law", "--other", "chaos"),
        ("arrivals", "--deployment", "foraging", "--men", "10"),
        ("terrain", "forest", "--width", "2", "--height", "2"),
        ("forage", "--terrain", "forest"),
        ("encounter", "--terrain", "underworld", "--level", "2"),
    ],
)
def test_every_random_world_command_takes_the_table_dice(args: tuple[str, ...]) -> None:
    data = run(*args, "--rolls", "7", "--seed", "2", "--json")
    assert data["given"][0]["value"] == "7" and data["given"][0]["face"] == 7
    ran = CliRunner().invoke(app, [*args, "--rolls", "7," + ",".join(["5"] * 300), "--json"])
    assert isinstance(ran.exception, UsageError) and "were not used" in str(ran.exception)


def test_a_campaign_fight_takes_the_table_dice(tmp_path: Path) -> None:
    cid = json.loads(grognard("aif", "campaign", "new", "--seed", "1", "--json", home=tmp_path).out)["id"]
    assert (
        grognard(
            "aif", "campaign", "add-character", cid, "--seed", "5", "--soldier", "--json", home=tmp_path
        ).code
        == 0
    )
    # his blow: 10 to hit (a hit), 70 on the Hit Location Chart, 4 on its die; the wolf's: 80, a miss
    fought = grognard(
        "aif", "campaign", "act", cid, "fight:0:Wolf", "--rolls", "10%,70%,4,80%", "--json", home=tmp_path
    )
    assert fought.code == 0, fought.err
    data = json.loads(fought.out)
    assert [g["face"] for g in data["given"]] == [10, 70, 4, 80]
    blows = [e for e in data["events"] if e["label"] == "Melee"]
    assert blows[0]["rolls"][0]["total"] == 10 and blows[1]["rolls"][0]["total"] == 80
    assert "Wolf 9" not in blows[0]["text"] and "hit(s)" in blows[0]["text"]
    left = grognard("aif", "campaign", "act", cid, "round", "--rolls", "99%,99%,5", home=tmp_path)
    assert left.code == 2 and "were not used" in left.err
    again = grognard("aif", "campaign", "act", cid, "round", "--rolls", "99%,99%", "--json", home=tmp_path)
    assert again.code == 0 and "miss" in again.out


@given(st.text(max_size=60))
def test_any_rolls_text_is_read_or_refused_cleanly(text: str) -> None:
    try:
        values = parse_rolls(text)
    except UsageError:
        return
    dice = TableDice(1, values)
    try:
        for _ in values:
            percentile(dice)
    except UsageError:
        return


def test_a_character_is_made_with_the_dice_thrown_at_the_table() -> None:
    """The six ratings in the book's order (:86-96) from the referee's dice: 99, 1, then 50s."""
    ran = CliRunner().invoke(
        app, ["character", "new", "--seed", "3", "--rolls", "99%,1%,50%,50%,50%,50%", "--json"]
    )
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    ratings = data["character"]["characteristics"]
    assert (ratings["strength"], ratings["dexterity"], ratings["intelligence"]) == (99, 1, 50)
    assert [g["face"] for g in data["given"]] == [99, 1, 50, 50, 50, 50]
