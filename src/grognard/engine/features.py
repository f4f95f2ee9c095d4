"""The one registry of feature handlers by key, for every system (HeroQuest's skills, items, spells,
monster skills and chaos spells; Talisman's tasks; Adventures in Fantasy's campaign steps), with the keys
played elsewhere and the keys the game does not play yet, each with the place or the reason.

A key is registered once, by the module of its feature: `add` refuses a second handler for the same key,
so behaviour never depends on the order in which modules are imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from grognard.engine.errors import RuleNotImplementedError, UsageError
from grognard.i18n import gettext as _

H = TypeVar("H")
F = TypeVar("F")


@dataclass(frozen=True)
class Registry(Generic[H]):
    """The handlers of one kind of thing (`noun`: "skill", "chaos spell") by key, with the keys played
    where their rule applies (`passive`) and those not played yet (`not_played`), each with its reason.
    """

    noun: str
    handlers: dict[str, H]
    passive: dict[str, str]
    not_played: dict[str, str]

    def lookup(self, key: str) -> H:
        """The handler of `key`; `RuleNotImplementedError` when it is not played or has no handler, a
        `UsageError` when it is played elsewhere (passive)."""
        if key in self.handlers:
            return self.handlers[key]
        what = f"the {self.noun} {key}"
        if key in self.not_played:
            raise RuleNotImplementedError(f"{what} is not played: {self.not_played[key]}")
        if key in self.passive:
            raise UsageError(
                _("{what} is not used as an action: {passive}").format(what=what, passive=self.passive[key])
            )
        raise RuleNotImplementedError(f"{what} has no handler")

    def add(self, key: str, handler: H) -> H:
        """Register `handler` for `key` and return it; a `ValueError` when `key` already has one."""
        if key in self.handlers:
            raise ValueError(f"the {self.noun} {key} is registered twice")
        self.handlers[key] = handler
        return handler

    def register(self, key: str, make: Callable[[F], H]) -> Callable[[F], F]:
        """A decorator that registers `make(function)` as the handler of `key` and returns the function; a
        `ValueError` when `key` already has one (as `add`)."""

        def wrap(function: F) -> F:
            self.add(key, make(function))
            return function

        return wrap
