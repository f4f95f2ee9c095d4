"""The HeroQuest board: a grid of rooms, corridor segments and rock, walls on edges, doors and furniture.

Coordinates: a square is `(x, y)`, `x` the column counted from 0 at the left, `y` the row counted from 0 at
the top; the standard board is 26 x 19, so x runs 0-25 and y 0-18. An `Edge` is the side two orthogonally
adjacent squares share, written as the sorted pair of them; one of the two may lie off the board (an exit
door in the outer wall).

Walls are not listed square by square: every square belongs to an area (a room with an id, a corridor
segment with an id, or rock), and an edge is a wall when its two squares are in different areas, unless
both are corridor; the outer edge of the board is a wall; a board file may add walls of its own. A door
sits on an edge: closed or secret, it is a wall to movement and sight; open, it is not.

`standard_board()` loads `data/boards/standard.toml`, the printed board's geometry: a corridor round the
edge, passages to a central block, 21 rooms and the central room. `Layout` is a board with what a quest put
on it that movement and sight care about (doors, furniture, stairs, blocked squares); the quest model
builds it. The file format is in docs/formats/quest.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Annotated, Any, Literal, TypeAlias

from pydantic import BeforeValidator, Field, model_validator

from grognard.engine.content import ContentModel, LocatedValueError, load_model, package_file
from grognard.engine.errors import ContentError, UsageError
from grognard.i18n import gettext as _

Square: TypeAlias = tuple[int, int]
"""A square `(x, y)`: column from the left, row from the top, both from 0."""

Edge: TypeAlias = tuple[Square, Square]
"""The side two orthogonally adjacent squares share: the pair, sorted."""

AreaKind: TypeAlias = Literal["room", "corridor", "rock"]
"""What an area of the board is: a room, a corridor segment, or solid rock no one enters."""

DoorState: TypeAlias = Literal["closed", "open", "secret"]
"""A door's state: closed and secret doors are walls until opened (a secret one must first be found)."""

Height: TypeAlias = Literal["low", "tall"]
"""Low furniture may be climbed (two moves a square, one die less, line 144); tall furniture may not."""

DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The four directions a figure moves in (line 76): up, right, down, left."""


def _pair(value: Any) -> Any:
    """TOML arrays arrive as lists; squares and edges are tuples."""
    if isinstance(value, list):
        return tuple(_pair(v) for v in value)
    return value


SquareField = Annotated[tuple[int, int], BeforeValidator(_pair)]
"""A square as written in a file: `[x, y]`."""

EdgeField = Annotated[tuple[tuple[int, int], tuple[int, int]], BeforeValidator(_pair)]
"""An edge as written in a file: `[[x1, y1], [x2, y2]]`, two orthogonally adjacent squares."""


def edge(a: Square, b: Square) -> Edge:
    """The edge between two orthogonally adjacent squares; a `UsageError` for any other pair."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise UsageError(
            _("squares {a} and {b} are not side by side, so no edge lies between them").format(a=a, b=b)
        )
    return (a, b) if a < b else (b, a)


def neighbours(square: Square) -> Iterator[Square]:
    """The four squares beside `square` (on the board or not), in the order of `DIRECTIONS`."""
    x, y = square
    for dx, dy in DIRECTIONS:
        yield (x + dx, y + dy)


# ---------------------------------------------------------------------------------------------------
# Furniture


@dataclass(frozen=True)
class FurnitureKind:
    """A kind of furniture: its footprint when not turned (width x depth) and whether it is low or tall."""

    name: str
    size: tuple[int, int]
    height: Height
    holds_treasure: bool = False


FURNITURE_KINDS: dict[str, FurnitureKind] = {
    k.name: k
    for k in (
        FurnitureKind("table", (3, 2), "low"),
        FurnitureKind("sorcerers-table", (3, 2), "low"),
        FurnitureKind("alchemists-bench", (3, 2), "low", holds_treasure=True),
        FurnitureKind("tomb", (3, 2), "low", holds_treasure=True),
        FurnitureKind("torture-rack", (3, 2), "low"),
        FurnitureKind("chest", (1, 1), "low", holds_treasure=True),
        FurnitureKind("bookcase", (3, 1), "tall", holds_treasure=True),
        FurnitureKind("cupboard", (3, 1), "tall", holds_treasure=True),
        FurnitureKind("weapons-rack", (3, 1), "tall", holds_treasure=True),
        FurnitureKind("fireplace", (3, 1), "tall"),
        FurnitureKind("throne", (1, 1), "tall"),
    )
}
"""Every furniture kind we know (our ruling on low and tall is in docs/rulings/heroquest.md)."""


@dataclass(frozen=True)
class Furniture:
    """A piece of furniture on the board: its id, kind, top-left square and size (turned or not)."""

    id: str
    kind: str
    at: Square
    size: tuple[int, int]
    height: Height

    @property
    def squares(self) -> frozenset[Square]:
        """Every square the piece covers."""
        x, y = self.at
        return frozenset((x + i, y + j) for i in range(self.size[0]) for j in range(self.size[1]))

    @classmethod
    def of_kind(cls, id: str, kind: str, at: Square, turned: bool = False) -> Furniture:
        """A piece of a known kind placed with its top-left square at `at`, turned a quarter or not."""
        if kind not in FURNITURE_KINDS:
            raise UsageError(
                _("no furniture kind {kind!r}; known: {value}").format(
                    kind=kind, value=", ".join(FURNITURE_KINDS)
                )
            )
        k = FURNITURE_KINDS[kind]
        size = (k.size[1], k.size[0]) if turned else k.size
        return cls(id, kind, at, size, k.height)


# ---------------------------------------------------------------------------------------------------
# The board file


class Area(ContentModel):
    """One area of a board file's legend: its id, kind, and the name it is shown with."""

    id: str = Field(min_length=1)
    kind: AreaKind
    name: str = ""


class Door(ContentModel):
    """A door on an edge: its id, state, and whether it is an exit door (which may lie in the outer wall)."""

    id: str = Field(min_length=1)
    at: EdgeField
    state: DoorState = "closed"
    exit: bool = False

    @model_validator(mode="after")
    def _adjacent(self) -> Door:
        a, b = self.at
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise LocatedValueError(("at",), _("squares {a} and {b} are not side by side").format(a=a, b=b))
        return self

    @property
    def edge(self) -> Edge:
        """The edge the door is on."""
        return edge(*self.at)


class BoardFile(ContentModel):
    """A board file: the grid drawn one character a square, the legend naming each character's area."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    text: str = ""
    width: int = Field(ge=1, le=100)
    height: int = Field(ge=1, le=100)
    grid: list[str]
    legend: dict[str, Area]
    walls: list[EdgeField] = Field(default_factory=list)
    doors: list[Door] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> BoardFile:
        if len(self.grid) != self.height:
            raise LocatedValueError(
                ("grid",),
                _("expected {rows} rows, found {found}").format(rows=self.height, found=len(self.grid)),
            )
        for y, row in enumerate(self.grid):
            if len(row) != self.width:
                raise LocatedValueError(
                    ("grid", y),
                    _("expected {width} squares, found {found}").format(width=self.width, found=len(row)),
                )
            for x, char in enumerate(row):
                if char not in self.legend:
                    raise LocatedValueError(
                        ("grid", y),
                        _("square ({x}, {y}): {char} is not in the legend").format(x=x, y=y, char=repr(char)),
                    )
        ids: set[str] = set()
        for char, area in self.legend.items():
            if len(char) != 1:
                raise LocatedValueError(("legend", char), _("a legend key is one character"))
            if area.id in ids:
                raise LocatedValueError(
                    ("legend", char, "id"), _("area id {id} is used twice").format(id=repr(area.id))
                )
            ids.add(area.id)
        for i, (a, b) in enumerate(self.walls):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise LocatedValueError(
                    ("walls", i), _("squares {a} and {b} are not side by side").format(a=a, b=b)
                )
        return self


@dataclass(frozen=True, eq=False)
class Board:
    """A board: its areas, which area each square is in, and the extra walls and doors its file drew."""

    id: str
    name: str
    width: int
    height: int
    areas: Mapping[str, Area]
    area_at: Mapping[Square, str]
    extra_walls: frozenset[Edge] = frozenset()
    doors: tuple[Door, ...] = ()
    text: str = ""

    @classmethod
    def from_file(cls, data: BoardFile, source: str = "board") -> Board:
        """The board a validated board file describes; a door off the board is a `ContentError`."""
        area_at = {(x, y): data.legend[ch].id for y, row in enumerate(data.grid) for x, ch in enumerate(row)}
        board = cls(
            data.id,
            data.name,
            data.width,
            data.height,
            {a.id: a for a in data.legend.values()},
            area_at,
            frozenset(edge(a, b) for a, b in data.walls),
        )
        for i, door in enumerate(data.doors):
            problem = board.door_problem(door)
            if problem:
                raise ContentError(source, f"doors[{i}].at", problem)
        return replace(board, doors=tuple(data.doors), text=data.text)

    def on_board(self, square: Square) -> bool:
        """True when `square` lies on the grid."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def area(self, square: Square) -> Area | None:
        """The area of `square`, or None off the board."""
        found = self.area_at.get(square)
        return None if found is None else self.areas[found]

    def is_floor(self, square: Square) -> bool:
        """True for a square of a room or corridor (not rock, not off the board)."""
        area = self.area(square)
        return area is not None and area.kind != "rock"

    def room_of(self, square: Square) -> str | None:
        """The id of the room `square` is in; None in a corridor, in rock or off the board."""
        area = self.area(square)
        return area.id if area is not None and area.kind == "room" else None

    @cached_property
    def _by_area(self) -> dict[str, frozenset[Square]]:
        found: dict[str, set[Square]] = {}
        for square, area in self.area_at.items():
            found.setdefault(area, set()).add(square)
        return {k: frozenset(v) for k, v in found.items()}

    def squares_of(self, area_id: str) -> frozenset[Square]:
        """Every square of the area `area_id`; a `UsageError` naming the areas for an unknown id."""
        if area_id not in self.areas:
            raise UsageError(_("board {id} has no area {area_id!r}").format(id=self.id, area_id=area_id))
        return self._by_area.get(area_id, frozenset())

    def rooms(self) -> list[str]:
        """The ids of the rooms, in legend order."""
        return [a.id for a in self.areas.values() if a.kind == "room"]

    def corridors(self) -> list[str]:
        """The ids of the corridor segments, in legend order."""
        return [a.id for a in self.areas.values() if a.kind == "corridor"]

    def floor(self) -> Iterator[Square]:
        """Every room and corridor square, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                if self.is_floor((x, y)):
                    yield (x, y)

    @cached_property
    def _walls(self) -> dict[Edge, bool]:
        return {}

    def is_wall(self, a: Square, b: Square) -> bool:
        """True when a wall stands between the side-by-side squares `a` and `b` (doors aside)."""
        e = edge(a, b)
        found = self._walls.get(e)
        if found is None:
            found = self._walls[e] = self._wall_on(e)
        return found

    def _wall_on(self, e: Edge) -> bool:
        a, b = e
        if e in self.extra_walls:
            return True
        first, second = self.area(a), self.area(b)
        if first is None or second is None or first.kind == "rock" or second.kind == "rock":
            return True
        if first.id == second.id:
            return False
        return not (first.kind == "corridor" and second.kind == "corridor")

    def door_problem(self, door: Door) -> str | None:
        """Why `door` cannot stand where it is, or None: a door needs a wall, and floor on one side."""
        a, b = door.at
        if not (self.is_floor(a) or self.is_floor(b)):
            return _("door {door_id!r} at {a}-{b} has no room or corridor on either side").format(
                door_id=door.id, a=a, b=b
            )
        if not (self.on_board(a) and self.on_board(b)) and not door.exit:
            return _("door {door_id!r} at {a}-{b} opens off the board; only an exit door may").format(
                door_id=door.id, a=a, b=b
            )
        if not self.is_wall(a, b):
            return _("door {door_id!r} at {a}-{b} is not in a wall").format(door_id=door.id, a=a, b=b)
        return None

    def render(self) -> list[str]:
        """The grid drawn back one character a square: room ids' first letters, '.' corridor, '#' rock."""
        out = []
        for y in range(self.height):
            row = ""
            for x in range(self.width):
                area = self.area((x, y))
                if area is None or area.kind == "rock":
                    row += "#"
                else:
                    row += "." if area.kind == "corridor" else area.id[0]
            out.append(row)
        return out


def load_board(source: Any) -> Board:
    """A board file (a path or package resource) loaded and checked; a bad file is a `ContentError`."""
    data = load_model(source, BoardFile)
    return Board.from_file(data, str(source))


@cache
def standard_board() -> Board:
    """The standard 26 x 19 board, from `data/boards/standard.toml`."""
    return load_board(package_file("grognard.systems.heroquest", "data/boards/standard.toml"))


# ---------------------------------------------------------------------------------------------------
# The layout: a board with what is placed on it


@dataclass(frozen=True, eq=False)
class Layout:
    """A board with the doors, furniture, stairs and blocked squares that movement and sight care about.

    Doors here replace none of the board's own: both are on the layout. `with_door` gives the layout
    after a door changes state. Figures are not part of a layout: geometry takes them separately.
    """

    board: Board
    doors: tuple[Door, ...] = ()
    furniture: tuple[Furniture, ...] = ()
    stairs: frozenset[Square] = frozenset()
    blocked: frozenset[Square] = frozenset()

    @cached_property
    def door_at(self) -> dict[Edge, Door]:
        """Every door by its edge (the board's own and the placed ones)."""
        return {d.edge: d for d in (*self.board.doors, *self.doors)}

    @cached_property
    def door_by_id(self) -> dict[str, Door]:
        """Every door by its id."""
        return {d.id: d for d in (*self.board.doors, *self.doors)}

    @cached_property
    def low(self) -> frozenset[Square]:
        """The squares covered by low furniture."""
        return frozenset(s for f in self.furniture if f.height == "low" for s in f.squares)

    @cached_property
    def tall(self) -> frozenset[Square]:
        """The squares covered by tall furniture."""
        return frozenset(s for f in self.furniture if f.height == "tall" for s in f.squares)

    @cached_property
    def furniture_at(self) -> dict[Square, Furniture]:
        """Which piece of furniture covers each covered square."""
        return {s: f for f in self.furniture for s in f.squares}

    def door(self, a: Square, b: Square) -> Door | None:
        """The door between side-by-side squares `a` and `b`, if any."""
        return self.door_at.get(edge(a, b))

    @cached_property
    def _open(self) -> dict[tuple[Square, Square], bool]:
        return {}

    def open_between(self, a: Square, b: Square) -> bool:
        """True when nothing on the edge stops a figure or a look: no wall, or an open door in it."""
        found = self._open.get((a, b))
        if found is None:
            door = self.door(a, b)
            found = door.state == "open" if door is not None else not self.board.is_wall(a, b)
            self._open[(a, b)] = found
        return found

    @cached_property
    def links(self) -> dict[Square, tuple[tuple[Square, Door | None], ...]]:
        """For each square a figure may stand on, the squares beside it a figure may step to unless a
        door stops it: through no wall (None), or through a door in the wall (that door)."""
        found: dict[Square, tuple[tuple[Square, Door | None], ...]] = {}
        for square in self.board.floor():
            if self.solid(square):
                continue
            ways: list[tuple[Square, Door | None]] = []
            for there in neighbours(square):
                if self.solid(there):
                    continue
                door = self.door(square, there)
                if door is not None or not self.board.is_wall(square, there):
                    ways.append((there, door))
            found[square] = tuple(ways)
        return found

    @cached_property
    def _solid(self) -> dict[Square, bool]:
        return {}

    def solid(self, square: Square) -> bool:
        """True for a square no figure enters and no look passes: rock, off the board, tall furniture,
        a blocked square."""
        found = self._solid.get(square)
        if found is None:
            found = not self.board.is_floor(square) or square in self.tall or square in self.blocked
            self._solid[square] = found
        return found

    def with_door(self, door_id: str, state: DoorState) -> Layout:
        """The layout after door `door_id` takes `state`; a `UsageError` for an unknown door."""
        if door_id not in self.door_by_id:
            raise UsageError(
                _("no door {door_id!r}; doors: {value}").format(
                    door_id=door_id, value=", ".join(sorted(self.door_by_id))
                )
            )

        def change(doors: tuple[Door, ...]) -> tuple[Door, ...]:
            return tuple(d.model_copy(update={"state": state}) if d.id == door_id else d for d in doors)

        if any(d.id == door_id for d in self.board.doors):
            return replace(self, board=replace(self.board, doors=change(self.board.doors)))
        return replace(self, doors=change(self.doors))

    def with_blocked(self, squares: Iterable[Square]) -> Layout:
        """The layout with more squares blocked (a fallen rock trap, line 134)."""
        return replace(self, blocked=self.blocked | frozenset(squares))


def check_free(layout: Layout, squares: Iterable[Square], what: str) -> list[str]:
    """Problems with placing `what` on `squares`: off the floor, or on tall furniture or blocked squares."""
    problems = []
    for s in squares:
        if not layout.board.is_floor(s):
            problems.append(
                _("{what} at {square} is not on a room or corridor square").format(what=what, square=s)
            )
        elif s in layout.tall or s in layout.blocked:
            problems.append(
                _("{what} at {square} is on a square taken by tall furniture or rock").format(
                    what=what, square=s
                )
            )
    return problems
