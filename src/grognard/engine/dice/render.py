"""Dice notation rendered as text: a parsed tree printed back (`to_text`) and a finished roll as data
(`roll_data`, what `grognard roll --json` prints and the terminal and the browser show)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from grognard.engine.dice.core import DieRoll, Roll
from grognard.engine.dice.tree import Binary, Dice, Group, Literal, Node, Operator, Unary


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
