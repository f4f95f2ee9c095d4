"""`grognard heroquest hero ...` and `grognard heroquest attack`, run as a user would.

The commands are mounted on `grognard heroquest` by `cli/systems/heroquest.py`; the tests run the real
`python -m grognard` (`tests.cli.helpers.grognard`).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from grognard.systems.heroquest.content import combat_dice as cd
from grognard.systems.heroquest.content.hero import Hero
from tests.cli.helpers import Ran
from tests.cli.helpers import grognard as run_grognard


def grognard(home: Path, *args: str, stdin: str = "") -> Ran:
    """Run `grognard ARGS` in its own process with a private GROGNARD_HOME."""
    return run_grognard(*args, stdin=stdin, home=home)


def data(ran: Ran) -> Any:
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def test_hero_new_with_every_choice_given(tmp_path: Path) -> None:
    made = data(
        grognard(
            tmp_path,
            "hq",
            "hero",
            "new",
            "--name",
            "Mira",
            "--race",
            "elf",
            "--class",
            "wizard",
            "--extra",
            "magic,mind",
            "--elements",
            "earth,fire,air",
            "--json",
        )
    )
    hero = Hero.model_validate(made["hero"])
    assert hero.base.magic == 5 and hero.weapons == ("Dagger",) and hero.skill_points == 1
    assert made["attack_dice"] == 1 and made["defend_dice"] == 1
    assert made["key"] == "mira" and (tmp_path / "games.sqlite3").is_file()
    shown = data(grognard(tmp_path, "hq", "hero", "show", "mira", "--json"))
    assert Hero.model_validate(shown["hero"]) == hero
    listed = data(grognard(tmp_path, "hq", "hero", "list", "--json"))
    assert [h["hero"]["name"] for h in listed] == ["Mira"]
    again = grognard(
        tmp_path,
        "hq",
        "hero",
        "new",
        "--name",
        "mira",
        "--race",
        "human",
        "--class",
        "warrior",
        "--extra",
        "body,body",
        "--json",
    )
    assert again.code == 2 and "already on the roster" in again.err


def test_json_never_asks_and_names_what_is_missing(tmp_path: Path) -> None:
    ran = grognard(tmp_path, "hq", "hero", "new", "--name", "Bors", "--race", "human", "--json", stdin="1\n")
    assert ran.code == 2 and "missing choices: --class" in ran.err
    ran = grognard(
        tmp_path, "hq", "hero", "new", "--name", "B", "--race", "human", "--class", "barbarian", "--json"
    )
    assert ran.code == 2 and "--extra" in ran.err and "--weapon" in ran.err
    ran = grognard(
        tmp_path,
        "hq",
        "hero",
        "new",
        "--name",
        "B",
        "--race",
        "dwarf",
        "--class",
        "wizard",
        "--extra",
        "body,body",
        "--elements",
        "earth,fire,air",
        "--json",
    )
    assert ran.code == 2 and "cannot use magic" in ran.err and "Traceback" not in ran.err


def test_hero_new_asks_for_what_is_missing(tmp_path: Path) -> None:
    # Name, race 1 (Human), class 1 (Barbarian), extra points attack and body, weapon 2 (Broadsword),
    # starting skill: the first offered.
    ran = grognard(tmp_path, "hq", "hero", "new", stdin="Conan\n1\n1\n1\n3\n2\n1\n")
    assert ran.code == 0, ran.err
    assert "Conan joins the roster" in ran.out and "Choose the weapon" in ran.out
    hero = data(grognard(tmp_path, "hq", "hero", "show", "Conan", "--json"))["hero"]
    assert hero["base"]["attack"] == 2 and hero["base"]["body"] == 7 and hero["base"]["defend"] == 2
    assert hero["weapons"] == ["Broadsword"] and len(hero["skills"]) == 1 and hero["skill_points"] == 0


def test_a_hero_carries_on_from_quest_to_quest(tmp_path: Path) -> None:
    data(
        grognard(
            tmp_path,
            "hq",
            "hero",
            "new",
            "--name",
            "Bors",
            "--race",
            "human",
            "--class",
            "warrior",
            "--extra",
            "body,defend",
            "--gold",
            "700",
            "--json",
        )
    )
    bought = data(grognard(tmp_path, "hq", "hero", "buy", "Bors", "shield", "--json"))
    assert bought["hero"]["gold"] == 550 and bought["bought"] == "Shield"
    worn = data(grognard(tmp_path, "hq", "hero", "equip", "Bors", "shield", "--json"))
    assert worn["defend_dice"] == 3 + 1
    sold = data(grognard(tmp_path, "hq", "hero", "sell", "Bors", "shield", "--json"))
    assert sold["gold_received"] == 75 and sold["hero"]["gold"] == 625 and sold["defend_dice"] == 3
    early = grognard(tmp_path, "hq", "hero", "level-up", "Bors", "--attribute", "attack", "--json")
    assert early.code == 2 and "level 2 needs 40" in early.err
    data(grognard(tmp_path, "hq", "hero", "award", "Bors", "--experience", "45", "--json"))
    up = data(grognard(tmp_path, "hq", "hero", "level-up", "Bors", "--attribute", "attack", "--json"))
    assert up["hero"]["level"] == 2 and up["hero"]["base"]["attack"] == 2 and up["hero"]["skill_points"] == 2
    learned = data(grognard(tmp_path, "hq", "hero", "skill", "Bors", "bodyguard", "--json"))
    assert learned["hero"]["skills"] == ["Bodyguard"]
    text = grognard(tmp_path, "hq", "hero", "show", "Bors")
    assert text.code == 0 and "Bors, Human Warrior, level 2" in text.out and "Bodyguard" in text.out


def test_attack_json_gives_the_exact_distribution(tmp_path: Path) -> None:
    got = data(
        grognard(
            tmp_path,
            "hq",
            "attack",
            "--attack",
            "3",
            "--defend",
            "2",
            "--defender",
            "monster",
            "--body",
            "2",
            "--json",
        )
    )
    dist = cd.damage(3, 2, "monster")
    assert got["distribution"] == {str(k): float(p) for k, p in dist.items()}
    assert got["mean"] == float(cd.mean(dist))
    assert {int(k): Fraction(v) for k, v in got["exact"]["distribution"].items()} == dist
    assert Fraction(got["exact_kill_chance"]) == dist[2] + dist[3]
    hero = data(
        grognard(tmp_path, "hq", "attack", "--attack", "2", "--defend", "2", "--defender", "hero", "--json")
    )
    assert hero["distribution"]["2"] == float(cd.damage(2, 2, "hero")[2]) and "kill_chance" not in hero


def test_attack_text_and_errors(tmp_path: Path) -> None:
    ran = grognard(
        tmp_path, "hq", "attack", "--attack", "2", "--defend", "1", "--defender", "hero", "--body", "1"
    )
    assert ran.code == 0, ran.err
    assert "Mean damage" in ran.out and "Chance to kill a target with 1 Body" in ran.out
    bad = grognard(tmp_path, "hq", "attack", "--attack", "2", "--defend", "1", "--defender", "orc")
    assert bad.code == 2 and "'orc'" in bad.err
