"""The roster: heroes kept as JSON files in a folder the caller hands over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine.errors import SaveError, UsageError
from grognard.systems.heroquest import gear
from grognard.systems.heroquest.hero import create_hero
from grognard.systems.heroquest.roster import Roster, hero_from_data, hero_to_data


def test_a_hero_is_kept_exactly(tmp_path: Path) -> None:
    roster = Roster(tmp_path / "heroes")
    assert roster.heroes() == []
    mira = create_hero("Mira the Wise", "elf", "wizard", ["magic", "mind"], elements=["earth", "fire", "air"])
    mira = gear.gain(mira, "Potion of Healing")
    path = roster.save(mira, new=True)
    assert path.name == "mira-the-wise.json" and not list(tmp_path.rglob("*.tmp"))
    assert roster.load("MIRA THE WISE") == mira
    assert json.loads(path.read_text())["format"] == "grognard-heroquest-hero"


def test_names_are_unique_and_listed_in_order(tmp_path: Path) -> None:
    roster = Roster(tmp_path)
    roster.save(create_hero("Zed", "human", "warrior", ["body", "body"]))
    roster.save(create_hero("Anna", "human", "rogue", ["mind", "body"]))
    with pytest.raises(UsageError, match="already on the roster"):
        roster.save(create_hero("zed", "dwarf", "warrior", ["body", "body"]), new=True)
    assert [h.name for h in roster.heroes()] == ["Anna", "Zed"]
    roster.delete("anna")
    assert [h.name for h in roster.heroes()] == ["Zed"]
    with pytest.raises(UsageError, match="kept: Zed"):
        roster.load("Anna")


def test_bad_files_are_refused_with_the_reason(tmp_path: Path) -> None:
    roster = Roster(tmp_path)
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(SaveError, match=r"bad\.json"):
        roster.load("bad")
    hero = create_hero("Zed", "human", "warrior", ["body", "body"])
    with pytest.raises(SaveError, match="version 2"):
        hero_from_data({**hero_to_data(hero), "version": 2})
    with pytest.raises(SaveError, match="not a grognard HeroQuest hero"):
        hero_from_data({"hero": {}})
    broken = hero_to_data(hero)
    broken["hero"] = {**hero.model_dump(mode="json"), "level": 0}
    with pytest.raises(SaveError, match="level"):
        hero_from_data(broken)
