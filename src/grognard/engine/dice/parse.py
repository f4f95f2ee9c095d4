"""Dice notation parsed: text into grognard's frozen tree (`tree`), checked before any die is thrown.

The d20 library (avrae/d20) gives the syntax tree; it rolls with the module-level `random`, so its tree
is converted here, refusing whatever is unsupported or too big (length, nesting, numbers, dice per term and
in all, the throws rerolls and explosions are expected to need). The named rolls (lw, pct, hq, red) are
matched before d20 is called.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from grognard.engine.dice.core import MAX_DICE, MAX_SIDES
from grognard.engine.dice.parser_cache import cached_d20_parser
from grognard.engine.dice.render import to_text
from grognard.engine.dice.tree import (
    MAX_EXPLOSIONS,
    MAX_NESTING,
    MAX_NUMBER,
    MAX_TEXT,
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

with cached_d20_parser():  # d20 builds its parser when imported: kept between runs
    import d20

_SPECIAL = re.compile(
    r"(?:(?P<n1>\d{1,9})\s*(?P<k1>hq|red)|(?P<k2>hq|red)\s*(?P<n2>\d{1,9})|(?P<k3>hq|red|lw|pct))",
    re.IGNORECASE,
)
_ARITHMETIC = ("+", "-", "*", "/", "//", "%")

DICE_OPERATORS = ("k", "p", "rr", "ro", "e", "ra", "mi", "ma")
"""The operators a dice term accepts (sets accept only k and p); each acts in `evaluate`."""


class _Checker:
    """Converts d20's tree into grognard's, refusing what is unsupported or beyond the limits."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.dice = 0
        self.throws = 0.0

    def fail(self, why: str) -> DiceError:
        return DiceError(f"dice expression {quote(self.text)}: {why}")

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
        faces = {f for f in range(1, term.sides + 1) if any(s.matches(f) for s in op.selectors)}
        if op.op == "rr" and len(faces) == term.sides:
            raise self.fail(f"{name} would reroll every face forever")
        if op.op == "e" and 1 in faces:
            hint = "a d1 cannot explode" if term.sides == 1 else f"explode on high faces, like e{term.sides}"
            raise self.fail(f"{name} explodes on its lowest face and could go on without end; {hint}")
        odds = len(faces) / term.sides
        if op.op == "rr":
            return expected / (1 - odds)
        return expected * (1 + min(odds / (1 - odds), MAX_EXPLOSIONS))


def parse(text: str) -> Expression:
    """Parse and check `text`; a `DiceError` quoting it says what is wrong. Nothing is rolled."""
    stripped = text.strip()
    if not stripped:
        raise DiceError("empty dice expression")
    if len(stripped) > MAX_TEXT:
        raise DiceError(f"dice expression {quote(stripped)} is longer than {MAX_TEXT} characters")
    special = _SPECIAL.fullmatch(stripped)
    if special:
        kind = (special["k1"] or special["k2"] or special["k3"]).lower()
        count = int(special["n1"] or special["n2"] or 1)
        if count > MAX_DICE:
            raise DiceError(f"dice expression {quote(stripped)}: {count} dice is more than {MAX_DICE}")
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
