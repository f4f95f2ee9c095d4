"""The exact odds of one Grey Star combat by a dedicated recursion over its positions.

The engine's solver (`engine.odds.solver.solve`) works on any game; through the combat's position view
(`fight_view.FightView`) it already keeps one value per position, but every round it is handed a list of
options, each a list of positions, and its figures (outcome probabilities, expected resources) are
worked out afterwards for every position solved. A Grey Star round offers up to WILLPOWER + 1 spends,
so those lists are most of the work. `solve_fight` reads the same options (`FightView.blocks`: the same
rules code the played combat uses, one table of a round's spends per ENDURANCE, enemy ENDURANCE and
rounds left, shared by every WILLPOWER) without building them, keeps the option chosen at each position,
and works out the figures only for the positions the chosen play can reach from a state asked about.

The choice is the engine's: the first best option in the order of the legal actions, a later one only
when better (in float mode, beyond `FLOAT_TOLERANCE`). The tests check that every figure is the same
Fraction as the state-by-state solve's (docs/decisions.md, "Grey Star odds by a dedicated recursion").
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from grognard.engine.errors import OddsError
from grognard.engine.game import Action, State
from grognard.engine.odds.base import (
    FLOAT_TOLERANCE,
    ActionValue,
    Number,
    Objective,
    Odds,
    Solution,
    number,
    prefers,
)
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import OUTCOMES
from grognard.systems.grey_star.fight_view import FightView, Position, fits, full_key, pack

RESOURCES = ("WILLPOWER", "ENDURANCE", "WILLPOWER_LEFT")
"""The resources of a combat's `Result`, in the order of a figures vector."""

_WIDTH = 2 + len(OUTCOMES) + len(RESOURCES)

Progress = Callable[[int], None]
"""Called now and then with the number of positions solved so far."""


def _too_many(budget: int) -> OddsError:
    return OddsError(
        f"the fight has more than {budget:,} positions; raise the budget or solve a smaller fight"
    )


class FightSolution(Solution):
    """Optimal play of one combat and its figures, for the root and every state reachable from it."""

    def __init__(
        self,
        root: CombatState,
        objective: Objective,
        *,
        exact: bool,
        budget: int,
        progress: Progress | None = None,
    ) -> None:
        """Solve every position reachable from `root` (a "decide" or "round" state of a combat)."""
        if not fits(root):
            raise OddsError(f"the combat's numbers are too large for the fight solver: {root.describe()}")
        self._root = root
        self._objective = objective
        self._exact = exact
        self._view = FightView(root, exact)
        self._zero: Number = Fraction(0) if exact else 0.0
        self._values: dict[Position, Number] = {}
        self._choice: dict[Position, int] = {}
        self._vectors: dict[Position, list[Number]] = {}
        self._utility: dict[Position, Number] = {}
        if root.phase == "round":
            starts = [pack(key) for key in root.odds_expand()[2]]
        else:
            starts = [pack(root.odds_key())]
        self._search(starts, budget, progress)
        self.states: int = len(self._values)
        """How many positions were solved."""

    # -- the recursion ---------------------------------------------------------------------------------

    def _terminal_utility(self, code: Position) -> Number:
        u = self._utility.get(code)
        if u is None:
            u = self._utility[code] = number(self._objective.utility(self._view.result(code), 0), self._exact)
        return u

    def _search_kept(self, starts: list[Position], budget: int, progress: Progress | None) -> None:
        """`_search` breaking ties: each position's figures are the utility, then the resources the
        objective keeps (`Objective.keep`); an option replaces an earlier one only when `prefers` says so."""
        values = self._values
        choice = self._choice
        kept: dict[Position, tuple[Number, ...]] = {}
        get = kept.get
        blocks_of = self._view.blocks
        exact = self._exact
        zero = self._zero
        objective = self._objective

        def value(code: Position) -> tuple[Number, ...]:
            endurance, willpower, enemy, rounds, _, _, _, _, outcome = full_key(code)
            if outcome:
                result = self._view.result(code)
                figures = (self._terminal_utility(code), *(number(x, exact) for x in objective.kept(result)))
                kept[code] = figures
                values[code] = figures[0]
                return figures
            if len(values) >= budget:
                raise _too_many(budget)
            best: tuple[Number, ...] | None = None
            best_index = 0
            index = -1
            for rows, start, stop in blocks_of(endurance, willpower, enemy, rounds):
                for i in range(start, stop or len(rows)):
                    probs, codes, spend = rows[i]
                    left = willpower - spend
                    index += 1
                    acc: list[Number] = []
                    for p, c in zip(probs, codes, strict=True):
                        k = c + left
                        v = get(k) or value(k)
                        if not acc:
                            acc = [zero] * len(v)
                        for m, y in enumerate(v):
                            acc[m] += p * y
                    x = tuple(acc)
                    if best is None or prefers(x, best, exact):
                        best, best_index = x, index
            assert best is not None
            kept[code] = best
            values[code] = best[0]
            choice[code] = best_index
            if progress is not None and len(values) % 4096 == 0:
                progress(len(values))
            return best

        self._recurse(starts, lambda code: code in values, value)

    def _recurse(
        self, starts: list[Position], done: Callable[[Position], bool], value: Callable[[Position], Any]
    ) -> None:
        """Call `value` on each start not yet `done`, with room for the recursion's depth."""
        limit = sys.getrecursionlimit()
        deepest = max((sum(full_key(c)[0:3:2]) for c in starts), default=0)
        try:
            sys.setrecursionlimit(max(limit, 4 * deepest + 200))
            for start in starts:
                if not done(start):
                    value(start)
        finally:
            sys.setrecursionlimit(limit)

    def _search(self, starts: list[Position], budget: int, progress: Progress | None) -> None:
        if self._objective.keep:
            self._search_kept(starts, budget, progress)
            return
        values = self._values
        choice = self._choice
        get = values.get
        blocks_of = self._view.blocks
        terminal = self._terminal_utility
        exact = self._exact
        zero = self._zero
        tol = 0.0 if exact else FLOAT_TOLERANCE
        step = 4096

        def value(code: Position) -> Any:
            endurance, willpower, enemy, rounds, _, _, _, _, outcome = full_key(code)
            if outcome:
                u = values[code] = terminal(code)
                return u
            if len(values) >= budget:
                raise _too_many(budget)
            best: Any = None
            best_index = 0
            index = -1
            for rows, start, stop in blocks_of(endurance, willpower, enemy, rounds):
                for i in range(start, stop or len(rows)):
                    probs, codes, spend = rows[i]
                    left = willpower - spend
                    index += 1
                    x = zero
                    j = -1
                    for c in codes:
                        j += 1
                        k = c + left
                        v = get(k)
                        if v is None:
                            v = value(k)
                        x += probs[j] * v
                    if best is None or (x > best and x - best > tol * (1.0 + (best if best >= 0 else -best))):
                        best, best_index = x, index
            values[code] = best
            choice[code] = best_index
            if progress is not None and len(values) % step == 0:
                progress(len(values))
            return best

        self._recurse(starts, lambda code: code in values, value)

    # -- figures ---------------------------------------------------------------------------------------

    def _terminal_vector(self, code: Position) -> list[Number]:
        exact = self._exact
        result = self._view.result(code)
        vec = [self._zero] * _WIDTH
        vec[0] = self._terminal_utility(code)
        if 0 in result.winners:
            vec[1] = number(1, exact)
        vec[2 + OUTCOMES.index(result.outcome)] = number(1, exact)
        for i, name in enumerate(RESOURCES):
            vec[2 + len(OUTCOMES) + i] = number(result.resource(name), exact)
        return vec

    def _mix(self, probs: Any, codes: Any, left: int) -> list[Number]:
        acc = [self._zero] * _WIDTH
        for p, c in zip(probs, codes, strict=True):
            vec = self._vector(c + left)
            for i in range(_WIDTH):
                acc[i] += p * vec[i]
        return acc

    def _vector(self, code: Position) -> list[Number]:
        """The figures of a position under the chosen play (positions reached on demand, iteratively)."""
        vectors = self._vectors
        got = vectors.get(code)
        if got is not None:
            return got
        stack = [code]
        while stack:
            top = stack[-1]
            if top in vectors:
                stack.pop()
                continue
            endurance, willpower, enemy, rounds, _, _, _, _, outcome = full_key(top)
            if outcome:
                vectors[top] = self._terminal_vector(top)
                stack.pop()
                continue
            probs, codes, left = self._view.options(endurance, willpower, enemy, rounds)[self._choice[top]]
            missing = [c + left for c in codes if c + left not in vectors]
            if missing:
                stack.extend(missing)
                continue
            vec = self._mix(probs, codes, left)
            vec[0] = self._values[top]
            vectors[top] = vec
            stack.pop()
        return vectors[code]

    def _state_vector(self, state: State) -> list[Number]:
        """The figures of any state of the combat reachable from the root (a "round" state from the
        positions its random number leads to)."""
        code = self._view.position(state)
        if code is not None:
            if code not in self._values:
                raise OddsError(f"{state!r} is not reachable from the solved position")
            return self._vector(code)
        assert isinstance(state, CombatState)
        _, probs, keys = state.odds_expand()
        acc = [self._zero] * _WIDTH
        for p, key in zip(probs, keys, strict=True):
            vec = self._state_vector(state.odds_state(key))
            q = number(p, self._exact)
            for i in range(_WIDTH):
                acc[i] += q * vec[i]
        return acc

    def _odds(self, vec: list[Number]) -> Odds:
        base = 2 + len(OUTCOMES)
        return Odds(
            vec[0],
            vec[1],
            {label: vec[2 + i] for i, label in enumerate(OUTCOMES) if vec[2 + i]},
            {name: vec[base + i] for i, name in enumerate(RESOURCES)},
        )

    def _root_vector(self) -> list[Number]:
        return self._state_vector(self._root)

    # -- the Solution interface ------------------------------------------------------------------------

    @property
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""
        return self._exact

    @property
    def players(self) -> int:
        """1: only Grey Star decides."""
        return 1

    def _player(self, player: int) -> None:
        if player != 0:
            raise OddsError(f"no player {player} in a Grey Star combat (only player 0)")

    def value(self, player: int = 0) -> Number:
        """Grey Star's expected utility at the root under optimal play."""
        self._player(player)
        return self._root_vector()[0]

    def win_probability(self, player: int = 0) -> Number:
        """The probability that Grey Star wins, under optimal play."""
        self._player(player)
        return self._root_vector()[1]

    def outcome_probabilities(self) -> dict[str, Number]:
        """The probability of each way the combat can end, under optimal play."""
        return self._odds(self._root_vector()).outcome_probabilities

    def expected_resources(self) -> dict[str, Number]:
        """The expected WILLPOWER, ENDURANCE and WILLPOWER_LEFT at the end, under optimal play."""
        return self._odds(self._root_vector()).expected_resources

    def at(self, state: State, player: int = 0) -> Odds:
        """The figures of a reachable state of the combat."""
        self._player(player)
        return self._odds(self._state_vector(state))

    def _decision(self, state: State) -> tuple[CombatState, Position]:
        code = self._view.position(state)
        if code is None or not isinstance(state, CombatState) or state.phase != "decide":
            raise OddsError(f"{state!r} is not a decision of the solved combat")
        if code not in self._values:
            raise OddsError(f"{state!r} is not reachable from the solved position")
        return state, code

    def best_action(self, state: State) -> Action:
        """The optimal action at a reachable decision (ties: the one that keeps more of
        `Objective.keep`, then the first legal action)."""
        combat, code = self._decision(state)
        return combat.legal_actions()[self._choice[code]]

    def action_values(self, state: State) -> dict[Action, ActionValue]:
        """Every action at a reachable decision with the figures of taking it and playing on optimally."""
        combat, _ = self._decision(state)
        options = self._view.options(
            combat.endurance, combat.willpower, combat.enemy_endurance, combat.rounds_left
        )
        out: dict[Action, ActionValue] = {}
        for action, (probs, codes, left) in zip(combat.legal_actions(), options, strict=True):
            odds = self._odds(self._mix(probs, codes, left))
            out[action] = ActionValue(
                odds.utility, odds.win_probability, odds.outcome_probabilities, odds.expected_resources
            )
        return out


def solve_fight(
    state: CombatState,
    objective: Objective | None = None,
    *,
    exact: bool = False,
    budget: int,
    progress: Progress | None = None,
) -> FightSolution:
    """Solve a combat from `state` exactly (`FightSolution`); `OddsError` past `budget` positions."""
    return FightSolution(state, objective or Objective(), exact=exact, budget=budget, progress=progress)


__all__ = ["RESOURCES", "FightSolution", "Progress", "solve_fight"]
