"""Twee 3 (the text format of the Twine editor): a book exported so authors can map it in Twine, and
Twee imported back into a book. Exporting then importing gives an equal book.

The convention (docs/formats/gamebook.md): one passage per section, named by its id. The passage holds
the section text, then one line per choice, `[[text->target]]`, followed on the same line by
`<!-- grognard { condition = ..., effects = ... } -->` when the choice has rules. The section's other
rules (title, effects, fight, test) sit in a block `<!-- grognard` ... `-->` of TOML lines; the tags
`victory`, `death`, `ended` and `eat` set the ending and eating. The book's own table (author, system,
version, items, start effects, rules) is in a passage `GrognardBook`; the title is `StoryTitle` and the
start section is StoryData's `start`. A story written by hand in Twine needs none of this: its links,
inline or on their own lines, become plain choices.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

from grognard.gamebook.book_data import BookLoadError
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.tomlwrite import inline, pairs
from grognard.gamebook.twine_model import Passage, Story
from grognard.gamebook.twine_story import (
    BOOK_PASSAGE,
    GROGNARD_SPECIAL,
    MAX_STORY_CHARS,
    StoryImport,
    build_book,
)
from grognard.i18n import gettext as _

SPECIAL = GROGNARD_SPECIAL
_ESCAPED_START = re.compile(r"^(\\*)::")
_ESCAPE = re.compile(r"\\(.)")


def _escape_content(text: str) -> str:
    return "\n".join(("\\" + line) if _ESCAPED_START.match(line) else line for line in text.split("\n"))


def _unescape_content(text: str) -> str:
    out = []
    for line in text.split("\n"):
        m = _ESCAPED_START.match(line)
        out.append(line[1:] if m and m.group(1) else line)
    return "\n".join(out)


def _block(data: dict[str, Any]) -> str:
    lines = pairs(data, multiline=False)
    lines += [f"{k} = {inline(v)}" for k, v in data.items() if isinstance(v, dict) and v]
    return "<!-- grognard\n" + "\n".join(lines) + "\n-->" if lines else ""


def _passage(name: str, tags: list[str], body: str, meta: dict[str, str] | None = None) -> str:
    head = f":: {name}"
    if tags:
        head += f" [{' '.join(tags)}]"
    if meta:
        head += " " + json.dumps(meta, separators=(",", ":"))
    return f"{head}\n{_escape_content(body)}\n"


def export_twee(book: Book) -> str:
    """The book as a Twee 3 story (Harlowe as its story format; rules in comments, see the module)."""
    info = book.to_data()["book"]
    for sid in book.sections:
        if sid in SPECIAL:
            raise ValueError(_("section id {sid!r} is reserved in Twee; rename the section").format(sid=sid))
    ifid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"grognard:{book.book.title}")).upper()
    data = {"ifid": ifid, "format": "Harlowe", "format-version": "3.3.9", "start": book.book.start, "zoom": 1}
    parts = [
        _passage("StoryTitle", [], book.book.title),
        _passage("StoryData", [], json.dumps(data, indent=2)),
        _passage(
            BOOK_PASSAGE, ["grognard"], _block({k: v for k, v in info.items() if k not in ("title", "start")})
        ),
    ]
    for n, (sid, section) in enumerate(book.sections.items()):
        raw = section.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        tags = ([section.ending] if section.ending else []) + (["eat"] if section.eat else [])
        lines = [section.text, ""] if section.text else []
        for choice in raw.get("choices", []):
            extra = {k: v for k, v in choice.items() if k not in ("text", "target")}
            note = f" <!-- grognard {inline(extra)} -->" if extra else ""
            lines.append(f"[[{choice['text']}->{choice['target']}]]{note}")
        rules = {k: v for k, v in raw.items() if k not in ("text", "choices", "ending", "eat")}
        block = _block(rules)
        if block:
            lines.append(block)
        meta = {"position": f"{100 + (n % 10) * 150},{100 + (n // 10) * 150}", "size": "100,100"}
        parts.append(_passage(sid, tags, "\n".join(lines).strip("\n"), meta))
    return "\n".join(parts)


_NAME_SPECIAL = re.compile(r"([\\\[\]{}])")


def twee_passage(name: str, tags: tuple[str, ...], text: str) -> str:
    """One passage as Twee 3 that `read_twee` reads back to the same name, tags and text: the name's and
    tags' `\\ [ ] { }` escaped, content lines starting `::` escaped."""
    head = ":: " + _NAME_SPECIAL.sub(r"\\\1", name.strip())
    if tags:
        head += " [" + " ".join(_NAME_SPECIAL.sub(r"\\\1", t) for t in tags) + "]"
    return f"{head}\n{_escape_content(text)}\n"


def _unescape_name(name: str) -> str:
    return _ESCAPE.sub(r"\1", name)


def _until(line: str, at: int, stops: str) -> int:
    """The index of the first unescaped character of `stops` in `line` from `at` (or its length)."""
    i, n = at, len(line)
    while i < n and line[i] not in stops:
        i += 2 if line[i] == "\\" else 1
    return min(i, n)


def parse_header(line: str) -> tuple[str, list[str]]:
    """A passage header `:: Name [tags] {metadata}` as (name, tags), escapes undone; a header that is
    not in this shape is all name. One pass over the line."""
    end = _until(line, 2, "[{")
    name, tags = line[2:end], []
    if end < len(line) and line[end] == "[":
        close = _until(line, end + 1, "]")
        if close >= len(line):
            return _unescape_name(line[2:].strip()), []
        tags = line[end + 1 : close].split()
        end = close + 1
    meta = line[end:].strip()
    if meta and not (meta.startswith("{") and meta.endswith("}")):
        return _unescape_name(line[2:].strip()), []
    return _unescape_name(name.strip()), [_unescape_name(t) for t in tags]


def _story_data(body: str) -> tuple[str, str, str]:
    """StoryData's start and format, or a problem."""
    try:
        data = json.loads(body or "{}")
    except (json.JSONDecodeError, RecursionError) as e:
        return "", "", _("StoryData: not a JSON object: %(error)s") % {"error": e}
    if not isinstance(data, dict):
        return "", "", _("StoryData: not a JSON object")
    return str(data.get("start", "") or ""), str(data.get("format", "") or ""), ""


def read_twee(text: str) -> Story:
    """A Twee 3 (or Twee 1) text as passages, with StoryData's start and story format."""
    if len(text) > MAX_STORY_CHARS:
        raise ValueError(
            _("the story is over {MAX_STORY_CHARS} characters").format(MAX_STORY_CHARS=MAX_STORY_CHARS)
        )
    passages: list[Passage] = []
    current: tuple[str, list[str]] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            content = _unescape_content("\n".join(body)).strip("\n")
            passages.append(Passage(current[0], tuple(current[1]), content))

    for line in text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n"):
        if line.startswith("::"):
            close()
            current, body = parse_header(line), []
        elif current is not None:
            body.append(line)
    close()
    start = fmt = ""
    problems: list[str] = []
    for p in passages:
        if p.name == "StoryData":
            start, fmt, problem = _story_data(p.text)
            if problem:
                problems.append(problem)
    return Story(tuple(passages), start=start, format=fmt, problems=tuple(problems))


def import_twee_report(text: str, file: str = "<twee>", system: str = "") -> StoryImport:
    """A book from Twee text with the import's warnings; `system` is used when the story declares none
    (a story made in Twine). A `BookLoadError` lists what cannot be read."""
    try:
        story = read_twee(text)
    except ValueError as e:
        raise BookLoadError(file, [Problem("", "", str(e))]) from None
    return build_book(story, file, system)


def import_twee(text: str, file: str = "<twee>", system: str = "") -> Book:
    """A book from Twee 3 text; `system` is used when the story declares none (a story made in Twine)."""
    return import_twee_report(text, file, system).book
