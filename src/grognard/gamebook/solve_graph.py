"""The explicit graph of a book: every state a reader can reach, numbered by what the rest of the book reads.

`explore` walks the runner's own states (`runner.GamebookState`: `actor`, `legal_actions`,
`chance_outcomes`, `apply`) from the first one, and numbers each by its `solve_state.Projector` key, so
the states the rest of the book cannot tell apart are one node. A fight is walked through the fight's own
states (its compact protocol when it offers one, see `engine.odds.graph`): a node of a fight is the
reader around it (`Projector.fight_context`) and the fight's position, so every reader entering a
section's fight in one context shares its positions; where the fight ends, the runner's own code ends it
(`GamebookState.apply` of the last move) and the walk goes on from the state it returns.

The result is the engine's `Graph` (decision nodes, chance nodes with exact probabilities, terminals),
solved by the engine's own machinery (`engine.odds.induction`), plus what the reports need: each node's
section and phase, the nodes where a reader turns to a section, where creation ends, and how each fight
that ends on a node ended.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, GameState, Move, Result
from grognard.engine.odds.graph import CHANCE_NODE, TERMINAL_NODE, Graph, components
from grognard.gamebook.runner import GamebookState
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
    readers around fights (`Projector.fight_context`); `fight_nodes` counts the nodes inside fights.
    """

    graph: Graph
    places: list[Place]
    arrivals: set[int] = field(default_factory=set)
    starts: dict[int, Any] = field(default_factory=dict)
    fight_ends: dict[tuple[int, int], str] = field(default_factory=dict)
    contexts: dict[Hashable, int] = field(default_factory=dict)
    fight_nodes: int = 0
    steps: dict[int, str] = field(default_factory=dict)


def _compact(state: object) -> bool:
    return all(callable(getattr(state, name, None)) for name in ("odds_key", "odds_expand", "odds_state"))


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
        self.fight_nodes = 0
        self.shared: dict[Any, Any] = {}

    # -- numbering ----------------------------------------------------------------------------------

    def _add(self, key: Hashable, payload: Any, section: str, phase: str) -> int:
        v = self.index.get(key)
        if v is not None:
            return v
        v = len(self.kind)
        if v >= self.budget:
            raise TooManyStates(
                f"the book has more than {self.budget:,} states to solve: raise the budget (--budget; "
                "memory grows with it); a rolled character counts every starting roll (--hero solves for "
                "one); a loop that lets the reader gain gold or items without end has no end of states"
            )
        self.index[key] = v
        self.kind.append(TERMINAL_NODE)
        self.succ.append(())
        self.prob.append(())
        self.moves.append(())
        place = self.place_of.get((section, phase))
        if place is None:
            place = self.place_of[(section, phase)] = Place(section, phase)
        self.places.append(place)
        self.pending.append((v, payload))
        if self.progress is not None and v % PROGRESS_EVERY == 0:
            self.progress(v)
        return v

    def node(self, state: GamebookState) -> int:
        """The node of a settled runner state (a fight under way: the fight's node)."""
        if state.phase == FIGHT:
            fight = state.fight
            assert fight is not None
            context = self.projector.fight_context(state)
            c = self.contexts.get(context)
            if c is None:
                c = self.contexts[context] = len(self.readers)
                self.readers.append(state)
            key = fight.odds_key() if _compact(fight) else fight  # type: ignore[attr-defined]
            return self._add((c, key), (c, fight), state.section, FIGHT)
        return self._add(self.projector.key(state), state, state.section, state.phase)

    # -- expanding ----------------------------------------------------------------------------------

    def run(self, root: GamebookState) -> None:
        """Number and expand every state reachable from `root`."""
        self.node(root)
        if root.phase != "create":
            self.starts[0] = root.sheet
        self.arrivals.add(0)
        while self.pending:
            v, payload = self.pending.pop()
            if isinstance(payload, GamebookState):
                self._expand_book(v, payload)
            else:
                self.fight_nodes += 1
                self._expand_fight(v, *payload)

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
            after = state.apply(move)
            assert isinstance(after, GamebookState)
            c = self.node(after)
            if after.section != state.section or (state.phase == "create" and after.phase != "create"):
                self.arrivals.add(c)
            if state.phase == "create" and after.phase != "create" and c not in self.starts:
                self.starts[c] = after.sheet
            children.append(c)
        self._record(v, who, moves, probs, children)

    def _expand_fight(self, v: int, context: int, fight: GameState) -> None:
        who = fight.actor()
        compact = _compact(fight)
        moves: Sequence[Move]
        probs: Sequence[Fraction]
        if compact:
            moves, probs, keys = fight.odds_expand()  # type: ignore[attr-defined]
        elif who is CHANCE:
            pairs = list(fight.chance_outcomes())
            moves, probs = [o for o, _ in pairs], [p for _, p in pairs]
        else:
            moves, probs = list(fight.legal_actions()), ()
        children = []
        section = self.places[v].section
        for i, move in enumerate(moves):
            if who is CHANCE and not probs[i]:
                children.append(-1)
                continue
            key: Hashable
            if compact:
                key = keys[i]
                known = self.index.get((context, key))
                if known is not None:
                    children.append(known)
                    continue
            else:
                key = fight.apply(move)
                known = self.index.get((context, key))
                if known is not None:
                    children.append(known)
                    continue
            exit_ = self.exits.get((context, key))
            if exit_ is None:
                after: Any = fight.odds_state(key) if compact else key  # type: ignore[attr-defined]
                if after.actor() is not TERMINAL:
                    children.append(self._add((context, key), (context, after), section, FIGHT))
                    continue
                ended = replace(self.readers[context], fight=fight).apply(move)
                assert isinstance(ended, GamebookState)
                exit_ = self.exits[(context, key)] = (self.node(ended), after.result().outcome)
                if ended.section != section:
                    self.arrivals.add(exit_[0])
            self.fight_ends[(v, exit_[0])] = exit_[1]
            children.append(exit_[0])
        if who is CHANCE:
            kept = [i for i, c in enumerate(children) if c >= 0]
            moves, probs, children = (
                [moves[i] for i in kept],
                [probs[i] for i in kept],
                [children[i] for i in kept],
            )
        self._record(v, who, moves, probs, children)

    def _record(
        self, v: int, who: object, moves: Sequence[Move], probs: Sequence[Fraction], children: list[int]
    ) -> None:
        place = self.places[v].describe()
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
            probs = tuple(p / rest for p in merged.values()) if stay else tuple(merged.values())
            shared = self.shared
            self.kind[v] = CHANCE_NODE
            self.succ[v] = tuple(merged)
            self.prob[v] = shared.setdefault(probs, probs)  # one tuple for the many nodes rolling alike
            named = tuple(labels[c] for c in merged)
            self.moves[v] = shared.setdefault(named, named)
            return
        if not isinstance(who, int) or who < 0:
            raise OddsError(f"{place} has an unknown actor {who!r}")
        if not moves:
            raise OddsError(f"{place} is a decision with no action open")
        if all(c == v for c in children):
            raise OddsError(f"no action at {place} makes progress: every one comes back to it")
        self.kind[v] = who
        self.succ[v] = tuple(children)
        self.moves[v] = self.shared.setdefault(actions := tuple(moves), actions)


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
        states=list(walk.places),  # type: ignore[arg-type]
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
        walk.fight_nodes,
        walk.steps,
    )
