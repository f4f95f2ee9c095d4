"""Thousands of whole random games of Talisman, checked move by move (the chunks of the
`test_conformance_random_*.py` files).

Each chunk plays `GAMES` games of one size through `engine.conformance.play_one` with the mixed bot
(`bots.mixed_policy`: at every decision a uniformly random legal action with chance 1 in 5, otherwise
the heuristic bot's choice, so every legal action stays possible while games still end).

The sweep and a share of it: `make test` plays every chunk of `CHUNKS` (2,000 games, about 620 s of
CPU); with `GROGNARD_SWEEP=0` the same files play only the first chunks of every size (`SUITE_CHUNKS`,
850 games, about 280 s of CPU), a developer's quicker run. The share's games are the sweep's first
games, with the same seeds and the same checks (docs/performance.md, "The test suite's time"). Both play
every uniform game of `UNIFORM_GAMES`.

Why the thousands are mixed games and the uniformly random ones a sample (`play_uniform`,
`test_conformance_uniform.py`): a game of uniformly random moves (the engine's `random_policy`) ends only
when a random walker has found a Talisman, grown strong and crafty enough to pass the Mines and the
Crypt (3 dice against Craft and Strength, 14:5-6) and walked the Inner Region, where it turns back as
often as it goes on. Measured with the checks below (docs/performance.md, "Random games are long"): two
players, median about 25,000 moves (6,000 turns), the longest near 100,000, 1.5-2.5 s of CPU a game; 4-6
players two to four times longer. 2,000 of them would take over an hour. The mixed bot reaches every
kind of decision the uniform one does (each of its decisions is uniform with chance 1 in 5) in about a
tenth of the moves, so it carries the thousands; the uniform sample shows that games played with no
strategy at all also end and keep every promise.

What is checked (`engine.conformance`):
- every move: the state's invariants (`scores.check_invariants`: counters at or above their floors, 1:3
  and 2:3; Lives and Gold not negative; a Toad holds nothing, 19:2; piles not below 0; a task on the
  stack), the node (legal actions non-empty, distinct, JSON-safe; chance outcomes distinct, exact,
  positive and summing to 1; the actor a seat, CHANCE or TERMINAL) and the move's legality (`apply`
  refuses anything not listed);
- one move in `FULL_EVERY` (chosen by the game's seed), and the first and last states of every game: the
  JSON round trip (equal state, equal canonical JSON, equal hash) and a second `apply` of the move
  giving an equal state (determinism);
- one game in `REPLAY_EVERY` (chosen by the run's seed): the recorded moves round-trip through JSON and
  replaying them from the initial state gives the same final state.

Every game must end with a result (21:1 "The Winner is the last Character left in the game",
003_1ead471cbf19a248.txt:404): the turn cap is off and a game still going after `MOVE_CAP` moves fails.
Characters are dealt at random (Setting Up); each chunk checks that all of them were played.
"""

from __future__ import annotations

import os
from collections import Counter

from grognard.engine.conformance import is_sampled, play_one
from grognard.engine.game import TERMINAL
from grognard.engine.session import Policy, random_policy
from grognard.systems.talisman.bots import mixed_policy
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.game import TalismanGame

GAMES = 50
"""Games in a chunk."""
SEED = 2025
"""The run's seed; chunk k of a size plays games k*GAMES .. (k+1)*GAMES-1 of that size's run."""
MOVE_CAP = 60_000
"""Moves after which a game counts as endless (the longest seen is far shorter; see the doc)."""
FULL_EVERY = 150
"""One move in this many gets the JSON round trip and the second apply."""
REPLAY_EVERY = 15
"""One game in this many is replayed from its recorded moves."""
SWEEP = os.environ.get("GROGNARD_SWEEP", "1") not in ("", "0")
"""False only with `GROGNARD_SWEEP=0` in the environment: play the share instead of the whole sweep."""
CHUNKS = {2: 25, 3: 8, 4: 3, 5: 2, 6: 2}
"""The sweep's chunks of each size: 2,000 games in all, most of them the cheaper two-player games."""
SUITE_CHUNKS = {2: 10, 3: 3, 4: 2, 5: 1, 6: 1}
"""The suite's chunks of each size (chunks 0 .. n-1 of `CHUNKS`): 850 games, every size played."""
COST = {2: 1.0, 3: 1.5, 4: 2.2, 5: 2.8, 6: 3.5}
"""The CPU time of a chunk of each size against a two-player chunk (about 11 s), measured."""
PARTS = "abcd"
"""The test files the chunks are spread over (`test_conformance_random_<part>.py`)."""


def plan(chunks: dict[int, int]) -> dict[str, list[tuple[int, int]]]:
    """The (players, chunk) pairs each part plays: every chunk once, the parts of about equal cost (the
    dearest chunk first to the cheapest part), so that pytest-xdist's `--dist loadfile` spreads them
    evenly over the workers."""
    parts: dict[str, list[tuple[int, int]]] = {part: [] for part in PARTS}
    load = dict.fromkeys(PARTS, 0.0)
    pairs = sorted(((p, c) for p, n in chunks.items() for c in range(n)), key=lambda pc: (-COST[pc[0]], pc))
    for pair in pairs:
        part = min(PARTS, key=lambda k: (load[k], k))
        parts[part].append(pair)
        load[part] += COST[pair[0]]
    return parts


PLAN = plan(CHUNKS if SWEEP else SUITE_CHUNKS)
"""Which chunks each of the four test files plays in this run."""


UNIFORM_GAMES = {2: 40, 3: 4}
"""The sample of uniformly random games: players -> games (about 90 s of CPU with the checks). The suite
plays all of them: its first 20 two-player games alone cost about 80% of the 40 (measured), too little
saved for half the sample."""
UNIFORM_MOVE_CAP = 600_000
"""Moves after which a uniformly random game counts as endless (the longest measured was about 130,000
moves; the cap is there so that a game that never ends fails instead of hanging)."""


def play_chunk(players: int, chunk: int) -> Counter[str]:
    """Play and check one chunk; returns how often each outcome came (all games must end)."""
    outcomes, dealt, _ = play_games(
        players, range(chunk * GAMES, (chunk + 1) * GAMES), mixed_policy, MOVE_CAP
    )
    assert sum(outcomes.values()) == GAMES
    characters = set(catalog().characters)
    assert dealt == characters, f"characters never dealt: {sorted(characters - dealt)}"
    return outcomes


def play_uniform(players: int) -> tuple[Counter[str], list[int]]:
    """Play and check the `UNIFORM_GAMES` sample of uniformly random games of one size (the engine's
    `random_policy` at every decision); returns the outcomes and each game's length in moves."""
    outcomes, _, lengths = play_games(players, range(UNIFORM_GAMES[players]), random_policy, UNIFORM_MOVE_CAP)
    return outcomes, lengths


def play_games(
    players: int, indices: range, policy: Policy, move_cap: int
) -> tuple[Counter[str], set[str], list[int]]:
    """Play and check games `indices` of a size's run with `policy`; every game must end with a result
    (a win, or nobody left). Returns the outcomes, the characters dealt and each game's moves."""
    game = TalismanGame()
    options = {"players": players, "max_turns": 0}
    seed = SEED * 10 + players if policy is mixed_policy else SEED * 100 + players
    outcomes: Counter[str] = Counter()
    dealt: set[str] = set()
    lengths: list[int] = []
    characters = set(catalog().characters)
    for index in indices:
        session = play_one(
            game,
            options,
            seed,
            index,
            max_moves=move_cap,
            policy=policy,
            full_every=FULL_EVERY,
            replay=is_sampled(seed, index, REPLAY_EVERY),
            fast_dice=True,
        )
        final = session.current
        assert final.actor() is TERMINAL, f"{players} players, game {index}: no end in {move_cap} moves"
        outcomes[final.result().outcome] += 1
        lengths.append(len(session.moves))
        dealt |= {m.move for m in session.moves if m.player is None and m.move in characters}
    assert set(outcomes) <= {"win", "nobody"}, outcomes
    return outcomes, dealt, lengths
