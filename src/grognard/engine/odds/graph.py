"""The machinery under the exact solver, part one: the explicit graph of every reachable state.

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
taken for a solved one. The graph is solved by `engine.odds.induction`.

Values are kept by column (one list per quantity, indexed by state number), so a column is a flat list
of floats or of Fractions and the arithmetic stays plain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeAlias, cast

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, GameState, Move, Outcome, Result, State
from grognard.i18n import gettext, number

Num: TypeAlias = Any
"""A float or a Fraction: one column holds one kind only; `Any` keeps the arithmetic unannotated."""

Column: TypeAlias = list[Num]
"""One quantity for every state, indexed by state number."""

CHANCE_NODE = -1
"""`Graph.kind` of a chance node; a decision node's kind is its actor's index."""
TERMINAL_NODE = -2
"""`Graph.kind` of a terminal node."""


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
        gettext(
            "the reachable state space is larger than the budget of %(budget)s states; "
            "raise the budget or solve a smaller position"
        )
        % {"budget": number(budget)}
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
