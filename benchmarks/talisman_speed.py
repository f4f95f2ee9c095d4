"""How fast Talisman games are played: `talisman simulate` and the conformance tests' games, against a
baseline version of the code measured in the same run.

Three cases, each a fixed set of seeded games (so both versions play the very same moves):
- simulate: `SIM_GAMES` four-player games of the heuristic bot through `simulate.simulate` (one worker,
  the default turn cap), as `grognard talisman simulate --players 4 --workers 1` plays them;
- mixed, checked: `MIXED_GAMES` three-player games of the mixed bot through `engine.conformance.play_one`
  with the checks of `tests/systems/talisman/random_games.py` (every move's node and invariants, the JSON
  round trip and a second apply on one move in 150, the replay of one game in 15, the games' seeds);
- uniform, checked: `UNIFORM_GAMES` two-player games of the uniformly random policy, checked the same way
  (the games of `test_conformance_uniform.py`).

Each case reports moves per second and games per second (CPU time of this process). The baseline is the
`src/` of the git revision `BASELINE` (`GROGNARD_TALISMAN_BASELINE` overrides it; empty: none), taken
with `git archive` into a temporary folder and timed in a child process on the same cases; each case then
has a row "speed-up", ours against the baseline (above 1: faster). Without git or the revision, only our
own figures are reported. Run: `python -m benchmarks talisman_speed`.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from benchmarks import Row

NAME = "talisman_speed"
"""The benchmark's name in the report."""
BASELINE = "8f55562"
"""The revision before the Talisman speed work (issue 18): the default baseline."""
SIM_GAMES = 6
"""Four-player heuristic games simulated."""
MIXED_GAMES = 6
"""Three-player mixed-bot games played with the conformance checks."""
UNIFORM_GAMES = 2
"""Two-player uniformly random games played with the conformance checks."""
SEED = 3
"""The simulation's seed."""


def measure() -> dict[str, tuple[int, int, float]]:
    """Play every case; returns case -> (games, moves, CPU seconds)."""
    from grognard.engine.conformance import is_sampled, play_one
    from grognard.engine.session import Policy, random_policy
    from grognard.systems.talisman.bots import mixed_policy
    from grognard.systems.talisman.game import TalismanGame
    from grognard.systems.talisman.simulate import simulate

    out: dict[str, tuple[int, int, float]] = {}
    start = time.process_time()
    stats = simulate(["heuristic"] * 4, SIM_GAMES, seed=SEED, workers=1)
    out["simulate, heuristic bot, 4 players"] = (SIM_GAMES, stats.moves, time.process_time() - start)
    game = TalismanGame()
    cases: list[tuple[str, int, Policy, int, int]] = [
        ("conformance, mixed bot, 3 players, checked", 3, mixed_policy, MIXED_GAMES, 2025 * 10 + 3),
        ("conformance, uniform random, 2 players, checked", 2, random_policy, UNIFORM_GAMES, 2025 * 100 + 2),
    ]
    for case, players, policy, games, seed in cases:
        moves = 0
        start = time.process_time()
        for index in range(games):
            session = play_one(
                game,
                {"players": players, "max_turns": 0},
                seed,
                index,
                max_moves=600_000,
                policy=policy,
                full_every=150,
                replay=is_sampled(seed, index, 15),
                fast_dice=True,
            )
            moves += len(session.moves)
        out[case] = (games, moves, time.process_time() - start)
    return out


def _baseline() -> dict[str, tuple[int, int, float]] | None:
    """The cases timed on the baseline revision's code in a child process, or None when unavailable."""
    ref = os.environ.get("GROGNARD_TALISMAN_BASELINE", BASELINE)
    if not ref:
        return None
    root = Path(__file__).resolve().parent.parent
    try:
        archive = subprocess.run(
            ["git", "archive", ref, "src"], cwd=root, capture_output=True, check=True, timeout=120
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(folder) / "src"), str(root)])}
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.talisman_speed"],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )
    if done.returncode != 0:
        return None
    data = json.loads(done.stdout.splitlines()[-1])
    return {case: (int(g), int(m), float(s)) for case, (g, m, s) in data.items()}


def run() -> list[Row]:
    """Time every case on this code and on the baseline's."""
    ours = measure()
    base = _baseline()
    rows: list[Row] = []
    for case, (games, moves, seconds) in ours.items():
        rows.append(Row(NAME, case, "moves per second", moves / seconds, "moves/s"))
        rows.append(Row(NAME, case, "games per second", games / seconds, "games/s"))
        if base is not None and case in base:
            _, base_moves, base_seconds = base[case]
            if base_moves != moves:
                rows.append(Row(NAME, case, "baseline played other moves", base_moves, "moves"))
            else:
                rows.append(Row(NAME, case, "baseline moves per second", moves / base_seconds, "moves/s"))
                rows.append(Row(NAME, case, "speed-up over the baseline", base_seconds / seconds, "x"))
    return rows


if __name__ == "__main__":
    print(json.dumps(measure()))
