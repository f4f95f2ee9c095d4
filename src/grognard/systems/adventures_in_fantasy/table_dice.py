"""Dice at the table: a random source that first gives the dice the referee threw, then rolls the rest.

A referee with real dice runs a procedure with `TableDice(seed, given)`: each value of `given` is the
next die the procedure throws, in the order it throws them. A die is given as the face it shows (a d6 as
1-6, a d20 as 1-20); two d20 read as digits (01-100) may be given as their two faces, or as the reading
with a percent sign (`73%`, `100%` for 00), which stands for both dice. When the given values run out the
seeded dice roll on. `given_dice` records each given value and the die it was used for; `unused` what
was left over (a procedure that threw fewer dice than given).

`TableRolls(given)` hands the same values to the match driver (`engine.match.GivenDice`) for the chance
moves of one referee action: each chance move throws a `TableDice` seeded as the driver's own dice would
be (`Rng.for_move`), the values the earlier ones left first, and `check` refuses values left over, before
the driver saves anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.i18n import gettext

D20 = 20
"""Two d20 read as digits make the book's 01-100 roll."""


@dataclass(frozen=True)
class Given:
    """One value the referee gave: as written, and the die (1-N) it was used for."""

    text: str
    sides: int
    face: int


def parse_rolls(text: str) -> tuple[str, ...]:
    """`--rolls 73%,4,12` as its values; anything but whole numbers (with an optional %) is refused."""
    values = tuple(v.strip() for v in text.split(",") if v.strip())
    for v in values:
        number = v[:-1] if v.endswith("%") else v
        if not (number.isascii() and number.isdigit()) or (v.endswith("%") and not 1 <= int(number) <= 100):
            raise UsageError(
                gettext("roll {roll}: write a die's face (4) or a two-d20 reading 1-100 with % (73%)").format(
                    roll=repr(v)
                )
            )
    return values


def _face(digit: int) -> int:
    return digit if digit else 10


class TableDice(Rng):
    """A seeded `Rng` whose first dice are the ones the referee gives (see the module's note)."""

    def __init__(self, seed: int | str, given: Sequence[str] = ()) -> None:
        """Roll from `seed` once the `given` values (as `parse_rolls` reads them) are spent."""
        super().__init__(seed)
        self._queue = list(given)
        self._units: int | None = None
        self.given_dice: list[Given] = []

    @property
    def unused(self) -> tuple[str, ...]:
        """The given values no die used."""
        return tuple(self._queue)

    def randint(self, low: int, high: int) -> int:
        """The next given face (checked against the die), the units die of a given reading, or a roll."""
        if self._units is not None:
            face, self._units = self._units, None
            return face
        if not self._queue:
            return super().randint(low, high)
        text = self._queue.pop(0)
        if text.endswith("%"):
            if (low, high) != (1, D20):
                raise UsageError(
                    gettext("roll {roll}: a two-d20 reading where the procedure throws a d{sides}").format(
                        roll=text, sides=high
                    )
                )
            reading = int(text[:-1]) % 100
            tens, units = _face(reading // 10), _face(reading % 10)
            self._units = units
            self.given_dice.append(Given(text, 100, reading or 100))
            return tens
        face = int(text)
        if not low <= face <= high:
            said = (
                gettext(
                    "roll {roll}: the procedure throws a die of {low}-{high} here"
                    " (a two-d20 reading is written with %: {roll}%)"
                )
                if high == D20
                else gettext("roll {roll}: the procedure throws a die of {low}-{high} here")
            )
            raise UsageError(said.format(roll=text, low=low, high=high))
        self.given_dice.append(Given(text, high, face))
        return face


def check_spent(dice: TableDice) -> None:
    """Refuse given values the procedure did not use: they were meant for another throw."""
    if dice.unused:
        used = len(dice.given_dice)
        raise UsageError(
            gettext("rolls {rolls} were not used: the procedure threw its dice after {used} given").format(
                rolls=",".join(dice.unused), used=used
            )
        )


class TableRolls:
    """The table's dice for the chance moves of one referee action, as the match driver takes them
    (`engine.match.GivenDice`; see the module's note)."""

    def __init__(self, given: Sequence[str] = ()) -> None:
        """Give the chance moves `given` (as `parse_rolls` reads them), in order."""
        self._queue = list(given)
        self._open: TableDice | None = None
        self._given: list[Given] = []

    @property
    def given(self) -> list[Given]:
        """The values used so far, each with the die it decided."""
        self._close()
        return list(self._given)

    def rng(self, seed: int, ply: int) -> Rng:
        """The dice of the chance move at `ply`: the values left, then `Rng.for_move(seed, ply)`'s."""
        self._close()
        self._open = TableDice(f"{seed}:{ply}", self._queue)
        return self._open

    def check(self) -> None:
        """Refuse values no chance move used: nothing is saved."""
        self._close()
        if self._queue:
            raise UsageError(
                gettext("rolls {rolls} were not used: nothing was saved").format(rolls=",".join(self._queue))
            )

    def _close(self) -> None:
        if self._open is not None:
            self._queue = list(self._open.unused)
            self._given += self._open.given_dice
            self._open = None
