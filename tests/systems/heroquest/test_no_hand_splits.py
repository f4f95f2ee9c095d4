"""HeroQuest reads its strings in three modules only (issue 11, typed actions): actions in `action_text`,
effects and the state's marks in `effect_strings`, specs and carried things' names in `spec_text`. No other
module splits or partitions a string at ":" or "@" (a source scan, like `tests/test_private_names.py`)."""

from __future__ import annotations

import ast
from pathlib import Path

import grognard.systems.heroquest as heroquest

PACKAGE = Path(heroquest.__file__).parent

PARSERS = {"action_text.py", "effect_strings.py", "spec_text.py"}
"""The modules whose concern is reading HeroQuest's strings."""

CUTS = {"split", "rsplit", "partition", "rpartition"}


def hand_splits(root: Path, allowed: set[str]) -> list[str]:
    """Each `x.split(":")`, `x.partition("@")`... under `root` outside `allowed`, as `path:line: code`."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        if path.name in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in sorted(
            ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))
        ):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in CUTS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and {":", "@"} & set(node.args[0].value)
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_finds_a_hand_split(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "a = s.split(':')[1]\nb = s.rpartition('@')\nc = s.partition(',')\nd = s.rsplit(sep)\n"
        "e = f(s).partition('x:y')\n"
    )
    (tmp_path / "action_text.py").write_text("a = s.split(':')\n")
    assert hand_splits(tmp_path, PARSERS) == [
        "m.py:1: s.split(':')",
        "m.py:2: s.rpartition('@')",
        "m.py:5: f(s).partition('x:y')",
    ]


def test_no_heroquest_module_splits_strings_by_hand() -> None:
    assert hand_splits(PACKAGE, PARSERS) == []
