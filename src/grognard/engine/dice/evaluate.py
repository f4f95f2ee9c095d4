"""Dice notation evaluated: a parsed tree (`tree`) rolled with a seeded `Rng`, every die kept.

Each die thrown is recorded in the `Roll` with its fate (kept, dropped, rerolled, exploded), so a dropped
or rerolled die is still shown. The dice operators (k, p, rr, ro, e, ra, mi, ma) act here, in
`_Evaluator.operate`; the named rolls (lw, pct, hq, red) go through `engine.dice.core`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from grognard.engine.dice.core import (
    DieRoll,
    Rng,
    Roll,
    heroquest_combat_dice,
    lone_wolf_number,
    percentile,
    red_dice,
)
from grognard.engine.dice.render import to_text
from grognard.engine.dice.tree import (
    MAX_EXPLOSIONS,
    MAX_THROWS,
    Binary,
    Dice,
    Expression,
    Group,
    Literal,
    Node,
    Operator,
    Selector,
    Special,
    Unary,
    quote,
)
from grognard.engine.errors import DiceError
from grognard.i18n import gettext

V = TypeVar("V")


@dataclass(eq=False)
class _Throw:
    sides: int
    group: int
    slot: int
    value: int
    raw: int
    kept: bool = True
    rerolled: bool = False
    exploded: bool = False

    @property
    def alive(self) -> bool:
        return self.kept and not self.rerolled


@dataclass(eq=False)
class _Value:
    total: int
    throws: list[_Throw]


class _Evaluator:
    def __init__(self, text: str, rng: Rng) -> None:
        self.text = text
        self.rng = rng
        self.throws = 0
        self.terms: list[str] = []
        self.slots: list[list[_Throw]] = []
        self.live: list[list[_Throw]] = []
        self.blasts: list[int] = []
        self.notes: list[str] = []

    def fail(self, why: str) -> DiceError:
        """The refusal of the expression: `why` (a message of the catalogue, in the reader's language)."""
        return DiceError(
            gettext("dice expression %(text)s: %(why)s") % {"text": quote(self.text), "why": why}
        )

    def throw(self, sides: int, group: int, slot: int) -> _Throw:
        self.throws += 1
        if self.throws > MAX_THROWS:
            raise self.fail(
                gettext("needed more than %(most)s throws (rerolls and explosions)") % {"most": MAX_THROWS}
            )
        face = self.rng.randint(1, sides)
        t = _Throw(sides, group, slot, face, face)
        self.slots[slot].append(t)
        self.live[slot].append(t)
        return t

    def kill(self, t: _Throw, rerolled: bool = False) -> None:
        t.kept = False
        t.rerolled = rerolled
        self.live[t.slot].remove(t)

    def value(self, node: Node) -> _Value:
        if isinstance(node, Literal):
            return _Value(node.value, [])
        if isinstance(node, Dice):
            return self.dice(node)
        if isinstance(node, Unary):
            v = self.value(node.operand)
            return _Value(-v.total if node.op == "-" else v.total, v.throws)
        if isinstance(node, Binary):
            left, right = self.value(node.left), self.value(node.right)
            return _Value(self.arithmetic(node.op, left.total, right.total), left.throws + right.throws)
        if isinstance(node, Group):
            return self.group(node)
        raise self.fail(gettext("%(term)s cannot be part of a larger expression") % {"term": to_text(node)})

    def arithmetic(self, op: str, a: int, b: int) -> int:
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if b == 0:
            raise self.fail(gettext("division by zero"))
        return a % b if op == "%" else a // b

    def group(self, node: Group) -> _Value:
        items = [self.value(i) for i in node.items]
        kept = list(items)
        for op in node.operators:
            chosen = _select(op.selectors, kept, lambda v: v.total)
            drop = [v for v in kept if (v in chosen) != (op.op == "k")]
            for v in drop:
                for t in v.throws:
                    t.kept = False
            kept = [v for v in kept if v not in drop]
        return _Value(sum(v.total for v in kept), [t for v in items for t in v.throws])

    def dice(self, node: Dice) -> _Value:
        group = len(self.terms)
        self.terms.append(to_text(node))
        first = len(self.slots)
        for _ in range(node.count):
            self.slots.append([])
            self.live.append([])
            self.blasts.append(0)
            self.throw(node.sides, group, len(self.slots) - 1)
        live = self.live[first:]

        def alive() -> list[_Throw]:
            return [t for s in live for t in s]

        for op in node.operators:
            self.operate(op, alive)
        throws = [t for s in self.slots[first:] for t in s]
        return _Value(sum(t.value for t in throws if t.alive), throws)

    def operate(self, op: Operator, alive: Callable[[], list[_Throw]]) -> None:
        def pick(limit: int | None = None) -> list[_Throw]:
            return _select(op.selectors, alive(), lambda t: t.value, limit)

        if op.op in ("k", "p"):
            marked = set(pick())
            for t in alive():
                if (t in marked) != (op.op == "k"):
                    self.kill(t)
        elif op.op in ("rr", "ro"):
            chosen = pick()
            while chosen:
                for t in chosen:
                    self.kill(t, rerolled=True)
                    self.throw(t.sides, t.group, t.slot)
                chosen = pick() if op.op == "rr" else []
        elif op.op in ("e", "ra"):
            done: set[_Throw] = set()
            chosen = pick(1 if op.op == "ra" else None)
            while chosen:
                for t in chosen:
                    self.explode(t)
                done.update(chosen)
                chosen = [t for t in pick() if t not in done] if op.op == "e" else []
        else:
            bound = op.selectors[-1].num
            for t in alive():
                if (op.op == "mi" and t.value < bound) or (op.op == "ma" and t.value > bound):
                    t.value = bound

    def explode(self, t: _Throw) -> None:
        if self.blasts[t.slot] >= MAX_EXPLOSIONS:
            note = f"explosions stop after {MAX_EXPLOSIONS} extra dice per die"
            if note not in self.notes:
                self.notes.append(note)
            return
        t.exploded = True
        self.blasts[t.slot] += 1
        self.throw(t.sides, t.group, t.slot)


def _select(
    selectors: Sequence[Selector], pool: list[V], key: Callable[[V], int], limit: int | None = None
) -> list[V]:
    """The members of `pool` any selector picks, in the order picked, at most `limit` of them."""
    out: list[V] = []
    seen: set[int] = set()
    for sel in selectors:
        if limit is not None and len(out) >= limit:
            break
        if sel.kind == "l":
            picked = sorted(pool, key=key)[: sel.num]
        elif sel.kind == "h":
            picked = sorted(pool, key=lambda v: -key(v))[: sel.num]
        else:
            picked = [v for v in pool if sel.matches(key(v))]
        for v in picked:
            if id(v) not in seen and (limit is None or len(out) < limit):
                seen.add(id(v))
                out.append(v)
    return out


def evaluate(expression: Expression, rng: Rng, table: str = "uniform") -> Roll:
    """Roll a parsed expression with `rng`; `table` is the Lone Wolf random number table for ``lw``."""
    root = expression.root
    if isinstance(root, Special):
        return _special(expression.text, root, rng, table)
    ev = _Evaluator(expression.text, rng)
    total = ev.value(root).total
    dice = tuple(
        DieRoll(
            f"d{t.sides}",
            t.sides,
            t.value,
            kept=t.kept,
            rerolled=t.rerolled,
            exploded=t.exploded,
            group=t.group,
            raw=t.raw if t.raw != t.value else None,
        )
        for slot in ev.slots
        for t in slot
    )
    return Roll(expression.text, dice, total, "; ".join(ev.notes), terms=tuple(ev.terms))


def _special(text: str, node: Special, rng: Rng, table: str) -> Roll:
    if node.kind == "lw":
        roll = lone_wolf_number(rng, table)
    elif node.kind == "pct":
        roll = percentile(rng)
    elif node.kind == "hq":
        roll = heroquest_combat_dice(rng, node.count)
    else:
        roll = red_dice(rng, node.count)
    names: list[str] = []
    for d in roll.dice:
        if d.die not in names:
            names.append(d.die)
    dice = tuple(dataclasses.replace(d, group=names.index(d.die)) for d in roll.dice)
    return dataclasses.replace(roll, expression=text, dice=dice, terms=(to_text(node),) * len(names))
