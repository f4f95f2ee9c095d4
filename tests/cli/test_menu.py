"""The menu shown by `grognard` alone: every system's entries, starting a game, continuing it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import grognard


def test_the_menu_offers_a_game_of_each_playable_system_and_quits(tmp_path: Path) -> None:
    ran = grognard(stdin="q\n", home=tmp_path)
    assert ran.code == 0, ran.err
    for name in ("Fighting Fantasy", "Grey Star", "HeroQuest", "Talisman", "Continue a saved game", "Tools"):
        assert name in ran.out


def test_a_quest_started_from_the_menu_is_saved_and_continued_from_the_menu(tmp_path: Path) -> None:
    menu = grognard(stdin="q\n", home=tmp_path).out
    quest_entry = next(
        line.split(".")[0].strip()
        for line in menu.splitlines()
        if "HeroQuest" in line and "Play a quest" in line
    )
    started = grognard(stdin=f"{quest_entry}\n1\nq\nq\n", home=tmp_path)
    assert started.code == 0, started.err
    saved = json.loads(grognard("games", "list", "--json", home=tmp_path).out)
    assert [g["system"] for g in saved] == ["heroquest"]
    menu = grognard(stdin="q\n", home=tmp_path).out
    resume_entry = next(
        line.split(".")[0].strip() for line in menu.splitlines() if "Continue a saved game" in line
    )
    continued = grognard(stdin=f"{resume_entry}\n1\nq\nq\n", home=tmp_path)
    assert continued.code == 0, continued.err
    listed = next(line for line in continued.out.splitlines() if f"#{saved[0]['id']} " in line)
    assert "HeroQuest" in listed and "heroquest" not in listed  # the system by its name, not its id
    assert f"--game {saved[0]['id']}" in continued.out.replace("\n", " ")


def test_a_melees_odds_from_the_tools_menu_between_two_ready_made_fighters(tmp_path: Path) -> None:
    """Tools, "a melee's odds": two fighters and a place picked by number, each end said with its
    fighter's name (no engine label such as "a-wins")."""
    menu = grognard(stdin="q\n", home=tmp_path).out
    tools = next(line.split(".")[0].strip() for line in menu.splitlines() if line.strip().endswith("Tools"))
    listed = grognard(stdin=f"{tools}\nq\n", home=tmp_path).out
    melee = next(line.split(".")[0].strip() for line in listed.splitlines() if "a melee's odds" in line)
    ran = grognard(stdin=f"{tools}\n{melee}\n4\n5\n4\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Melee: Knight (15 hp) vs Wolf (9 hp)" in ran.out
    assert "Knight wins" in ran.out and "Wolf wins" in ran.out and "a-wins" not in ran.out
