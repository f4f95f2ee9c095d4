"""The real Grey Star books of Project Aon, when a folder of them is given (issue 17).

Project Aon's files may not be redistributed, so none is committed: set `GROGNARD_PROJECTAON_XML` to a
folder holding `01gstw.xml`, `02tfc.xml`, `03btng.xml` and `04wotw.xml` with their `*.mod` and `*.inc`
files (Project Aon's `en/xml/`) to run these; without it they skip, saying so. Each book imports with
no overlay, passes `check` (orphan sections are warnings), and plays from section 1 through a fight
on the shortest path of plain choices to one; a Lone Wolf book beside them is refused."""

from __future__ import annotations

import os
from collections import deque
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.model import Book
from grognard.gamebook.projectaon import import_projectaon
from tests.cli.helpers import grognard

FOLDER = os.environ.get("GROGNARD_PROJECTAON_XML", "")
BOOKS = {"01gstw": ["342"], "02tfc": [], "03btng": ["144", "190"], "04wotw": []}
"""Each Grey Star book and its sections no choice leads to."""

pytestmark = pytest.mark.skipif(
    not FOLDER, reason="GROGNARD_PROJECTAON_XML (a folder of Project Aon's XML books) is not set"
)


def _path_to_a_fight(book: Book) -> tuple[str, list[int]]:
    """The nearest section with a fight and the choice numbers leading there from the start."""
    came: dict[str, tuple[str, int] | None] = {book.book.start: None}
    todo = deque([book.book.start])
    while todo:
        fight = todo.popleft()
        if book.sections[fight].fight is not None:
            path: list[int] = []
            step = came[fight]
            while step is not None:
                path.append(step[1])
                step = came[step[0]]
            return fight, path[::-1]
        for number, choice in enumerate(book.sections[fight].choices, 1):
            if choice.condition is None and choice.target not in came:
                came[choice.target] = (fight, number)
                todo.append(choice.target)
    raise AssertionError("no fight reachable by plain choices")


@pytest.mark.parametrize("name", list(BOOKS))
def test_a_grey_star_book_imports_checks_and_plays_through_a_fight(name: str, tmp_path: Path) -> None:
    xml = Path(FOLDER) / f"{name}.xml"
    report = import_projectaon(xml)
    book = report.book
    from grognard.systems.grey_star.ruleset import GS_RULES

    assert check_book(book, GS_RULES) == []
    assert [w.section for w in check_warnings(book)] == BOOKS[name]
    out = tmp_path / f"{name}.toml"
    assert grognard("gs", "import", str(xml), "-o", str(out), "--plain", home=tmp_path).code == 0
    assert grognard("gs", "check", str(out), home=tmp_path).code == 0
    fight, path = _path_to_a_fight(book)
    moves = ["1"] * 6 + [str(n) for n in path] + ["1"] * 80
    ran = grognard("gs", "play", str(out), "--seed", "3", stdin="\n".join(moves) + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert f"Section {fight}\n" in ran.out and "A fight begins." in ran.out
    after = ran.out.split("A fight begins.", 1)[1]
    assert "Random number " in after and " at Combat Ratio " in after
    assert "Section " in after or "You have died." in after


def test_the_first_grey_star_book_keeps_its_puzzles_and_letters() -> None:
    book = import_projectaon(Path(FOLDER) / "01gstw.xml").book
    assert book.book.author == "Ian Page and Joe Dever"
    assert "110" in [c.target for c in book.sections["264"].choices]
    assert [c.target for c in book.sections["92"].choices] == ["23", "73", "114", "137", "214", "338"]
    second = import_projectaon(Path(FOLDER) / "02tfc.xml").book
    assert any("Kleas\u00e1" in s.text for s in second.sections.values())


def test_a_lone_wolf_book_is_refused() -> None:
    lone_wolf = Path(FOLDER) / "01fftd.xml"
    if not lone_wolf.exists():
        pytest.skip("01fftd.xml is not in the folder")
    with pytest.raises(ContentError, match=r"this is a Lone Wolf \(Kai\) book, not Grey Star"):
        import_projectaon(lone_wolf)
