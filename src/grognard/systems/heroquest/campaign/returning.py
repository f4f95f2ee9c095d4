"""Returning to a quest after a retreat (`004_24cd6f974fe6a1ee.txt:114`).

"Upon returning to the area, all enemies and items previously encountered will no longer appear, rooms
that were previously searched for treasure will no longer contain any, and the game master may reduce
total experience earned for completion." The saved game of the retreat is the source: `memory_of` reads
its final state into a `Memory` (what the heroes met, took, searched and sprang), kept as JSON in the new
game's `returning` option so the return replays exactly; `returned` applies it to the quest's first
state. Our readings (docs/rulings/heroquest.md, "Returning after a retreat"):
- an enemy met is one that died, escaped, or saw the heroes or was seen by them (`aware`), or stood in an
  area the heroes lit; it is gone on the return. The quest's own target (the enemy to kill, the prisoner
  to free) stays: the goal must still be met to go on (line 114);
- items taken stay taken; a room searched for treasure holds none (but the quest's own find); the items
  the heroes saw but left are still there;
- traps found, sprung or disarmed stay so (fallen rock stays where it fell); secret doors found stay
  found; every other door is as the quest sets it; events already fired do not fire again (an enemy an
  event brought in and the heroes never met stands where it was); the map is drawn afresh;
- the completion experience is halved for each return (10, then 5, then 2: `completion_after`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.model.effect_strings import searched_mark
from grognard.systems.heroquest.model.state import QuestState


@dataclass(frozen=True)
class Memory:
    """What a retreated party leaves behind it: enemies met, items taken, rooms searched, traps and
    doors dealt with, events fired, and how many times the party has come back."""

    quest: str
    returns: int = 1
    gone: tuple[str, ...] = ()
    taken: tuple[str, ...] = ()
    searched: tuple[str, ...] = ()
    traps: tuple[tuple[str, str], ...] = ()
    doors: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()
    rubble: tuple[tuple[int, int], ...] = ()
    placed: tuple[tuple[str, int, int], ...] = ()

    def to_option(self) -> str:
        """The memory as the `returning` option's JSON."""
        return json.dumps(
            {
                "quest": self.quest,
                "returns": self.returns,
                "gone": list(self.gone),
                "taken": list(self.taken),
                "searched": list(self.searched),
                "traps": [list(t) for t in self.traps],
                "doors": list(self.doors),
                "fired": list(self.fired),
                "rubble": [list(r) for r in self.rubble],
                "placed": [list(p) for p in self.placed],
            }
        )

    @classmethod
    def from_option(cls, text: str) -> Memory:
        """The memory the `returning` option holds; a `UsageError` when it is not one."""
        try:
            data: Any = json.loads(text)
            return cls(
                quest=str(data["quest"]),
                returns=int(data.get("returns", 1)),
                gone=tuple(map(str, data.get("gone", ()))),
                taken=tuple(map(str, data.get("taken", ()))),
                searched=tuple(map(str, data.get("searched", ()))),
                traps=tuple((str(a), str(b)) for a, b in data.get("traps", ())),
                doors=tuple(map(str, data.get("doors", ()))),
                fired=tuple(map(str, data.get("fired", ()))),
                rubble=tuple((int(x), int(y)) for x, y in data.get("rubble", ())),
                placed=tuple((str(m), int(x), int(y)) for m, x, y in data.get("placed", ())),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise UsageError(
                _("the returning option is not a saved retreat: {exc}").format(exc=exc)
            ) from None


def _targets(state: QuestState) -> tuple[str, ...]:
    goal = state.ctx.quest.file.goal
    return goal.targets if goal.kind in ("kill", "rescue") else ()


def _in_searched_rooms(state: QuestState) -> tuple[str, ...]:
    """The treasure not taken that lies in an area searched for treasure: a searched room holds none."""
    board = state.layout.board
    searched = {searched_mark(s)[1] for s in state.searched if s.startswith("treasure:")}
    where = {f.id: f.at for f in state.ctx.quest.file.furniture}
    out = []
    for t in state.ctx.treasure:
        square = t.at if t.at is not None else where.get(t.furniture or "")
        area = None if square is None else board.area(square)
        goal = state.ctx.quest.file.goal
        if goal.kind == "find" and t.id in goal.targets:
            continue  # the quest's own find stays to be found (line 114: the goal must still be met)
        if t.id not in state.taken and area is not None and area.id in searched:
            out.append(t.id)
    return tuple(out)


def memory_of(state: QuestState, quest: str) -> Memory:
    """What the retreated quest's final state leaves for a return (see the module doc)."""
    if state.outcome != "retreated":
        raise UsageError(
            _("that quest ended {value}, not in a retreat (line 114)").format(
                value=state.outcome or "unfinished"
            )
        )
    board = state.layout.board
    lit = set(state.seen)
    gone = []
    for m in state.monsters:
        if m.id in _targets(state):
            continue
        area = None if m.at is None else board.area(m.at)
        met = m.status in ("dead", "gone") or m.aware or (area is not None and area.id in lit)
        if met and m.status != "held":
            gone.append(m.id)
    traps = tuple((t.id, s) for t, s in zip(state.ctx.traps, state.traps, strict=True) if s != "hidden")
    pairs = zip(state.ctx.doors, state.doors, strict=True)
    doors = tuple(d.id for d, s in pairs if d.state == "secret" and s != "secret")
    held = {m.id for m in state.ctx.quest.file.monsters if m.held}
    placed = tuple(
        (m.id, m.at[0], m.at[1])
        for m in state.monsters
        if m.id in held and m.id not in gone and m.status == "active" and m.at is not None
    )
    before = 0 if state.setup.returning == "" else Memory.from_option(state.setup.returning).returns
    return Memory(
        quest=quest,
        returns=before + 1,
        gone=tuple(gone),
        taken=(*state.taken, *_in_searched_rooms(state)),
        searched=tuple(s for s in state.searched if s.startswith("treasure:")),
        traps=traps,
        doors=doors,
        fired=state.fired,
        rubble=state.rubble,
        placed=placed,
    )


def returned(state: QuestState, option: str) -> QuestState:
    """The quest's first state with a return's memory applied (nothing when `option` is empty)."""
    if not option:
        return state
    memory = Memory.from_option(option)
    gone = set(memory.gone)
    placed = {mid: (x, y) for mid, x, y in memory.placed}
    monsters = tuple(
        replace(m, status="gone", at=None)
        if m.id in gone and m.id not in _targets(state)
        else (replace(m, status="active", at=placed[m.id]) if m.id in placed and m.status == "held" else m)
        for m in state.monsters
    )
    sprung = dict(memory.traps)
    traps = tuple(sprung.get(t.id, s) for t, s in zip(state.ctx.traps, state.traps, strict=True))
    found = set(memory.doors)
    pairs = zip(state.ctx.doors, state.doors, strict=True)
    doors = tuple("closed" if d.id in found and s == "secret" else s for d, s in pairs)
    return replace(
        state,
        monsters=monsters,
        traps=traps,
        doors=doors,
        taken=memory.taken,
        searched=memory.searched,
        fired=memory.fired,
        rubble=memory.rubble,
    )


def completion_after(returns: int) -> int:
    """The completion experience (line 347) for a quest won after `returns` returns: halved each time
    (line 114: "the game master may reduce total experience earned for completion")."""
    return int(hq.catalog().experience.quest_completion) >> returns
