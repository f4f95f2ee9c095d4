"""HeroQuest reads its strings in three modules only (issue 11, typed actions): actions in `action_text`,
effects and the state's marks in `effect_strings`, specs and carried things' names in `spec_text`. No other
module splits or partitions a string at ":" or "@" (a source scan, `tests/test_hand_splits.py`)."""

from __future__ import annotations

from pathlib import Path

import grognard.systems.heroquest as heroquest
from tests.test_hand_splits import hand_splits

PACKAGE = Path(heroquest.__file__).parent

READERS = {"model/action_text.py", "model/effect_strings.py", "content/spec_text.py"}
"""The modules whose concern is reading HeroQuest's strings (paths under the package)."""


def test_no_heroquest_module_splits_strings_by_hand() -> None:
    assert hand_splits(PACKAGE, READERS) == []


def test_the_readers_are_where_the_scan_expects_them() -> None:
    assert {p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")} >= READERS
