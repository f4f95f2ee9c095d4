"""Figures for docs/reliability.md: mutated and generated inputs fed to the dice notation and the
saved-game reader, and bits flipped in a store; each ends in a result, a clean error, or a failure.

    .venv/bin/python -m benchmarks.reliability_fuzz [--scale 1.0]

Prints one line per kind of input: tried, results, clean refusals, failures, the slowest input in ms.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from grognard.engine.errors import SaveError
from grognard.engine.store.factory import STORE_FILE, open_store
from tests.engine.fuzz_inputs import (
    ALPHABET,
    DICE_CORPUS,
    exported_game,
    flip_bytes,
    mutate,
    mutate_json,
    try_dice,
    try_saved_game,
)
from tests.toys import played_duel


def run(name: str, count: int, make: Callable[[random.Random], Callable[[], str]]) -> None:
    rng = random.Random(name)
    tally = {"ok": 0, "clean": 0, "failure": 0}
    slowest = 0.0
    for _ in range(count):
        job = make(rng)
        began = time.perf_counter()
        try:
            tally[job()] += 1
        except Exception:
            tally["failure"] += 1
            traceback.print_exc(limit=3)
        slowest = max(slowest, time.perf_counter() - began)
    print(
        f"{name}: {count} tried, {tally['ok']} results, {tally['clean']} clean refusals, "
        f"{tally['failure']} failures, slowest {slowest * 1000:.1f} ms"
    )


def store_flips(folder: Path, count: int) -> None:
    sessions = [played_duel(seed, 8, hp=6) for seed in range(5)]
    pristine = folder / "pristine"
    with open_store(pristine) as s:
        ids = [s.create(x) for x in sessions]
    original = (pristine / STORE_FILE).read_bytes()
    rng = random.Random("store")
    tally = {"whole": 0, "clean": 0, "failure": 0}
    for trial in range(count):
        home = folder / f"t{trial}"
        home.mkdir()
        data = bytearray(original)
        at = rng.randrange(100, len(data))
        data[at] ^= 1 << rng.randrange(8)
        (home / STORE_FILE).write_bytes(bytes(data))
        try:
            with open_store(home) as s:
                same = all(
                    s.load(g).moves == x.moves and list(s.export_game(g).moves) == x.moves
                    for g, x in zip(ids, sessions, strict=True)
                )
            tally["whole" if same else "failure"] += 1
        except SaveError:
            tally["clean"] += 1
        except Exception:
            tally["failure"] += 1
            traceback.print_exc(limit=3)
    print(
        f"store with one flipped bit: {count} tried, {tally['whole']} read whole, {tally['clean']} "
        f"refused as damaged, {tally['failure']} failures (wrong moves or other errors)"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0)
    scale = parser.parse_args().scale

    def n(k: int) -> int:
        return max(1, int(k * scale))

    folder = Path(tempfile.mkdtemp(prefix="grognard-fuzz-"))
    text = exported_game(folder / "export")
    path = folder / "game.json"

    def dice_mutated(r: random.Random) -> Callable[[], str]:
        t = mutate(r.choice(DICE_CORPUS), r, r.randrange(1, 13))
        return lambda: try_dice(t)

    def dice_generated(r: random.Random) -> Callable[[], str]:
        t = "".join(r.choice(ALPHABET) for _ in range(r.randrange(400)))
        return lambda: try_dice(t)

    def text_mutated(r: random.Random) -> Callable[[], str]:
        t = mutate(text, r, r.randrange(1, 7))
        return lambda: try_saved_game(t, path)

    def bits_flipped(r: random.Random) -> Callable[[], str]:
        b = flip_bytes(text.encode(), r, r.randrange(1, 9))
        return lambda: try_saved_game(b, path)

    run("dice notation, mutated", n(5000), dice_mutated)
    run("dice notation, generated", n(3000), dice_generated)
    run("saved game, text mutated", n(1500), text_mutated)
    run("saved game, bits flipped", n(1500), bits_flipped)

    def changed(r: random.Random) -> Callable[[], str]:
        data: object = json.loads(text)
        for _ in range(r.randrange(1, 5)):
            data = mutate_json(data, r)
        dumped = json.dumps(data)
        return lambda: try_saved_game(dumped, path)

    run("saved game, values changed", n(1500), changed)
    store_flips(folder / "stores", n(300))


if __name__ == "__main__":
    main()
