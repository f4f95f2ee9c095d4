"""Where the rulebooks are: `$GROGNARD_RULEBOOKS`, by default `shared/seeds/` beside the repository.

A user's clone has no rulebooks: the tests that read them are skipped with one line saying why. CI sets
`GROGNARD_REQUIRE_RULEBOOKS=1`, and there a missing rulebook fails the test instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DEFAULT_SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def seeds_dir() -> Path:
    """The folder the rulebooks are read from."""
    return Path(os.environ.get("GROGNARD_RULEBOOKS") or DEFAULT_SEEDS)


def rulebooks_required() -> bool:
    """Whether a missing rulebook fails the test (CI) rather than skipping it (a user's clone)."""
    return os.environ.get("GROGNARD_REQUIRE_RULEBOOKS", "") not in ("", "0")


def seed_path(name: str) -> Path:
    """The path of one rulebook file; skips the calling test when it is absent (fails when required)."""
    path = seeds_dir() / name
    if not path.is_file():
        why = f"rulebook {name} not in {seeds_dir()} (set GROGNARD_RULEBOOKS to its folder)"
        if rulebooks_required():
            pytest.fail(f"{why}; GROGNARD_REQUIRE_RULEBOOKS is set", pytrace=False)
        pytest.skip(why)
    return path


class Rulebook:
    """One rulebook, looked up only when a test reads it, so a module without it still collects."""

    def __init__(self, name: str) -> None:
        self.name = name

    def read_text(self, encoding: str = "utf-8") -> str:
        """The rulebook's text; skips (or fails, when required) the calling test when it is absent."""
        return seed_path(self.name).read_text(encoding=encoding)

    def lines(self) -> list[str]:
        """The rulebook's lines; line N of a citation is `lines()[N - 1]`."""
        return self.read_text().splitlines()
