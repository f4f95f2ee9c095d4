"""A book from data already parsed (TOML, or built by an importer), and the `BookLoadError` that lists
every problem found in a book file, each with its section and field, so an author fixes a file in one pass.

The importers (Twee, Twine HTML, Project Aon) and `load` all build their books here; `load` re-exports
these names.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from grognard.engine.errors import ContentError
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem


class BookLoadError(ContentError):
    """A book file that cannot be loaded; `problems` lists every problem found."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.problems = problems
        if len(problems) == 1:
            location = problems[0].where() if problems[0].section or problems[0].field else ""
            reason = problems[0].message
        else:
            location = ""
            reason = f"{len(problems)} problems: " + "; ".join(p.render() for p in problems)
        super().__init__(file, location, reason)


def _path_text(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_UNION_TAGS = {"int", "str", "bool", "Condition", "dict[str,union[int,str,bool]]"}


def problems_from_validation(error: ValidationError) -> list[Problem]:
    """A pydantic error as problems, each with its section and a field path counted from 1."""
    found: dict[tuple[str, str], list[str]] = {}
    for item in error.errors():
        loc = tuple(p for p in item["loc"] if not (isinstance(p, str) and (p in _UNION_TAGS or "[" in p)))
        section = ""
        if len(loc) >= 2 and loc[0] == "sections":
            section, loc = str(loc[1]), loc[2:]
        message = str(item["msg"]).removeprefix("Value error, ")
        if item["type"] in ("missing", "extra_forbidden") and loc:
            message = f"{message}: {loc[-1]}" if item["type"] == "missing" else f"unknown field {loc[-1]!r}"
        key = (section, _path_text(loc))
        if message not in found.setdefault(key, []):
            found[key].append(message)
    return [Problem(s, f, " or ".join(msgs)) for (s, f), msgs in found.items()]


def book_from_data(data: Any, file: str = "<book>") -> Book:
    """A book from parsed data; a `BookLoadError` lists every problem."""
    try:
        return Book.model_validate(data)
    except ValidationError as e:
        raise BookLoadError(file, problems_from_validation(e)) from None
