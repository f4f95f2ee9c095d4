"""`grognard aif table`: the Typer app directly, and the real command once the system is wired in."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from grognard.cli.systems.aif import app
from grognard.engine.errors import UsageError
from tests.cli.helpers import grognard

runner = CliRunner()


def test_list_json_names_every_table_with_dice_and_source() -> None:
    ran = runner.invoke(app, ["table", "--list", "--json"])
    assert ran.exit_code == 0, ran.output
    rows = {r["name"]: r for r in json.loads(ran.output)}
    assert rows["deployment"]["dice"] == "1d20"
    assert rows["social-status"]["source"] == "002_8449cbd1010a37a5.txt:192-213"
    assert len(rows) >= 125


def test_given_roll_returns_that_row_as_json() -> None:
    ran = runner.invoke(app, ["table", "hit-location-snake", "--roll", "35", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    assert data["table"] == "hit-location-snake" and data["roll"] == 35 and data["dice"] == []
    assert data["row"]["result"] == {"damage": "1d6"}
    assert data["row"]["source"] == "002_8449cbd1010a37a5.txt:1601"


def test_several_rolls_give_a_list() -> None:
    ran = runner.invoke(app, ["table", "deployment", "--roll", "11", "--roll", "20", "--json"])
    assert ran.exit_code == 0, ran.output
    assert [d["row"]["result"] for d in json.loads(ran.output)] == ["Ambush", "Marching"]


def test_a_seeded_roll_shows_both_d20_and_repeats() -> None:
    first = runner.invoke(app, ["table", "starting-age", "--seed", "11", "--json"])
    again = runner.invoke(app, ["table", "starting-age", "--seed", "11", "--json"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data == json.loads(again.output)
    assert [d["sides"] for d in data["dice"]] == [20, 20]
    digits = [d["value"] for d in data["dice"]]
    assert data["roll"] == (digits[0] * 10 + digits[1] or 100)
    assert data["row"]["low"] <= data["roll"] <= data["row"]["high"]


def test_text_roll_renders_every_die() -> None:
    ran = runner.invoke(app, ["table", "deployment", "--seed", "2"])
    assert ran.exit_code == 0, ran.output
    assert "1d20: [" in ran.output and "seed 2" in ran.output


def test_chart_is_shown_and_refuses_a_roll() -> None:
    ran = runner.invoke(app, ["table", "combat-matrix"])
    assert ran.exit_code == 0, ran.output
    assert "scaled" in ran.output and "80" in ran.output
    refused = runner.invoke(app, ["table", "combat-matrix", "--roll", "40"])
    assert isinstance(refused.exception, UsageError)
    assert "read, not rolled" in str(refused.exception)


def test_chart_json_has_rows_with_sources() -> None:
    ran = runner.invoke(app, ["table", "table-of-death", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    assert data["kind"] == "bands" and data["rows"][-1]["high"] is None
    assert data["rows"][0]["source"] == "002_8449cbd1010a37a5.txt:246"


def test_a_table_of_bands_reads_a_given_score() -> None:
    """`--roll 47` on the Table of Death (read by age, 002_8449cbd1010a37a5.txt:246) reads age 47."""
    ran = runner.invoke(app, ["table", "table-of-death", "--roll", "47"])
    assert ran.exit_code == 0, ran.output
    assert "age 47 (46-50): death chance 8, aging yes" in ran.output
    data = json.loads(
        runner.invoke(app, ["table", "table-of-death", "--roll", "47", "--roll", "99", "--json"]).output
    )
    assert [(r["score"], r["band"], r["result"]["death_chance"]) for r in data["looked_up"]] == [
        (47, "46-50", 8),
        (99, "61 and up", 20),
    ]
    below = runner.invoke(app, ["table", "table-of-death", "--roll", "-1"])
    assert isinstance(below.exception, UsageError) and "no band" in str(below.exception)


def test_out_of_range_roll_and_unknown_name_are_usage_errors() -> None:
    ran = runner.invoke(app, ["table", "deployment", "--roll", "21"])
    assert isinstance(ran.exception, UsageError) and "1-20" in str(ran.exception)
    unknown = runner.invoke(app, ["table", "outdoor-genral-forest"])
    assert isinstance(unknown.exception, UsageError)
    assert "outdoor-general-forest" in str(unknown.exception)


# Through the real command (passes once grognard.systems imports the system and the front end).


def test_real_command_rolls_a_given_row() -> None:
    ran = grognard("aif", "table", "outdoor-general-clear", "--roll", "65", "--json")
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["row"]["result"] == "Civilians"


def test_real_command_refuses_a_roll_on_a_chart_in_one_line() -> None:
    ran = grognard("aif", "table", "price-list", "--roll", "3")
    assert ran.code == 2
    assert len(ran.err.strip().splitlines()) == 1 and "read, not rolled" in ran.err


def test_real_command_unknown_table_lists_close_names() -> None:
    ran = grognard("adventures-in-fantasy", "table", "hit-location")
    assert ran.code == 2
    assert "hit-location-human" in ran.err and "Traceback" not in ran.err
