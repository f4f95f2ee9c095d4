"""`grognard ff solve` keeps its solve by the book's hash in the user's data folder: a second run prints
the kept report at once, a spoilt or foreign report is solved again, `--fresh` ignores it, and readers
find the solved book's table there."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import grognard
from tests.gamebook.test_solve import FF_BOOK, FF_HEAD

HERO = ("--hero", "7/6/7", "--option", "potion=skill")


def solve(tmp_path: Path, book: Path, *more: str) -> dict[str, object]:
    ran = grognard("ff", "solve", str(book), *HERO, "--json", *more, home=tmp_path / "home")
    assert ran.code == 0, ran.err
    data: dict[str, object] = json.loads(ran.out)
    return data


def pit(tmp_path: Path, text: str = FF_BOOK) -> Path:
    path = tmp_path / "pit.toml"
    path.write_text(FF_HEAD + text, encoding="utf-8")
    return path


def reports(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "home" / "solved").rglob("*.report.json"))


def test_a_solve_is_kept_and_a_second_run_prints_what_was_kept(tmp_path: Path) -> None:
    book = pit(tmp_path)
    first = solve(tmp_path, book)
    (report,) = reports(tmp_path)
    assert list(report.parent.glob("*.solved"))  # the readers' table beside it
    kept = json.loads(report.read_text())
    kept["report"]["p_win_random"] = 0.125  # marked: a second run that prints it read the kept file
    report.write_text(json.dumps(kept))
    second = solve(tmp_path, book)
    assert second["p_win_random"] == 0.125
    assert {k: v for k, v in second.items() if k != "p_win_random"} == {
        k: v for k, v in first.items() if k != "p_win_random"
    }
    assert solve(tmp_path, book, "--fresh") == first  # --fresh solves again (and keeps the new one)
    assert solve(tmp_path, book) == first


def test_a_spoilt_report_is_solved_again(tmp_path: Path) -> None:
    book = pit(tmp_path)
    first = solve(tmp_path, book)
    (report,) = reports(tmp_path)
    for spoilt in (
        "",
        "{",
        "[]",
        '{"report": 3}',
        json.dumps({**json.loads(report.read_text()), "book": "x"}),
    ):
        report.write_text(spoilt)
        assert solve(tmp_path, book) == first
    kept = json.loads(report.read_text())
    kept["report"]["endings"] = "none"  # a report that cannot be printed
    report.write_text(json.dumps(kept))
    ran = grognard("ff", "solve", str(book), *HERO, home=tmp_path / "home")
    assert ran.code == 0 and "Endings" in ran.out, ran.err


def test_a_changed_book_is_not_served_the_old_solve(tmp_path: Path) -> None:
    book = pit(tmp_path)
    first = solve(tmp_path, book)
    pit(tmp_path, FF_BOOK.replace("SKILL = 5", "SKILL = 9"))
    second = solve(tmp_path, book)
    assert second["p_win"] != first["p_win"]
    assert len(reports(tmp_path)) == 2
    other = solve(tmp_path, book, "--float")  # solved another way: kept apart
    assert other["exact"] is False
    assert len(reports(tmp_path)) == 3
