"""Issue 32: goals read from a HeroScribe quest's words that have several targets, a rescue out by an exit
door, and rooms to reach or hold. The files are our own, shaped like the official ones; the survey of the
real files is `benchmarks/_heroscribe_survey.py` (figures in docs/systems/heroquest.md)."""

from __future__ import annotations

import pytest

from grognard.engine.errors import UsageError
from grognard.systems.heroquest.content.board import standard_board
from grognard.systems.heroquest.importer.heroscribe import import_heroscribe
from tests.systems.heroquest.test_heroscribe_official import DOOR_IN, DOOR_OUT, hs_file, obj

BOARD = standard_board()


def _chests(n: int) -> str:
    """`n` chests along the top of room G (squares 17-20, 1), and note A among them."""
    return "".join(obj("TreasureChest", 18 + k, 2) for k in range(n)) + obj("LetterA", 19, 4)


SPEECH_CHESTS = (
    "Three treasure chests were stolen. A reward goes to any heroes who return the chests and the gold."
)
NOTE_CHESTS = ("A  These are the three chests. A hero may carry one chest at a time.",)


def test_three_chests_to_bring_back_are_three_quest_things_one_in_each_chest() -> None:
    q = import_heroscribe(hs_file(_chests(3), SPEECH_CHESTS, NOTE_CHESTS)).file
    assert (q.goal.kind, q.goal.exit, q.goal.text) == ("find", True, "Find the three chests, then leave.")
    placed = {t.id: t.furniture for t in q.treasure}
    assert [placed[t] for t in q.goal.targets] == [f.id for f in q.furniture if f.kind == "chest"]
    assert len(q.goal.targets) == 3


def test_a_count_the_room_does_not_hold_is_one_thing() -> None:
    q = import_heroscribe(hs_file(_chests(2), SPEECH_CHESTS, NOTE_CHESTS)).file
    assert q.goal.kind == "find" and q.goal.also == []


def test_a_rescue_ends_at_the_exit_door_when_the_map_has_no_stairs() -> None:
    speech = (
        "The Queen wants you to rescue her Prospector. You must enter through the iron door, find the "
        "Prospector, and then leave through the wooden exit door with the Prospector."
    )
    notes = ("B  The Prospector is held behind a portcullis here.",)
    objects = DOOR_IN + DOOR_OUT + obj("LetterB", 19, 3) + obj("Orc", 12, 9)
    q = import_heroscribe(hs_file(objects, speech, notes, stairs=False)).file
    assert (q.goal.kind, q.goal.text) == ("rescue", "Rescue the Prospector: lead the prisoner out.")
    assert next(m.at for m in q.monsters if m.id == q.goal.target) == (18, 2)


def test_learning_a_lost_ones_fate_is_reaching_his_room_then_leaving() -> None:
    speech = (
        "The wizard Wardoz has vanished. You must find out what happened to Wardoz. You are paid on return."
    )
    notes = ("A  The Zombie in this room is Wardoz, lost to his own magic.",)
    q = import_heroscribe(hs_file(obj("LetterA", 19, 3) + obj("Zombie", 20, 3), speech, notes)).file
    assert (q.goal.kind, q.goal.target, q.goal.exit) == ("reach", "G", True)
    assert q.goal.text == "Find out what became of Wardoz: reach the room he is in, then leave."


def test_heroes_taken_from_the_party_are_freed_by_reaching_their_room() -> None:
    speech = "The Elf and the Barbarian have been taken to the great hall. You must free them and escape."
    notes = (
        "A  The Dwarf and the Wizard are locked in this room.",
        "B  The Barbarian and the Elf are chained here.",
    )
    objects = obj("LetterA", 7, 2) + obj("LetterB", 19, 3) + obj("Orc", 3, 10)
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    assert (q.goal.kind, q.goal.target, q.goal.exit) == ("reach", "G", True)
    assert q.goal.text.startswith("Free the Barbarian and the Elf")


def test_a_room_to_keep_free_of_monsters_for_a_turn_is_held() -> None:
    speech = (
        "You must destroy their headquarters by keeping the central chamber free of monsters for one turn."
    )
    notes = ("C  To win, the heroes must clear the room of monsters and be its sole occupants for one turn.",)
    objects = obj("LetterC", 19, 3) + obj("Orc", 20, 3)
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    assert (q.goal.kind, q.goal.target, q.goal.hold, q.goal.exit) == ("reach", "G", True, False)
    started_there = import_heroscribe(hs_file(obj("LetterC", 13, 10) + obj("Orc", 20, 3), speech, notes)).file
    assert started_there.goal.kind != "reach"  # the heroes start in it: no room to win


def test_reaching_the_surface_is_reaching_the_room_under_the_surface_tile() -> None:
    speech = "The alarm is raised. You must escape and if you can reach the surface you will be safe."
    objects = obj("Surface", 19, 15) + obj("Orc", 20, 3)
    q = import_heroscribe(hs_file(objects, speech)).file
    assert (q.goal.kind, q.goal.target) == ("reach", BOARD.room_of((18, 14)))
    untold = import_heroscribe(hs_file(objects, "You must escape.")).file
    assert untold.goal.kind != "reach"


def test_goal_option_names_several_targets_and_rooms() -> None:
    objects = obj("Orc", 20, 3) + obj("Orc", 21, 3) + obj("LetterC", 19, 3)
    both = import_heroscribe(hs_file(objects), goal="kill:orc-1+orc-2").file.goal
    assert (both.kind, both.targets) == ("kill", ("orc-1", "orc-2"))
    held = import_heroscribe(hs_file(objects), goal="hold:C").file.goal
    assert (held.kind, held.target, held.hold) == ("reach", "G", True)
    there = import_heroscribe(hs_file(objects), goal="exit-after:reach:19,2").file.goal
    assert (there.kind, there.target, there.exit) == ("reach", BOARD.room_of((19, 2)), True)
    with pytest.raises(UsageError, match="named twice"):
        import_heroscribe(hs_file(objects), goal="kill:orc-1+orc-1")
    with pytest.raises(UsageError, match="not in a room"):
        import_heroscribe(hs_file(objects), goal="reach:0,0")


def test_a_forge_is_a_place_to_pass_not_the_thing_to_bring_back() -> None:
    speech = (
        "You must find the Forge, for part of the stone map lies near it. Once you find part of the map, "
        "you must find the wooden exit door."
    )
    notes = ("D  This is the Dwarven Forge, hot as fire.", "E  Part of the stone map is in this chest.")
    objects = obj("LetterD", 3, 3) + obj("LetterE", 19, 3) + obj("Orc", 20, 3) + DOOR_OUT
    q = import_heroscribe(hs_file(objects, speech, notes)).file
    found = next(t for t in q.treasure if t.id == q.goal.target)
    assert (q.goal.kind, q.goal.exit, found.at) == ("find", True, (18, 2))
