"""The explicit graph of a book: every state a reader can reach, numbered by what the rest of the book reads.

`explore` walks the runner's own states (`runner.GamebookState`: `actor`, `legal_actions`,
`chance_outcomes`, `apply`) from the first one, and numbers each by its `solve_state.Projector` key, so
the states the rest of the book cannot tell apart are one node. A fight is walked through the fight's own
states (its compact protocol when it offers one, see `engine.odds.graph`) into a table of its positions
(`solve_fights.FightTable`), once per section and fight family, shared by every reader around it
(`Projector.fight_context`); a reader entering it is one node, an *entry*, whose children are the book's
states where the fight's ends lead in the reader's context (the runner's own code ends the fight:
`GamebookState.apply` of the last move). `inline_fights` puts a fight entered on a cycle of the book back
into the graph position by position.

The result is the engine's `Graph` (decision nodes, chance nodes with exact probabilities, terminals),
solved by the engine's own machinery (`engine.odds.induction`), plus what the reports need: each node's
section and phase, the nodes where a reader turns to a section, where creation ends, and how each fight
that ends on a node ended.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, GameState, Move, Result
from grognard.engine.odds.graph import CHANCE_NODE, TERMINAL_NODE, Graph, components
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.solve_fights import Entry, FightTable, compact, family, position_key
from grognard.gamebook.solve_state import Projector

Progress = Callable[[int], None]
"""Called now and then with the number of states found so far."""

PROGRESS_EVERY = 4096
"""States found between two calls of the progress callback."""

FIGHT = "fight"
"""The phase of a node inside a fight (the book's own phases are the runner's)."""


class TooManyStates(OddsError):
    """The book has more states than the budget allows."""


@dataclass(frozen=True)
class Place:
    """Where a node is: its section ("" during creation) and phase; what error messages name."""

    section: str
    phase: str

    def describe(self) -> str:
        """`section 12 (choose)`, or `creating the sheet`."""
        return f"section {self.section} ({self.phase})" if self.section else "creating the sheet"


@dataclass
class BookGraph:
    """A book's explicit graph (`graph`, node 0 the first state) and what the reports read from it.

    `places[v]` is node v's `Place`; `arrivals` the nodes where a reader turns to a section (the first
    state of a section's visit); `starts` the nodes where creation ends, with the sheet made;
    `fight_ends[(v, c)]` how the fight on node v ended when it led to node c; `contexts` numbers the
    readers around fights (`Projector.fight_context`); `fight_nodes` counts the fights' positions (in
    `tables`, shared by contexts, and any put in the graph). `tables` are the fights' positions
    (`solve_fights.FightTable`, `table_of` by section and family), `entries` the nodes where a reader
    enters a fight (a chance node once the book is solved: the fight's ways out under its best play),
    `exit_nodes[(context, table)]` the book node each way out of a table leads to in a context.
    """

    graph: Graph
    places: list[Place]
    arrivals: set[int] = field(default_factory=set)
    starts: dict[int, Any] = field(default_factory=dict)
    fight_ends: dict[tuple[int, int], str] = field(default_factory=dict)
    contexts: dict[Hashable, int] = field(default_factory=dict)
    fight_nodes: int = 0
    steps: dict[int, str] = field(default_factory=dict)
    tables: list[FightTable] = field(default_factory=list)
    table_of: dict[Hashable, int] = field(default_factory=dict)
    entries: dict[int, Entry] = field(default_factory=dict)
    exit_nodes: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)


class _Explorer:
    """One walk of a book (see `explore`)."""

    def __init__(self, projector: Projector, budget: int, progress: Progress | None) -> None:
        self.projector = projector
        self.budget = budget
        self.progress = progress
        self.index: dict[Hashable, int] = {}
        self.kind: list[int] = []
        self.succ: list[tuple[int, ...]] = []
        self.prob: list[tuple[Fraction, ...]] = []
        self.moves: list[tuple[Any, ...]] = []
        self.results: dict[int, Result] = {}
        self.places: list[Place] = []
        self.place_of: dict[tuple[str, str], Place] = {}
        self.pending: list[tuple[int, Any]] = []
        self.contexts: dict[Hashable, int] = {}
        self.readers: list[GamebookState] = []
        self.exits: dict[Hashable, tuple[int, str]] = {}
        self.fight_ends: dict[tuple[int, int], str] = {}
        self.arrivals: set[int] = set()
        self.starts: dict[int, Any] = {}
        self.steps: dict[int, str] = {}
        self.shared: dict[Any, Any] = {}
        self.tables: list[FightTable] = []
        self.table_of: dict[Hashable, int] = {}
        self.entries: dict[int, Entry] = {}
        self.waiting: list[int] = []
        self.exit_nodes: dict[tuple[int, int], dict[int, int]] = {}
        self.positions = 0
        self.fight_pending: list[tuple[int, int, GameState]] = []

    # -- numbering ----------------------------------------------------------------------------------

    def _check(self, count: int) -> None:
        if count >= self.budget:
            raise TooManyStates(
                f"the book has more than {self.budget:,} states to solve: raise the budget (--budget; "
                "memory grows with it); a rolled character counts every starting roll (--hero solves for "
                "one); a loop that lets the reader gain gold or items without end has no end of states"
            )

    def _add(self, key: Hashable, payload: Any, section: str, phase: str) -> int:
        v = self.index.get(key)
        if v is not None:
            return v
        v = len(self.kind)
        self._check(v + self.positions)
        self.index[key] = v
        self.kind.append(TERMINAL_NODE)
        self.succ.append(())
        self.prob.append(())
        self.moves.append(())
        place = self.place_of.get((section, phase))
        if place is None:
            place = self.place_of[(section, phase)] = Place(section, phase)
        self.places.append(place)
        if payload is not None:
            self.pending.append((v, payload))
        self._tick()
        return v

    def _tick(self) -> None:
        """Call the progress callback now and then (every `PROGRESS_EVERY` states and positions)."""
        count = len(self.kind) + self.positions
        if self.progress is not None and count % PROGRESS_EVERY == 0:
            self.progress(count)

    def node(self, state: GamebookState) -> int:
        """The node of a settled runner state (a reader entering a fight: the fight's entry)."""
        if state.phase == FIGHT:
            fight = state.fight
            assert fight is not None
            context = self.projector.fight_context(state)
            c = self.contexts.get(context)
            if c is None:
                c = self.contexts[context] = len(self.readers)
                self.readers.append(state)
            key = position_key(fight)
            v = self.index.get((c, key))
            if v is not None:
                return v
            where = (state.section, family(fight, c))
            t = self.table_of.get(where)
            if t is None:
                t = self.table_of[where] = len(self.tables)
                self.tables.append(FightTable(state.section))
            pos = self._position(t, key, fight)
            v = self._add((c, key), None, state.section, FIGHT)
            self.kind[v] = CHANCE_NODE  # the fight's ways out, weighed once the book is solved
            self.entries[v] = Entry(c, t, pos)
            self.waiting.append(v)
            return v
        return self._add(self.projector.key(state), state, state.section, state.phase)

    def _position(self, t: int, key: Hashable, fight: GameState) -> int:
        table = self.tables[t]
        p = table.index.get(key)
        if p is not None:
            return p
        self._check(len(self.kind) + self.positions)
        p = table.index[key] = len(table.keys)
        table.keys.append(key)
        table.kind.append(TERMINAL_NODE)
        table.succ.append(())
        table.prob.append(())
        table.moves.append(())
        self.positions += 1
        self.fight_pending.append((t, p, fight))
        self._tick()
        return p

    # -- expanding ----------------------------------------------------------------------------------

    def run(self, root: GamebookState) -> None:
        """Number and expand every state reachable from `root`."""
        self.node(root)
        if root.phase != "create":
            self.starts[0] = root.sheet
        self.arrivals.add(0)
        while self.pending or self.fight_pending or self.waiting:
            if self.pending:
                v, payload = self.pending.pop()
                self._expand_book(v, payload)
            elif self.fight_pending:
                self._expand_position(*self.fight_pending.pop())
            else:
                self._enter(self.waiting.pop())

    def _expand_book(self, v: int, state: GamebookState) -> None:
        who = state.actor()
        if who is TERMINAL:
            outcome = state.outcome
            self.results[v] = Result(outcome, (0,) if outcome == "victory" else ())
            return
        moves: Sequence[Move]
        probs: Sequence[Fraction] = ()
        if who is CHANCE:
            pairs = [(o, p) for o, p in state.chance_outcomes() if p]
            moves, probs = [o for o, _ in pairs], [p for _, p in pairs]
            if state.phase in ("create", "effects"):
                self.steps[v] = state.step_label()
        else:
            moves = list(state.legal_actions())
        children = []
        for move in moves:
            # the runner's own step without `apply`'s check that the move is open: the moves are the
            # state's own, and the check works them all out again for every move
            after = state._apply(move)
            c = self.node(after)
            if after.section != state.section or (state.phase == "create" and after.phase != "create"):
                self.arrivals.add(c)
            if state.phase == "create" and after.phase != "create" and c not in self.starts:
                self.starts[c] = after.sheet
            children.append(c)
        self._record(v, who, moves, probs, children)

    def _expand_position(self, t: int, p: int, fight: GameState) -> None:
        """Expand one position of a fight's table: its children are positions, or ways out (`~e`)."""
        table = self.tables[t]
        who = fight.actor()
        is_compact = compact(fight)
        moves: Sequence[Move]
        probs: Sequence[Fraction]
        if is_compact:
            moves, probs, keys = fight.odds_expand()  # type: ignore[attr-defined]
        elif who is CHANCE:
            pairs = list(fight.chance_outcomes())
            moves, probs = [o for o, _ in pairs], [p for _, p in pairs]
        else:
            moves, probs = list(fight.legal_actions()), ()
        # the fight's own step without the check that the move is open (the moves are its own)
        step = fight._apply if isinstance(fight, GameState) else fight.apply
        children: list[int | None] = []
        for i, move in enumerate(moves):
            if who is CHANCE and not probs[i]:
                children.append(None)
                continue
            key: Hashable = keys[i] if is_compact else step(move)
            known = table.index.get(key)
            if known is None:
                e = table.exit_index.get(key)
                if e is not None:
                    children.append(~e)
                    continue
                after: Any = fight.odds_state(key) if is_compact else key  # type: ignore[attr-defined]
                if after.actor() is TERMINAL:
                    e = table.exit_index[key] = len(table.exits)
                    table.exits.append((fight, move, after.result().outcome))
                    table.ended.append(None if is_compact else after)
                    children.append(~e)
                    continue
                known = self._position(t, key, after)
            children.append(known)
        kept = [i for i, c in enumerate(children) if c is not None]
        moves, probs = [moves[i] for i in kept], [probs[i] for i in kept] if who is CHANCE else probs
        kids = [c for c in children if c is not None]
        place = Place(table.section, FIGHT).describe()
        kind, succ, prob, named = self._row(p, who, moves, probs, kids, place)
        table.kind[p], table.succ[p], table.prob[p], table.moves[p] = kind, succ, prob, named

    def _enter(self, v: int) -> None:
        """A reader's entry into a fight, once the fight's positions from it are all walked: its ways out
        in the reader's context, each the book's node where the runner's own code ends the fight."""
        entry = self.entries[v]
        table = self.tables[entry.table]
        ways = self.exit_nodes.setdefault((entry.context, entry.table), {})
        reader = self.readers[entry.context]
        out: list[int] = []
        for e in table.reach(entry.position):
            c = ways.get(e)
            if c is None:
                fight, move, _ = table.exits[e]
                final = table.ended[e]
                around = reader._with(fight=fight)
                # the runner's own end of the fight: from the fight's last state when the walk made it
                # (what the runner's move in a fight does when the fight is over), else the move itself
                # (the fight's own move: unchecked)
                ended = around._end_fight(final) if final is not None else around._apply(move)
                c = ways[e] = self.node(ended)
                if ended.section != table.section:
                    self.arrivals.add(c)
            self.fight_ends[(v, c)] = table.exits[e][2]
            if c not in out:
                out.append(c)
        self.succ[v] = tuple(out)

    def _record(
        self, v: int, who: object, moves: Sequence[Move], probs: Sequence[Fraction], children: list[int]
    ) -> None:
        row = self._row(v, who, moves, probs, children, self.places[v].describe())
        self.kind[v], self.succ[v], self.prob[v], self.moves[v] = row

    def _row(
        self,
        v: int,
        who: object,
        moves: Sequence[Move],
        probs: Sequence[Fraction],
        children: list[int],
        place: str,
    ) -> tuple[int, tuple[int, ...], tuple[Fraction, ...], tuple[Move, ...]]:
        """A node's kind, children, probabilities and moves: a chance node's outcomes merged by child,
        its repeats of itself renormalised away."""
        shared = self.shared
        if who is CHANCE:
            merged: dict[int, Fraction] = {}
            labels: dict[int, Move] = {}
            stay = Fraction(0)
            for move, p, c in zip(moves, probs, children, strict=True):
                if c == v:
                    stay += p
                elif c in merged:
                    merged[c] += p
                else:
                    merged[c], labels[c] = p, move
            if not merged:
                raise OddsError(f"the book can never end from {place}: it always comes back to it")
            rest = 1 - stay
            ps = tuple(p / rest for p in merged.values()) if stay else tuple(merged.values())
            named = tuple(labels[c] for c in merged)
            # one tuple for the many nodes rolling alike
            return CHANCE_NODE, tuple(merged), shared.setdefault(ps, ps), shared.setdefault(named, named)
        if not isinstance(who, int) or who < 0:
            raise OddsError(f"{place} has an unknown actor {who!r}")
        if not moves:
            raise OddsError(f"{place} is a decision with no action open")
        if all(c == v for c in children):
            raise OddsError(f"no action at {place} makes progress: every one comes back to it")
        actions = tuple(moves)
        return who, tuple(children), (), shared.setdefault(actions, actions)


def explore(
    root: GamebookState, projector: Projector, *, budget: int, progress: Progress | None = None
) -> BookGraph:
    """The graph of every state reachable from `root`, with exact probabilities (Fractions); more than
    `budget` states is an `OddsError` (a book that can never end from some state, or a decision where
    nothing makes progress, too)."""
    if budget < 1:
        raise OddsError(f"the state budget must be at least 1, not {budget}")
    walk = _Explorer(projector, budget, progress)
    walk.run(root)
    n = len(walk.kind)
    graph = Graph(
        exact=True,
        states=walk.places,  # type: ignore[arg-type]  # one list for both (the graph only reads it)
        index=walk.index,
        kind=walk.kind,
        succ=walk.succ,
        prob=walk.prob,
        moves=walk.moves,
        results=walk.results,
        comps=components(walk.succ),
        players=1,
    )
    if progress is not None:
        progress(n)
    return BookGraph(
        graph,
        walk.places,
        walk.arrivals,
        walk.starts,
        walk.fight_ends,
        walk.contexts,
        walk.positions,
        walk.steps,
        walk.tables,
        walk.table_of,
        walk.entries,
        walk.exit_nodes,
    )


def inline_fights(bg: BookGraph) -> int:
    """Put back into the book's graph, position by position, every fight entered on a cycle of the
    book (a way out of it can lead back to it in the same context) or whose positions can repeat, with
    every other entry of the same context and table: they are then solved with the book's cycles. Returns
    how many entries were put back; the components are found again when any was."""
    g = bg.graph
    pairs: set[tuple[int, int]] = set()
    for comp in g.comps:
        if isinstance(comp, list):
            pairs.update((e.context, e.table) for v in comp if (e := bg.entries.get(v)) is not None)
    pairs.update((e.context, e.table) for e in bg.entries.values() if bg.tables[e.table].cyclic)
    if not pairs:
        return 0
    grouped: dict[tuple[int, int], list[int]] = {}
    for v, e in bg.entries.items():
        if (e.context, e.table) in pairs:
            grouped.setdefault((e.context, e.table), []).append(v)
    put = 0
    for (c, t), entered in grouped.items():
        table = bg.tables[t]
        ways = bg.exit_nodes[(c, t)]
        node = {bg.entries[v].position: v for v in entered}
        place = bg.places[entered[0]]
        for q in table.positions_from(sorted(node)):
            if q not in node:
                node[q] = len(g.kind)
                g.index[(c, table.keys[q])] = node[q]
                g.kind.append(TERMINAL_NODE)
                g.succ.append(())
                g.prob.append(())
                g.moves.append(())
                bg.places.append(place)
                bg.fight_nodes += 1
        for q, v in node.items():
            children = [node[x] if x >= 0 else ways[~x] for x in table.succ[q]]
            for x, child in zip(table.succ[q], children, strict=True):
                if x < 0:
                    bg.fight_ends[(v, child)] = table.exits[~x][2]
            g.kind[v] = table.kind[q]
            g.moves[v] = table.moves[q]  # type: ignore[assignment]  # the fight's moves are actions too
            if table.kind[q] == CHANCE_NODE:
                merged: dict[int, Any] = {}
                for child, p in zip(children, table.prob[q], strict=True):
                    merged[child] = merged.get(child, 0) + p
                g.succ[v], g.prob[v] = tuple(merged), tuple(merged.values())
                labels: dict[int, Move] = {}
                for child, label in zip(children, table.moves[q], strict=True):
                    labels.setdefault(child, label)
                g.moves[v] = tuple(labels[child] for child in merged)  # type: ignore[misc]
            else:
                g.succ[v], g.prob[v] = tuple(children), ()
        for v in entered:
            del bg.entries[v]
            put += 1
    g.states = bg.places  # type: ignore[assignment]  # one list for both
    g.comps = components(g.succ)
    return put
