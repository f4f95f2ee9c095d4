"""A book file as the gamebook commands take it (`check`, `play`, `solve`): loaded from TOML,
Twee or Twine HTML (a folder of Twee files too), with every problem the checker finds and the warnings of
its import. Kept apart from `cli.gamebook` so that `cli.solve` reads books without importing the commands
that mount it."""

from __future__ import annotations

from pathlib import Path

from grognard.gamebook.check import check_book
from grognard.gamebook.load import HTML_SUFFIXES, TWEE_SUFFIXES, BookLoadError, load_book
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem, Ruleset
from grognard.gamebook.twine_import import import_story_file

BOOK_HELP = (
    "A book file (TOML, Twee or Twine HTML), a folder of Twee files, or the name of a book shipped with "
    "grognard (sample)."
)


def book_problems(path: Path, ruleset: Ruleset) -> tuple[Book | None, list[Problem]]:
    """The book at `path` and every problem with it (load errors or, if it loads, the checker's)."""
    book, problems, _ = book_report(path, ruleset)
    return book, problems


def book_report(path: Path, ruleset: Ruleset) -> tuple[Book | None, list[Problem], list[Problem]]:
    """The book at `path`, every problem with it, and what importing it noticed (a Twine story's broken
    links, passages named twice..., as book-wide warnings; none for a TOML book)."""
    noticed: list[Problem] = []
    try:
        if path.is_dir() or path.suffix.lower() in TWEE_SUFFIXES + HTML_SUFFIXES:
            report = import_story_file(path, ruleset.id)
            book, noticed = report.book, [Problem("", "", w) for w in report.warnings]
        else:
            book = load_book(path, ruleset.id)
    except BookLoadError as e:
        return None, e.problems, []
    return book, check_book(book, ruleset), noticed
