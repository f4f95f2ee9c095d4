"""Talisman's layers (issue 11): the import graph of `systems/talisman`, counting the imports written
inside functions, has no cycle, and every import points down the layers of docs/architecture.md:
content -> model -> rule primitives -> features -> driver -> policies -> presentation.

The graph is read with `ast` from the source files (no module is imported to build it): an edge for
every `import`/`from ... import` of a Talisman module anywhere in a file, at the top or inside a
function or an `if TYPE_CHECKING` block.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from grognard.systems.talisman import combat, tasks
from grognard.systems.talisman.flow import TaskRules
from grognard.systems.talisman.state import rules, use_rules

PACKAGE = "grognard.systems.talisman"
ROOT = Path(tasks.__file__).parent

LAYERS: dict[str, tuple[str, ...]] = {
    "content": ("content", "catalog"),
    "model": ("actions", "state", "tasks", "words"),
    "primitives": ("dice", "characters", "scores"),
    "features": ("effects", "spells", "combat", "turn", "movement", "encounter"),
    "driver": ("flow", "game", "odds", "luck"),
    "policies": ("bot_worth", "bots", "bot_plan", "bot_search", "bot_levels", "simulate"),
    "presentation": ("views", "seat_view", "reference", "system", "__init__"),
}
"""Every module of the package by layer, lowest first."""

FUNCTION_IMPORTS: dict[tuple[str, str], str] = {}
"""Imports of Talisman modules written inside a function, (module, imported module) -> why; none today."""


def _edges() -> dict[str, list[tuple[str, bool]]]:
    """module -> [(imported Talisman module, written inside a function)]."""
    modules = {p.stem for p in ROOT.glob("*.py")}
    graph: dict[str, list[tuple[str, bool]]] = {}
    for name in sorted(modules):
        tree = ast.parse((ROOT / f"{name}.py").read_text())
        nested = {
            id(node)
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
            for node in ast.walk(fn)
        }
        out: list[tuple[str, bool]] = []
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == PACKAGE:
                    found = [a.name for a in node.names if a.name in modules]
                elif node.module.startswith(PACKAGE + "."):
                    found = [node.module.split(".")[3]]
            elif isinstance(node, ast.ImportFrom):
                raise AssertionError(f"{name}: a relative import; write the module's full name")
            elif isinstance(node, ast.Import):
                found = [a.name.split(".")[3] for a in node.names if a.name.startswith(PACKAGE + ".")]
            out += [(target, id(node) in nested) for target in found]
        graph[name] = out
    return graph


def _cycles(graph: dict[str, list[tuple[str, bool]]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w, _ in graph.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or any(t == v for t, _ in graph.get(v, [])):
                out.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_the_checker_finds_a_cycle_through_a_function_level_import() -> None:
    graph = {"a": [("b", False)], "b": [("c", True)], "c": [("a", True)], "d": [("a", False)]}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": [("b", False)], "b": []}) == []


def test_no_import_cycle_counting_imports_inside_functions() -> None:
    assert _cycles(_edges()) == []


def test_every_module_has_a_layer() -> None:
    placed = [m for layer in LAYERS.values() for m in layer]
    assert len(placed) == len(set(placed))
    assert set(placed) == set(_edges())


def test_imports_point_down_the_layers() -> None:
    rank = {m: k for k, layer in enumerate(LAYERS.values()) for m in layer}
    upward = [
        f"{m} ({list(LAYERS)[rank[m]]}) imports {t} ({list(LAYERS)[rank[t]]})"
        for m, targets in _edges().items()
        for t, _ in targets
        if rank[t] > rank[m]
    ]
    assert upward == []


def test_the_rules_never_import_a_policy_or_the_presentation() -> None:
    above = set(LAYERS["policies"] + LAYERS["presentation"])
    rules = LAYERS["model"] + LAYERS["primitives"] + LAYERS["features"] + LAYERS["driver"]
    graph = _edges()
    assert {(m, t) for m in rules for t, _ in graph[m] if t in above} == set()


def test_imports_inside_functions_are_few_and_each_has_a_reason() -> None:
    inside = {(m, t) for m, targets in _edges().items() for t, fn in targets if fn}
    assert inside == set(FUNCTION_IMPORTS)
    assert len(inside) <= 5


def test_a_strength_combat_is_resolved_in_one_module() -> None:
    """ "Change how a Talisman Strength combat is resolved": the chances, the real dice, the comparison
    and what the result does all live in `combat`."""
    for kind in ("fight_roll", "duel_roll"):
        handler = tasks.TASKS.lookup(kind)
        parts = (handler.outcomes, handler.resolve, handler.throw)
        assert all(p is not None and p.__module__ == combat.__name__ for p in parts), kind
    assert combat.combat_chances.__module__ == combat.classify.__module__ == combat.__name__


def test_the_driver_hands_its_rules_to_the_states_once() -> None:
    """The model asks the rules through `state.Rules`; the driver hands them over when imported, and a
    second hand-over is refused (no import-order effect can swap them)."""
    assert isinstance(rules(), TaskRules)
    with pytest.raises(ValueError, match="given twice"):
        use_rules(TaskRules())
