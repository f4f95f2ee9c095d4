"""Import of HeroScribe quest files (the XML of the HeroScribe quest editor) into grognard quests.

A HeroScribe file holds a `quest` (name, how many boards wide and deep) with one `board` per board
(`dark` rectangles and `object`s, each an id, a `left`/`top` square counted from 1, and a rotation),
and `note`/`speech` text. It draws no walls: it places objects on the standard board. So the import keeps
our standard board (`board.standard_board`) and places the objects on it through `OBJECTS`, our table
from HeroScribe ids to our furniture, monsters, traps, doors and marks.

Nothing is dropped silently: an object with an id we do not know, a door whose edge is not a wall on our
board, furniture that does not fit our rooms, a second board: each becomes an `Unmapped` line in the
result, with the reason. HeroScribe files carry no goal and no wandering monster: the import sets
`reach-exit` and an Orc and says so in the report, for the author to edit. The XML is parsed with
defusedxml (no entities, no external fetches). Mapping decisions: docs/rulings/heroquest.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from grognard.engine.content import load_data
from grognard.engine.errors import ContentError
from grognard.systems.heroquest.board import FURNITURE_KINDS, Board, Square, standard_board
from grognard.systems.heroquest.quest import Quest, QuestFile, _problems, check_quest

Role: TypeAlias = Literal["monster", "furniture", "trap", "door", "stairs", "blocked", "note", "hero", "skip"]
"""What a HeroScribe object becomes."""

Rotation: TypeAlias = Literal["downward", "rightward", "upward", "leftward"]
"""HeroScribe's four rotations; "downward" is the object as drawn in its list."""


@dataclass(frozen=True)
class Mapping:
    """How one HeroScribe object id is imported: its role, our name for it, and its size as drawn."""

    role: Role
    name: str = ""
    size: tuple[int, int] = (1, 1)
    state: str = "closed"


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
        "DoorIn": Mapping("door", "exit", (1, 2)),
        "DoorOut": Mapping("door", "exit", (1, 2)),
        "SecretDoor": Mapping("door", "secret", (1, 1), "secret"),
        "SecretDoorAlternate": Mapping("door", "secret", (1, 1), "secret"),
        "SingleBlockedSquare": Mapping("blocked", "", (1, 1)),
        "DoubleBlockedSquare": Mapping("blocked", "", (2, 1)),
        "Barbarian": Mapping("hero"),
        "Dwarf": Mapping("hero"),
        "Elf": Mapping("hero"),
        "Wizard": Mapping("hero"),
    }
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        table[f"Letter{letter}"] = Mapping("note", letter)
    for number in range(1, 13):
        table[f"Number{number}"] = Mapping("note", str(number))
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
        at = f" at {self.where}" if self.where else ""
        return f"{self.element} {self.id!r}{at}: {self.reason}"


@dataclass(frozen=True, eq=False)
class ImportResult:
    """The imported quest file, the quest checked on its board, and the report of what was not placed."""

    file: QuestFile
    unmapped: list[Unmapped] = field(default_factory=list)

    def quest(self, board: Board | None = None) -> Quest:
        """The imported quest checked on `board` (default the standard board)."""
        return check_quest(self.file, board or standard_board(), "heroscribe import")


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
    return slug or "imported-quest"


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
            g: [] for g in ("doors", "monsters", "furniture", "traps", "notes", "blocked", "start")
        }
        self.origin: dict[str, list[Unmapped]] = {g: [] for g in self.data}
        self.unmapped: list[Unmapped] = []
        self.counts: dict[str, int] = {}
        self.stairs: list[Any] = []

    def new_id(self, base: str) -> str:
        self.counts[base] = self.counts.get(base, 0) + 1
        return f"{base}-{self.counts[base]}"

    def add(self, group: str, entry: Any, origin: Unmapped) -> None:
        self.data[group].append(entry)
        self.origin[group].append(origin)

    def skip(self, origin: Unmapped, reason: str) -> None:
        self.unmapped.append(Unmapped(origin.element, origin.id, origin.where, reason))


def _number(text: str | None, what: str) -> int:
    try:
        value = float(text or "")
    except ValueError:
        raise ValueError(f"{what} {text!r} is not a number") from None
    if not value.is_integer():
        raise ValueError(f"{what} {text!r} is not a whole square")
    return int(value)


def _place(b: _Builder, obj: Element) -> None:
    hs_id = obj.get("id", "")
    rotation = obj.get("rotation", "downward")
    origin = Unmapped("object", hs_id, f"left={obj.get('left')} top={obj.get('top')}", "")
    try:
        x, y = _number(obj.get("left"), "left") - 1, _number(obj.get("top"), "top") - 1
    except ValueError as exc:
        b.skip(origin, str(exc))
        return
    origin = Unmapped("object", hs_id, f"[{x}, {y}]", "")
    if rotation not in ("downward", "rightward", "upward", "leftward"):
        b.skip(origin, f"rotation {rotation!r} is not one HeroScribe writes")
        return
    m = OBJECTS.get(hs_id)
    if m is None:
        b.skip(origin, "no grognard equivalent for this HeroScribe object")
        return
    w, h = _rotated(m.size, rotation)
    if m.role == "monster":
        b.add("monsters", {"id": b.new_id(_slug(m.name)), "monster": m.name, "at": [x, y]}, origin)
    elif m.role == "furniture":
        kind = "chest" if m.name == "chest+trap" else m.name
        base = FURNITURE_KINDS[kind].size
        if (w, h) not in (base, (base[1], base[0])):
            b.skip(origin, f"size {w}x{h} does not fit a {kind}")
            return
        fid = b.new_id(kind)
        b.add("furniture", {"id": fid, "kind": kind, "at": [x, y], "turned": (w, h) != base}, origin)
        if m.name == "chest+trap":
            b.add("traps", {"id": b.new_id("chest-trap"), "kind": "chest", "furniture": fid}, origin)
    elif m.role == "trap":
        b.add("traps", {"id": b.new_id(m.name), "kind": m.name, "at": [x, y]}, origin)
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
    elif m.role == "door":
        _door(b, m, (x, y), (w, h), rotation, origin)


def _door(
    b: _Builder, m: Mapping, at: Square, size: tuple[int, int], rotation: str, origin: Unmapped
) -> None:
    x, y = at
    if m.name == "secret":
        found = _secret_edge(b.board, at, rotation)
        if found is None:
            b.skip(origin, "no wall of our board beside this square for the secret door")
            return
        a, c = found
    else:
        a, c = (x, y), ((x + 1, y) if size == (2, 1) else (x, y + 1))
    exit_door = m.name == "exit"
    if not exit_door and not (b.board.on_board(a) and b.board.on_board(c) and b.board.is_wall(a, c)):
        b.skip(origin, f"the edge {list(a)}-{list(c)} is not a wall on our board")
        return
    entry = {"id": b.new_id(m.name), "at": [list(a), list(c)], "state": m.state, "exit": exit_door}
    b.add("doors", entry, origin)


def _text(root: Element) -> str:
    parts = [(root.findtext("speech") or "").strip()]
    parts += [(n.text or "").strip() for n in root.findall("note")]
    return "\n\n".join(p for p in parts if p)


def import_heroscribe(xml: bytes | str, source: str = "heroscribe") -> ImportResult:
    """A HeroScribe quest file's text as a grognard quest on the standard board, with the report.

    A file that is not HeroScribe XML, or whose quest cannot be made valid by leaving out the objects
    that do not fit, is a `ContentError`.
    """
    try:
        root = fromstring(xml, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except (ParseError, DefusedXmlException) as exc:
        raise ContentError(source, "", f"not a HeroScribe XML file: {exc}") from None
    except LookupError as exc:  # an encoding the XML declaration names but Python does not know
        raise ContentError(source, "line 1", f"not a HeroScribe XML file: {exc}") from None
    if root.tag != "quest":
        raise ContentError(source, root.tag, "the root element of a HeroScribe file is <quest>")
    board = standard_board()
    b = _Builder(board)
    boards = root.findall("board")
    if not boards:
        raise ContentError(source, "quest", "no <board> in the file")
    for extra, _ in enumerate(boards[1:], start=2):
        b.skip(Unmapped("board", str(extra), "", ""), "only the first board of a quest is imported")
    dark: list[dict[str, Any]] = []
    for d in boards[0].findall("dark"):
        origin = Unmapped("dark", "", f"left={d.get('left')} top={d.get('top')}", "")
        try:
            left, top = _number(d.get("left"), "left") - 1, _number(d.get("top"), "top") - 1
            size = [_number(d.get("width"), "width"), _number(d.get("height"), "height")]
        except ValueError as exc:
            b.skip(origin, str(exc))
            continue
        dark.append({"at": [left, top], "size": size})
    for obj in boards[0].findall("object"):
        _place(b, obj)
    for other in root:
        if other.tag not in ("board", "note", "speech", "bridge"):
            b.skip(Unmapped(other.tag, "", "", ""), "not part of the HeroScribe quest format")
        if other.tag == "bridge":
            b.skip(Unmapped("bridge", "", "", ""), "bridges join boards; only one board is imported")
    title = root.get("name", "").strip() or "Imported quest"
    data: dict[str, Any] = {"id": _slug(title), "title": title, "text": _text(root), "dark": dark}
    data |= {k: v for k, v in b.data.items() if v}
    if b.stairs:
        data["stairs"] = b.stairs[0][0]
        for _, origin in b.stairs[1:]:
            b.skip(origin, "a quest has one stairway; the first is kept")
    data["goal"] = {"kind": "reach-exit", "text": "HeroScribe files carry no goal: set by the import."}
    data["wandering"] = {"monster": "Orc"}
    b.unmapped.append(Unmapped("quest", title, "", "no goal in HeroScribe files: reach-exit set, edit it"))
    b.unmapped.append(
        Unmapped("quest", title, "", "no wandering monster in HeroScribe files: Orc set, edit it")
    )
    return _settle(data, b, source)


_SETTLE_ORDER = ["doors", "furniture", "blocked", "monsters", "traps", "notes", "start"]


def _settle(data: dict[str, Any], b: _Builder, source: str) -> ImportResult:
    """Leave out, and report, every entry the quest checks refuse, until the quest is valid."""
    place = re.compile(r"^(\w+)\[(\d+)\]")
    for _ in range(1000):
        quest = load_data(data, QuestFile, source)
        problems = _problems(quest, b.board)
        if not problems:
            return ImportResult(quest, b.unmapped)
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
    raise ContentError(source, "", "the import could not settle")  # pragma: no cover
