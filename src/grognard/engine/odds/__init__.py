"""Exact odds: the solver that gives the probability of every result and the best action at every
decision, for any game.

- `solver`: the entry, `solve(state)` and `solve_from`, the budgets (`DEFAULT_BUDGET`, `MAX_BUDGET`) and
  `GraphSolution`, the solution over the explicit graph of every reachable state;
- `base`: the figures (`Odds`, `ActionValue`, `Number`), the `Objective` a result is valued by and the
  `Solution` interface every solution offers;
- `graph`: the machinery, part one: the explicit graph of every reachable state (and the compact protocol,
  `odds_key`, `odds_expand`, `odds_state`);
- `induction`: part two: solving that graph (backward induction, cycles by policy iteration);
- `view`: solving over a game's position view (`odds_view`), one layer of play at a time.

Imports point down: solver > view | induction > graph | base (import-linter, "The engine's solver").
Outside itself the package imports `engine.game` and `engine.errors` (and `engine.dice` for the type
checker only), never the store (`engine.store`). This file imports nothing: import the module that holds
the name (`from grognard.engine.odds.solver import solve`).
"""
