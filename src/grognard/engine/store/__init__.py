"""Saved games: where they are kept, and the files they travel in.

- `factory`: the `GameStore` interface, the SQLite backend (`SqliteStore`) and what opens a store on
  either backend (`open_store`, `open_url`, `grognard_home`, `copy_store`);
- `postgres`: the PostgreSQL backend, loaded only for a `postgresql://` URL;
- `sql`: the SQL both backends share (`SqlStore`, `GameSummary`);
- `records`: the kept records beside the games (HeroQuest's roster);
- `people`: the players by name, who sits at which seat, each table's chat (and carrying them along);
- `migrations`: the versioned schema, built and upgraded the same way on both backends;
- `content`: carried content (a player's own book) stored once, a snapshot holding a reference;
- `seats`: who sits at a stored game's seats;
- `savefile`: the saved-game file (`SavedGame`: written, read, checked by replaying it);
- `salvage`: what can still be read of a damaged database, copied into a new one.

Imports point down: salvage > factory > records | postgres | people > sql > savefile | migrations >
content | seats (import-linter, "The engine's store"). Outside itself the package imports the engine's
game, session, registry, dice, files, embedded, serial and errors; neither the dice nor the solver imports
it. This file imports nothing: import the module that holds the name (`from
grognard.engine.store.factory import open_store`).
"""
