"""The import graph of a package read from source, counting imports inside functions
(`grognard.engine.importgraph`): the machinery on a small package written here; the rules of issue 11 on
grognard (no cycle, counting the imports for the type checker and each module's import of its packages,
and every import inside a function outside the command line kept for a reason it states), with the parts
other work is re-layering listed as pending; and HeroQuest's graph held to its ratchet (cycles and imports
inside functions may only go down)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.importgraph import cycles, graph, imports, inner_imports, modules, report


@pytest.fixture()
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A package `toyknot` whose modules a, b, c import each other in a cycle (one import inside a function)
    and whose d imports a only."""
    root = tmp_path / "toyknot"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from toyknot import b\n")
    (root / "b.py").write_text("import os\n\ndef f() -> None:\n    from . import c\n")
    (root / "c.py").write_text("from toyknot.a import thing\n")
    (root / "d.py").write_text(
        "from .sub.e import x\nimport toyknot.a\nif TYPE_CHECKING:\n    from toyknot import f\n"
    )
    (root / "f.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import toyknot.d\n")
    (root / "sub" / "__init__.py").write_text("")
    (root / "sub" / "e.py").write_text("from .. import d\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "toyknot"
    for name in [m for m in sys.modules if m.startswith("toyknot")]:
        del sys.modules[name]


def test_modules_are_found_with_sub_packages(toy: str) -> None:
    assert sorted(modules(toy)) == [
        "toyknot",
        "toyknot.a",
        "toyknot.b",
        "toyknot.c",
        "toyknot.d",
        "toyknot.f",
        "toyknot.sub",
        "toyknot.sub.e",
    ]


def test_imports_inside_functions_count_and_relative_imports_resolve(toy: str) -> None:
    edges = graph(toy)
    assert edges["toyknot.b"] == {"toyknot.c"}
    assert edges["toyknot.c"] == {"toyknot.a"}
    assert edges["toyknot.d"] == {"toyknot.a", "toyknot.sub.e"}
    assert edges["toyknot.sub.e"] == {"toyknot.d"}
    assert graph(toy, inner=False)["toyknot.b"] == set()
    inner = inner_imports(toy)
    assert [(i.module, i.line, i.target) for i in inner] == [("toyknot.b", 4, "toyknot.c")]
    assert inner_imports(toy, "os") == []
    assert any(i.target == "os" and not i.inner for i in imports(toy))


def test_cycles_are_the_knots_biggest_first(toy: str) -> None:
    assert cycles(graph(toy)) == [["toyknot.a", "toyknot.b", "toyknot.c"], ["toyknot.d", "toyknot.sub.e"]]
    assert cycles(graph(toy, inner=False)) == [["toyknot.d", "toyknot.sub.e"]]
    assert ["toyknot.d", "toyknot.f", "toyknot.sub.e"] in cycles(graph(toy, typing=True))
    assert [i.target for i in imports(toy) if i.typing] == ["toyknot.f", "toyknot.d"]
    assert "2 cycles" in report(toy)


def test_a_module_imports_its_packages_when_asked(toy: str) -> None:
    edges = graph(toy, packages=True)
    assert edges["toyknot.sub.e"] == {"toyknot", "toyknot.sub", "toyknot.d"}
    assert edges["toyknot.sub"] == {"toyknot"}
    assert edges["toyknot"] == set()
    assert graph(toy)["toyknot.sub.e"] == {"toyknot.d"}


def test_a_package_that_imports_its_own_module_is_a_cycle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Importing `toyinit.a` runs `toyinit/__init__`, which imports `toyinit.a`: the knot every system
    package made when it imported its game to register it."""
    root = tmp_path / "toyinit"
    root.mkdir()
    (root / "__init__.py").write_text("from toyinit.a import x\n")
    (root / "a.py").write_text("x = 1\n")
    (root / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toyinit import a\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        plain = cycles(graph("toyinit"))
        counted = cycles(graph("toyinit", packages=True))
        typed = graph("toyinit", typing=True, packages=True)["toyinit.b"]
    finally:
        for name in [m for m in sys.modules if m.startswith("toyinit")]:
            del sys.modules[name]
    assert plain == []
    assert counted == [["toyinit", "toyinit.a"]]
    assert typed == {"toyinit", "toyinit.a"}


def test_cycles_of_a_plain_graph() -> None:
    assert cycles({"x": {"y"}, "y": {"z"}, "z": {"x"}, "w": {"x"}}) == [["x", "y", "z"]]
    assert cycles({"x": {"y"}, "y": set()}) == []


def test_an_inner_import_states_its_reason_on_its_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "toyreason"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("x = 1\n")
    (root / "b.py").write_text(
        "def f() -> None:\n"
        "    from toyreason import a  # inner import: the system loads when first used\n"
        "    from toyreason.a import (  # noqa: F401  # inner import: a cycle\n"
        "        x,\n"
        "    )\n"
        "    import toyreason.a  # inner import:\n"
        "    import toyreason.a  # an inner import, no reason\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        found = [(i.line, i.reason) for i in inner_imports("toyreason")]
    finally:
        for name in [m for m in sys.modules if m.startswith("toyreason")]:
            del sys.modules[name]
    assert found == [(2, "the system loads when first used"), (3, "a cycle"), (6, ""), (7, "")]


def test_not_a_package_is_refused() -> None:
    with pytest.raises(ValueError, match="not a package"):
        modules("grognard.engine.importgraph")


HEROQUEST = "grognard.systems.heroquest"
# The ratchet: lowered as the re-layering of issue 11 goes on; the goal is no cycle and a handful of imports
# inside functions, each with a reason.
HEROQUEST_MOST_IN_A_CYCLE = 0
HEROQUEST_MOST_INNER_IMPORTS = 0


def test_heroquest_cycles_only_shrink() -> None:
    knots = cycles(graph(HEROQUEST))
    assert sum(len(k) for k in knots) <= HEROQUEST_MOST_IN_A_CYCLE, report(HEROQUEST)


def test_heroquest_imports_inside_functions_only_shrink() -> None:
    assert len(inner_imports(HEROQUEST, "grognard")) <= HEROQUEST_MOST_INNER_IMPORTS, report(HEROQUEST)


PACKAGE = "grognard"
NO_INNER_RULE = ("grognard.cli",)
"""Where imports inside functions are the rule: each command imports its system when it runs, so
`grognard --help` stays fast (tests/cli/test_startup.py)."""
PENDING: tuple[str, ...] = ()
"""The modules other work of issue 11 would still be re-layering: their cycles and reasonless inner imports
not counted yet. None is left (HeroQuest's knot went last); an entry added here goes when its work lands."""
MOST_INNER_IMPORTS = 20
"""Issue 11's goal: at most this many imports of grognard modules inside functions outside the command
line, each with a reason."""


def _within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_no_import_cycle_outside_the_pending_modules() -> None:
    """Counting everything: the imports inside functions, those for the type checker (a cycle there is a
    knot in the design even if it never runs), and each module's import of its packages (importing
    `a.b.c` runs `a/__init__` and `a/b/__init__` first)."""
    every = graph(PACKAGE, typing=True, packages=True)
    knots = [c for c in cycles(every) if not all(_within(m, PENDING) for m in c)]
    assert knots == [], report(PACKAGE)


def test_every_inner_import_outside_the_command_line_states_its_reason() -> None:
    inner = [i for i in inner_imports(PACKAGE, PACKAGE) if not _within(i.module, NO_INNER_RULE)]
    counted = [i for i in inner if not _within(i.module, PENDING)]
    assert [f"{i.module}:{i.line} {i.target}" for i in counted if not i.reason] == []
    assert len(counted) <= MOST_INNER_IMPORTS, [f"{i.module}:{i.line} {i.reason}" for i in counted]
