"""`grognard heroquest monster` and `catalog`: the Typer app, and the real command in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grognard.cli.systems.heroquest import app, kind_name
from grognard.engine.errors import UsageError

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[3]


def test_monster_json_gives_statistics_weapons_armour_and_skills() -> None:
    ran = runner.invoke(app, ["monster", "Chaos Warrior", "--level", "4", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    # line 765: level 4 of the chaos warrior is "2,7 4 5 6 4 1"
    assert [data[k] for k in ("move_min", "move_max", "attack", "defend", "body", "mind", "magic")] == [
        2, 7, 4, 5, 6, 4, 1,
    ]  # fmt: skip
    assert data["source"] == "004_24cd6f974fe6a1ee.txt:765"
    assert {"name": "Battle axe", "dice": 3} in data["weapons"]  # line 751
    assert [s["name"] for s in data["skills"]] == ["Disarm", "Pincer Attack"]  # lines 757, 759


def test_monster_text_defaults_to_the_lowest_level() -> None:
    ran = runner.invoke(app, ["monster", "giant wolf"])
    assert ran.exit_code == 0, ran.output
    # line 874: the giant wolf's table starts at level 4: "2, 9 6 3 5 1 0"
    assert "level 4" in ran.output and "Movement 2-9" in ran.output and "Body 5" in ran.output


def test_monster_command_shows_mercenaries_too() -> None:
    ran = runner.invoke(app, ["monster", "scout", "--level", "2", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    assert data["kind"] == "mercenary" and data["price_per_quest"] == 50  # line 981
    assert (data["attack"], data["body"], data["mind"]) == (2, 3, 3)  # line 985


def test_a_level_outside_the_table_is_a_usage_error() -> None:
    ran = runner.invoke(app, ["monster", "goblin", "--level", "9"])
    assert isinstance(ran.exception, UsageError) and "levels 1-8" in str(ran.exception)


def test_catalog_counts_and_one_kind() -> None:
    ran = runner.invoke(app, ["catalog", "--json"])
    assert ran.exit_code == 0, ran.output
    assert json.loads(ran.output)["spells"] == 49  # lines 495-603
    ran = runner.invoke(app, ["catalog", "weapon", "--json"])
    assert ran.exit_code == 0, ran.output
    weapons = {w["name"]: w for w in json.loads(ran.output)}
    assert weapons["Battle Axe"]["price"] == 450 and weapons["Battle Axe"]["min_body"] == 7  # line 369


def test_catalog_text_list() -> None:
    ran = runner.invoke(app, ["catalog", "items"])
    assert ran.exit_code == 0, ran.output
    assert "Potion of Healing" in ran.output and "treasure deck only" in ran.output


def test_kind_names() -> None:
    assert kind_name("Armor") == "armour" and kind_name("monster skill") == "monster-skills"
    with pytest.raises(UsageError, match="no kind 'potions'"):
        kind_name("potions")


def test_the_real_command_with_the_system_loaded_as_a_plugin() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="120")
    env["GROGNARD_PLUGINS"] = "grognard.systems.heroquest.system,grognard.cli.systems.heroquest"
    proc = subprocess.run(
        [sys.executable, "-m", "grognard", "hq", "monster", "ogre", "--level", "13", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["body"] == 17  # line 949
    proc = subprocess.run(
        [sys.executable, "-m", "grognard", "heroquest", "monster", "dragon"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode == 2 and "no monster 'dragon'" in proc.stderr
