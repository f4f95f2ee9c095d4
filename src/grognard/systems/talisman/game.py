"""Talisman as a registered game: options, the initial state (Setting Up) and JSON."""

from __future__ import annotations

from collections.abc import Mapping

from grognard.engine.errors import UsageError
from grognard.engine.game import JSON, Game, GameInfo, GameState, OptionInfo, OptionValue
from grognard.engine.serial import from_data, to_data
from grognard.i18n import N_, NP_, gettext
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import start_spells
from grognard.systems.talisman.flow import settle
from grognard.systems.talisman.state import Hero, TalismanState, Task
from grognard.systems.talisman.turn import new_hero

DEFAULT_ROUNDS = 400
"""The default turn cap, in rounds: a game stops unfinished after this many turns of every player
(`default_turns`). Counted in rounds so that the cap means the same for 2 and for 6 players; see
docs/rulings/talisman.md ("The turn cap") for the measurements behind the number."""

AUTO_TURNS = -1
"""The `max_turns` option's default: the cap of `default_turns` for the number of players."""


def default_turns(players: int) -> int:
    """The default cap in turns (every player's turn counts one): `DEFAULT_ROUNDS` rounds."""
    return DEFAULT_ROUNDS * players


def turn_cap(max_turns: int, players: int) -> int:
    """The cap a `max_turns` option gives: itself, or the default for the players when `AUTO_TURNS`."""
    return default_turns(players) if max_turns == AUTO_TURNS else max_turns


def _characters(text: str, players: int) -> list[str] | None:
    if text in ("", "random"):
        return None
    chosen = [t.strip() for t in text.split(",") if t.strip()]
    known = catalog().characters
    for name in chosen:
        if name not in known:
            raise UsageError(
                gettext("unknown character %(character)s; known: %(known)s")
                % {"character": repr(name), "known": sorted(known)}
            )
    if len(chosen) != players or len(set(chosen)) != len(chosen):
        raise UsageError(
            gettext("characters %(characters)s: give %(players)s different characters, one per player")
            % {"characters": repr(text), "players": players}
        )
    return chosen


CHARACTER_IDS = (
    *("warrior", "wizard", "thief", "assassin", "druid", "dwarf", "minstrel"),
    *("prophetess", "sorceress", "elf", "monk", "priest", "troll", "ghoul"),
)
"""The fourteen characters by id, as the catalog lists them (checked by the tests), for a new-game form."""


def initial_state(players: int = 2, characters: str = "random", max_turns: int = AUTO_TURNS) -> TalismanState:
    """Setting Up: characters dealt at random (chance nodes) or chosen, 4 Lives and 1 Gold each, decks
    shuffled (sorted multisets: their order is never seen), starting Spells drawn, the first player diced.
    `max_turns` is the turn cap (every player's turn counts one; 0: none; `AUTO_TURNS`: the default)."""
    if not 2 <= players <= 6:
        raise UsageError(
            gettext("players=%(players)s: Talisman is for 2 to 6 players") % {"players": players}
        )
    if max_turns < 0 and max_turns != AUTO_TURNS:
        raise UsageError(
            gettext("max_turns=%(turns)s: give 0 (no cap), a number of turns, or %(auto)s")
            % {"turns": max_turns, "auto": AUTO_TURNS}
        )
    max_turns = turn_cap(max_turns, players)
    cat = catalog()
    chosen = _characters(characters, players)
    deck = tuple(sorted(card.id for card in cat.cards.values() for _ in range(card.count)))
    spells = tuple(sorted(s.id for s in cat.spells.values() for _ in range(s.count)))
    supply = tuple(sorted((p.id, p.count) for p in (*cat.purchase.values(), *cat.talismans.values())))
    heroes = tuple(new_hero(c) for c in chosen) if chosen else tuple(Hero() for _ in range(players))
    pool = tuple(sorted(set(cat.characters) - set(chosen or ())))
    state = TalismanState(
        heroes=heroes, max_turns=max_turns, deck=deck, spell_deck=spells, supply=supply, pool=pool
    )
    tasks: list[Task] = []
    for i in range(players):
        if chosen:
            tasks += [Task("draw_spell", i) for _ in range(start_spells(chosen[i]))]
        else:
            tasks.append(Task("deal", i))
    tasks.append(Task("first"))
    return settle(state.push(*tasks))


class TalismanGame(Game):
    """A whole game of Talisman for 2-6 players."""

    info = GameInfo(
        id="game",
        name=NP_("game", "Talisman"),
        min_players=2,
        max_players=6,
        options=(
            OptionInfo("players", N_("how many players (2-6)"), 2, (2, 3, 4, 5, 6)),
            OptionInfo(
                "characters",
                N_(
                    "tick one for each player, handed out in the order of the cards (the first to the first "
                    "player); tick none to have them dealt at random"
                ),
                "random",
                suggest=CHARACTER_IDS,
                listed=True,
                title=N_("Characters"),
            ),
            OptionInfo(
                "max_turns",
                N_(  # AUTO_TURNS (-1) and DEFAULT_ROUNDS (400) written out, to be one message (tested)
                    "the game stops unfinished after this many turns, every player's turn counting one "
                    "(0: never; -1: 400 rounds, i.e. 400 x the players)"
                ),
                AUTO_TURNS,
                title=N_("Max turns"),
            ),
        ),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> TalismanState:
        """The game the options describe."""
        players = int(options.get("players", 2))
        turns = int(options.get("max_turns", AUTO_TURNS))
        return initial_state(players, str(options.get("characters", "random")), turns)

    def state_to_json(self, state: GameState) -> JSON:
        """The state as JSON-safe data."""
        return to_data(state)

    def state_from_json(self, data: JSON) -> TalismanState:
        """The state written by `state_to_json`."""
        return from_data(TalismanState, data)
