"""Movement, line of sight and adjacency on a HeroQuest `Layout`, as pure functions.

Line of sight runs from the centre of one square to the centre of another (line 80). It is computed
exactly: in doubled coordinates the centres are odd whole numbers and the grid lines even ones, so every
place the segment crosses a grid line is a fraction (`Fraction`), never a rounded pixel. The segment is
blocked by a wall or closed (or secret) door on an edge it crosses, and by a solid square it passes
through (rock, tall furniture, a blocked square) or a square of `figures` (the other figures standing
between; the two ends never block). Where it passes exactly through a grid corner it is blocked only when
something closes the corner on both sides of it: a wall arm or a blocking square on the one side and
another on the other (grazing one wall's end is seeing past it). Rulings: docs/rulings/heroquest.md.

Movement is four-directional (line 76), one move a square, two moves a step onto, off or across low
furniture (line 144); walls, closed doors, solid squares and enemies stop it; allies may be passed but
not shared. `reachable` gives every square a figure may end on and what it costs; opening a door ends
the move (line 122), which the game state applies. The allowance of a move is `hero_allowance` or
`monster_allowance`.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal, TypeAlias

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.board import DIRECTIONS, Door, Layout, Square, edge, neighbours

MAX_MOVE = 12
"""No figure moves more than 12 squares in a turn (lines 78, 164)."""

PLATE_MAIL_PENALTY = 2
"""Plate mail takes 2 from every movement roll (line 381)."""

AllowanceRule: TypeAlias = Literal["greater", "sum"]
"""How a hero's Movement attribute meets the roll: the greater of the two, or their sum (see rulings)."""


# ---------------------------------------------------------------------------------------------------
# Movement allowance


def hero_allowance(
    roll: int,
    movement: int,
    *,
    plate_mail: bool = False,
    bonus: int = 0,
    rule: AllowanceRule = "greater",
) -> int:
    """The squares a hero (or mercenary) may move: two red dice `roll` against his Movement attribute.

    The roll loses 2 for plate mail and gains `bonus` (a Potion of Dexterity's 5, line 399); then the
    greater of the roll and Movement is taken ("regardless of dice roll", lines 78 and 164), or with
    `rule="sum"` the two are added; the total is never more than 12 nor less than 0.
    """
    if not 0 <= roll <= 12 or movement < 0:
        raise UsageError(
            _("a movement roll of {roll} with Movement {movement} is not possible").format(
                roll=roll, movement=movement
            )
        )
    rolled = roll - (PLATE_MAIL_PENALTY if plate_mail else 0) + bonus
    total = max(rolled, movement) if rule == "greater" else rolled + movement
    return max(0, min(MAX_MOVE, total))


def monster_allowance(roll: int, move_min: int, move_max: int, *, plate_mail: bool = False) -> int:
    """The squares a monster may move (line 611): the roll held between its least and most movement.

    Plate mail takes 2 from the roll first (line 381; monsters whose plate mail does not slow them say so
    in the catalogue), so the least movement still holds.
    """
    if move_min > move_max or move_min < 0:
        raise UsageError(
            _("movement {move_min}-{move_max} is not a range").format(move_min=move_min, move_max=move_max)
        )
    rolled = roll - (PLATE_MAIL_PENALTY if plate_mail else 0)
    return min(MAX_MOVE, max(move_min, min(move_max, rolled)))


# ---------------------------------------------------------------------------------------------------
# Line of sight


@dataclass(frozen=True)
class Crossing:
    """One place a centre-to-centre segment crosses the grid: at `t` (0 to 1), from `before` to `after`.

    A crossing through an edge has `corner` None; one through a grid corner names the corner (its
    top-left neighbour is `(cx - 1, cy - 1)`) and the two squares on either side of the segment.
    """

    t: Fraction
    before: Square
    after: Square
    corner: Square | None = None
    sides: tuple[Square, Square] | None = None


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def crossings(a: Square, b: Square) -> list[Crossing]:
    """Every grid line or corner the segment from the centre of `a` to the centre of `b` crosses, in order."""
    return list(_crossed(a, b))


@lru_cache(maxsize=250_000)
def _crossed(a: Square, b: Square) -> tuple[Crossing, ...]:
    """`crossings`, kept per pair of squares (they do not depend on the board)."""
    px, py = 2 * a[0] + 1, 2 * a[1] + 1
    dx, dy = 2 * (b[0] - a[0]), 2 * (b[1] - a[1])
    events: dict[Fraction, str] = {}
    if dx:
        for gx in range(min(px, px + dx) + 1, max(px, px + dx), 2):
            events[Fraction(gx - px, dx)] = "v"
    if dy:
        for gy in range(min(py, py + dy) + 1, max(py, py + dy), 2):
            t = Fraction(gy - py, dy)
            # meeting an upright and a level grid line at the same point is passing a corner
            events[t] = "c" if t in events else "h"
    sx, sy = _sign(dx), _sign(dy)
    out: list[Crossing] = []
    cur = a
    for t in sorted(events):
        kind = events[t]
        if kind == "c":
            nxt = (cur[0] + sx, cur[1] + sy)
            corner = (max(cur[0], nxt[0]), max(cur[1], nxt[1]))
            out.append(Crossing(t, cur, nxt, corner, ((cur[0] + sx, cur[1]), (cur[0], cur[1] + sy))))
        else:
            nxt = (cur[0] + sx, cur[1]) if kind == "v" else (cur[0], cur[1] + sy)
            out.append(Crossing(t, cur, nxt))
        cur = nxt
    assert cur == b, (a, b, cur)
    return tuple(out)


def _side_closed(
    layout: Layout, before: Square, side: Square, after: Square, figures: Collection[Square]
) -> bool:
    """True when one side of a corner is shut: a wall arm beside the segment, or a blocking square."""
    return (
        not layout.open_between(before, side)
        or not layout.open_between(side, after)
        or layout.solid(side)
        or side in figures
    )


def line_of_sight(layout: Layout, a: Square, b: Square, figures: Collection[Square] = frozenset()) -> bool:
    """True when a straight line from the centre of `a` to the centre of `b` is unobstructed (line 80).

    `figures` are the squares of figures that stand in the way (their presence at `a` or `b` is
    ignored). A square always sees itself.
    """
    for c in _crossed(a, b):
        if c.corner is None:
            if not layout.open_between(c.before, c.after):
                return False
        else:
            assert c.sides is not None
            first, second = c.sides
            if _side_closed(layout, c.before, first, c.after, figures) and _side_closed(
                layout, c.before, second, c.after, figures
            ):
                return False
        if c.after != b and (layout.solid(c.after) or c.after in figures):
            return False
    return True


def visible_squares(
    layout: Layout, viewer: Square, figures: Collection[Square] = frozenset()
) -> frozenset[Square]:
    """Every room or corridor square `viewer` can see."""
    return frozenset(s for s in layout.board.floor() if line_of_sight(layout, viewer, s, figures))


def doorways_crossed(layout: Layout, a: Square, b: Square) -> list[Door]:
    """The doors the segment from `a` to `b` passes through, or whose end it touches at a corner."""
    found: list[Door] = []
    for c in _crossed(a, b):
        if c.corner is None:
            pairs = [(c.before, c.after)]
        else:
            assert c.sides is not None
            s1, s2 = c.sides
            pairs = [(c.before, s1), (s1, c.after), (c.before, s2), (s2, c.after)]
        for p, q in pairs:
            door = layout.door(p, q)
            if door is not None and door not in found:
                found.append(door)
    return found


def through_doorway_ok(layout: Layout, a: Square, b: Square) -> bool:
    """False when a line from `a` to `b` goes through a doorway at 45 degrees or wider (line 122).

    The angle is taken against the door's face: through a door in an upright edge the line must run
    more across than along (|dx| > |dy|), and the other way for a door in a level edge. Touching a
    door's end at a grid corner counts as a diagonal through it.
    """
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    for c in _crossed(a, b):
        if c.corner is not None:
            assert c.sides is not None
            s1, s2 = c.sides
            arms = ((c.before, s1), (s1, c.after), (c.before, s2), (s2, c.after))
            if any(layout.door(p, q) for p, q in arms):
                return False
            continue
        if layout.door(c.before, c.after) is None:
            continue
        upright = c.before[1] == c.after[1]
        if (upright and dx <= dy) or (not upright and dy <= dx):
            return False
    return True


# ---------------------------------------------------------------------------------------------------
# Adjacency and attacks


def orthogonal(a: Square, b: Square) -> bool:
    """True when `a` and `b` share a side."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def diagonal(a: Square, b: Square) -> bool:
    """True when `a` and `b` touch only at a corner."""
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def adjacent(layout: Layout, a: Square, b: Square) -> bool:
    """True when `a` and `b` share a side with no wall or closed door between (a close attack's reach)."""
    return orthogonal(a, b) and layout.open_between(a, b)


def can_attack_close(
    layout: Layout,
    a: Square,
    b: Square,
    *,
    diagonal_weapon: bool = False,
    figures: Collection[Square] = frozenset(),
) -> bool:
    """True when a figure on `a` may strike one on `b` hand to hand.

    Side by side with the edge open; or, with a weapon that strikes diagonally (staff, longsword, line
    361), corner to corner when the corner is not shut on both sides and no door meets it (line 122).
    """
    if orthogonal(a, b):
        return layout.open_between(a, b)
    if diagonal_weapon and diagonal(a, b):
        return line_of_sight(layout, a, b, figures) and through_doorway_ok(layout, a, b)
    return False


def can_target(layout: Layout, a: Square, b: Square, figures: Collection[Square] = frozenset()) -> bool:
    """True when a ranged attack or spell from `a` may aim at `b`: in sight, and not a wide diagonal
    through a doorway (line 122)."""
    return line_of_sight(layout, a, b, figures) and through_doorway_ok(layout, a, b)


def furniture_penalty(layout: Layout, square: Square) -> int:
    """The dice a figure on low furniture loses on each attack and defend roll (line 144): 1 or 0."""
    return 1 if square in layout.low else 0


def openable_doors(layout: Layout, square: Square) -> list[Door]:
    """The closed (not secret) doors on the sides of `square`; opening one ends the move (line 122)."""
    found = []
    for n in neighbours(square):
        door = layout.door_at.get(edge(square, n))
        if door is not None and door.state == "closed":
            found.append(door)
    return found


# ---------------------------------------------------------------------------------------------------
# Movement


def step_cost(layout: Layout, a: Square, b: Square) -> int | None:
    """The moves a step from `a` to the side-by-side `b` costs, or None when it cannot be taken.

    Walls, closed doors and solid squares stop it; a step onto, off or across low furniture costs 2
    (line 144), any other 1. Figures are not considered here.
    """
    if not orthogonal(a, b) or not layout.open_between(a, b) or layout.solid(b):
        return None
    return 2 if a in layout.low or b in layout.low else 1


@dataclass(frozen=True)
class Reach:
    """The result of `reachable`: the least cost to each square a figure may end on, and the way there."""

    start: Square
    cost: Mapping[Square, int]
    came_from: Mapping[Square, Square]

    def path(self, to: Square) -> list[Square]:
        """The squares stepped on from the start to `to`, both included; a `UsageError` if unreachable."""
        if to not in self.cost:
            raise UsageError(_("square {to} cannot be reached from {start}").format(to=to, start=self.start))
        path = [to]
        while path[-1] != self.start:
            path.append(self.came_from[path[-1]])
        return path[::-1]


def reachable(
    layout: Layout,
    start: Square,
    allowance: int,
    *,
    allies: Collection[Square] = frozenset(),
    enemies: Collection[Square] = frozenset(),
    avoid: Collection[Square] = frozenset(),
) -> Reach:
    """Every square a figure on `start` may end its move on with `allowance` moves, and the cheapest cost.

    `allies` may be passed through but not stopped on (line 76); `enemies` and `avoid` (known traps,
    which must be jumped, line 140) are never entered. The start is always in the result at cost 0.
    """
    best: dict[Square, int] = {start: 0}
    came: dict[Square, Square] = {}
    queue = [(0, start)]
    links, low = layout.links, layout.low
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, MAX_MOVE + 99):
            continue
        ways = links.get(here)
        steps = (
            [(n, step_cost(layout, here, n)) for n in neighbours(here)]
            if ways is None
            else [
                (there, 2 if here in low or there in low else 1)
                for there, door in ways
                if door is None or door.state == "open"
            ]
        )
        for there, cost in steps:
            if there in enemies or there in avoid:
                continue
            if cost is None or spent + cost > allowance:
                continue
            if spent + cost < best.get(there, allowance + 1):
                best[there] = spent + cost
                came[there] = here
                heapq.heappush(queue, (spent + cost, there))
    ends = {s: c for s, c in best.items() if s == start or s not in allies}
    return Reach(start, ends, came)


def jump(
    layout: Layout, start: Square, trap: Collection[Square], *, occupied: Collection[Square] = frozenset()
) -> tuple[Square, int] | None:
    """Where a jump from `start` over the trap squares in a straight line lands, and the moves it uses.

    The trap's first square must be beside `start`; the jump carries on in that direction over every
    trap square in line and lands on the first square beyond (line 140: the trap and the space beyond).
    None when a wall, closed door or solid square is in the way or the landing square is taken.
    """
    here = start
    step = next((d for d in DIRECTIONS if (start[0] + d[0], start[1] + d[1]) in trap), None)
    if step is None:
        return None
    used = 0
    while True:
        there = (here[0] + step[0], here[1] + step[1])
        if not layout.open_between(here, there) or layout.solid(there):
            return None
        used += 1
        here = there
        if here not in trap:
            break
    if here in occupied:
        return None
    return here, used


def squares_within(square: Square, distance: int) -> Iterator[Square]:
    """Every square no more than `distance` steps away counted in the four directions (a reach, a radius)."""
    x, y = square
    for dx in range(-distance, distance + 1):
        rest = distance - abs(dx)
        for dy in range(-rest, rest + 1):
            yield (x + dx, y + dy)


def distances(layout: Layout, goals: set[Square], blocked: frozenset[Square]) -> dict[Square, int]:
    """Steps from every floor square to the nearest of `goals`, through open edges, round `blocked`."""
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if (
                there in dist
                or there in blocked
                or layout.solid(there)
                or not layout.open_between(here, there)
            ):
                continue
            dist[there] = dist[here] + 1
            queue.append(there)
    return dist
