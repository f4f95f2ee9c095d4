"""`grognard hq play QUEST --heroes NAME` keeps the awards on the roster when the quest ends (lines 90,
347-349 of 004_24cd6f974fe6a1ee.txt), run as a user runs it, with a private GROGNARD_HOME.

The quests are small ones written here on the standard board's corridors round the corner (0, 0), where
the open exit door stands in the outer wall.
"""

from __future__ import annotations

import json
from pathlib import Path

from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.model.state import QuestState
from tests.cli.helpers import grognard

HOMEWARD = """
id = "homeward"
title = "Homeward"
start = [[0, 0]]
doors = [{ id = "out", at = [[0, 0], [0, -1]], exit = true, state = "open" }]
treasure = [
  { id = "purse", at = [1, 0], gold = 25 },
  { id = "flask", at = [2, 0], item = "Potion of Healing" },
]
goal = { kind = "reach-exit" }
wandering = { monster = "Goblin" }
"""

# A pit, then a long pit across the corridor's only way: three points of automatic damage (lines 130,
# 132), all a wizard of Body 3 has; the bot walks into both on its way to the exit.
POCKET = """
id = "pocket"
title = "The Pocket"
start = [[0, 5]]
doors = [{ id = "out", at = [[0, 0], [0, -1]], exit = true, state = "open" }]
blocked = [[0, 6]]
traps = [
  { id = "pit", kind = "pit", at = [0, 4] },
  { id = "long", kind = "long-pit", at = [0, 2], turned = true },
]
goal = { kind = "reach-exit" }
wandering = { monster = "Goblin" }
"""


def _quest(tmp_path: Path, text: str, name: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _new_hero(home: Path, name: str, *args: str) -> None:
    ran = grognard("hq", "hero", "new", "--name", name, *args, "--skill", "none", "--json", home=home)
    assert ran.code == 0, ran.err


def _numbers(home: Path, quest: str, name: str, moves: list[str]) -> str:
    """The numbered answers that play `moves` (the order first), read off the same state the command
    builds from the roster hero, in the order the view lists the choices."""
    from grognard.engine import registry

    views = registry.get_views("heroquest", "quest")
    hero = Roster(open_store(home)).load(name)
    options = {"quest": quest, "heroes": json.dumps([hero.model_dump(mode="json")]), "order": "agree"}
    state = GAME.new_initial_state(GAME.info.resolve_options(options))
    answers = []
    for move in moves:
        actions = [a.id for a in views.view(state, 0).actions]
        answers.append(str(actions.index(move) + 1))
        state = state.apply(move)
        assert isinstance(state, QuestState)
    assert state.outcome == "won"
    return "\n".join(answers) + "\n"


def test_a_won_quest_writes_the_hero_back_with_its_awards_lines_347_349(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:347 (ten points for completing the quest) and 349 (the game master's
    thresholds decide the levels due)."""
    home = tmp_path / "home"
    quest = _quest(tmp_path, HOMEWARD, "homeward")
    _new_hero(home, "Ada", "--race", "human", "--class", "warrior", "--extra", "body,attack", "--gold", "5")
    stdin = _numbers(home, quest, "Ada", ["order:0", "search:treasure", "leave"])
    ran = grognard(
        "hq", "play", quest, "--heroes", "ada", "--order", "agree", "--thresholds", "8,30", "--seed", "1",
        stdin=stdin, home=home,
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert "The quest is won!" in ran.out
    assert "Ada: 10 experience for completing the quest (line 347)" in ran.out
    assert "Ada: level 1, 10 experience, 30 gold; 1 level due (line 349)" in ran.out
    assert "grognard hq hero level-up ada --attribute ATTR --thresholds 8,30" in ran.out
    kept = Roster(open_store(home)).load("Ada")
    assert kept.experience == 10 and kept.gold == 30 and kept.items == ("Potion of Healing",)
    shown = grognard("hq", "hero", "show", "ada", "--json", home=home)
    assert shown.code == 0 and json.loads(shown.out)["hero"]["experience"] == 10
    again = grognard("hq", "play", "--game", "1", home=home)
    assert again.code == 0, again.err
    assert "Ada is already home on the roster." in again.out
    assert Roster(open_store(home)).load("Ada") == kept  # not paid twice


def test_a_hero_who_dies_goes_to_the_fallen_line_90(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:90: once a character is dead, the player must create a new character."""
    home = tmp_path / "home"
    quest = _quest(tmp_path, POCKET, "pocket")
    _new_hero(
        home, "Ned", "--race", "human", "--class", "wizard", "--extra", "magic,mind",
        "--elements", "fire,earth,air",
    )  # fmt: skip
    ran = grognard("hq", "play", quest, "--heroes", "ned", "--bots", "--seed", "2", home=home)
    assert ran.code == 0, ran.err
    assert "The whole party has fallen" in ran.out
    assert "Ned fell in the quest; he is kept among the fallen" in ran.out
    listed = grognard("hq", "hero", "list", home=home)
    assert "Ned" not in listed.out
    fallen = grognard("hq", "hero", "list", "--fallen", "--json", home=home)
    assert [h["hero"]["name"] for h in json.loads(fallen.out)] == ["Ned"]


def test_a_party_made_from_class_names_leaves_the_roster_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    quest = _quest(tmp_path, HOMEWARD, "homeward")
    ran = grognard("hq", "play", quest, "--heroes", "barbarian", "--bots", "--seed", "1", home=home)
    assert ran.code == 0, ran.err
    assert "The quest is won!" in ran.out and "experience for completing" not in ran.out
    assert Roster(open_store(home)).heroes() == []


def test_bad_thresholds_are_refused(tmp_path: Path) -> None:
    ran = grognard("hq", "play", "the-goblin-cellar", "--thresholds", "40,20", home=tmp_path)
    assert ran.code == 2 and "thresholds" in ran.err
