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
from functools import cache, partial
from operator import mul
from typing import Any, TypeAlias

from grognard.engine.errors import OddsError
from grognard.engine.game import Action, State
from grognard.engine.odds.base import FLOAT_TOLERANCE, ActionValue, Number, Objective, Odds, Solution, number
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
    escape_wound,
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


HURT = -1
"""A pending wound the reader took (which creature dealt it does not change its Luck test)."""
FLEE_CODE = -2
"""The pending wound of an escape."""


def pending_codes(pending: Sequence[str]) -> tuple[int, ...]:
    """A state's pending wounds as small integers: the creature's index for a wound dealt, `HURT` for a
    wound taken, `FLEE_CODE` for the escape's."""
    return tuple(FLEE_CODE if e == FLEE else (int(e[4:]) if e.startswith("hit:") else HURT) for e in pending)


Recursion: TypeAlias = tuple[
    Callable[[Position], Vec],
    Callable[[Position, int, tuple[int, ...]], Vec],
    Callable[[Position, tuple[int, ...]], Vec],
    Callable[[Position, tuple[int, ...]], Vec],
    Callable[[Vec, Vec], bool],
]
"""A position's figures, a round's (position and target), a Luck question's and a Luck test's (position
and pending wounds), and the comparison of two figures."""


class FightSolution(Solution):
    """Optimal play of one fight and its figures, for the root and every state reachable from it."""

    def __init__(self, root: State, objective: Objective, exact: bool, budget: int) -> None:
        """Solve the fight of `root` (a `FightState` that `fits`) within `budget` positions."""
        spec: FightSpec = getattr(root, "spec")  # noqa: B009 - any FightState
        self._root = root
        self._spec = spec
        self._objective = objective
        self._exact = exact
        rules = spec.rules
        labels = [WIN, DEAD]
        if rules.can_escape:
            labels.append(ESCAPED)
        if rules.hero_floor:
            labels.append(HERO_FLOOR)
        self._labels = labels
        self._positions: dict[Position, Vec] = {}
        self._questions: dict[Any, Vec] = {}
        self._terminal = self._terminal_maker()
        self._position, self._round, self._question, self._test, self._better = self._recursion(budget)
        self.states = 0
        self._root_vec = self._guarded(lambda: self._state_vector(root))
        self.states = len(self._positions) + len(self._questions)
        """How many positions and Luck questions were solved."""

    # -- the recursion ------------------------------------------------------------------------------------

    def _guarded(self, work: Callable[[], Vec]) -> Vec:
        """Run `work` with room for the recursion's depth (a few frames per round the fight may last)."""
        spec = self._spec
        # Each round takes a point of STAMINA from someone; a Potion of Strength may give the reader his
        # back twice. About ten frames a round (position, round, settle, two questions and tests).
        creatures = sum(c.stamina for c in spec.creatures) + 2 * len(spec.creatures)
        rounds = 3 * spec.initial_stamina + creatures + 4
        limit = sys.getrecursionlimit()
        if limit < 10 * rounds + 200:
            sys.setrecursionlimit(10 * rounds + 200)
        try:
            return work()
        finally:
            sys.setrecursionlimit(limit)

    def _terminal_maker(self) -> Callable[[str, int, int, int, int], Vec]:
        exact = self._exact
        labels = self._labels
        width = 1 + len(labels) + len(RESOURCES)
        zero: Any = Fraction(0) if exact else 0.0
        known: dict[tuple[str, int, int, int, int], Vec] = {}
        utility = self._objective.utility

        def terminal(phase: str, skill: int, stamina: int, luck: int, measures: int) -> Vec:
            key = (phase, skill, stamina, luck, measures)
            vec = known.get(key)
            if vec is None:
                result = fight_result(phase, skill, stamina, luck, measures)
                vec = [zero] * width
                vec[0] = number(utility(result, 0), exact)
                vec[1 + labels.index(phase)] = number(1, exact)
                base = 1 + len(labels)
                for name, amount in result.resources:
                    vec[base + RESOURCES.index(name)] = number(amount, exact)
                known[key] = vec
            return vec

        return terminal

    def _comparison(self) -> Callable[[Vec, Vec], bool]:
        """True when figures `x` beat `y`: utility, then the resources kept (see the module docstring)."""
        exact = self._exact
        base = 1 + len(self._labels)
        order = [0, *(base + RESOURCES.index(n) for n in self._objective.keep if n in RESOURCES)]
        if len(order) > 1:

            def better_kept(x: Vec, y: Vec) -> bool:
                for i in order:
                    a = x[i]
                    b = y[i]
                    if a == b:
                        continue
                    if exact:
                        return bool(a > b)
                    room = FLOAT_TOLERANCE * max(abs(a), abs(b))
                    if a - b > room:
                        return True
                    if b - a > room:
                        return False
                return False

            return better_kept

        def better(x: Vec, y: Vec) -> bool:
            if exact:
                return bool(x[0] > y[0])
            b = y[0]
            return bool(x[0] - b > FLOAT_TOLERANCE * (1.0 + (b if b >= 0 else -b)))

        return better

    def _recursion(self, budget: int) -> Recursion:
        """The memoised functions of this fight's rules, their constants bound once."""
        spec = self._spec
        rules = spec.rules
        exact = self._exact
        positions = self._positions
        questions = self._questions
        terminal = self._terminal
        better = self._comparison()
        floor = rules.creature_floor
        asks = rules.use_luck
        together = rules.together
        can_escape = rules.can_escape
        hero_damage = rules.hero_damage
        damage = [c.damage for c in spec.creatures]
        flee_wound = partial(escape_wound, spec)
        most = [c.stamina for c in spec.creatures]
        skills = [c.skill for c in spec.creatures]
        top = spec.initial_stamina
        bonus = spec.weapon_bonus + rules.skill_modifier
        luck_tables: list[tuple[tuple[Any, ...], tuple[bool, ...], int]] = []

        def luck_table(luck: int) -> tuple[tuple[Any, ...], tuple[bool, ...], int]:
            while len(luck_tables) <= luck:
                score = len(luck_tables)
                labels, chances = luck_split(score)
                floats = chances if exact else tuple(float(p) for p in chances)
                luck_tables.append((floats, tuple(lb == LUCKY for lb in labels), luck_after_test(score)))
            return luck_tables[luck]

        round_tables: dict[tuple[int, tuple[int, ...], int], tuple[tuple[Any, ...], Any]] = {}
        get_position = positions.get
        get_question = questions.get

        def settle(
            skill: int,
            stamina: int,
            luck: int,
            foes: tuple[int, ...],
            cap: int,
            measures: int,
            pending: tuple[int, ...],
            fled: bool,
        ) -> Vec:
            """`fight_moves.settle`: the next Luck question, the end of the fight, or the next position."""
            if pending and luck > 0 and asks:
                while pending and pending[0] >= 0 and foes[pending[0]] <= floor:
                    pending = pending[1:]
                if pending:
                    key = (skill, stamina, luck, foes, cap, measures, *pending)
                    vec = get_question(key)
                    if vec is None:
                        vec = ask(key)
                    return vec
            if stamina < 0:
                stamina = 0
            if min(foes) < 0:
                foes = tuple([f if f > 0 else 0 for f in foes])
            if stamina > 0 and not fled and max(foes) > floor and stamina > rules.hero_floor:
                pos = (skill, stamina, luck, foes, cap, measures)
                vec = get_position(pos)
                if vec is None:
                    vec = position(pos)
                return vec
            alive = tuple(i for i, left in enumerate(foes) if left > floor)
            phase = fight_end(rules, stamina, NO_COUNTS, fled, alive)
            if phase:
                return terminal(phase, skill, stamina, luck, measures)
            pos = (skill, stamina, luck, foes, cap, measures)
            vec = get_position(pos)
            if vec is None:
                vec = position(pos)
            return vec

        def position(pos: Position) -> Vec:
            """The figures of a position: the best of the reader's choices at the start of a round."""
            vec = positions.get(pos)
            if vec is not None:
                return vec
            if len(positions) + len(questions) >= budget:
                raise _too_many(budget)
            skill, stamina, _luck, foes, _cap, measures = pos
            alive = tuple(i for i, left in enumerate(foes) if left > floor)
            best = fight_round(pos, alive[0], alive)
            if together and len(alive) > 1:
                for t in alive[1:]:
                    vec = fight_round(pos, t, alive)
                    if better(vec, best):
                        best = vec
            if can_escape:
                skill, stamina, luck, foes, cap, measures = pos
                fled = stamina - flee_wound(foes)
                vec = settle(skill, fled, luck, foes, cap, measures, (FLEE_CODE,), True)
                if better(vec, best):
                    best = vec
            if potion_helps(spec, skill, stamina, measures):
                vec = drink(pos)
                if better(vec, best):
                    best = vec
            positions[pos] = best
            return best

        def fight_round(pos: Position, target: int, alive: tuple[int, ...]) -> Vec:
            """One Attack Round against `target` (000_13d85f0bd5b613c5.txt:27-53), stand-offs folded;
            `alive` lists the creatures still fighting."""
            skill, stamina, luck, foes, cap, measures = pos
            key = (skill, alive, target)
            table = round_tables.get(key)
            if table is None:
                fighting = tuple((i, skills[i]) for i in alive)
                probs, wounds = _round_table(skill + bonus, fighting, target, together)
                table = round_tables[key] = (probs if exact else tuple([float(p) for p in probs]), wounds)
            probs, wounds = table
            vecs: list[Vec] = []
            for hit, hurters in wounds:
                left = stamina
                after = foes
                pending: tuple[int, ...] = ()
                if hit:
                    hurt = list(foes)
                    hurt[target] -= hero_damage
                    after = tuple(hurt)
                    pending = (target,)
                for j in hurters:
                    left -= damage[j]
                    pending += (HURT,)
                vecs.append(settle(skill, left, luck, after, cap, measures, pending, False))
            return [sum(map(mul, probs, column)) for column in zip(*vecs)]  # noqa: B905 - same width

        def drink(pos: Position) -> Vec:
            """A measure of the potion (000_13d85f0bd5b613c5.txt:140-149), as `fight_moves.drink`."""
            skill, stamina, luck, foes, cap, measures = pos
            if spec.potion == "skill":
                skill = spec.initial_skill
            elif spec.potion == "strength":
                stamina = top
            else:
                cap += 1
                luck = cap
            return settle(skill, stamina, luck, foes, cap, measures - 1, (), False)

        def question(pos: Position, pending: tuple[int, ...]) -> Vec:
            """The Luck question on the wound at the head of `pending` (000_13d85f0bd5b613c5.txt:84-107):
            the better of testing Luck and not (testing first, as the state lists them)."""
            key = (*pos, *pending)
            vec = questions.get(key)
            return ask(key) if vec is None else vec

        def ask(key: tuple[Any, ...]) -> Vec:
            """`question` of a key not yet solved: `(*position, *pending)` (flat: cheaper to hash)."""
            if len(positions) + len(questions) >= budget:
                raise _too_many(budget)
            skill, stamina, luck, foes, cap, measures = pos = key[:6]
            pending = key[6:]
            tested = test(pos, pending)
            untested = settle(skill, stamina, luck, foes, cap, measures, pending[1:], pending[0] == FLEE_CODE)
            vec = questions[key] = untested if better(untested, tested) else tested
            return vec

        def test(pos: Position, pending: tuple[int, ...]) -> Vec:
            """The Luck test on the wound at the head of `pending`, as `fight_moves.after_luck`."""
            skill, stamina, luck, foes, cap, measures = pos
            probs, lucky_of, after = luck_tables[luck] if luck < len(luck_tables) else luck_table(luck)
            event = pending[0]
            rest = pending[1:]
            fled = event == FLEE_CODE
            vecs: list[Vec] = []
            for lucky in lucky_of:
                left, after_foes = stamina, foes
                if event >= 0:
                    changed = list(foes)
                    f = foes[event]
                    changed[event] = f - LUCKY_HIT_EXTRA if lucky else min(most[event], f + UNLUCKY_HIT_BACK)
                    after_foes = tuple(changed)
                elif lucky:
                    left = min(top, stamina + LUCKY_HURT_BACK)
                else:
                    left = stamina - UNLUCKY_HURT_EXTRA
                vecs.append(settle(skill, left, after, after_foes, cap, measures, rest, fled))
            if len(vecs) == 2:
                p, q = probs
                return [p * a + q * b for a, b in zip(*vecs)]  # noqa: B905 - same width
            return vecs[0]

        return position, fight_round, question, test, better

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
            alive = tuple(i for i, left in enumerate(state.foes) if left > self._spec.rules.creature_floor)
            return self._round(pos, state.target, alive)
        if phase == ASK_LUCK:
            return self._question(pos, pending_codes(state.pending))
        if phase == LUCK:
            return self._test(pos, pending_codes(state.pending))
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
