"""The registry of task kinds: what each kind of task on the stack does.

A kind is automatic (`run`), a decision (`actions` lists the player's choices, `act` applies one) or a
chance node (`outcomes` lists exact outcomes, `resolve` applies one). Handlers receive the state with
their task already popped, plus the task itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from grognard.engine.game import Outcome
from grognard.systems.talisman.state import CHANCE_KINDS, TalismanState, Task

Run = Callable[[TalismanState, Task], TalismanState]
Actions = Callable[[TalismanState, Task], Sequence[str]]
Act = Callable[[TalismanState, Task, str], TalismanState]
Outcomes = Callable[[TalismanState, Task], Sequence[tuple[Outcome, Fraction]]]
Resolve = Callable[[TalismanState, Task, Outcome], TalismanState]


@dataclass(frozen=True)
class Handler:
    """How one kind of task is handled."""

    mode: Literal["auto", "decide", "chance"]
    run: Run | None = None
    actions: Actions | None = None
    act: Act | None = None
    outcomes: Outcomes | None = None
    resolve: Resolve | None = None

    def list_actions(self, state: TalismanState, task: Task) -> Sequence[str]:
        """The legal actions at a decision task."""
        assert self.actions is not None
        return tuple(self.actions(state, task))

    def list_outcomes(self, state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes at a chance task."""
        assert self.outcomes is not None
        return tuple(self.outcomes(state, task))


HANDLERS: dict[str, Handler] = {}
"""Every task kind by name."""


def auto(kind: str) -> Callable[[Run], Run]:
    """Register automatic work."""

    def deco(fn: Run) -> Run:
        HANDLERS[kind] = Handler("auto", run=fn)
        return fn

    return deco


def decision(kind: str, actions: Actions) -> Callable[[Act], Act]:
    """Register a decision with its action lister."""

    def deco(fn: Act) -> Act:
        HANDLERS[kind] = Handler("decide", actions=actions, act=fn)
        return fn

    return deco


def chance(kind: str, outcomes: Outcomes) -> Callable[[Resolve], Resolve]:
    """Register a chance node with its outcome lister."""

    def deco(fn: Resolve) -> Resolve:
        HANDLERS[kind] = Handler("chance", outcomes=outcomes, resolve=fn)
        CHANCE_KINDS.add(kind)
        return fn

    return deco
