"""The roster: heroes kept between quests, one JSON file per hero in a folder the caller hands over.

Heroes are not games (no moves, no dice of their own), so they are not kept in the game store: the
command line passes the folder (`$GROGNARD_HOME/heroquest/heroes`), and a quest takes a hero from it and
puts the hero back with its new level, gold, items and spells. Each file is
`{"format": "grognard-heroquest-hero", "version": 1, "hero": {...}}`, written whole to a temporary file
and renamed, so a crash never leaves half a hero. The file name is the hero's lookup key. A hero who dies
in a quest is moved to the `fallen` folder inside (`bury`), kept but no longer listed or played.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from grognard.engine.errors import SaveError, UsageError
from grognard.systems.heroquest.catalog import key_of
from grognard.systems.heroquest.hero import Hero

FORMAT = "grognard-heroquest-hero"
"""The `format` tag of a hero file."""

VERSION = 1
"""The version of the hero file format."""


def hero_to_data(hero: Hero) -> dict[str, object]:
    """A hero file's content."""
    return {"format": FORMAT, "version": VERSION, "hero": hero.model_dump(mode="json")}


def hero_from_data(data: object, where: str = "hero file") -> Hero:
    """The hero in a hero file's content; a `SaveError` names the file and the reason."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a grognard HeroQuest hero (no format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise SaveError(f"{where}: hero file version {data.get('version')!r}; this grognard reads {VERSION}")
    try:
        return Hero.model_validate(data.get("hero"))
    except (ValidationError, ValueError) as e:
        raise SaveError(f"{where}: {e}") from None


@dataclass(frozen=True)
class Roster:
    """The heroes kept in `folder` (created on the first save)."""

    folder: Path

    def path(self, name: str) -> Path:
        """The file of the hero called `name`."""
        key = key_of(name)
        if not key:
            raise UsageError(f"hero name {name!r} has no letters or digits")
        return self.folder / f"{key}.json"

    def has(self, name: str) -> bool:
        """True when a hero of that name is kept."""
        return self.path(name).is_file()

    def save(self, hero: Hero, *, new: bool = False) -> Path:
        """Write the hero; with `new`, refuse to replace a hero of the same name."""
        target = self.path(hero.name)
        if new and target.exists():
            raise UsageError(f"a hero called {hero.name!r} is already on the roster ({target})")
        self.folder.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".json.tmp")
        temporary.write_text(json.dumps(hero_to_data(hero), indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, target)
        return target

    def load(self, name: str) -> Hero:
        """The hero called `name`; a `UsageError` lists the kept heroes when there is none."""
        target = self.path(name)
        if not target.is_file():
            kept = ", ".join(h.name for h in self.heroes()) or "none"
            raise UsageError(f"no hero called {name!r} on the roster; kept: {kept}")
        try:
            data = json.loads(target.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:
            raise SaveError(f"{target}: {e}") from None
        return hero_from_data(data, str(target))

    def heroes(self) -> list[Hero]:
        """Every kept hero, by name."""
        if not self.folder.is_dir():
            return []
        found = [self.load(p.stem) for p in sorted(self.folder.glob("*.json"))]
        return sorted(found, key=lambda h: h.name.casefold())

    def bury(self, name: str) -> Path:
        """Move a hero who died in a quest to the `fallen` folder (kept, no longer played); the path."""
        source = self.path(name)
        if not source.is_file():
            raise UsageError(f"no hero called {name!r} on the roster")
        fallen = self.folder / "fallen"
        fallen.mkdir(parents=True, exist_ok=True)
        target, n = fallen / source.name, 2
        while target.exists():
            target, n = fallen / f"{source.stem}-{n}.json", n + 1
        os.replace(source, target)
        return target

    def delete(self, name: str) -> None:
        """Remove a hero from the roster."""
        target = self.path(name)
        if not target.is_file():
            raise UsageError(f"no hero called {name!r} on the roster")
        target.unlink()
