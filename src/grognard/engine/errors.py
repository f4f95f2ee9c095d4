"""The error hierarchy: every error grognard raises on purpose is a `GrognardError`."""

from __future__ import annotations

from typing import Any


class GrognardError(Exception):
    """Base of every error grognard raises on purpose."""


class RulesError(GrognardError):
    """An illegal move: the message names the move and the state it was tried in."""

    def __init__(self, move: Any, state: Any, reason: str = "not a legal move") -> None:
        self.move = move
        self.state = state
        self.reason = reason
        super().__init__(f"{reason}: {move!r} in {state!r}")


class RuleNotImplementedError(GrognardError):
    """A rule the engine does not implement was reached; it is refused, never silently skipped."""


class ContentError(GrognardError):
    """A data file is refused: the file, the place in it and the reason."""

    def __init__(self, file: str, location: str, reason: str) -> None:
        self.file = file
        self.location = location
        self.reason = reason
        where = f"{file}: {location}" if location else file
        super().__init__(f"{where}: {reason}")


class DiceError(GrognardError, ValueError):
    """A dice expression or die that cannot be rolled; the message quotes the offending text."""


class SaveError(GrognardError):
    """A saved game that cannot be read, written, imported or found."""


class StaleGameError(SaveError):
    """A save refused because another session changed the stored game since this one loaded it."""


class DamagedStoreError(SaveError):
    """The saved-game database is damaged; the message says what and how to recover."""


class OddsError(GrognardError):
    """The exact solver cannot solve a state (budget exceeded, a cycle it cannot fold)."""


class UsageError(GrognardError, ValueError):
    """Bad input from a user; the message names the offending value."""
