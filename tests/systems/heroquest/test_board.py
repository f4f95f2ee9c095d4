"""The standard board (data/boards/standard.toml) and the board file format."""

from __future__ import annotations

from collections import deque

import pytest

from grognard.engine.content import load_text
from grognard.engine.errors import ContentError, UsageError
from grognard.systems.heroquest.content.board import (
    Board,
    BoardFile,
    Furniture,
    Layout,
    edge,
    neighbours,
    standard_board,
)


def test_the_standard_board_is_26_by_19_with_21_rooms_and_a_central_room() -> None:
    board = standard_board()
    assert (board.width, board.height) == (26, 19)
    rooms = board.rooms()
    assert len(rooms) == 22 and "Z" in rooms
    assert board.areas["Z"].name == "the central room"
    assert sum(1 for _ in board.floor()) == 26 * 19  # no rock on the standard board


def test_every_room_but_p_is_a_rectangle_and_the_central_room_is_ringed_by_corridor() -> None:
    board = standard_board()
    for room in board.rooms():
        squares = board.squares_of(room)
        xs, ys = {x for x, _ in squares}, {y for _, y in squares}
        assert (len(squares) == len(xs) * len(ys)) == (room != "P"), room  # P: 4x3 and 3 below
        assert len(squares) >= 6, room
    central = board.squares_of("Z")
    for square in central:
        for n in neighbours(square):
            if n not in central:
                assert board.area(n) is not None and board.area(n).kind == "corridor"  # type: ignore[union-attr]


def test_the_corridors_are_one_open_network_and_every_room_touches_one_or_a_room() -> None:
    board = standard_board()
    corridor = {s for s in board.floor() if board.room_of(s) is None}
    start = next(iter(corridor))
    seen, queue = {start}, deque([start])
    while queue:
        here = queue.popleft()
        for n in neighbours(here):
            if n in corridor and n not in seen and not board.is_wall(here, n):
                seen.add(n)
                queue.append(n)
    assert seen == corridor
    touching_corridor = 0
    for room in board.rooms():
        outside = {
            board.room_of(n) for s in board.squares_of(room) for n in neighbours(s) if board.on_board(n)
        }
        outside.discard(room)
        assert outside, room
        touching_corridor += None in outside
    assert touching_corridor >= 20


def test_walls_stand_between_areas_but_not_between_corridor_segments() -> None:
    board = standard_board()
    assert board.is_wall((1, 1), (1, 0))  # room A against the north edge corridor
    assert board.is_wall((4, 1), (5, 1))  # room A against room B
    assert not board.is_wall((1, 1), (2, 1))  # inside room A
    assert not board.is_wall((12, 0), (12, 1))  # north edge corridor into the north passage
    assert not board.is_wall((0, 9), (1, 9))  # west edge into the west passage
    assert board.is_wall((0, 0), (0, -1))  # the outer edge
    assert board.room_of((12, 9)) == "Z" and board.room_of((12, 0)) is None


def test_edges_are_sorted_pairs_of_side_by_side_squares() -> None:
    assert edge((3, 4), (3, 3)) == ((3, 3), (3, 4))
    with pytest.raises(UsageError, match="not side by side"):
        edge((0, 0), (1, 1))


def test_furniture_footprints_turn() -> None:
    table = Furniture.of_kind("t", "table", (5, 2))
    assert table.squares == {(5, 2), (6, 2), (7, 2), (5, 3), (6, 3), (7, 3)}
    turned = Furniture.of_kind("t", "bookcase", (1, 1), turned=True)
    assert turned.squares == {(1, 1), (1, 2), (1, 3)} and turned.height == "tall"
    with pytest.raises(UsageError, match="no furniture kind 'sofa'"):
        Furniture.of_kind("s", "sofa", (0, 0))


_SMALL = """
id = "small"
name = "A small board"
width = 3
height = 2
grid = ["aab", "##b"]
doors = [{ id = "d", at = [[1, 0], [2, 0]] }]

[legend]
a = { id = "hall", kind = "room" }
b = { id = "c", kind = "corridor" }
"#" = { id = "rock", kind = "rock" }
"""


def test_a_small_board_file_with_a_door() -> None:
    board = Board.from_file(load_text(_SMALL, BoardFile, "small.toml"))
    layout = Layout(board)
    assert not layout.open_between((1, 0), (2, 0))
    assert layout.with_door("d", "open").open_between((1, 0), (2, 0))
    assert layout.solid((0, 1)) and not layout.solid((2, 1))


@pytest.mark.parametrize(
    ("change", "place", "reason"),
    [
        (('grid = ["aab", "##b"]', 'grid = ["aab", "#b"]'), "grid[1]", "expected 3 squares"),
        (('grid = ["aab", "##b"]', 'grid = ["aab", "#?b"]'), "grid[1]", "not in the legend"),
        (("height = 2", "height = 3"), "grid", "expected 3 rows"),
        (("[[1, 0], [2, 0]]", "[[0, 0], [1, 0]]"), "doors[0].at", "not in a wall"),
        (("[[1, 0], [2, 0]]", "[[0, 0], [2, 0]]"), "doors[0].at", "not side by side"),
        (('kind = "room"', 'kind = "hall"'), "legend.a.kind", "Input should be"),
    ],
)
def test_bad_board_files_are_refused_with_the_place(change: tuple[str, str], place: str, reason: str) -> None:
    text = _SMALL.replace(*change)
    with pytest.raises(ContentError) as caught:
        Board.from_file(load_text(text, BoardFile, "small.toml"), "small.toml")
    assert caught.value.location == place
    assert reason in caught.value.reason
