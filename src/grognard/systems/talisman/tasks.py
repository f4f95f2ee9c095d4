"""The registry of task kinds (`TASKS`, an `engine.features.Registry`): what each kind of task on the
stack does. Each feature module registers its own kinds with the decorators below, once each (a second
registration of a kind is refused), so nothing depends on the order modules are imported in.

A kind is automatic (`run`), a decision (`actions` lists the player's choices, `act` applies one) or a
chance node (`outcomes` lists exact outcomes, `resolve` applies one, and `throw`, when given, throws the
real dice or draws the card the node stands for and names its outcome). Handlers receive the state with
their task already popped, plus the task itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from grognard.engine.dice.core import Rng, Roll, d6
from grognard.engine.features import Registry
from grognard.engine.game import Outcome
from grognard.systems.talisman.state import CHANCE_KINDS, TalismanState, Task

Run = Callable[[TalismanState, Task], TalismanState]
Actions = Callable[[TalismanState, Task], Sequence[str]]
Act = Callable[[TalismanState, Task, str], TalismanState]
Outcomes = Callable[[TalismanState, Task], Sequence[tuple[Outcome, Fraction]]]
Resolve = Callable[[TalismanState, Task, Outcome], TalismanState]
Thrown = tuple[Outcome, tuple[Roll, ...]]
Throw = Callable[[TalismanState, Rng], Thrown]


@dataclass(frozen=True)
class Handler:
    """How one kind of task is handled (`dice`: its `throw` throws dice the player sees, not a card)."""

    mode: Literal["auto", "decide", "chance"]
    run: Run | None = None
    actions: Actions | None = None
    act: Act | None = None
    outcomes: Outcomes | None = None
    resolve: Resolve | None = None
    throw: Throw | None = None
    dice: bool = False

    def list_actions(self, state: TalismanState, task: Task) -> Sequence[str]:
        """The legal actions at a decision task."""
        assert self.actions is not None
        return tuple(self.actions(state, task))

    def list_outcomes(self, state: TalismanState, task: Task) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes at a chance task."""
        assert self.outcomes is not None
        return tuple(self.outcomes(state, task))


TASKS: Registry[Handler] = Registry("task kind", {}, {}, {})
"""Every task kind by name."""

HANDLERS = TASKS.handlers
"""`TASKS.handlers`: the handler of every task kind by name (read on every move, so kept at hand)."""


def auto(kind: str) -> Callable[[Run], Run]:
    """Register automatic work."""

    def deco(fn: Run) -> Run:
        TASKS.add(kind, Handler("auto", run=fn))
        return fn

    return deco


def decision(kind: str, actions: Actions) -> Callable[[Act], Act]:
    """Register a decision with its action lister."""

    def deco(fn: Act) -> Act:
        TASKS.add(kind, Handler("decide", actions=actions, act=fn))
        return fn

    return deco


def chance(
    kind: str, outcomes: Outcomes, throw: Throw | None = None, *, dice: bool = True
) -> Callable[[Resolve], Resolve]:
    """Register a chance node with its outcome lister and how it is thrown for real (`dice`: with dice
    the player sees; False for a card drawn or a seat chosen)."""

    def deco(fn: Resolve) -> Resolve:
        shown = dice and throw is not None
        TASKS.add(kind, Handler("chance", outcomes=outcomes, resolve=fn, throw=throw, dice=shown))
        CHANCE_KINDS.add(kind)
        return fn

    return deco


def named(roll: Roll, who: str) -> Roll:
    """A roll with whose it is in its expression ("1d6 (p0)")."""
    return Roll(f"{roll.expression} ({who})", roll.dice, roll.total)


def one_die(state: TalismanState, rng: Rng) -> Thrown:
    """A plain die thrown: its face is the outcome."""
    roll = d6(rng)
    return roll.total, (roll,)


def card_from(state: TalismanState, pile: Sequence[str], rng: Rng) -> Thrown:
    """A card off a shuffled stock: one of the sorted multiset at random (count/total each, as the node
    lists); no dice are shown."""
    if len(state.chance_outcomes()) == 1 or not pile:
        return state.chance_outcomes()[0][0], ()
    return pile[rng.randint(0, len(pile) - 1)], ()


def throw(state: TalismanState, rng: Rng) -> Thrown:
    """The outcome of the chance node at `state` and the dice thrown for it (none for a card drawn).

    A face mapping that ever disagreed with the node's outcomes would be a bug; the outcome is then drawn
    by probability instead, so play never stops (the tests pin the mapping)."""
    outcomes = state.chance_outcomes()
    thrower = HANDLERS[state.tasks[-1].kind].throw
    if thrower is not None:
        outcome, rolls = thrower(state, rng)
        for o, _ in outcomes:
            if o == outcome:
                return outcome, rolls
    return rng.weighted_choice(outcomes), ()
