"""Every "where it is played" pointer of the passive registries names code that exists: each
`module.function` in a `PASSIVE` entry resolves to a function of that HeroQuest module, so moving or
renaming the function fails here rather than leaving the pointer stale."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import grognard.systems.heroquest as heroquest
from grognard.systems.heroquest.features.items import items
from grognard.systems.heroquest.features.monsters import monster_skills
from grognard.systems.heroquest.features.spells import spells
from grognard.systems.heroquest.model import skill_registry
from grognard.systems.heroquest.rules import chaos

REGISTRIES = {
    "skills": skill_registry.PASSIVE,
    "monster skills": monster_skills.PASSIVE,
    "items": items.PASSIVE,
    "spells": spells.PASSIVE,
    "chaos spells": chaos.PASSIVE,
}
POINTER = re.compile(r"\b([a-z][a-z0-9_]*)\.(_?[a-z][a-z0-9_]*)\b")


def _modules() -> dict[str, list[str]]:
    """Every HeroQuest module by its last name (a name may be a module in two packages)."""
    found: dict[str, list[str]] = {}
    for info in pkgutil.walk_packages(heroquest.__path__, heroquest.__name__ + "."):
        found.setdefault(info.name.rpartition(".")[2], []).append(info.name)
    return found


MODULES = _modules()


def _entries() -> list[tuple[str, str, str]]:
    return [(kind, key, text) for kind, table in REGISTRIES.items() for key, text in table.items()]


def _pointers(text: str) -> list[tuple[str, str]]:
    return [(m, f) for m, f in POINTER.findall(text) if m in MODULES]


def test_the_registries_point_somewhere() -> None:
    pointed = [p for _, _, text in _entries() for p in _pointers(text)]
    assert len(pointed) >= 30, pointed


@pytest.mark.parametrize(("kind", "key", "text"), _entries(), ids=lambda v: str(v)[:40])
def test_each_pointer_resolves(kind: str, key: str, text: str) -> None:
    for module, name in _pointers(text):
        homes = [importlib.import_module(m) for m in MODULES[module]]
        assert any(callable(getattr(h, name, None)) for h in homes), f"{kind} {key}: {module}.{name} is gone"


def test_a_stale_pointer_is_caught() -> None:
    module, name = _pointers("resolve.no_such_function: never")[0]
    homes = [importlib.import_module(m) for m in MODULES[module]]
    assert not any(callable(getattr(h, name, None)) for h in homes)
