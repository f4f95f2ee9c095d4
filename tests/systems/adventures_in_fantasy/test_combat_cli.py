"""`grognard aif melee | missile | fight | damage | hit-location`, through a Typer app that mounts them."""

from __future__ import annotations

import json
from fractions import Fraction

import typer
from typer.testing import CliRunner

from grognard.cli.systems.aif_combat import add_combat_commands
from grognard.engine.errors import UsageError

app = typer.Typer()


@app.callback()
def main() -> None:
    """The combat commands, as `grognard aif` mounts them."""


add_combat_commands(app)
runner = CliRunner()


def test_melee_json_shows_each_modifier_and_its_line() -> None:
    ran = runner.invoke(
        app,
        ["melee", "--attacker", "name=Harold,level=12,weapon=8,training=untrained", "--defender", "name=man"],
        catch_exceptions=False,
    )
    assert ran.exit_code == 0
    ran = runner.invoke(
        app,
        [
            "melee",
            "--attacker",
            "name=Harold,level=12,weapon=8,training=untrained",
            "--defender",
            "x",
            "--json",
        ],
    )
    assert isinstance(ran.exception, UsageError) and "'x'" in str(ran.exception)
    ran = runner.invoke(
        app,
        [
            "melee",
            "--attacker",
            "name=Harold,level=12,weapon=8,training=untrained",
            "--defender",
            "hp=10",
            "--json",
        ],
    )
    data = json.loads(ran.output)
    blow = data["attacker"]["blows"][0]
    assert blow["chance"] == 33  # line 412
    assert [(m["amount"], m["source"].rsplit(":", 1)[1]) for m in blow["modifiers"]] == [
        (40, "1550"),
        (-27, "412"),
        (12, "1539-1543"),
        (8, "412"),
    ]
    assert data["defender"]["blows"][0]["chance"] == 28


def test_melee_text_names_the_steps() -> None:
    ran = runner.invoke(
        app, ["melee", "--attacker", "dex=89", "--defender", "dex=23,name=bandit"], catch_exceptions=False
    )
    assert "dexterity" in ran.output and "(capped)" in ran.output and "50%" in ran.output


def test_missile_json_and_refusal() -> None:
    ran = runner.invoke(app, ["missile", "--range", "medium", "--mounted", "--json"], catch_exceptions=False)
    assert json.loads(ran.output)["chance"] == 18  # line 1670
    woods = runner.invoke(app, ["missile", "--yards", "20", "--woods", "--json"], catch_exceptions=False)
    assert "woods" in json.loads(woods.output)["forbidden"]
    bad = runner.invoke(app, ["missile", "--range", "far"])
    assert isinstance(bad.exception, UsageError) and "far" in str(bad.exception)


def test_fight_gives_exact_odds_that_sum_to_one() -> None:
    ran = runner.invoke(
        app,
        ["fight", "--a", "name=A,hp=4", "--b", "name=B,hp=5", "--exact", "--json"],
        catch_exceptions=False,
    )
    data = json.loads(ran.output)
    # Size 4 against 5: half the difference, .5, rounds up to 1 (line 1537 rounds 10.5 to 11).
    assert data["hit_chances"] == {"A": [41], "B": [39]}
    assert sum(Fraction(p) for p in data["outcomes"].values()) == 1
    assert set(data["expected_hit_points"]) == {"a-hit-points", "b-hit-points"}
    text = runner.invoke(
        app, ["fight", "--a", "hp=4", "--b", "hp=5", "--place", "door"], catch_exceptions=False
    )
    assert "A wins" in text.output and "a-wins" not in text.output and "states solved" in text.output
    bad = runner.invoke(app, ["fight", "--a", "hp=4", "--b", "hp=5", "--place", "cellar"])
    assert isinstance(bad.exception, UsageError) and "cellar" in str(bad.exception)


def test_damage_distribution() -> None:
    ran = runner.invoke(
        app,
        ["damage", "--armour", "chain", "--strength", "strong", "--exact", "--json"],
        catch_exceptions=False,
    )
    data = json.loads(ran.output)
    assert sum(Fraction(row["probability"]) for row in data["distribution"]) == 1
    assert Fraction(data["expected"]) == Fraction(7, 2) * Fraction(6, 10) + 7 * Fraction(4, 10)
    bad = runner.invoke(app, ["damage", "--strength", "mighty"])
    assert isinstance(bad.exception, UsageError) and "mighty" in str(bad.exception)


def test_hit_location_snake_example_line_1607() -> None:
    ran = runner.invoke(
        app,
        ["hit-location", "--body", "snake", "--roll", "35", "--seed", "3", "--json"],
        catch_exceptions=False,
    )
    data = json.loads(ran.output)
    assert data["die"] == "1d6" and 1 <= data["damage"] <= 6
    again = runner.invoke(
        app, ["hit-location", "--body", "snake", "--seed", "3", "--json"], catch_exceptions=False
    )
    assert json.loads(again.output) == json.loads(
        runner.invoke(app, ["hit-location", "--body", "snake", "--seed", "3", "--json"]).output
    )
    text = runner.invoke(app, ["hit-location", "--body", "bird", "--roll", "99", "--seed", "1"])
    assert "Special: dexterity -" in text.output
