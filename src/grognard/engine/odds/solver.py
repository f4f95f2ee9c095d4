"""Exact odds: the probability of every result and the best action at every decision, for any game.

`solve(state)` explores every state reachable from `state` (up to a budget), and finds the play that
maximises each decision maker's own expected utility (maxN; in a one-player gamebook fight, the reader's).
Utility is an `Objective` of the terminal result: by default a win is worth 1 and nothing else counts;
resources kept (LUCK, STAMINA) can be given a worth so advice weighs a fight against the rest of a book.

Cycles are solved exactly: a chance node that can repeat itself is renormalised, and any other cycle (a
tie that sends a duel back to its last decision) is solved by policy iteration over linear equations.
With `exact=True` every figure is a `Fraction`; otherwise floats, which is much faster.

The `Solution` answers for the root and for any state reachable from it: `at(state)` gives the same
figures mid-game, `action_values(state)` the value of every legal action (the advice), and `policy`
plays the optimal action as a bot.

Two optional protocols let a game be solved faster; any State works without them:

- the compact protocol (`odds_key`, `odds_expand`, `odds_state`; see `engine.odds.graph`): the solver
  numbers states by a cheap key and builds each state once;
- the position view (`odds_view(exact)`; see `engine.odds.view`): the game describes its play one layer
  at a time (a chance node, the player's choices after each outcome, a chance node after each choice),
  and the solver works on the positions between layers. When the view does not fit (the root, a cycle,
  a search too deep), `solve` falls back to the states.
"""

from __future__ import annotations

from fractions import Fraction

from grognard.engine.errors import OddsError
from grognard.engine.game import Action, Result, State
from grognard.engine.odds.base import ActionValue, Number, Objective, Odds, Solution, number
from grognard.engine.odds.graph import Column, Graph, build
from grognard.engine.odds.induction import evaluate, optimise
from grognard.engine.odds.view import solve_view
from grognard.i18n import gettext

DEFAULT_BUDGET = 1_000_000
"""How many states (or positions) `solve` explores before refusing."""

MAX_BUDGET = 20_000_000
"""The largest budget a user may give: past it the solver's graph would not fit in a few gigabytes."""


class GraphSolution(Solution):
    """A solution over the explicit graph of every reachable state (`engine.odds.graph`)."""

    def __init__(self, graph: Graph, objective: Objective, utilities: list[Column], choice: list[int]):
        """Made by `solve`: the graph, the objective, each player's utility column and the policy."""
        self._graph = graph
        self._objective = objective
        self._utilities = utilities
        self._choice = choice
        self._labels: list[str] = []
        self._resources: list[str] = []
        self._stats: list[Column] | None = None
        most = max((max(r.winners, default=0) for r in graph.results.values()), default=0)
        self._seen = max(graph.players, most + 1)
        self.states: int = len(graph.states)
        """How many states were solved."""

    @property
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""
        return self._graph.exact

    @property
    def players(self) -> int:
        """How many players decide somewhere in the game (at least 1)."""
        return self._graph.players

    def value(self, player: int = 0) -> Number:
        """The expected utility of `player` at the root under optimal play."""
        return self._utility(0, player)

    def win_probability(self, player: int = 0) -> Number:
        """The probability that `player` is among the winners, under optimal play."""
        return self._win(0, player)

    def outcome_probabilities(self) -> dict[str, Number]:
        """The probability of each `Result.outcome` label under optimal play."""
        return self._outcomes(0)

    def expected_resources(self) -> dict[str, Number]:
        """The expected value of each resource at the end of the game under optimal play."""
        return self._expected(0)

    def at(self, state: State, player: int = 0) -> Odds:
        """The figures of a reachable `state` (any kind of node), for `player`."""
        v = self._node(state)
        return Odds(self._utility(v, player), self._win(v, player), self._outcomes(v), self._expected(v))

    def best_action(self, state: State) -> Action:
        """The optimal action at a reachable decision node (ties: the one that keeps more of
        `Objective.keep`, then the first legal action)."""
        v = self._decision(state)
        return self._graph.moves[v][self._choice[v]]

    def action_values(self, state: State) -> dict[Action, ActionValue]:
        """Every legal action at a reachable decision node with the figures of taking it, for its actor.

        An action that returns to the same state is valued as the state itself (taking it changes
        nothing, and optimal play goes on from there).
        """
        v = self._decision(state)
        g = self._graph
        player = g.kind[v]
        out: dict[Action, ActionValue] = {}
        for action, c in zip(g.moves[v], g.succ[v], strict=True):
            out[action] = ActionValue(
                self._utility(c, player), self._win(c, player), self._outcomes(c), self._expected(c)
            )
        return out

    def _node(self, state: State) -> int:
        g = self._graph
        v: int | None
        if g.keyed:
            key = getattr(state, "odds_key", None)
            v = g.index.get(key()) if callable(key) else None
            if v is not None and g.states[v] != state:
                v = None
        else:
            v = g.index.get(state)
        if v is None:
            raise OddsError(f"{state!r} is not reachable from the solved position")
        return v

    def _decision(self, state: State) -> int:
        v = self._node(state)
        if self._graph.kind[v] < 0:
            raise OddsError(f"{state!r} is not a decision node")
        return v

    def _utility(self, v: int, player: int) -> Number:
        self._check_player(player)
        if player < self._graph.players:
            value: Number = self._utilities[player][v]
            return value
        return self._stat(v, player)

    def _win(self, v: int, player: int) -> Number:
        self._check_player(player)
        win = self._objective.win
        if self._objective.only_wins and win and player < self._graph.players:
            # The utility is then win * P(win), so no second pass over the graph is needed.
            value: Number = self._utilities[player][v] / number(win, self.exact)
            return value
        return self._stat(v, self._players_seen() + player)

    def _outcomes(self, v: int) -> dict[str, Number]:
        stats = self._all_stats()
        base = 2 * self._players_seen()
        return {label: stats[base + i][v] for i, label in enumerate(self._labels)}

    def _expected(self, v: int) -> dict[str, Number]:
        stats = self._all_stats()
        base = 2 * self._players_seen() + len(self._labels)
        return {name: stats[base + i][v] for i, name in enumerate(self._resources)}

    def _check_player(self, player: int) -> None:
        if player < 0 or player >= self._players_seen():
            raise OddsError(f"no player {player} in this game (players 0 to {self._players_seen() - 1})")

    def _players_seen(self) -> int:
        return self._seen

    def _stat(self, v: int, column: int) -> Number:
        value: Number = self._all_stats()[column][v]
        return value

    def _all_stats(self) -> list[Column]:
        """Columns under the optimal policy: utility per player, win per player, labels, resources."""
        if self._stats is not None:
            return self._stats
        g = self._graph
        players = self._players_seen()
        labels: dict[str, int] = {}
        resources: dict[str, int] = {}
        for result in g.results.values():
            labels.setdefault(result.outcome, len(labels))
            for name, _ in result.resources:
                resources.setdefault(name, len(resources))
        self._labels = list(labels)
        self._resources = list(resources)
        zero: Number = Fraction(0) if g.exact else 0.0
        one: Number = Fraction(1) if g.exact else 1.0
        n = len(g.states)
        width = 2 * players + len(labels) + len(resources)
        stats: list[Column] = [[zero] * n for _ in range(width)]
        for v, result in g.results.items():
            for p in range(players):
                stats[p][v] = number(self._objective.utility(result, p), g.exact)
            for p in result.winners:
                stats[players + p][v] = one
            stats[2 * players + labels[result.outcome]][v] = one
            base = 2 * players + len(labels)
            for name, amount in result.resources:
                stats[base + resources[name]][v] = number(amount, g.exact)
        evaluate(g, self._choice, stats)
        self._stats = stats
        return stats


def solve(
    state: State,
    objective: Objective | None = None,
    *,
    exact: bool = False,
    budget: int = DEFAULT_BUDGET,
    positions: bool = True,
) -> Solution:
    """Solve every state reachable from `state`: optimal play for `objective` and its exact figures.

    The game's position view is used when it offers one and `positions` is true (False solves state by
    state, for comparison: the figures are the same). Raises `OddsError` when more than `budget` states
    (or positions) are reachable, when the game can never end, or when a decision node offers no action
    that makes progress.
    """
    if budget < 1:
        raise OddsError(gettext("the state budget must be at least 1, not %(budget)s") % {"budget": budget})
    objective = objective or Objective()
    make_view = getattr(state, "odds_view", None) if positions else None
    if callable(make_view):
        view = make_view(exact)
        if view is not None:
            solved = solve_view(state, view, objective, exact=exact, budget=budget)
            if solved is not None:
                return solved
    graph = build(state, budget, exact)
    n = len(graph.states)
    zero: Number = Fraction(0) if exact else 0.0
    utilities: list[Column] = [[zero] * n for _ in range(graph.players)]
    worth: dict[tuple[Result, int], Number] = {}
    for v, result in graph.results.items():
        for p, col in enumerate(utilities):
            u = worth.get((result, p))
            if u is None:
                u = worth[(result, p)] = number(objective.utility(result, p), exact)
            col[v] = u
    ties: list[Column] = [[zero] * n for _ in objective.keep]
    for v, result in graph.results.items():
        for col, amount in zip(ties, objective.kept(result), strict=True):
            col[v] = number(amount, exact)
    choice = optimise(graph, utilities, ties)
    return GraphSolution(graph, objective, utilities, choice)


def solve_from(solution: Solution, state: State, player: int = 0) -> Odds:
    """The figures of any state reachable from the solved root (the same as `solution.at(state)`)."""
    return solution.at(state, player)


__all__ = ["DEFAULT_BUDGET", "MAX_BUDGET", "GraphSolution", "solve", "solve_from"]
