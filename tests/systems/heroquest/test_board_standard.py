"""Our standard board against the printed HeroQuest board (issue 17): its corridors and rooms, its walls,
and the edges the doors of the official quests stand on.

The facts below are the board's geometry (rectangles counted from 0, `(x, y, width, depth)`), written
here in our own form after the board definition of the HeroScribe editor and the doors of the official
quests; the quests themselves are not in the repository. The contested edges are those where a door of
an official quest stood on an edge our old board had no wall on (Sir Ragnar's, Castle of Mystery's
three, and those of quests 7, 9 and 12).
"""

from __future__ import annotations

import pytest

from grognard.engine.content import load_text
from grognard.systems.heroquest.content.board import Door, Square, edge, neighbours, standard_board
from grognard.systems.heroquest.content.quest import QuestFile, check_quest
from grognard.systems.heroquest.importer.heroscribe import import_heroscribe

Rect = tuple[int, int, int, int]

CORRIDORS: tuple[Rect, ...] = (
    (0, 0, 26, 1), (0, 18, 26, 1), (0, 0, 1, 19), (25, 0, 1, 19),  # round the edge
    (12, 0, 2, 7), (12, 12, 2, 7),  # the two-wide passages from the top and bottom edges
    (0, 9, 10, 1), (16, 9, 10, 1),  # the passages from the side edges
    (9, 6, 1, 7), (16, 6, 1, 7), (9, 6, 8, 1), (9, 12, 8, 1),  # the ring round the central room
)  # fmt: skip

ROOMS: dict[str, tuple[Rect, ...]] = {
    "A": ((1, 1, 4, 3),), "B": ((5, 1, 4, 3),), "C": ((9, 1, 3, 5),), "D": ((1, 4, 4, 5),),
    "E": ((5, 4, 4, 5),), "F": ((14, 1, 3, 5),), "G": ((17, 1, 4, 4),), "H": ((21, 1, 4, 4),),
    "I": ((17, 5, 4, 4),), "J": ((21, 5, 4, 4),), "Z": ((10, 7, 6, 5),), "K": ((1, 10, 4, 4),),
    "L": ((5, 10, 2, 3),), "W": ((7, 10, 2, 3),), "M": ((1, 14, 4, 4),), "N": ((5, 13, 4, 5),),
    "O": ((9, 13, 3, 5),), "P": ((17, 10, 4, 3), (18, 13, 3, 1)), "Q": ((21, 10, 4, 4),),
    "R": ((14, 13, 4, 5),), "S": ((18, 14, 3, 4),), "U": ((21, 14, 4, 4),),
}  # fmt: skip

CONTESTED: tuple[tuple[Square, Square], ...] = (
    ((6, 11), (7, 11)),  # The Rescue of Sir Ragnar, Castle of Mystery, Return to Barak Tor
    ((6, 12), (7, 12)),  # Barak Tor
    ((22, 4), (22, 5)),  # Castle of Mystery
    ((17, 16), (18, 16)),  # Castle of Mystery, Race Against Time
    ((19, 13), (19, 14)),  # The Stone Hunter, The Fire Mage, Race Against Time
    ((17, 15), (18, 15)),  # The Stone Hunter
)


def _squares(rects: tuple[Rect, ...]) -> set[Square]:
    return {(x + i, y + j) for x, y, w, h in rects for i in range(w) for j in range(h)}


def test_the_rooms_are_the_printed_boards() -> None:
    board = standard_board()
    assert sorted(board.rooms()) == sorted(ROOMS)
    for room, rects in ROOMS.items():
        assert board.squares_of(room) == _squares(rects), room


def test_the_corridors_are_the_printed_boards() -> None:
    board = standard_board()
    corridor = {s for s in board.floor() if board.room_of(s) is None}
    assert corridor == _squares(CORRIDORS)
    assert corridor | {s for r in ROOMS.values() for s in _squares(r)} == set(board.floor())


@pytest.mark.parametrize(("a", "b"), CONTESTED)
def test_every_contested_edge_is_a_wall_that_takes_a_door(a: Square, b: Square) -> None:
    board = standard_board()
    assert board.is_wall(a, b)
    assert board.door_problem(Door(id="d", at=(a, b))) is None


def test_a_door_stands_on_every_wall_between_areas_and_on_no_other_edge() -> None:
    """Our board's own consistency: an edge is a wall (and takes a door) exactly when it parts a room
    from another area; inside an area and between corridors it is open and a door there is refused."""
    board = standard_board()
    for a in board.floor():
        for b in neighbours(a):
            if not board.on_board(b) or b < a:
                continue
            parts = board.area_at[a] != board.area_at[b] and "room" in {
                board.area(a).kind,
                board.area(b).kind,
            }  # type: ignore[union-attr]
            assert board.is_wall(a, b) == parts, (a, b)
            problem = board.door_problem(Door(id="d", at=edge(a, b)))
            assert (problem is None) == parts, (a, b, problem)


def test_every_room_can_be_reached_through_doors_set_in_its_walls() -> None:
    board = standard_board()
    reached = {"north-edge"}
    changed = True
    while changed:
        changed = False
        for a in board.floor():
            for b in neighbours(a):
                if not board.on_board(b):
                    continue
                here, there = board.area_at[a], board.area_at[b]
                if here in reached and there not in reached:
                    reached.add(there)
                    changed = True
    assert set(board.areas) == reached


def _hs_door(a: Square, b: Square) -> str:
    """A HeroScribe `Door` object on the edge a-b (squares from 1 in the file; a door is drawn 1 by 2)."""
    rotation = "rightward" if a[1] == b[1] else "downward"
    return f'<object id="Door" left="{a[0] + 1}" top="{a[1] + 1}" rotation="{rotation}"/>'


def test_a_heroscribe_quest_with_doors_on_the_contested_edges_places_them_all() -> None:
    doors = "".join(_hs_door(a, b) for a, b in CONTESTED)
    xml = (
        '<?xml version="1.0"?><quest name="Contested" width="1" height="1" version="1.0"><board>'
        '<object id="Stairway" left="11" top="8" rotation="downward"/>'
        f'{doors}<object id="Goblin" left="20" top="3"/></board></quest>'
    ).encode()
    result = import_heroscribe(xml, "contested.xml")
    assert result.unmapped == []
    assert [d.at for d in result.file.doors] == [edge(a, b) for a, b in CONTESTED]


def test_a_quest_file_with_doors_on_the_contested_edges_loads() -> None:
    doors = ",\n".join(
        f'  {{ id = "d{i}", at = [[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]] }}'
        for i, (a, b) in enumerate(CONTESTED)
    )
    text = f"""
id = "contested"
title = "Contested edges"
stairs = [10, 7]
doors = [
{doors}
]
goal = {{ kind = "reach-exit" }}
wandering = {{ monster = "Orc" }}
"""
    quest = check_quest(load_text(text, QuestFile, "contested.toml"), standard_board(), "contested.toml")
    assert len(quest.layout.doors) == len(CONTESTED)
