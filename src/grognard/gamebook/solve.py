"""The whole book solved: the chance of reaching a winning ending from every state, and the best way there.

A book is a decision problem over the runner's own states (`runner.GamebookState`), numbered by what the
rest of the book can read (`solve_state`): decisions are the reader's (creation choices, a section's
choices, eating, potions, and every decision inside a fight), chance is every roll the rules make
(creation rolls, dice in effects, tests, every round of a fight). `solve_graph.explore` builds the graph
through the runner's `chance_outcomes`, `legal_actions` and `apply` (the code the reader plays with),
and the engine's exact solver (`engine.odds.induction.optimise`) finds the best play for the objective: the
chance of reaching an ending of `victory`. Cycles of states (a reader going back and forth between
sections with nothing changed) are solved exactly by the engine's policy iteration; a state from which
no ending can be reached whatever the reader does is refused (docs/rulings/gamebooks-solve.md).

From the solution come the reports (`BookSolution`): the chance of winning from the start (over the
starting rolls, and for each starting score), each section's chance and best choice, the choices that
cost most, the most likely way to win, and the chance of each ending under the best play and under
choices taken at random. Figures are exact Fractions up to `EXACT_LIMIT` states (or when asked), floats
beyond, with a bound on their rounding error.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any

from grognard.engine.errors import OddsError
from grognard.engine.game import OptionValue
from grognard.engine.odds.base import FLOAT_TOLERANCE, Number
from grognard.engine.odds.graph import CHANCE_NODE, TERMINAL_NODE, Column, Graph
from grognard.engine.odds.induction import optimise
from grognard.engine.odds.solver import DEFAULT_BUDGET
from grognard.gamebook.action_text import number_in
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Ruleset
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve_fights import Entry, FightValues, position_key
from grognard.gamebook.solve_graph import FIGHT, BookGraph, Progress, explore, inline_fights
from grognard.gamebook.solve_state import Projector, SheetView, sheet_view

EXACT_LIMIT = 100_000
"""The most states solved in exact Fractions unless asked otherwise (beyond it, floats)."""

UNIT_ROUNDOFF = 2.0**-53
"""The relative rounding error of one float operation."""

MISTAKES_SHOWN = 10
"""How many of the costliest choices the report lists."""

JSON_DECIMALS = 12
"""Decimals a float figure keeps in JSON (rounding noise lies far below)."""


@dataclass(frozen=True)
class ChoiceFigures:
    """One choice of a section: the chance of winning after taking it (best play from there on) and
    what it costs against the best choice, each averaged over the readers who face it."""

    label: str
    p_win: Number
    loss: Number


@dataclass(frozen=True)
class SectionFigures:
    """One section: the chance of winning from the moment a reader turns to it, the choice best play
    takes there most often and its chance, each choice's figures, and how often readers come here
    (expected visits, under the best play and under choices at random)."""

    section: str
    p_win: Number
    best: str | None
    p_best: Number | None
    reach_best: Number
    reach_random: Number
    choices: tuple[ChoiceFigures, ...]


@dataclass(frozen=True)
class Mistake:
    """A choice that costs: the section, the choice, its chance and the best choice's, and the loss."""

    section: str
    choice: str
    best: str
    p_choice: Number
    p_best: Number
    loss: Number


@dataclass(frozen=True)
class Step:
    """One step of a walkthrough: the section, what happens (`kind`: "choose", "roll", "fight",
    "create"), its label, and the chance of winning just before it."""

    section: str
    kind: str
    label: str
    p_win: Number


@dataclass(frozen=True)
class Ending:
    """One ending (a section and its outcome: victory, death, ended, stuck) and its probability under
    the best play and under choices taken at random."""

    section: str
    outcome: str
    p_best: Number
    p_random: Number


def _linear(rows: list[dict[int, Number]], consts: list[Number], zero: Number) -> list[Number]:
    """Solve x_i = consts_i + sum_j rows_i[j] x_j by sparse elimination (the equations of a transient
    chain: the solution exists and is unique)."""
    n = len(rows)
    users: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(rows):
        for j in row:
            if j != i:
                users[j].add(i)
    for x in range(n):
        row = rows[x]
        s = row.pop(x, zero)
        if s:
            inv = 1 / (1 - s)
            for j in row:
                row[j] *= inv
            consts[x] *= inv
        for y in sorted(users[x]):
            if y < x:
                continue
            other = rows[y]
            w = other.pop(x)
            for j, p in row.items():
                other[j] = other.get(j, zero) + w * p
                if j != y:
                    users[j].add(y)
            consts[y] += w * consts[x]
    values: list[Number] = [zero] * n
    for x in range(n - 1, -1, -1):
        total = consts[x]
        for j, p in rows[x].items():
            total += p * values[j]  # only later unknowns are left in row x
        values[x] = total
    return values


class BookSolution:
    """A solved book (see the module docstring): the values of every state under the best play, the
    policy, and the reports built from them."""

    def __init__(
        self,
        game: GamebookGame,
        options: Mapping[str, OptionValue],
        projector: Projector,
        book_graph: BookGraph,
        values: Column,
        choice: list[int],
        exact: bool,
        fights: FightValues | None = None,
    ) -> None:
        """Made by `solve_book`."""
        self.game = game
        self.options = dict(options)
        self.projector = projector
        self._bg = book_graph
        self._g = book_graph.graph
        self._values = values
        self._choice = choice
        self.exact = exact
        """True when every figure is an exact Fraction."""
        self._fights = fights
        self.fight_states = book_graph.fight_nodes
        """How many positions inside fights were walked (each once for every reader entering the fight
        alike, `solve_fights`)."""
        self.states = len(self._g.kind) + self.fight_states
        """How many states the book was solved over: the book's nodes and the fights' positions."""
        self.fight_values = fights.valued if fights is not None else 0
        """How many fight positions were valued, once for each reader around the fight (the work of the
        solve, not kept)."""
        self._settled = set(book_graph.entries)
        """The fight entries settled by their tables (the rest of the fights' positions are nodes)."""
        self._lookups: dict[tuple[int, int], dict[int, Number]] = {}
        self._context_tables: dict[int, list[int]] | None = None
        self._best_visits: Column | None = None
        self._random_visits: Column | None = None
        self._sections: dict[str, SectionFigures] | None = None

    # -- figures --------------------------------------------------------------------------------------

    @property
    def book_graph(self) -> BookGraph:
        """The graph solved (with each node's place, the arrivals, how fights ended)."""
        return self._bg

    @property
    def values(self) -> Column:
        """The chance of winning from every node under the best play."""
        return self._values

    @property
    def policy(self) -> list[int]:
        """The move the best play takes at every decision node (an index into its moves)."""
        return self._choice

    def visits(self, random: bool) -> Column:
        """The expected visits of every node from the start, under the best play or with every reader's
        decision outside fights taken at random (fights played best)."""
        return self._visits(random)

    @property
    def book(self) -> Book:
        """The book solved."""
        assert self.game.book is not None
        return self.game.book

    @property
    def p_win(self) -> Number:
        """The chance of reaching a winning ending from the start under the best play (averaged over the
        starting rolls, the creation choices made best)."""
        value: Number = self._values[0]
        return value

    @property
    def error_bound(self) -> float:
        """A bound on the rounding error of any figure (0 when exact): each value is a sum of products of
        probabilities and values within [0, 1], so one node adds at most (its edges + 3) roundings to
        the error of its successors, and the errors add up along a path at worst."""
        if self.exact:
            return 0.0
        edges = sum(len(s) for s in self._g.succ)
        fight_edges = self._fights.edges if self._fights is not None else 0
        return (edges + fight_edges + 3 * (len(self._g.kind) + self.fight_values)) * UNIT_ROUNDOFF

    def reader_nodes(self) -> list[tuple[Hashable, Number]]:
        """What a reader looks up (`solve_cache`): every node outside fights by its `Projector.key`, and
        every fight position a reader's move or a roll outside the fight leads to by
        `("fight", Projector.fight_context, the fight's key)`, each with its value under the best play."""
        places, g = self._bg.places, self._g
        context_of = {c: context for context, c in self._bg.contexts.items()}
        entered: set[int] = set()
        for v, place in enumerate(places):
            if place.phase != FIGHT:
                entered.update(c for c in g.succ[v] if places[c].phase == FIGHT)
        out: list[tuple[Hashable, Number]] = []
        for key, v in g.index.items():
            if places[v].phase != FIGHT:
                out.append((key, self._values[v]))
            elif v in entered:
                c, fight_key = key
                out.append((("fight", context_of[c], fight_key), self._values[v]))
        return out

    def value_of(self, state: GamebookState) -> Number:
        """The chance of winning from a state reachable from the start, under the best play."""
        at = self._position(state)
        if at is not None:
            entry, memo = at
            value: Number = memo[entry.position]
            return value
        value = self._values[self._node(state)]
        return value

    def action_values(self, state: GamebookState) -> dict[str, Number]:
        """Every action open at a reader's decision, with the chance of winning after taking it."""
        at = self._position(state)
        if at is not None:
            entry, memo = at
            table = self._bg.tables[entry.table]
            p = entry.position
            if table.kind[p] < 0:
                raise OddsError(f"{state.describe()} is not a decision")
            ways = self._bg.exit_nodes[(entry.context, entry.table)]
            return {
                str(a): memo[q] if q >= 0 else self._values[ways[~q]]
                for a, q in zip(table.moves[p], table.succ[p], strict=True)
            }
        v = self._node(state)
        if self._g.kind[v] < 0:
            raise OddsError(f"{state.describe()} is not a decision")
        return {str(a): self._values[c] for a, c in zip(self._g.moves[v], self._g.succ[v], strict=True)}

    def best_action(self, state: GamebookState) -> str:
        """The best action at a reader's decision (ties: the first in the book's order)."""
        at = self._position(state)
        if at is not None:
            entry, memo = at
            table = self._bg.tables[entry.table]
            if table.kind[entry.position] < 0:
                raise OddsError(f"{state.describe()} is not a decision")
            assert self._fights is not None
            return str(table.moves[entry.position][self._fights.best_move(entry, memo, entry.position)])
        v = self._node(state)
        if self._g.kind[v] < 0:
            raise OddsError(f"{state.describe()} is not a decision")
        return str(self._g.moves[v][self._choice[v]])

    def _position(self, state: GamebookState) -> tuple[Entry, dict[int, Number]] | None:
        """A position inside a fight walked once for its readers (`solve_fights`): the entry it stands
        for (its context, table and position) and the values of the context's positions from it; None for
        any other state (a node of the book's graph)."""
        if state.phase != FIGHT or self._fights is None:
            return None
        assert state.fight is not None
        context = self._bg.contexts.get(self.projector.fight_context(state))
        if context is None:
            return None
        key = position_key(state.fight)
        if (context, key) in self._g.index and self._bg.places[self._g.index[(context, key)]].phase == FIGHT:
            v = self._g.index[(context, key)]
            if v not in self._settled:
                return None  # put back in the graph: a node like any other
        for t in self._tables_of(context):
            table = self._bg.tables[t]
            p = table.index.get(key)
            if p is not None:
                entry = Entry(context, t, p)
                cached = self._lookups.get((context, t))
                if cached is None:
                    cached = {}
                    self._lookups = {(context, t): cached}  # the last context looked up
                if p not in cached:
                    self._fights.value(entry, cached)
                return entry, cached
        return None

    def _tables_of(self, context: int) -> list[int]:
        if self._context_tables is None:
            found: dict[int, set[int]] = {}
            for c, t in self._bg.exit_nodes:
                found.setdefault(c, set()).add(t)
            self._context_tables = {c: sorted(ts) for c, ts in found.items()}
        return self._context_tables.get(context, [])

    def _node(self, state: GamebookState) -> int:
        key: Hashable
        if state.phase == FIGHT:
            assert state.fight is not None
            context = self._bg.contexts.get(self.projector.fight_context(state))
            key = (context, position_key(state.fight))
        else:
            key = self.projector.key(state)
        v = self._g.index.get(key)
        if v is None:
            raise OddsError(f"{state.describe()} is not reachable from the start of the solved book")
        return v

    # -- visits ---------------------------------------------------------------------------------------

    def _visits(self, random: bool) -> Column:
        """The expected number of visits of every state from the start: under the best play, or with
        every reader's decision outside fights taken uniformly at random (fights played best)."""
        cached = self._random_visits if random else self._best_visits
        if cached is not None:
            return cached
        g = self._g
        zero: Number = Fraction(0) if self.exact else 0.0
        one: Number = Fraction(1) if self.exact else 1.0
        x: Column = [zero] * len(g.kind)
        x[0] = one
        places = self._bg.places

        def moves(v: int) -> list[tuple[int, Number]]:
            k = g.kind[v]
            if k == TERMINAL_NODE:
                return []
            if k == CHANCE_NODE:
                return list(zip(g.succ[v], g.prob[v], strict=True))
            if not random or places[v].phase == FIGHT:
                return [(g.succ[v][self._choice[v]], one)]
            others = [c for c in g.succ[v] if c != v]
            share = one / len(others)
            return [(c, share) for c in others]

        for comp in reversed(g.comps):  # every component before those it leads to
            if not isinstance(comp, list):
                mass = x[comp]
                if mass:
                    for c, p in moves(comp):
                        x[c] += p * mass
                continue
            inside = {v: i for i, v in enumerate(comp)}
            rows: list[dict[int, Number]] = [{} for _ in comp]
            for v in comp:
                for c, p in moves(v):
                    at = inside.get(c)
                    if at is not None:
                        rows[at][inside[v]] = rows[at].get(inside[v], zero) + p
            solved = _linear(rows, [x[v] for v in comp], zero)
            for v, mass in zip(comp, solved, strict=True):
                x[v] = mass
            for v in comp:
                for c, p in moves(v):
                    if c not in inside and x[v]:
                        x[c] += p * x[v]
        if random:
            self._random_visits = x
        else:
            self._best_visits = x
        return x

    @property
    def p_win_random(self) -> Number:
        """The chance of winning when every decision outside fights is taken at random (fights best)."""
        x = self._visits(True)
        zero: Number = Fraction(0) if self.exact else 0.0
        return sum((x[v] for v, r in self._g.results.items() if r.outcome == "victory"), zero)

    # -- reports --------------------------------------------------------------------------------------

    def endings(self) -> list[Ending]:
        """Every ending reachable, with its probability under the best play and under random choices
        (the most likely under the best play first)."""
        best, rand = self._visits(False), self._visits(True)
        zero: Number = Fraction(0) if self.exact else 0.0
        merged: dict[tuple[str, str], list[Number]] = {}
        for v, result in self._g.results.items():
            at = merged.setdefault((self._bg.places[v].section, result.outcome), [zero, zero])
            at[0] += best[v]
            at[1] += rand[v]
        out = [Ending(section, outcome, b, r) for (section, outcome), (b, r) in merged.items()]
        return sorted(out, key=lambda e: (-e.p_best, -e.p_random, e.section, e.outcome))

    def label(self, v: int, i: int) -> str:
        """How the move `i` of node `v` is shown: a choice's text, a reader action's label, a test's range
        or branch, a rolled score."""
        move = self._g.moves[v][i]
        place = self._bg.places[v]
        step = self._bg.steps.get(v)
        if step is not None:
            return f"{step}: {move}"
        section = self.book.sections.get(place.section) if place.section else None
        text = str(move)
        if section is not None and text.startswith("choice:"):
            return section.choices[number_in(text) - 1].text
        if section is not None and text.startswith("range:") and section.test is not None:
            r = section.test.ranges[number_in(text) - 1]
            if r.min is None:
                return f"{r.max} or less"
            return (
                f"{r.min} or more" if r.max is None else f"{r.min}-{r.max}" if r.min != r.max else str(r.min)
            )
        return self.game.ruleset.action_label(text)

    def sections(self) -> dict[str, SectionFigures]:
        """Every section reached, in the book's order (see `SectionFigures`); the averages weigh each
        state by how often readers choosing at random come to it (each state alike where none do)."""
        if self._sections is not None:
            return self._sections
        g, places, values = self._g, self._bg.places, self._values
        best, rand = self._visits(False), self._visits(True)
        zero: Number = Fraction(0) if self.exact else 0.0
        arrivals: dict[str, list[int]] = {}
        for v in sorted(self._bg.arrivals):
            if places[v].section:
                arrivals.setdefault(places[v].section, []).append(v)
        deciding: dict[str, list[int]] = {}
        for v, place in enumerate(places):
            if place.phase == "choose" and g.kind[v] >= 0:
                deciding.setdefault(place.section, []).append(v)
        out: dict[str, SectionFigures] = {}
        for sid in self.book.sections:
            nodes = arrivals.get(sid)
            if not nodes:
                continue
            weights = self._weights(nodes, rand)
            total = sum(weights, zero)
            p_win = sum((w * values[v] for v, w in zip(nodes, weights, strict=True)), zero) / total
            reach_b = sum((best[v] for v in nodes), zero)
            reach_r = sum((rand[v] for v in nodes), zero)
            choices, top, p_top = self._choices(deciding.get(sid, []), rand)
            out[sid] = SectionFigures(sid, p_win, top, p_top, reach_b, reach_r, choices)
        self._sections = out
        return out

    def _weights(self, nodes: list[int], visits: Column) -> list[Number]:
        weights = [visits[v] for v in nodes]
        if any(weights):
            return weights
        one: Number = Fraction(1) if self.exact else 1.0
        return [one] * len(nodes)

    def _choices(
        self, nodes: list[int], visits: Column
    ) -> tuple[tuple[ChoiceFigures, ...], str | None, Number | None]:
        if not nodes:
            return (), None, None
        g, values = self._g, self._values
        zero: Number = Fraction(0) if self.exact else 0.0
        weights = self._weights(nodes, visits)
        sums: dict[str, list[Number]] = {}
        chosen: dict[str, list[Number]] = {}
        for v, w in zip(nodes, weights, strict=True):
            for i, c in enumerate(g.succ[v]):
                if c == v:
                    continue
                at = sums.setdefault(self.label(v, i), [zero, zero, zero])
                at[0] += w
                at[1] += w * values[c]
                at[2] += w * (values[v] - values[c])
            top = chosen.setdefault(self.label(v, self._choice[v]), [zero, zero])
            top[0] += w
            top[1] += w * values[v]
        figures = tuple(ChoiceFigures(label, s[1] / s[0], s[2] / s[0]) for label, s in sums.items() if s[0])
        label, (weight, total) = max(chosen.items(), key=lambda item: item[1][0])
        return figures, label, total / weight if weight else None

    def mistakes(self, count: int = MISTAKES_SHOWN) -> list[Mistake]:
        """The `count` choices that cost most against the best choice of their section (averaged over
        the readers who face them), the costliest first; choices that cost nothing are left out."""
        out: list[Mistake] = []
        for sid, figures in self.sections().items():
            if figures.best is None or figures.p_best is None:
                continue
            by_label = {c.label: c for c in figures.choices}
            best = by_label.get(figures.best)
            for c in figures.choices:
                if c.loss > 0 and c.label != figures.best:
                    p_best = best.p_win if best is not None else figures.p_best
                    out.append(Mistake(sid, c.label, figures.best, c.p_win, p_best, c.loss))
        out.sort(key=lambda m: (-m.loss, m.section, m.choice))
        return out[:count]

    def walkthrough(self) -> tuple[Number, list[Step]]:
        """The most likely way to win under the best play: its probability and its steps (the reader's
        choices, the rolls and how each fight ended); no steps when the book cannot be won."""
        g, places, values = self._g, self._bg.places, self._values
        cost = {0: 0.0}
        back: dict[int, tuple[int, int]] = {}
        heap = [(0.0, 0)]
        goal = -1
        while heap:
            d, v = heapq.heappop(heap)
            if d > cost.get(v, math.inf):
                continue
            result = g.results.get(v)
            if result is not None:
                if result.outcome == "victory":
                    goal = v
                    break
                continue
            if g.kind[v] == CHANCE_NODE:
                edges = [
                    (i, c, -math.log(float(p)))
                    for i, (c, p) in enumerate(zip(g.succ[v], g.prob[v], strict=True))
                ]
            else:
                edges = [(self._choice[v], g.succ[v][self._choice[v]], 0.0)]
            for i, c, step in edges:
                if values[c] and d + step < cost.get(c, math.inf):
                    cost[c] = d + step
                    back[c] = (v, i)
                    heapq.heappush(heap, (d + step, c))
        if goal < 0:
            return (Fraction(0) if self.exact else 0.0), []
        path = [goal]
        while path[-1] != 0:
            path.append(back[path[-1]][0])
        path.reverse()
        steps: list[Step] = []
        p: Number = Fraction(1) if self.exact else 1.0
        for v, c in pairwise(path):
            i = back[c][1]
            place = places[v]
            if g.kind[v] == CHANCE_NODE:
                p *= g.prob[v][i]
            if place.phase == FIGHT:
                if places[c].phase != FIGHT or places[c].section != place.section:
                    steps.append(
                        Step(place.section, "fight", self._bg.fight_ends.get((v, c), "over"), values[v])
                    )
                continue
            kind = "create" if not place.section else "roll" if g.kind[v] == CHANCE_NODE else "choose"
            steps.append(Step(place.section, kind, self.label(v, i), values[v]))
        return p, steps

    def by_start_score(self) -> dict[str, dict[int, Number]]:
        """The chance of winning for each value of each starting score (the system's resources at the end
        of creation), averaged over the starting rolls with that value (creation choices made best)."""
        visits = self._visits(False)
        zero: Number = Fraction(0) if self.exact else 0.0
        sums: dict[str, dict[int, list[Number]]] = {}
        for v, sheet in self._bg.starts.items():
            w = visits[v]
            if not w:
                continue
            for name, amount in self.game.ruleset.resources(sheet):
                at = sums.setdefault(name, {}).setdefault(amount, [zero, zero])
                at[0] += w
                at[1] += w * self._values[v]
        return {name: {amount: s[1] / s[0] for amount, s in sorted(by.items())} for name, by in sums.items()}

    def to_json(self) -> dict[str, Any]:
        """Every report as JSON-safe data (figures as floats; exact ones also as "p/q" text)."""
        p, steps = self.walkthrough()
        data: dict[str, Any] = {
            "book": self.book.book.title,
            "system": self.book.book.system,
            "options": {k: v for k, v in self.options.items() if k != "book"},
            "exact": self.exact,
            "error_bound": self.error_bound,
            "states": self.states,
            "fight_states": self.fight_states,
            "p_win": _f(self.p_win),
            "p_win_random": _f(self.p_win_random),
        }
        if self.exact:
            data["p_win_exact"] = _text(self.p_win)
        data["by_start_score"] = {
            name: {str(k): _f(x) for k, x in by.items()} for name, by in self.by_start_score().items()
        }
        data["sections"] = {
            sid: {
                "p_win": _f(s.p_win),
                "best": s.best,
                "p_best": None if s.p_best is None else _f(s.p_best),
                "reach_best": _f(s.reach_best, high=None),
                "reach_random": _f(s.reach_random, high=None),
                "choices": {c.label: {"p_win": _f(c.p_win), "loss": _f(c.loss)} for c in s.choices},
            }
            for sid, s in self.sections().items()
        }
        data["mistakes"] = [
            {
                "section": m.section,
                "choice": m.choice,
                "best": m.best,
                "p_choice": _f(m.p_choice),
                "p_best": _f(m.p_best),
                "loss": _f(m.loss),
            }
            for m in self.mistakes()
        ]
        data["walkthrough"] = {
            "p": _f(p),
            "steps": [
                {"section": s.section, "kind": s.kind, "label": s.label, "p_win": _f(s.p_win)} for s in steps
            ],
        }
        data["endings"] = [
            {"section": e.section, "outcome": e.outcome, "p_best": _f(e.p_best), "p_random": _f(e.p_random)}
            for e in self.endings()
        ]
        return data


def _f(x: Number, high: float | None = 1.0) -> float:
    value = max(0.0, float(x))
    if high is not None:
        value = min(high, value)
    return round(value, JSON_DECIMALS) + 0.0


def _text(x: Number) -> str:
    q = Fraction(x)
    return f"{q.numerator}/{q.denominator}"


def solve_book(
    ruleset: Ruleset,
    book: Book,
    options: Mapping[str, OptionValue] | None = None,
    *,
    ref: str = "book",
    exact: bool | None = None,
    budget: int = DEFAULT_BUDGET,
    progress: Progress | None = None,
    view: SheetView | None = None,
    root: GamebookState | None = None,
) -> BookSolution:
    """Solve a book under a ruleset, for the game's `options` (e.g. `hero`: one character rather than
    the rolls). `exact`: Fractions (True), floats (False), or Fractions up to `EXACT_LIMIT` states
    (None). More than `budget` states is an `OddsError`; `progress` is called with the states found so far.
    `view` overrides the ruleset's view of its sheet (see `solve_state.SheetView`). `root`: solve from
    this state of a game of the book (a reader's position) rather than from the book's start."""
    game = GamebookGame(ruleset, book, ref)
    resolved = game.info.resolve_options({"book": ref, **dict(options or {})})
    if root is None:
        root = game.new_initial_state(resolved)
    projector = Projector.of(book, ruleset, view)
    book_graph = explore(root, projector, budget=budget, progress=progress)
    inline_fights(book_graph)
    g = book_graph.graph
    exact = len(g.kind) + book_graph.fight_nodes <= EXACT_LIMIT if exact is None else exact
    if not exact:
        _to_floats(book_graph)
    zero: Number = Fraction(0) if exact else 0.0
    one: Number = Fraction(1) if exact else 1.0
    values: Column = [zero] * len(g.kind)
    for v, result in g.results.items():
        if result.outcome == "victory":
            values[v] = one
    fights = FightValues(book_graph.tables, book_graph.exit_nodes, values, exact)
    choice = _optimise(book_graph, values, fights)
    return BookSolution(game, resolved, projector, book_graph, values, choice, exact, fights)


def _optimise(bg: BookGraph, values: Column, fights: FightValues) -> list[int]:
    """Fill `values` (victories already 1) under the best play and return the policy, as
    `engine.odds.induction.optimise` does, component by component in solving order; a reader's entry into
    a fight is settled by its table (`FightValues.settle`) and becomes a chance node over the fight's ways
    out, weighed by the best play in the fight."""
    g = bg.graph
    exact = g.exact
    tolerance = 0.0 if exact else FLOAT_TOLERANCE
    kind, succ, prob = g.kind, g.succ, g.prob
    choice = [-1] * len(kind)
    left: dict[tuple[int, int], int] = {}
    for e in bg.entries.values():
        left[(e.context, e.table)] = left.get((e.context, e.table), 0) + 1
    zero: Number = Fraction(0) if exact else 0.0
    for comp in g.comps:
        if isinstance(comp, list):
            _solve_cycle(bg, comp, values, choice)
            continue
        v = comp
        k = kind[v]
        entry = bg.entries.get(v)
        if entry is not None:
            values[v], out = fights.settle(entry)
            succ[v] = tuple(c for c, p in out.items() if p)
            prob[v] = tuple(out[c] for c in succ[v])
            g.moves[v] = tuple(bg.fight_ends[(v, c)] for c in succ[v])
            at = (entry.context, entry.table)
            left[at] -= 1
            if not left[at]:
                fights.done(*at)
        elif k == CHANCE_NODE:
            acc = zero
            for c, p in zip(succ[v], prob[v], strict=True):
                acc += p * values[c]
            values[v] = acc
        elif k >= 0:
            best, bv = -1, values[v]  # a Num (Any): the column's floats or Fractions
            for j, c in enumerate(succ[v]):
                if c != v:
                    x = values[c]
                    if best < 0 or (x > bv if exact else x - bv > tolerance * (1.0 + abs(bv))):
                        best, bv = j, x
            choice[v] = best
            values[v] = bv
    return choice


def _solve_cycle(bg: BookGraph, comp: list[int], values: Column, choice: list[int]) -> None:
    """One cycle of the book's states, solved by the engine (policy iteration over exact linear solves) as
    a graph of its own: its members, and the states it leads to as ends of known value."""
    g = bg.graph
    local = {v: i for i, v in enumerate(comp)}
    outside: list[int] = []
    for v in comp:
        for c in g.succ[v]:
            if c not in local:
                local[c] = len(comp) + len(outside)
                outside.append(c)
    nodes = comp + outside
    sub = Graph(
        exact=g.exact,
        states=[bg.places[v] for v in nodes],  # type: ignore[misc]
        kind=[g.kind[v] for v in comp] + [TERMINAL_NODE] * len(outside),
        succ=[tuple(local[c] for c in g.succ[v]) for v in comp] + [()] * len(outside),
        prob=[g.prob[v] for v in comp] + [()] * len(outside),
        moves=[g.moves[v] for v in comp] + [()] * len(outside),
        comps=[*range(len(comp), len(nodes)), list(range(len(comp)))],
        players=1,
    )
    column: Column = [values[v] for v in nodes]
    picked = optimise(sub, [column])
    for i, v in enumerate(comp):
        values[v] = column[i]
        choice[v] = picked[i]


def _to_floats(bg: BookGraph) -> None:
    g = bg.graph
    g.exact = False
    known: dict[Fraction, float] = {}
    convert: Callable[[Fraction], float] = lambda p: known.setdefault(p, float(p))  # noqa: E731
    g.prob = [tuple(map(convert, probs)) if probs else () for probs in g.prob]
    for table in bg.tables:
        table.prob = [tuple(map(convert, probs)) if probs else () for probs in table.prob]


__all__ = [
    "EXACT_LIMIT",
    "BookSolution",
    "ChoiceFigures",
    "Ending",
    "Mistake",
    "SectionFigures",
    "Step",
    "solve_book",
]


class TimeUp(OddsError):
    """The states of a book could not be found within the seconds allowed."""


def solve_from(
    state: GamebookState, view: SheetView | None, budget: int, seconds: float | None
) -> BookSolution:
    """The rest of the book solved in floats from the reader's `state` (its book, rules and options), for
    the reader's chances, the luck report and the upload page: `TooManyStates` past `budget` states,
    `TimeUp` past `seconds` of exploring (None: no limit), `OddsError` when it cannot be solved at all."""
    play = state.play
    deadline = None if seconds is None else time.monotonic() + seconds

    def progress(states: int) -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise TimeUp(f"its states could not all be found in {seconds:g} seconds here ({states:,} so far)")

    return solve_book(
        play.ruleset,
        play.book,
        {k: v for k, v in play.ctx.options.items() if k != "book"},
        ref=play.ref,
        exact=False,
        budget=budget,
        progress=progress,
        view=view if view is not None else sheet_view(play.ruleset),
        root=state,
    )
