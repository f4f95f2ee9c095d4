"""The position view: an optional protocol that lets the solver work on a game one layer at a time.

Many games repeat one small pattern: a throw of the dice, then perhaps a choice, then perhaps a test (a
Fighting Fantasy Attack Round: the round's result, "test your Luck on this wound?", the Luck test). Seen
state by state, each pass through the pattern is several states the solver numbers and stores one by one;
a game that offers this view lets the solver see only the positions between passes, and expand each
with one call.

A root state may offer `odds_view(exact)`, returning None (no view for this game or this position's
variant of it) or a `PositionView`:

- `position(state)`: the key of `state` (hashable, cheap to hash) when the state is a position, the start
  of a layer or a terminal state; None for a state inside a layer. Two different positions reachable
  from one root have different keys.
- `layer(key)`: at a terminal position its `Result`; otherwise a tuple `(probs, branches)`, the chance
  node the position is: each outcome's probability (`Fraction`s when `exact`, floats otherwise; an
  outcome of probability 0 is left out) and its branch, one of:
  - the key of the position the outcome leads to (the position's own key: the throw is repeated);
  - a `list` of options, the choices of player 0 in the order of the state's legal actions, each the
    key of the position it leads to, or a `list` `[probs, keys]`, a chance node over positions.
  Lists are never keys (they cannot be hashed), which is how a branch or an option is told apart.
- `state(key)`: the public state of position `key`.

The layers must describe exactly what the states do (the same rules code should build both), and only
player 0 may decide inside a layer. In exact mode every chance node of a layer is checked (positive
probabilities, one per branch, summing to 1); floats are trusted, so a game's view is best tested in
exact mode. The solver searches the positions depth first with one call of `layer` each, and a layer's
figures are folded as it is expanded: a repeated throw is renormalised, each choice takes the first best
option (a later one only when better beyond the float tolerance, as `engine.odds.induction` does). The
budget counts positions. Any state reachable from the root still gets its figures: a position's from the
search, a state inside a layer from its successors through the plain protocol, on demand.

The view does not fit every game: a root that is not a position is solved from the positions it
reaches, and a cycle through positions (other than a repeated throw) or a search deeper than Python's
recursion allows makes `solve_view` return None, so `engine.odds.solver.solve` falls back to the states.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeAlias

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE, TERMINAL, Action, Result, State
from grognard.engine.odds.base import (
    FLOAT_TOLERANCE,
    ActionValue,
    Number,
    Objective,
    Odds,
    Solution,
    number,
    prefers,
)
from grognard.i18n import gettext
from grognard.i18n import number as written

Layer: TypeAlias = Result | tuple[Sequence[Any], Sequence[Any]]
"""What `PositionView.layer` returns: a terminal position's `Result`, or `(probs, branches)`."""

INNER_DEPTH = 64
"""The most states inside layers that `Solution.at` walks through to reach positions."""


class PositionView(Protocol):
    """A game seen one layer at a time (see the module docstring)."""

    def position(self, state: State) -> Hashable | None:
        """The key of `state` when it is a position, else None."""

    def layer(self, key: Any) -> Layer:
        """The expansion of position `key`: its `Result`, or `(probs, branches)`."""

    def state(self, key: Any) -> State:
        """The public state of position `key`."""


def _too_many(budget: int) -> OddsError:
    return OddsError(
        gettext(
            "the reachable state space is larger than the budget of %(budget)s positions; "
            "raise the budget or solve a smaller position"
        )
        % {"budget": written(budget)}
    )


def _checker() -> Callable[[Sequence[Fraction], int, Any], None]:
    """In exact mode: a check that a chance node's probabilities are positive, one per branch, and sum to
    1; a shared tuple of probabilities is summed once (the table keeps it alive, so its id stays its own)."""
    good: dict[int, Sequence[Fraction]] = {}

    def checked(probs: Sequence[Fraction], n: int, key: Any) -> None:
        if id(probs) not in good:
            if sum(probs) != 1 or not all(p > 0 for p in probs):
                raise OddsError(f"a chance node in the layer of position {key!r} is not a distribution")
            good[id(probs)] = probs
        if len(probs) != n:
            raise OddsError(f"a chance node in the layer of position {key!r} has {len(probs)} probabilities")

    return checked


def _search(
    layer_of: Callable[[Any], Layer],
    starts: Sequence[Any],
    utility: Callable[[Result], Number],
    exact: bool,
    budget: int,
) -> dict[Any, Number]:
    """Player 0's utility at every position reachable from `starts` under optimal play.

    A memoised depth-first recursion, one call of `layer_of` per position. The dictionary fills in
    post-order: every position after all the positions its layer reaches. A throw that repeats the
    position is folded; any other way back to a position still open recurses until Python's recursion
    limit, and the caller then falls back to the states (a cycle costs one failed search, and no check
    on the way).
    """
    values: dict[Any, Number] = {}
    get = values.get
    _checked = _checker()
    zero: Any = Fraction(0) if exact else 0.0
    one: Any = Fraction(1) if exact else 1.0
    tol = 0.0 if exact else FLOAT_TOLERANCE
    result_type = Result

    def value(key: Any) -> Any:
        if len(values) >= budget:
            raise _too_many(budget)
        lay = layer_of(key)
        if lay.__class__ is not tuple:
            if not isinstance(lay, result_type):
                raise OddsError(f"the layer of position {key!r} is neither a Result nor a tuple")
            u = values[key] = utility(lay)
            return u
        probs, branches = lay
        if exact:
            _checked(probs, len(branches), key)
        acc = zero
        stay = zero
        # Index loops, not zip: this body runs for every position (zip's keyword `strict` costs more).
        i = -1
        for br in branches:
            i += 1
            p = probs[i]
            if br is key:
                stay += p
            elif br.__class__ is list:
                bv = None
                for opt in br:
                    if opt.__class__ is list:
                        qs, ks = opt
                        if exact:
                            _checked(qs, len(ks), key)
                        if len(ks) == 2:
                            k0, k1 = ks
                            v0 = get(k0)
                            if v0 is None:
                                v0 = value(k0)
                            v1 = get(k1)
                            if v1 is None:
                                v1 = value(k1)
                            x = qs[0] * v0 + qs[1] * v1
                        else:
                            x = zero
                            j = -1
                            for k in ks:
                                j += 1
                                v = get(k)
                                if v is None:
                                    v = value(k)
                                x += qs[j] * v
                    else:
                        x = get(opt)
                        if x is None:
                            x = value(opt)
                    # Ties go to the first option; a later one must be better beyond the tolerance.
                    if bv is None or (x > bv and x - bv > tol * (1.0 + (bv if bv >= 0 else -bv))):
                        bv = x
                if bv is None:
                    raise OddsError(f"a choice in the layer of position {key!r} offers no option")
                acc += p * bv
            else:
                v = get(br)
                if v is None:
                    if br == key:
                        stay += p
                        continue
                    v = value(br)
                acc += p * v
        if stay:
            rest = one - stay
            if (rest == 0) if exact else (rest < 1e-14):
                raise OddsError(f"the game can never end: position {key!r} always repeats itself")
            acc /= rest
        values[key] = acc
        return acc

    for start in starts:
        if start not in values:
            value(start)
    return values


def _search_kept(
    layer_of: Callable[[Any], Layer],
    starts: Sequence[Any],
    figures: Callable[[Result], tuple[Number, ...]],
    exact: bool,
    budget: int,
) -> dict[Any, tuple[Number, ...]]:
    """`_search` with ties broken: each position's figures are player 0's utility, then the resources the
    objective keeps (`Objective.keep`), and each choice takes the first option best in that order
    (`prefers`). Written plainly: only fights whose advice keeps resources come here."""
    values: dict[Any, tuple[Number, ...]] = {}
    get = values.get
    checked = _checker()
    zero: Any = Fraction(0) if exact else 0.0
    one: Any = Fraction(1) if exact else 1.0

    def mix(pairs: Sequence[tuple[Any, tuple[Number, ...]]], width: int) -> list[Any]:
        acc = [zero] * width
        for p, vec in pairs:
            for i in range(width):
                acc[i] += p * vec[i]
        return acc

    def value(key: Any) -> tuple[Number, ...]:
        if len(values) >= budget:
            raise _too_many(budget)
        lay = layer_of(key)
        if lay.__class__ is not tuple:
            if not isinstance(lay, Result):
                raise OddsError(f"the layer of position {key!r} is neither a Result nor a tuple")
            u = values[key] = figures(lay)
            return u
        probs, branches = lay
        if exact:
            checked(probs, len(branches), key)
        parts: list[tuple[Any, tuple[Number, ...]]] = []
        stay = zero
        for p, br in zip(probs, branches, strict=True):
            if br.__class__ is list:
                best: tuple[Number, ...] | None = None
                for opt in br:
                    if opt.__class__ is list:
                        qs, ks = opt
                        if exact:
                            checked(qs, len(ks), key)
                        kids = [(q, get(k) or value(k)) for q, k in zip(qs, ks, strict=True)]
                        x = tuple(mix(kids, len(kids[0][1])))
                    else:
                        x = get(opt) or value(opt)
                    if best is None or prefers(x, best, exact):
                        best = x
                if best is None:
                    raise OddsError(f"a choice in the layer of position {key!r} offers no option")
                parts.append((p, best))
                continue
            v = get(br)
            if v is None:
                if br == key:
                    stay += p
                    continue
                v = value(br)
            parts.append((p, v))
        if not parts:
            raise OddsError(f"the game can never end: position {key!r} always repeats itself")
        acc = mix(parts, len(parts[0][1]))
        if stay:
            rest = one - stay
            if (rest == 0) if exact else (rest < 1e-14):
                raise OddsError(f"the game can never end: position {key!r} always repeats itself")
            acc = [x / rest for x in acc]
        out = values[key] = tuple(acc)
        return out

    for start in starts:
        if start not in values:
            value(start)
    return values


def _utility_of(objective: Objective, exact: bool) -> Callable[[Result], Number]:
    """Player 0's utility of a result, computed once per winners when only a win counts."""
    if not objective.only_wins:
        return lambda result: number(objective.utility(result, 0), exact)
    by_winners: dict[tuple[int, ...], Number] = {}

    def utility(result: Result) -> Number:
        u = by_winners.get(result.winners)
        if u is None:
            u = by_winners[result.winners] = number(objective.utility(result, 0), exact)
        return u

    return utility


def _frontier(root: State, view: PositionView, budget: int) -> list[Any]:
    """The positions first reached from a root inside a layer, through the plain protocol."""
    starts: list[Any] = []
    seen = {root}
    todo = [root]
    while todo:
        state = todo.pop()
        who = state.actor()
        if who is TERMINAL:
            continue
        moves = [o for o, p in state.chance_outcomes() if p] if who is CHANCE else state.legal_actions()
        for move in moves:
            child = state.apply(move)
            key = view.position(child)
            if key is not None:
                starts.append(key)
            elif child not in seen:
                if len(seen) >= budget:
                    raise _too_many(budget)
                seen.add(child)
                todo.append(child)
    return starts


def solve_view(
    root: State, view: PositionView, objective: Objective, *, exact: bool, budget: int
) -> ViewSolution | None:
    """Solve `root` through its game's position view; None when the view does not fit (see above)."""
    root_key = view.position(root)
    starts = [root_key] if root_key is not None else _frontier(root, view, budget)
    utility = _utility_of(objective, exact)
    kept: dict[Any, tuple[Number, ...]] | None = None
    try:
        if objective.keep:

            def figures(result: Result) -> tuple[Number, ...]:
                return (utility(result), *(number(x, exact) for x in objective.kept(result)))

            kept = _search_kept(view.layer, starts, figures, exact, budget)
            values = {key: vec[0] for key, vec in kept.items()}
        else:
            values = _search(view.layer, starts, utility, exact, budget)
    except RecursionError:
        return None
    return ViewSolution(root, view, objective, exact, values, kept)


class ViewSolution(Solution):
    """A solution over a game's positions (see the module docstring); states inside layers on demand."""

    def __init__(
        self,
        root: State,
        view: PositionView,
        objective: Objective,
        exact: bool,
        values: dict[Any, Number],
        kept: dict[Any, tuple[Number, ...]] | None = None,
    ) -> None:
        """Made by `solve_view`: player 0's utility at every position solved (and, when the objective
        breaks ties, the utility followed by the resources it keeps)."""
        self._kept = kept
        self._root = root
        self._view = view
        self._objective = objective
        self._exact = exact
        self._values = values
        self._layers: dict[Any, Layer] = {}
        self._root_key = view.position(root)
        self._vectors: dict[Any, list[Number]] | None = None
        self._labels: list[str] = []
        self._resources: list[str] = []
        self._seen = 1
        self.states: int = len(values)
        """How many positions were solved."""

    @property
    def exact(self) -> bool:
        """True when every figure is an exact Fraction."""
        return self._exact

    @property
    def players(self) -> int:
        """1: only player 0 decides inside a position view."""
        return 1

    def value(self, player: int = 0) -> Number:
        """The expected utility of `player` at the root under optimal play."""
        if player == 0 and self._root_key is not None:
            return self._values[self._root_key]
        return self._figure(self._vector(self._root), player, 0)

    def win_probability(self, player: int = 0) -> Number:
        """The probability that `player` is among the winners, under optimal play."""
        win = self._objective.win
        if player == 0 and self._root_key is not None and win and self._objective.only_wins:
            # The utility is then win * P(win), so no second pass over the positions is needed.
            value: Number = self._values[self._root_key] / number(win, self._exact)
            return value
        return self._figure(self._vector(self._root), player, 1)

    def outcome_probabilities(self) -> dict[str, Number]:
        """The probability of each `Result.outcome` label under optimal play."""
        return self._outcomes(self._vector(self._root))

    def expected_resources(self) -> dict[str, Number]:
        """The expected value of each resource at the end of the game under optimal play."""
        return self._expected(self._vector(self._root))

    def at(self, state: State, player: int = 0) -> Odds:
        """The figures of a reachable `state` (any kind of node), for `player`."""
        vec = self._vector(state)
        return Odds(
            self._figure(vec, player, 0),
            self._figure(vec, player, 1),
            self._outcomes(vec),
            self._expected(vec),
        )

    def best_action(self, state: State) -> Action:
        """The optimal action at a reachable decision node (ties: the one that keeps more of
        `Objective.keep`, then the first legal action)."""
        actor, options = self._options(state)
        best: tuple[Action, list[Number]] | None = None
        for action, vec in options:
            if vec is not None and (best is None or self._prefers(vec, best[1], actor)):
                best = (action, vec)
        if best is None:
            raise OddsError(f"no action at {state!r} makes progress")
        return best[0]

    def action_values(self, state: State) -> dict[Action, ActionValue]:
        """Every legal action at a reachable decision node with the figures of taking it, for its actor."""
        actor, options = self._options(state)
        here: list[Number] | None = None
        out: dict[Action, ActionValue] = {}
        for action, vec in options:
            if vec is None:
                if here is None:
                    here = self._vector(state)
                vec = here
            out[action] = ActionValue(
                self._figure(vec, actor, 0),
                self._figure(vec, actor, 1),
                self._outcomes(vec),
                self._expected(vec),
            )
        return out

    # -- figures of states ------------------------------------------------------------------------------

    def _options(self, state: State) -> tuple[int, list[tuple[Action, list[Number] | None]]]:
        """The actor of a reachable decision node and each action's figures (None: back to the state)."""
        self._vector(state)
        actor = state.actor()
        if not isinstance(actor, int):
            raise OddsError(f"{state!r} is not a decision node")
        options: list[tuple[Action, list[Number] | None]] = []
        for action in state.legal_actions():
            child = state.apply(action)
            options.append((action, None if child == state else self._vector(child)))
        return actor, options

    def _vector(self, state: State, depth: int = 0) -> list[Number]:
        """Every figure of `state` as one vector (see `_all_vectors`); positions from the search."""
        key = self._view.position(state)
        if key is not None:
            vectors = self._all_vectors()
            vec = vectors.get(key)
            if vec is None or self._view.state(key) != state:
                raise OddsError(f"{state!r} is not reachable from the solved position")
            return vec
        if depth > INNER_DEPTH:
            raise OddsError(f"{state!r} is too far inside a layer: no position within {INNER_DEPTH} moves")
        return self._inner(state, depth)

    def _inner(self, state: State, depth: int) -> list[Number]:
        """The figures of a state inside a layer, from its successors' (the plain protocol)."""
        width = self._width()
        who = state.actor()
        if who is TERMINAL:
            return self._terminal(state.result())
        zero: Number = Fraction(0) if self._exact else 0.0
        if who is CHANCE:
            acc = [zero] * width
            stay: Number = zero
            for outcome, p in state.chance_outcomes():
                if not p:
                    continue
                q = number(p, self._exact)
                child = state.apply(outcome)
                if child == state:
                    stay += q
                    continue
                vec = self._vector(child, depth + 1)
                for i in range(width):
                    acc[i] += q * vec[i]
            if stay:
                rest = 1 - stay
                acc = [x / rest for x in acc]
            return acc
        if not isinstance(who, int) or who >= self._seen:
            raise OddsError(f"{state!r} has an actor {who!r} the position view does not know")
        best: list[Number] | None = None
        for action in state.legal_actions():
            child = state.apply(action)
            if child == state:
                continue
            vec = self._vector(child, depth + 1)
            if best is None or self._prefers(vec, best, who):
                best = vec
        if best is None:
            raise OddsError(f"no action at {state!r} makes progress")
        return best

    def _better(self, x: Number, y: Number) -> bool:
        if self._exact:
            return bool(x > y)
        return bool(x > y and x - y > FLOAT_TOLERANCE * (1.0 + abs(float(y))))

    def _prefers(self, x: list[Number], y: list[Number], actor: int) -> bool:
        """True when figures `x` beat `y` for `actor`: utility, then the resources the objective keeps."""
        if not self._objective.keep:
            return self._better(x[actor], y[actor])
        ex, ey = self._expected(x), self._expected(y)
        zero: Number = Fraction(0) if self._exact else 0.0
        first = [x[actor], *(ex.get(name, zero) for name in self._objective.keep)]
        second = [y[actor], *(ey.get(name, zero) for name in self._objective.keep)]
        return prefers(first, second, self._exact)

    # -- vectors: utility per player, win per player, outcome labels, resources ---------------------------

    def _width(self) -> int:
        self._all_vectors()
        return 2 * self._seen + len(self._labels) + len(self._resources)

    def _figure(self, vec: list[Number], player: int, which: int) -> Number:
        """A player's utility (`which` 0) or win probability (1) out of a vector."""
        if player < 0 or player >= self._seen:
            raise OddsError(f"no player {player} in this game (players 0 to {self._seen - 1})")
        return vec[which * self._seen + player]

    def _outcomes(self, vec: list[Number]) -> dict[str, Number]:
        base = 2 * self._seen
        return {label: vec[base + i] for i, label in enumerate(self._labels)}

    def _expected(self, vec: list[Number]) -> dict[str, Number]:
        base = 2 * self._seen + len(self._labels)
        return {name: vec[base + i] for i, name in enumerate(self._resources)}

    def _terminal(self, result: Result) -> list[Number]:
        """The vector of a terminal result."""
        exact = self._exact
        players = self._seen
        zero: Number = Fraction(0) if exact else 0.0
        one: Number = Fraction(1) if exact else 1.0
        vec = [zero] * (2 * players + len(self._labels) + len(self._resources))
        for p in range(players):
            vec[p] = number(self._objective.utility(result, p), exact)
        for p in result.winners:
            vec[players + p] = one
        base = 2 * players
        if result.outcome in self._labels:
            vec[base + self._labels.index(result.outcome)] = one
        base += len(self._labels)
        for name, amount in result.resources:
            if name in self._resources:
                vec[base + self._resources.index(name)] = number(amount, exact)
        return vec

    def _all_vectors(self) -> dict[Any, list[Number]]:
        """Every position's figures under the chosen policy, in one pass over the search's post-order."""
        if self._vectors is not None:
            return self._vectors
        exact = self._exact
        values = self._values
        layers = self._layers = {key: self._view.layer(key) for key in values}
        labels: dict[str, None] = {}
        resources: dict[str, None] = {}
        most = 0
        for lay in layers.values():
            if isinstance(lay, Result):
                labels.setdefault(lay.outcome)
                for name, _ in lay.resources:
                    resources.setdefault(name)
                most = max(most, *lay.winners, 0)
        self._labels = list(labels)
        self._resources = list(resources)
        self._seen = most + 1
        width = 2 * self._seen + len(self._labels) + len(self._resources)
        zero: Number = Fraction(0) if exact else 0.0
        vectors: dict[Any, list[Number]] = {}
        for key in values:  # post-order: a layer's positions are done before it
            lay = layers[key]
            if isinstance(lay, Result):
                vectors[key] = self._terminal(lay)
                continue
            probs, branches = lay
            acc = [zero] * width
            stay: Number = zero
            for p, br in zip(probs, branches, strict=True):
                if br.__class__ is list:
                    part = self._chosen(br, vectors, width)
                elif br == key:
                    stay += p
                    continue
                else:
                    part = vectors[br]
                for i in range(width):
                    acc[i] += p * part[i]
            if stay:
                rest = 1 - stay
                acc = [x / rest for x in acc]
            acc[0] = values[key]
            vectors[key] = acc
        self._vectors = vectors
        return vectors

    def _chosen(self, options: list[Any], vectors: dict[Any, list[Number]], width: int) -> list[Number]:
        """The figures of the option player 0 takes at a choice inside a layer (as the search chose)."""
        values = self._values
        zero: Number = Fraction(0) if self._exact else 0.0
        best: Any = None
        bv: Number = zero
        if self._kept is not None:
            best = self._chosen_kept(options, self._kept)
            options = []
        for opt in options:
            if opt.__class__ is list:
                x: Number = zero
                for q, k in zip(opt[0], opt[1], strict=True):
                    x += q * values[k]
            else:
                x = values[opt]
            if best is None or self._better(x, bv):
                best, bv = opt, x
        if best.__class__ is not list:
            chosen: list[Number] = vectors[best]
            return chosen
        part = [zero] * width
        for q, k in zip(best[0], best[1], strict=True):
            vec = vectors[k]
            for i in range(width):
                part[i] += q * vec[i]
        return part

    def _chosen_kept(self, options: list[Any], kept: dict[Any, tuple[Number, ...]]) -> Any:
        """The option the search took at a choice when breaking ties (`_search_kept`)."""
        zero: Number = Fraction(0) if self._exact else 0.0
        best: Any = None
        bv: tuple[Number, ...] = ()
        for opt in options:
            if opt.__class__ is list:
                acc: list[Number] = []
                for q, k in zip(opt[0], opt[1], strict=True):
                    vec = kept[k]
                    if not acc:
                        acc = [zero] * len(vec)
                    for i, y in enumerate(vec):
                        acc[i] += q * y
                figures = tuple(acc)
            else:
                figures = kept[opt]
            if best is None or prefers(figures, bv, self._exact):
                best, bv = opt, figures
        return best


__all__ = ["INNER_DEPTH", "Layer", "PositionView", "ViewSolution", "solve_view"]
