"""Importing one module of a system loads that module's own imports and nothing else (issue 28).

A system's package `__init__` imports nothing, and the system registers itself in its own `system`
module, which `engine.registry.get_system` imports when the system is first used (`SystemFacts.module`).
Before, every package `__init__` imported its game to register it, so importing any one module ran the
whole system: `heroquest.content.geometry` loaded 121 grognard modules, `talisman.content` 42.

Each leaf below is imported alone in a child forked from a parent that holds no grognard module
(`tests/fresh_imports.py`). What it loads must be exactly what the import graph reaches from it
(`engine.importgraph`, counting each module's packages, which Python imports first, and the imports at
the top of each module), and within a small budget: a package `__init__` that imported its system again
would be reached too, so the budget is what catches it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

from grognard.engine import registry
from grognard.engine.importgraph import graph, imports
from tests.fresh_imports import Importer, fresh_importer

LEAVES = {
    "grognard.systems.heroquest.content.geometry": 16,
    "grognard.systems.talisman.content": 14,
    "grognard.systems.grey_star.crt": 14,
    "grognard.systems.fighting_fantasy.checks": 12,
    "grognard.systems.adventures_in_fantasy.tables": 15,
}
"""Leaf modules of each system and the most grognard modules importing each may load (14, 12, 12, 10
and 13 today: the leaf, its packages, `grognard.systems`'s declarations and the engine modules they
need, and the few modules the leaf imports)."""

SYSTEMS = ("adventures_in_fantasy", "fighting_fantasy", "grey_star", "heroquest", "talisman")


@pytest.fixture(scope="module")
def importer() -> Iterator[Importer]:
    """One parent process warmed with what HeroQuest imports that is not grognard (pydantic, ...), and no
    `GROGNARD_PLUGINS` (which `grognard.systems` imports)."""
    with pytest.MonkeyPatch.context() as env:
        env.delenv("GROGNARD_PLUGINS", raising=False)
        with fresh_importer("grognard.systems.heroquest.system") as found:
            yield found


def reached(module: str) -> set[str]:
    """The grognard modules importing `module` runs, read from source: its packages, its imports at the
    top of the module (not inside functions, not for the type checker), and theirs in turn."""
    edges = graph("grognard", inner=False, packages=True)
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(edges[name])
    return seen


def test_a_system_package_imports_nothing() -> None:
    for system in SYSTEMS:
        package = f"grognard.systems.{system}"
        assert [f"{i.line}: {i.target}" for i in imports(package) if i.module == package] == [], package


@pytest.mark.parametrize("module", sorted(LEAVES))
def test_a_leaf_module_loads_only_what_it_imports(module: str, importer: Importer) -> None:
    loaded = importer.loaded(module)
    assert loaded == reached(module)
    whole = [m for m in loaded if m.startswith("grognard.systems.") and m.endswith((".system", ".game"))]
    assert whole == [], sorted(loaded)
    assert len(loaded) <= LEAVES[module], sorted(loaded)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_package_alone_loads_no_module_of_its_system(system: str, importer: Importer) -> None:
    package = f"grognard.systems.{system}"
    loaded = importer.loaded(package)
    assert loaded == reached(package)
    assert not any(m.startswith(package + ".") for m in loaded), sorted(loaded)


def test_each_system_is_registered_by_its_system_module() -> None:
    import grognard.systems  # noqa: F401  (declares every system, as the command line does)

    for facts in registry.facts():
        if not facts.module.startswith("grognard.systems."):
            continue  # a test game of GROGNARD_PLUGINS
        assert facts.module.endswith(".system"), facts
        assert registry.get_system(facts.id) is importlib.import_module(facts.module).SYSTEM


def test_every_shipped_system_is_checked() -> None:
    """A new system's package joins `SYSTEMS` (the recipe "Add a sixth system" says so)."""
    import grognard.systems  # noqa: F401  (declares the systems)
    from grognard.engine import registry

    packages = {f.module.split(".")[2] for f in registry.facts() if f.module.startswith("grognard.systems.")}
    assert packages <= set(SYSTEMS)
