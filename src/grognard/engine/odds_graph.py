"""The machinery under the exact solver: the explicit graph of reachable states and its solution.

`build` walks every state reachable from a root once (an iterative depth-first search), so each state's
`actor`, its actions or chance outcomes and `apply` are called once. It folds chance self-loops by
renormalising, merges chance outcomes that lead to the same state, and lists the strongly connected
components in reverse topological order: every component comes after all the components it can reach.
When the search meets no edge back to an open state, its post-order is that list and Tarjan's algorithm
is not run.

The compact protocol (optional, for states the solver meets by the hundred thousand): a root that has
all three methods below is explored through them, and so is every state they return.

- `odds_key()`: a hashable value, cheap to hash and compare (a tuple of ints), that tells apart any two
  different states reachable from one root; the solver numbers states by it.
- `odds_expand()`: at a non-terminal node, `(moves, probabilities, keys)`: the legal actions in order
  (probabilities empty) or the chance outcomes with their probabilities (zeros allowed), and the
  `odds_key()` of the state each move leads to. It must agree with `apply`; a shared tuple of
  probabilities is checked and converted to floats once.
- `odds_state(key)`: the state with that key, called once per new key; the only states built.

`Solution.at` confirms a key's match with `==`, so a state of another game with the same key is not
taken for a solved one. `optimise` then solves the components in that order: a state outside any
cycle by backward induction, a cycle by policy iteration over exact linear solves. `evaluate` gives the
expectations of any set of terminal columns under a fixed policy, the same way.

Values are kept by column (one list per quantity, indexed by state number), so a column is a flat list
of floats or of Fractions and the arithmetic stays plain.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeAlias, cast

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState, Move, Outcome, Result, State

Num: TypeAlias = Any
"""A float or a Fraction: one column holds one kind only; `Any` keeps the arithmetic unannotated."""

Column: TypeAlias = list[Num]
"""One quantity for every state, indexed by state number."""

CHANCE_NODE = -1
"""`Graph.kind` of a chance node; a decision node's kind is its actor's index."""
TERMINAL_NODE = -2
"""`Graph.kind` of a terminal node."""

FLOAT_TOLERANCE = 1e-12
"""In float mode a later action replaces an earlier one only when better by more than this (relative)."""

MAX_POLICY_ROUNDS = 10_000
"""Policy iteration gives up on a cycle after this many rounds (only players who disagree get there)."""


@dataclass
class Graph:
    """Every state reachable from the root, numbered from 0 (the root), with its moves and children.

    For a decision node `succ[v]` is aligned with `moves[v]` (the legal actions, in order); an action
    that returns to the same state has `succ[v][i] == v`. For a chance node `succ[v]` and `prob[v]` list
    the distinct other states reached and their probabilities, renormalised when the node can repeat
    itself. `comps` lists the strongly connected components in reverse topological order: a number for
    a state on no cycle, a list (in discovery order) for a cycle. `index` numbers each state by itself,
    or by its `odds_key()` when the root offers the compact protocol (`keyed`).
    """

    exact: bool
    states: list[State] = field(default_factory=list)
    index: dict[Any, int] = field(default_factory=dict)
    kind: list[int] = field(default_factory=list)
    succ: list[tuple[int, ...]] = field(default_factory=list)
    prob: list[tuple[Num, ...]] = field(default_factory=list)
    moves: list[tuple[Action, ...]] = field(default_factory=list)
    results: dict[int, Result] = field(default_factory=dict)
    comps: list[int | list[int]] = field(default_factory=list)
    players: int = 1
    keyed: bool = False

    def describe(self, v: int) -> str:
        """A short text naming state number `v`, for error messages."""
        state = self.states[v]
        describe = getattr(state, "describe", None)
        text = describe() if callable(describe) else repr(state)
        return str(text)


def _is_plain_game_state(cls: type) -> bool:
    """True when `cls` keeps GameState's checking wrappers, so its hooks may be called directly."""
    return (
        issubclass(cls, GameState)
        and cls.apply is GameState.apply
        and cls.legal_actions is GameState.legal_actions
        and cls.chance_outcomes is GameState.chance_outcomes
    )


def build(root: State, budget: int, exact: bool) -> Graph:
    """The explicit graph of every state reachable from `root`; more than `budget` states is an error."""
    g, cyclic = _explore(root, budget, exact)
    if cyclic:
        g.comps = components(g.succ)
    return g


def _float(p: Fraction, known: dict[int, tuple[Fraction, float]]) -> float:
    """`float(p)`, converted once per Fraction object (the cache keeps `p` alive, so ids stay unique)."""
    hit = known.get(id(p))
    if hit is None:
        hit = known[id(p)] = (p, float(p))
    return hit[1]


def _grow(room: int, status: list[int], kind: list[int], *columns: list[tuple[Any, ...]]) -> int:
    """Make room for more states in the explorer's columns (by chunks, not one append per state)."""
    more = max(64, room)
    status.extend([0] * more)
    kind.extend([TERMINAL_NODE] * more)
    for column in columns:
        column.extend([()] * more)
    return room + more


def _too_many(budget: int) -> OddsError:
    return OddsError(
        f"the reachable state space is larger than the budget of {budget:,} states; "
        "raise the budget or solve a smaller position"
    )


def _keyed(root: State) -> bool:
    """True when `root` offers the compact protocol (`odds_key`, `odds_expand`, `odds_state`)."""
    return all(callable(getattr(root, name, None)) for name in ("odds_key", "odds_expand", "odds_state"))


def _explore(root: State, budget: int, exact: bool) -> tuple[Graph, bool]:
    """Number every reachable state and record its kind, moves, children and probabilities.

    A depth-first search: a state is numbered when first seen and expanded when first entered, and
    each state is appended to the post-order once all its children are done. When no edge led back to
    a state still open (no cycle besides self-loops), that post-order already lists every state after
    all it can reach and is returned as the components; otherwise the caller runs Tarjan. Returns the
    graph and whether a cycle was seen.
    """
    g = Graph(exact)
    keyed = g.keyed = _keyed(root)
    states, index, kind, succ, prob, moves = g.states, g.index, g.kind, g.succ, g.prob, g.moves
    results = g.results
    lookup = index.get
    plain: dict[type, bool] = {}
    floats: dict[int, tuple[object, tuple[Num, ...], bool]] = {}
    fractions: dict[int, tuple[Fraction, float]] = {}
    one: Num = Fraction(1) if exact else 1.0
    max_actor = 0
    status: list[int] = []
    order: list[int] = []
    cyclic = False
    index[cast(Any, root).odds_key() if keyed else root] = 0
    states.append(root)
    room = _grow(0, status, kind, succ, prob, moves)
    stack_v: list[int] = []
    stack_i: list[int] = []
    v = 0
    nodes: list[Any] = states  # `Any`: no `cast` call per state in this loop
    while True:
        # Enter state v: expand it and number its new children.
        s = nodes[v]
        who = s.actor()
        if who is TERMINAL:
            results[v] = s.result()
            order.append(v)
            status[v] = 2
        else:
            outs: Sequence[Any]
            probs: Sequence[Num]
            keys: Sequence[Any]
            if keyed:
                outs, probs, keys = s.odds_expand()
                make = s.odds_state
            else:
                cls = type(s)
                direct = plain.get(cls)
                if direct is None:
                    direct = plain[cls] = _is_plain_game_state(cls)
                apply: Callable[[Move], State] = s._apply if direct else s.apply
                if who is CHANCE:
                    pairs: Sequence[tuple[Outcome, Fraction]]
                    pairs = s._outcomes() if direct else s.chance_outcomes()
                    if exact and sum(p for _, p in pairs) != 1:
                        raise OddsError(f"the chance outcomes of {g.describe(v)} do not sum to 1")
                    outs = [o for o, p in pairs if p]
                    probs = [p for _, p in pairs if p]
                    if not exact:
                        probs = [_float(p, fractions) for p in probs]
                else:
                    outs = tuple(s._actions() if direct else s.legal_actions())
                    probs = ()
                keys = [apply(m) for m in outs]
                make = None
            children: list[Any] = list(map(lookup, keys))
            if None in children:
                for i, c in enumerate(children):
                    if c is None:
                        t = keys[i]
                        c = lookup(t)  # two moves may lead to the same new state
                        if c is None:
                            c = len(states)
                            if c >= budget:
                                raise _too_many(budget)
                            index[t] = c
                            states.append(make(t) if keyed else t)
                            if c == room:
                                room = _grow(room, status, kind, succ, prob, moves)
                        children[i] = c
            if who is CHANCE:
                if keyed:
                    # Probability tuples are usually shared between states: check and convert each once
                    # (the tuple is kept alive by the cache, so its id cannot be reused meanwhile).
                    known = floats.get(id(probs))
                    if known is None:
                        if exact and sum(probs) != 1:
                            raise OddsError(f"the chance outcomes of {g.describe(v)} do not sum to 1")
                        converted = tuple(probs) if exact else tuple([float(p) for p in probs])
                        known = floats[id(probs)] = (probs, converted, not all(converted))
                    probs, zeros = known[1], known[2]
                else:
                    zeros = False
                if v in children or (len(children) > 1 and len(set(children)) < len(children)):
                    merged: dict[int, Num] = {}
                    stay: Num = 0
                    for c, q in zip(children, probs, strict=True):
                        if not q:
                            continue
                        if c == v:
                            stay += q
                        elif c in merged:
                            merged[c] += q
                        else:
                            merged[c] = q
                    if stay:
                        if not merged:
                            raise OddsError(f"the game can never end: {g.describe(v)} always repeats itself")
                        rest = one - stay
                        prob[v] = tuple([q / rest for q in merged.values()])
                    else:
                        prob[v] = tuple(merged.values())
                    succ[v] = tuple(merged)
                elif zeros:
                    kept = [(c, q) for c, q in zip(children, probs, strict=True) if q]
                    succ[v] = tuple(c for c, _ in kept)
                    prob[v] = tuple(q for _, q in kept)
                else:
                    succ[v] = tuple(children)
                    prob[v] = tuple(probs)
                kind[v] = CHANCE_NODE
            else:
                if not isinstance(who, int) or who < 0:
                    raise OddsError(f"{g.describe(v)} has an unknown actor {who!r}")
                if not outs:
                    raise OddsError(f"{g.describe(v)} is a decision node with no legal action")
                if children.count(v) == len(children):
                    raise OddsError(f"no action at {g.describe(v)} makes progress: every one returns to it")
                if who > max_actor:
                    max_actor = who
                kind[v] = who
                succ[v] = tuple(children)
                moves[v] = tuple(outs)
            status[v] = 1
            stack_v.append(v)
            stack_i.append(0)
        # Go on depth first: the next child not yet entered, or finish states whose children are done.
        v = -1
        while stack_v:
            u = stack_v[-1]
            children_u = succ[u]
            i = stack_i[-1]
            n = len(children_u)
            while i < n:
                c = children_u[i]
                i += 1
                st = status[c]
                if st == 0:
                    v = c
                    break
                if st == 1 and c != u:
                    cyclic = True
            if v >= 0:
                stack_i[-1] = i
                break
            stack_v.pop()
            stack_i.pop()
            status[u] = 2
            order.append(u)
        if v < 0:
            break
    g.players = max_actor + 1
    n = len(states)
    for column in (kind, succ, prob, moves):
        del column[n:]
    if not cyclic:
        g.comps = cast(list[int | list[int]], order)
    return g, cyclic


def components(succ: Sequence[Sequence[int]]) -> list[int | list[int]]:
    """The strongly connected components of a graph given by its successor lists (iterative Tarjan).

    They come in reverse topological order: each after every component it can reach. A state on no
    cycle is given as its number, a cycle as the list of its states in order of discovery.
    """
    n = len(succ)
    disc = [-1] * n
    low = [0] * n
    onstack = [False] * n
    comps: list[int | list[int]] = []
    tarjan: list[int] = []
    counter = 0
    for root in range(n):
        if disc[root] >= 0:
            continue
        disc[root] = low[root] = counter
        counter += 1
        tarjan.append(root)
        onstack[root] = True
        work_v = [root]
        work_i = [0]
        while work_v:
            v = work_v[-1]
            i = work_i[-1]
            children = succ[v]
            n_children = len(children)
            while i < n_children:
                w = children[i]
                i += 1
                dw = disc[w]
                if dw < 0:
                    work_i[-1] = i
                    disc[w] = low[w] = counter
                    counter += 1
                    tarjan.append(w)
                    onstack[w] = True
                    work_v.append(w)
                    work_i.append(0)
                    break
                if onstack[w] and dw < low[v]:
                    low[v] = dw
            else:
                work_v.pop()
                work_i.pop()
                lv = low[v]
                if lv == disc[v]:
                    if tarjan[-1] == v:
                        tarjan.pop()
                        onstack[v] = False
                        comps.append(v)
                    else:
                        at = len(tarjan) - 1
                        while tarjan[at] != v:
                            at -= 1
                        members = tarjan[at:]
                        del tarjan[at:]
                        for w in members:
                            onstack[w] = False
                        comps.append(members)
                if work_v:
                    u = work_v[-1]
                    if lv < low[u]:
                        low[u] = lv
    return comps


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


def optimise(g: Graph, cols: list[Column]) -> list[int]:
    """Fill the player columns `cols[p]` (terminals already set) under optimal play; returns the policy.

    The policy is, for each decision node, the position of its chosen action in `g.moves[v]` (-1 at
    other nodes). Each decision maximises its actor's own column; ties go to the first action.
    """
    exact = g.exact
    choice = [-1] * len(g.states)
    zero: Num = Fraction(0) if exact else 0.0
    tolerance = 0.0 if exact else FLOAT_TOLERANCE
    for v, k in _walk(g, cols, choice, lambda comp: _solve_cycle(g, comp, cols, choice)):
        own = cols[k]
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


def _solve_cycle(g: Graph, comp: list[int], cols: list[Column], choice: list[int]) -> None:
    """Solve one cyclic component by policy iteration: evaluate a policy exactly, improve, repeat."""
    exact = g.exact
    _initial_policy(g, comp, choice)
    for _ in range(MAX_POLICY_ROUNDS):
        _solve_policy(g, comp, choice, cols)
        changed = False
        for v in comp:
            k = g.kind[v]
            if k < 0:
                continue
            own = cols[k]
            children = g.succ[v]
            best = choice[v]
            bv = own[children[best]]
            for j, c in enumerate(children):
                if c != v and _better(own[c], bv, exact):
                    best, bv = j, own[c]
            if best != choice[v]:
                choice[v] = best
                changed = True
        if not changed:
            _prefer_first(g, comp, cols, choice)
            return
    raise OddsError(
        f"no stable choice found in a cycle through {g.describe(comp[0])} "
        f"after {MAX_POLICY_ROUNDS} rounds (players keep changing their minds)"
    )


def _prefer_first(g: Graph, comp: list[int], cols: list[Column], choice: list[int]) -> None:
    """Move each choice to the first action of equal value, when the game still ends that way."""
    exact = g.exact
    tied = list(choice)
    for v in comp:
        k = g.kind[v]
        if k < 0:
            continue
        own = cols[k]
        children = g.succ[v]
        bv = own[children[choice[v]]]
        for j, c in enumerate(children):
            if c != v and not _better(bv, own[c], exact):
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
