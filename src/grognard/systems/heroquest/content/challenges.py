"""Challenges: the quest's "other actions" (lines 110-112 of 004_24cd6f974fe6a1ee.txt) as a quest sets them.

Line 110: in place of combat, searching, spells or item use a character may try an arbitrary action that
succeeds or fails on a dice roll, the game master setting how hard it is against the character's
abilities; line 112's example is a wizard with five Mind points rolling five red dice and needing a total
of 15 to read a cipher. Our game master is automatic, so the quest sets each task beforehand: a
`Challenge` stands on a square, a piece of furniture or a door, names the attribute whose points give
the red dice (one die a point, as in the example) and the total to reach, and says what success gives:
treasure kept locked until then, notes read out, the door opened, and any quest event whose trigger is
`solve-challenge` (a failure fires `fail-challenge` events). The format is in docs/formats/quest.md; the
play is in `challenge_play`. `reach_chance` is the exact chance of the roll.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Literal, TypeAlias

from pydantic import Field, model_validator

from grognard.engine.content import ContentModel, LocatedValueError
from grognard.engine.dice import sum_distribution
from grognard.systems.heroquest.content.board import SquareField

if TYPE_CHECKING:
    from grognard.systems.heroquest.content.board import Board
    from grognard.systems.heroquest.content.quest import QuestFile

Attribute: TypeAlias = Literal["attack", "defend", "body", "mind", "magic", "movement"]
"""The attribute whose points give a challenge's red dice (lines 152-164)."""

ChallengeTrigger: TypeAlias = Literal["solve-challenge", "fail-challenge"]
"""The quest events a challenge sets off: met, or failed."""


class Challenge(ContentModel):
    """A task a hero may try as his action (line 110): where it is, the dice, the total, what it gives.

    Exactly one of `at` (a square), `furniture` (a furniture id) or `door` (a door id, closed or secret at
    the start) says where it is. `attribute` gives one red die per point of the hero's attribute, `target`
    the total to reach (line 112). `tries` is how often each hero may try it (0: as often as he likes).
    Success gives the `treasure` (ids of treasure placements, which searching cannot find until then),
    reads out the `notes` (note ids), opens the door, pays `experience` (one point by default, line 347)
    and fires the quest's `solve-challenge` events; a failure fires its `fail-challenge` events.
    """

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
    name: str = ""
    text: str = ""
    at: SquareField | None = None
    furniture: str | None = None
    door: str | None = None
    attribute: Attribute
    target: int = Field(ge=1)
    tries: int = Field(default=1, ge=0)
    treasure: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    experience: int = Field(default=1, ge=0)

    @model_validator(mode="after")
    def _where(self) -> Challenge:
        if sum(x is not None for x in (self.at, self.furniture, self.door)) != 1:
            raise LocatedValueError(("at",), "a challenge is at one of a square, furniture, a door")
        return self

    @property
    def label(self) -> str:
        """How the challenge is named to the players: its `name`, else its id."""
        return self.name or self.id


@cache
def reach_chance(dice: int, target: int) -> Fraction:
    """The exact chance that `dice` red dice total `target` or more (0 dice total 0)."""
    if dice <= 0:
        return Fraction(1) if target <= 0 else Fraction(0)
    return sum((p for total, p in sum_distribution(dice, 6).items() if total >= target), Fraction(0))


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
            out.append((f"{where}.at", f"challenge {c.id!r} at {c.at} is not a room or corridor square"))
        if c.furniture is not None:
            if c.furniture not in furniture:
                out.append((f"{where}.furniture", f"no furniture {c.furniture!r}"))
            elif c.furniture in trapped:
                out.append(
                    (f"{where}.furniture", f"furniture {c.furniture!r} holds a trap; a challenge's may not")
                )
        if c.door is not None:
            door = doors.get(c.door)
            if door is None:
                out.append((f"{where}.door", f"no door {c.door!r}"))
            elif door.state == "open":
                out.append((f"{where}.door", f"door {c.door!r} is open at the start; a challenge's is shut"))
        for j, tid in enumerate(c.treasure):
            if tid not in treasure:
                out.append((f"{where}.treasure[{j}]", f"no treasure {tid!r}"))
            elif tid in locked:
                out.append((f"{where}.treasure[{j}]", f"treasure {tid!r} is locked by {locked[tid]!r} too"))
            locked.setdefault(tid, c.id)
        for j, nid in enumerate(c.notes):
            if nid not in notes:
                out.append((f"{where}.notes[{j}]", f"no note {nid!r}"))
    ids = {c.id for c in q.challenges}
    for i, e in enumerate(q.events):
        if e.trigger.kind in ("solve-challenge", "fail-challenge") and e.trigger.challenge not in ids:
            out.append((f"events[{i}].trigger.challenge", f"no challenge {e.trigger.challenge!r}"))
    return out
