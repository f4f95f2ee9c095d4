"""A scripted Rng for the book's worked examples: it throws the faces given, in order."""

from __future__ import annotations

from collections.abc import Iterable

from grognard.engine.dice.core import Rng


class Scripted(Rng):
    """An Rng whose dice show the faces given; it fails loudly on a face outside the die or on running out."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__("scripted")
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        """The next scripted face, checked against the die's range."""
        if not self.faces:
            raise AssertionError(f"the script ran out (a die {low}-{high} was thrown)")
        face = self.faces.pop(0)
        if not low <= face <= high:
            raise AssertionError(f"scripted face {face} is not on a die {low}-{high}")
        return face

    def done(self) -> bool:
        """True when every scripted face was thrown."""
        return not self.faces


def pct(value: int) -> list[int]:
    """The two d20 faces that read as the percentile `value` (1-100; 100 is 00)."""
    tens, units = divmod(value % 100, 10)
    return [tens or 10, units or 10]
