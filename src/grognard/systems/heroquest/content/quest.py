"""A HeroQuest quest: what is placed on the board, the goal, the wandering monster, and the quest's events.

A quest file (TOML, format in docs/formats/quest.md) names its board (`standard`, or a board file beside
it) and places on it doors (closed, open, secret, exit), the stairs, monsters by catalogue name and
level, furniture by kind, traps, treasure, notes and blocked squares, all by square `[x, y]` counted from
0 at the top-left. Events fire on a trigger (entering a room or square, opening a door, seeing a square, a
monster dying) and run actions (placing monsters held back, revealing a secret door, telling text,
ending the quest). `load_quest` validates every placement against the board and the catalogue and
refuses a bad file with a `ContentError` naming the place.

`Seen` is the map the heroes have seen: the areas (rooms and corridor segments) lit so far; seeing any
square of an area lights all of it (`Quest.light`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, TypeAlias

from pydantic import Field, model_validator

from grognard.engine.content import (
    ContentModel,
    LocatedValueError,
    load_data,
    parse_toml,
    read_source,
    source_name,
)
from grognard.engine.embedded import is_embedded, open_embedded
from grognard.engine.errors import ContentError, GrognardError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog
from grognard.systems.heroquest.content.board import (
    FURNITURE_KINDS,
    Board,
    Door,
    Furniture,
    Layout,
    Square,
    SquareField,
    check_free,
    load_board,
    standard_board,
)
from grognard.systems.heroquest.content.challenges import Challenge, ChallengeTrigger
from grognard.systems.heroquest.content.chaos_lists import list_problems
from grognard.systems.heroquest.content.geometry import visible_squares
from grognard.systems.heroquest.content.monster_kit import MonsterKind, quest_kit_problems

TrapKind: TypeAlias = Literal[
    "spear", "pit", "long-pit", "falling-rock", "stalactite", "swinging-axe", "wandering-monster", "chest"
]
"""The traps of lines 126-142, a wandering monster trap (line 142), and a trap set in furniture (line 146)."""

GoalKind: TypeAlias = Literal["reach-exit", "kill", "find", "rescue", "slay-all", "reach"]
"""What ends a quest well (line 114): reach the exit, kill an enemy, find a thing, rescue someone, or slay
every monster of the quest."""

TriggerKind: TypeAlias = Literal[
    "enter-room", "enter-square", "open-door", "see-square", "monster-dies", ChallengeTrigger
]
"""What sets off a quest event (a challenge solved or failed: `challenges`)."""

ActionKind: TypeAlias = Literal["place-monsters", "reveal-door", "open-door", "text", "end-quest"]
"""What a quest event does."""

IceKind: TypeAlias = Literal["cold", "slippery", "vault", "river"]
"""Cold, icy ground (lines 443, 469, 473): a cold region, slippery ice, an ice vault, an icy river."""

Poison: TypeAlias = Literal["none", "damage", "lasting"]
"""A trap's poison (lines 425, 439): none, its damage is poison, or poison that lasts until cured."""


@dataclass(frozen=True)
class TrapRule:
    """The rulebook's facts about a trap kind, for the game state to apply; `source` is the line."""

    kind: TrapKind
    source: int
    squares: int
    damage: str
    after_sprung: str


TRAP_RULES: dict[TrapKind, TrapRule] = {
    r.kind: r
    for r in (
        TrapRule("spear", 128, 1, "1 body point if one combat die shows a skull", "broken: safe to cross"),
        TrapRule("pit", 130, 1, "1 body point; stuck for the turn", "stays; others jump it or fall in"),
        TrapRule("long-pit", 132, 2, "2 body points", "stays; a lengthwise jump needs a black shield"),
        TrapRule("falling-rock", 134, 1, "1 body point a skull on three combat dice", "blocks the square"),
        TrapRule("stalactite", 136, 1, "1 body point", "gone"),
        TrapRule("swinging-axe", 138, 1, "1 body point a skull on two combat dice", "springs again"),
        TrapRule("wandering-monster", 142, 1, "the quest's wandering monster attacks", "gone"),
        TrapRule("chest", 146, 0, "as the quest's text says (a spear trap's if silent)", "gone"),
    )
}
"""Every trap kind's rule as printed."""


class Placed(ContentModel):
    """Anything placed: an id unique in the quest, and optional words for the game master."""

    id: str = Field(min_length=1)
    text: str = ""


class MonsterPlacement(Placed):
    """A monster: catalogue name, level, square; `name` for a named enemy; `held` until an event; `spells`
    the chaos spells it knows (left out: the default for its level, `chaos_lists`); `weapon`, `off_hand`,
    `armour` and `skills` what it carries and uses (left out: its kind's in `monster_kinds`,
    `monster_gear`); `flees = false` for one that never runs away (`monster_flight`)."""

    monster: str
    level: int | None = None
    at: SquareField
    name: str = ""
    weapon: str = ""
    armour: list[str] = Field(default_factory=list)
    held: bool = False
    spells: list[str] | None = None
    off_hand: str = ""
    skills: list[str] | None = None
    flees: bool = True


class FurniturePlacement(Placed):
    """Furniture of a known kind, its top-left square at `at`, turned a quarter or not."""

    kind: str
    at: SquareField
    turned: bool = False

    def piece(self) -> Furniture:
        """The piece as the board's model."""
        return Furniture.of_kind(self.id, self.kind, self.at, self.turned)


class TrapPlacement(Placed):
    """A trap on a square (a long pit on two: `at` and the next to the right, or below when turned),
    or set in a piece of furniture (`furniture`, a chest's trap)."""

    kind: TrapKind
    at: SquareField | None = None
    furniture: str | None = None
    turned: bool = False
    poison: Poison = "none"

    @model_validator(mode="after")
    def _where(self) -> TrapPlacement:
        if (self.at is None) == (self.furniture is None):
            raise LocatedValueError(("at",), "a trap is either at a square or in a piece of furniture")
        return self

    @property
    def squares(self) -> frozenset[Square]:
        """The squares the trap covers (none for a trap in furniture)."""
        if self.at is None:
            return frozenset()
        x, y = self.at
        if TRAP_RULES[self.kind].squares == 2:
            return frozenset({(x, y), (x, y + 1) if self.turned else (x + 1, y)})
        return frozenset({(x, y)})


class TreasurePlacement(Placed):
    """Treasure found by searching: at a square or in furniture; an artifact or item, gold, or a card."""

    at: SquareField | None = None
    furniture: str | None = None
    artifact: str = ""
    spell: str = ""
    item: str = ""
    gold: int = Field(default=0, ge=0)
    deck: bool = False

    @model_validator(mode="after")
    def _where(self) -> TreasurePlacement:
        if (self.at is None) == (self.furniture is None):
            raise LocatedValueError(("at",), "treasure is either at a square or in a piece of furniture")
        if not (self.artifact or self.item or self.gold or self.deck or self.text):
            raise LocatedValueError(
                ("artifact",), "treasure needs an artifact, item, gold, deck = true or a text (a quest thing)"
            )
        return self


MAX_SIDE = 100
"""The longest side of a board (`board.BoardFile`), so of any rectangle a quest places on one."""

MAX_QUEST_BYTES = 1_000_000
"""The largest quest file read (ours are under 20 KB): a bigger one is refused before it is parsed."""

BOARD_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
"""A board file's name as a quest file names it: a plain file name beside the quest, no folder."""

MAX_ENTRIES = 1000
"""The most entries one list of a quest file may hold (a board has at most 10,000 squares; the standard
one 494): a bigger list is refused before anything is placed."""


class Rect(ContentModel):
    """A rectangle of squares: top-left `at` and `size` [width, depth], both within `MAX_SIDE` (checked
    when the file is read, before any square is listed)."""

    at: SquareField
    size: SquareField

    @model_validator(mode="after")
    def _bounded(self) -> Rect:
        if not all(0 <= v < MAX_SIDE for v in self.at):
            raise LocatedValueError(("at",), f"{list(self.at)}: not a board square (0 to {MAX_SIDE - 1})")
        if not all(1 <= v <= MAX_SIDE for v in self.size):
            raise LocatedValueError(("size",), f"{list(self.size)}: each side is 1 to {MAX_SIDE} squares")
        return self

    @property
    def squares(self) -> frozenset[Square]:
        """Every square of the rectangle."""
        x, y = self.at
        return frozenset((x + i, y + j) for i in range(self.size[0]) for j in range(self.size[1]))

    def on(self, board: Board) -> frozenset[Square]:
        """The rectangle's squares that lie on `board` (it is clipped before the squares are listed)."""
        x, y = self.at
        xs = range(max(x, 0), min(x + self.size[0], board.width))
        ys = range(max(y, 0), min(y + self.size[1], board.height))
        return frozenset((i, j) for i in xs for j in ys)


class Ice(Rect):
    """Cold, icy squares of one kind (played by `artifacts_env`): `at` and `size` (default one square);
    `damage` is the Body an ice vault or an icy river costs."""

    id: str = Field(min_length=1)
    kind: IceKind
    size: SquareField = (1, 1)
    damage: int = Field(default=1, ge=0)
    text: str = ""


class Note(Placed):
    """A lettered note of the quest's text, on a square or on none."""

    at: SquareField | None = None


class Goal(ContentModel):
    """What the heroes must do: reach the exit, kill `target` (a monster id), find `target` (a
    treasure id), rescue `target` (a monster id standing for the prisoner), reach `target` (a room id;
    with `hold`, keep it free of monsters for a turn), or slay every monster; `also` names more targets
    of the same kind, every one of which must be met too; with `exit`, then leave by the stairs or an exit
    door (`goals`)."""

    kind: GoalKind
    target: str = ""
    also: list[str] = Field(default_factory=list)
    text: str = ""
    exit: bool = False
    hold: bool = False

    @property
    def targets(self) -> tuple[str, ...]:
        """Every target the goal names: `target`, then `also`."""
        return (self.target, *self.also) if self.target else ()

    @model_validator(mode="after")
    def _target(self) -> Goal:
        if self.kind not in ("reach-exit", "slay-all") and not self.target:
            raise LocatedValueError(("target",), f"a {self.kind} goal names its target")
        if self.kind in ("reach-exit", "slay-all") and (self.target or self.also):
            raise LocatedValueError(("target",), f"a {self.kind} goal names no target")
        if len(set(self.targets)) != len(self.targets):
            raise LocatedValueError(("also",), "a goal names each target once")
        if self.exit and self.kind in ("reach-exit", "rescue"):
            raise LocatedValueError(("exit",), f"a {self.kind} goal already ends at the way out")
        if self.hold and self.kind != "reach":
            raise LocatedValueError(("hold",), "only a reach goal holds a room")
        return self


class Wandering(MonsterKind):
    """The quest's wandering monster (line 142): its level, weapons, armour and skills (`monster_gear`),
    the same fields as a `monster_kinds` entry."""


class Trigger(ContentModel):
    """What fires an event: `room` for enter-room, `at` for enter-square and see-square, `door` for
    open-door, `monster` for monster-dies, `challenge` for solve-challenge and fail-challenge."""

    kind: TriggerKind
    room: str = ""
    at: SquareField | None = None
    door: str = ""
    monster: str = ""
    challenge: str = ""

    @model_validator(mode="after")
    def _needs(self) -> Trigger:
        need = {
            "enter-room": "room",
            "enter-square": "at",
            "see-square": "at",
            "open-door": "door",
            "monster-dies": "monster",
            "solve-challenge": "challenge",
            "fail-challenge": "challenge",
        }[self.kind]
        if not getattr(self, need):
            raise LocatedValueError((need,), f"a {self.kind} trigger needs {need}")
        return self


class Action(ContentModel):
    """What an event does: place held `monsters`, reveal or open `door`, tell `text`, end the quest."""

    kind: ActionKind
    monsters: list[str] = Field(default_factory=list)
    door: str = ""
    text: str = ""
    outcome: Literal["won", "lost"] = "won"

    @model_validator(mode="after")
    def _needs(self) -> Action:
        need = {
            "place-monsters": "monsters",
            "reveal-door": "door",
            "open-door": "door",
            "text": "text",
            "end-quest": "outcome",
        }[self.kind]
        if not getattr(self, need):
            raise LocatedValueError((need,), f"a {self.kind} action needs {need}")
        return self


class Event(ContentModel):
    """A quest event: its id, trigger and actions; `once` (the default) fires it the first time only."""

    id: str = Field(min_length=1)
    trigger: Trigger
    actions: list[Action] = Field(min_length=1)
    once: bool = True


class QuestFile(ContentModel):
    """A quest file as written: see docs/formats/quest.md for every field."""

    id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    text: str = ""
    board: str = "standard"
    source: str = ""
    stairs: SquareField | None = None
    start: list[SquareField] = Field(default_factory=list, max_length=MAX_ENTRIES)
    doors: list[Door] = Field(default_factory=list, max_length=MAX_ENTRIES)
    monsters: list[MonsterPlacement] = Field(default_factory=list, max_length=MAX_ENTRIES)
    furniture: list[FurniturePlacement] = Field(default_factory=list, max_length=MAX_ENTRIES)
    traps: list[TrapPlacement] = Field(default_factory=list, max_length=MAX_ENTRIES)
    treasure: list[TreasurePlacement] = Field(default_factory=list, max_length=MAX_ENTRIES)
    notes: list[Note] = Field(default_factory=list, max_length=MAX_ENTRIES)
    blocked: list[SquareField] = Field(default_factory=list, max_length=MAX_ENTRIES)
    dark: list[Rect] = Field(default_factory=list, max_length=MAX_ENTRIES)
    ice: list[Ice] = Field(default_factory=list, max_length=MAX_ENTRIES)
    goal: Goal
    wandering: Wandering
    monster_kinds: list[MonsterKind] = Field(default_factory=list, max_length=MAX_ENTRIES)
    challenges: list[Challenge] = Field(default_factory=list, max_length=MAX_ENTRIES)
    events: list[Event] = Field(default_factory=list, max_length=MAX_ENTRIES)
    level: int = Field(default=1, ge=1, le=20)
    party: str = ""

    @model_validator(mode="after")
    def _start(self) -> QuestFile:
        if self.stairs is None and not self.start and not any(d.exit for d in self.doors):
            raise LocatedValueError(("stairs",), "a quest needs stairs, start squares or an exit door")
        return self


@dataclass(frozen=True)
class Seen:
    """The map the heroes have seen: the ids of the rooms and corridor segments lit so far."""

    areas: frozenset[str] = frozenset()


@dataclass(frozen=True, eq=False)
class Quest:
    """A validated quest on its board."""

    file: QuestFile
    board: Board

    @property
    def id(self) -> str:
        """The quest's id."""
        return self.file.id

    @cached_property
    def layout(self) -> Layout:
        """The board with the quest's doors, furniture, stairs and blocked squares, as at the start."""
        stairs: frozenset[Square] = frozenset()
        if self.file.stairs is not None:
            x, y = self.file.stairs
            stairs = frozenset({(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)})
        return Layout(
            self.board,
            tuple(self.file.doors),
            tuple(f.piece() for f in self.file.furniture),
            stairs,
            frozenset(self.file.blocked) | self.dark,
        )

    @cached_property
    def dark(self) -> frozenset[Square]:
        """The floor squares the quest leaves out of play (dark on its map): solid to movement and sight."""
        return frozenset(s for r in self.file.dark for s in r.on(self.board) if self.board.is_floor(s))

    def start_squares(self) -> list[Square]:
        """Where the heroes set out: the `start` squares, else the stairs' four squares."""
        if self.file.start:
            return list(self.file.start)
        return sorted(self.layout.stairs)

    def monster(self, monster_id: str) -> MonsterPlacement:
        """A placed monster by id; a `GrognardError` if none."""
        for m in self.file.monsters:
            if m.id == monster_id:
                return m
        raise GrognardError(f"quest {self.id} has no monster {monster_id!r}")

    def monsters_in(self, area_id: str) -> list[MonsterPlacement]:
        """The monsters (not held back) standing in area `area_id`."""
        squares = self.board.squares_of(area_id)
        return [m for m in self.file.monsters if not m.held and m.at in squares]

    def trap_at(self, square: Square) -> TrapPlacement | None:
        """The trap covering `square`, if any."""
        return next((t for t in self.file.traps if square in t.squares), None)

    def light(
        self,
        seen: Seen,
        viewer: Square,
        figures: Collection[Square] = frozenset(),
        layout: Layout | None = None,
    ) -> Seen:
        """`seen` with every area the figure on `viewer` can see lit (the current `layout`, default the
        starting one)."""
        found = {self.board.area_at[s] for s in visible_squares(layout or self.layout, viewer, figures)}
        return Seen(seen.areas | frozenset(found))

    def events_for(self, kind: TriggerKind, value: str | Square, fired: Collection[str] = ()) -> list[Event]:
        """The events a trigger of `kind` with `value` (room id, door id, monster id or square) sets off,
        leaving out `once` events already in `fired`."""
        out = []
        for event in self.file.events:
            t = event.trigger
            if t.kind != kind or (event.once and event.id in fired):
                continue
            if value in (t.room, t.door, t.monster, t.challenge) or value == t.at:
                out.append(event)
        return out

    def events_seen(self, visible: Iterable[Square], fired: Collection[str] = ()) -> list[Event]:
        """The see-square events whose square is among `visible`."""
        squares = set(visible)
        return [
            e
            for e in self.file.events
            if e.trigger.kind == "see-square" and e.trigger.at in squares and not (e.once and e.id in fired)
        ]


# ---------------------------------------------------------------------------------------------------
# Loading and checking


def challenge_problems(q: QuestFile, board: Board) -> list[tuple[str, str]]:
    """Every (place, reason) that makes the quest's challenges wrong: unknown furniture, doors, treasure
    or notes, a square off the floor, treasure locked twice, a door open from the start, a piece of
    furniture that also holds a trap, and events naming a challenge the quest does not have."""
    out: list[tuple[str, str]] = []
    furniture = {f.id for f in q.furniture}
    trapped = {t.furniture for t in q.traps if t.furniture is not None}
    doors = {d.id: d for d in (*board.doors, *q.doors)}
    treasure = {t.id for t in q.treasure}
    notes = {n.id for n in q.notes}
    locked: dict[str, str] = {}
    for i, c in enumerate(q.challenges):
        where = f"challenges[{i}]"
        if c.at is not None and not board.is_floor(c.at):
            out.append(
                (
                    f"{where}.at",
                    _("challenge {c_id!r} at {c_at} is not a room or corridor square").format(
                        c_id=c.id, c_at=c.at
                    ),
                )
            )
        if c.furniture is not None:
            if c.furniture not in furniture:
                out.append(
                    (f"{where}.furniture", _("no furniture {c_furniture!r}").format(c_furniture=c.furniture))
                )
            elif c.furniture in trapped:
                out.append(
                    (
                        f"{where}.furniture",
                        _("furniture {c_furniture!r} holds a trap; a challenge's may not").format(
                            c_furniture=c.furniture
                        ),
                    )
                )
        if c.door is not None:
            door = doors.get(c.door)
            if door is None:
                out.append((f"{where}.door", _("no door {c_door!r}").format(c_door=c.door)))
            elif door.state == "open":
                out.append(
                    (
                        f"{where}.door",
                        _("door {c_door!r} is open at the start; a challenge's is shut").format(
                            c_door=c.door
                        ),
                    )
                )
        for j, tid in enumerate(c.treasure):
            if tid not in treasure:
                out.append((f"{where}.treasure[{j}]", _("no treasure {tid!r}").format(tid=tid)))
            elif tid in locked:
                out.append(
                    (
                        f"{where}.treasure[{j}]",
                        _("treasure {tid!r} is locked by {locked!r} too").format(tid=tid, locked=locked[tid]),
                    )
                )
            locked.setdefault(tid, c.id)
        for j, nid in enumerate(c.notes):
            if nid not in notes:
                out.append((f"{where}.notes[{j}]", _("no note {nid!r}").format(nid=nid)))
    ids = {c.id for c in q.challenges}
    for i, e in enumerate(q.events):
        if e.trigger.kind in ("solve-challenge", "fail-challenge") and e.trigger.challenge not in ids:
            out.append(
                (
                    f"events[{i}].trigger.challenge",
                    _("no challenge {challenge!r}").format(challenge=e.trigger.challenge),
                )
            )
    return out


def quest_problems(q: QuestFile, board: Board) -> list[tuple[str, str]]:
    """Every (place, reason) that makes the quest wrong for its board and the catalogue."""
    out: list[tuple[str, str]] = []
    ids: dict[str, str] = {}
    groups: list[tuple[str, list[Any]]] = [
        ("doors", q.doors),
        ("monsters", q.monsters),
        ("furniture", q.furniture),
        ("traps", q.traps),
        ("treasure", q.treasure),
        ("notes", q.notes),
        ("events", q.events),
        ("ice", q.ice),
        ("challenges", q.challenges),
    ]
    for group, entries in groups:
        for i, entry in enumerate(entries):
            if entry.id in ids:
                out.append(
                    (
                        f"{group}[{i}].id",
                        _("id {entry_id!r} is already used in {ids}").format(
                            entry_id=entry.id, ids=ids[entry.id]
                        ),
                    )
                )
            ids[entry.id] = group
    base = Layout(board)
    for i, door in enumerate(q.doors):
        problem = board.door_problem(door)
        if problem:
            out.append((f"doors[{i}].at", problem))
    occupied: dict[Square, str] = {}
    for i, f in enumerate(q.furniture):
        if f.kind not in FURNITURE_KINDS:
            out.append(
                (
                    f"furniture[{i}].kind",
                    _("no furniture kind {f_kind!r}; known: {value}").format(
                        f_kind=f.kind, value=", ".join(FURNITURE_KINDS)
                    ),
                )
            )
            continue
        piece = f.piece()
        rooms = {board.room_of(s) for s in piece.squares}
        for p in check_free(base, piece.squares, f"furniture {f.id!r}"):
            out.append((f"furniture[{i}].at", p))
        if len(rooms) > 1:
            out.append(
                (f"furniture[{i}].at", _("furniture {f_id!r} spans more than one area").format(f_id=f.id))
            )
        for s in piece.squares:
            if s in occupied:
                out.append(
                    (
                        f"furniture[{i}].at",
                        _("furniture {f_id!r} overlaps {occupied!r} at {s}").format(
                            f_id=f.id, occupied=occupied[s], s=s
                        ),
                    )
                )
            occupied[s] = f.id
    pieces = tuple(f.piece() for f in q.furniture if f.kind in FURNITURE_KINDS)
    dark = frozenset(s for r in q.dark for s in r.on(board) if board.is_floor(s))
    layout = Layout(board, tuple(q.doors), pieces, frozenset(), frozenset(q.blocked) | dark)
    furniture_ids = {f.id for f in q.furniture}
    taken: dict[Square, str] = {}
    for i, m in enumerate(q.monsters):
        try:
            entry = catalog.monster(m.monster)
            entry.at(m.level if m.level is not None else entry.level_range[0])
        except GrognardError as exc:
            out.append((f"monsters[{i}].monster", str(exc)))
        else:
            level = m.level if m.level is not None else entry.level_range[0]
            out.extend((f"monsters[{i}].spells", p) for p in list_problems(m.monster, level, m.spells or []))
        for p in check_free(layout, [m.at], f"monster {m.id!r}"):
            out.append((f"monsters[{i}].at", p))
        if m.at in taken and not (m.held or taken[m.at] == "held"):
            out.append(
                (
                    f"monsters[{i}].at",
                    _("monster {m_id!r} shares square {m_at} with {taken!r}").format(
                        m_id=m.id, m_at=m.at, taken=taken[m.at]
                    ),
                )
            )
        taken.setdefault(m.at, "held" if m.held else m.id)
    for i, t in enumerate(q.traps):
        if t.furniture is not None and t.furniture not in furniture_ids:
            out.append(
                (f"traps[{i}].furniture", _("no furniture {t_furniture!r}").format(t_furniture=t.furniture))
            )
        for p in check_free(layout, t.squares, f"trap {t.id!r}"):
            out.append((f"traps[{i}].at", p))
    for i, tr in enumerate(q.treasure):
        if tr.furniture is not None and tr.furniture not in furniture_ids:
            out.append(
                (
                    f"treasure[{i}].furniture",
                    _("no furniture {tr_furniture!r}").format(tr_furniture=tr.furniture),
                )
            )
        if tr.at is not None:
            out.extend((f"treasure[{i}].at", p) for p in check_free(layout, [tr.at], f"treasure {tr.id!r}"))
        try:
            if tr.artifact:
                catalog.artifact(tr.artifact)
            if tr.item:
                catalog.item(tr.item)
            if tr.spell:
                catalog.spell(tr.spell)
                if catalog.key_of(tr.artifact) != "spell-scroll":
                    out.append((f"treasure[{i}].spell", _("only a Spell Scroll names a spell (line 477)")))
        except GrognardError as exc:
            out.append((f"treasure[{i}]", str(exc)))
    for i, ice in enumerate(q.ice):
        if not all(board.is_floor(s) for s in ice.squares):
            out.append(
                (
                    f"ice[{i}]",
                    _("ice {ice_id!r} at {ice_at} of size {ice_size} is not all floor").format(
                        ice_id=ice.id, ice_at=ice.at, ice_size=ice.size
                    ),
                )
            )
    for i, n in enumerate(q.notes):
        if n.at is not None and not board.on_board(n.at):
            out.append(
                (f"notes[{i}].at", _("note {n_id!r} at {n_at} is off the board").format(n_id=n.id, n_at=n.at))
            )
    for i, r in enumerate(q.dark):
        if r.at[0] + r.size[0] > board.width or r.at[1] + r.size[1] > board.height:
            out.append(
                (
                    f"dark[{i}]",
                    _("dark rectangle at {r_at} of size {r_size} runs off the board").format(
                        r_at=r.at, r_size=r.size
                    ),
                )
            )
    for i, s in enumerate(q.blocked):
        if not board.is_floor(s):
            out.append(
                (f"blocked[{i}]", _("blocked square {s} is not a room or corridor square").format(s=s))
            )
    if q.stairs is not None:
        x, y = q.stairs
        stairs = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
        out.extend(("stairs", p) for p in check_free(layout, stairs, "the stairs"))
        if len({board.area_at.get(s) for s in stairs}) > 1:
            out.append(
                ("stairs", _("the stairs at {q_stairs} span more than one area").format(q_stairs=q.stairs))
            )
    for i, s in enumerate(q.start):
        out.extend((f"start[{i}]", p) for p in check_free(layout, [s], "a start square"))
    try:
        catalog.monster(q.wandering.monster)
    except GrognardError as exc:
        out.append(("wandering.monster", str(exc)))

    out.extend(quest_kit_problems(q))
    out.extend(challenge_problems(q, board))
    monster_ids = {m.id for m in q.monsters}
    held = {m.id for m in q.monsters if m.held}
    door_ids = {d.id for d in (*board.doors, *q.doors)}
    treasure_ids = {t.id for t in q.treasure}
    for name in q.goal.targets:
        place = "goal.target" if name == q.goal.target else "goal.also"
        if q.goal.kind in ("kill", "rescue") and name not in monster_ids:
            out.append((place, _("no monster {name!r} to {kind}").format(name=name, kind=q.goal.kind)))
        if q.goal.kind == "find" and name not in treasure_ids:
            out.append((place, _("no treasure {name!r} to find").format(name=name)))
        if q.goal.kind == "reach" and name not in board.rooms():
            out.append(
                (
                    place,
                    _("no room {name!r} on board {board_id} to reach").format(name=name, board_id=board.id),
                )
            )
    if (q.goal.kind == "reach-exit" or q.goal.exit) and q.stairs is None and not any(d.exit for d in q.doors):
        out.append(("goal.kind", _("a goal that ends at the way out needs stairs or an exit door")))
    for i, e in enumerate(q.events):
        trig = e.trigger
        where = f"events[{i}].trigger"
        if trig.kind == "enter-room" and trig.room not in board.rooms():
            out.append(
                (
                    f"{where}.room",
                    _("no room {trig_room!r} on board {board_id}").format(
                        trig_room=trig.room, board_id=board.id
                    ),
                )
            )
        if trig.kind == "open-door" and trig.door not in door_ids:
            out.append((f"{where}.door", _("no door {trig_door!r}").format(trig_door=trig.door)))
        if trig.kind == "monster-dies" and trig.monster not in monster_ids:
            out.append(
                (f"{where}.monster", _("no monster {trig_monster!r}").format(trig_monster=trig.monster))
            )
        if trig.at is not None and not board.is_floor(trig.at):
            out.append(
                (
                    f"{where}.at",
                    _("square {trig_at} is not a room or corridor square").format(trig_at=trig.at),
                )
            )
        for j, a in enumerate(e.actions):
            for name in a.monsters:
                if name not in held:
                    out.append(
                        (
                            f"events[{i}].actions[{j}].monsters",
                            _("no held-back monster {name!r}").format(name=name),
                        )
                    )
            if a.door and a.door not in door_ids:
                out.append((f"events[{i}].actions[{j}].door", _("no door {a_door!r}").format(a_door=a.door)))
    return out


def check_quest(q: QuestFile, board: Board, source: str = "quest") -> Quest:
    """The quest on `board` once every placement and reference is checked; else a `ContentError` at the
    first problem (the reason says how many more there are)."""
    problems = quest_problems(q, board)
    if problems:
        place, reason = problems[0]
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        raise ContentError(source, place, reason + more)
    return Quest(q, board)


def load_quest(source: Any, board: Board | None = None) -> Quest:
    """A quest file loaded and checked (a path, a resource, or the content a game carries, its hash
    checked: `engine.embedded`). Its board is `board` when given, else the standard board for
    `board = "standard"`, else the board file named (`quest_board`): for a quest read from a path, a plain
    file name read beside it; content a game carries names the standard board only."""
    beside: Path | None = None
    if is_embedded(source):
        carried = open_embedded(str(source))
        name, raw = carried.name, carried.data
    else:
        name = source_name(source)
        raw = read_source(source, MAX_QUEST_BYTES)
        beside = Path(source).parent if isinstance(source, str | Path) else None
    if len(raw) > MAX_QUEST_BYTES:
        raise ContentError(
            name,
            "",
            _("{raw_count:,} bytes: a quest file is at most {MAX_QUEST_BYTES:,} bytes").format(
                raw_count=len(raw), MAX_QUEST_BYTES=MAX_QUEST_BYTES
            ),
        )
    try:
        table = parse_toml(raw.decode("utf-8"), name)
    except UnicodeDecodeError as exc:
        raise ContentError(name, f"byte {exc.start}", _("not UTF-8 text")) from None
    if "grid" in table and "legend" in table and "goal" not in table:
        raise ContentError(name, "", _("a board file, not a quest: a quest names its board in `board`"))
    data = load_data(table, QuestFile, name)
    if board is None:
        board = quest_board(data.board, beside, name)
    return check_quest(data, board, name)


def quest_board(named: str, beside: Path | None, quest: str) -> Board:
    """The board a quest names: `standard`, or a board file's plain name (no folder) read in the folder
    `beside` the quest file. A quest carried in a game, uploaded or shipped (`beside` None) may name the
    standard board only: any other name is refused without looking for a file of that name."""
    if named == "standard":
        return standard_board()
    if beside is None:
        raise ContentError(
            quest,
            "board",
            _(
                "board {named!r}: a quest a game carries may only name the board shipped "
                'with grognard ("standard"); a board file of its own is not carried with it'
            ).format(named=named[:100]),
        )
    if not BOARD_FILE_NAME.fullmatch(named):
        raise ContentError(
            quest,
            "board",
            _("board {named!r}: name a board file beside the quest by its name, no folder").format(
                named=named[:100]
            ),
        )
    return load_board(beside / named)
