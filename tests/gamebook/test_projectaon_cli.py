"""`grognard grey-star import`, `check` and `play` on Project Aon-shaped books of our own (issue 17): a
book with puzzles and an orphan section imports, checks with a warning (status 0) and plays through
its puzzles and its fight; a book of another series is refused in one line naming the series."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.helpers import grognard

DATA = Path(__file__).parent / "data" / "projectaon"
MOON = DATA / "moon-gate.xml"
KAI = DATA / "kai-shaped.xml"
CREATION = ["1"] * 6
"""Five Magical Powers and a starting item, each the first offered."""


def _imported(tmp_path: Path) -> Path:
    out = tmp_path / "moon.toml"
    ran = grognard("gs", "import", str(MOON), "-o", str(out), home=tmp_path)
    assert ran.code == 0, ran.err
    assert "section 10: no way leads here from the start section 1" in ran.err
    assert f"{out}: 10 sections written" in ran.out and "problem" not in ran.out
    return out


def test_a_book_of_another_series_is_refused_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "kai.toml"
    ran = grognard("gs", "import", str(KAI), "-o", str(out), home=tmp_path)
    assert ran.code == 2
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(
        f"grognard: error: {KAI}: this is a Lone Wolf (Kai) book, not Grey Star: grognard plays the rules "
        "of the Grey Star books only, so it is not imported; "
    )
    assert not out.exists()


def test_an_orphan_section_is_a_warning_check_passes(tmp_path: Path) -> None:
    out = _imported(tmp_path)
    ran = grognard("gs", "check", str(out), home=tmp_path)
    assert ran.code == 0, ran.out
    assert f"{out}: warning: section 10: unreachable from the start section 1" in ran.out
    assert f"{out}: no problems found (1 warning(s))" in ran.out
    data = json.loads(grognard("gs", "check", "--json", str(out), home=tmp_path).out)
    assert data["ok"] is True and data["problems"] == []
    assert data["warnings"] == [
        {"section": "10", "field": "", "message": "unreachable from the start section 1"}
    ]


def test_the_book_plays_through_its_puzzles(tmp_path: Path) -> None:
    out = _imported(tmp_path)
    # 1 -> 2 (left stair), 2 -> 4 (Prophecy), 4 -> back to 2 (the only section noted), 2 -> 5,
    # 5 -> 7 (the riddle's answer), 7 -> 8, 8 -> 9 (the end).
    moves = [*CREATION, "1", "1", "1", "2", "1", "1", "1"]
    ran = grognard("gs", "play", str(out), "--seed", "5", stdin="\n".join(moves) + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    section4 = ran.out.split("Section 4\n", 1)[1].split("Section 2\n", 1)[0]
    assert "Return to section 2, the one you noted." in section4
    assert "Return to section 3" not in section4
    section5 = ran.out.split("Section 5\n", 1)[1]
    assert "Count the rings to learn which section to turn to next." in section5
    assert "1. Turn to the section the puzzle gives you." in section5
    assert "Section 7\n" in ran.out and "Section 9\n" in ran.out
    assert "Your adventure ends here." in ran.out


def test_the_book_plays_through_its_fight(tmp_path: Path) -> None:
    out = _imported(tmp_path)
    moves = [*CREATION, "1", "2", "2", "1"] + ["1"] * 40
    ran = grognard("gs", "play", str(out), "--seed", "5", stdin="\n".join(moves) + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Section 6\n" in ran.out and "A fight begins." in ran.out
    assert re.search(r"Random number \d at Combat Ratio [+-]\d+ \(COMBAT SKILL \d+", ran.out)  # every round
    assert "Section 8\n" in ran.out or "You have died." in ran.out
