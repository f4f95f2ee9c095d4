"""A sample of uniformly random whole games of Talisman, checked move by move to the end.

Every decision of these games is the engine's `random_policy` (a legal action drawn uniformly), with no
turn cap: the games end only by the rules. They are long (see `random_games` for the measured lengths and
why the thousands of the other files are mixed games), so this file plays a sample: `UNIFORM_GAMES`, about
90 s of CPU.
"""

from __future__ import annotations

import pytest

from tests.systems.talisman.random_games import UNIFORM_GAMES, play_uniform


@pytest.mark.parametrize("players", sorted(UNIFORM_GAMES))
def test_uniformly_random_games_end_and_keep_every_promise(players: int) -> None:
    """Uniformly random games each end with a result (21:1 "The Winner is the last Character left in the
    game", 003_1ead471cbf19a248.txt:404; 4:3 and 9:8 put the others out) and keep the protocol's promises
    at every move (what is checked: `random_games`)."""
    outcomes, lengths = play_uniform(players)
    assert sum(outcomes.values()) == len(lengths) == UNIFORM_GAMES[players]
    assert outcomes["win"] + outcomes["nobody"] == UNIFORM_GAMES[players]
    assert min(lengths) > 100, "a uniformly random game cannot end within a few turns"
