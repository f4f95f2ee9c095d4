"""A stub RNG that throws the faces a test asks for, in order."""

from __future__ import annotations

from grognard.engine.dice.core import Rng


class StubRng(Rng):
    """Returns the given faces from `randint`, one per call; running out is a test failure."""

    def __init__(self, *faces: int) -> None:
        super().__init__("stub")
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        """The next forced face (checked to lie in [low, high])."""
        face = self.faces.pop(0)
        assert low <= face <= high, f"forced face {face} outside {low}..{high}"
        return face
