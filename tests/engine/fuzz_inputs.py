"""Generated and mutated inputs for the dice notation and saved-game files, shared by the property tests
and the figures of docs/reliability.md (`benchmarks/reliability_fuzz.py`).

Each `try_*` function feeds one input to the real reader and says how it ended: "ok" (a result),
"clean" (the reader's own error, one line), or raises anything else, which is a failure. The caller
measures the time.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from grognard.engine.dice.core import Rng
from grognard.engine.dice.notation import roll_expression
from grognard.engine.errors import DiceError, SaveError
from grognard.engine.store import savefile
from grognard.engine.store.factory import open_store
from tests.toys import played_duel

DICE_CORPUS = (
    "3d6+2",
    "4d6kh3",
    "d20",
    "2d10!",
    "1d100",
    "d%",
    "lw",
    "hq3",
    "(2d6+1)*3",
    "10d6dl2-4",
    "2d20kl1",
    "4d6r1",
    "3d6mi2",
    "d6/2",
)

ALPHABET = "0123456789d%+-*/(), khlpreoamiwqctx<>=.[]!{}#\n\t\u00e9\u0661"


def mutate(text: str, rng: random.Random, rounds: int) -> str:
    """`text` changed `rounds` times: a character replaced, a span deleted or repeated, characters
    inserted, or the text cut short."""
    for _ in range(rounds):
        kind = rng.randrange(5)
        at = rng.randrange(len(text) + 1)
        if kind == 0 and text:
            at = min(at, len(text) - 1)
            text = text[:at] + rng.choice(ALPHABET) + text[at + 1 :]
        elif kind == 1:
            text = text[:at] + text[at + rng.randrange(1, 8) :]
        elif kind == 2:
            end = min(len(text), at + rng.randrange(1, 16))
            text = text[:at] + text[at:end] * rng.randrange(2, 40) + text[end:]
        elif kind == 3:
            text = text[:at] + "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(1, 6))) + text[at:]
        else:
            text = text[:at]
    return text


def try_dice(text: str) -> str:
    """Parse and roll `text`; "ok" or "clean" (a `DiceError`)."""
    try:
        roll_expression(text, Rng(text))
    except DiceError:
        return "clean"
    return "ok"


def exported_game(folder: Path) -> str:
    """The text of a saved-game file of a toy duel, written by the real export."""
    with open_store(folder) as store:
        gid = store.create(played_duel(5, 4, hp=4))
        saved = store.export_game(gid)
    return json.dumps(savefile.to_data(saved), indent=2)


def mutate_json(data: object, rng: random.Random) -> object:
    """`data` with one value somewhere replaced by another JSON value (of any type, some extreme)."""
    extremes: list[object] = [
        None,
        True,
        -1,
        0,
        7,
        2**70,
        1e308,
        "",
        "x" * 5000,
        "/dev/zero",
        [],
        {},
        [[[[]]]],
        {"move": 1},
    ]
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data))
        return {**data, key: mutate_json(data[key], rng)}
    if isinstance(data, list) and data and rng.random() < 0.8:
        at = rng.randrange(len(data))
        return [*data[:at], mutate_json(data[at], rng), *data[at + 1 :]]
    return rng.choice(extremes)


def flip_bytes(data: bytes, rng: random.Random, flips: int) -> bytes:
    """`data` with `flips` random bits flipped."""
    out = bytearray(data)
    for _ in range(flips):
        at = rng.randrange(len(out))
        out[at] ^= 1 << rng.randrange(8)
    return bytes(out)


def try_saved_game(content: str | bytes, path: Path) -> str:
    """Read the saved-game file `content` and replay it with the dice checked; "ok" or "clean"."""
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    try:
        saved = savefile.read_file(path)
        savefile.verify(saved, str(path), dice=True)
    except SaveError as e:
        assert "\n" not in str(e).strip(), str(e)
        return "clean"
    return "ok"
