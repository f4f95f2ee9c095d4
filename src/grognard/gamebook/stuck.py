"""Can a reader be stuck in a section: can the conditions of all its choices be false at once?

Each leaf condition reads one thing about the reader: an item, a flag, a section visited, a Power, a
system special (each true or false), or a number (gold, Provisions, a stat) against a bound. The
choices can all be closed when some assignment of those things makes every condition false. The
things are taken as independent (a superset of the states play can reach), so "never stuck" is
proved, never guessed; numbers are tried only at the values where a condition changes (each bound and
its neighbour), gold and Provisions never below 0. Two facts of play are used: the reader has visited
the section they are in, and (outside the start section) one of the sections that lead to it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TypeAlias

from grognard.gamebook.model import Condition

Atom: TypeAlias = tuple[str, ...]
"""One thing a condition reads: ("item", name), ("gold",), ("stat", name), ("visited", id) ..."""

MAX_CASES = 4096
"""Most assignments tried for one section; past it the section is left unproved (`Verdict.unknown`)."""

_COUNTS = ("gold", "provisions")


@dataclass(frozen=True)
class Verdict:
    """The answer for one section: `stuck` with the assignment that closes every choice (as words),
    or `unknown` when the conditions read too many things to try them all."""

    stuck: bool
    example: str = ""
    unknown: bool = False


def leaves(cond: Condition | None) -> Iterator[Condition]:
    """The simple conditions inside `cond` (through its `not`, `any` and `all`); none for no condition."""
    stack = [cond] if cond is not None else []
    while stack:
        c = stack.pop()
        if c.not_ is not None:
            stack.append(c.not_)
        elif c.any is not None or c.all is not None:
            stack.extend(c.any or c.all or ())
        else:
            yield c


def _atom(c: Condition) -> Atom:
    kind = c.kind
    if kind in _COUNTS:
        return (kind,)
    if kind == "special":
        return ("special", str(c.special), repr(c.value))
    return (kind, str(getattr(c, kind)))


def _values(atom: Atom, leaves: Sequence[Condition]) -> list[int | bool]:
    """The values of `atom` worth trying: both truths, or each bound of a number and its neighbour."""
    kind = atom[0]
    if kind not in _COUNTS and kind != "stat":
        return [False, True]
    points: set[int] = set()
    for c in leaves:
        if _atom(c) != atom:
            continue
        if kind in _COUNTS:
            bound = int(getattr(c, kind))
            points |= {bound - 1, bound}
        else:
            if c.at_least is not None:
                points |= {c.at_least - 1, c.at_least}
            if c.at_most is not None:
                points |= {c.at_most, c.at_most + 1}
    if kind in _COUNTS:
        points = {max(p, 0) for p in points} | {0}
    return sorted(points)


def _holds(c: Condition, world: Mapping[Atom, int | bool]) -> bool:
    if c.not_ is not None:
        return not _holds(c.not_, world)
    if c.any is not None:
        return any(_holds(sub, world) for sub in c.any)
    if c.all is not None:
        return all(_holds(sub, world) for sub in c.all)
    value = world[_atom(c)]
    kind = c.kind
    if kind in _COUNTS:
        return int(value) >= int(getattr(c, kind))
    if kind == "stat":
        low = c.at_least if c.at_least is not None else int(value)
        high = c.at_most if c.at_most is not None else int(value)
        return low <= int(value) <= high
    return bool(value)


def _words(world: Mapping[Atom, int | bool]) -> str:
    parts = []
    for atom, value in world.items():
        if atom[0] in _COUNTS:
            parts.append(f"{atom[0]} {value}")
        elif atom[0] == "stat":
            parts.append(f"{atom[1]} {value}")
        elif atom[0] == "special":
            parts.append(f"special {atom[1]} {atom[2]} {'yes' if value else 'no'}")
        else:
            parts.append(f"{atom[0]} {atom[1]!r} {'yes' if value else 'no'}")
    return ", ".join(parts)


def can_be_stuck(conditions: Sequence[Condition], here: str, came_from: frozenset[str] | None) -> Verdict:
    """Whether every one of `conditions` (those of a section's choices, each choice having one) can be
    false at once, in section `here`; `came_from` holds the sections leading to it (None for the start
    section, which the reader reaches without coming from anywhere)."""
    found = [leaf for c in conditions for leaf in leaves(c)]
    atoms = list(dict.fromkeys(_atom(leaf) for leaf in found))
    choices = [_values(atom, found) for atom in atoms]
    cases = 1
    for values in choices:
        cases *= len(values)
        if cases > MAX_CASES:
            return Verdict(stuck=False, unknown=True)
    visited = {atom[1] for atom in atoms if atom[0] == "visited"}
    needs_one = came_from is not None and bool(came_from) and came_from <= visited
    for combo in product(*choices):
        world = dict(zip(atoms, combo, strict=True))
        if world.get(("visited", here)) is False:
            continue
        if needs_one and came_from is not None and not any(world[("visited", s)] for s in came_from):
            continue
        if not any(_holds(c, world) for c in conditions):
            return Verdict(stuck=True, example=_words(world))
    return Verdict(stuck=False)
