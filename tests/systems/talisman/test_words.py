"""The log lines a move added, and real dice mapped to the chance nodes' outcomes."""

from __future__ import annotations

from collections import Counter

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.talisman.bots import heuristic_policy
from grognard.systems.talisman.combat import classify
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.state import TalismanState, Task
from grognard.systems.talisman.tasks import TASKS, throw
from grognard.systems.talisman.words import new_notes
from tests.systems.talisman.helpers import hero, make, run


def test_new_notes() -> None:
    """The lines a move added to the engine's rolling log."""
    assert new_notes(("a", "b"), ("a", "b", "c")) == ["c"]
    assert new_notes(("a", "b", "c"), ("b", "c", "d")) == ["d"]
    assert new_notes(("a",), ("a",)) == []
    assert new_notes((), ("x",)) == ["x"]


def _games(n: int) -> list[TalismanState]:
    """The chance nodes met in `n` short heuristic games played with real dice."""
    found = []
    for g in range(n):
        state = initial_state(3, "random", 80)
        rng = Rng(f"throws:{g}")
        while state.actor() is not TERMINAL:
            if state.actor() is CHANCE:
                found.append(state)
                outcome, _ = throw(state, rng)
                nxt = state.apply(outcome)
            else:
                nxt = state.apply(heuristic_policy(state, rng))
            assert isinstance(nxt, TalismanState)
            state = nxt
    return found


def test_real_dice_give_the_nodes_outcomes() -> None:
    """Every die thrown maps to an outcome of its node, and a combat's outcome is its totals' (16:4)."""
    kinds: Counter[str] = Counter()
    for state in _games(4):
        kind = state.tasks[-1].kind
        thrower = TASKS.handlers[kind].throw
        if thrower is None or not TASKS.handlers[kind].dice:
            continue
        kinds[kind] += 1
        outcome, rolls = thrower(state, Rng(f"{kind}:{kinds[kind]}"))
        assert any(o == outcome for o, _ in state.chance_outcomes()), (kind, outcome)
        assert rolls and all(1 <= d.value <= 6 for r in rolls for d in r.dice)
        if kind == "fight_roll":
            from grognard.systems.talisman.combat import creature_score, hero_score

            assert state.fight is not None
            i = state.tasks[-1].player
            mine = hero_score(state, i, state.fight.psychic) + state.fight.bonus[0] + rolls[0].total
            assert outcome == classify(mine, creature_score(state, i) + rolls[1].total)
    assert kinds["move_roll"] > 0 and kinds["fight_roll"] > 0


def test_the_move_die_is_fair() -> None:
    """The move die thrown for real shows each face about equally often."""
    state = run(make(hero("warrior")), Task("move_roll", 0))
    faces = Counter(throw(state, Rng(k))[0] for k in range(600))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(60 <= n <= 140 for n in faces.values())
