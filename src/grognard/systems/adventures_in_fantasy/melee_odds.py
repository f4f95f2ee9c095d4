"""The exact odds of a melee, fast: the probability mass carried forward over the hit-point grid.

`engine.odds.solver.solve` works out a melee state by state: with both sides at 60 hit points, the Hit
Location Chart and stamina, that is half a million states (hit points by hit points by turn) and ten figures
per state carried back from every child, a minute of Python. The melee has a shape the generic solver cannot
see: no one chooses, each turn's blows only lower hit points, and the turn counter only matters until the last
fatigue change (`melee.horizon`). So this module carries one number per position, the chance of being there,
forward turn by turn (each side's blows are a shift of a row of the grid), and adds up what reaches each end;
after the horizon, where a turn in which nobody takes damage repeats the position, it walks the grid once from
the highest hit points down and folds each repeat exactly (the mass of a position is divided by one minus its
chance of repeating).

The figures are the same as the state-by-state solve (exactly equal with `exact=True`, within float
rounding otherwise): `tests/systems/adventures_in_fantasy/test_melee_odds.py` compares them on many
small fights. Why a hand method is allowed here: docs/decisions.md, "Adventures in Fantasy: melee odds
forward".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from grognard.engine.errors import OddsError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.melee import (
    A_WINS,
    B_WINS,
    BOTH_FALL,
    STRIKES,
    MeleeSpec,
    MeleeState,
    Plan,
    plan,
    turn_damage,
)

Num: TypeAlias = Any
"""A float or a Fraction; one solve uses one kind only."""

Grid: TypeAlias = list[list[Num]]
"""Mass by [first striker's hit points][second striker's hit points]."""

Progress: TypeAlias = Callable[[int, int], None]
"""Called as (turns done, turns to do) while the turns before the horizon are carried forward."""


@dataclass
class MeleeOdds:
    """The figures of a melee: each end's probability, each side's expected hit points at the end, and
    how many positions (hit points, turn, phase) carried some probability."""

    outcomes: dict[str, Num]
    expected: dict[str, Num]
    positions: int
    exact: bool


class _Ends:
    """Mass reaching each end, with the mass times each side's hit points there."""

    def __init__(self, zero: Num) -> None:
        self.zero = zero
        self.by_label: dict[str, list[Num]] = {}

    def scale(self, factor: int) -> None:
        """Every sum times `factor` (the grid's common denominator grew by it)."""
        if factor != 1:
            for found in self.by_label.values():
                found[:] = [v * factor for v in found]

    def divide(self, denominator: int) -> None:
        """Every sum (integer numerators over `denominator`) made an exact fraction."""
        for found in self.by_label.values():
            found[:] = [Fraction(v, denominator) for v in found]
        self.zero = Fraction(0)

    def add(self, label: str, mass: Num, hp_a: int, hp_b: int) -> None:
        found = self.by_label.get(label)
        if found is None:
            found = self.by_label[label] = [self.zero, self.zero, self.zero]
        found[0] += mass
        found[1] += mass * hp_a
        found[2] += mass * hp_b


def melee_odds(state: MeleeState, *, exact: bool = False, progress: Progress | None = None) -> MeleeOdds:
    """The probability of each end of the melee from `state` and the expected hit points left.

    Any state of a melee may be given: a terminal one, one where the first striker of the turn is to
    strike, or one where the second answers. Raises `OddsError` when the melee can never end.
    """
    spec = state.spec
    p = plan(spec)
    # Exact: the turns before the horizon carry integer numerators over one common denominator (no gcd
    # per addition: 50 times faster than Fractions); the grid becomes Fractions for the stationary walk.
    zero: Num = 0 if exact else 0.0
    one: Num = 1 if exact else 1.0
    denominator = 1
    ends = _Ends(zero)
    first, second = p.order
    hp0 = state.hp
    if state.striker < 0:
        ends.add(state.phase, one, hp0[0], hp0[1])
        return _odds(ends, 1, exact)
    size_x, size_y = spec.side(first).hit_points, spec.side(second).hit_points
    x0, y0 = hp0[first], hp0[second]

    def hp_ab(x: int, y: int) -> tuple[int, int]:
        return (x, y) if first == 0 else (y, x)

    def fallen(x: int, y: int) -> str:
        a, b = hp_ab(x, y)
        return BOTH_FALL if a <= 0 and b <= 0 else A_WINS if b <= 0 else B_WINS

    dists = _Dists(spec, p, exact)
    start: Grid = [[zero] * (size_y + 1) for _ in range(size_x + 1)]
    inner: Grid | None = None
    if state.phase == STRIKES[first]:
        start[x0][y0] = one
    else:
        inner = [[zero] * (size_y + 1) for _ in range(size_x + 1)]
        inner[x0][y0] = one
    turn = state.turn
    positions = 0
    todo = max(0, p.horizon - turn)
    while turn < p.horizon:
        if progress is not None:
            progress(todo - (p.horizon - turn), todo)
        after = min(turn + 1, p.horizon)
        label = p.end(after)
        if inner is None:
            dist, factor = dists.scaled(first, turn)
            inner, count = _first_blows(start, dist, zero)
            denominator *= factor
            ends.scale(factor)
            positions += count
            if not p.simultaneous:
                for x in range(1, size_x + 1):
                    mass = inner[x][0]
                    if mass:
                        a, b = hp_ab(x, 0)
                        ends.add(fallen(x, 0), mass, a, b)
                        inner[x][0] = zero
        dist, factor = dists.scaled(second, turn)
        start, count = _second_blows(inner, dist, zero)
        denominator *= factor
        ends.scale(factor)
        positions += count
        inner = None
        for x in range(size_x + 1):
            row = start[x]
            for y in range(size_y + 1) if x == 0 or label else (0,):
                mass = row[y]
                if mass:
                    a, b = hp_ab(x, y)
                    ends.add(label if x and y else fallen(x, y), mass, a, b)
                    row[y] = zero
        turn = after
    if progress is not None:
        progress(todo, todo)
    if exact:
        zero, one = Fraction(0), Fraction(1)
        start = [[Fraction(m, denominator) for m in row] for row in start]
        if inner is not None:
            inner = [[Fraction(m, denominator) for m in row] for row in inner]
        ends.divide(denominator)
    positions += _stationary(
        start, inner, dists, p.simultaneous, p.end(p.horizon), ends, hp_ab, fallen, zero, one, first
    )
    return _odds(ends, positions, exact)


class _Dists:
    """Each side's damage distribution in a turn, as (damage, probability) pairs of the solve's kind."""

    def __init__(self, spec: MeleeSpec, p: Plan, exact: bool) -> None:
        self.spec, self.p, self.exact = spec, p, exact
        self.cache: dict[tuple[int, bool, bool], tuple[tuple[int, Num], ...]] = {}

    def get(self, striker: int, turn: int) -> tuple[tuple[int, Num], ...]:
        t = min(turn, self.p.horizon)
        key = (striker, self.p.status[striker][t] == "fatigued", t == 0)
        found = self.cache.get(key)
        if found is None:
            dist = turn_damage(self.spec, striker, *key[1:])
            found = self.cache[key] = tuple((d, q if self.exact else float(q)) for d, q in dist)
        return found

    def scaled(self, striker: int, turn: int) -> tuple[tuple[tuple[int, Num], ...], int]:
        """The turn's distribution for carrying mass forward, and the factor the denominator grows by:
        floats and 1, or (exact) integer numerators over the distribution's common denominator."""
        dist = self.get(striker, turn)
        if not self.exact:
            return dist, 1
        common = math.lcm(*(q.denominator for _, q in dist))
        return tuple((d, q.numerator * (common // q.denominator)) for d, q in dist), common


def _shift(
    rows: Grid | list[tuple[Num, ...]], dist: tuple[tuple[int, Num], ...], zero: Num
) -> tuple[Grid, int]:
    """Each row's mass at index i > 0 moved down by each damage d (to i - d, or 0 when d >= i), times
    the damage's probability: one side's blows along one axis of the grid. Returns the rows and how many
    positions carried mass."""
    width = len(rows[0])
    out: Grid = []
    count = 0
    for row in rows:
        new = [zero] * width
        src = list(row[1:])
        live = sum(1 for m in src if m)
        if live:
            count += live
            below = zero  # the mass at indices 1..d, which a blow of d takes to 0
            done = 0
            for d, q in dist:
                if d >= width:
                    d = width - 1
                while done < d:
                    below += src[done]
                    done += 1
                if d:
                    new[0] += q * below
                if d < width - 1:
                    part = new[1 : width - d]
                    new[1 : width - d] = [n + q * m for n, m in zip(part, src[d:], strict=True)]
        out.append(new)
    return out, count


def _first_blows(start: Grid, dist: tuple[tuple[int, Num], ...], zero: Num) -> tuple[Grid, int]:
    """The first striker's blows: each row [x] of `start` shifted down its y by the damage (at least 0)."""
    return _shift(start, dist, zero)


def _second_blows(inner: Grid, dist: tuple[tuple[int, Num], ...], zero: Num) -> tuple[Grid, int]:
    """The second striker's blows: each column [.][y] of `inner` shifted down its x by the damage."""
    columns, count = _shift(list(zip(*inner, strict=True)), dist, zero)
    return [list(row) for row in zip(*columns, strict=True)], count


def _stationary(
    start: Grid,
    inner: Grid | None,
    dists: _Dists,
    simultaneous: bool,
    label: str,
    ends: _Ends,
    hp_ab: Callable[[int, int], tuple[int, int]],
    fallen: Callable[[int, int], str],
    zero: Num,
    one: Num,
    first: int,
) -> int:
    """From the horizon on: each position once, highest hit points first, repeats folded."""
    horizon = dists.p.horizon
    size_x, width = len(start) - 1, len(start[0])
    pending: Grid = inner if inner is not None else [[zero] * width for _ in start]
    if label:
        for x in range(size_x + 1):
            for y in range(width):
                if start[x][y] or pending[x][y]:
                    raise AssertionError("mass past an exhausted horizon")  # pragma: no cover
        return 0
    second = 1 - first
    hit_y = dists.get(first, horizon)
    hit_x = dists.get(second, horizon)
    miss_y = sum((q for d, q in hit_y if d == 0), zero)
    miss_x = sum((q for d, q in hit_x if d == 0), zero)
    count = 0
    for x in range(size_x, 0, -1):
        row, held = start[x], pending[x]
        for y in range(width - 1, -1, -1):
            if y:
                mass = row[y] + held[y] * miss_x
                if mass:
                    count += 1
                    stay = miss_y * miss_x
                    if stay == one:
                        raise OddsError(
                            gettext("the game can never end: neither side can ever hurt the other")
                        )
                    mass = mass / (one - stay)
                    for d, q in hit_y:
                        if d == 0:
                            continue
                        left = y - d if d < y else 0
                        if left == 0 and not simultaneous:
                            a, b = hp_ab(x, 0)
                            ends.add(fallen(x, 0), mass * q, a, b)
                        else:
                            held[left] += mass * q
                    held[y] += mass * miss_y
                    row[y] = zero
            answer = held[y]
            if not answer:
                continue
            count += 1
            for d, q in hit_x:
                if d == 0 and y:
                    continue
                left = x - d if d < x else 0
                if left == 0 or y == 0:
                    a, b = hp_ab(left, y)
                    ends.add(fallen(left, y), answer * q, a, b)
                else:
                    start[left][y] += answer * q
            held[y] = zero
    return count


def _odds(ends: _Ends, positions: int, exact: bool) -> MeleeOdds:
    outcomes = {label: v[0] for label, v in ends.by_label.items()}
    zero: Num = Fraction(0) if exact else 0.0
    a = sum((v[1] for v in ends.by_label.values()), zero)
    b = sum((v[2] for v in ends.by_label.values()), zero)
    return MeleeOdds(outcomes, {"a-hit-points": a, "b-hit-points": b}, positions, exact)
