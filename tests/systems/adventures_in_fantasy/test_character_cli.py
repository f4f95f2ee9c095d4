"""`grognard aif character new`, `influence` and `check`, through a Typer app that mounts them."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from grognard.cli.systems.aif_character import BAD_ANSWERS, mount
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.character import Character
from tests.cli.helpers import grognard

runner = CliRunner()
app = typer.Typer()


@app.callback()
def _main() -> None:
    """A stand-in for `grognard aif`."""


mount(app)


def _json(*args: str, stdin: str = "") -> dict:  # type: ignore[type-arg]
    ran = runner.invoke(app, [*args, "--json"], input=stdin)
    assert ran.exit_code == 0, ran.output
    data: dict = json.loads(ran.output)  # type: ignore[type-arg]
    return data


def test_new_json_is_seeded_and_carries_every_roll() -> None:
    data = _json("character", "new", "--seed", "11", "--course", "5", "--name", "Omar")
    assert data == _json("character", "new", "--seed", "11", "--course", "5", "--name", "Omar")
    character = Character.model_validate(data["character"])
    assert character.name == "Omar" and [c.number for c in character.courses] == [5]
    rolls = [r for s in data["steps"] for r in s["rolls"]]
    assert len(rolls) >= 8 and all(len(r["dice"]) == 2 for r in rolls)
    strength = data["steps"][0]
    assert (
        strength["label"] == "Strength"
        and strength["rolls"][0]["total"] == character.characteristics.strength
    )


def test_json_never_asks_and_takes_no_courses_without_options() -> None:
    data = _json("character", "new", "--seed", "5", stdin="1\n1\n")
    assert data["character"]["courses"] == []


def test_courses_are_chosen_from_standard_input() -> None:
    ran = runner.invoke(app, ["character", "new", "--seed", "2", "--soldier"], input="1\n3\ndone\n")
    assert ran.exit_code == 0, ran.output
    assert "Speak another language, Horsemanship I" in " ".join(ran.output.split())
    ended = runner.invoke(app, ["character", "new", "--seed", "2", "--civilian"], input="")
    assert ended.exit_code == 0, ended.output
    assert "Education    │ none" in ended.output


def test_a_bad_answer_is_asked_again() -> None:
    """Education is chosen course by course (002_8449cbd1010a37a5.txt:281): a bad answer is asked
    again, and the good answer after it is taken."""
    ran = runner.invoke(app, ["character", "new", "--seed", "7"], input="5\nzz\n\n3\ndone\n")
    assert ran.exit_code == 0, ran.output
    assert ran.output.count("Please answer a number from 1 to") == 2
    good = runner.invoke(app, ["character", "new", "--seed", "7"], input="5\n3\ndone\n")
    assert good.exit_code == 0, good.output
    courses = [line for line in ran.output.splitlines() if "Education" in line]
    assert courses and courses == [line for line in good.output.splitlines() if "Education" in line]


def test_piped_answers_that_end_or_keep_failing_stop_in_one_line() -> None:
    """The issue's `printf '5\\nzz\\n' | grognard aif character new --seed 7`: the input ends after a
    bad answer, so it stops with exit 2 and one line naming it; endless bad answers stop after three."""
    ended = grognard("aif", "character", "new", "--seed", "7", stdin="5\nzz\n")
    assert ended.code == 2 and len(ended.err.strip().splitlines()) == 1
    assert "'zz'" in ended.err and "input ended" in ended.err and "Traceback" not in ended.err
    endless = grognard("aif", "character", "new", "--seed", "7", stdin="zz\n" * 1000)
    assert endless.code == 2 and len(endless.err.strip().splitlines()) == 1
    assert f"{BAD_ANSWERS} answers in a row" in endless.err
    assert endless.out.count("Please answer") == BAD_ANSWERS - 1


def test_a_bad_course_is_a_usage_error_naming_it() -> None:
    ran = runner.invoke(app, ["character", "new", "--seed", "1", "--course", "levitation"])
    assert isinstance(ran.exception, UsageError) and "levitation" in str(ran.exception)


def test_influence_json_reproduces_the_book_example() -> None:
    data = _json(
        "influence",
        "--charisma", "58",
        "--target-charisma", "65",
        "--status", "12",
        "--target-status", "8",
        "--reputation", "18",
        "--target-reputation", "25",
        "--first-roll", "48",
        "--second-roll", "20",
    )  # fmt: skip
    assert data["base"] == 41 and data["chance"] == 38 and data["success"]
    assert [m["value"] for m in data["modifiers"]] == [12, -8, 18, -25]


def test_influence_text_shows_each_modifier() -> None:
    args = ["influence", "--charisma", "58", "--target-charisma", "65", "--status", "12"]
    ran = runner.invoke(app, [*args, "--target-status", "8", "--first-roll", "48", "--seed", "3"])
    assert ran.exit_code == 0, ran.output
    assert "own status: +12" in ran.output and "other's status: -8" in ran.output


@pytest.mark.parametrize(
    ("args", "value"),
    [
        (["influence", "--charisma", "58", "--target-charisma", "65", "--status", "3"], "None"),
        (["influence", "--charisma", "158", "--target-charisma", "65"], "158"),
        (["check", "intelligence", "--rating", "50", "--roll", "0"], "0"),
    ],
)
def test_bad_values_are_named(args: list[str], value: str) -> None:
    ran = runner.invoke(app, args)
    assert isinstance(ran.exception, UsageError) and value in str(ran.exception)


def test_check_dexterity_and_health_json() -> None:
    dex = _json("check", "dexterity", "--rating", "60", "--burden", "15", "--untrained", "--roll", "38")
    assert dex["target"] == 38 and dex["success"] and dex["roll"]["total"] == 38
    poison = _json("check", "health", "--rating", "65", "--poison", "--roll", "3")
    assert poison["weeks_recovering"] == 6
    seeded = _json("check", "intelligence", "--rating", "50", "--seed", "4")
    assert len(seeded["roll"]["dice"]) == 2 and seeded["success"] == (seeded["roll"]["total"] <= 50)


def test_check_death_json() -> None:
    data = _json("check", "death", "--age", "52", "--health", "40", "--roll", "5", "--save", "41")
    assert data["death_chance"] == 10 and data["died"] and data["aging_loss"] == 0
    lives = _json("check", "death", "--age", "52", "--health", "40", "--roll", "50")
    assert lives["save"] is None and lives["aging_loss"] == 5
