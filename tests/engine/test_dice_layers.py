"""Dice notation keeps d20's three steps apart: the tree, parsing, evaluation and rendering are modules
that import only downwards (tree <- render <- parse, eval), so a new operator touches parse and eval."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from grognard.engine import dice_eval, dice_parse, dice_render, dice_tree, notation
from grognard.engine.dice import Rng

ENGINE = Path(dice_tree.__file__).parent

ALLOWED = {
    "dice_tree": {"dice"},
    "dice_render": {"dice", "dice_tree"},
    "dice_parse": {"dice", "dice_tree", "dice_render", "errors"},
    "dice_eval": {"dice", "dice_tree", "dice_render", "errors"},
    "notation": {"dice", "dice_tree", "dice_render", "dice_parse", "dice_eval"},
}


def engine_imports(module: str) -> set[str]:
    """The engine modules `module` imports, anywhere in its source."""
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grognard."):
            found.add(node.module.removeprefix("grognard.engine."))
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix("grognard.engine.") for a in node.names if a.name.startswith("grognard.")
            )
    return found


@pytest.mark.parametrize("module", sorted(ALLOWED))
def test_each_step_imports_only_what_it_may(module: str) -> None:
    assert engine_imports(module) <= ALLOWED[module]


TEXTS = ["4d6kh3 + (1d20, 1d20)kl1", "3d6e6rr1", "2d10ro<3mi2 * 2", "-1d4 // 2", "3hq", "lw"]


@pytest.mark.parametrize("text", TEXTS)
def test_the_steps_compose_to_roll_expression(text: str) -> None:
    expression = dice_parse.parse(text)
    assert dice_eval.evaluate(expression, Rng(3)) == notation.roll_expression(text, Rng(3))
    printed = dice_render.to_text(expression.root)
    assert dice_render.to_text(dice_parse.parse(printed).root) == printed
