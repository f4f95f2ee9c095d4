"""Dice notation typed by people: parse and check it, roll it with a seeded `Rng`, describe the result.

The three steps live apart, d20's way: `parse.parse` turns text into grognard's own frozen tree
(`tree`) and refuses, before any die is thrown, whatever is unsupported or too big;
`evaluate.evaluate` rolls a parsed expression with an `Rng` and records every throw in a `Roll`;
`render` prints a tree back (`to_text`) and a roll as data (`roll_data`). This module joins them
(`roll_expression`) and is what the command line and the browser import.

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

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.dice.evaluate import evaluate
from grognard.engine.dice.parse import DICE_OPERATORS, parse
from grognard.engine.dice.render import roll_data, to_text
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
)

__all__ = [
    "DICE_OPERATORS",
    "MAX_EXPLOSIONS",
    "MAX_NESTING",
    "MAX_NUMBER",
    "MAX_TEXT",
    "MAX_THROWS",
    "Binary",
    "Dice",
    "Expression",
    "Group",
    "Literal",
    "Node",
    "Operator",
    "Selector",
    "Special",
    "Unary",
    "evaluate",
    "parse",
    "roll_data",
    "roll_expression",
    "to_text",
]


def roll_expression(text: str, rng: Rng, table: str = "uniform") -> Roll:
    """Parse, check and roll `text` with `rng`; a `DiceError` quoting the text if it cannot be rolled."""
    return evaluate(parse(text), rng, table)
