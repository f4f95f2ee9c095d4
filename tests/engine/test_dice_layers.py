"""Dice notation keeps d20's three steps apart: the tree, parsing, evaluation and rendering are modules
of `engine.dice` that import only downwards (core <- tree <- render <- parse, evaluate <- notation), so a
new operator touches parse and evaluate."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from grognard.engine.dice import evaluate, notation, parse, render, tree
from grognard.engine.dice.core import Rng

DICE = Path(tree.__file__).parent

ALLOWED = {
    "core": {"errors"},
    "tree": {"dice.core"},
    "render": {"dice.core", "dice.tree"},
    "parser_cache": set(),
    "parse": {"dice.core", "dice.tree", "dice.render", "dice.parser_cache", "errors"},
    "evaluate": {"dice.core", "dice.tree", "dice.render", "errors"},
    "notation": {"dice.core", "dice.tree", "dice.render", "dice.parse", "dice.evaluate"},
}


LOWEST = {"grognard.i18n"}
"""What every layer may import (the message catalogues: a refusal is said in the reader's language)."""


def engine_imports(module: str) -> set[str]:
    """The engine modules `module` (of `engine.dice`) imports, anywhere in its source (the lowest layer,
    `LOWEST`, left out)."""
    source = ast.parse((DICE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(source):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("grognard."):
            found.add(node.module.removeprefix("grognard.engine."))
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix("grognard.engine.") for a in node.names if a.name.startswith("grognard.")
            )
    return found - LOWEST


@pytest.mark.parametrize("module", sorted(ALLOWED))
def test_each_step_imports_only_what_it_may(module: str) -> None:
    assert engine_imports(module) <= ALLOWED[module]


TEXTS = ["4d6kh3 + (1d20, 1d20)kl1", "3d6e6rr1", "2d10ro<3mi2 * 2", "-1d4 // 2", "3hq", "lw"]


@pytest.mark.parametrize("text", TEXTS)
def test_the_steps_compose_to_roll_expression(text: str) -> None:
    expression = parse.parse(text)
    assert evaluate.evaluate(expression, Rng(3)) == notation.roll_expression(text, Rng(3))
    printed = render.to_text(expression.root)
    assert render.to_text(parse.parse(printed).root) == printed
