"""Twine HTML read as passages: a Twine 2 published story or archive (`<tw-storydata>` holding
`<tw-passagedata>` elements), and a Twine 1 story (`<div id="storeArea">` holding `<div tiddler=...>`).

The file is scanned once from left to right with plain string searches (no regular expression that can
backtrack, no HTML tree): scripts, styles and comments outside the story are skipped whole, so the story
format's own code (published files carry it) is never read as passages. Time is linear in the size.
"""

from __future__ import annotations

import html
import re
import string
from dataclasses import dataclass, field

from grognard.gamebook.twine_model import Passage, Story

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_SPACE = " \t\n\r\f"
_TWINE1_ESCAPE = re.compile(r"\\([nts\\])")
_TWINE1_CHARS = {"n": "\n", "t": "\t", "s": "\\", "\\": "\\"}


def ascii_lower(text: str) -> str:
    """`text` with A-Z lowered and nothing else changed (so every index stays where it was)."""
    return text.translate(_LOWER)


def tag_at(text: str, at: int) -> tuple[str, dict[str, str], int]:
    """The tag opening at `text[at] == "<"`: its lowered name (with a leading `/` for a closing tag),
    its attributes (names lowered, values unescaped) and the index just past its `>`. The name is
    empty when `<` does not open a tag. A tag never runs past the next `<` (Twine escapes it inside
    attributes), so reading every tag of a text costs no more than one pass over it."""
    n = len(text)
    stop = text.find("<", at + 1)
    stop = n if stop < 0 else stop
    i = at + 1
    j = i + 1 if i < stop and text[i] == "/" else i
    while j < stop and text[j] not in _SPACE and text[j] not in "/>":
        j += 1
    name = ascii_lower(text[i:j])
    if not name.lstrip("/") or not name.lstrip("/")[0].isalpha():
        return "", {}, at + 1
    attrs: dict[str, str] = {}
    i = j
    while i < stop:
        c = text[i]
        if c == ">":
            return name, attrs, i + 1
        if c in _SPACE or c == "/":
            i += 1
            continue
        k = i
        while k < stop and text[k] not in _SPACE and text[k] not in "=>/":
            k += 1
        key = ascii_lower(text[i:k]) or text[k]
        if k < stop and text[k] == "=":
            k += 1
            if k < stop and text[k] in "\"'":
                end = text.find(text[k], k + 1, stop)
                end = stop if end < 0 else end
                value, k = text[k + 1 : end], end + 1
            else:
                end = k
                while end < stop and text[end] not in _SPACE and text[end] != ">":
                    end += 1
                value, k = text[k:end], end
            attrs.setdefault(key, html.unescape(value))
        else:
            attrs.setdefault(key, "")
            k = max(k, i + 1)
        i = k
    return name, attrs, stop


def _twine1_text(raw: str) -> str:
    return _TWINE1_ESCAPE.sub(lambda m: _TWINE1_CHARS[m.group(1)], html.unescape(raw))


@dataclass
class _Draft:
    attrs: dict[str, str]
    passages: list[tuple[str, Passage]] = field(default_factory=list)

    def story(self, twine1: bool) -> Story:
        ids = {pid: p.name for pid, p in self.passages if pid}
        start = ids.get(self.attrs.get("startnode", ""), "")
        return Story(
            passages=tuple(p for _, p in self.passages),
            title=self.attrs.get("name", ""),
            start=start,
            format=self.attrs.get("format", "SugarCube" if twine1 else ""),
        )


def _close(low: str, at: int, name: str) -> tuple[int, int]:
    """Where the closing tag `</name` after `at` starts, and the index past its `>`."""
    k = low.find("</" + name, at)
    if k < 0:
        return len(low), len(low)
    end = low.find(">", k)
    return k, len(low) if end < 0 else end + 1


def parse_twine_html(text: str) -> list[Story]:
    """Every story in a Twine HTML file, in order (an archive may hold several; a Twine 1 file has one)."""
    low = ascii_lower(text)
    stories: list[Story] = []
    draft: _Draft | None = None
    twine1: _Draft | None = None
    i = 0
    while True:
        j = low.find("<", i)
        if j < 0:
            break
        if low.startswith("<!--", j):
            k = low.find("-->", j + 4)
            i = len(low) if k < 0 else k + 3
            continue
        name, attrs, end = tag_at(text, j)
        i = end
        if name in ("script", "style", "textarea", "title"):
            k, i = _close(low, end, name)
            if name == "script" and draft is not None:
                draft.passages.append(("", Passage("Story JavaScript", ("script",), text[end:k])))
        elif name == "tw-storydata":
            if draft is not None:
                stories.append(draft.story(False))
            draft = _Draft(attrs)
        elif name == "/tw-storydata" and draft is not None:
            stories.append(draft.story(False))
            draft = None
        elif name == "tw-passagedata":
            k, i = _close(low, end, "tw-passagedata")
            if draft is not None:
                tags = tuple(attrs.get("tags", "").split())
                passage = Passage(attrs.get("name", ""), tags, html.unescape(text[end:k]))
                draft.passages.append((attrs.get("pid", ""), passage))
        elif name == "div" and ascii_lower(attrs.get("id", "")) == "storearea":
            twine1 = twine1 or _Draft({})
        elif name == "div" and "tiddler" in attrs and twine1 is not None:
            k, i = _close(low, end, "div")
            tags = tuple(attrs.get("tags", "").split())
            twine1.passages.append(("", Passage(attrs["tiddler"], tags, _twine1_text(text[end:k]))))
    if draft is not None:
        stories.append(draft.story(False))
    if twine1 is not None and twine1.passages:
        stories.append(twine1.story(True))
    return stories
