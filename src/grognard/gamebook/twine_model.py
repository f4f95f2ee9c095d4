"""A Twine story as its readers hand it over: passages (name, tags, text) and the story's facts, read
from Twee or from Twine HTML before anything is turned into a book."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Passage:
    """One passage: its name, its tags and its source text (markup as the author wrote it)."""

    name: str
    tags: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Story:
    """A story's passages in file order, its title, the name of its start passage (empty when the file
    names none) and its story format (`Harlowe`, `SugarCube`, `Chapbook`, `Snowman`, or empty)."""

    passages: tuple[Passage, ...]
    title: str = ""
    start: str = ""
    format: str = ""
    problems: tuple[str, ...] = ()
