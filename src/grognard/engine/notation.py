"""Dice notation typed by people: parse and check it, roll it with a seeded `Rng`, describe the result.

The three steps are kept apart. `parse` turns text into grognard's own frozen tree and refuses, before
any die is thrown, whatever is unsupported or too big; `evaluate` rolls a parsed expression with an
`Rng` and records every throw in a `Roll`; `to_text` and `roll_data` render. The d20 library (avrae/d20)
is used only to parse: it rolls with the module-level `random`, so its tree is converted and evaluated
here.

Notation (d20's grammar): ``NdM``, ``dM``, ``d%`` (= d100); ``+ - * / // %`` (both divisions round
down), parentheses, unary minus; sets ``(1d20, 1d20)kh1``. Dice operators, applied left to right, each
followed by a selector (``hN`` highest N, ``lN`` lowest N, ``<N``, ``>N``, or ``N`` for dice showing
exactly N): ``k`` keep, ``p`` drop, ``rr`` reroll until none selected, ``ro`` reroll once, ``e``
explode (each selected die adds a die, and so on), ``ra`` explode once, ``mi``/``ma`` minimum and
maximum value of each die. Named rolls: ``lw`` (a Lone Wolf random number 0-9), ``pct`` (Adventures in
Fantasy's two d20 read as digits, 00 = 100), ``hq``/``3hq``/``hq3`` (HeroQuest combat dice, the total is
the skulls) and ``red``/``2red``/``red2`` (HeroQuest red dice).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import d20

from grognard.engine.dice import (
    MAX_DICE,
    MAX_SIDES,
    DieRoll,
    Rng,
    Roll,
    heroquest_combat_dice,
    lone_wolf_number,
    percentile,
    red_dice,
)
from grognard.engine.errors import DiceError

V = TypeVar("V")

MAX_TEXT = 200
"""The longest expression accepted, in characters."""
MAX_NESTING = 20
"""How deeply parentheses, sets and unary signs may nest."""
MAX_NUMBER = 1_000_000
"""The largest number an expression may write (a literal or a selector)."""
MAX_THROWS = 10 * MAX_DICE
"""The most dice one expression may throw, counting rerolls and explosions."""
MAX_EXPLOSIONS = 100
"""The most extra dice one die may add by exploding; the chain stops there and the roll says so."""

DICE_OPERATORS = ("k", "p", "rr", "ro", "e", "ra", "mi", "ma")
"""The operators a dice term accepts (sets accept only k and p)."""


# The parsed tree.


@dataclass(frozen=True)
class Selector:
    """Which dice an operator acts on: `kind` is h (highest), l (lowest), <, > or None (equal to `num`)."""

    kind: str | None
    num: int


@dataclass(frozen=True)
class Operator:
    """A dice or set operator (k, p, rr, ro, e, ra, mi, ma) and its selectors (several act as one union)."""

    op: str
    selectors: tuple[Selector, ...]


@dataclass(frozen=True)
class Literal:
    """A whole number written in the expression."""

    value: int


@dataclass(frozen=True)
class Dice:
    """`count` dice of `sides` faces, then the operators in order; `percent` if written ``d%``."""

    count: int
    sides: int
    operators: tuple[Operator, ...] = ()
    percent: bool = False


@dataclass(frozen=True)
class Unary:
    """A sign in front of an expression: + or -."""

    op: str
    operand: Node


@dataclass(frozen=True)
class Binary:
    """Two expressions joined by + - * / // or %."""

    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Group:
    """Parentheses around one expression, or a set ``(a, b, ...)``; k and p keep or drop whole items."""

    items: tuple[Node, ...]
    operators: tuple[Operator, ...] = ()
    is_set: bool = False


@dataclass(frozen=True)
class Special:
    """A named roll: lw, pct, hq (combat dice) or red, with a number of dice for hq and red."""

    kind: str
    count: int = 1


Node = Literal | Dice | Unary | Binary | Group | Special
"""Any node of a parsed expression."""


@dataclass(frozen=True)
class Expression:
    """A parsed and checked expression: the text as typed and its tree."""

    text: str
    root: Node


# Parsing and checking.

_SPECIAL = re.compile(
    r"(?:(?P<n1>\d{1,9})\s*(?P<k1>hq|red)|(?P<k2>hq|red)\s*(?P<n2>\d{1,9})|(?P<k3>hq|red|lw|pct))",
    re.IGNORECASE,
)
_ARITHMETIC = ("+", "-", "*", "/", "//", "%")


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


class _Checker:
    """Converts d20's tree into grognard's, refusing what is unsupported or beyond the limits."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.dice = 0
        self.throws = 0.0

    def fail(self, why: str) -> DiceError:
        return DiceError(f"dice expression {_quote(self.text)}: {why}")

    def number(self, value: Any, what: str) -> int:
        if not isinstance(value, int):
            raise self.fail(f"{value} is not a whole number; decimals are not supported")
        if value > MAX_NUMBER:
            raise self.fail(f"{what} {value} is larger than {MAX_NUMBER}")
        return value

    def convert(self, node: Any, nesting: int) -> Node:
        if nesting > MAX_NESTING:
            raise self.fail(f"nests deeper than {MAX_NESTING} levels")
        ast = d20.ast
        if isinstance(node, ast.Expression):
            return self.convert(node.roll, nesting)
        if isinstance(node, ast.AnnotatedNumber):
            raise self.fail(f"annotations like {' '.join(node.annotations)} are not supported")
        if isinstance(node, ast.Literal):
            return Literal(self.number(node.value, "the number"))
        if isinstance(node, ast.UnOp):
            return Unary(node.op, self.convert(node.value, nesting + 1))
        if isinstance(node, ast.BinOp):
            if node.op not in _ARITHMETIC:
                raise self.fail(f"the comparison {node.op!r} is not supported (only + - * / // %)")
            return Binary(node.op, self.convert(node.left, nesting), self.convert(node.right, nesting))
        if isinstance(node, ast.Parenthetical):
            return Group((self.convert(node.value, nesting + 1),))
        if isinstance(node, ast.NumberSet):
            return Group(tuple(self.convert(v, nesting + 1) for v in node.values), is_set=True)
        if isinstance(node, ast.OperatedDice):
            return self.dice_term(node.value, node.operations)
        if isinstance(node, ast.OperatedSet):
            inner = self.convert(node.value, nesting)
            assert isinstance(inner, Group)
            ops = tuple(self.operator(op) for op in node.operations)
            return dataclasses.replace(inner, operators=ops)
        if isinstance(node, ast.Dice):
            return self.dice_term(node, [])
        raise self.fail(f"{type(node).__name__} is not supported")

    def operator(self, op: Any) -> Operator:
        sels = tuple(Selector(s.cat, self.number(s.num, "the selector")) for s in op.sels)
        return Operator(str(op.op), sels)

    def dice_term(self, node: Any, operations: Sequence[Any]) -> Dice:
        percent = node.size == "%"
        sides = 100 if percent else int(node.size)
        count = int(node.num)
        if count > MAX_DICE:
            raise self.fail(f"{count} dice is more than {MAX_DICE}, the most one roll may throw")
        if sides < 1 or sides > MAX_SIDES:
            raise self.fail(f"a die needs 1 to {MAX_SIDES} sides, not {sides}")
        self.dice += count
        if self.dice > MAX_DICE:
            raise self.fail(f"more than {MAX_DICE} dice in all")
        term = Dice(count, sides, tuple(self.operator(op) for op in operations), percent)
        expected = float(count)
        for op in term.operators:
            expected = self.check_operator(term, op, expected)
        self.throws += expected
        if self.throws > MAX_THROWS:
            raise self.fail(f"would need about {round(self.throws)} throws; the most is {MAX_THROWS}")
        return term

    def check_operator(self, term: Dice, op: Operator, expected: float) -> float:
        """Refuse an operator that is unsupported or could run forever; the throws it is expected to need."""
        name = to_text(term)
        if op.op not in DICE_OPERATORS:
            raise self.fail(f"the dice operator {op.op!r} is not supported")
        if op.op in ("mi", "ma") and any(s.kind is not None for s in op.selectors):
            raise self.fail(f"{op.op} takes a plain number (like {op.op}2), in {name}")
        if op.op == "ro":
            return expected * 2
        if op.op == "ra":
            return expected + 1
        if op.op not in ("rr", "e"):
            return expected
        if any(s.kind in ("h", "l") for s in op.selectors):
            raise self.fail(f"{op.op} needs a face test (like {op.op}1, {op.op}<3 or {op.op}>5), in {name}")
        faces = {f for f in range(1, term.sides + 1) if any(_face_matches(s, f) for s in op.selectors)}
        if op.op == "rr" and len(faces) == term.sides:
            raise self.fail(f"{name} would reroll every face forever")
        if op.op == "e" and 1 in faces:
            hint = "a d1 cannot explode" if term.sides == 1 else f"explode on high faces, like e{term.sides}"
            raise self.fail(f"{name} explodes on its lowest face and could go on without end; {hint}")
        odds = len(faces) / term.sides
        if op.op == "rr":
            return expected / (1 - odds)
        return expected * (1 + min(odds / (1 - odds), MAX_EXPLOSIONS))


def _face_matches(sel: Selector, value: int) -> bool:
    if sel.kind == "<":
        return value < sel.num
    if sel.kind == ">":
        return value > sel.num
    return value == sel.num


def parse(text: str) -> Expression:
    """Parse and check `text`; a `DiceError` quoting it says what is wrong. Nothing is rolled."""
    stripped = text.strip()
    if not stripped:
        raise DiceError("empty dice expression")
    if len(stripped) > MAX_TEXT:
        raise DiceError(f"dice expression {_quote(stripped)} is longer than {MAX_TEXT} characters")
    special = _SPECIAL.fullmatch(stripped)
    if special:
        kind = (special["k1"] or special["k2"] or special["k3"]).lower()
        count = int(special["n1"] or special["n2"] or 1)
        if count > MAX_DICE:
            raise DiceError(f"dice expression {_quote(stripped)}: {count} dice is more than {MAX_DICE}")
        return Expression(stripped, Special(kind, count))
    checker = _Checker(stripped)
    try:
        tree = d20.parse(stripped)
    except d20.RollSyntaxError as e:
        got = str(e.got) or "the end"
        raise checker.fail(f"not dice notation (unexpected {got!r} at column {e.col})") from None
    except Exception as e:  # RecursionError or the parser's own failure on odd text: a user error
        raise checker.fail(f"not dice notation ({type(e).__name__})") from None
    return Expression(stripped, checker.convert(tree, 0))


# Rendering the tree back to text.


def _ops_text(ops: Sequence[Operator]) -> str:
    return "".join(f"{op.op}{s.kind or ''}{s.num}" for op in ops for s in op.selectors)


def to_text(node: Node) -> str:
    """The canonical text of a parsed node (``d20`` becomes ``1d20``)."""
    if isinstance(node, Literal):
        return str(node.value)
    if isinstance(node, Dice):
        return f"{node.count}d{'%' if node.percent else node.sides}{_ops_text(node.operators)}"
    if isinstance(node, Unary):
        return f"{node.op}{to_text(node.operand)}"
    if isinstance(node, Binary):
        return f"{to_text(node.left)} {node.op} {to_text(node.right)}"
    if isinstance(node, Group):
        inner = ", ".join(to_text(i) for i in node.items)
        comma = "," if node.is_set and len(node.items) == 1 else ""
        return f"({inner}{comma}){_ops_text(node.operators)}"
    count = f"{node.count}" if node.kind in ("hq", "red") and node.count != 1 else ""
    return f"{count}{node.kind}"


# Evaluation.


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
        return DiceError(f"dice expression {_quote(self.text)}: {why}")

    def throw(self, sides: int, group: int, slot: int) -> _Throw:
        self.throws += 1
        if self.throws > MAX_THROWS:
            raise self.fail(f"needed more than {MAX_THROWS} throws (rerolls and explosions)")
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
        raise self.fail(f"{to_text(node)} cannot be part of a larger expression")

    def arithmetic(self, op: str, a: int, b: int) -> int:
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if b == 0:
            raise self.fail("division by zero")
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
            picked = [v for v in pool if _face_matches(sel, key(v))]
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


def roll_expression(text: str, rng: Rng, table: str = "uniform") -> Roll:
    """Parse, check and roll `text` with `rng`; a `DiceError` quoting the text if it cannot be rolled."""
    return evaluate(parse(text), rng, table)


# Describing a roll as data.


def roll_data(roll: Roll, seed: int | str | None = None) -> dict[str, Any]:
    """A roll as JSON-safe data: expression, total, seed, and per dice term its faces and their fate.

    Each entry of ``dice`` has ``die``, ``term``, ``sides``, ``faces`` (what each die showed), ``values``
    (what it counts for: a d20 read as a digit, a value raised by ``mi``), ``status`` (kept, dropped or
    rerolled), ``exploded`` and, for symbol dice, ``symbols``. Named counts (skulls, shields) are in
    ``counts``.
    """
    groups = max([len(roll.terms), *(d.group + 1 for d in roll.dice)])
    dice: list[dict[str, Any]] = []
    for g in range(groups):
        members = [d for d in roll.dice if d.group == g]
        term = roll.terms[g] if g < len(roll.terms) else roll.expression
        sides = members[0].sides if members else _term_sides(term)
        entry: dict[str, Any] = {
            "die": members[0].die if members else f"d{sides}",
            "term": term,
            "sides": sides,
            "faces": [_face_number(d) for d in members],
            "values": [d.value for d in members],
            "status": [_status(d) for d in members],
            "exploded": [d.exploded for d in members],
        }
        if any(d.face and not d.face.isdigit() for d in members):
            entry["symbols"] = [d.face or str(d.value) for d in members]
        dice.append(entry)
    data: dict[str, Any] = {"expression": roll.expression, "total": roll.total, "dice": dice}
    if roll.detail:
        data["detail"] = roll.detail
    if roll.extras:
        data["counts"] = dict(roll.extras)
    if seed is not None:
        data["seed"] = seed
    return data


def _term_sides(term: str) -> int:
    found = re.search(r"d(\d+|%)", term)
    if not found:
        return 0
    return 100 if found[1] == "%" else int(found[1])


def _face_number(d: DieRoll) -> int:
    if d.face.isdigit():
        return int(d.face)
    return d.raw if d.raw is not None else d.value


def _status(d: DieRoll) -> str:
    """kept, dropped or rerolled."""
    if d.rerolled:
        return "rerolled"
    return "kept" if d.kept else "dropped"
