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
from typing import Literal, TypeAlias

from pydantic import Field, model_validator

from grognard.engine.content import ContentModel, LocatedValueError
from grognard.engine.dice.core import sum_distribution
from grognard.systems.heroquest.content.board import SquareField

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
