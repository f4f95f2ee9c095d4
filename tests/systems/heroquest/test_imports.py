"""Every HeroQuest module imports on its own in a fresh interpreter: no import cycle trips over a module
half loaded (`traps` and `resolve`, `skill_moves` and `skill_combat` once did)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import grognard.systems.heroquest as package

MODULES = sorted(p.stem for p in Path(package.__file__).parent.glob("*.py") if p.stem != "__init__")


def test_the_modules_are_found() -> None:
    assert {"traps", "resolve", "skill_moves", "challenges", "destiny"} <= set(MODULES)


@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_alone_in_a_fresh_interpreter(module: str) -> None:
    name = f"grognard.systems.heroquest.{module}"
    ran = subprocess.run(
        [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, timeout=120, check=False
    )
    assert ran.returncode == 0, ran.stderr.strip().splitlines()[-1:]
