"""The author's report on the upload page (`web.routes.books`, `gamebook.solve_report.report_here`): a book
uploaded with the report asked for shows the chance of each ending for the character just made, summing
to the whole, with no engine words; a book too large for the budget says so in one line; without the
report asked for, a book with no warning starts at once as before."""

from __future__ import annotations

import re

import pytest

from grognard.gamebook import solve_report
from tests.web.routes.test_luck import PIT, engine_words
from tests.web.security.tables_client import browser


def test_an_uploaded_book_shows_the_chance_of_each_ending() -> None:
    author = browser()
    made = author.post(
        "/books/fighting-fantasy", {"report": "1"}, files={"file": ("pit.toml", PIT, "text/plain")}
    )
    assert made.status_code == 200, made.text[-500:]
    assert "data-report" in made.text and "data-start" in made.text
    shares = [float(x) for x in re.findall(r"<tr data-ending><td>[^<]*</td>\s*<td>([\d.]+)%</td>", made.text)]
    assert len(shares) >= 2  # victory, and death in the fight or at the pit (unless LUCK 12 never fails)
    assert sum(shares) == pytest.approx(100.0, abs=0.2)  # the best play ends somewhere
    assert "Section 4: victory" in made.text and "death" in made.text
    best = re.search(r"the best play wins ([\d.]+)% of the time", made.text)
    assert best is not None
    won = re.search(r"Section 4: victory</td>\s*<td>([\d.]+)%", made.text)
    assert won is not None and float(best.group(1)) == pytest.approx(float(won.group(1)), abs=0.1)
    shown = float(best.group(1))  # a book of little risk is flagged (the figure is shown rounded)
    if abs(shown - 99) > 0.05:
        assert ("data-flag" in made.text) == (shown > 99)
    assert engine_words("/books/fighting-fantasy", made.text) == []


def test_a_book_too_large_for_the_budget_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_report, "UPLOAD_BUDGET", 5)
    author = browser()
    made = author.post(
        "/books/fighting-fantasy", {"report": "1"}, files={"file": ("pit.toml", PIT, "text/plain")}
    )
    assert made.status_code == 200
    assert made.text.count("data-report-none") == 1 and "too large" in made.text
    assert "data-ending" not in made.text and "data-start" in made.text


def test_without_the_report_a_book_starts_at_once() -> None:
    reader = browser()
    made = reader.post("/books/fighting-fantasy", files={"file": ("pit.toml", PIT, "text/plain")})
    assert made.status_code == 303
