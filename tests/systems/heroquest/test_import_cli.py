"""`grognard heroquest import` and `play`/`simulate` of a HeroScribe file, as a user runs them."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from grognard.engine.content import load_bytes
from grognard.systems.heroquest.content.quest import QuestFile, load_quest
from grognard.systems.heroquest.importer.heroscribe import import_heroscribe
from grognard.systems.heroquest.importer.quest_toml import quest_toml
from tests.cli.helpers import grognard

XML = Path(__file__).parent / "data" / "cellar-heroscribe.xml"


def test_import_writes_a_quest_that_loads_and_reports_what_was_left_out(tmp_path: Path) -> None:
    """The import command writes the quest as TOML and names every object it could not map (issue 7:
    "what cannot be mapped is reported, not dropped silently")."""
    target = tmp_path / "cellar.toml"
    ran = grognard("hq", "import", str(XML), "-o", str(target), home=tmp_path)
    assert ran.code == 0, ran.err
    assert "placed monsters: 3 (Goblin x2, Orc)" in ran.out
    assert "'Bookcase' at [3, 3]" in ran.out and "more than one area" in ran.out
    assert "goal: every monster slain, then leave by the stairs" in ran.out
    quest = load_quest(target)
    assert [m.monster for m in quest.file.monsters] == ["Goblin", "Goblin", "Orc"]
    assert quest.file.goal.kind == "slay-all" and quest.file.goal.exit


def test_the_toml_reads_back_as_the_same_quest() -> None:
    """The TOML written is the imported quest exactly, text with quotes and newlines included."""
    result = import_heroscribe(XML.read_bytes(), "cellar")
    text = quest_toml(result.file)
    tomllib.loads(text)
    assert load_bytes(text.encode(), QuestFile, "back") == result.file
    quoted = result.file.model_copy(update={"text": 'He said "go"\n\tand \\ left'})
    assert load_bytes(quest_toml(quoted).encode(), QuestFile, "back") == quoted


def test_import_json_report(tmp_path: Path) -> None:
    ran = grognard("hq", "import", str(XML), "--json", home=tmp_path)
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["monsters"] == 3 and data["output"] is None
    assert any("Bookcase" in u for u in data["unmapped"])
    assert data["goal"]["kind"] == "slay-all"


def test_play_takes_a_heroscribe_file_and_continues_from_the_saved_game(tmp_path: Path) -> None:
    """`play FILE.xml` imports the file, shows the report and plays; the saved game names the imported
    quest, so `--game` continues it."""
    ran = grognard("hq", "play", str(XML), "--seed", "3", "--heroes", "barbarian", stdin="q\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Not placed (3)" in ran.out and "Saved as game 1" in ran.out
    assert (tmp_path / "heroquest" / "imported" / "the-cellar-test.toml").is_file()
    again = grognard("hq", "play", "--game", "1", stdin="q\n", home=tmp_path)
    assert again.code == 0, again.err
    assert "Saved as game 1" in again.out


def test_simulate_takes_a_heroscribe_file_with_the_report_off_the_json(tmp_path: Path) -> None:
    ran = grognard(
        "hq",
        "simulate",
        str(XML),
        "--party",
        "barbarian",
        "--games",
        "1",
        "--rounds",
        "3",
        "--json",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    assert json.loads(ran.out)["games"] == 1
    assert "Bookcase" in ran.err


def test_a_file_that_is_not_heroscribe_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<notaquest/>", encoding="utf-8")
    ran = grognard("hq", "import", str(bad), home=tmp_path)
    assert ran.code != 0 and "<quest>" in (ran.out + ran.err)


def test_goal_option_sets_the_goal(tmp_path: Path) -> None:
    target = tmp_path / "cellar.toml"
    ran = grognard(
        "hq", "import", str(XML), "--goal", "exit-after:kill:Orc", "-o", str(target), home=tmp_path
    )
    assert ran.code == 0, ran.err
    goal = load_quest(target).file.goal
    assert (goal.kind, goal.target, goal.exit) == ("kill", "orc-1", True)
    bad = grognard("hq", "import", str(XML), "--goal", "kill:Goblin", home=tmp_path)
    assert bad.code == 2 and "the map holds 2 of them" in bad.err and bad.err.count("\n") <= 1


def test_files_of_another_kind_get_one_clean_line(tmp_path: Path) -> None:
    aon = tmp_path / "book.xml"
    aon.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE gamebook [\n<!ENTITY a "b">\n]>\n<gamebook><meta/></gamebook>',
        encoding="utf-8",
    )
    toml = tmp_path / "quest.xml"
    toml.write_text('id = "x"\n', encoding="utf-8")
    for path, words in ((aon, "Project Aon"), (toml, "not an XML file")):
        ran = grognard("hq", "import", str(path), home=tmp_path)
        assert ran.code == 2 and words in ran.err and ran.err.count("\n") <= 1, ran.err
        assert "Traceback" not in ran.err and "EntitiesForbidden" not in ran.err
