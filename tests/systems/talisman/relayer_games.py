"""A fixed set of seeded Talisman games recorded move by move (every move, every die face, every result),
so that a change meant to leave behaviour alone (the re-layering of issue 11) can be proved to: the same
seeds must give the same moves, dice and outcomes (`test_relayer_same_games.py`).

`GAMES` names each game: players, the policy at every seat ("heuristic", "mixed" or "random"), the seed
and the turn cap (the uniformly random games are cut short by it: they run for tens of thousands of
moves otherwise). `record(game)` plays one; `write()` rewrites the data file (run it by hand, only when
a change of behaviour is intended: `python -m tests.systems.talisman.relayer_games`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from grognard.engine.dice.core import Rng
from grognard.engine.game import CHANCE, TERMINAL
from grognard.systems.talisman.bots import bot
from grognard.systems.talisman.game import initial_state
from grognard.systems.talisman.state import TalismanState

DATA = Path(__file__).parent / "data" / "relayer_same_games.json"
"""The recorded games."""

GAMES: tuple[tuple[int, str, int, int], ...] = (
    (2, "heuristic", 11, -1),
    (3, "heuristic", 12, -1),
    (4, "heuristic", 13, -1),
    (4, "heuristic", 14, -1),
    (5, "heuristic", 15, -1),
    (6, "heuristic", 16, -1),
    (2, "mixed", 21, -1),
    (3, "mixed", 22, -1),
    (4, "mixed", 23, -1),
    (6, "mixed", 24, -1),
    (2, "random", 31, 300),
    (4, "random", 32, 300),
    (6, "random", 33, 300),
)
"""(players, policy, seed, turn cap; -1: the default cap) of every recorded game."""


def record(players: int, policy: str, seed: int, max_turns: int) -> dict[str, Any]:
    """Play one game and record it: each move as [who, move, dice faces], then the result."""
    state = initial_state(players, "random", max_turns)
    dice = Rng(f"relayer:{seed}:dice")
    rngs = [Rng(f"relayer:{seed}:bot:{k}") for k in range(players)]
    choose = bot(policy)
    moves: list[list[Any]] = []
    while True:
        who = state.actor()
        if who is TERMINAL:
            break
        if who is CHANCE:
            outcome, rolls = state.roll(dice)
            faces = [[d.value for d in r.dice] for r in rolls]
            moves.append(["c", outcome, faces, [r.expression for r in rolls]])
            nxt = state.apply(outcome)
        else:
            assert isinstance(who, int)
            action = choose(state, rngs[who])
            moves.append([who, action])
            nxt = state.apply(action)
        assert isinstance(nxt, TalismanState)
        state = nxt
    result = state.result()
    return {
        "players": players,
        "policy": policy,
        "seed": seed,
        "max_turns": max_turns,
        "moves": moves,
        "characters": [h.character for h in state.heroes],
        "outcome": result.outcome,
        "winners": list(result.winners),
        "turn": state.turn,
    }


def write() -> None:
    """Record every game of `GAMES` into `DATA`."""
    games = [record(*g) for g in GAMES]
    DATA.write_text(json.dumps(games, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    write()
