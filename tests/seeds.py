"""Where the rulebooks are: `shared/seeds/` beside the repository (as on the developers' machines and CI)."""

from __future__ import annotations

from pathlib import Path

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def seed_path(name: str) -> Path:
    """The path of one rulebook file; a clear failure when `shared/` is not beside the repository."""
    path = SEEDS / name
    if not path.is_file():
        raise FileNotFoundError(f"rulebook {name} not in {SEEDS}: shared/ must sit beside the repository")
    return path
