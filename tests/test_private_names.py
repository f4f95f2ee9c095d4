"""No module imports another module's private name (`_x`) — issue 11's rule, checked here because ruff's
`PLC2701` exempts imports within the same top-level package, which is every import of ours."""

from __future__ import annotations

import ast
from pathlib import Path

import grognard

SRC = Path(grognard.__file__).parent


def private_imports(root: Path) -> list[str]:
    """Each `from grognard... import _name` under `root`, as `path:line: module._name`."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("grognard"):
                found += [
                    f"{path.relative_to(root)}:{node.lineno}: {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    return found


def test_the_checker_finds_a_private_import(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("from grognard.engine.dice.core import _secret\nfrom os import _exit\n")
    assert private_imports(tmp_path) == ["m.py:1: grognard.engine.dice.core._secret"]


def test_no_module_imports_a_private_name_of_another() -> None:
    assert private_imports(SRC) == []
