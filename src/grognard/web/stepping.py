"""The bots' and the game master's moves shown one by one.

The match driver plays every bot and die up to the next human decision in one request (`Match.advance`),
so the stored game jumps. The table fragment names the positions of that last automatic run where a bot
or the game master decided (`bot_steps`); a page that saw an earlier position fetches the table as it
stood at each of them (`/games/<id>/table?at=<ply>`, a replay view for its seat) and shows them one after
another before the live table (`static/grognard.js`). Nothing is replayed when only dice followed a
human's move, or when the page already showed those positions.
"""

from __future__ import annotations

from grognard.engine.match import Match

MAX_STEPS = 200
"""The most positions one run names (a long run of bots only is shown from its last ones)."""


def bot_steps(match: Match) -> list[int]:
    """The plies (moves made so far) at which a bot or the game master decided, within the run of
    bot and chance moves that ends the game's moves; empty when that run has no bot decision."""
    moves = match.session.moves
    found: list[int] = []
    for ply in range(len(moves) - 1, -1, -1):
        player = moves[ply].player
        if player is None:
            continue
        if 0 <= player < len(match.seats) and match.seats[player] == "human":
            break
        found.append(ply)
        if len(found) >= MAX_STEPS:
            break
    return found[::-1]
