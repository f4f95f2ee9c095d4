"""A registry of handlers by key (items and artifacts, skills), with the keys played elsewhere and the
keys the game does not play yet, each with the place or the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from grognard.engine.errors import RuleNotImplementedError, UsageError

H = TypeVar("H")
F = TypeVar("F")


@dataclass(frozen=True)
class Registry(Generic[H]):
    """Handlers by key, and the messages for the keys without one.

    The messages are `str.format` templates given `key` and (for `not_played` and `passive`) `reason`,
    the text the key has in its table.
    """

    handlers: dict[str, H]
    passive: dict[str, str]
    not_played: dict[str, str]
    not_played_message: str
    passive_message: str
    missing_message: str

    def lookup(self, key: str) -> H:
        """The handler of `key`; `RuleNotImplementedError` when it is not played or has no handler, a
        `UsageError` when it is played elsewhere (passive)."""
        if key in self.handlers:
            return self.handlers[key]
        if key in self.not_played:
            reason = self.not_played[key]
            raise RuleNotImplementedError(self.not_played_message.format(key=key, reason=reason))
        if key in self.passive:
            raise UsageError(self.passive_message.format(key=key, reason=self.passive[key]))
        raise RuleNotImplementedError(self.missing_message.format(key=key))

    def register(self, key: str, make: Callable[[F], H]) -> Callable[[F], F]:
        """A decorator that registers `make(function)` as the handler of `key` and returns the function."""

        def wrap(function: F) -> F:
            self.handlers[key] = make(function)
            return function

        return wrap
