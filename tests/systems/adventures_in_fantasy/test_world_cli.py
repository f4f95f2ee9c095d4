"""The world commands of `grognard aif` (cli/systems/aif_world.py), mounted on a fresh Typer app."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from grognard.cli.systems import aif_world
from grognard.engine.errors import UsageError
from tests.cli.helpers import grognard

runner = CliRunner()
app = typer.Typer()


@app.callback()
def _root() -> None:
    """The test root."""


aif_world.mount(app)


def run(*args: str) -> Any:
    ran = runner.invoke(app, list(args))
    assert ran.exit_code == 0, (ran.output, ran.exception)
    return json.loads(ran.output) if "--json" in args else ran.output


def refused(*args: str) -> str:
    ran = runner.invoke(app, list(args))
    assert isinstance(ran.exception, UsageError), (ran.output, ran.exception)
    return str(ran.exception)


def _dice_in(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [d for s in steps if "roll" in s for d in s["roll"]["dice"]]


def test_encounter_json_shows_every_roll_and_repeats_with_the_seed() -> None:
    for seed in range(30):
        data = run("encounter", "--terrain", "desert", "--alignment", "law", "--seed", str(seed), "--json")
        assert data == run(
            "encounter", "--terrain", "desert", "--alignment", "law", "--seed", str(seed), "--json"
        )
        assert data["seed"] == seed and data["steps"][0]["table"] == "outdoor-chance-desert"
        assert all(d["sides"] in (6, 10, 20) or d["die"].startswith("d") for d in _dice_in(data["steps"]))
        if data["met"]:
            assert data["steps"][-1 if data["force"] is None else -2]["label"].startswith("at night")
            break
    else:
        pytest.fail("no encounter in 30 seeds at 20%")


def test_underworld_by_level() -> None:
    data = run("encounter", "--level", "4", "--seed", "3", "--json")
    assert data["where"] == "underworld" and data["level"] == 4
    assert data["steps"][0]["table"] == "underworld-chance-level-4"
    assert len(data["steps"][0]["roll"]["dice"]) == 2
    text = run("encounter", "--terrain", "underworld", "--level", "4", "--seed", "3")
    assert "Underworld, level 4" in text and "seed 3" in text


def test_level_with_an_outdoor_terrain_is_refused_in_one_line() -> None:
    """`--level` is the underworld's (002_8449cbd1010a37a5.txt:799-849): with an outdoor terrain it
    is refused with exit 2 and one line, not silently run underground."""
    ran = grognard("aif", "encounter", "--terrain", "forest", "--level", "2", "--seed", "1")
    assert ran.code == 2 and ran.out == ""
    assert len(ran.err.strip().splitlines()) == 1 and "--terrain underworld --level 2" in ran.err
    assert "underworld" in refused("encounter", "--level", "2", "--alignment", "law")
    assert "outdoor" in refused("encounter", "--terrain", "underworld", "--alignment", "chaos")


def test_encounter_text_shows_the_table_rows() -> None:
    text = run("encounter", "--terrain", "clear", "--seed", "5")
    assert "d100" in text and "908" in text and "Outdoor encounter, clear" in text


def test_evade_line_1062_odds_and_roll() -> None:
    data = run("evade", "--searchers", "1000", "--hidden", "10", "--odds", "--json")
    assert data["chart"] == {"row": "751-1000", "column": "6-15", "base": 90}
    assert data["found_probability"]["exact"] == "9/10" and data["found"] is None
    rolled = run(
        "evade", "--searchers", "1000", "--hidden", "10", "--terrain", "forest", "--seed", "2", "--json"
    )
    assert rolled["modifiers"][0]["factor"] == "1/10" and rolled["chance"] == "9"
    roll = rolled["steps"][-1]["roll"]["total"]
    assert rolled["found"] is (roll <= 9)


def test_evade_size_options() -> None:
    data = run(
        "evade",
        "--searchers",
        "10",
        "--mounted",
        "--airborne",
        "1",
        "--hidden",
        "4",
        "--hidden-mounted",
        "--wagons",
        "2",
        "--odds",
        "--json",
    )
    assert data["search_size"] == 1020 and data["hidden_size"] == 42


def test_hostility_example_and_random_deployment() -> None:
    data = run(
        "hostility",
        "--force",
        "chaos",
        "--other",
        "law",
        "--deployment",
        "searching",
        "--other-deployment",
        "hiding",
        "--odds",
        "--json",
    )
    assert data["first"]["chance"] == 100 and data["fight_probability"]["exact"] == "1"
    rolled = run(
        "hostility",
        "--force",
        "neutral",
        "--other",
        "law",
        "--other-deployment",
        "random",
        "--seed",
        "8",
        "--json",
    )
    assert rolled["steps"][0]["table"] == "deployment" and rolled["fight"] in (True, False)
    assert rolled["second"]["deployment"] == rolled["steps"][0]["result"].lower()


def test_arrivals_line_1062() -> None:
    data = run("arrivals", "--deployment", "searching", "--men", "1000", "--seed", "1", "--json")
    assert data["arrivals"][0] == {"turn": 0, "men": 50, "from": "at the contact point"}


def test_terrain_map() -> None:
    data = run("terrain", "hilly", "--width", "3", "--height", "2", "--seed", "9", "--json")
    assert len(data["map"]) == 2 and all(len(r) == 3 for r in data["map"])
    assert len(data["steps"]) == 12
    text = run("terrain", "desert", "--seed", "9", "--show-rolls")
    assert "tactical" in text and "1179" in text and "flat and clear" in text


def test_forage() -> None:
    for seed in range(20):
        data = run("forage", "--terrain", "forest", "--forester", "--seed", str(seed), "--json")
        assert data["animals"]["probability"]["exact"] == "4/5"
        assert data["hunting"]["chance"] == 80
        if data["hunting"]["found"]:
            assert data["hunting"]["rations"] in (3, 6, 9, 12, 15)
            assert data["hunting"]["steps"][-1]["source"].endswith(":455")
            return
    pytest.fail("no food found in 20 seeds at 80%")


def test_calendar_commands() -> None:
    assert run("calendar", "show", "--json")["text"].startswith("Chaoda, Week of Fire, 1 Basilisk")
    data = run("calendar", "add", "1-demon-lord-28", "--days", "1", "--json")
    assert data["date"] == "2-tehuti" and data["days_between"] == 1
    assert run("calendar", "add", "1-1-1", "--months", "13", "--weeks", "1", "--json")["date"] == "2-1-8"
    assert run("calendar", "diff", "1-1-1", "2-1-1", "--json")["days"] == 365
    assert "Year of the Jinn" in run("calendar", "show", "13-5-5")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("encounter", "--terrain", "jungle"), "'jungle'"),
        (("encounter",), "--terrain"),
        (("encounter", "--level", "0"), "level 0"),
        (("evade", "--searchers", "5", "--hidden", "1", "--terrain", "lava"), "'lava'"),
        (("hostility", "--force", "good", "--other", "law"), "'good'"),
        (("hostility", "--force", "law", "--other", "law", "--deployment", "napping"), "'napping'"),
        (("terrain", "tundra"), "'tundra'"),
        (("forage", "--terrain", "moon"), "'moon'"),
        (("calendar", "show", "1-14-1"), "'1-14-1'"),
        (("calendar", "add", "1-tehuti", "--months", "1"), "Tehuti"),
    ],
)
def test_bad_input_is_a_usage_error_naming_the_value(args: tuple[str, ...], named: str) -> None:
    assert named in refused(*args)
