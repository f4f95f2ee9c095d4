"""The machinery under the exact solver, part two: solving the graph `engine.odds.graph` builds.

`optimise` solves the components in reverse topological order: a state outside any cycle by backward
induction, a cycle by policy iteration over exact linear solves (sparse Gaussian elimination). `evaluate`
gives the expectations of any set of terminal columns under a fixed policy, the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from grognard.engine.errors import OddsError
from grognard.engine.odds.base import FLOAT_TOLERANCE, beats
from grognard.engine.odds.graph import CHANCE_NODE, Column, Graph, Num

MAX_POLICY_ROUNDS = 10_000
"""Policy iteration gives up on a cycle after this many rounds (only players who disagree get there)."""


def _better(x: Num, y: Num, exact: bool) -> bool:
    """True when `x` beats `y` strictly (beyond the float tolerance in float mode)."""
    if exact:
        return bool(x > y)
    return bool(x - y > FLOAT_TOLERANCE * (1.0 + abs(y)))


def _expect(v: int, children: tuple[int, ...], probs: tuple[Num, ...], cols: list[Column], zero: Num) -> None:
    """Set chance node `v` in every column to the probability-weighted sum of its children's values."""
    for col in cols:
        acc = zero
        for c, p in zip(children, probs, strict=True):
            acc += p * col[c]
        col[v] = acc


def optimise(g: Graph, cols: list[Column], ties: list[Column] | None = None) -> list[int]:
    """Fill the player columns `cols[p]` (terminals already set) under optimal play; returns the policy.

    The policy is, for each decision node, the position of its chosen action in `g.moves[v]` (-1 at
    other nodes). Each decision maximises its actor's own column; among actions of equal value, the
    one with the higher `ties[0]`, then `ties[1]`... (filled alongside, terminals already set); equal
    in all of them, the first action.
    """
    exact = g.exact
    choice = [-1] * len(g.states)
    zero: Num = Fraction(0) if exact else 0.0
    tolerance = 0.0 if exact else FLOAT_TOLERANCE
    ties = ties or []
    every = cols + ties
    for v, k in _walk(g, every, choice, lambda comp: _solve_cycle(g, comp, every, choice, len(cols))):
        own = cols[k]
        if ties:
            choice[v] = _lex_best(g, v, [own, *ties])
            continue
        best = -1
        bv = zero
        for j, c in enumerate(g.succ[v]):
            if c != v:
                x = own[c]
                # `_better` written out: this loop runs once per action of every decision.
                if best < 0 or (x > bv if exact else x - bv > tolerance * (1.0 + abs(bv))):
                    best, bv = j, x
        choice[v] = best
    return choice


def _lex_best(g: Graph, v: int, order: list[Column]) -> int:
    """The first action of decision `v` whose child is best in `order[0]`, then `order[1]`..."""
    exact = g.exact
    best = -1
    for j, c in enumerate(g.succ[v]):
        if c != v and (best < 0 or _prefers(order, c, g.succ[v][best], exact)):
            best = j
    return best


def _prefers(order: list[Column], a: int, b: int, exact: bool) -> bool:
    """True when state `a` beats state `b` in the columns `order`, the first unequal one deciding."""
    for col in order:
        if beats(col[a], col[b], exact):
            return True
        if beats(col[b], col[a], exact):
            return False
    return False


def evaluate(g: Graph, choice: list[int], cols: list[Column]) -> None:
    """Fill `cols` (terminals already set) with their expectations when every decision follows `choice`."""
    for _ in _walk(g, cols, choice, lambda comp: _solve_policy(g, comp, choice, cols)):
        pass


def _walk(
    g: Graph, cols: list[Column], choice: list[int], solve_cycle: Callable[[list[int]], None]
) -> Iterator[tuple[int, int]]:
    """Fill `cols` component by component in solving order (terminals already set).

    A cyclic component goes to `solve_cycle`; a chance node gets its expectation. A decision node `v` of
    player `k` is yielded as `(v, k)` before its values are copied from its action `choice[v]`, so the
    caller may set `choice[v]` when it is yielded.
    """
    zero: Num = Fraction(0) if g.exact else 0.0
    kind, succ, prob = g.kind, g.succ, g.prob
    for comp in g.comps:
        if isinstance(comp, list):
            solve_cycle(comp)
            continue
        v = comp
        k = kind[v]
        if k == CHANCE_NODE:
            _expect(v, succ[v], prob[v], cols, zero)
        elif k >= 0:
            yield v, k
            c = succ[v][choice[v]]
            for col in cols:
                col[v] = col[c]


def _solve_cycle(g: Graph, comp: list[int], cols: list[Column], choice: list[int], players: int) -> None:
    """Solve one cyclic component by policy iteration: evaluate a policy exactly, improve, repeat.

    `cols` holds the `players` utility columns, then the tie-breaking columns (see `optimise`).
    """
    exact = g.exact
    ties = cols[players:]
    _initial_policy(g, comp, choice)
    for _ in range(MAX_POLICY_ROUNDS):
        _solve_policy(g, comp, choice, cols)
        changed = False
        for v in comp:
            k = g.kind[v]
            if k < 0:
                continue
            order = [cols[k], *ties]
            children = g.succ[v]
            best = choice[v]
            for j, c in enumerate(children):
                if c != v and _prefers(order, c, children[best], exact):
                    best = j
            if best != choice[v]:
                choice[v] = best
                changed = True
        if not changed:
            _prefer_first(g, comp, cols[:players], choice, ties)
            return
    raise OddsError(
        f"no stable choice found in a cycle through {g.describe(comp[0])} "
        f"after {MAX_POLICY_ROUNDS} rounds (players keep changing their minds)"
    )


def _prefer_first(
    g: Graph, comp: list[int], cols: list[Column], choice: list[int], ties: list[Column]
) -> None:
    """Move each choice to the first action of equal value (and equal tie-breaking figures), when the
    game still ends that way."""
    exact = g.exact
    tied = list(choice)
    for v in comp:
        k = g.kind[v]
        if k < 0:
            continue
        order = [cols[k], *ties]
        children = g.succ[v]
        chosen = children[choice[v]]
        for j, c in enumerate(children):
            if c != v and not _prefers(order, chosen, c, exact):
                tied[v] = j
                break
    if tied != choice and _ends(g, comp, tied):
        choice[:] = tied


def _members(comp: list[int]) -> dict[int, int]:
    return {v: i for i, v in enumerate(comp)}


def _initial_policy(g: Graph, comp: list[int], choice: list[int]) -> None:
    """A policy under which the game surely leaves the component, or an error when none exists.

    Works backwards from the states with a way out: a chance node joins once any child has joined, a
    decision node once any of its actions leads to a state that has joined (that action is chosen).
    """
    inside = _members(comp)
    preds: list[list[int]] = [[] for _ in comp]
    ready = [False] * len(comp)
    queue: list[int] = []
    for i, v in enumerate(comp):
        exit_at = -1
        for j, c in enumerate(g.succ[v]):
            at = inside.get(c)
            if at is None:
                if exit_at < 0:
                    exit_at = j
            elif c != v:
                preds[at].append(i)
        if exit_at >= 0:
            ready[i] = True
            queue.append(i)
            if g.kind[v] >= 0:
                choice[v] = exit_at
    while queue:
        at = queue.pop()
        target = comp[at]
        for i in preds[at]:
            if ready[i]:
                continue
            ready[i] = True
            queue.append(i)
            v = comp[i]
            if g.kind[v] >= 0:
                choice[v] = g.succ[v].index(target)
    if not all(ready):
        stuck = comp[ready.index(False)]
        raise OddsError(f"the game can never end from {g.describe(stuck)}, whatever the players choose")


def _ends(g: Graph, comp: list[int], choice: list[int]) -> bool:
    """True when, following `choice`, the game leaves the component with certainty."""
    inside = _members(comp)
    preds: list[list[int]] = [[] for _ in comp]
    ready = [False] * len(comp)
    queue: list[int] = []
    for i, v in enumerate(comp):
        children = (g.succ[v][choice[v]],) if g.kind[v] >= 0 else g.succ[v]
        leaves = False
        for c in children:
            at = inside.get(c)
            if at is None:
                leaves = True
            else:
                preds[at].append(i)
        if leaves:
            ready[i] = True
            queue.append(i)
    while queue:
        at = queue.pop()
        for i in preds[at]:
            if not ready[i]:
                ready[i] = True
                queue.append(i)
    return all(ready)


def _solve_policy(g: Graph, comp: list[int], choice: list[int], cols: list[Column]) -> None:
    """Solve the linear equations of one component under a fixed policy, writing into `cols`."""
    exact = g.exact
    zero: Num = Fraction(0) if exact else 0.0
    one: Num = Fraction(1) if exact else 1.0
    inside = _members(comp)
    rows: list[dict[int, Num]] = []
    consts: list[list[Num]] = []
    for v in comp:
        coef: dict[int, Num] = {}
        const = [zero] * len(cols)
        if g.kind[v] >= 0:
            pairs: Sequence[tuple[int, Num]] = ((g.succ[v][choice[v]], one),)
        else:
            pairs = tuple(zip(g.succ[v], g.prob[v], strict=True))
        for c, p in pairs:
            at = inside.get(c)
            if at is None:
                for m, col in enumerate(cols):
                    const[m] += p * col[c]
            else:
                coef[at] = coef.get(at, zero) + p
        rows.append(coef)
        consts.append(const)
    values = _eliminate(rows, consts, exact, lambda i: g.describe(comp[i]))
    for i, v in enumerate(comp):
        for m, col in enumerate(cols):
            col[v] = values[i][m]


def _eliminate(
    rows: list[dict[int, Num]], consts: list[list[Num]], exact: bool, name: Callable[[int], str]
) -> list[list[Num]]:
    """Solve x_i = consts_i + sum_j rows_i[j] * x_j for every i, by sparse Gaussian elimination.

    Unknowns go from the last discovered to the first: in a cycle through its first state that
    substitutes each state into the ones before it, so the work stays close to the number of edges.
    """
    n = len(rows)
    width = len(consts[0]) if consts else 0
    users: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(rows):
        for j in row:
            if j != i:
                users[j].add(i)
    order = range(n - 1, -1, -1)
    for x in order:
        row = rows[x]
        const = consts[x]
        s = row.pop(x, 0)
        if s:
            rest = 1 - s
            if (rest == 0) if exact else (abs(rest) < 1e-14):
                raise OddsError(f"the game can never end from {name(x)}: it returns there with certainty")
            inv = 1 / rest
            for j in row:
                row[j] *= inv
            for m in range(width):
                const[m] *= inv
        for y in users[x]:
            other = rows[y]
            w = other.pop(x)
            for j, p in row.items():
                if j in other:
                    other[j] += w * p
                else:
                    other[j] = w * p
                    if j != y:
                        users[j].add(y)
            oc = consts[y]
            for m in range(width):
                oc[m] += w * const[m]
        for j in row:
            users[j].discard(x)
        users[x] = set()
    values: list[list[Num]] = [[] for _ in range(n)]
    for x in reversed(order):
        out = list(consts[x])
        for j, p in rows[x].items():
            vj = values[j]
            for m in range(width):
                out[m] += p * vj[m]
        values[x] = out
    return values
