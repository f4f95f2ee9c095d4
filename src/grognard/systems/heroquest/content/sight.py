"""Sight, cached: `sees` and `visible_areas`, shared by the rules of a quest in play.

They follow `geometry.line_of_sight` exactly (tested against it) but cache the grid crossings of each
pair of squares (`sight_path`), which do not depend on the board.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache

from grognard.systems.heroquest.content.board import Layout, Square

Step = tuple[Square, Square, "tuple[Square, Square] | None"]
"""One crossing of a sight line: the square before, the square after, and at a grid corner the two
squares either side of the line (None through an edge)."""


@lru_cache(maxsize=250_000)
def sight_path(a: Square, b: Square) -> tuple[Step, ...]:
    """`geometry.crossings(a, b)` without the fractions: the same squares in the same order.

    In doubled coordinates the line crosses an upright grid line at t = (gx - px) / dx and a level one at
    t = (gy - py) / dy; both are compared exactly by cross-multiplying, so a corner (both at once) is
    found exactly as `crossings` finds it.
    """
    px, py = 2 * a[0] + 1, 2 * a[1] + 1
    dx, dy = 2 * (b[0] - a[0]), 2 * (b[1] - a[1])
    events: list[tuple[float, int, int, str]] = []
    if dx:
        lo, hi = min(px, px + dx), max(px, px + dx)
        for gx in range(lo + 1, hi, 2):
            events.append(((gx - px) / dx, gx - px, dx, "v"))
    if dy:
        lo, hi = min(py, py + dy), max(py, py + dy)
        for gy in range(lo + 1, hi, 2):
            events.append(((gy - py) / dy, gy - py, dy, "h"))
    events.sort()
    merged: list[str] = []
    k = 0
    while k < len(events):
        if k + 1 < len(events) and events[k][1] * events[k + 1][2] == events[k + 1][1] * events[k][2]:
            merged.append("c")
            k += 2
        else:
            merged.append(events[k][3])
            k += 1
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    out: list[Step] = []
    cur = a
    for kind in merged:
        if kind == "c":
            nxt = (cur[0] + sx, cur[1] + sy)
            out.append((cur, nxt, ((cur[0] + sx, cur[1]), (cur[0], cur[1] + sy))))
        else:
            nxt = (cur[0] + sx, cur[1]) if kind == "v" else (cur[0], cur[1] + sy)
            out.append((cur, nxt, None))
        cur = nxt
    return tuple(out)


def _closed_side(
    layout: Layout, before: Square, side: Square, after: Square, figures: Collection[Square]
) -> bool:
    return (
        not layout.open_between(before, side)
        or not layout.open_between(side, after)
        or layout.solid(side)
        or side in figures
    )


def sees(layout: Layout, a: Square, b: Square, figures: Collection[Square] = ()) -> bool:
    """`geometry.line_of_sight` with each pair's crossings cached (the same answer, tested, faster)."""
    if a == b:
        return True
    if not _sees_bare(layout, a, b):
        return False
    if not figures:
        return True
    return _walk(layout, sight_path(a, b), b, figures)


@lru_cache(maxsize=500_000)
def _sees_bare(layout: Layout, a: Square, b: Square) -> bool:
    return _walk(layout, sight_path(a, b), b, ())


def _walk(layout: Layout, path: Sequence[Step], b: Square, figures: Collection[Square]) -> bool:
    for before, after, sides in path:
        if sides is None:
            if not layout.open_between(before, after):
                return False
        else:
            first, second = sides
            if _closed_side(layout, before, first, after, figures) and _closed_side(
                layout, before, second, after, figures
            ):
                return False
        if after != b and (layout.solid(after) or after in figures):
            return False
    return True


@lru_cache(maxsize=50_000)
def visible_areas(layout: Layout, viewer: Square) -> frozenset[str]:
    """The ids of the areas (rooms, corridor segments) with a square `viewer` sees, figures aside.

    A sight line crosses only open edges, so only the areas joined to the viewer's through open edges
    are tried.
    """
    board = layout.board
    joined = {viewer}
    frontier = [viewer]
    while frontier:
        here = frontier.pop()
        x, y = here
        for there in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if there not in joined and board.is_floor(there) and layout.open_between(here, there):
                joined.add(there)
                frontier.append(there)
    found: set[str] = set()
    for area_id in sorted({board.area_at[s] for s in joined}):
        squares = sorted(
            board.squares_of(area_id), key=lambda s: abs(s[0] - viewer[0]) + abs(s[1] - viewer[1])
        )
        if any(sees(layout, viewer, s) for s in squares):
            found.add(area_id)
    return frozenset(found)
