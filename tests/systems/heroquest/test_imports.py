"""Every HeroQuest module imports on its own in a fresh grognard state: no import cycle trips over a module
half loaded (`traps` and `resolve`, `skill_moves` and `skill_combat` once did).

Each module is imported by a child forked from one parent that has loaded only what is not grognard
(`tests/fresh_imports.py`), so no grognard module is loaded when the child starts, as in a new interpreter,
without paying an interpreter's start and the third-party imports 99 times."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import grognard.systems.heroquest as package
from tests.fresh_imports import Importer, fresh_importer

ROOT = Path(package.__file__).parent
MODULES = sorted(
    ".".join(p.relative_to(ROOT).with_suffix("").parts) for p in ROOT.rglob("*.py") if p.stem != "__init__"
)
"""Every module of the package by its dotted name under it (`content.quest`, `features.dungeon.traps`)."""


@pytest.fixture(scope="module")
def importer() -> Iterator[Importer]:
    """One parent process for the module's tests."""
    with fresh_importer("grognard.systems.heroquest.system") as found:
        yield found


def test_the_modules_are_found() -> None:
    assert {
        "features.dungeon.traps",
        "driver.resolve",
        "features.skills.skill_moves",
        "content.challenges",
        "features.destiny",
    } <= set(MODULES)


def test_a_broken_module_is_reported_and_the_next_child_starts_fresh(importer: Importer) -> None:
    assert importer.error("grognard.systems.heroquest.no_such_module") == (
        "ModuleNotFoundError: No module named 'grognard.systems.heroquest.no_such_module'"
    )
    assert importer.error("json") == "json is not a grognard module"


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_alone_in_a_fresh_interpreter(module: str, importer: Importer) -> None:
    assert importer.error(f"grognard.systems.heroquest.{module}") is None
