"""Dice and randomness: one seeded RNG per game, and one model for every die the systems use.

Every roll is recorded: which die, the face it showed, its value, and whether it was kept, dropped or
rerolled. Special dice (the HeroQuest combat die, a Lone Wolf random number, Adventures in Fantasy's
percentile pair) are values of the same model.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from grognard.engine.errors import DiceError
from grognard.i18n import gettext

if TYPE_CHECKING:
    from fractions import Fraction  # imported where a distribution is made: rolling never needs it

T = TypeVar("T")

MAX_DICE = 1000
MAX_SIDES = 10_000


class Rng:
    """A seeded random source. Never share one between games; never use module-level `random`."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._random = random.Random(str(seed))

    @classmethod
    def for_move(cls, seed: int | str, ply: int) -> Rng:
        """The RNG for the chance node at move number `ply` of a game with `seed`.

        Deriving it from (seed, ply) makes a saved game continue with the same dice as an unbroken one.
        """
        return cls(f"{seed}:{ply}")

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return self._random.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        """A uniform choice among `items`."""
        if not items:
            raise DiceError(gettext("cannot choose from nothing"))
        return items[self._random.randrange(len(items))]

    def weighted_choice(self, weighted: Iterable[tuple[T, Fraction]]) -> T:
        """One item drawn by its exact probability."""
        pairs = list(weighted)
        if not pairs:
            raise DiceError(gettext("no outcomes to draw from"))
        denominator = 1
        for _, p in pairs:
            denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
        ticket = self._random.randrange(denominator)
        acc = 0
        for item, p in pairs:
            acc += int(p * denominator)
            if ticket < acc:
                return item
        return pairs[-1][0]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place."""
        self._random.shuffle(items)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


@dataclass(frozen=True)
class DieRoll:
    """One die thrown: its kind, its number of faces, the face shown and the value it counts for."""

    die: str
    sides: int
    value: int
    face: str = ""
    kept: bool = True
    rerolled: bool = False
    exploded: bool = False
    group: int = 0
    raw: int | None = None

    def label(self) -> str:
        """How the die is shown to a player.

        `exploded` marks a die whose face added another die; `group` is the index of the dice term that
        threw it (see `Roll.terms`); `raw` is the face actually thrown when a minimum or maximum changed
        the value it counts for.
        """
        text = self.face or str(self.value)
        if self.raw is not None and self.raw != self.value:
            text = f"{text} (rolled {self.raw})"
        if self.exploded:
            text += "!"
        if self.rerolled:
            return f"({text} rerolled)"
        if not self.kept:
            return f"({text} dropped)"
        return text


@dataclass(frozen=True)
class Roll:
    """A whole roll: what was asked, every die thrown, and the total.

    `extras` are named counts beside the total (a HeroQuest roll's shields); `terms` name the dice terms
    of a notation roll, indexed by `DieRoll.group`.
    """

    expression: str
    dice: tuple[DieRoll, ...]
    total: int
    detail: str = ""
    extras: tuple[tuple[str, int], ...] = field(default=())
    terms: tuple[str, ...] = field(default=())
    counted: str = ""
    """The face the total counts ("skull", "white shield"), for dice whose total is a count of faces."""

    def faces(self) -> list[int]:
        """The values of the kept dice, in the order thrown."""
        return [d.value for d in self.dice if d.kept and not d.rerolled]

    def render(self) -> str:
        """One line: the expression, each die, the total."""
        shown = ", ".join(d.label() for d in self.dice)
        body = f"[{shown}]" if shown else ""
        extra = f" {self.detail}" if self.detail else ""
        return f"{self.expression}: {body}{extra} = {self.total}".replace(":  ", ": ")


def _check(count: int, sides: int) -> None:
    if count < 0 or count > MAX_DICE:
        raise DiceError(
            gettext("cannot roll %(count)s dice (0 to %(most)s)") % {"count": count, "most": MAX_DICE}
        )
    if sides < 1 or sides > MAX_SIDES:
        raise DiceError(
            gettext("a die needs 1 to %(most)s sides, not %(sides)s") % {"most": MAX_SIDES, "sides": sides}
        )


def roll_dice(rng: Rng, count: int, sides: int, modifier: int = 0, die: str | None = None) -> Roll:
    """Roll `count` dice of `sides` faces and add `modifier`."""
    _check(count, sides)
    name = die or f"d{sides}"
    dice = tuple(DieRoll(name, sides, rng.randint(1, sides)) for _ in range(count))
    total = sum(d.value for d in dice) + modifier
    expr = f"{count}d{sides}" + (f"{modifier:+d}" if modifier else "")
    return Roll(expr, dice, total)


def d6(rng: Rng, count: int = 1, modifier: int = 0) -> Roll:
    """The common six-sided die."""
    return roll_dice(rng, count, 6, modifier)


@cache
def sum_distribution(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of `count` fair dice with `sides` faces."""
    from fractions import Fraction

    _check(count, sides)
    dist: dict[int, Fraction] = {0: Fraction(1)}
    face = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for v in range(1, sides + 1):
                nxt[total + v] = nxt.get(total + v, Fraction(0)) + p * face
        dist = nxt
    return dist


# Lone Wolf: the random number 0-9.


def _unknown_table(table: str) -> DiceError:
    return DiceError(
        gettext("unknown random number table %(table)s (uniform or book)") % {"table": repr(table)}
    )


BOOK_TABLE_DIGITS = (
    "3279628256413871684041631756202504866841059570946528256327961684041387756204163166841250480946505957"
)
"""The Random Number Table printed in Grey Star the Wizard, read row by row (100 digits)."""


def lone_wolf_number(rng: Rng, table: str = "uniform") -> Roll:
    """A Lone Wolf random number 0-9: uniform, or by pointing blindly at the book's printed table."""
    if table == "uniform":
        value = rng.randint(0, 9)
        return Roll("random number", (DieRoll("lw", 10, value),), value)
    if table == "book":
        index = rng.randint(0, 99)
        value = int(BOOK_TABLE_DIGITS[index])
        cell = f"table row {index // 10 + 1} column {index % 10 + 1}"
        return Roll("random number", (DieRoll("lw-table", 100, value, face=str(value)),), value, cell)
    raise _unknown_table(table)


def lone_wolf_distribution(table: str = "uniform") -> dict[int, Fraction]:
    """The exact distribution of a Lone Wolf random number under either table."""
    from fractions import Fraction

    if table == "uniform":
        return {v: Fraction(1, 10) for v in range(10)}
    if table == "book":
        counts: dict[int, int] = {}
        for ch in BOOK_TABLE_DIGITS:
            counts[int(ch)] = counts.get(int(ch), 0) + 1
        return {v: Fraction(counts.get(v, 0), 100) for v in range(10)}
    raise _unknown_table(table)


# Adventures in Fantasy: two d20 read as digits, 01-100.


def d20_digit(face: int) -> int:
    """The digit a d20 face is read as: 1-10 and 11-20 both read 1..9, 0."""
    return face % 10


def percentile(rng: Rng) -> Roll:
    """Two d20 read as tens and units digits; 00 reads as 100 (seed 002, CHARACTER GENERATION)."""
    tens = rng.randint(1, 20)
    units = rng.randint(1, 20)
    value = d20_digit(tens) * 10 + d20_digit(units)
    value = value or 100
    dice = (
        DieRoll("d20-tens", 20, d20_digit(tens), face=str(tens)),
        DieRoll("d20-units", 20, d20_digit(units), face=str(units)),
    )
    return Roll("d100", dice, value, "(two d20 read as digits)")


# HeroQuest: the combat die and the red die.

HQ_COMBAT_FACES = ("skull", "skull", "skull", "white shield", "white shield", "black shield")
"""The six faces of the HeroQuest combat die: 3 skulls, 2 white shields, 1 black shield."""


def heroquest_combat_dice(rng: Rng, count: int, counted: str = "skull", purpose: str = "") -> Roll:
    """Throw `count` combat dice; the total is the number of faces `counted` (skulls unless said: a
    hero defends with white shields, a monster with black), said with the throw's `purpose`
    ("Attack: 3 combat dice: [...] skulls = 2", "Defend: 2 combat dice: [...] white shields = 1")."""
    _check(count, 6)
    dice = tuple(
        DieRoll("combat", 6, face_index, face=HQ_COMBAT_FACES[face_index - 1])
        for face_index in (rng.randint(1, 6) for _ in range(count))
    )
    skulls = sum(1 for d in dice if d.face == "skull")
    white = sum(1 for d in dice if d.face == "white shield")
    extras = (("skulls", skulls), ("white shields", white), ("black shields", count - skulls - white))
    total = sum(1 for d in dice if d.face == counted)
    what = f"{count} combat {'die' if count == 1 else 'dice'}"
    return Roll(
        f"{purpose}: {what}" if purpose else what, dice, total, f"{counted}s", extras, counted=counted
    )


def red_dice(rng: Rng, count: int = 1) -> Roll:
    """HeroQuest's red six-sided dice."""
    return roll_dice(rng, count, 6, die="red d6")
