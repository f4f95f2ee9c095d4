"""Conformance: 1,200 random games of the shipped quests against the automatic game master, every move
checked against the game protocol (`engine.conformance.check_game`) and the basic rules that apply to
every character (004_24cd6f974fe6a1ee.txt:70).

The heroes play random legal moves but never leave the quest, so games go deep (to the round limit or
the party's end). Each batch is its own test item so pytest-xdist spreads them over the workers. Every
move's node is checked (invariants, legal actions, exact chance odds) and its legality enforced; the
costlier state round trips run on a fixed sample of one move in `FULL_EVERY` and on each game's first
and last state, and one game in `REPLAY_EVERY` is replayed from its JSON record (`check_game`'s
`full_every` and `replay_every`).
"""

from __future__ import annotations

import pytest

from grognard.engine.conformance import check_game
from grognard.engine.dice.core import Rng
from grognard.engine.game import GameState
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.game import GAME

FULL_EVERY = 3
"""One move in this many gets the JSON round trip, the hash and the second apply."""

REPLAY_EVERY = 3
"""One game in this many is replayed from its recorded moves."""

BATCHES = 3
"""Batches of `GAMES` games for each shipped quest."""

GAMES = 100
"""Games in a batch: 4 quests x 3 batches x 100 = 1,200 games in this file."""

PARTIES = (
    "barbarian,elf-wizard,dwarf-warrior",
    "barbarian,dwarf-warrior,elf-wizard,human-rogue",
    "elf-wizard@2,human-rogue@2",
)
"""The parties the batches cycle through (a level-2 pair among them, `party_level`)."""


def _stay(state: GameState, rng: Rng) -> str:
    """A random legal move, never leaving the quest (so games go deep)."""
    actions = [a for a in state.legal_actions() if a != "leave"]
    return rng.choice(actions)


@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.parametrize("quest", SHIPPED_QUESTS)
def test_random_games_keep_every_promise(quest: str, batch: int) -> None:
    """004_24cd6f974fe6a1ee.txt:70-72: every random game, heroes and game master taking their turns by
    the rules, keeps the protocol's promises to its end."""
    options = {"quest": quest, "heroes": PARTIES[batch % len(PARTIES)], "rounds": 6}
    report = check_game(
        GAME,
        options,
        seed=batch,
        games=GAMES,
        policy=_stay,
        system="heroquest",
        full_every=FULL_EVERY,
        replay_every=REPLAY_EVERY,
    )
    assert report.games == GAMES and report.finished == GAMES
    assert report.moves >= 30 * GAMES and report.chance_moves > 0
