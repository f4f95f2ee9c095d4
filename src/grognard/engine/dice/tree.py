"""Dice notation's tree: the frozen nodes a parsed expression is made of, and the limits every step keeps.

`parse` builds a tree from text, `evaluate` rolls one, `render` prints one (and a finished roll);
`notation` joins the three (`docs/architecture.md`, recipe "Add a dice feature").
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.engine.dice.core import MAX_DICE

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


def quote(text: str) -> str:
    """An expression quoted for an error message, cut after 40 characters."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


@dataclass(frozen=True)
class Selector:
    """Which dice an operator acts on: `kind` is h (highest), l (lowest), <, > or None (equal to `num`)."""

    kind: str | None
    num: int

    def matches(self, value: int) -> bool:
        """Whether a face test (<N, >N, or N alone) picks a die showing `value` (h and l pick by rank)."""
        if self.kind == "<":
            return value < self.num
        if self.kind == ">":
            return value > self.num
        return value == self.num


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
