"""Golden playthrough: a seeded, scripted adventure through the shipped sample book, to victory.

`grognard ff play sample --seed 1` reads the answers in `golden/sample.answers` (one per line: a choice
number, or `s` for the sheet); its whole transcript must equal `golden/sample.transcript` (trailing spaces
aside). When a deliberate change alters the transcript, rewrite it with

    GROGNARD_REGOLD=1 .venv/bin/python -m pytest tests/systems/fighting_fantasy/test_golden.py

and review the difference before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.cli.helpers import grognard

GOLDEN = Path(__file__).parent / "golden"
SEED = "1"


def normalise(text: str) -> str:
    """The transcript with trailing spaces removed from every line (nothing else is touched)."""
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"


def test_sample_playthrough_matches_its_golden_transcript(tmp_path: Path) -> None:
    """Every rule met on the way replays identically: creation (000_13d85f0bd5b613c5.txt:151-161), Luck
    tests (:72-82), fights with Luck (:27-53, :84-107), Provisions (:125-134), victory."""
    answers = (GOLDEN / "sample.answers").read_text(encoding="utf-8")
    ran = grognard("ff", "play", "sample", "--seed", SEED, stdin=answers, home=tmp_path)
    assert ran.code == 0, ran.err
    transcript = normalise(ran.out)
    assert "\nVictory! Your adventure is a success.\nYou read " in transcript  # the end, then what it took
    golden = GOLDEN / "sample.transcript"
    if os.environ.get("GROGNARD_REGOLD") == "1":
        golden.write_text(transcript, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    assert transcript == expected, "the playthrough changed; see the module docstring to regold"
