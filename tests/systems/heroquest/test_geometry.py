"""Line of sight, movement and attacks on drawn boards (rulebook 004_24cd6f974fe6a1ee.txt).

Each board is drawn square by square: a square's character sits between '+' corners, its edges
between them: '|' or '-' a wall, ' ' open, 'D' a closed door, 'O' an open door, 'S' a secret door.
Squares: '@' the viewer or mover, '#' rock, 'T' tall furniture, 't'/'u' low furniture (seen/not seen),
'F'/'f' a figure (seen/not seen), 'a' an ally, 'e' an enemy, 'v' a square that must be seen, '.' one
that must not. Movement tests draw the expected costs beside the board: a digit (A = 10 ...) is the
least cost to end there, '-' a square passed but not ended on, '.' a square out of reach.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pytest

from grognard.systems.heroquest.content import geometry as geo
from grognard.systems.heroquest.content.board import Area, Board, Door, Furniture, Layout, Square, edge

SEED = "004_24cd6f974fe6a1ee.txt"


@dataclass
class Drawn:
    layout: Layout
    marks: dict[Square, str]

    def at(self, *chars: str) -> set[Square]:
        return {s for s, c in self.marks.items() if c in chars}

    def one(self, char: str) -> Square:
        (found,) = self.at(char)
        return found


def draw(picture: str) -> Drawn:
    lines = textwrap.dedent(picture).strip("\n").splitlines()
    width = (max(len(line) for line in lines) - 1) // 2
    height = (len(lines) - 1) // 2
    lines = [line.ljust(2 * width + 1) for line in lines]
    marks: dict[Square, str] = {}
    area_at: dict[Square, str] = {}
    walls: set[tuple[Square, Square]] = set()
    doors: list[Door] = []
    furniture: list[Furniture] = []
    for y in range(height):
        for x in range(width):
            char = lines[2 * y + 1][2 * x + 1]
            marks[(x, y)] = char
            area_at[(x, y)] = "rock" if char == "#" else "floor"
            if char == "T":
                furniture.append(Furniture(f"f{x}-{y}", "drawn", (x, y), (1, 1), "tall"))
            if char in "tu":
                furniture.append(Furniture(f"f{x}-{y}", "drawn", (x, y), (1, 1), "low"))
    edges = [((x - 1, y), (x, y), lines[2 * y + 1][2 * x]) for y in range(height) for x in range(1, width)]
    edges += [((x, y - 1), (x, y), lines[2 * y][2 * x + 1]) for y in range(1, height) for x in range(width)]
    states = {"D": "closed", "O": "open", "S": "secret"}
    for a, b, char in edges:
        if char in "|-":
            walls.add(edge(a, b))
        elif char in states:
            walls.add(edge(a, b))
            doors.append(Door.model_validate({"id": f"d{len(doors)}", "at": (a, b), "state": states[char]}))
        else:
            assert char == " ", f"edge {a}-{b} drawn as {char!r}"
    areas = {"floor": Area(id="floor", kind="room"), "rock": Area(id="rock", kind="rock")}
    board = Board("drawn", "drawn", width, height, areas, area_at, frozenset(walls))
    return Drawn(Layout(board, tuple(doors), tuple(furniture)), marks)


def check_sight(picture: str) -> None:
    d = draw(picture)
    viewer = d.one("@")
    figures = d.at("F", "f")
    seen = {s for s in d.marks if geo.line_of_sight(d.layout, viewer, s, figures)}
    must_see = d.at("v", "F", "t", "@")
    must_not = d.at(".", "f", "u")
    assert must_see - seen == set(), "drawn as seen but not seen"
    assert must_not & seen == set(), "drawn as hidden but seen"


# ---------------------------------------------------------------------------------------------------
# Line of sight: line 80, centre to centre, without obstruction


def test_rock_blocks_and_its_corner_is_grazed() -> None:
    # (3,1) and (1,3): the line passes exactly through a corner of the rock, open floor on its other side.
    check_sight(
        """
        +-+-+-+-+-+
        |@ v v v v|
        + + + + + +
        |v # . v v|
        + + + + + +
        |v . . . .|
        + + + + + +
        |v v . . .|
        +-+-+-+-+-+
        """
    )


def test_one_figure_is_looked_past_at_its_corner() -> None:
    check_sight(
        """
        +-+-+-+-+
        |@ F . .|
        + + + + +
        |v v . .|
        + + + + +
        |v v v .|
        +-+-+-+-+
        """
    )


def test_two_figures_corner_to_corner_close_the_gap() -> None:
    check_sight(
        """
        +-+-+-+-+
        |@ v v v|
        + + + + +
        |v v F .|
        + + + + +
        |v F . .|
        + + + + +
        |v . . .|
        +-+-+-+-+
        """
    )


def test_tall_furniture_blocks_and_low_does_not() -> None:
    check_sight(
        """
        +-+-+-+-+-+
        |@ v T . .|
        + + + + + +
        |v v t v .|
        +-+-+-+-+-+
        """
    )


def test_closed_door_and_walls_block_and_a_door_jamb_is_grazed() -> None:
    # Line 80 with line 122: the closed door hides (1,1); (4,1) is seen past the open door's left jamb.
    check_sight(
        """
        +-+-+-+-+-+
        |v @ v v v|
        +-+D+-+O+-+
        |. . . . v|
        +-+-+-+-+-+
        """
    )


def test_looking_through_an_open_door_into_a_room() -> None:
    # From above the doorway the room opens out at 45 degrees either side.
    check_sight(
        """
        +-+-+-+-+-+-+
        |v v @ v v v|
        +-+-+O+-+-+-+
        |. v v v . .|
        + + + + + + +
        |v v v v v .|
        + + + + + + +
        |v v v v v v|
        +-+-+-+-+-+-+
        """
    )


def test_walls_meeting_on_one_side_are_grazed() -> None:
    check_sight(
        """
        +-+-+
        |@|.|
        + +-+
        |v v|
        +-+-+
        """
    )


def test_walls_closing_both_sides_of_a_corner_block() -> None:
    check_sight(
        """
        +-+-+
        |@ v|
        + +-+
        |v|.|
        +-+-+
        """
    )


def test_secret_door_blocks_like_a_wall() -> None:
    check_sight(
        """
        +-+-+-+
        |@ vS.|
        +-+-+ +
        |. . .|
        +-+-+-+
        """
    )


def test_sight_is_symmetric_on_a_cluttered_board() -> None:
    d = draw(
        """
        +-+-+-+-+-+-+
        |. . .|. . .|
        + +-+ + + + +
        |. T .O. . #|
        + + + + +-+ +
        |. . f . . .|
        + + +-+ + + +
        |# . .D. f .|
        +-+-+-+-+-+-+
        """
    )
    figures = d.at("f")
    squares = [s for s in d.marks if d.marks[s] in ".f"]
    for a in squares:
        for b in squares:
            assert geo.line_of_sight(d.layout, a, b, figures) == geo.line_of_sight(d.layout, b, a, figures)


def test_crossings_are_exact_fractions() -> None:
    steps = geo.crossings((0, 0), (3, 1))
    assert [(c.before, c.after) for c in steps] == [((0, 0), (1, 0)), ((1, 0), (2, 1)), ((2, 1), (3, 1))]
    assert steps[1].corner == (2, 1) and steps[1].t == pytest.approx(0.5)


# ---------------------------------------------------------------------------------------------------
# Movement: line 76 (four sides, allies passed, no shared squares), line 144 (furniture), line 122 (doors)


def check_moves(picture: str, expected: str, allowance: int) -> None:
    d = draw(picture)
    reach = geo.reachable(d.layout, d.one("@"), allowance, allies=d.at("a"), enemies=d.at("e"))
    rows = textwrap.dedent(expected).strip("\n").splitlines()
    for x, y in d.marks:
        want = rows[y][x]
        got = reach.cost.get((x, y))
        if want == ".":
            assert got is None, f"{(x, y)} drawn out of reach, reached at {got}"
        elif want == "-":
            assert got is None and (x, y) in d.at("a"), f"{(x, y)} is passed, not ended on"
        else:
            assert got == int(want, 16), f"{(x, y)} costs {got}, drawn {want}"


def test_moves_round_walls_allies_enemies_and_onto_furniture() -> None:
    check_moves(
        """
        +-+-+-+-+-+-+
        |@ . . . . .|
        + + + +-+ + +
        |. a . . . .|
        + + + + + + +
        |. . e t t .|
        +-+-+-+-+-+-+
        """,
        """
        012345
        1-3456
        23.677
        """,
        7,
    )


def test_onto_across_and_off_furniture_costs_two_a_square() -> None:
    check_moves(
        """
        +-+-+-+-+-+
        |@ t t . .|
        +-+-+-+-+-+
        """,
        "02467",
        12,
    )


def test_closed_doors_stop_and_open_doors_let_through() -> None:
    check_moves(
        """
        +-+-+-+-+
        |@ .D. .|
        + +-+-+ +
        |. . .O.|
        +-+-+-+-+
        """,
        """
        0165
        1234
        """,
        12,
    )


def test_tall_furniture_shuts_the_only_way_round() -> None:
    check_moves(
        """
        +-+-+-+-+
        |@ .D. .|
        + +-+-+ +
        |. T .O.|
        +-+-+-+-+
        """,
        """
        01..
        1...
        """,
        12,
    )


def test_path_follows_the_cheapest_steps() -> None:
    d = draw(
        """
        +-+-+-+-+
        |@ t t .|
        + + + + +
        |. . . .|
        +-+-+-+-+
        """
    )
    reach = geo.reachable(d.layout, (0, 0), 12)
    assert reach.cost[(3, 0)] == 5  # over the table it would be 2 + 2 + 2
    assert reach.path((3, 0)) == [(0, 0), (0, 1), (1, 1), (2, 1), (3, 1), (3, 0)]


def test_movement_allowances() -> None:
    # Lines 78 and 164: the base Movement whatever the roll, never more than 12; line 381: plate mail -2.
    assert geo.hero_allowance(7, 2) == 7
    assert geo.hero_allowance(3, 5) == 5
    assert geo.hero_allowance(12, 2, bonus=5) == 12  # Potion of Dexterity, line 399
    assert geo.hero_allowance(6, 2, plate_mail=True) == 4
    assert geo.hero_allowance(3, 2, plate_mail=True) == 2
    assert geo.hero_allowance(7, 2, rule="sum") == 9
    assert geo.hero_allowance(11, 3, rule="sum") == 12
    # Line 611: a monster moves its minimum on a low roll, its maximum on a high one.
    assert geo.monster_allowance(1 + 1, 3, 10) == 3
    assert geo.monster_allowance(7, 3, 10) == 7
    assert geo.monster_allowance(12, 2, 6) == 6
    assert geo.monster_allowance(5, 2, 6, plate_mail=True) == 3


def test_jumping_a_trap_and_a_long_pit() -> None:
    # Line 140: enough squares for the trap and the space beyond.
    d = draw(
        """
        +-+-+-+-+-+
        |@ . . . .|
        + + + + + +
        |. . . . .|
        +-+-+-+-+-+
        """
    )
    assert geo.jump(d.layout, (0, 0), {(1, 0)}) == ((2, 0), 2)
    assert geo.jump(d.layout, (0, 0), {(1, 0), (2, 0)}) == ((3, 0), 3)
    assert geo.jump(d.layout, (1, 1), {(2, 1), (2, 0)}) == ((3, 1), 2)
    assert geo.jump(d.layout, (0, 0), {(1, 0)}, occupied={(2, 0)}) is None
    assert geo.jump(d.layout, (0, 1), {(0, 0)}) is None  # the wall behind the trap


# ---------------------------------------------------------------------------------------------------
# Attacks: line 122 (not through a doorway on a 45-degree diagonal), lines 361 and 367 (diagonal weapons)


def test_attacks_round_a_doorway() -> None:
    d = draw(
        """
        +-+-+-+-+-+
        |. . @ . .|
        +-+-+O+-+-+
        |. . . . .|
        + + + + + +
        |. . . . .|
        + + + + + +
        |. . . . .|
        +-+-+-+-+-+
        """
    )
    lay = d.layout
    assert geo.can_attack_close(lay, (2, 0), (2, 1))
    assert not geo.can_attack_close(lay, (2, 0), (1, 1), diagonal_weapon=True)
    assert not geo.can_attack_close(lay, (2, 0), (3, 1), diagonal_weapon=True)
    assert geo.can_attack_close(lay, (1, 2), (2, 3), diagonal_weapon=True)
    assert not geo.can_attack_close(lay, (1, 2), (2, 3))
    assert not geo.can_attack_close(lay, (1, 0), (1, 1))
    assert geo.can_target(lay, (2, 0), (3, 3))  # steep: more along than across the door's face
    assert not geo.can_target(lay, (2, 0), (4, 2))  # exactly 45 degrees
    assert geo.line_of_sight(lay, (2, 0), (4, 2))


def test_low_furniture_costs_a_die_and_doors_to_open() -> None:
    d = draw(
        """
        +-+-+-+
        |@ tD.|
        + +O+ +
        |. . .|
        +-+-+-+
        """
    )
    assert geo.furniture_penalty(d.layout, (1, 0)) == 1
    assert geo.furniture_penalty(d.layout, (0, 0)) == 0
    assert [door.at for door in geo.openable_doors(d.layout, (1, 0))] == [((1, 0), (2, 0))]
    opened = d.layout.with_door(geo.openable_doors(d.layout, (1, 0))[0].id, "open")
    assert geo.step_cost(opened, (1, 0), (2, 0)) == 2
    assert geo.step_cost(d.layout, (1, 0), (2, 0)) is None
