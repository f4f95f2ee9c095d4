"""The bots' and the game master's moves shown one by one.

The match driver plays every bot and die up to the next human decision in one request (`Match.advance`),
so the stored game jumps. The table fragment names the positions of that last automatic run where a bot
or the game master decided (`bot_steps`); a page that saw an earlier position fetches the table as it
stood at each of them (`/games/<id>/table?at=<ply>`, a replay view for its seat) and shows them one after
another before the live table (`static/grognard.js`). Nothing is replayed when only dice followed a
human's move, or when the page already showed those positions. A game whose automatic moves are dice
(HeroQuest's automatic game master) names the chance moves of that run its front end marks
(`FrontEnd.stepped`): the states before them are replayed, from the last state this process replayed of
the game when its moves since are the same.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from grognard.engine.game import GameState
from grognard.engine.match import Match

MAX_STEPS = 200
"""The most positions one run names (a long run of bots only is shown from its last ones)."""


def bot_steps(match: Match) -> list[int]:
    """The plies (moves made so far) at which a bot or the game master decided, or a chance move the game
    marks as stepped was made, within the run of automatic moves that ends the game's moves; empty when
    that run has none."""
    moves = match.session.moves
    found: list[int] = []
    start = 0  # the first move of the run: after the last decision of a person
    for ply in range(len(moves) - 1, -1, -1):
        player = moves[ply].player
        if player is None:
            continue
        if 0 <= player < len(match.seats) and match.seats[player] == "human":
            start = ply + 1
            break
        found.append(ply)
        if len(found) >= MAX_STEPS:
            start = ply
            break
    stepped = match.views.front.stepped
    if stepped is not None and start < len(moves):
        state = _state_at(match, start)
        for ply in range(start, len(moves)):
            if moves[ply].player is None and stepped(state):
                found.append(ply)
            state = state.apply(moves[ply].move)
    return sorted(found)[-MAX_STEPS:]


KEPT_STATES = 32
"""How many games' last replayed states this process keeps (each with a digest of the moves up to it)."""
_KEPT: OrderedDict[str, tuple[int, str, GameState]] = OrderedDict()


def _digest(match: Match, ply: int) -> str:
    moves = match.session.moves[:ply]
    return hashlib.sha256("\n".join(repr(m.move) for m in moves).encode()).hexdigest()


def _state_at(match: Match, ply: int) -> GameState:
    """The state after `ply` moves, replayed from the last one kept for this game when the moves before it
    are still the same (an undo may have changed them), else from the start; kept for the next call."""
    key = f"{match.session.game_id}:{match.session.seed}"
    kept = _KEPT.get(key)
    if kept is not None and kept[0] <= ply and _digest(match, kept[0]) == kept[1]:
        at, state = kept[0], kept[2]
    else:
        at, state = 0, match.session.game.new_initial_state(match.session.options)
    for record in match.session.moves[at:ply]:
        state = state.apply(record.move)
    _KEPT[key] = (ply, _digest(match, ply), state)
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT_STATES:
        _KEPT.popitem(last=False)
    return state
