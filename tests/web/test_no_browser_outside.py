"""Only the browser tests drive a browser: no test module outside `tests/browser/` imports Playwright, so
the routes' own tests (`tests/web/`, FastAPI's TestClient) run without Chromium; and `make test` still
collects `tests/browser/`."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent


def playwright_importers(root: Path) -> list[str]:
    """Each module under `root`, outside its `browser/` folder, that imports Playwright."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] == "browser":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(n == "playwright" or n.startswith("playwright.") for n in names):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_test_outside_the_browser_folder_imports_playwright() -> None:
    assert playwright_importers(TESTS) == []


def test_the_check_finds_an_import(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "browser").mkdir()
    (tmp_path / "web" / "test_a.py").write_text("import os\nfrom playwright.sync_api import Page\n")
    (tmp_path / "web" / "test_b.py").write_text("def f():\n    import playwright\n")
    (tmp_path / "web" / "test_c.py").write_text('"""Not Playwright: a word in a docstring."""\n')
    (tmp_path / "browser" / "test_d.py").write_text("from playwright.sync_api import Page\n")
    assert playwright_importers(tmp_path) == ["web/test_a.py:2", "web/test_b.py:2"]


def test_make_test_collects_the_browser_tests() -> None:
    """`make unit` names no folder, so pytest's `testpaths` ("tests") holds `tests/browser/`."""
    unit = re.search(r"^unit:.*\n\t(.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M)
    assert unit is not None and "-m pytest" in unit.group(1)
    assert "tests/" not in unit.group(1)
    assert re.search(
        r'^testpaths = \["tests"\]$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M
    )
    assert any((TESTS / "browser").glob("test_*.py"))
