"""No rule composes English into an event's values: each `said(...)` of the HeroQuest package is given
names, ids and numbers, and the English renderer (`event_text`) says them. Text a quest's author wrote
(a note, a treasure placement's text) is content and may be given as it is."""

from __future__ import annotations

import ast
from pathlib import Path

from grognard.systems.heroquest.model import events as hq_events
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.views.event_text import event_text

PACKAGE = Path(hq_events.__file__).parents[1]
"""The HeroQuest package, its sub-packages included."""

AUTHOR_CONTENT = {("quest.note", "text"), ("quest.text", "text")}
"""The (phrase, value) pairs that carry a quest author's own text."""


def _composes(expr: ast.expr | None) -> bool:
    """An expression that writes words: an f-string, a literal with a space, a join, a format, a sum of
    strings, a capitalised or replaced string (either branch of a conditional)."""
    if expr is None:
        return False
    if isinstance(expr, ast.IfExp):
        return _composes(expr.body) or _composes(expr.orelse)
    if isinstance(expr, ast.BoolOp):
        return any(_composes(v) for v in expr.values)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str) and " " in expr.value
    if isinstance(expr, ast.BinOp):
        return (
            any(
                isinstance(side, (ast.JoinedStr, ast.Constant))
                and isinstance(getattr(side, "value", ""), str)
                for side in (expr.left, expr.right)
            )
            or _composes(expr.left)
            or _composes(expr.right)
        )
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        return expr.func.attr in {"join", "format", "capitalize", "title", "replace", "upper"}
    return False


def _assigned(function: ast.AST, name: str) -> list[ast.expr]:
    """The values a function assigns to the local `name`."""
    found: list[ast.expr] = []
    for node in ast.walk(function):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            found.append(node.value)  # type: ignore[attr-defined]
    return found


def _bad_values() -> list[str]:
    bad = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if not (
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "said"
                ):
                    continue
                first = node.args[0] if node.args else None
                phrase = first.value if isinstance(first, ast.Constant) else "?"
                for keyword in node.keywords:
                    if (phrase, keyword.arg) in AUTHOR_CONTENT:
                        continue
                    value = keyword.value
                    sources = _assigned(function, value.id) if isinstance(value, ast.Name) else [value]
                    if any(_composes(v) for v in sources):
                        bad.append(f"{path.name}:{node.lineno} {phrase} {keyword.arg}")
    return bad


def test_no_event_value_is_english_composed_by_the_rules() -> None:
    assert _bad_values() == []


def test_the_scan_finds_composed_values(tmp_path: Path, monkeypatch: object) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    (tmp_path / "rule.py").write_text(
        "def a(state, name):\n"
        '    what = f"takes up the {name}"\n'
        '    return said("item.gear", hero_name=name, change=what, item=name)\n'
        "def b(state, parts):\n"
        '    return said("search.beyond-door", seen=", ".join(parts))\n'
        "def c(state):\n"
        '    return said("wound.costs-body", source="the falling rock", damage=1)\n'
        "def d(state, text):\n"
        '    return said("quest.text", text=text + " more")\n'
        "def e(state, name):\n"
        '    return said("wound.costs-body", source="hazard", hero_name=name, damage=1)\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(__import__(__name__, fromlist=["PACKAGE"]), "PACKAGE", tmp_path)
    assert _bad_values() == [
        "rule.py:3 item.gear change",
        "rule.py:5 search.beyond-door seen",
        "rule.py:7 wound.costs-body source",
    ]


def test_ids_are_said_as_before() -> None:
    assert (
        event_text(said("item.gear", hero_name="Bo", change="take-up", item="Spear"))
        == "Bo takes up the Spear."
    )
    assert event_text(said("wound.costs-body", source="trap", by="pit", hero_name="Bo", damage=1)) == (
        "The pit trap costs Bo 1 Body."
    )
    assert event_text(said("wound.does-no-harm", source="attack", by="Orc", hero_name="Bo")) == (
        "Orc's attack does Bo no harm."
    )
    assert event_text(said("wound.costs-body", source="cold", by="ice-vault", hero_name="Bo", damage=2)) == (
        "The cold of the ice vault costs Bo 2 Body."
    )
    seen = said("search.beyond-door", kinds=("Orc", ""), xs=(3, 5), ys=(4, 6))
    assert event_text(seen) == "Beyond the door: Orc at 3,4, at 5,6."
    fallen = said("item.collects-things", hero_name="Bo", fallen_name="Ada", gear=(), gold=0)
    assert event_text(fallen) == "Bo collects Ada's things: nothing."
    rich = said("item.collects-things", hero_name="Bo", fallen_name="Ada", gear=("Spear", "Helmet"), gold=25)
    assert event_text(rich) == "Bo collects Ada's things: Spear, Helmet and 25 gold."
