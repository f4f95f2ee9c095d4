"""The roster: heroes kept in the saved-game store (kept records), on SQLite and on PostgreSQL, and the
one-time import of the hero files an older grognard kept in `$GROGNARD_HOME/heroquest/heroes`."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.errors import DamagedStoreError, SaveError, StaleGameError, UsageError
from grognard.engine.store.factory import open_url
from grognard.engine.store.records import KeptRecords
from grognard.engine.store.sql import SqlStore
from grognard.systems.heroquest.campaign.roster import Roster, hero_from_data, hero_to_data
from grognard.systems.heroquest.content.hero import Hero, create_hero
from grognard.systems.heroquest.rules import gear
from tests.cli.helpers import grognard
from tests.stores import raw


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_url(store_url) as s:
        yield s


def _zed() -> Hero:
    return create_hero("Zed", "human", "warrior", ["body", "body"])


def test_a_hero_is_kept_exactly(store: SqlStore) -> None:
    roster = Roster(store)
    assert roster.heroes() == []
    mira = create_hero("Mira the Wise", "elf", "wizard", ["magic", "mind"], elements=["earth", "fire", "air"])
    mira = gear.gain(mira, "Potion of Healing")
    assert roster.save(mira, new=True) == "mira-the-wise"
    assert roster.load("MIRA THE WISE") == mira
    rows = raw(store, "SELECT system, kind, key, data, archived, revision FROM kept_records")
    assert [r[:3] for r in rows] == [("heroquest", "hero", "mira-the-wise")]
    assert json.loads(str(rows[0][3]))["format"] == "grognard-heroquest-hero" and rows[0][4:] == (0, 0)


def test_an_update_raises_the_revision_and_another_store_sees_it(store: SqlStore, store_url: str) -> None:
    roster = Roster(store)
    roster.save(_zed(), new=True)
    richer = _zed().model_copy(update={"gold": 40})
    roster.save(richer)
    with open_url(store_url) as other:
        assert Roster(other).load("zed") == richer
    assert raw(store, "SELECT revision FROM kept_records") == [(1,)]
    records = KeptRecords(store, "heroquest", "hero")
    with pytest.raises(StaleGameError, match="changed elsewhere"):
        records.put("zed", hero_to_data(_zed()), revision=0)
    assert roster.load("zed").gold == 40


def test_names_are_unique_and_listed_in_order(store: SqlStore) -> None:
    roster = Roster(store)
    roster.save(_zed())
    roster.save(create_hero("Anna", "human", "rogue", ["mind", "body"]))
    with pytest.raises(UsageError, match="already on the roster"):
        roster.save(create_hero("zed", "dwarf", "warrior", ["body", "body"]), new=True)
    assert [h.name for h in roster.heroes()] == ["Anna", "Zed"]
    roster.delete("anna")
    assert [h.name for h in roster.heroes()] == ["Zed"]
    with pytest.raises(UsageError, match="kept: Zed"):
        roster.load("Anna")
    with pytest.raises(UsageError, match="no letters or digits"):
        roster.load("!!")


def test_a_buried_hero_is_kept_among_the_fallen_and_the_name_is_free(store: SqlStore) -> None:
    roster = Roster(store)
    roster.save(_zed(), new=True)
    roster.bury("Zed")
    assert roster.heroes() == [] and not roster.has("zed")
    again = _zed().model_copy(update={"gold": 7})
    roster.save(again, new=True)
    roster.bury("zed")
    assert roster.fallen() == [_zed(), again]  # in the order they fell, both kept
    with pytest.raises(UsageError, match="no hero called"):
        roster.bury("zed")
    other_system = KeptRecords(store, "talisman", "hero")
    assert other_system.all() == [] and other_system.all(archived=True) == []


def test_a_damaged_record_is_one_clear_error(store: SqlStore) -> None:
    roster = Roster(store)
    roster.save(_zed())
    raw(store, "UPDATE kept_records SET data = '{not json'")
    with pytest.raises(DamagedStoreError, match="kept record heroquest/hero/zed cannot be read"):
        roster.load("zed")
    raw(store, "UPDATE kept_records SET data = ?", json.dumps({**hero_to_data(_zed()), "version": 9}))
    with pytest.raises(SaveError, match="version 9"):
        roster.heroes()


def test_bad_data_is_refused_with_the_reason() -> None:
    hero = _zed()
    with pytest.raises(SaveError, match="version 2"):
        hero_from_data({**hero_to_data(hero), "version": 2})
    with pytest.raises(SaveError, match="not a grognard HeroQuest hero"):
        hero_from_data({"hero": {}})
    broken = hero_to_data(hero)
    broken["hero"] = {**hero.model_dump(mode="json"), "level": 0}
    with pytest.raises(SaveError, match="level"):
        hero_from_data(broken)


def _old_folder(folder: Path) -> dict[str, Hero]:
    """A roster folder as grognard kept it before schema version 4: two heroes, a fallen one, a bad file."""
    heroes = {
        "anna": create_hero("Anna", "human", "rogue", ["mind", "body"]),
        "zed": _zed().model_copy(update={"gold": 12}),
    }
    (folder / "fallen").mkdir(parents=True)
    for key, hero in heroes.items():
        (folder / f"{key}.json").write_text(json.dumps(hero_to_data(hero)), encoding="utf-8")
    fallen = create_hero("Bo", "dwarf", "warrior", ["body", "attack"])
    (folder / "fallen" / "bo.json").write_text(json.dumps(hero_to_data(fallen)), encoding="utf-8")
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    return {**heroes, "bo": fallen}


def test_the_old_hero_files_are_imported_once(store: SqlStore, tmp_path: Path) -> None:
    folder = tmp_path / "heroquest" / "heroes"
    made = _old_folder(folder)
    roster = Roster(store)
    done = roster.import_folder(folder)
    assert done.imported == ("Anna", "Zed") and done.fallen == ("Bo",)
    assert len(done.refused) == 1 and "broken.json" in done.refused[0]
    lines = done.lines()
    assert "2 hero(es) and 1 fallen imported" in lines[0] and "broken.json" in lines[1]
    assert roster.heroes() == [made["anna"], made["zed"]] and roster.fallen() == [made["bo"]]
    left = sorted(p.name for p in folder.rglob("*.json"))
    assert left == ["anna.json", "bo.json", "broken.json", "zed.json"]  # left in place
    roster.save(made["zed"].model_copy(update={"gold": 99}))
    again = roster.import_folder(folder)
    assert not again.done and again.lines() == []
    assert roster.load("zed").gold == 99  # the files are not read again


def test_a_hero_already_in_the_store_is_not_replaced_by_a_file(store: SqlStore, tmp_path: Path) -> None:
    folder = tmp_path / "heroes"
    _old_folder(folder)
    roster = Roster(store)
    roster.save(_zed().model_copy(update={"gold": 500}))
    done = roster.import_folder(folder)
    assert done.clashes == ("zed",) and done.imported == ("Anna",)
    assert roster.load("zed").gold == 500
    assert any("'zed' is already on the roster" in line for line in done.lines())


def test_no_folder_no_import(store: SqlStore, tmp_path: Path) -> None:
    done = Roster(store).import_folder(tmp_path / "nothing")
    assert not done.done and raw(store, "SELECT COUNT(*) FROM kept_records") == [(0,)]


def test_the_command_line_imports_the_old_folder_once_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "heroquest" / "heroes"
    _old_folder(folder)
    first = grognard("hq", "hero", "list", home=tmp_path)
    assert first.code == 0, first.err
    assert "Anna" in first.out and "Zed" in first.out and "Bo" not in first.out
    assert "imported from" in first.err and "broken.json" in first.err
    second = grognard("hq", "hero", "list", "--fallen", "--json", home=tmp_path)
    assert second.code == 0 and second.err == ""
    assert [h["hero"]["name"] for h in json.loads(second.out)] == ["Bo"]
    missing = grognard("hq", "hero", "show", "nobody", home=tmp_path)
    assert missing.code == 2 and missing.err.strip().count("\n") == 0 and "no hero called" in missing.err


def test_a_damaged_store_is_one_line_and_exit_2(tmp_path: Path) -> None:
    made = grognard("hq", "hero", "new", "--name", "Zed", "--race", "human", "--class", "warrior",
                    "--extra", "body,body", "--skill", "none", "--json", home=tmp_path)  # fmt: skip
    assert made.code == 0, made.err
    conn = sqlite3.connect(tmp_path / "games.sqlite3")
    conn.execute("UPDATE kept_records SET data = '[1, 2'")
    conn.commit()
    conn.close()
    shown = grognard("hq", "hero", "show", "zed", home=tmp_path)
    assert shown.code == 2 and "Traceback" not in shown.err
    assert shown.err.strip().count("\n") == 0 and "cannot be read" in shown.err
