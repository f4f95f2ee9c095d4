"""The quest format: the example quest, its layout, events and seen map, and the checks on bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from grognard.engine.content import load_text, package_file
from grognard.engine.errors import ContentError
from grognard.systems.heroquest.content.board import standard_board
from grognard.systems.heroquest.content.geometry import line_of_sight
from grognard.systems.heroquest.content.quest import (
    TRAP_RULES,
    QuestFile,
    Seen,
    check_quest,
    load_quest,
)
from tests.seeds import Rulebook

SEED = Rulebook("004_24cd6f974fe6a1ee.txt")
EXAMPLE = package_file("grognard.systems.heroquest", "data/quests/the-goblin-cellar.toml")


def _example_text() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


def test_the_example_quest_loads_onto_the_standard_board() -> None:
    quest = load_quest(EXAMPLE)
    assert quest.id == "the-goblin-cellar" and quest.board.id == "standard"
    assert quest.start_squares() == [(1, 1), (1, 2), (2, 1), (2, 2)]
    layout = quest.layout
    assert layout.stairs == {(1, 1), (1, 2), (2, 1), (2, 2)}
    assert layout.low >= {(6, 2), (7, 2), (8, 2), (6, 3), (7, 3), (8, 3), (11, 1)}
    assert layout.tall == {(9, 5), (10, 5), (11, 5)}
    assert layout.door_by_id["b-c"].state == "secret"
    assert [m.id for m in quest.monsters_in("B")] == ["goblin-1", "goblin-2"]
    assert quest.monsters_in("north-passage") == []  # goblin-3 is held back until Grak dies
    assert quest.trap_at((4, 0)) is not None and quest.trap_at((4, 0)).kind == "pit"  # type: ignore[union-attr]
    assert quest.monster("grak").name == "Grak"


def test_events_fire_on_their_triggers_once() -> None:
    quest = load_quest(EXAMPLE)
    assert [e.id for e in quest.events_for("enter-room", "B")] == ["into-b"]
    assert quest.events_for("enter-room", "B", fired={"into-b"}) == []
    assert quest.events_for("enter-room", "C") == []
    died = quest.events_for("monster-dies", "grak")
    assert [a.kind for a in died[0].actions] == ["text", "place-monsters"]
    assert [e.id for e in quest.events_seen({(11, 1), (0, 0)})] == ["see-the-chest"]


def test_the_seen_map_lights_whole_areas_through_open_doors_only() -> None:
    quest = load_quest(EXAMPLE)
    seen = quest.light(Seen(), (1, 1))
    assert seen.areas == {"A"}
    opened = quest.layout.with_door("a-north", "open")
    seen = quest.light(seen, (3, 1), layout=opened)
    assert seen.areas == {"A", "north-edge"}
    assert not line_of_sight(opened, (3, 1), (12, 1))


def test_trap_rules_cite_the_line_that_names_them() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    names = {
        "spear": "**Spear Traps**",
        "pit": "**Pit Traps**",
        "long-pit": "**Long Pit Traps**",
        "falling-rock": "**Falling Rock Traps**",
        "stalactite": "**Stalactite Traps**",
        "swinging-axe": "**Swinging Axe Traps**",
        "wandering-monster": "**Wandering Monsters:**",
        "chest": "Some furniture may contain treasure",
    }
    for kind, rule in TRAP_RULES.items():
        assert lines[rule.source - 1].startswith(names[kind]), kind
    assert TRAP_RULES["long-pit"].squares == 2


@pytest.mark.parametrize(
    ("old", "new", "place", "reason"),
    [
        (
            'monster = "Goblin", level = 3',
            'monster = "Goblinn", level = 3',
            "monsters[2].monster",
            "no monster",
        ),
        (
            'monster = "Goblin", level = 3',
            'monster = "Goblin", level = 9',
            "monsters[2].monster",
            "1-8, not 9",
        ),
        ("at = [[3, 0], [3, 1]]", "at = [[2, 1], [3, 1]]", "doors[0].at", "not in a wall"),
        (
            'kind = "table", at = [6, 2]',
            'kind = "table", at = [7, 2]',
            "furniture[0].at",
            "more than one area",
        ),
        (
            'kind = "chest", at = [11, 1]',
            'kind = "chest", at = [9, 5]',
            "furniture[2].at",
            "overlaps 'c-chest'",
        ),
        ('kind = "pit", at = [4, 0]', 'kind = "pit", at = [10, 5]', "traps[0].at", "tall furniture"),
        ('target = "grak"', 'target = "grok"', "goal.target", "no monster 'grok'"),
        ('monsters = ["goblin-3"]', 'monsters = ["goblin-1"]', "events[1].actions[1].monsters", "held-back"),
        ('room = "B"', 'room = "north-edge"', "events[0].trigger.room", "no room"),
        ('id = "c-chest"', 'id = "b-table"', "furniture[1].id", "already used"),
        ('monster = "Orc", level = 1', 'monster = "Troll", level = 1', "wandering.monster", "no monster"),
        ('kind = "pit"', 'kind = "bear-trap"', "traps[0].kind", "Input should be"),
        ("stairs = [1, 1]", "stairs = [4, 1]", "stairs", "more than one area"),
    ],
)
def test_bad_quests_are_refused_with_the_place(old: str, new: str, place: str, reason: str) -> None:
    text = _example_text()
    assert old in text
    with pytest.raises(ContentError) as caught:
        check_quest(load_text(text.replace(old, new, 1), QuestFile, "q.toml"), standard_board(), "q.toml")
    assert caught.value.location == place
    assert reason in caught.value.reason


def test_a_quest_on_a_board_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "tiny.toml").write_text(
        'id = "tiny"\nname = "Tiny"\nwidth = 3\nheight = 1\ngrid = ["aab"]\n'
        'legend = { a = { id = "hall", kind = "room" }, b = { id = "c", kind = "corridor" } }\n',
        encoding="utf-8",
    )
    (tmp_path / "q.toml").write_text(
        'id = "q"\ntitle = "Q"\nboard = "tiny.toml"\nstart = [[0, 0]]\n'
        'doors = [{ id = "out", at = [[1, 0], [2, 0]], exit = true }]\n'
        'goal = { kind = "reach-exit" }\nwandering = { monster = "Goblin" }\n'
        '[[events]]\nid = "e"\ntrigger = { kind = "open-door", door = "out" }\n'
        'actions = [{ kind = "end-quest", outcome = "won" }]\n',
        encoding="utf-8",
    )
    quest = load_quest(tmp_path / "q.toml")
    assert quest.board.id == "tiny" and quest.start_squares() == [(0, 0)]
    assert [e.id for e in quest.events_for("open-door", "out")] == ["e"]
