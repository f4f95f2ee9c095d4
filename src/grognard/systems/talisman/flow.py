"""Running the task stack: apply a move, then settle every automatic task until a player or chance acts.

Between tasks the rules that apply "at any time" are enforced: surplus Spells must be discarded (2:8),
surplus Objects left on the space (5:5), Magic Objects not permitted by a new alignment dropped (7:3). A
decision with a single legal action and a chance node with a single outcome are taken at once.

This is the driver: importing it imports every feature module (each registers its task kinds in
`tasks.TASKS`) and hands the rules to the states (`state.use_rules`), with the reader of an older
version's English log lines (`state.use_note_reader`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from grognard.engine.dice.core import Rng
from grognard.engine.game import Action, Move, Outcome
from grognard.systems.talisman import combat, effects, encounter, movement, spells, turn  # noqa: F401
from grognard.systems.talisman.scores import (
    OBJECT_LIMIT,
    check_invariants,
    object_limit,
    spell_limit,
    unusable,
)
from grognard.systems.talisman.state import (
    Hero,
    TalismanState,
    Task,
    WorkingState,
    frozen,
    remember_actions,
    remember_outcomes,
    use_note_reader,
    use_rules,
    working,
)
from grognard.systems.talisman.tasks import HANDLERS, Thrown, throw
from grognard.systems.talisman.words import MUST_LEAVE, note_of_text

SETTLE_LIMIT = 10_000


def apply_move(state: TalismanState, move: Move) -> TalismanState:
    """Apply a legal move at the top task, then settle (on one private copy of `state`, made here)."""
    top = state.tasks[-1]
    handler = HANDLERS[top.kind]
    popped = working(state).pop()
    if handler.mode == "chance":
        assert handler.resolve is not None
        nxt = handler.resolve(popped, top, move)
    else:
        assert handler.act is not None
        nxt = handler.act(popped, top, str(move))
    return _settle(nxt if nxt.__class__ is WorkingState else working(nxt))


class TaskRules:
    """The rules as the states see them (`state.Rules`): each answer comes from the top task's handler."""

    def actions(self, state: TalismanState) -> Sequence[Action]:
        """The legal actions at the top decision task."""
        top = state.tasks[-1]
        return HANDLERS[top.kind].list_actions(state, top)

    def outcomes(self, state: TalismanState) -> Sequence[tuple[Outcome, Fraction]]:
        """The exact outcomes of the top chance task."""
        top = state.tasks[-1]
        return HANDLERS[top.kind].list_outcomes(state, top)

    def apply(self, state: TalismanState, move: Move) -> TalismanState:
        """`apply_move`."""
        return apply_move(state, move)

    def throw(self, state: TalismanState, rng: Rng) -> Thrown:
        """`tasks.throw`: the real dice of the top chance task."""
        return throw(state, rng)

    def invariants(self, state: TalismanState) -> list[str]:
        """`scores.check_invariants`."""
        return check_invariants(state)


def housekeeping(state: TalismanState) -> TalismanState | None:
    """A state with a prompt pushed when some rule must be enforced now, else None."""
    return _housekeeping(state, None)[0]


def _housekeeping(state: TalismanState, known: tuple[Hero, ...] | None) -> tuple[TalismanState | None, bool]:
    """The state with a rule enforced (or None), and whether every hero is within every limit (so the
    same heroes need no check again). Heroes identical to those of `known` (a tuple found within every
    limit) are not checked again, nor is a tuple of heroes lately found within every limit."""
    heroes = state.heroes
    if heroes is _CLEAN_HEROES[0]:
        return None, True
    pending: set[tuple[str, int]] | None = None
    clean = True
    cleared = _CLEAN
    for i, h in enumerate(heroes):
        if (known is not None and known[i] is h) or cleared.get(id(h)) is h or not h.alive:
            continue
        objects = h.objects
        if objects:
            bad = unusable(objects, h.alignment)
            if bad:
                keep = tuple(o for o in objects if o not in bad)
                state = state.edit_hero(i, objects=keep).put_cards(h.space, *bad)
                return state.note(MUST_LEAVE, f"p{i}", ", ".join(bad)), False
        over = []
        if h.spells and not h.toad and len(h.spells) > spell_limit(h):
            over.append("discard_spell")
        if len(objects) > OBJECT_LIMIT:
            limit = object_limit(h)
            if limit is not None and len(objects) > limit:
                over.append("drop")
        if not over:
            if len(cleared) > 1024:
                cleared.clear()
            cleared[id(h)] = h
            continue
        clean = False
        pending = pending if pending is not None else {(t.kind, t.player) for t in state.tasks}
        for kind in over:
            if (kind, i) not in pending:
                return state.push(Task(kind, i)), False
    if clean:
        _CLEAN_HEROES[0] = heroes
    return None, clean


_CLEAN: dict[int, Hero] = {}
"""Heroes lately found within every limit, by identity (each kept, so its id is not reused)."""

_CLEAN_HEROES: list[tuple[Hero, ...] | None] = [None]
"""The tuple of heroes last found all within every limit (a move's settling starts from the heroes the
last one ended with, mostly)."""


def settle(state: TalismanState) -> TalismanState:
    """Run automatic work until a decision with a choice, a chance node with a choice, or the end.

    The work is done on one private copy of `state` (a `state.WorkingState`, changed in place by the
    handlers), frozen again when returned; `state` itself is never changed."""
    return _settle(working(state))


def _settle(state: TalismanState) -> TalismanState:
    """`settle` on a private working state. The limits of `housekeeping` are checked again only when
    the heroes have changed (the tuple of heroes is replaced whenever one of them is)."""
    checked: tuple[Hero, ...] | None = None
    handlers = HANDLERS
    work = WorkingState
    for _ in range(SETTLE_LIMIT):
        d = state.__dict__
        if d["over"]:
            d["tasks"] = []
            return frozen(state)
        heroes = d["heroes"]
        if heroes is not checked:
            fixed, clean = _housekeeping(state, checked)
            if fixed is not None:
                state = fixed if fixed.__class__ is work else working(fixed)
                continue
            checked = heroes if clean else None
        tasks = d["tasks"]
        top = tasks[-1]
        handler = handlers[top.kind]
        mode = handler.mode
        if mode == "auto":
            tasks.pop()
            state = handler.run(state, top)  # type: ignore[misc]
        elif mode == "decide":
            acts = handler.actions(state, top)  # type: ignore[misc]
            if len(acts) > 1:
                frozen(state)
                remember_actions(state, tuple(acts))
                return state
            tasks.pop()
            if acts:
                state = handler.act(state, top, acts[0])  # type: ignore[misc]
        else:
            outs = handler.outcomes(state, top)  # type: ignore[misc]
            if len(outs) > 1:
                frozen(state)
                remember_outcomes(state, tuple(outs))
                return state
            tasks.pop()
            state = handler.resolve(state, top, outs[0][0])  # type: ignore[misc]
        if state.__class__ is not work:
            state = working(state)
    raise RuntimeError(f"the task stack did not settle: {frozen(state).describe()}")


use_rules(TaskRules())
use_note_reader(note_of_text)
