"""Action strings are parsed in one module per system (issue 11, typed actions): a source scan for hand
splits (`x.split(":")`, `x.partition("@")`...). HeroQuest allows none outside its three readers
(`tests/systems/heroquest/test_no_hand_splits.py`); the rest of the package is held to a ratchet, the
splits left per file when HeroQuest was done, which may only go down."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import grognard

SRC = Path(grognard.__file__).parent

CUTS = {"split", "rsplit", "partition", "rpartition"}

READERS = {
    "gamebook/action_text.py",
    "systems/adventures_in_fantasy/action_text.py",
    "systems/heroquest/model/action_text.py",
    "systems/heroquest/model/effect_strings.py",
    "systems/heroquest/content/spec_text.py",
    "systems/talisman/actions.py",
}
"""The modules whose concern is reading a system's strings (paths under `src/grognard`)."""

RATCHET = {
    "cli/systems/heroquest.py": 1,
    "cli/systems/talisman.py": 1,
    "engine/content.py": 1,
    "gamebook/twine_markup.py": 3,
    "systems/talisman/effects.py": 3,
    "web/notices.py": 1,  # an e-mail sender's domain, not an action
    "web/players.py": 1,  # an e-mail address checked, not an action
    "web/turns.py": 1,  # a turn limit's "ply:seat" mark, not an action
}
"""Hand splits left outside HeroQuest (not all of actions: sources "file:line", Talisman's owners, twine
markup): at most this many per file."""


def hand_splits(root: Path, allowed: set[str]) -> list[str]:
    """Each cut of a string at ":" or "@" under `root`, outside the `allowed` paths (relative to `root`),
    as `path:line: code`, in order."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name in allowed:
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
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scan_finds_a_hand_split(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        "a = s.split(':')[1]\nb = s.rpartition('@')\nc = s.partition(',')\nd = s.rsplit(sep)\n"
        "e = f(s).partition('x:y')\n"
    )
    (tmp_path / "action_text.py").write_text("a = s.split(':')\n")
    assert hand_splits(tmp_path, {"action_text.py"}) == [
        "m.py:1: s.split(':')",
        "m.py:2: s.rpartition('@')",
        "m.py:5: f(s).partition('x:y')",
    ]


def test_no_file_splits_more_strings_by_hand_than_before() -> None:
    counts = Counter(s.split(":")[0] for s in hand_splits(SRC, READERS))
    grown = {f: n for f, n in counts.items() if n > RATCHET.get(f, 0)}
    assert grown == {}, "parse action strings in the system's typed-action module"
