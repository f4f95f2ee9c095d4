"""A section's fight walked once for every reader who enters it alike, and valued per reader around it.

The positions of a fight depend only on the fight (its state: the hero's scores in the fight, the
creatures, the round), never on the rest of the reader (the context: Provisions, items, gold, the visited
sections still tested...). So `solve_graph.explore` walks each fight's positions once into a
`FightTable` (one per section and fight *family*: the fixed facts of the fight, `odds_family()` when the
fight offers it, the whole state when it has no compact key), and a reader entering it is one node of the
book (an *entry*) whose ways out are the fight's ends in that reader's context. Only the values differ
from one context to another: `FightValues` values a table's positions for one context (a pass over the
positions reachable from the context's entries, children first, with the values of the book's states its
ends lead to), and each entry becomes a chance node of the book whose outcomes are the fight's ends, with
their probabilities under the best play in the fight. The figures are those of the fight walked inside
the book (every decision of the fight is still taken for the book's chance); `tests/gamebook/
test_solve_oracle.py` checks them against a plain recursion over whole states.

An entry on a cycle of the book (a way out of the fight that can lead back to it in the same context), or
a fight whose positions can repeat, is put back into the book's graph position by position (`inline`),
and solved with the book's cycles.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction

from grognard.engine.game import GameState, Move
from grognard.engine.odds.base import FLOAT_TOLERANCE
from grognard.engine.odds.graph import CHANCE_NODE, Column, Num


def compact(state: object) -> bool:
    """True when a fight state offers the compact protocol (`engine.odds.graph`)."""
    return all(callable(getattr(state, name, None)) for name in ("odds_key", "odds_expand", "odds_state"))


def family(fight: GameState, context: int) -> Hashable:
    """What the positions of a fight depend on beyond their key: nothing for a fight numbered by its whole
    state; its `odds_family()` (the fight's fixed facts) for a compact one that offers it; else the
    reader's context (such a fight is walked once per context, which is always exact)."""
    if not compact(fight):
        return ("state",)
    offered = getattr(fight, "odds_family", None)
    if callable(offered):
        return ("family", offered())
    return ("context", context)


def position_key(fight: GameState) -> Hashable:
    """The key of a fight's position in its table: its compact key, or the state itself."""
    key: Hashable = fight.odds_key() if compact(fight) else fight  # type: ignore[attr-defined]
    return key


@dataclass
class FightTable:
    """The positions of one fight (a section's, one family), shared by every context that enters it.

    `kind[p]` is CHANCE_NODE or the deciding player; `succ[p]` its children: a position (>= 0) or a way
    out `~e` (< 0, `exits[e]`); `prob[p]` their probabilities at a chance position (a position that can
    repeat itself renormalised, as in the book's graph); `moves[p]` the moves, aligned. `exits[e]` is a
    fight position before its last move, that move and how the fight ended (the runner ends the fight
    from there in each context).
    """

    section: str
    index: dict[Hashable, int] = field(default_factory=dict)
    keys: list[Hashable] = field(default_factory=list)
    kind: list[int] = field(default_factory=list)
    succ: list[tuple[int, ...]] = field(default_factory=list)
    prob: list[tuple[Num, ...]] = field(default_factory=list)
    moves: list[tuple[Move, ...]] = field(default_factory=list)
    exit_index: dict[Hashable, int] = field(default_factory=dict)
    exits: list[tuple[GameState, Move, str]] = field(default_factory=list)
    ended: list[GameState | None] = field(default_factory=list)
    """Aligned with `exits`: the fight's last state when it is the fight's own `apply` of that move (a
    fight without a compact protocol), so the runner ends the fight from it; else None."""
    cyclic: bool = False
    """True once a cycle of positions was found (its entries are then put in the book's graph)."""
    _reach: dict[int, int] = field(default_factory=dict)

    def reach(self, pos: int) -> list[int]:
        """The ways out reachable from position `pos` (their numbers in `exits`), in order."""
        bits = self._reach_bits(pos)
        out = []
        e = 0
        while bits:
            if bits & 1:
                out.append(e)
            bits >>= 1
            e += 1
        return out

    def _reach_bits(self, pos: int) -> int:
        """The ways out reachable from `pos` as a bit set, memoised per position (children first); a
        cycle met on the way marks the table `cyclic` and is searched without the memo."""
        memo, succ = self._reach, self.succ
        if pos in memo:
            return memo[pos]
        grey: set[int] = set()
        stack = [pos]
        while stack:
            p = stack[-1]
            if p in memo:
                stack.pop()
                grey.discard(p)
                continue
            if p not in grey:
                grey.add(p)
                for q in succ[p]:
                    if q >= 0 and q not in memo:
                        if q in grey and q != p:
                            self.cyclic = True
                            return self._reach_plain(pos)
                        if q != p:
                            stack.append(q)
                continue
            stack.pop()
            grey.discard(p)
            bits = 0
            for q in succ[p]:
                if q < 0:
                    bits |= 1 << ~q
                elif q != p:
                    bits |= memo[q]
            memo[p] = bits
        return memo[pos]

    def _reach_plain(self, pos: int) -> int:
        seen = {pos}
        stack = [pos]
        bits = 0
        while stack:
            p = stack.pop()
            for q in self.succ[p]:
                if q < 0:
                    bits |= 1 << ~q
                elif q not in seen:
                    seen.add(q)
                    stack.append(q)
        return bits

    def positions_from(self, starts: list[int]) -> list[int]:
        """Every position reachable from `starts`."""
        seen = set(starts)
        stack = list(starts)
        while stack:
            p = stack.pop()
            for q in self.succ[p]:
                if q >= 0 and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return sorted(seen)


@dataclass(frozen=True, slots=True)
class Entry:
    """A reader entering a fight: the context (`BookGraph.contexts`), the table and the position."""

    context: int
    table: int
    position: int


class FightValues:
    """The values of fights' positions per context, for the book's solve (`settle`) and look-ups
    (`position_values`). `values` is the book's column (every way out of a fight valued before its
    entries are settled: the book is solved children first)."""

    def __init__(
        self,
        tables: list[FightTable],
        exit_nodes: dict[tuple[int, int], dict[int, int]],
        values: Column,
        exact: bool,
    ) -> None:
        self.tables = tables
        self.exit_nodes = exit_nodes
        self.values = values
        self.exact = exact
        self.valued = 0
        """How many (context, position) pairs were valued."""
        self.edges = 0
        """How many of their edges (for the rounding bound)."""
        self._memo: dict[tuple[int, int], dict[int, Num]] = {}
        self._heights: dict[int, dict[int, int]] = {}

    def value(self, entry: Entry, memo: dict[int, Num] | None = None) -> dict[int, Num]:
        """The values of every position reachable from `entry` in its context, added to `memo` (by
        default the context's own, kept until `done`: its other entries share the positions valued)."""
        at = (entry.context, entry.table)
        if memo is None:
            memo = self._memo.setdefault(at, {})
        t = self.tables[entry.table]
        ways = self.exit_nodes[at]
        values = self.values
        kind, succ, prob = t.kind, t.succ, t.prob
        exact = self.exact
        tolerance = 0.0 if exact else FLOAT_TOLERANCE
        zero: Num = Fraction(0) if exact else 0.0
        stack = [entry.position]
        valued = edges = 0
        while stack:
            p = stack[-1]
            if p in memo:
                stack.pop()
                continue
            children = succ[p]
            waiting = False
            for q in children:
                if q >= 0 and q != p and q not in memo:
                    stack.append(q)
                    waiting = True
            if waiting:
                continue
            stack.pop()
            valued += 1
            edges += len(children)
            if kind[p] == CHANCE_NODE:
                acc = zero
                for q, pr in zip(children, prob[p], strict=True):
                    acc += pr * (memo[q] if q >= 0 else values[ways[~q]])
                memo[p] = acc
            else:
                best: Num = None
                for q in children:
                    if q == p:
                        continue
                    x = memo[q] if q >= 0 else values[ways[~q]]
                    if best is None or (x > best if exact else x - best > tolerance * (1.0 + abs(best))):
                        best = x
                memo[p] = best
        self.valued += valued
        self.edges += edges
        return memo

    def best_move(self, entry: Entry, memo: dict[int, Num], p: int) -> int:
        """The move the best play takes at decision position `p` (the first of equal value)."""
        t = self.tables[entry.table]
        ways = self.exit_nodes[(entry.context, entry.table)]
        exact = self.exact
        tolerance = 0.0 if exact else FLOAT_TOLERANCE
        best, bv = -1, 0.0
        for j, q in enumerate(t.succ[p]):
            if q == p:
                continue
            x = memo[q] if q >= 0 else self.values[ways[~q]]
            if best < 0 or (x > bv if exact else x - bv > tolerance * (1.0 + abs(bv))):
                best, bv = j, x
        return best

    def settle(self, entry: Entry) -> tuple[Num, dict[int, Num]]:
        """The value of an entry and the chance of each way out (by book node) under the best play."""
        memo = self.value(entry)
        t = self.tables[entry.table]
        ways = self.exit_nodes[(entry.context, entry.table)]
        one: Num = Fraction(1) if self.exact else 1.0
        # Mass moves parents first: a heap on the negated height (the longest way to an end), which is
        # higher for a parent than for any of its children.
        mass: dict[int, Num] = {entry.position: one}
        heap = [(0, entry.position)]
        out: dict[int, Num] = {}
        while heap:
            _, p = heapq.heappop(heap)
            m = mass.pop(p)
            if t.kind[p] == CHANCE_NODE:
                pairs = list(zip(t.succ[p], t.prob[p], strict=True))
            else:
                j = self.best_move(entry, memo, p)
                pairs = [(t.succ[p][j], one)]
            for q, pr in pairs:
                if q < 0:
                    node = ways[~q]
                    out[node] = out.get(node, 0) + m * pr
                elif q in mass:
                    mass[q] += m * pr
                else:
                    mass[q] = m * pr
                    heapq.heappush(heap, (-self._height(entry.table, q), q))
        return memo[entry.position], out

    def _height(self, table: int, p: int) -> int:
        t = self.tables[table]
        heights = self._heights.setdefault(table, {})
        if p in heights:
            return heights[p]
        stack = [p]
        while stack:
            x = stack[-1]
            if x in heights:
                stack.pop()
                continue
            waiting = False
            for q in t.succ[x]:
                if q >= 0 and q != x and q not in heights:
                    stack.append(q)
                    waiting = True
            if waiting:
                continue
            stack.pop()
            heights[x] = 1 + max((heights[q] for q in t.succ[x] if q >= 0 and q != x), default=0)
        return heights[p]

    def done(self, context: int, table: int) -> None:
        """Forget a context's values of a table (its last entry is settled)."""
        self._memo.pop((context, table), None)
