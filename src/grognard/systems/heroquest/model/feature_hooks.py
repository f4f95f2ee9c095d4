"""The registries the features fill and the driver reads (the model layer): the chance kinds (each node's
exact outcomes, real dice and result), the modifiers played before any node's own rule (an axe's
concussion, a Double Image, a kept destiny die), the hooks run when a hero's turn starts and at the
driver's other turn points (after the heroes look, when an encounter ends, when a monster's turn starts or
ends, when a turn ends, while the driver settles, when the quest begins), and the hero actions of the
smaller rules (climbing out of a pit, a quest's challenges, a fallen companion's things).

Each feature module registers its own entries when it is imported; `rules_index` imports every one of
them, and the driver imports `rules_index`, so no lookup happens before every entry is in. Keys are
registered once (`engine.features.Registry` refuses a second), and hooks and modifiers run in the order of
their rank (then key), never in the order modules were imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, ParamSpec, Protocol, TypeVar

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.errors import RulesError
from grognard.engine.features import Registry
from grognard.engine.game import Move, Outcome
from grognard.i18n import gettext
from grognard.systems.heroquest.model.state import Pending, QuestState

Outcomes = list[tuple[Outcome, Fraction]]
"""A chance node's exact outcomes and their chances."""

Thrown = tuple[Outcome, tuple[Roll, ...]]
"""The outcome of a real throw and the dice thrown for it."""

P = ParamSpec("P")
T = TypeVar("T")


def required(function: Callable[P, T | None]) -> Callable[P, T]:
    """`function` for a registry entry, where a None (the function does not play this node) is a bug: a
    `RuntimeError`. For the modules whose chance functions answer None for any kind not theirs."""

    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        found = function(*args, **kwargs)
        if found is None:
            raise RuntimeError(f"{function.__qualname__} does not play this chance node")
        return found

    return call


@dataclass(frozen=True)
class Chance:
    """A kind of chance node: its exact outcomes, what an outcome does, and its real dice (`throw`; None:
    an outcome drawn by its chance with no dice to show, as a card from a deck)."""

    outcomes: Callable[[QuestState, Pending], Outcomes]
    result: Callable[[QuestState, Pending, Move], QuestState]
    throw: Callable[[QuestState, Pending, Rng], Thrown] | None = None


def _no_outcomes(state: QuestState, p: Pending) -> Outcomes | None:
    return None


def _no_throw(state: QuestState, p: Pending, rng: Rng) -> Thrown | None:
    return None


def _no_change(state: QuestState, p: Pending, move: Move) -> tuple[QuestState, Move, bool]:
    return state, move, False


@dataclass(frozen=True)
class Modifier:
    """A rule played before a chance node's own, whatever its kind, by `rank` (lower first): outcomes and
    dice that replace the node's (None: the node's own), and `before` its result, which gives the state,
    the outcome to play, and True when the modifier's result is the whole result."""

    rank: int
    outcomes: Callable[[QuestState, Pending], Outcomes | None] = _no_outcomes
    throw: Callable[[QuestState, Pending, Rng], Thrown | None] = _no_throw
    before: Callable[[QuestState, Pending, Move], tuple[QuestState, Move, bool]] = _no_change


TurnStep = Literal["go", "stop", "end"]
"""After a hook at the start of a hero's turn: go on with the next hook, stop there (the state waits for
something else: a spell's roll, the game master), or end the hero's turn."""


@dataclass(frozen=True)
class TurnStart:
    """A hook run when a hero's turn starts, by `rank` (lower first)."""

    rank: int
    run: Callable[[QuestState, int], tuple[QuestState, TurnStep]]


CHANCES: Registry[Chance] = Registry("chance node", {}, {}, {})
"""Every kind of chance node, by `Pending.kind`."""

MODIFIERS: Registry[Modifier] = Registry("chance modifier", {}, {}, {})
"""The rules played before any chance node's own, by name."""

HERO_TURN_STARTS: Registry[TurnStart] = Registry("turn-start hook", {}, {}, {})
"""What happens when a hero's turn starts (after the whirlwind), by name."""


def _never_held(state: QuestState, i: int) -> bool:
    return False


def _never_locked(state: QuestState, door_id: str) -> bool:
    return False


@dataclass(frozen=True)
class HeroAction:
    """A hero action a feature offers and plays, by its verb, listed in `rank` order (lower first):
    `offer` the actions of this verb hero `i` has now (`free` is True while his turn's action is free),
    `play` one (given its argument), `takes_action` True when it uses the turn's action; `holds` True while
    the feature keeps the hero from rolling to move, `locks` True while it keeps a door shut to hands."""

    rank: int
    offer: Callable[[QuestState, int, bool], list[str]]
    play: Callable[[QuestState, int, str], QuestState]
    takes_action: bool = True
    holds: Callable[[QuestState, int], bool] = _never_held
    locks: Callable[[QuestState, str], bool] = _never_locked


HERO_ACTIONS: Registry[HeroAction] = Registry("hero action", {}, {}, {})
"""The hero actions of the smaller rules, by verb."""


@dataclass(frozen=True)
class StateHook:
    """A hook a feature runs at one of the driver's turn points on the whole state, by `rank` (lower
    first)."""

    rank: int
    run: Callable[[QuestState], QuestState]


@dataclass(frozen=True)
class FigureHook:
    """A hook a feature runs at one of the driver's turn points for one figure (a monster's index), by
    `rank` (lower first)."""

    rank: int
    run: Callable[[QuestState, int], QuestState]


AFTER_LOOK: Registry[StateHook] = Registry("after-look hook", {}, {}, {})
"""What happens after the heroes have looked about them (and an encounter began or ended), by name."""

ENCOUNTER_ENDS: Registry[StateHook] = Registry("encounter-end hook", {}, {}, {})
"""What happens when no enemy is in sight any more (after the heroes' own recovery), by name."""

MONSTER_TURN_STARTS: Registry[FigureHook] = Registry("monster-turn-start hook", {}, {}, {})
"""What happens when an awake monster's turn starts (before the driver's own start), by name."""

MONSTER_TURN_ENDS: Registry[FigureHook] = Registry("monster-turn-end hook", {}, {}, {})
"""What happens when a monster's turn is over (after its one-turn effects end), by name."""


@dataclass(frozen=True)
class TurnGate:
    """A hook at a turn point that may take over the driver's next step, by `rank` (lower first): the
    state, and True when it did (the first True stops the loop)."""

    rank: int
    run: Callable[[QuestState], tuple[QuestState, bool]]


@dataclass(frozen=True)
class TurnLoss:
    """A hook when a monster's turn starts that may cost it the turn, by `rank` (lower first): the state
    with the turn lost, or None when the monster is free."""

    rank: int
    run: Callable[[QuestState, int], QuestState | None]


HERO_TURN_HOLDS: Registry[TurnGate] = Registry("turn-hold hook", {}, {}, {})
"""Before the current figure's turn ends: True holds it open (a Flashback window), by name."""

EXTRA_TURNS: Registry[TurnGate] = Registry("extra-turn hook", {}, {}, {})
"""After a turn's one-turn effects end: True starts the current slot again (a Timestop turn), by name."""

MONSTER_TURN_LOSSES: Registry[TurnLoss] = Registry("monster-turn-loss hook", {}, {}, {})
"""When a monster's turn starts, before the whirlwind: what costs it the turn, by name."""


def run_gates(registry: Registry[TurnGate], state: QuestState) -> tuple[QuestState, bool]:
    """`state` after the hooks of `registry` in rank order, up to the first that takes over (True)."""
    for hook in ranked(registry):
        state, taken = hook.run(state)
        if taken:
            return state, True
    return state, False


def lost_turn(state: QuestState, index: int) -> QuestState | None:
    """The state with monster `index`'s turn lost, by the first `MONSTER_TURN_LOSSES` hook that takes it;
    None when it is free."""
    for hook in ranked(MONSTER_TURN_LOSSES):
        lost = hook.run(state, index)
        if lost is not None:
            return lost
    return None


@dataclass(frozen=True)
class SettleStep:
    """A step of the driver's settling after a move, by `rank` (lower first): None when the feature has
    nothing to do, else the state and True when it must wait for a player (False: settle again)."""

    rank: int
    run: Callable[[QuestState], tuple[QuestState, bool] | None]


@dataclass(frozen=True)
class OpeningRoll:
    """A roll a feature asks for before the heroes' order, by `rank` (lower first): its node, or None."""

    rank: int
    run: Callable[[QuestState], Pending | None]


SETTLE_STEPS: Registry[SettleStep] = Registry("settle step", {}, {}, {})
"""What the driver's settling plays after a monster skill's queue and before the turn's own steps."""

OPENING_ROLLS: Registry[OpeningRoll] = Registry("opening roll", {}, {}, {})
"""What is rolled when the quest begins, after the heroes look and before the order, by name."""


def settle_step(state: QuestState) -> tuple[QuestState, bool] | None:
    """The first `SETTLE_STEPS` step (in rank order) with something to do: the state and whether to wait
    for a player; None when none has."""
    for step in ranked(SETTLE_STEPS):
        found = step.run(state)
        if found is not None:
            return found
    return None


def opening_roll(state: QuestState) -> Pending | None:
    """The first roll the `OPENING_ROLLS` hooks (in rank order) ask for when the quest begins, or None."""
    for roll in ranked(OPENING_ROLLS):
        found = roll.run(state)
        if found is not None:
            return found
    return None


class _Ranked(Protocol):
    @property
    def rank(self) -> int: ...


R = TypeVar("R", bound=_Ranked)


def ranked(registry: Registry[R]) -> list[R]:
    """The entries of `registry` in the order they run: by rank, then by key."""
    return [h for _, h in sorted(registry.handlers.items(), key=lambda kv: (kv[1].rank, kv[0]))]


def run_state_hooks(registry: Registry[StateHook], state: QuestState) -> QuestState:
    """`state` after every hook of `registry`, in rank order."""
    for hook in ranked(registry):
        state = hook.run(state)
    return state


def run_figure_hooks(registry: Registry[FigureHook], state: QuestState, index: int) -> QuestState:
    """`state` after every hook of `registry` for figure `index`, in rank order."""
    for hook in ranked(registry):
        state = hook.run(state, index)
    return state


def hero_action_kinds() -> list[HeroAction]:
    """The registered hero actions in the order their offers are listed."""
    return [h for _, h in sorted(HERO_ACTIONS.handlers.items(), key=lambda kv: (kv[1].rank, kv[0]))]


def _ranked_modifiers() -> list[Modifier]:
    return [m for _, m in sorted(MODIFIERS.handlers.items(), key=lambda kv: (kv[1].rank, kv[0]))]


def hero_turn_starts() -> list[TurnStart]:
    """The turn-start hooks in the order they run."""
    return [h for _, h in sorted(HERO_TURN_STARTS.handlers.items(), key=lambda kv: (kv[1].rank, kv[0]))]


def chance_kind(state: QuestState, p: Pending) -> Chance:
    """The registered kind of node `p`; a `RulesError` for a kind nobody registered."""
    found = CHANCES.handlers.get(p.kind)
    if found is None:
        raise RulesError(p.kind, state, gettext("unknown chance node"))
    return found


def chance_outcomes(state: QuestState, p: Pending) -> Outcomes:
    """The exact outcomes of node `p`: a modifier's, else its kind's."""
    for modifier in _ranked_modifiers():
        found = modifier.outcomes(state, p)
        if found is not None:
            return found
    return chance_kind(state, p).outcomes(state, p)


def chance_throw(state: QuestState, p: Pending, rng: Rng) -> Thrown:
    """The real dice of node `p` and the outcome they give: a modifier's, else its kind's (an outcome drawn
    by its chance, with no dice, for a kind without dice)."""
    for modifier in _ranked_modifiers():
        found = modifier.throw(state, p, rng)
        if found is not None:
            return found
    chance = chance_kind(state, p)
    if chance.throw is None:
        return rng.weighted_choice(chance_outcomes(state, p)), ()
    return chance.throw(state, p, rng)


def chance_result(state: QuestState, p: Pending, move: Move) -> QuestState:
    """The state after node `p` came out as `move`: the node cleared, the modifiers, then its kind's
    result."""
    state = state.evolve(pending=None)
    for modifier in _ranked_modifiers():
        state, move, done = modifier.before(state, p, move)
        if done:
            return state
    return chance_kind(state, p).result(state, p, move)
