"""A Twine story kept in several files, gathered into one Twee text: a folder of Twee files (a Tweego
project), and the files a story's `StoryIncludes` passage names (Twine 1.4 and Twee2: one file or folder
per line, relative to the file that names it).

A folder is read as Tweego reads one: every `.twee`, `.tw` and `.tw3` file under it, folders included,
in name order (hidden files and folders left out); a passage named again in a later file replaces the
earlier one in its place, with a warning naming both files. Files named by `StoryIncludes` are added
after the file naming them, folders the same way; there the story's own passage wins over an included
one of the same name (as Twine 1 builds it), with a warning. Repeated names inside one file are left
for the import (`twine_story`) to report.

Only files inside the folder given (or the folder of the file given) are read: an absolute path, a path
leading out of it or a link pointing out of it is not followed, with a warning. Every file is read
through `engine.files.read_file`; the files read together are capped at `MAX_STORY_CHARS` and their
number at `MAX_FILES`, so a folder cannot make the import slow or large.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file, shown_name
from grognard.gamebook.book_data import BookLoadError
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.twee import read_twee, twee_passage
from grognard.gamebook.twine_model import Passage
from grognard.gamebook.twine_story import MAX_STORY_CHARS
from grognard.i18n import gettext as _

TWEE_FILES = (".twee", ".tw", ".tw3")
"""The files of a folder read as Twee."""
MAX_FILES = 2_000
"""The most files and folders looked at under a folder (Twee or not)."""
MAX_DEPTH = 32
"""Folders nested deeper than this are not read."""
INCLUDES = "StoryIncludes"

_INCLUDES_HEADER = re.compile(r"^::[ \t]*StoryIncludes[ \t]*(?:[\[{][^\n]*)?$", re.MULTILINE)


@dataclass(frozen=True)
class Gathered:
    """The passages of a story's files as one Twee text, the files read (relative to the story's
    folder, in order) and what was noticed on the way."""

    text: str
    files: tuple[str, ...]
    warnings: tuple[str, ...]


def names_includes(text: str) -> bool:
    """Whether a Twee text has a `StoryIncludes` passage."""
    return _INCLUDES_HEADER.search(text) is not None


@dataclass
class _Gatherer:
    root: Path
    passages: list[Passage] = field(default_factory=list)
    owner: dict[str, tuple[int, str]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seen: set[Path] = field(default_factory=set)
    chars: int = 0
    looked: int = 0

    def name(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return shown_name(path)

    def inside(self, path: Path) -> Path | None:
        """The real path of `path` when it lies in the story's folder, else None."""
        real = path.resolve()
        return real if real == self.root or real.is_relative_to(self.root) else None

    def count(self, path: Path) -> bool:
        self.looked += 1
        if self.looked > MAX_FILES:
            if self.looked == MAX_FILES + 1:
                self.warnings.append(
                    _("more than %(most)s files and folders: %(path)s and after not read")
                    % {"most": MAX_FILES, "path": self.name(path)}
                )
            return False
        return True

    def folder(self, folder: Path, included: bool, depth: int = 0) -> None:
        if depth > MAX_DEPTH:
            self.warnings.append(
                _("%(folder)s: folders nested deeper than %(most)s: not read")
                % {"folder": self.name(folder), "most": MAX_DEPTH}
            )
            return
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as e:
            raise BookLoadError(
                shown_name(folder),
                [Problem("", "", _("cannot read the folder: {e_strerror}").format(e_strerror=e.strerror))],
            ) from None
        for entry in entries:
            if self.looked > MAX_FILES:
                return
            if entry.name.startswith(".") or not self.count(Path(entry.path)):
                continue
            path = Path(entry.path)
            if entry.is_dir(follow_symlinks=False):
                self.folder(path, included, depth + 1)
            elif path.suffix.lower() in TWEE_FILES:
                real = self.inside(path)
                if real is None:
                    self.warnings.append(
                        _("%(path)s leads out of the story's folder: not read") % {"path": self.name(path)}
                    )
                else:
                    self.file(real, included)

    def file(self, path: Path, included: bool) -> None:
        if path in self.seen:
            return
        self.seen.add(path)
        shown = self.name(path)
        room = MAX_STORY_CHARS - self.chars
        try:
            data = read_file(path, max(room, 0), "story")
        except ContentError as e:
            raise BookLoadError(shown_name(path), [Problem("", "", e.reason)]) from None
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            reason = _("not UTF-8 text (byte %(byte)s): Twee files are UTF-8") % {"byte": e.start}
            raise BookLoadError(shown_name(path), [Problem("", "", reason)]) from None
        self.chars += len(text)
        self.files.append(shown)
        includes: list[str] = []
        for p in read_twee(text).passages:
            if p.name.strip() == INCLUDES:
                includes += [line.strip() for line in p.text.splitlines() if line.strip()]
            else:
                self.add(p, shown, included)
        for line in includes:
            self.include(path.parent, line, shown)

    def add(self, p: Passage, file: str, included: bool) -> None:
        name = p.name.strip()
        held = self.owner.get(name)
        if held is None or held[1] == file:  # new, or named again in the same file (the import says so)
            self.owner[name] = (len(self.passages), file)
            self.passages.append(p)
        elif included:
            self.warnings.append(
                _("passage %(name)s of %(file)s is left out: %(other)s has one of that name")
                % {"name": repr(name), "file": file, "other": held[1]}
            )
        else:
            self.warnings.append(
                _("passage %(name)s of %(file)s replaces the one of %(other)s")
                % {"name": repr(name), "file": file, "other": held[1]}
            )
            self.passages[held[0]] = p
            self.owner[name] = (held[0], file)

    def include(self, folder: Path, line: str, by: str) -> None:
        if Path(line).is_absolute() or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", line):
            self.warnings.append(
                _("%(includes)s of %(file)s names %(line)s, not a path in the story's folder: not read")
                % {"includes": INCLUDES, "file": by, "line": repr(line)}
            )
            return
        real = self.inside(folder / line)
        if real is None:
            self.warnings.append(
                _("%(includes)s of %(file)s names %(line)s, outside the story's folder: not read")
                % {"includes": INCLUDES, "file": by, "line": repr(line)}
            )
        elif real.is_dir():
            self.folder(real, True)
        elif real.is_file():
            if self.count(real):
                self.file(real, True)
        else:
            self.warnings.append(
                _("%(includes)s of %(file)s names %(line)s, which does not exist")
                % {"includes": INCLUDES, "file": by, "line": repr(line)}
            )

    def text(self) -> str:
        return "\n".join(twee_passage(p.name, p.tags, p.text) for p in self.passages)


def gathers_files(path: Path) -> bool:
    """Whether the story at `path` is more than one file: a folder, or a Twee file whose
    `StoryIncludes` names others."""
    if path.is_dir():
        return True
    if path.suffix.lower() not in TWEE_FILES:
        return False
    try:
        data = read_file(path, MAX_STORY_CHARS, "story")
    except ContentError:
        return False
    return names_includes(data.decode("utf-8-sig", errors="replace"))


def gather(path: Path) -> Gathered:
    """The story in the folder `path`, or in the Twee file `path` with the files its `StoryIncludes`
    names, as one Twee text. A file that cannot be read is a `BookLoadError` naming it."""
    if path.is_dir():
        gatherer = _Gatherer(path.resolve())
        gatherer.folder(gatherer.root, False)
        if not gatherer.files:
            reason = _("no Twee file (%(suffixes)s) in this folder") % {"suffixes": ", ".join(TWEE_FILES)}
            raise BookLoadError(shown_name(path), [Problem("", "", reason)])
    else:
        gatherer = _Gatherer(path.resolve().parent)
        gatherer.file(path.resolve(), False)
    return Gathered(gatherer.text(), tuple(gatherer.files), tuple(gatherer.warnings))
