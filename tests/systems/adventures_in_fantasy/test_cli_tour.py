"""A new referee's tour of `grognard aif`, each command run for real in a subprocess.

Every command the guide (docs/systems/adventures-in-fantasy.md) leads with is run through
`tests.cli.helpers.grognard`, as a user would type it, and its JSON checked against the book.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.helpers import grognard


def _json(*args: str, home: Path | None = None) -> Any:
    ran = grognard("aif", *args, "--json", home=home)
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def test_help_lists_the_commands() -> None:
    ran = grognard("aif", "--help")
    assert ran.code == 0
    for command in ("table", "character", "influence", "encounter", "melee", "fight", "calendar", "advance"):
        assert command in ran.out


def test_table_list_names_every_table_with_its_source() -> None:
    tables = _json("table", "--list")
    names = {t["name"] for t in tables}
    assert {"social-status", "starting-age", "table-of-death", "combat-matrix", "evasion"} <= names
    assert all(t["source"].startswith("002_8449cbd1010a37a5.txt:") for t in tables)


def test_table_roll_returns_the_row_of_the_roll_given() -> None:
    found = _json("table", "social-status", "--roll", "73")
    assert found["row"]["result"]["position"] == "Guildsman/Fighter"  # ruling: 61-75
    assert found["row"]["source"] == "002_8449cbd1010a37a5.txt:198"


def test_character_new_is_seeded_and_shows_every_roll() -> None:
    first = _json("character", "new", "--seed", "3")
    assert first == _json("character", "new", "--seed", "3")
    labels = [s["label"] for s in first["steps"]]
    assert labels[:2] == ["Strength", "Dexterity"] and "Starting funds" in labels
    assert first["character"]["hit_points"] > 0


def test_influence_gives_the_books_38_percent_line_158() -> None:
    found = _json(
        "influence",
        "--charisma", "58", "--target-charisma", "65",
        "--status", "12", "--target-status", "8",
        "--reputation", "18", "--target-reputation", "25",
        "--first-roll", "48", "--second-roll", "38",
    )  # fmt: skip
    assert (found["base"], found["chance"], found["success"]) == (41, 38, True)


def test_encounter_shows_every_roll_and_repeats_with_its_seed() -> None:
    met = _json("encounter", "--terrain", "desert", "--seed", "10")
    assert met == _json("encounter", "--terrain", "desert", "--seed", "10")
    assert met["met"] is True and met["kind"] == "Soldier"
    assert met["steps"][0]["table"] == "outdoor-chance-desert"
    assert all("source" in s for s in met["steps"])


def test_melee_gives_harolds_33_percent_line_412() -> None:
    harold = "name=Harold,level=12,weapon=8,training=untrained"
    found = _json("melee", "--attacker", harold, "--defender", "name=man")
    assert found["attacker"]["blows"][0]["chance"] == 33


def test_fight_gives_probabilities_that_sum_to_one() -> None:
    found = _json("fight", "--a", "name=Elf,hp=9,dex=70", "--b", "name=Ogre,hp=30,hd=4,str=80")
    assert found["hit_chances"] == {"Elf": [52], "Ogre": [29]}  # +11 size for the elf, -10 for the ogre
    assert abs(sum(found["outcomes"].values()) - 1) < 1e-9


def test_calendar_names_the_last_day_of_the_cycle() -> None:
    ran = grognard("aif", "calendar", "show", "13-demon-lord-28")
    assert ran.code == 0
    assert "Lada, Week of Earth, 28 Demon Lord, year 13 (Year of the Jinn)" in ran.out
    later = _json("calendar", "add", "1-1-1", "--days", "365")
    assert later["date"] == "2-1-1"


def test_a_kept_campaign_advances_and_rolls_healing(tmp_path: Path) -> None:
    made = _json("campaign", "new", "--seed", "4", home=tmp_path)
    cid = made["id"]
    added = grognard("aif", "campaign", "add-character", cid, "--name", "Omar", "--seed", "2", home=tmp_path)
    assert added.code == 0, added.err
    assert grognard("aif", "campaign", "act", cid, "wound:0:2", home=tmp_path).code == 0
    moved = _json("advance", cid, "--weeks", "3", home=tmp_path)
    assert moved["date"] == "1-1-22"
    healing = [e for e in moved["events"] if e["label"] == "Recovery"]
    assert healing and all(len(e["rolls"]) == 1 for e in healing)
    shown = _json("campaign", "show", cid, home=tmp_path)
    assert shown["members"][0]["name"] == "Omar"
