"""The roster: heroes kept between quests, in the game store the caller hands over.

Heroes are not games (no moves, no dice of their own): each is a kept record of the store
(`engine.store.records`, system "heroquest", kind "hero"), keyed by the hero's lookup key (`catalog.key_of` of
the name), its data `{"format": "grognard-heroquest-hero", "version": 1, "hero": {...}}`, with a revision
raised at each change, on SQLite or PostgreSQL alike. A quest takes a hero from the roster and puts the
hero back with the new level, gold, items and spells. A hero who dies in a quest is archived (`bury`):
kept among the fallen, no longer listed or played, and the name is free again.

Before schema version 4 the roster was one JSON file per hero in `$GROGNARD_HOME/heroquest/heroes` (the
dead in its `fallen` folder). `import_folder` reads such a folder into the store once (a marker record
says it was done), every good file imported and each bad one named with its reason; the files are left
where they are, never deleted, and no longer read once imported.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from grognard.engine.errors import ContentError, SaveError, UsageError
from grognard.engine.files import read_text
from grognard.engine.store.records import KeptRecords, RecordExistsError
from grognard.engine.store.sql import SqlStore
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content.catalog import key_of
from grognard.systems.heroquest.content.hero import Hero

FORMAT = "grognard-heroquest-hero"
"""The `format` tag of a hero's data (in the store, and in the hero files of old)."""

VERSION = 1
"""The version of a hero's data."""

SYSTEM = "heroquest"
"""The system the roster's records belong to."""

KIND = "hero"
"""The kind of the roster's records."""

MAX_HERO_FILE_BYTES = 1024 * 1024
"""The largest hero file the import reads (a hero is a few kilobytes)."""


def hero_to_data(hero: Hero) -> dict[str, object]:
    """A hero's kept data."""
    return {"format": FORMAT, "version": VERSION, "hero": hero.model_dump(mode="json")}


def hero_from_data(data: object, where: str = "hero") -> Hero:
    """The hero in a hero's kept data; a `SaveError` names where it was read and the reason."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a grognard HeroQuest hero (no format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise SaveError(f"{where}: hero file version {data.get('version')!r}; this grognard reads {VERSION}")
    try:
        return Hero.model_validate(data.get("hero"))
    except (ValidationError, ValueError) as e:
        raise SaveError(f"{where}: {e}") from None


def key(name: str) -> str:
    """The roster key of the hero called `name`; a `UsageError` when the name has no letters or digits."""
    found = key_of(name)
    if not found:
        raise UsageError(_("hero name {name!r} has no letters or digits").format(name=name))
    return found


@dataclass(frozen=True)
class FolderImport:
    """What `import_folder` did: the heroes imported (living and fallen), the files refused with their
    reasons, and the heroes already on the roster under the same key (left as the roster has them)."""

    folder: Path
    imported: tuple[str, ...] = ()
    fallen: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    clashes: tuple[str, ...] = ()
    done: bool = True

    def lines(self) -> list[str]:
        """The import told in lines, for the player: nothing when there was nothing to import."""
        if not self.done or not (self.imported or self.fallen or self.refused or self.clashes):
            return []
        out = [
            f"The roster moved into the saved-game store: {len(self.imported)} hero(es) and "
            f"{len(self.fallen)} fallen imported from {self.folder} (the files are left there and no "
            "longer read)."
        ]
        out += [f"  not imported: {reason}" for reason in self.refused]
        out += [f"  not imported: a hero {k!r} is already on the roster" for k in self.clashes]
        return out


@dataclass
class Roster:
    """The heroes kept in `store`."""

    store: SqlStore
    records: KeptRecords = field(init=False)

    def __post_init__(self) -> None:
        self.records = KeptRecords(self.store, SYSTEM, KIND)

    def has(self, name: str) -> bool:
        """True when a hero of that name is kept (and not among the fallen)."""
        return self.records.get(key(name)) is not None

    def save(self, hero: Hero, *, new: bool = False) -> str:
        """Keep the hero (replacing the one of the same name); with `new`, refuse to replace one. The
        hero's roster key."""
        k = key(hero.name)
        try:
            self.records.put(k, hero_to_data(hero), new=new)
        except RecordExistsError:
            raise UsageError(
                _("a hero called {hero_name!r} is already on the roster").format(hero_name=hero.name)
            ) from None
        return k

    def load(self, name: str) -> Hero:
        """The hero called `name`; a `UsageError` lists the kept heroes when there is none."""
        found = self.records.get(key(name))
        if found is None:
            kept = ", ".join(h.name for h in self.heroes()) or "none"
            raise UsageError(
                _("no hero called {name!r} on the roster; kept: {kept}").format(name=name, kept=kept)
            )
        return hero_from_data(found.data, f"hero {found.key!r} in {self.store.path}")

    def heroes(self) -> list[Hero]:
        """Every kept hero, by name."""
        found = [hero_from_data(r.data, f"hero {r.key!r} in {self.store.path}") for r in self.records.all()]
        return sorted(found, key=lambda h: h.name.casefold())

    def fallen(self) -> list[Hero]:
        """Every hero who fell in a quest, in the order they fell (kept, no longer played)."""
        found = self.records.all(archived=True)
        found.sort(key=lambda r: (r.updated, r.id))
        return [hero_from_data(r.data, f"fallen hero {r.key!r} in {self.store.path}") for r in found]

    def bury(self, name: str) -> None:
        """Move a hero who died in a quest among the fallen (kept, no longer played; the name is free)."""
        if self.records.archive(key(name)) is None:
            raise UsageError(_("no hero called {name!r} on the roster").format(name=name))

    def delete(self, name: str) -> None:
        """Remove a hero from the roster."""
        if not self.records.delete(key(name)):
            raise UsageError(_("no hero called {name!r} on the roster").format(name=name))

    def import_folder(self, folder: Path) -> FolderImport:
        """Import the hero files of an old roster folder (`*.json`, and `fallen/*.json` among the fallen)
        once: a folder whose import the store already records, or that does not exist, is not read."""
        marker = f"folder:{folder.resolve()}"
        if not folder.is_dir() or KeptRecords(self.store, SYSTEM, "import").get(marker) is not None:
            return FolderImport(folder, done=False)
        rows: list[tuple[str, object, bool]] = []
        imported: list[str] = []
        fallen: list[str] = []
        refused: list[str] = []
        for path, archived in _hero_files(folder):
            try:
                hero = _read_hero_file(path)
                k = key(hero.name)
            except (SaveError, UsageError) as e:
                refused.append(str(e))
                continue
            rows.append((k, hero_to_data(hero), archived))
            (fallen if archived else imported).append(hero.name)
        note = {"folder": str(folder), "heroes": len(imported), "fallen": len(fallen), "refused": refused}
        clashes = self.records.import_once(marker, rows, note)
        if clashes is None:
            return FolderImport(folder, done=False)
        clashed = set(clashes)
        living = tuple(n for n in imported if key(n) not in clashed)
        return FolderImport(folder, living, tuple(fallen), tuple(refused), tuple(clashes))


def _hero_files(folder: Path) -> Iterator[tuple[Path, bool]]:
    for path in sorted(folder.glob("*.json")):
        yield path, False
    for path in sorted((folder / "fallen").glob("*.json")):
        yield path, True


def _read_hero_file(path: Path) -> Hero:
    try:
        data = json.loads(read_text(path, MAX_HERO_FILE_BYTES, "hero file"))
    except ContentError as e:
        raise SaveError(str(e)) from None
    except (ValueError, RecursionError) as e:
        raise SaveError(f"{path}: not a hero file: {e}") from None
    return hero_from_data(data, str(path))
