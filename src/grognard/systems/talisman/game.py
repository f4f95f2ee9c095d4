"""Talisman as a registered game: options, the initial state (Setting Up) and JSON."""

from __future__ import annotations

from collections.abc import Mapping

from grognard.engine.errors import UsageError
from grognard.engine.game import JSON, Game, GameInfo, GameState, OptionInfo, OptionValue
from grognard.engine.serial import from_data, to_data
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.flow import settle
from grognard.systems.talisman.state import TalismanState, Task
from grognard.systems.talisman.turn import new_hero

DEFAULT_TURNS = 400


def _characters(text: str, players: int) -> list[str] | None:
    if text in ("", "random"):
        return None
    chosen = [t.strip() for t in text.split(",") if t.strip()]
    known = catalog().characters
    for name in chosen:
        if name not in known:
            raise UsageError(f"unknown character {name!r}; known: {sorted(known)}")
    if len(chosen) != players or len(set(chosen)) != len(chosen):
        raise UsageError(f"characters {text!r}: give {players} different characters, one per player")
    return chosen


def initial_state(
    players: int = 2, characters: str = "random", max_turns: int = DEFAULT_TURNS
) -> TalismanState:
    """Setting Up: characters dealt at random (chance nodes) or chosen, 4 Lives and 1 Gold each, decks
    shuffled (sorted multisets: their order is never seen), starting Spells drawn, the first player diced."""
    if not 2 <= players <= 6:
        raise UsageError(f"players={players}: Talisman is for 2 to 6 players")
    cat = catalog()
    chosen = _characters(characters, players)
    deck = tuple(sorted(card.id for card in cat.cards.values() for _ in range(card.count)))
    spells = tuple(sorted(s.id for s in cat.spells.values() for _ in range(s.count)))
    supply = tuple(sorted((p.id, p.count) for p in (*cat.purchase.values(), *cat.talismans.values())))
    from grognard.systems.talisman.state import Hero

    heroes = tuple(new_hero(c) for c in chosen) if chosen else tuple(Hero() for _ in range(players))
    pool = tuple(sorted(set(cat.characters) - set(chosen or ())))
    state = TalismanState(
        heroes=heroes, max_turns=max_turns, deck=deck, spell_deck=spells, supply=supply, pool=pool
    )
    tasks: list[Task] = []
    for i in range(players):
        if chosen:
            from grognard.systems.talisman.characters import start_spells

            tasks += [Task("draw_spell", i) for _ in range(start_spells(chosen[i]))]
        else:
            tasks.append(Task("deal", i))
    tasks.append(Task("first"))
    return settle(state.push(*tasks))


class TalismanGame(Game):
    """A whole game of Talisman for 2-6 players."""

    info = GameInfo(
        id="game",
        name="Talisman",
        min_players=2,
        max_players=6,
        options=(
            OptionInfo("players", "how many players (2-6)", 2, (2, 3, 4, 5, 6)),
            OptionInfo(
                "characters", "'random' (dealt) or one character id per player, comma-separated", "random"
            ),
            OptionInfo(
                "max_turns", "the game stops unfinished after this many turns (0: never)", DEFAULT_TURNS
            ),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> TalismanState:
        """The game the options describe."""
        players = int(options.get("players", 2))
        turns = int(options.get("max_turns", DEFAULT_TURNS))
        return initial_state(players, str(options.get("characters", "random")), turns)

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON-safe data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> TalismanState:
        """The state written by `state_to_json`."""
        return from_data(TalismanState, data)
