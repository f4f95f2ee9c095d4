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
from grognard.i18n import gettext as _

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
        """The refusal of the expression: `why` (a message of the catalogue, in the reader's language)."""
        return refused(self.text, why)

    def number(self, value: Any, selector: bool = False) -> int:
        """A whole number of the expression (a selector's, when `selector`), checked."""
        if not isinstance(value, int):
            raise self.fail(
                _("%(value)s is not a whole number; decimals are not supported") % {"value": value}
            )
        if value > MAX_NUMBER:
            said = {"value": value, "most": MAX_NUMBER}
            if selector:
                raise self.fail(_("the selector %(value)s is larger than %(most)s") % said)
            raise self.fail(_("the number %(value)s is larger than %(most)s") % said)
        return value

    def convert(self, node: Any, nesting: int) -> Node:
        if nesting > MAX_NESTING:
            raise self.fail(_("nests deeper than %(most)s levels") % {"most": MAX_NESTING})
        ast = d20.ast
        if isinstance(node, ast.Expression):
            return self.convert(node.roll, nesting)
        if isinstance(node, ast.AnnotatedNumber):
            raise self.fail(
                _("annotations like %(annotations)s are not supported")
                % {"annotations": " ".join(node.annotations)}
            )
        if isinstance(node, ast.Literal):
            return Literal(self.number(node.value))
        if isinstance(node, ast.UnOp):
            return Unary(node.op, self.convert(node.value, nesting + 1))
        if isinstance(node, ast.BinOp):
            if node.op not in _ARITHMETIC:
                raise self.fail(
                    _("the comparison %(operator)s is not supported (only + - * / // %%)")
                    % {"operator": repr(node.op)}
                )
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
        raise self.fail(_("%(node)s is not supported") % {"node": type(node).__name__})

    def operator(self, op: Any) -> Operator:
        sels = tuple(Selector(s.cat, self.number(s.num, selector=True)) for s in op.sels)
        return Operator(str(op.op), sels)

    def dice_term(self, node: Any, operations: Sequence[Any]) -> Dice:
        percent = node.size == "%"
        sides = 100 if percent else int(node.size)
        count = int(node.num)
        if count > MAX_DICE:
            raise self.fail(
                _("%(count)s dice is more than %(most)s, the most one roll may throw")
                % {"count": count, "most": MAX_DICE}
            )
        if sides < 1 or sides > MAX_SIDES:
            raise self.fail(
                _("a die needs 1 to %(most)s sides, not %(sides)s") % {"most": MAX_SIDES, "sides": sides}
            )
        self.dice += count
        if self.dice > MAX_DICE:
            raise self.fail(_("more than %(most)s dice in all") % {"most": MAX_DICE})
        term = Dice(count, sides, tuple(self.operator(op) for op in operations), percent)
        expected = float(count)
        for op in term.operators:
            expected = self.check_operator(term, op, expected)
        self.throws += expected
        if self.throws > MAX_THROWS:
            raise self.fail(
                _("would need about %(throws)s throws; the most is %(most)s")
                % {"throws": round(self.throws), "most": MAX_THROWS}
            )
        return term

    def check_operator(self, term: Dice, op: Operator, expected: float) -> float:
        """Refuse an operator that is unsupported or could run forever; the throws it is expected to need."""
        name = to_text(term)
        said = {"op": op.op, "name": name, "sides": term.sides}
        if op.op not in DICE_OPERATORS:
            raise self.fail(_("the dice operator %(operator)s is not supported") % {"operator": repr(op.op)})
        if op.op in ("mi", "ma") and any(s.kind is not None for s in op.selectors):
            raise self.fail(_("%(op)s takes a plain number (like %(op)s2), in %(name)s") % said)
        if op.op == "ro":
            return expected * 2
        if op.op == "ra":
            return expected + 1
        if op.op not in ("rr", "e"):
            return expected
        if any(s.kind in ("h", "l") for s in op.selectors):
            raise self.fail(
                _("%(op)s needs a face test (like %(op)s1, %(op)s<3 or %(op)s>5), in %(name)s") % said
            )
        faces = {f for f in range(1, term.sides + 1) if any(s.matches(f) for s in op.selectors)}
        if op.op == "rr" and len(faces) == term.sides:
            raise self.fail(_("%(name)s would reroll every face forever") % said)
        if op.op == "e" and 1 in faces:
            if term.sides == 1:
                raise self.fail(
                    _("%(name)s explodes on its lowest face and could go on without end; a d1 cannot explode")
                    % said
                )
            raise self.fail(
                _(
                    "%(name)s explodes on its lowest face and could go on without end; explode on high "
                    "faces, like e%(sides)s"
                )
                % said
            )
        odds = len(faces) / term.sides
        if op.op == "rr":
            return expected / (1 - odds)
        return expected * (1 + min(odds / (1 - odds), MAX_EXPLOSIONS))


def refused(text: str, why: str) -> DiceError:
    """The refusal of the dice expression `text`, quoting it: `why` says what is wrong (a message of the
    catalogue, in the reader's language)."""
    return DiceError(_("dice expression %(text)s: %(why)s") % {"text": quote(text), "why": why})


def parse(text: str) -> Expression:
    """Parse and check `text`; a `DiceError` quoting it says what is wrong. Nothing is rolled."""
    stripped = text.strip()
    if not stripped:
        raise DiceError(_("empty dice expression"))
    if len(stripped) > MAX_TEXT:
        raise DiceError(
            _("dice expression %(text)s is longer than %(most)s characters")
            % {"text": quote(stripped), "most": MAX_TEXT}
        )
    special = _SPECIAL.fullmatch(stripped)
    if special:
        kind = (special["k1"] or special["k2"] or special["k3"]).lower()
        count = int(special["n1"] or special["n2"] or 1)
        if count > MAX_DICE:
            raise refused(
                stripped, _("%(count)s dice is more than %(most)s") % {"count": count, "most": MAX_DICE}
            )
        return Expression(stripped, Special(kind, count))
    checker = _Checker(stripped)
    try:
        tree = d20.parse(stripped)
    except d20.RollSyntaxError as e:
        got = str(e.got) or _("the end")
        raise checker.fail(
            _("not dice notation (unexpected %(got)s at column %(column)s)")
            % {"got": repr(got), "column": e.col}
        ) from None
    except Exception as e:  # RecursionError or the parser's own failure on odd text: a user error
        raise checker.fail(_("not dice notation (%(error)s)") % {"error": type(e).__name__}) from None
    return Expression(stripped, checker.convert(tree, 0))
