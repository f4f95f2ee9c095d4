"""Conformance for the monster skills: random legal games in a quest where every monster skill of the
catalogue is given to some monster (004_24cd6f974fe6a1ee.txt:615-937), with a random game master (who
tries every skill action) and with the automatic one; every protocol promise is checked."""

from __future__ import annotations

from pathlib import Path

from grognard.engine.conformance import check_game
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.quest import load_quest
from grognard.systems.heroquest.game import GAME

ZOO = """
id = "zoo"
title = "Monster zoo"
board = "standard"
stairs = [1, 1]
doors = [
  { id = "a-north", at = [[3, 0], [3, 1]], state = "open" },
  { id = "z-north", at = [[12, 6], [12, 7]], state = "open" },
  { id = "z-south", at = [[12, 11], [12, 12]], state = "open" },
  { id = "z-west", at = [[9, 9], [10, 9]], state = "open" },
]
monsters = [
MONSTERS
]
traps = [{ id = "pit", kind = "pit", at = [9, 8] }]
goal = { kind = "kill", target = "boss" }
wandering = { monster = "Orc", level = 1, weapon = "Short sword", skills = ["Rush"] }
"""


MONSTERS = [
    'id = "g1", monster = "Goblin", level = 2, at = [5, 0], weapon = "Hand-axe", skills = ["Swarm", "Bite"]',
    'id = "g2", monster = "Goblin", level = 2, at = [7, 0], skills = ["Swarm", "Bite"]',
    (
        'id = "s1", monster = "Skeleton", level = 2, at = [9, 4], weapon = "Scythe", '
        'skills = ["Minor Dread", "Sweep Attack"]'
    ),
    (
        'id = "z1", monster = "Zombie", level = 2, at = [9, 6], weapon = "Bow", '
        'skills = ["Minor Dread", "Pestilence"]'
    ),
    (
        'id = "o1", monster = "Orc", level = 2, at = [12, 3], armour = ["Plate mail"], '
        'skills = ["Rush", "Vile Courage"]'
    ),
    'id = "f1", monster = "Fimir", level = 2, at = [13, 3], skills = ["Kidnap", "Tail Attack"]',
    'id = "m1", monster = "Mummy", level = 2, at = [11, 8], skills = ["Curse", "Dread"]',
    'id = "c1", monster = "Chaos Warrior", level = 1, at = [12, 9], skills = ["Disarm", "Pincer Attack"]',
    (
        'id = "c2", monster = "Chaos Warrior", level = 1, at = [14, 9], weapon = "Hand-axe", '
        'armour = ["Shield"], skills = ["Disarm", "Pincer Attack"]'
    ),
    (
        'id = "ga", monster = "Gargoyle", level = 1, at = [13, 10], weapon = "Broadsword", '
        'off_hand = "Whip", skills = ["Dual-Wielding", "Stone Gaze"]'
    ),
    (
        'id = "ea", monster = "Elven Archer", level = 1, at = [16, 8], weapon = "Bow", '
        'skills = ["Ambush", "Ranged Accuracy"]'
    ),
    (
        'id = "ew", monster = "Elven Warrior", level = 1, at = [16, 10], weapon = "Broadsword", '
        'armour = ["Shield"], skills = ["Shield Bash"]'
    ),
    'id = "ig", monster = "Ice Gremlin", level = 1, at = [9, 10], skills = ["Set Trap", "Theft"]',
    'id = "gw", monster = "Giant Wolf", level = 4, at = [9, 12], skills = ["Maul", "Rush"]',
    'id = "ye", monster = "Yeti", level = 4, at = [10, 12], skills = ["Bear Hug", "Maul"]',
    (
        'id = "pb", monster = "Polar Warbear", level = 1, at = [13, 12], weapon = "Spiked mace", '
        'skills = ["Claw Swipe", "Stomp"]'
    ),
    'id = "og", monster = "Ogre", level = 6, at = [15, 12], skills = ["Stomp", "Toss"]',
    'id = "boss", monster = "Goblin", level = 1, at = [24, 17]',
]
"""Every monster of the zoo, one skill of the catalogue at least in each."""


def _zoo(tmp_path: Path) -> str:
    path = tmp_path / "zoo.toml"
    path.write_text(ZOO.replace("MONSTERS", "\n".join(f"  {{ {m} }}," for m in MONSTERS)), encoding="utf-8")
    return str(path)


def test_the_zoo_gives_every_monster_skill(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:615-937: every monster skill of the catalogue is given to a monster of the
    zoo."""
    quest = load_quest(_zoo(tmp_path))
    given = {hq.key_of(s) for m in quest.file.monsters for s in m.skills or []}
    assert given == set(hq.catalog().monster_skills)


def test_random_games_with_a_random_game_master_keep_every_promise(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:615-937 in play: a person's seat played at random: every skill action the game
    master is offered is legal and keeps the state sound (invariants, JSON round trip, replay)."""
    options = {
        "quest": _zoo(tmp_path),
        "heroes": "barbarian,elf-wizard,dwarf-warrior,human-rogue",
        "gm": "human",
        "rounds": 6,
    }
    report = check_game(GAME, options, seed=11, games=12, system="heroquest")
    assert report.finished == 12 and report.moves > 300


def test_random_games_against_the_automatic_game_master(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:615-937 in play: the automatic game master's policy in the zoo: every game
    ends with every promise kept."""
    options = {
        "quest": _zoo(tmp_path),
        "heroes": "barbarian,elf-wizard,dwarf-warrior,human-rogue",
        "rounds": 8,
    }
    report = check_game(GAME, options, seed=5, games=8, system="heroquest")
    assert report.finished == 8
