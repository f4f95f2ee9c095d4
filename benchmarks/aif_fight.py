"""Adventures in Fantasy melees: the fast forward odds (`melee_odds`) against the state-by-state solve.

Cases grow from a small fight to the issue's big one (60 hit points a side, the Hit Location Chart,
armour, the strength bonus and stamina: half a million states). For each: the median time of `solve`
on the `MeleeState` (the generic solver, what `grognard aif fight` used before) and of `melee_odds`, in
floats, and their ratio; for the small cases also both in exact fractions. Both answers are compared
before anything is timed. A case past 100,000 states is solved state by state once only (the big
one takes a minute).
"""

from __future__ import annotations

import time
from functools import partial

from benchmarks import Row, median_seconds, ratio, timed
from grognard.engine.odds.solver import solve
from grognard.systems.adventures_in_fantasy.combat import parse_fighter
from grognard.systems.adventures_in_fantasy.melee import MeleeRules, MeleeState, start_melee
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds

NAME = "aif_fight"
"""The benchmark's name in the report."""

ALL = MeleeRules(hit_location=True, strength=True, armour=True, stamina=True)

CASES: tuple[tuple[str, str, str, MeleeRules, bool], ...] = (
    ("10 vs 10, 1d6", "hp=10,dex=60", "body=lion,hp=10", MeleeRules(), True),
    ("12 vs 11, all rules", "hp=12,dex=60,stamina=25,armour=chain", "body=lion,hp=11,stamina=15", ALL, True),
    ("30 vs 30, all rules", "hp=30,dex=60,stamina=40", "body=lion,hp=30,stamina=30", ALL, False),
    ("60 vs 60, all rules", "body=human,hp=60,dex=60,stamina=70", "body=lion,hp=60,stamina=60", ALL, False),
)
"""(case, fighter A, fighter B, rules, also timed in exact fractions)."""


def _melee(a: str, b: str, rules: MeleeRules) -> MeleeState:
    return start_melee(parse_fighter(a, "A"), parse_fighter(b, "B"), rules)


def _check(state: MeleeState, exact: bool) -> tuple[int, float]:
    """Both methods' figures agree; returns the states solved and the seconds the solve took."""
    began = time.perf_counter()
    oracle = solve(state, exact=exact)
    seconds = time.perf_counter() - began
    fast = melee_odds(state, exact=exact)
    for key, p in oracle.outcome_probabilities().items():
        if abs(p - fast.outcomes[key]) > (0 if exact else 1e-12):
            raise AssertionError(f"{key}: {p} against {fast.outcomes[key]}")
    return oracle.states, seconds


def run() -> list[Row]:
    """Time every case; one row per method and a ratio per case."""
    rows: list[Row] = []
    for case, a, b, rules, exact_too in CASES:
        state = _melee(a, b, rules)
        modes = (False, True) if exact_too else (False,)
        for exact in modes:
            label = f"{case}{' exact' if exact else ''}"
            states, once = _check(state, exact)
            slow = once if states > 100_000 else median_seconds(partial(solve, state, exact=exact))
            fast = median_seconds(partial(melee_odds, state, exact=exact))
            rows.append(Row(NAME, label, "states", float(states), ""))
            rows.append(timed(NAME, label, "solve state by state", slow))
            rows.append(timed(NAME, label, "melee_odds forward", fast))
            rows.append(ratio(NAME, label, "melee_odds / solve", fast, slow))
    big = _melee(*CASES[-1][1:4])
    floats = median_seconds(partial(melee_odds, big, exact=False), repeats=3)
    fractions = median_seconds(partial(melee_odds, big, exact=True), repeats=3)
    rows.append(timed(NAME, f"{CASES[-1][0]} exact", "melee_odds forward", fractions))
    rows.append(ratio(NAME, f"{CASES[-1][0]} exact", "exact / float", fractions, floats))
    return rows
