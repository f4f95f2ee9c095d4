"""Import of HeroScribe quest files (the XML of the HeroScribe quest editor) into grognard quests.

A HeroScribe file holds a `quest` (name, how many boards wide and deep) with one `board` per board
(`dark` rectangles and `object`s, each an id, a `left`/`top` square counted from 1, and a rotation),
and `note`/`speech` text. It draws no walls: it places objects on the standard board, whose walls and
rooms ours agree with. So the import keeps our standard board (`board.standard_board`) and places the
objects on it through `OBJECTS`, our table from HeroScribe ids to our furniture, monsters, traps, doors
and marks. A piece drawn off the grid (a fireplace at 2.5) is placed at the whole square nearest that
fits its room; a room number is a label and is left out; a letter is a note on the square under it.

The quest packs' pieces (ogres, mercenaries, swinging axes, stalactites, icy ground, ...) are mapped to
the rulebook's own or to the nearest it has, and a piece with no rule at all is left as a mark named in
the report (`_expansion_objects`). The heroes start on the stairs, where `--start` says, by the `DoorIn`
(the four free squares nearest it), on the hero figures, on the squares or in the room a note names, or
by a door out.

Nothing is dropped silently: a door whose edge is not a wall on our board, furniture that does not fit,
a second board: each becomes an `Unmapped` line in the result, with the reason. A quest that cannot be
played is refused (`ContentError`) with what is missing: pieces we have no equivalent for, fewer than
four start squares, a goal met before the heroes act. The goal, the wandering monster and the start are
read from the quest's words where they can be (`heroscribe_notes`), or set from `--goal`; else the goal
is every monster slain and the heroes back out by the stairs. The XML is parsed with defusedxml (no
entities, no external fetches); its size and its count of elements are checked before any work.
Mapping decisions: docs/rulings/heroquest.md.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from itertools import product
from typing import Any, Literal, TypeAlias
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from grognard.engine.content import load_data
from grognard.engine.errors import ContentError, UsageError
from grognard.i18n import N_, gettext, ngettext
from grognard.systems.heroquest.content.board import FURNITURE_KINDS, Board, Square, standard_board
from grognard.systems.heroquest.content.quest import Quest, QuestFile, check_quest, quest_problems
from grognard.systems.heroquest.content.words import said
from grognard.systems.heroquest.importer.heroscribe_goals import taken_squares
from grognard.systems.heroquest.importer.heroscribe_notes import goal_from_spec, read_notes
from grognard.systems.heroquest.rules.goals import met_at_start

Role: TypeAlias = Literal[
    "monster", "furniture", "trap", "door", "stairs", "blocked", "note", "hero", "label", "ice", "entrance"
]
"""What a HeroScribe object becomes ("label": a mark only for the reader, such as a room number, or a
piece with no rule of the rulebook, named in the report; "entrance": where the heroes come in)."""

Rotation: TypeAlias = Literal["downward", "rightward", "upward", "leftward"]
"""HeroScribe's four rotations; "downward" is the object as drawn in its list."""

MAX_BYTES = 1_000_000
"""The largest HeroScribe file read (the official quests are under 40 KB)."""

MAX_ELEMENTS = 2_000
"""The most elements a file may hold (a board has 494 squares; the official quests hold under 600)."""

PARTY = 4

_DOWN_STAIRS = re.compile(r"\b(?:another|the next) spiral stairway|\bfind the spiral stairway", re.I)
"""Words of a quest that goes on down a second stairway."""

_MARKED_START = re.compile(r"\bstart\b[^.]{0,80}\bmarked\s+[\"'“]?X\b", re.I)
"""Start squares a quest needs: one for each hero of a full party."""


@dataclass(frozen=True)
class Mapping:
    """How one HeroScribe object id is imported: its role, our name for it, and its size as drawn."""

    role: Role
    name: str = ""
    size: tuple[int, int] = (1, 1)
    state: str = "closed"
    level: int = 0
    noted: str = ""
    """For a piece mapped to the nearest rulebook equivalent or left as a mark: what the report says."""


def _objects() -> dict[str, Mapping]:
    table: dict[str, Mapping] = {
        "Goblin": Mapping("monster", "Goblin"),
        "Orc": Mapping("monster", "Orc"),
        "Fimir": Mapping("monster", "Fimir"),
        "Skeleton": Mapping("monster", "Skeleton"),
        "Zombie": Mapping("monster", "Zombie"),
        "Mummy": Mapping("monster", "Mummy"),
        "ChaosWarrior": Mapping("monster", "Chaos Warrior"),
        "Gargoyle": Mapping("monster", "Gargoyle"),
        "Ogre": Mapping("monster", "Ogre"),
        "Yeti": Mapping("monster", "Yeti"),
        "IceGremlin": Mapping("monster", "Ice Gremlin"),
        "PolarWarbear": Mapping("monster", "Polar Warbear"),
        "GiantWolf": Mapping("monster", "Giant Wolf"),
        "ElvenArcher": Mapping("monster", "Elven Archer"),
        "ElvenWarrior": Mapping("monster", "Elven Warrior"),
        "Table": Mapping("furniture", "table", (3, 2)),
        "SorcerersTable": Mapping("furniture", "sorcerers-table", (3, 2)),
        "AlchemistsBench": Mapping("furniture", "alchemists-bench", (3, 2)),
        "Rack": Mapping("furniture", "torture-rack", (2, 3)),
        "Tomb": Mapping("furniture", "tomb", (2, 3)),
        "Bookcase": Mapping("furniture", "bookcase", (3, 1)),
        "Cupboard": Mapping("furniture", "cupboard", (3, 1)),
        "Fireplace": Mapping("furniture", "fireplace", (3, 1)),
        "WeaponsRack": Mapping("furniture", "weapons-rack", (3, 1)),
        "Throne": Mapping("furniture", "throne"),
        "TreasureChest": Mapping("furniture", "chest"),
        "TreasureChestTrap": Mapping("furniture", "chest+trap"),
        "Stairway": Mapping("stairs", "stairs", (2, 2)),
        "PitTrap": Mapping("trap", "pit"),
        "SpearTrap": Mapping("trap", "spear"),
        "FallingRock": Mapping("trap", "falling-rock"),
        "Door": Mapping("door", "door", (1, 2)),
        "OpenDoor": Mapping("door", "door", (1, 2), "open"),
        "DoorOut": Mapping("door", "exit", (1, 2)),
        "SecretDoor": Mapping("door", "secret", (1, 1), "secret"),
        "SecretDoorAlternate": Mapping("door", "secret", (1, 1), "secret"),
        "SingleBlockedSquare": Mapping("blocked", "", (1, 1)),
        "DoubleBlockedSquare": Mapping("blocked", "", (2, 1)),
        "Barbarian": Mapping("hero"),
        "Dwarf": Mapping("hero"),
        "Elf": Mapping("hero"),
        "Wizard": Mapping("hero"),
        "Arrow": Mapping("label", "an arrow"),
        "Number1-2": Mapping("label", "a room number"),
        "Number2-12": Mapping("label", "a room number"),
    }
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        table[f"Letter{letter}"] = Mapping("note", letter)
    for number in range(1, 13):
        table[f"Number{number}"] = Mapping("label", "a room number")
    table |= _expansion_objects()
    return table


_PIECE_NAMES = {"OgreLord": "Ogre Lord", "FrozenHorror": "Frozen Horror"}
"""Pieces that are one named enemy of their quest pack: the monster placed for each takes the name."""

_MARK = N_("a mark for the game master: the rulebook has no rule for it, so it is not played")


def _expansion_objects() -> dict[str, Mapping]:
    """The pieces of the quest packs (Kellar's Keep, the Witch Lord, the Ogre Horde, the Wizards of Morcar,
    the Frozen Horror, the Mage of the Mirror), each mapped to the rulebook's monsters, mercenaries,
    traps, furniture and cold ground, or the nearest of them (docs/rulings/heroquest.md, "Pieces of the
    quest packs")."""
    ogre = N_("an ogre of level {level} (the rulebook's one ogre, lines 927-949, its rank given as a level)")
    table: dict[str, Mapping] = {
        # monsters and mercenaries as enemies (lines 927-1003)
        "OgreWarrior": Mapping("monster", "Ogre", level=6, noted=ogre),
        "OgreChampion": Mapping("monster", "Ogre", level=8, noted=ogre),
        "OgreChieftain": Mapping("monster", "Ogre", level=10, noted=ogre),
        "OgreLord": Mapping("monster", "Ogre", level=12, noted=ogre),
        "Crossbowman": Mapping("monster", "Crossbowman"),
        "Halberdier": Mapping("monster", "Halberdier"),
        "Scout": Mapping("monster", "Scout"),
        "Swordsman": Mapping("monster", "Swordsman"),
        "DarkWarrior": Mapping(
            "monster",
            "Chaos Warrior",
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a chaos warrior"),
        ),
        "DeathMist": Mapping(
            "monster",
            "Zombie",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, a zombie (its Pestilence)"
            ),
        ),
        "FrozenHorror": Mapping(
            "monster",
            "Polar Warbear",
            level=8,
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a polar warbear of level 8 (line 1017)"
            ),
        ),
        # traps (lines 128-142)
        "WanderingMonster": Mapping("trap", "wandering-monster"),
        "SwingingAxe": Mapping("trap", "swinging-axe"),
        "SwingingBladeTrap": Mapping(
            "trap",
            "swinging-axe",
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a swinging axe trap"),
        ),
        "Stalactite": Mapping("trap", "stalactite"),
        "LongPitTrap": Mapping("trap", "long-pit", (2, 1)),
        "DeepPitTrap": Mapping(
            "trap",
            "pit",
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a pit trap"),
        ),
        "DeepPitTrapAlternate": Mapping(
            "trap",
            "pit",
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a pit trap"),
        ),
        "TrapDoor": Mapping(
            "trap",
            "pit",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a pit trap (a hole in the floor)"
            ),
        ),
        "FireburstTrap": Mapping(
            "trap",
            "spear",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a spear trap (one die of harm)"
            ),
        ),
        "HurricaneTrap": Mapping(
            "trap",
            "spear",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a spear trap (one die of harm)"
            ),
        ),
        "StarBurst": Mapping(
            "trap",
            "spear",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a spear trap (one die of harm)"
            ),
        ),
        # doors
        "StoneDoorway": Mapping("door", "door", (1, 2), "open", noted=N_("a doorway: an open door")),
        "Portcullis": Mapping(
            "door",
            "door",
            (1, 2),
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a closed door"),
        ),
        "DoorTrap": Mapping(
            "door", "door+trap", (1, 2), noted=N_("a closed door with a spear trap before it")
        ),
        "DoubleArrowDoor": Mapping("door", "exit", (1, 2), noted=N_("a way in and out: an exit door")),
        # furniture
        "OgreThrone": Mapping("furniture", "throne"),
        "Coffin": Mapping(
            "furniture",
            "chest",
            noted=N_(
                "the rulebook has no such piece; played as its nearest equivalent, "
                "a chest on its first square (a low box)"
            ),
        ),
        "DwarvenForge": Mapping(
            "furniture",
            "fireplace",
            (3, 1),
            noted=N_("the rulebook has no such piece; played as its nearest equivalent, a fireplace"),
        ),
        "GiantStoneBoulder": Mapping("blocked", "", noted=N_("a boulder: a blocked square")),
        # cold ground (lines 443, 469, 473)
        "SlipperyIce1x1": Mapping("ice", "slippery", (1, 1)),
        "SlipperyIce2x1": Mapping("ice", "slippery", (2, 1)),
        "SlipperyIce3x1": Mapping("ice", "slippery", (3, 1)),
        "SlipperyIce2x3": Mapping("ice", "slippery", (2, 3)),
        "IceSlide": Mapping("ice", "slippery", (1, 8), noted=N_("an ice slide: slippery ice")),
        "IcyRiver1x3": Mapping("ice", "river", (1, 3)),
        "IcyRiver1x8": Mapping("ice", "river", (1, 8)),
        "IceVault2x3": Mapping("ice", "vault", (2, 3)),
        "IceVault3x4": Mapping("ice", "vault", (3, 4)),
        "IceLedge": Mapping("ice", "cold", (3, 5), noted=N_("an ice ledge: cold ground")),
        "IceCaveEntrance": Mapping("ice", "cold", (6, 5), noted=N_("an ice cave: cold ground")),
        "FrozenCryptRoom": Mapping("ice", "cold", (3, 5), noted=N_("a frozen crypt: cold ground")),
        "IceGremlinTreasureRoom": Mapping("ice", "cold", (3, 4), noted=N_("an ice cave: cold ground")),
    }
    marks = (
        "TeleportTrapA TeleportTrapB IceTunnelA IceTunnelB IceTunnelC CrystalKey Quicksand BottomlessChasm "
        "PitRoom ChaosRoom CloudOfChaos RevolvingRoom"
    )
    for hs_id in marks.split():
        table[hs_id] = Mapping("label", hs_id, noted=_MARK)
    tiles = (
        "BattleRoom CarpetRoom SunEyeRoom Surface ThroneRoom CageRoom LivingFogRoom ScepterRoom SeatOfPower "
        "InnerSanctum CliffCorridor Fog DarkArrow Dice Stairs LongStairway ShortStairway"
    )
    for hs_id in tiles.split():
        table[hs_id] = Mapping("label", N_("a room tile or mark drawn on the floor"))
    table["DoorIn"] = Mapping("entrance", "entrance", (1, 2))
    return table


OBJECTS: dict[str, Mapping] = _objects()
"""Our table from HeroScribe object ids to what they become in a grognard quest."""


@dataclass(frozen=True)
class Unmapped:
    """Something in the HeroScribe file the import could not place, and why."""

    element: str
    id: str
    where: str
    reason: str

    def __str__(self) -> str:
        if self.where:
            return gettext("{element} {id!r} at {where}: {reason}").format(
                element=self.element, id=self.id, where=self.where, reason=self.reason
            )
        return gettext("{element} {id!r}: {reason}").format(
            element=self.element, id=self.id, reason=self.reason
        )


@dataclass(frozen=True, eq=False)
class ImportResult:
    """The imported quest file, the quest checked on its board, the report of what was not placed, and
    what the import read or guessed (`guesses`: the goal, the start, pieces moved onto whole squares)."""

    file: QuestFile
    unmapped: list[Unmapped] = field(default_factory=list)
    guesses: list[str] = field(default_factory=list)

    def quest(self, board: Board | None = None) -> Quest:
        """The imported quest checked on `board` (default the standard board)."""
        return check_quest(self.file, board or standard_board(), "heroscribe import")


def _noted(hs_id: str, square: list[int], m: Mapping) -> str:
    """The report's line for a piece played as the nearest rulebook equivalent or left as a mark."""
    return gettext("{piece} at {square}: {noted}").format(
        piece=hs_id, square=square, noted=gettext(m.noted).format(level=m.level)
    )


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
    return slug[:60].strip("-") or "imported-quest"


def _rotated(size: tuple[int, int], rotation: str) -> tuple[int, int]:
    return size if rotation in ("downward", "upward") else (size[1], size[0])


def _secret_edge(board: Board, square: Square, rotation: str) -> tuple[Square, Square] | None:
    """A secret door's edge: the side of its square the rotation points to, else the opposite side,
    whichever is a wall on our board."""
    step = {"downward": (0, 1), "upward": (0, -1), "rightward": (1, 0), "leftward": (-1, 0)}[rotation]
    for sx, sy in (step, (-step[0], -step[1])):
        other = (square[0] + sx, square[1] + sy)
        if board.on_board(other) and board.is_wall(square, other):
            return (square, other)
    return None


class _Builder:
    """Gathers the quest's entries, one list per group, with what each came from."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.data: dict[str, Any] = {
            g: []
            for g in (
                "doors",
                "monsters",
                "furniture",
                "traps",
                "treasure",
                "notes",
                "blocked",
                "ice",
                "start",
            )
        }
        self.origin: dict[str, list[Unmapped]] = {g: [] for g in self.data}
        self.unmapped: list[Unmapped] = []
        self.unknown: Counter[str] = Counter()
        self.guesses: list[str] = []
        self.counts: dict[str, int] = {}
        self.stairs: list[Any] = []
        self.entrances: list[tuple[int, str, Square]] = []
        """Where the heroes may come in: (rank, the report's line for it, the square inside), the lowest
        rank first."""
        self.surface: list[Square] = []
        """Where a surface tile is drawn (the open air a quest may send the heroes to reach)."""

    def new_id(self, base: str) -> str:
        self.counts[base] = self.counts.get(base, 0) + 1
        return f"{base}-{self.counts[base]}"

    def add(self, group: str, entry: Any, origin: Unmapped) -> None:
        self.data[group].append(entry)
        self.origin[group].append(origin)

    def skip(self, origin: Unmapped, reason: str) -> None:
        self.unmapped.append(Unmapped(origin.element, origin.id, origin.where, reason))

    def fits(self, squares: list[Square]) -> bool:
        """True when every square is floor of one area of the board."""
        areas = {self.board.area_at.get(s) for s in squares}
        return len(areas) == 1 and all(self.board.is_floor(s) for s in squares)


def _coordinate(text: str | None, what: str, limit: int, before: int = 0) -> float:
    """A HeroScribe coordinate (counted from 1) as a 0-based number, within the board and a square of it
    (or `before` squares before it: a door drawn in the outer wall)."""
    try:
        value = float(text or "")
    except ValueError:
        raise ValueError(gettext("{what} {text!r} is not a number").format(what=what, text=text)) from None
    if not math.isfinite(value) or not -before <= value - 1 <= limit:
        raise ValueError(
            gettext("{what} {text!r} is off the board ({low} to {high})").format(
                what=what, text=text, low=1 - before, high=limit
            )
        )
    return value - 1


def _whole(value: float) -> list[int]:
    """The whole squares a coordinate may stand for: itself, or the nearer then the farther of the two."""
    if value.is_integer():
        return [int(value)]
    low = math.floor(value)
    return [low, low + 1] if value - low <= 0.5 else [low + 1, low]


def _place(b: _Builder, obj: Element) -> None:
    hs_id = obj.get("id", "")
    rotation = obj.get("rotation", "downward")
    origin = Unmapped("object", hs_id, f"left={obj.get('left')} top={obj.get('top')}", "")
    m = OBJECTS.get(hs_id)
    # a door in the outer wall is drawn half off the board: its coordinate may be one square before it
    edge = 1 if m is not None and m.role in ("door", "entrance") else 0
    try:
        fx = _coordinate(obj.get("left"), "left", b.board.width, edge)
        fy = _coordinate(obj.get("top"), "top", b.board.height, edge)
    except ValueError as exc:
        b.skip(origin, str(exc))
        return
    if rotation not in ("downward", "rightward", "upward", "leftward"):
        b.skip(
            origin,
            gettext("rotation {rotation!r} is not one HeroScribe writes").format(rotation=rotation[:40]),
        )
        return
    if m is None:
        b.unknown[hs_id[:40]] += 1
        b.skip(origin, gettext("no grognard equivalent for this HeroScribe object"))
        return
    if m.role == "label":
        if hs_id == "Surface":
            b.surface.append((math.floor(fx + 0.5), math.floor(fy + 0.5)))
        if m.noted:  # a piece with no rule: named in the report, never dropped silently
            square = [math.floor(fx + 0.5), math.floor(fy + 0.5)]
            b.guesses.append(_noted(hs_id, square, m))
        return  # a mark for the reader only (a room number, an arrow, a floor tile): nothing to play
    w, h = _rotated(m.size, rotation)
    if m.role == "note":
        at = (math.floor(fx + 0.5), math.floor(fy + 0.5))  # the square under its middle
    else:
        options = [(x, y) for x, y in product(_whole(fx), _whole(fy))]
        at = next(
            (o for o in options if b.fits([(o[0] + i, o[1] + j) for i in range(w) for j in range(h)])),
            options[0],
        )
        if not (fx.is_integer() and fy.is_integer()):
            b.guesses.append(
                gettext("{piece} drawn at left={left} top={top}: placed at {square}").format(
                    piece=hs_id, left=obj.get("left"), top=obj.get("top"), square=list(at)
                )
            )
    if m.noted:
        b.guesses.append(_noted(hs_id, list(at), m))
    _place_at(b, m, at, (w, h), rotation, Unmapped("object", hs_id, f"{list(at)}", ""))


def _place_at(
    b: _Builder, m: Mapping, at: Square, size: tuple[int, int], rotation: str, origin: Unmapped
) -> None:
    x, y = at
    w, h = size
    if m.role == "monster":
        entry: dict[str, Any] = {"id": b.new_id(_slug(m.name)), "monster": m.name, "at": [x, y]}
        if origin.id in _PIECE_NAMES:
            entry["name"] = _PIECE_NAMES[origin.id]
        if m.level:
            entry["level"] = m.level
        b.add("monsters", entry, origin)
    elif m.role == "furniture":
        kind = "chest" if m.name == "chest+trap" else m.name
        base = FURNITURE_KINDS[kind].size
        if (w, h) not in (base, (base[1], base[0])):
            b.skip(origin, gettext("size {w}x{h} does not fit a {kind}").format(w=w, h=h, kind=kind))
            return
        fid = b.new_id(kind)
        b.add("furniture", {"id": fid, "kind": kind, "at": [x, y], "turned": (w, h) != base}, origin)
        if m.name == "chest+trap":
            b.add("traps", {"id": b.new_id("chest-trap"), "kind": "chest", "furniture": fid}, origin)
    elif m.role == "trap":
        if origin.id == "TrapDoor":
            _entrance(b, 4, N_("the heroes come in by a trap door at {square}"), (x, y), (1, 1))
        trap: dict[str, Any] = {"id": b.new_id(m.name), "kind": m.name, "at": [x, y]}
        if (w, h) != m.size:
            trap["turned"] = True
        b.add("traps", trap, origin)
    elif m.role == "ice":
        b.add("ice", {"id": b.new_id(f"ice-{m.name}"), "kind": m.name, "at": [x, y], "size": [w, h]}, origin)
    elif m.role == "stairs":
        b.stairs.append(([x, y], origin))
    elif m.role == "blocked":
        for i in range(w):
            for j in range(h):
                b.add("blocked", [x + i, y + j], origin)
    elif m.role == "hero":
        b.add("start", [x, y], origin)
    elif m.role == "note":
        taken = {n["id"] for n in b.data["notes"]}
        b.add("notes", {"id": b.new_id(m.name) if m.name in taken else m.name, "at": [x, y]}, origin)
    elif m.role == "entrance":
        _entrance(b, 0, N_("the heroes come in by the door in at {square}"), (x, y), size)
    elif m.role == "door":
        _door(b, m, (x, y), (w, h), rotation, origin)


def _entrance(b: _Builder, rank: int, what: str, at: Square, size: tuple[int, int]) -> None:
    """Note a way the heroes may come in: the floor square of the piece (a door drawn on the outer wall
    has one on the board)."""
    x, y = at
    squares = [(x + i, y + j) for i in range(size[0]) for j in range(size[1])]
    inside = [s for s in squares if b.board.is_floor(s)]
    if inside:
        b.entrances.append((rank, what, inside[0]))


def _door(
    b: _Builder, m: Mapping, at: Square, size: tuple[int, int], rotation: str, origin: Unmapped
) -> None:
    x, y = at
    if m.name == "secret":
        found = _secret_edge(b.board, at, rotation)
        if found is None:
            b.skip(origin, gettext("no wall of our board beside this square for the secret door"))
            return
        a, c = found
    else:
        a, c = (x, y), ((x + 1, y) if size == (2, 1) else (x, y + 1))
    exit_door = m.name == "exit"
    if exit_door:  # a way in when the quest has no other: a door both ways first, then a door out
        _entrance(
            b,
            1 if origin.id == "DoubleArrowDoor" else 3,
            N_("the heroes come in by the exit door at {square}"),
            at,
            size,
        )
    if not exit_door and not (b.board.on_board(a) and b.board.on_board(c) and b.board.is_wall(a, c)):
        b.skip(origin, gettext("the edge {a}-{c} is not a wall on our board").format(a=list(a), c=list(c)))
        return
    if exit_door and not b.board.on_board(a):
        a, c = c, a  # an exit door names its square on the board first
    name = "door" if m.name == "door+trap" else m.name
    entry = {"id": b.new_id(name), "at": [list(a), list(c)], "state": m.state, "exit": exit_door}
    b.add("doors", entry, origin)
    if m.name == "door+trap":
        b.add("traps", {"id": b.new_id("door-trap"), "kind": "spear", "at": list(a)}, origin)


def _text(root: Element) -> str:
    parts = [(root.findtext("speech") or "").strip()]
    parts += [(n.text or "").strip() for n in root.findall("note")]
    return "\n\n".join(p for p in parts if p)


def _parse(xml: bytes | str, source: str) -> Element:
    """The file's root element, its size checked first; a file of another kind is named in the refusal."""
    size = len(xml)
    if size > MAX_BYTES:
        raise ContentError(
            source,
            "",
            gettext("{size:,} bytes: a HeroScribe file is at most {MAX_BYTES:,} bytes").format(
                size=size, MAX_BYTES=MAX_BYTES
            ),
        )
    head = xml[:200].decode("utf-8", "replace") if isinstance(xml, bytes) else xml[:200]
    if not head.lstrip().lstrip("\ufeff").startswith("<"):
        raise ContentError(
            source, "", gettext("not a HeroScribe quest: not an XML file (a quest .toml is played as it is)")
        )
    try:
        root: Element = fromstring(xml, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise ContentError(
            source,
            "",
            gettext(
                "not a HeroScribe quest: it declares XML entities, which HeroScribe files "
                "never do (a Project Aon book? those are imported with `grognard grey-star "
                "import`)"
            ),
        ) from None
    except (ParseError, ValueError, LookupError) as exc:
        raise ContentError(
            source,
            "",
            gettext("not a HeroScribe quest: not well-formed XML ({value})").format(value=str(exc)[:80]),
        ) from None
    if root.tag == "gamebook":
        raise ContentError(
            source,
            "gamebook",
            gettext("a Project Aon gamebook, not a HeroScribe quest: use `grognard grey-star import`"),
        )
    if root.tag != "quest":
        raise ContentError(
            source, root.tag[:40], gettext("not a HeroScribe quest: its root element is not <quest>")
        )
    return root


def _darks(b: _Builder, board_element: Element) -> list[dict[str, Any]]:
    """The dark rectangles, each checked against the board before it is kept (never listed square by
    square here)."""
    dark: list[dict[str, Any]] = []
    for d in board_element.findall("dark"):
        origin = Unmapped("dark", "", f"left={d.get('left')} top={d.get('top')}", "")
        try:
            left = _coordinate(d.get("left"), "left", b.board.width)
            top = _coordinate(d.get("top"), "top", b.board.height)
            width = _coordinate(d.get("width"), "width", b.board.width + 1) + 1
            height = _coordinate(d.get("height"), "height", b.board.height + 1) + 1
        except ValueError as exc:
            b.skip(origin, str(exc))
            continue
        if not all(v.is_integer() for v in (left, top, width, height)) or width < 1 or height < 1:
            b.skip(origin, gettext("a dark area covers whole squares"))
            continue
        if left + width > b.board.width or top + height > b.board.height:
            b.skip(
                origin,
                gettext("the dark area {w}x{h} runs off the board").format(w=int(width), h=int(height)),
            )
            continue
        dark.append({"at": [int(left), int(top)], "size": [int(width), int(height)]})
    return dark


def import_heroscribe(
    xml: bytes | str, source: str = "heroscribe", goal: str | None = None, start: str | None = None
) -> ImportResult:
    """A HeroScribe quest file's text as a grognard quest on the standard board, with the report; `goal`
    is a `--goal` spec (`heroscribe_notes.goal_from_spec`), else the goal is read from the notes or set
    to every monster slain and the heroes out by the stairs; `start` is a `--start` spec (a note letter
    or a square `x,y`: the heroes start on the free squares nearest it), else they start by the `DoorIn`,
    on the hero figures, in the room the notes name or on the stairs.

    A file that is not a HeroScribe quest, or a quest that cannot be played (see the module doc), is a
    `ContentError`; a bad `goal` a `UsageError`.
    """
    root = _parse(xml, source)
    boards = root.findall("board")
    if not boards:
        raise ContentError(source, "quest", gettext("not a HeroScribe quest: no <board> in the file"))
    count = len(root) + sum(len(bd) for bd in boards)
    if count > MAX_ELEMENTS:
        raise ContentError(
            source,
            "board",
            gettext("{count:,} elements: a HeroScribe quest holds at most {MAX_ELEMENTS:,}").format(
                count=count, MAX_ELEMENTS=MAX_ELEMENTS
            ),
        )
    b = _Builder(standard_board())
    for extra, _ in enumerate(boards[1:], start=2):
        b.skip(Unmapped("board", str(extra), "", ""), gettext("only the first board of a quest is imported"))
    dark = _darks(b, boards[0])
    for obj in boards[0].findall("object"):
        _place(b, obj)
    for other in root:
        if other.tag not in ("board", "note", "speech", "bridge"):
            b.skip(
                Unmapped(str(other.tag)[:40], "", "", ""), gettext("not part of the HeroScribe quest format")
            )
        if other.tag == "bridge":
            b.skip(Unmapped("bridge", "", "", ""), gettext("bridges join boards; only one board is imported"))
    if b.unknown:
        pieces = ", ".join(f"{k} x{n}" if n > 1 else k for k, n in sorted(b.unknown.items()))
        raise ContentError(
            source,
            "board",
            gettext("cannot be played: pieces grognard has no equivalent for: {pieces}").format(
                pieces=pieces[:400]
            ),
        )
    title = (root.get("name", "").strip() or "Imported quest")[:200]
    data: dict[str, Any] = {"id": _slug(title), "title": title, "text": _text(root), "dark": dark}
    data |= {k: v for k, v in b.data.items() if v}
    if len(b.stairs) > 1 and "start" not in data and _DOWN_STAIRS.search(root.findtext("speech") or ""):
        # "search for another spiral stairway": in by the first, out by the second
        (x, y), _ = b.stairs.pop(0)
        data["start"] = [[x + i, y + j] for j in (0, 1) for i in (0, 1)]
        b.guesses.append(
            gettext("two stairways: the heroes start on the one at {square}, the other is the way on").format(
                square=[x, y]
            )
        )
    if b.stairs:
        data["stairs"] = b.stairs[0][0]
        for _, origin in b.stairs[1:]:
            b.skip(origin, gettext("a quest has one stairway; the first is kept"))
        if 0 < len(data.get("start", [])) < PARTY:
            markers = len(data.pop("start"))
            too_few = ngettext(  # English says "1 hero markers", as it always has
                "{count} hero markers, too few for a party: the heroes start on the stairs",
                "{count} hero markers, too few for a party: the heroes start on the stairs",
                markers,
            )
            b.guesses.append(too_few.format(count=markers))
            b.origin["start"] = []
    speech = (root.findtext("speech") or "").strip()
    notes = [(n.text or "").strip() for n in root.findall("note")]
    at_letter = {n["id"]: n["at"] for n in data.get("notes", []) if n.get("at") is not None}
    if start is not None:
        data["start"] = _near_squares(b, data, _start_square(start, at_letter))
        b.origin["start"] = []
        b.guesses.append(gettext("the heroes start near {where} (--start)").format(where=start.strip()[:20]))
    elif "start" not in data and "stairs" not in data:
        _marked_start(b, data, notes)
    if "start" not in data and "stairs" not in data and b.entrances:
        _, what, square = min(b.entrances)
        data["start"] = _near_squares(b, data, square)
        b.guesses.append(gettext(what).format(square=list(square)))
    read = read_notes(speech, notes, data, at_letter)
    b.guesses += read.guesses
    if read.start_letter and "start" not in data:
        data["start"] = _room_squares(b, data, at_letter[read.start_letter])
    data["wandering"] = {"monster": read.wandering or "Orc"}
    if not read.wandering:
        b.guesses.append(
            gettext("wandering monster: none named in the notes, {monster} set").format(monster=said("Orc"))
        )
    starts = len(data.get("start", [])) or (PARTY if data.get("stairs") is not None else 0)
    if starts < PARTY:
        raise ContentError(source, "start", _too_few(starts))
    data["goal"] = {"kind": "slay-all"}  # for now: the placements are settled first, then the goal set
    _pad(b, data, "notes")
    _settle(data, b, source)
    kept = {m["id"] for m in data.get("monsters", [])}
    if read.goal.get("kind") == "kill" and read.goal["target"] not in kept:
        b.guesses.append(
            gettext("the enemy named in the notes ({target}) was not placed: goal not set from it").format(
                target=read.goal["target"]
            )
        )
        read.goal = {}
    if goal is not None:
        data["goal"] = goal_from_spec(goal, data, notes, at_letter, b.board)
    elif read.goal:
        data["goal"] = read.goal
        data["treasure"] = data.get("treasure", []) + read.treasure
        b.origin["treasure"] += [Unmapped("note", t["id"], "", "") for t in read.treasure]
    elif (room := _surface_room(b, data, speech)) is not None:
        data["goal"] = {"kind": "reach", "target": room, "text": N_("Escape: reach the surface.")}
        b.guesses.append(
            gettext("goal: reach the surface (room {room}, under the surface tile), from the speech").format(
                room=room
            )
        )
    elif _through(data):
        data["goal"] = {"kind": "reach-exit", "text": N_("Make your way through, and out by the door out.")}
        b.guesses.append(
            gettext("goal: reach the door out, from the map (the heroes come in by a door, not the stairs)")
        )
    else:
        way_out = data.get("stairs") is not None or any(d["exit"] for d in data.get("doors", []))
        data["goal"] = {"kind": "slay-all", "exit": way_out, "text": N_("Slay every monster.")}
        if way_out:
            data["goal"]["text"] = N_("Slay every monster, then leave by the stairs.")
            b.guesses.append(
                gettext(
                    "goal: nothing in the notes; every monster slain, then out by the stairs "
                    "(--goal to set one)"
                )
            )
        else:
            b.guesses.append(gettext("goal: nothing in the notes; every monster slain (--goal to set one)"))
    _in_furniture(data)
    _pad(b, data, "goal")
    if not data.get("treasure"):
        data.pop("treasure", None)
    result = _settle(data, b, source)
    _refuse_unplayable(result, source)
    return result


def _surface_room(b: _Builder, data: dict[str, Any], speech: str) -> str | None:
    """The room under a surface tile, when the speech sends the heroes there ("reach the surface") and
    they do not start in it; else None."""
    if not re.search(r"\b(?:reach|escape to|get to) the surface\b", speech, re.I):
        return None
    starts = {b.board.room_of((s[0], s[1])) for s in data.get("start", [])}
    if data.get("stairs") is not None:
        x, y = data["stairs"]
        starts.add(b.board.room_of((x, y)))
    rooms = [b.board.room_of(s) for s in b.surface]
    return next((r for r in rooms if r is not None and r not in starts), None)


def _through(data: dict[str, Any]) -> bool:
    """True for a quest the heroes pass through: they come in away from the stairs and a door leads out."""
    exits = [d for d in data.get("doors", []) if d["exit"]]
    start = {(s[0], s[1]) for s in data.get("start", [])}
    if not exits or not start:
        return False
    near = {(d["at"][0][0], d["at"][0][1]) for d in exits}
    return not any(abs(x - a) + abs(y - c) <= 2 for x, y in start for a, c in near)


def _pad(b: _Builder, data: dict[str, Any], why: str) -> None:
    """Give every entry added after the objects were read (start squares, the goal's treasure or
    prisoner) an origin for the report."""
    for group in b.origin:
        while len(b.origin[group]) < len(data.get(group, [])):
            b.origin[group].append(Unmapped(why, group, "", ""))


def _room_squares(b: _Builder, data: dict[str, Any], at: list[int]) -> list[list[int]]:
    """The free floor squares of the area that square `at` lies in (where the heroes start)."""
    area = b.board.area_at.get((at[0], at[1]))
    if area is None:
        return []
    taken = taken_squares(data)
    return [list(s) for s in sorted(b.board.squares_of(area), key=lambda s: (s[1], s[0])) if s not in taken]


def _marked_start(b: _Builder, data: dict[str, Any], notes: list[str]) -> None:
    """Start on the squares marked X when a note says the heroes start on them."""
    marked = [n["at"] for n in data.get("notes", []) if n["id"].rstrip("-0123456789") == "X" and "at" in n]
    if marked and any(_MARKED_START.search(n) for n in notes):
        free = [s for s in marked if (s[0], s[1]) not in taken_squares(data)]
        start = free if len(free) >= PARTY else _near_squares(b, data, (marked[0][0], marked[0][1]))
        data["start"] = start
        b.guesses.append(
            gettext("the heroes start on the squares marked X, from the notes: {squares}").format(
                squares=start
            )
        )


def _near_squares(b: _Builder, data: dict[str, Any], origin: Square) -> list[list[int]]:
    """The `PARTY` free floor squares nearest `origin`, walking from it through no wall (where the
    heroes start when they come in by a door or `--start` names a place)."""
    taken = taken_squares(data)
    found: list[list[int]] = []
    queue, seen = [origin], {origin}
    while queue and len(found) < PARTY:
        square = queue.pop(0)
        if square not in taken:
            found.append(list(square))
        x, y = square
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in seen or not b.board.is_floor(nxt) or b.board.is_wall(square, nxt):
                continue
            seen.add(nxt)
            queue.append(nxt)
    return found


def _start_square(spec: str, at_letter: dict[str, Any]) -> Square:
    """The square `--start` names: a note letter on the map or `x,y` counted from 0; a `UsageError`."""
    text = spec.strip()
    if text in at_letter:
        return (int(at_letter[text][0]), int(at_letter[text][1]))
    m = re.fullmatch(r"(\d{1,3})\s*,\s*(\d{1,3})", text)
    if m is None or not standard_board().is_floor((int(m[1]), int(m[2]))):
        letters = ", ".join(sorted(at_letter)) or "none"
        raise UsageError(
            gettext(
                "--start {text!r}: give a note letter on the map ({letters}) or a floor square x,y"
            ).format(text=text[:40], letters=letters)
        )
    return (int(m[1]), int(m[2]))


def _in_furniture(data: dict[str, Any]) -> None:
    """Treasure placed on a square of a piece of furniture is put in the piece (searched there)."""
    for t in data.get("treasure", []):
        if t.get("at") is None:
            continue
        for f in data.get("furniture", []):
            k = FURNITURE_KINDS[f["kind"]].size
            w, h = (k[1], k[0]) if f["turned"] else k
            if f["at"][0] <= t["at"][0] < f["at"][0] + w and f["at"][1] <= t["at"][1] < f["at"][1] + h:
                t["furniture"] = f["id"]
                del t["at"]
                break


def _too_few(count: int) -> str:
    return gettext(
        "cannot be played: {count} start squares (no stairway and too few hero markers; "
        "a party of {PARTY} needs {PARTY})"
    ).format(count=count, PARTY=PARTY)


def _refuse_unplayable(result: ImportResult, source: str) -> None:
    """A `ContentError` for a quest the heroes cannot play: too few start squares, a goal already met."""
    quest = result.quest()
    starts = quest.start_squares()
    if len(starts) < PARTY:
        raise ContentError(source, "start", _too_few(len(starts)))
    why = met_at_start(quest)
    if why is not None:
        raise ContentError(
            source, "goal", gettext("cannot be played: won before the heroes act: {why}").format(why=why)
        )


_SETTLE_ORDER = ["doors", "furniture", "blocked", "ice", "monsters", "traps", "treasure", "notes", "start"]


def _settle(data: dict[str, Any], b: _Builder, source: str) -> ImportResult:
    """Leave out, and report, every entry the quest checks refuse, until the quest is valid."""
    place = re.compile(r"^(\w+)\[(\d+)\]")
    for _ in range(len(_SETTLE_ORDER) + 2):
        quest = load_data(data, QuestFile, source)
        problems = quest_problems(quest, b.board)
        if not problems:
            return ImportResult(quest, b.unmapped, b.guesses)
        if any(where == "stairs" for where, _ in problems) and "stairs" in data:
            del data["stairs"]
            b.skip(Unmapped("object", "Stairway", "", ""), next(r for w, r in problems if w == "stairs"))
            continue
        found = [(place.match(where), where, reason) for where, reason in problems]
        for match, where, reason in found:
            if match is None or match[1] not in b.origin:
                raise ContentError(source, where, reason)
        # drop the first group's misfits only: a refused bookcase must not take the goblin beside it along
        group = min((m[1] for m, _, _ in found if m), key=_SETTLE_ORDER.index)
        indices = {int(m[2]) for m, _, _ in found if m and m[1] == group}
        for i in sorted(indices):
            reason = next(r for m, _, r in found if m and m[1] == group and int(m[2]) == i)
            b.skip(b.origin[group][i], reason)
        data[group] = [e for i, e in enumerate(data[group]) if i not in indices]
        b.origin[group] = [o for i, o in enumerate(b.origin[group]) if i not in indices]
        if not data[group]:
            del data[group]
    raise ContentError(source, "", gettext("the import could not settle"))  # pragma: no cover
