"""`grognard heroquest play` and `simulate` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import grognard


def test_play_shows_the_map_saves_undoes_and_continues(tmp_path: Path) -> None:
    ran = grognard(
        "hq",
        "play",
        "the-goblin-cellar",
        "--seed",
        "3",
        "--heroes",
        "barbarian",
        stdin="1\nm\nu\nq\n",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    assert "Goal: Kill Grak" in ran.out and "red dice" in ran.out
    assert "Undone: back to your previous decision" in ran.out and "Saved as game 1" in ran.out
    again = grognard("hq", "play", "--game", "1", stdin="q\n", home=tmp_path)
    assert again.code == 0, again.err
    assert "Saved as game 1" in again.out


def test_play_with_bot_heroes_to_the_end(tmp_path: Path) -> None:
    ran = grognard("hq", "play", "the-goblin-cellar", "--seed", "3", "--bots", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "The quest is won!" in ran.out or "lost" in ran.out
    assert "combat dice" in ran.out or "combat die" in ran.out  # every roll shown
    assert "(s)" not in ran.out  # "1 skull", "2 white shields"


def test_play_with_a_human_game_master(tmp_path: Path) -> None:
    ran = grognard(
        "hq", "play", "the-goblin-cellar", "--seed", "2", "--gm", "human", stdin="q\n", home=tmp_path
    )
    assert ran.code == 0, ran.err
    assert "Human Barbarian" in ran.out and "Saved as game 1" in ran.out


def test_an_unknown_quest_is_refused(tmp_path: Path) -> None:
    ran = grognard("hq", "play", "no-such-quest", home=tmp_path)
    assert ran.code != 0 and "no quest" in (ran.err + ran.out)


def test_simulate_json(tmp_path: Path) -> None:
    ran = grognard(
        "hq",
        "simulate",
        "the-goblin-cellar",
        "--party",
        "barbarian,dwarf-warrior",
        "--games",
        "2",
        "--json",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["games"] == 2 and {"wins", "mean_turns", "hero_deaths"} <= set(data)


def test_simulate_text(tmp_path: Path) -> None:
    ran = grognard("hq", "simulate", "the-goblin-cellar", "--games", "1", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "of 1 won" in ran.out
