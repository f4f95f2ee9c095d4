"""Exact odds of the Fighting Fantasy fights the round view does not cover, by a dedicated recursion.

`fight_view` solves a fight against one creature one Attack Round at a time. Creatures fought together
(000_13d85f0bd5b613c5.txt:27-53 and the ruling in `attack`), one after another, with an escape offered
or a potion to drink were solved state by state: each round is a dozen states (the round, each Luck
question, each Luck test), and two creatures together with a Potion of Fortune came to 1,330,000 states
and 40 seconds. Here the fight is solved over its positions: the reader's SKILL, STAMINA, LUCK, Initial
LUCK, the measures of potion left and each creature's STAMINA, at the start of a round (the creature
attacked, kept by the state from the round before, does not count: the reader chooses again). A position's
value is worked out from the rules of the round in one memoised recursion; the Luck questions of a
round are memoised too (the same wound left open at the same scores is one question, whichever round it
came from), and a stand-off that repeats a round is folded into the round's odds. Every value is one
vector: the utility, the probability of each way the fight can end and the expected LUCK, STAMINA,
SKILL and measures of potion, so nothing is worked out twice.

The rules are those of `fight_moves` (which `FightState` plays) restated over plain tuples; the tests
compare every figure at every reachable state with the state-by-state solve, in Fractions. The choice
at each decision is the engine's: the first best action in the order of the legal actions, a later one
only when it beats it in utility, then in the resources the objective keeps (`Objective.keep`; in float
mode beyond `FLOAT_TOLERANCE`).

Covered: any number of creatures, together or one after another, escape, any potion, damage, SKILL
modifier, weapon and STAMINA floors, with or without Luck; not fights limited to a number of rounds or
wounds (those are solved state by state).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, TypeAlias

from grognard.engine.errors import OddsError
from grognard.engine.game import Action, State
from grognard.engine.odds_base import (
    FLOAT_TOLERANCE,
    ActionValue,
    Number,
    Objective,
    Odds,
    Solution,
    number,
    prefers,
)
from grognard.systems.fighting_fantasy.attack import EVEN, HIT
from grognard.systems.fighting_fantasy.checks import LUCKY, luck_after_test
from grognard.systems.fighting_fantasy.fight_rules import (
    ASK_LUCK,
    DEAD,
    ESCAPED,
    FLEE,
    HERO_FLOOR,
    LUCK,
    LUCKY_HIT_EXTRA,
    LUCKY_HURT_BACK,
    ROUND,
    START,
    UNLUCKY_HIT_BACK,
    UNLUCKY_HURT_EXTRA,
    WIN,
    FightSpec,
    fight_end,
    fight_result,
    luck_split,
    parsed,
    potion_helps,
    round_split,
    together_split,
)
from grognard.systems.fighting_fantasy.fight_view import covered as round_view_covers

Position: TypeAlias = tuple[int, int, int, tuple[int, ...], int, int]
"""SKILL, STAMINA, LUCK, each creature's STAMINA, Initial LUCK and measures of potion left."""

RESOURCES = ("LUCK", "STAMINA", "SKILL", "POTION")
"""The resources of a fight's `Result`, in the order they follow the outcomes in a figures vector."""

Vec: TypeAlias = list[Any]
"""Figures: utility, the probability of each outcome label, then the expected `RESOURCES`."""

NO_COUNTS = (0, 0, 0)


def fits(spec: FightSpec, measures: int) -> bool:
    """True when this module solves the fight: not one the round view covers, and no limit on rounds or
    wounds (the counts those need stay with the state-by-state solve)."""
    rules = spec.rules
    if rules.max_rounds or rules.hero_wounds or rules.creature_wounds:
        return False
    return not round_view_covers(spec, measures)


def _too_many(budget: int) -> OddsError:
    return OddsError(
        f"the reachable state space is larger than the budget of {budget:,} positions; "
        "raise the budget or solve a smaller position"
    )


@cache
def _round_table(
    hero_skill: int, skills: tuple[tuple[int, int], ...], target: int, together: bool
) -> tuple[tuple[Fraction, ...], tuple[tuple[bool, tuple[int, ...]], ...]]:
    """The results of one Attack Round other than a plain stand-off, renormalised (a stand-off repeats the
    round): each one's probability, whether the reader's blow landed and who wounded him, in order."""
    if together and len(skills) > 1:
        labels, probs = together_split(hero_skill, skills, target)
    else:
        labels, probs = round_split(hero_skill, dict(skills)[target])
    kept: list[tuple[Fraction, tuple[bool, tuple[int, ...]]]] = []
    stay = Fraction(0)
    for label, p in zip(labels, probs, strict=True):
        core, hurters = parsed(label)
        if core == EVEN and not hurters:
            stay += p
            continue
        if core != HIT and core != EVEN:
            hurters = (target, *hurters)
        kept.append((p, (core == HIT, hurters)))
    if not kept:
        raise OddsError("the fight can never end: every Attack Round is a stand-off")
    rest = 1 - stay
    return tuple(p / rest for p, _ in kept), tuple(w for _, w in kept)


class FightSolution(Solution):
    """Optimal play of one fight and its figures, for the root and every state reachable from it."""

    def __init__(self, root: State, objective: Objective, exact: bool, budget: int) -> None:
        """Solve the fight of `root` (a `FightState` that `fits`) within `budget` positions."""
        spec: FightSpec = getattr(root, "spec")  # noqa: B009 - any FightState
        self._root = root
        self._spec = spec
        self._objective = objective
        self._exact = exact
        self._budget = budget
        rules = spec.rules
        labels = [WIN, DEAD]
        if rules.can_escape:
            labels.append(ESCAPED)
        if rules.hero_floor:
            labels.append(HERO_FLOOR)
        self._labels = labels
        self._width = 1 + len(labels) + len(RESOURCES)
        base = 1 + len(labels)
        self._keep = [base + RESOURCES.index(name) for name in objective.keep if name in RESOURCES]
        self._positions: dict[Position, Vec] = {}
        self._questions: dict[tuple[Position, tuple[str, ...]], Vec] = {}
        self._terminals: dict[tuple[str, int, int, int, int], Vec] = {}
        self._zero: Any = Fraction(0) if exact else 0.0
        self._luck: dict[int, tuple[tuple[Any, ...], tuple[bool, ...], int]] = {}
        self._rounds: dict[tuple[int, tuple[int, ...], int], tuple[tuple[Any, ...], Any]] = {}
        self.states = 0
        self._root_vec = self._guarded(lambda: self._state_vector(root))
        self.states = len(self._positions) + len(self._questions)

    # -- the recursion ------------------------------------------------------------------------------------

    def _guarded(self, work: Callable[[], Vec]) -> Vec:
        """Run `work` with room for the recursion's depth (a few frames per round the fight may last)."""
        spec = self._spec
        deepest = spec.initial_stamina + sum(c.stamina for c in spec.creatures) + 2 * len(spec.creatures) + 4
        limit = sys.getrecursionlimit()
        if limit < 8 * deepest + 200:
            sys.setrecursionlimit(8 * deepest + 200)
        try:
            return work()
        finally:
            sys.setrecursionlimit(limit)

    def _better(self, x: Vec, y: Vec) -> bool:
        """True when figures `x` beat `y`: utility, then the resources kept (see the module docstring)."""
        if self._keep:
            keep = self._keep
            return prefers([x[0], *(x[i] for i in keep)], [y[0], *(y[i] for i in keep)], self._exact)
        if self._exact:
            return bool(x[0] > y[0])
        return bool(x[0] - y[0] > FLOAT_TOLERANCE * (1.0 + abs(y[0])))

    def _best(self, options: Sequence[Vec]) -> Vec:
        best = options[0]
        for vec in options[1:]:
            if self._better(vec, best):
                best = vec
        return best

    def _mix(self, probs: Sequence[Any], vecs: Sequence[Vec]) -> Vec:
        if len(vecs) == 1:
            return vecs[0]
        p0 = probs[0]
        acc = [p0 * x for x in vecs[0]]
        for p, vec in zip(probs[1:], vecs[1:], strict=True):
            acc = [a + p * x for a, x in zip(acc, vec, strict=True)]
        return acc

    def _terminal(self, phase: str, skill: int, stamina: int, luck: int, measures: int) -> Vec:
        key = (phase, skill, stamina, luck, measures)
        vec = self._terminals.get(key)
        if vec is not None:
            return vec
        result = fight_result(phase, skill, stamina, luck, measures)
        exact = self._exact
        vec = [self._zero] * self._width
        vec[0] = number(self._objective.utility(result, 0), exact)
        vec[1 + self._labels.index(phase)] = number(1, exact)
        base = 1 + len(self._labels)
        for name, amount in result.resources:
            vec[base + RESOURCES.index(name)] = number(amount, exact)
        self._terminals[key] = vec
        return vec

    def _settle(
        self,
        skill: int,
        stamina: int,
        luck: int,
        foes: tuple[int, ...],
        cap: int,
        measures: int,
        pending: tuple[str, ...],
        fled: bool,
    ) -> Vec:
        """`fight_moves.settle`: the next Luck question, the end of the fight, or the next position."""
        rules = self._spec.rules
        floor = rules.creature_floor
        if pending and luck > 0 and rules.use_luck:
            while pending and pending[0].startswith("hit:") and foes[int(pending[0][4:])] <= floor:
                pending = pending[1:]
            if pending:
                return self._question((skill, stamina, luck, foes, cap, measures), pending)
        if stamina < 0:
            stamina = 0
        foes = tuple(f if f > 0 else 0 for f in foes)
        alive = tuple(i for i, left in enumerate(foes) if left > floor)
        phase = fight_end(rules, stamina, NO_COUNTS, fled, alive)
        if phase:
            return self._terminal(phase, skill, stamina, luck, measures)
        return self._position((skill, stamina, luck, foes, cap, measures))

    def _position(self, pos: Position) -> Vec:
        """The figures of a position: the best of the reader's choices at the start of a round."""
        vec = self._positions.get(pos)
        if vec is not None:
            return vec
        if len(self._positions) + len(self._questions) >= self._budget:
            raise _too_many(self._budget)
        spec = self._spec
        rules = spec.rules
        skill, stamina, _luck, foes, _cap, measures = pos
        floor = rules.creature_floor
        alive = tuple(i for i, left in enumerate(foes) if left > floor)
        options = [self._round(pos, t) for t in (alive if rules.together and len(alive) > 1 else alive[:1])]
        if rules.can_escape:
            options.append(self._escape(pos))
        if potion_helps(spec, skill, stamina, measures):
            options.append(self._drink(pos))
        vec = self._positions[pos] = self._best(options)
        return vec

    def _round(self, pos: Position, target: int) -> Vec:
        """One Attack Round against `target` from `pos` (000_13d85f0bd5b613c5.txt:27-53), stand-offs folded."""
        spec = self._spec
        rules = spec.rules
        skill, stamina, luck, foes, cap, measures = pos
        floor = rules.creature_floor
        alive = tuple(i for i, left in enumerate(foes) if left > floor)
        key = (skill, alive, target)
        table = self._rounds.get(key)
        if table is None:
            skills = tuple((i, spec.creatures[i].skill) for i in alive)
            hero = skill + spec.weapon_bonus + rules.skill_modifier
            probs, wounds = _round_table(hero, skills, target, rules.together)
            table = self._rounds[key] = (probs if self._exact else tuple(float(p) for p in probs), wounds)
        probs, wounds = table
        vecs: list[Vec] = []
        for hit, hurters in wounds:
            left = stamina
            after = foes
            pending: tuple[str, ...] = ()
            if hit:
                after = (*foes[:target], foes[target] - rules.hero_damage, *foes[target + 1 :])
                pending = (f"hit:{target}",)
            for j in hurters:
                left -= spec.creatures[j].damage
                pending += (f"hurt:{j}",)
            vecs.append(self._settle(skill, left, luck, after, cap, measures, pending, False))
        return self._mix(probs, vecs)

    def _escape(self, pos: Position) -> Vec:
        """Escape (000_13d85f0bd5b613c5.txt:55-63): the creature's free wound, open to a Luck test."""
        skill, stamina, luck, foes, cap, measures = pos
        left = stamina - self._spec.rules.escape_damage
        return self._settle(skill, left, luck, foes, cap, measures, (FLEE,), True)

    def _drink(self, pos: Position) -> Vec:
        """A measure of the potion (000_13d85f0bd5b613c5.txt:140-149), as `fight_moves.drink`."""
        spec = self._spec
        skill, stamina, luck, foes, cap, measures = pos
        if spec.potion == "skill":
            skill = spec.initial_skill
        elif spec.potion == "strength":
            stamina = spec.initial_stamina
        else:
            cap += 1
            luck = cap
        return self._settle(skill, stamina, luck, foes, cap, measures - 1, (), False)

    def _luck_table(self, luck: int) -> tuple[tuple[Any, ...], tuple[bool, ...], int]:
        table = self._luck.get(luck)
        if table is None:
            labels, probs = luck_split(luck)
            floats = probs if self._exact else tuple(float(p) for p in probs)
            table = self._luck[luck] = (floats, tuple(label == LUCKY for label in labels), luck_after_test(luck))
        return table

    def _question(self, pos: Position, pending: tuple[str, ...]) -> Vec:
        """The Luck question on the wound at the head of `pending` (000_13d85f0bd5b613c5.txt:84-107): the
        better of testing Luck and not (tests first, as the state lists them)."""
        key = (pos, pending)
        vec = self._questions.get(key)
        if vec is not None:
            return vec
        if len(self._positions) + len(self._questions) >= self._budget:
            raise _too_many(self._budget)
        vec = self._questions[key] = self._best([self._test(pos, pending), self._untested(pos, pending)])
        return vec

    def _untested(self, pos: Position, pending: tuple[str, ...]) -> Vec:
        skill, stamina, luck, foes, cap, measures = pos
        return self._settle(skill, stamina, luck, foes, cap, measures, pending[1:], pending[0] == FLEE)

    def _test(self, pos: Position, pending: tuple[str, ...]) -> Vec:
        """The Luck test on the wound at the head of `pending`, as `fight_moves.after_luck`."""
        spec = self._spec
        skill, stamina, luck, foes, cap, measures = pos
        probs, lucky_of, after = self._luck_table(luck)
        event, rest = pending[0], pending[1:]
        fled = event == FLEE
        vecs: list[Vec] = []
        for lucky in lucky_of:
            left, after_foes = stamina, foes
            if event.startswith("hit:"):
                i = int(event[4:])
                most = spec.creatures[i].stamina
                f = foes[i] - LUCKY_HIT_EXTRA if lucky else min(most, foes[i] + UNLUCKY_HIT_BACK)
                after_foes = (*foes[:i], f, *foes[i + 1 :])
            elif lucky:
                left = min(spec.initial_stamina, stamina + LUCKY_HURT_BACK)
            else:
                left = stamina - UNLUCKY_HURT_EXTRA
            vecs.append(self._settle(skill, left, after, after_foes, cap, measures, rest, fled))
        return self._mix(probs, vecs)

    # -- states -----------------------------------------------------------------------------------------

    def _state_vector(self, state: Any) -> Vec:
        """The figures of any state of this fight, from the positions and questions around it."""
        if state.spec is not self._spec and state.spec != self._spec:
            raise OddsError(f"{state!r} is not a state of the solved fight")
        phase = state.phase
        counts = getattr(state, "counts", NO_COUNTS)
        if counts != NO_COUNTS:
            raise OddsError(f"{state!r} is not reachable from the solved position")
        pos = (state.skill, state.stamina, state.luck, state.foes, state.luck_cap, state.measures)
        if phase == START:
            return self._position(pos)
        if phase == ROUND:
            return self._round(pos, state.target)
        if phase == ASK_LUCK:
            return self._question(pos, state.pending)
        if phase == LUCK:
            return self._test(pos, state.pending)
        return self._terminal(phase, state.skill, state.stamina, state.luck, state.measures)

    def _vector(self, state: State) -> Vec:
        return self._guarded(lambda: self._state_vector(state))

    def _odds(self, vec: Vec) -> Odds:
        base = 1 + len(self._labels)
        return Odds(
            vec[0],
            vec[1],
            dict(zip(self._labels, vec[1:base], strict=True)),
            dict(zip(RESOURCES, vec[base:], strict=True)),
        )

    @property
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""
        return self._exact

    @property
    def players(self) -> int:
        """1: only the reader decides in a fight."""
        return 1

    def _player(self, player: int) -> None:
        if player != 0:
            raise OddsError(f"no player {player} in this game (players 0 to 0)")

    def value(self, player: int = 0) -> Number:
        """The expected utility of the reader at the root under optimal play."""
        self._player(player)
        value: Number = self._root_vec[0]
        return value

    def win_probability(self, player: int = 0) -> Number:
        """The probability that the reader wins, under optimal play."""
        self._player(player)
        value: Number = self._root_vec[1]
        return value

    def outcome_probabilities(self) -> dict[str, Number]:
        """The probability of each way the fight can end, under optimal play."""
        return self._odds(self._root_vec).outcome_probabilities

    def expected_resources(self) -> dict[str, Number]:
        """The expected LUCK, STAMINA, SKILL and measures of potion at the end, under optimal play."""
        return self._odds(self._root_vec).expected_resources

    def at(self, state: State, player: int = 0) -> Odds:
        """The figures of a reachable `state` (any kind of node)."""
        self._player(player)
        return self._odds(self._vector(state))

    def _options(self, state: State) -> list[tuple[Action, Vec | None]]:
        actor = state.actor()
        if actor != 0:
            raise OddsError(f"{state!r} is not a decision node")
        out: list[tuple[Action, Vec | None]] = []
        for action in state.legal_actions():
            child = state.apply(action)
            out.append((action, None if child == state else self._vector(child)))
        return out

    def best_action(self, state: State) -> Action:
        """The optimal action at a decision (ties: the one that keeps more of `Objective.keep`, then the
        first legal action)."""
        best: tuple[Action, Vec] | None = None
        for action, vec in self._options(state):
            if vec is not None and (best is None or self._better(vec, best[1])):
                best = (action, vec)
        if best is None:
            raise OddsError(f"no action at {state!r} makes progress")
        return best[0]

    def action_values(self, state: State) -> dict[Action, ActionValue]:
        """Every legal action at a decision with the figures of taking it."""
        out: dict[Action, ActionValue] = {}
        for action, vec in self._options(state):
            odds = self._odds(vec if vec is not None else self._vector(state))
            out[action] = ActionValue(
                odds.utility, odds.win_probability, odds.outcome_probabilities, odds.expected_resources
            )
        return out


def solve_fight(state: State, objective: Objective, *, exact: bool = False, budget: int) -> FightSolution:
    """Solve the fight of `state` (one that `fits`) by its positions; `OddsError` past `budget`."""
    if budget < 1:
        raise OddsError(f"the state budget must be at least 1, not {budget}")
    return FightSolution(state, objective, exact, budget)


__all__ = ["RESOURCES", "FightSolution", "fits", "solve_fight"]
