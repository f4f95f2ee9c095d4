"""A fallen hero's things (lines 90 and 116 of 004_24cd6f974fe6a1ee.txt) and the heroes going home to the
roster with their awards (lines 347-349). The goblin cellar's room A is x 1-4, y 1-3; the heroes start on
(1,1) and (1,2)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from grognard.engine.store.factory import open_store
from grognard.systems.heroquest.campaign.homecoming import homecoming, keep_awards
from grognard.systems.heroquest.campaign.roster import Roster
from grognard.systems.heroquest.content.hero import Hero, Thresholds, create_hero
from grognard.systems.heroquest.driver.turn import end_monster_turn
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules.fallen import pile_at
from grognard.systems.heroquest.rules.wounds import hurt_hero, hurt_monster
from grognard.systems.heroquest.views.event_text import log_lines
from tests.seeds import Rulebook

from .play_helpers import begin, index_of, put_hero, put_monster, step

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")


def _party() -> tuple[Hero, Hero]:
    ada = create_hero("Ada", "human", "warrior", ["body", "attack"], gold=10)
    bo = create_hero("Bo", "dwarf", "warrior", ["body", "attack"], gold=40)
    return ada, bo.model_copy(update={"items": ("Potion of Strength",)})


def _start(*heroes: Hero) -> QuestState:
    return begin(heroes=json.dumps([h.model_dump(mode="json") for h in heroes]))


def _bo_falls() -> QuestState:
    """Bo (hero 1) dies on (1,2), beside Ada on (1,1)."""
    return hurt_hero(_start(*_party()), 1, 99, "hazard")


def test_the_line_says_companions_collect_and_enemies_steal() -> None:
    line = SEED.read_text(encoding="utf-8").splitlines()[89]
    assert "collected by nearby players" in line and "an enemy can steal the dead character's items" in line


def test_a_dead_heros_things_lie_where_he_fell_and_are_collected_line_90(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:90: equipment, items and money collected by nearby players."""
    fell = _bo_falls()
    assert fell.heroes[1].status == "dead" and pile_at(fell, 1) == (1, 2)
    assert "collect:h1" in fell.legal_actions()
    assert "collect:h1" not in put_hero(fell, 0, at=(4, 3)).legal_actions()  # not beside the body
    took = step(fell, "collect:h1")
    ada = took.heroes[0]
    assert ada.items == ("Potion of Strength",) and ada.gold == 50 and took.turn.acted
    assert took.heroes[1].items == () and took.heroes[1].gold == 0 and pile_at(took, 1) is None
    assert "Short Sword" in " ".join(log_lines(took.log))
    assert "collect:h1" not in took.legal_actions()


def test_a_monster_no_hero_sees_steals_them_and_drops_them_when_slain_line_90(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:90: with no players nearby an enemy can steal the dead character's items."""
    fell = put_hero(_bo_falls(), 0, at=(0, 10))  # Ada out in the corridor, out of sight of room A
    fell = put_monster(fell, "grak", at=(2, 2))
    j = index_of(fell, "grak")
    stolen = end_monster_turn(replace(fell, acting=j))
    assert pile_at(stolen, 1) is None and "thief:grak|quest" in stolen.heroes[1].effects
    assert "makes off with Bo's things" in " ".join(log_lines(stolen.log))
    slain = hurt_monster(stolen, j, 99, killer=None)
    assert pile_at(slain, 1) == (2, 2)  # dropped where the thief fell
    beside = put_hero(slain, 0, at=(3, 2))
    assert "collect:h1" in beside.legal_actions()
    # watched, the things stay where they are
    seen = put_hero(fell, 0, at=(1, 3))
    assert pile_at(end_monster_turn(replace(seen, acting=j)), 1) == (1, 2)


def test_home_with_the_awards_the_collected_gear_and_full_points_lines_90_347(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:347: ten points to every surviving hero for completing the quest."""
    roster = Roster(open_store(tmp_path))
    ada, bo = _party()
    roster.save(ada)
    roster.save(bo)
    state = step(_bo_falls(), "collect:h1")
    hurt = put_hero(state, 0, body=2, xp=7)
    won = replace(hurt, outcome="won")
    home = {h.name: h for h in homecoming(won, Thresholds((15,)))}
    assert home["Bo"].hero is None
    came = home["Ada"].hero
    assert came is not None and came.experience == 17 and home["Ada"].levels == 1
    assert came.gold == 50 and came.items == ("Potion of Strength",)
    assert came.weapons == ("Short Sword", "Short Sword") and came.current.body == came.maximum("body")
    lines = keep_awards(roster, won, Thresholds((15,)))
    assert roster.load("Ada") == came and not roster.has("Bo")
    assert [h.name for h in roster.fallen()] == ["Bo"]
    assert any("level-up ada --attribute ATTR --thresholds 15" in line for line in lines)
    again = keep_awards(roster, won, Thresholds((15,)))
    assert again == ["Ada is already home on the roster.", "Bo fell in the quest."]


def test_a_retreat_keeps_what_was_found_but_no_completion_points_line_114(tmp_path: Path) -> None:
    state = put_hero(_start(*_party()), 0, xp=3, gold=25)
    home = homecoming(replace(state, outcome="retreated"))
    assert home[0].hero is not None and home[0].hero.experience == 3 and home[0].hero.gold == 25


def test_a_hero_changed_on_the_roster_since_is_not_overwritten(tmp_path: Path) -> None:
    roster = Roster(open_store(tmp_path))
    ada, bo = _party()
    roster.save(ada.model_copy(update={"gold": 999}))
    roster.save(bo)
    won = replace(put_hero(_start(ada, bo), 0, xp=5), outcome="won")
    lines = keep_awards(roster, won)
    assert "Ada has changed on the roster since the quest began: not written back." in lines
    assert roster.load("Ada").gold == 999 and roster.load("Bo").experience == 10


def test_when_the_whole_party_dies_everything_is_lost_line_116(tmp_path: Path) -> None:
    """004_24cd6f974fe6a1ee.txt:116: if the entire party dies ... all items would be lost."""
    roster = Roster(open_store(tmp_path))
    ada, bo = _party()
    roster.save(ada)
    roster.save(bo)
    state = hurt_hero(hurt_hero(_start(ada, bo), 0, 99, "hazard"), 1, 99, "hazard")
    lines = keep_awards(roster, replace(state, outcome="lost"))
    assert roster.heroes() == [] and len(lines) == 2 and all("fell in the quest" in line for line in lines)
