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
import tomllib
import uuid
from typing import Any

from grognard.gamebook.load import BookLoadError, book_from_data
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.tomlwrite import inline, pairs

BOOK_PASSAGE = "GrognardBook"
SPECIAL = ("StoryTitle", "StoryData", BOOK_PASSAGE)
TAG_ENDINGS = ("victory", "death", "ended")
SKIPPED_TAGS = {"script", "stylesheet", "Twine.private"}

_HEADER = re.compile(r"^::\s*((?:\\.|[^\\\[{])*?)\s*(?:\[((?:\\.|[^\]])*)\])?\s*(\{.*\})?\s*$")
_BLOCK = re.compile(r"<!--\s*grognard\s*\n(.*?)-->", re.DOTALL)
_LINK = re.compile(r"\[\[(.+?)\]\]")
_LINK_LINE = re.compile(r"^\s*\[\[(.+?)\]\]\s*(?:<!--\s*grognard\s*(\{.*\})\s*-->)?\s*$")
_ESCAPED_START = re.compile(r"^(\\*)::")


def _escape_content(text: str) -> str:
    return "\n".join(("\\" + line) if _ESCAPED_START.match(line) else line for line in text.split("\n"))


def _unescape_content(text: str) -> str:
    out = []
    for line in text.split("\n"):
        m = _ESCAPED_START.match(line)
        out.append(line[1:] if m and m.group(1) else line)
    return "\n".join(out)


def _unescape_name(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)


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
            raise ValueError(f"section id {sid!r} is reserved in Twee; rename the section")
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


def _split_link(body: str) -> tuple[str, str]:
    if "->" in body:
        text, _, target = body.rpartition("->")
    elif "<-" in body:
        target, _, text = body.partition("<-")
    elif "|" in body:
        text, _, target = body.partition("|")
    else:
        text = target = body
    return text.strip(), target.strip()


def _rules(text: str, where: str, problems: list[Problem], section: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        problems.append(Problem(section, where, f"the grognard rules are not valid TOML: {e}"))
        return {}


def _section(body: str, tags: list[str], sid: str, problems: list[Problem]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for block in _BLOCK.finditer(body):
        data.update(_rules(block.group(1), "rules", problems, sid))
    body = _BLOCK.sub("", body)
    lines = body.rstrip().split("\n")
    trailing: list[dict[str, Any]] = []
    while lines and (link := _LINK_LINE.match(lines[-1])):
        text, target = _split_link(link.group(1))
        choice: dict[str, Any] = {"text": text, "target": target}
        if link.group(2):
            choice.update(_rules(f"c = {link.group(2)}", f"link {text!r}", problems, sid).get("c", {}))
        trailing.insert(0, choice)
        lines.pop()
    text = "\n".join(lines)
    inline_links: list[dict[str, Any]] = []

    def plain(m: re.Match[str]) -> str:
        label, target = _split_link(m.group(1))
        inline_links.append({"text": label, "target": target})
        return label

    text = _LINK.sub(plain, text).strip()
    if text:
        data["text"] = text
    if inline_links or trailing:
        data["choices"] = inline_links + trailing
    for tag in tags:
        if tag in TAG_ENDINGS:
            data["ending"] = tag
        elif tag == "eat":
            data["eat"] = True
    return data


def _passages(text: str) -> list[tuple[str, list[str], str]]:
    out: list[tuple[str, list[str], str]] = []
    current: tuple[str, list[str]] | None = None
    body: list[str] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.startswith("::"):
            if current is not None:
                out.append((*current, "\n".join(body)))
            m = _HEADER.match(line)
            name, tags = (m.group(1), (m.group(2) or "").split()) if m else (line[2:].strip(), [])
            current, body = (_unescape_name(name), [_unescape_name(t) for t in tags]), []
        elif current is not None:
            body.append(line)
    if current is not None:
        out.append((*current, "\n".join(body)))
    return [(name, tags, _unescape_content(b).strip("\n")) for name, tags, b in out]


def import_twee(text: str, file: str = "<twee>", system: str = "") -> Book:
    """A book from Twee 3 text; `system` is used when the story declares none (a story made in Twine)."""
    problems: list[Problem] = []
    info: dict[str, Any] = {"system": system} if system else {}
    sections: dict[str, Any] = {}
    start = ""
    for name, tags, body in _passages(text):
        if name == "StoryTitle":
            info["title"] = body.strip()
        elif name == "StoryData":
            try:
                start = str(json.loads(body or "{}").get("start", ""))
            except (json.JSONDecodeError, AttributeError) as e:
                problems.append(Problem("", "StoryData", f"not a JSON object: {e}"))
        elif name == BOOK_PASSAGE:
            for m in _BLOCK.finditer(body):
                info.update(_rules(m.group(1), BOOK_PASSAGE, problems, ""))
        elif not SKIPPED_TAGS & set(tags):
            if name in sections:
                problems.append(Problem(name, "", "two passages have this name"))
            sections[name] = _section(body, tags, name, problems)
    info["start"] = start or next(iter(sections), "")
    info.setdefault("title", "Untitled")
    if problems:
        raise BookLoadError(file, problems)
    return book_from_data({"book": info, "sections": sections}, file)
