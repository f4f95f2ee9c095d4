"""`grognard grey-star import BOOK.xml --rules OVERLAY -o BOOK.toml`: a Project Aon book (the test book
in tests/gamebook/data/projectaon/) becomes a book file that `check` accepts and `play` reads (issue #4:
import of Project Aon book XML; docs/formats/projectaon-overlay.md)."""

from __future__ import annotations

from pathlib import Path

from grognard.gamebook.load import load_book
from tests.cli.helpers import grognard

AON = Path(__file__).resolve().parents[2] / "gamebook" / "data" / "projectaon"
XML = AON / "ember-tower.xml"
RULES = AON / "ember-tower.rules.toml"


def test_import_writes_a_book_that_check_accepts(tmp_path: Path) -> None:
    """issue #4: the imported book, with its overlay, passes `grognard grey-star check`."""
    out = tmp_path / "ember.toml"
    ran = grognard("grey-star", "import", str(XML), "--rules", str(RULES), "-o", str(out), home=tmp_path)
    assert ran.code == 0, ran.err
    assert f"{out}: 12 sections written" in ran.out
    book = load_book(out)
    assert book.book.system == "grey-star" and book.sections["9"].fight is not None
    assert book.sections["9"].fight.modifiers == {"immune_to_staff": True}
    checked = grognard("gs", "check", str(out), home=tmp_path)
    assert checked.code == 0 and "no problems found" in checked.out


def test_the_imported_book_can_be_played(tmp_path: Path) -> None:
    """issue #4: an imported book plays like any other."""
    out = tmp_path / "ember.toml"
    assert grognard("gs", "import", str(XML), "--rules", str(RULES), "-o", str(out), home=tmp_path).code == 0
    ran = grognard("gs", "play", str(out), "--seed", "3", stdin="1\n" * 150, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Section 1" in ran.out


def test_import_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    """An existing output file is kept unless --force is given (one line on stderr, status 2)."""
    out = tmp_path / "ember.toml"
    out.write_text("keep me", encoding="utf-8")
    ran = grognard("gs", "import", str(XML), "--rules", str(RULES), "-o", str(out), home=tmp_path)
    assert ran.code == 2 and out.read_text(encoding="utf-8") == "keep me"
    assert ran.err.strip().splitlines() == [f"grognard: error: {out} exists; add --force to overwrite it"]
    forced = grognard(
        "gs", "import", str(XML), "--rules", str(RULES), "-o", str(out), "--force", home=tmp_path
    )
    assert forced.code == 0, forced.err
    assert load_book(out).book.start == "1"


def test_without_an_overlay_the_import_still_writes_a_book(tmp_path: Path) -> None:
    """With --plain and no --rules the prose's rules are missing, but the book is written and sound."""
    out = tmp_path / "plain.toml"
    ran = grognard("gs", "import", str(XML), "-o", str(out), "--plain", home=tmp_path)
    assert ran.code == 0, ran.err
    assert load_book(out).sections["2"].test is None


def test_a_malformed_file_is_one_line_with_status_2(tmp_path: Path) -> None:
    """A file that is not a Project Aon book is refused with one line on stderr, nothing written."""
    bad = tmp_path / "bad.xml"
    bad.write_text("<gamebook><section", encoding="utf-8")
    out = tmp_path / "bad.toml"
    ran = grognard("gs", "import", str(bad), "-o", str(out), home=tmp_path)
    assert ran.code == 2
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grognard: error:") and str(bad) in lines[0]
    assert not out.exists()
