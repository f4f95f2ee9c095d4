"""Running the task stack: apply a move, then settle every automatic task until a player or chance acts.

Between tasks the rules that apply "at any time" are enforced: surplus Spells must be discarded (2:8),
surplus Objects left on the space (5:5), Magic Objects not permitted by a new alignment dropped (7:3). A
decision with a single legal action and a chance node with a single outcome are taken at once.
"""

from __future__ import annotations

from dataclasses import replace

from grognard.engine.game import Move
from grognard.systems.talisman import combat, effects, encounter, movement, spells, turn  # noqa: F401
from grognard.systems.talisman.scores import may_use, object_limit, spell_limit
from grognard.systems.talisman.state import TalismanState, Task
from grognard.systems.talisman.tasks import HANDLERS

SETTLE_LIMIT = 10_000


def apply_move(state: TalismanState, move: Move) -> TalismanState:
    """Apply a legal move at the top task, then settle."""
    top = state.tasks[-1]
    handler = HANDLERS[top.kind]
    popped = state.pop()
    if handler.mode == "chance":
        assert handler.resolve is not None
        nxt = handler.resolve(popped, top, move)
    else:
        assert handler.act is not None
        nxt = handler.act(popped, top, str(move))
    return settle(nxt)


def housekeeping(state: TalismanState) -> TalismanState | None:
    """A state with a prompt pushed when some rule must be enforced now, else None."""
    pending = {(t.kind, t.player) for t in state.tasks}
    for i, h in enumerate(state.heroes):
        if not h.alive:
            continue
        bad = [o for o in h.objects if not may_use(h, o)]
        if bad:
            keep = tuple(o for o in h.objects if may_use(h, o))
            state = state.edit_hero(i, objects=keep).put_cards(h.space, *bad)
            return state.note(f"p{i} must leave {', '.join(bad)} (7:3)")
        if not h.toad and len(h.spells) > spell_limit(h) and ("discard_spell", i) not in pending:
            return state.push(Task("discard_spell", i))
        limit = object_limit(h)
        if limit is not None and len(h.objects) > limit and ("drop", i) not in pending:
            return state.push(Task("drop", i))
    return None


def settle(state: TalismanState) -> TalismanState:
    """Run automatic work until a decision with a choice, a chance node with a choice, or the end."""
    for _ in range(SETTLE_LIMIT):
        if state.over:
            return replace(state, tasks=())
        fixed = housekeeping(state)
        if fixed is not None:
            state = fixed
            continue
        top = state.tasks[-1]
        handler = HANDLERS[top.kind]
        if handler.mode == "auto":
            assert handler.run is not None
            state = handler.run(state.pop(), top)
        elif handler.mode == "decide":
            acts = handler.list_actions(state, top)
            if len(acts) > 1:
                return state
            assert handler.act is not None
            state = handler.act(state.pop(), top, acts[0]) if acts else state.pop()
        else:
            outs = handler.list_outcomes(state, top)
            if len(outs) > 1:
                return state
            assert handler.resolve is not None
            state = handler.resolve(state.pop(), top, outs[0][0])
    raise RuntimeError(f"the task stack did not settle: {state.describe()}")
