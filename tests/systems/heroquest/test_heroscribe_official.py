"""Issue 32: the official HeroScribe quests of the quest packs import, check and play, with the goal their
words state. The files here are our own, shaped like the official ones (pieces of the packs, a `DoorIn`
entrance, a speech and lettered notes); the survey of the real files is `benchmarks/_heroscribe_survey.py`
(figures in docs/systems/heroquest.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks._heroscribe_survey import first_round
from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content import catalog
from grognard.systems.heroquest.importer.heroscribe import OBJECTS, import_heroscribe
from grognard.systems.heroquest.importer.quest_toml import quest_toml
from grognard.systems.heroquest.rules.goals import met_at_start
from tests.cli.helpers import grognard


def hs_file(objects: str, speech: str = "", notes: tuple[str, ...] = (), stairs: bool = True) -> bytes:
    """A HeroScribe-shaped quest of our own: the stairs in the central room (unless `stairs` is false),
    `objects` (squares counted from 1, as HeroScribe counts), the speech and the notes."""
    stair = '<object id="Stairway" left="11" top="8" rotation="downward"/>' if stairs else ""
    words = f"<speech>{speech}</speech>" if speech else ""
    words += "".join(f"<note>{n}</note>" for n in notes)
    return (
        '<?xml version="1.0"?><quest name="Pack Test" region="Europe" version="1.0" width="1" height="1">'
        f"<board>{stair}{objects}</board>{words}</quest>"
    ).encode()


def obj(hs_id: str, left: float, top: float, rotation: str = "downward") -> str:
    return f'<object id="{hs_id}" left="{left}" top="{top}" rotation="{rotation}"/>'


# A door in on the west end of the north corridor, a door out at the south-east corner.
DOOR_IN = obj("DoorIn", 0, 1, "rightward")
DOOR_OUT = obj("DoorOut", 26, 19, "rightward")


def test_the_pack_pieces_map_to_the_rulebooks_monsters_traps_furniture_and_ground() -> None:
    """The pieces the issue counts (wandering monster marker, swinging axe, ogre warriors, crossbowmen,
    stalactites, deep pits) and the rest of the packs' pieces are placed as the rulebook's own
    (lines 128-142 traps, 927-949 the ogre, 951-1003 mercenaries), or the nearest, reported."""
    objects = "".join(
        [
            obj("OgreWarrior", 2, 2),
            obj("OgreLord", 3, 2),
            obj("Crossbowman", 4, 2),
            obj("DarkWarrior", 5, 2),
            obj("FrozenHorror", 2, 4),
            obj("WanderingMonster", 1, 5),
            obj("SwingingAxe", 1, 6),
            obj("Stalactite", 1, 7),
            obj("DeepPitTrap", 1, 8),
            obj("LongPitTrap", 1, 11, "leftward"),
            obj("SlipperyIce2x1", 6, 1),
            obj("Coffin", 7, 2),
            obj("TeleportTrapA", 8, 2),
            obj("CarpetRoom", 18, 2),
        ]
    )
    result = import_heroscribe(hs_file(objects), "pack.xml")
    q = result.file
    assert [(m.monster, m.level, m.at) for m in q.monsters] == [
        ("Ogre", 6, (1, 1)),
        ("Ogre", 12, (2, 1)),
        ("Crossbowman", None, (3, 1)),
        ("Chaos Warrior", None, (4, 1)),
        ("Polar Warbear", 8, (1, 3)),
    ]
    assert next(m for m in q.monsters if m.level == 12).name == "Ogre Lord"
    assert [(t.kind, t.at, t.turned) for t in q.traps] == [
        ("wandering-monster", (0, 4), False),
        ("swinging-axe", (0, 5), False),
        ("stalactite", (0, 6), False),
        ("pit", (0, 7), False),
        ("long-pit", (0, 10), True),
    ]
    assert [(i.kind, i.at, i.size) for i in q.ice] == [("slippery", (5, 0), (2, 1))]
    assert [(f.kind, f.at) for f in q.furniture] == [("chest", (6, 1))]  # the coffin: a low box
    said = "\n".join(result.guesses)
    assert "TeleportTrapA" in said and "not played" in said  # a mark with no rule: named, never silent
    assert "DarkWarrior" in said and "nearest equivalent" in said
    assert "CarpetRoom" not in said and not result.unmapped  # a floor tile is a label


def test_every_piece_the_import_maps_names_a_rulebook_thing() -> None:
    """Each mapped monster is in the catalogue (a monster or a mercenary) at a level it prints."""
    for hs_id, m in OBJECTS.items():
        if m.role != "monster":
            continue
        if m.name in ("Crossbowman", "Halberdier", "Scout", "Swordsman"):
            assert catalog.mercenary(m.name).name == m.name, hs_id
            continue
        monster = catalog.monster(m.name)
        assert not m.level or m.level in [lv.level for lv in monster.levels], hs_id


def test_the_heroes_come_in_by_the_door_in() -> None:
    """Fourteen official quests have no stairway: the heroes enter by the `DoorIn` drawn half off the
    board, on the four free squares nearest it; the door in is not a way out."""
    result = import_heroscribe(hs_file(DOOR_IN + DOOR_OUT + obj("Goblin", 20, 3), stairs=False))
    q = result.file
    assert sorted(q.start) == [(0, 0), (0, 1), (1, 0), (2, 0)]
    assert [d.at for d in q.doors if d.exit] == [((25, 18), (26, 18))]
    assert any("door in" in g for g in result.guesses)
    assert q.goal.kind == "reach-exit"  # in by one door, out by another: the way through
    assert met_at_start(result.quest()) is None


def test_start_option_puts_the_heroes_by_a_note_or_a_square() -> None:
    data = hs_file(obj("LetterB", 6, 2) + obj("Goblin", 20, 3), stairs=False)
    by_letter = import_heroscribe(data, start="B").file
    assert (5, 1) in by_letter.start and len(by_letter.start) == 4
    by_square = import_heroscribe(data, start="12,9").file
    assert (12, 9) in by_square.start
    for bad in ("Q", "99,99", "0,0;"):
        with pytest.raises(UsageError, match="--start"):
            import_heroscribe(data, start=bad)


def test_a_rescue_is_read_from_the_speech_and_placed_by_the_note() -> None:
    speech = "Sir Bors has been taken by orcs. You must find Sir Bors and bring him back to safety."
    notes = ("A  Sir Bors is chained in this room.", "Use the Swordsman figure for Sir Bors.")
    result = import_heroscribe(hs_file(obj("LetterA", 3, 3) + obj("Orc", 20, 3), speech, notes))
    q = result.file
    assert q.goal.kind == "rescue"
    prisoner = next(m for m in q.monsters if m.id == q.goal.target)
    assert prisoner.at == (2, 2) and prisoner.name == "Sir Bors" and prisoner.monster == "Swordsman"


def test_a_named_enemy_is_the_figure_the_notes_give_him() -> None:
    """ "Use the Orc figure ... for Grulk" and an X no note explains: the orc nearest the X is Grulk."""
    speech = "The orc chief Grulk has raided the villages. Whoever kills Grulk will be rewarded."
    notes = ("Use the Orc figure with the big axe to represent Grulk.",)
    objects = obj("LetterX", 3, 3) + obj("Orc", 4, 3) + obj("Orc", 20, 3)
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    target = next(m for m in q.monsters if m.id == q.goal.target)
    assert q.goal.kind == "kill" and target.at == (3, 2) and target.name == "Grulk"


def test_a_named_enemy_with_no_figure_on_the_map_is_placed_as_the_nearest_monster() -> None:
    """A sorcerer the map does not hold, his numbers in the note of his room: a chaos warrior (our
    stand-in) on that square."""
    speech = "You must defeat Morgax, the warlock of the marsh."
    notes = ("A  This is the study of Morgax. His numbers: Move 6 Attack 3 dice Defend 4 dice.",)
    q = import_heroscribe(hs_file(obj("LetterA", 3, 3) + obj("Goblin", 20, 3), speech, notes)).file
    target = next(m for m in q.monsters if m.id == q.goal.target)
    assert (q.goal.kind, target.monster, target.at, target.name) == (
        "kill",
        "Chaos Warrior",
        (2, 2),
        "Morgax",
    )


def test_a_thing_to_find_and_bring_back_is_a_quest_object_in_the_furniture_of_its_note() -> None:
    speech = "You must recover the Silver Chalice and return it to the temple."
    notes = ("A  The Silver Chalice lies in this chest.",)
    objects = obj("LetterA", 3, 3) + obj("TreasureChest", 3, 3) + obj("Goblin", 20, 3)
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    assert (q.goal.kind, q.goal.exit) == ("find", True)
    found = next(t for t in q.treasure if t.id == q.goal.target)
    assert found.furniture == q.furniture[0].id and found.text == "The Silver Chalice."


def test_a_word_written_in_lower_case_is_no_name() -> None:
    """ "hurl it into the Pit" with "the pit" in the notes: not an enemy called Pit; the ring is found."""
    speech = "You must destroy the Rift by finding Morla's Ring of Night and hurling it into the Pit."
    notes = ("A  Anyone who moves into the pit is lost.", "B  The Ring of Night is hidden in this room.")
    objects = obj("LetterA", 3, 3) + obj("LetterB", 7, 3) + obj("Goblin", 20, 3)
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    assert q.goal.kind == "find" and q.goal.target.startswith("quest-") and "ring-of-night" in q.goal.target


def test_the_way_out_is_read_from_the_speech() -> None:
    speech = "Enter through the iron door and find the wooden exit door on the far side."
    q = import_heroscribe(hs_file(DOOR_IN + DOOR_OUT + obj("Goblin", 20, 3), speech, stairs=False)).file
    assert q.goal.kind == "reach-exit" and "way out" in q.goal.text


def test_goal_option_overrules_the_words() -> None:
    speech = "You must find Sir Bors and bring him back to safety."
    notes = ("A  Sir Bors is chained in this room.",)
    data = hs_file(obj("LetterA", 3, 3) + obj("Orc", 20, 3), speech, notes)
    assert import_heroscribe(data, goal="slay-all").file.goal.kind == "slay-all"


def test_a_pack_quest_entered_by_a_door_plays_a_round(tmp_path: Path) -> None:
    """Ogres, a crossbowman, a swinging axe and a wandering monster trap on the way from the door in to
    the door out: the imported quest plays its first round unwon."""
    objects = DOOR_IN + DOOR_OUT + obj("OgreWarrior", 20, 3) + obj("Crossbowman", 21, 3)
    objects += obj("SwingingAxe", 8, 1) + obj("WanderingMonster", 12, 1) + obj("Stalactite", 15, 1)
    result = import_heroscribe(hs_file(objects, stairs=False), "pack.xml")
    path = tmp_path / f"{result.file.id}.toml"
    path.write_text(quest_toml(result.file), encoding="utf-8")
    assert first_round(str(path)) == "ok"


def test_import_command_takes_start(tmp_path: Path) -> None:
    xml = tmp_path / "pack.xml"
    xml.write_bytes(hs_file(obj("LetterB", 6, 2) + obj("Goblin", 20, 3), stairs=False))
    ran = grognard("hq", "import", str(xml), "--start", "B", "--json", home=tmp_path)
    assert ran.code == 0, ran.err
    assert [5, 1] in json.loads(ran.out)["start"]
    bad = grognard("hq", "import", str(xml), "--start", "Q", home=tmp_path)
    assert bad.code == 2 and "--start" in bad.err and bad.err.count("\n") <= 1


def test_the_goal_reading_is_bounded() -> None:
    """The goal is read from the first 20,000 characters of the speech (the official speeches are under
    2,000), so a file of most of a megabyte is read as quickly as a small one: a foe named past them is not
    read, one named within them is."""
    notes = ("A  Bob waits here. Move 5 Attack 3 dice.",)
    objects = obj("LetterA", 3, 3) + obj("Goblin", 20, 3)
    late = "The hall is cold. " * 1_200 + "You must kill Bob."
    assert import_heroscribe(hs_file(objects, late, notes)).file.goal.kind == "slay-all"
    early = "You must kill Bob. " + "Bob Bob Bob. " * 60_000
    assert import_heroscribe(hs_file(objects, early[:900_000], notes)).file.goal.kind == "kill"


def test_two_stairways_and_words_of_going_on_down() -> None:
    """ "Search for another spiral stairway": in by the first stairway drawn, out by the other."""
    speech = "From the stairway that brought you down, search this level for another spiral stairway."
    objects = obj("Stairway", 2, 2) + obj("Goblin", 20, 3)
    q = import_heroscribe(hs_file(objects, speech)).file
    assert sorted(q.start) == [(10, 7), (10, 8), (11, 7), (11, 8)] and q.stairs == (1, 1)
    assert q.goal.kind == "reach-exit"


def test_captives_with_no_name_are_as_many_prisoners_as_the_words_count() -> None:
    speech = "You must fight your way to the women, free them, and then bring them back out by the stairway."
    notes = ("D  The heroes find the two women here, chained to the wall.",)
    q = import_heroscribe(hs_file(obj("LetterD", 3, 3) + obj("Orc", 20, 3), speech, notes)).file
    prisoners = [m for m in q.monsters if m.id in q.goal.targets]
    assert (q.goal.kind, q.goal.text) == ("rescue", "Rescue the two women: lead them out.")
    assert [m.at for m in prisoners[:1]] == [(2, 2)] and len(prisoners) == 2
    one = ("D  The heroes find the women here, chained to the wall.",)  # no count: one prisoner
    alone = import_heroscribe(hs_file(obj("LetterD", 3, 3) + obj("Orc", 20, 3), speech, one)).file
    assert (alone.goal.target, alone.goal.also) == ("prisoner-women", [])
