"""A Twine story's passages turned into a book, with the import's warnings.

Two readings. A story grognard wrote (`twee-export`, recognised by its `GrognardBook` passage) is read
literally by its convention (docs/formats/gamebook.md): rules in `<!-- grognard` comments, one choice
per trailing link line, endings from tags. Any other story is read as Twine plays it
(docs/formats/twine.md): special passages (StoryTitle, StoryData, StoryInit, PassageHeader, ...;
passages tagged script, stylesheet, widget, startup, header, footer, ...) are not sections; the start
is StoryData's, else the passage named Start, else the first; links and navigation macros become
choices (`grognard.gamebook.twine_markup`), a link to a passage the story lacks is a broken link shown
at its place (a warning, not a choice); a SugarCube widget's links are choices of the pages calling it;
a passage with no way on leads to the passages that the macros the story defines name, else to those
its code quotes (outside conditions), else it is an ending; of passages sharing a
name the last is kept (as Tweego and the story formats do), with a warning; passage names that cannot
be section ids are mended.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from grognard.gamebook.book_data import BookLoadError, book_from_data
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.twine_html import ascii_lower
from grognard.gamebook.twine_markup import read_markup, split_link, story_format, widgets
from grognard.gamebook.twine_model import Passage, Story
from grognard.i18n import gettext

MAX_STORY_CHARS = 32_000_000
"""The largest story read (characters of Twee or HTML); a bigger file is refused before any work."""

BOOK_PASSAGE = "GrognardBook"
GROGNARD_SPECIAL = ("StoryTitle", "StoryData", BOOK_PASSAGE)
TAG_ENDINGS = ("victory", "death", "ended")
SPECIAL_NAMES = frozenset(
    {
        *GROGNARD_SPECIAL,
        "StoryInit",
        "StoryAuthor",
        "StorySubtitle",
        "StoryCaption",
        "StoryMenu",
        "StoryBanner",
        "StoryInterface",
        "StoryShare",
        "StorySettings",
        "StoryIncludes",
        "StoryDisplayTitle",
        "PassageHeader",
        "PassageFooter",
        "PassageReady",
        "PassageDone",
        "Story JavaScript",
        "Story Stylesheet",
    }
)
"""Passages Twine and its story formats use for the story's machinery, never shown as a page."""
SPECIAL_TAGS = frozenset(
    {
        "script",
        "stylesheet",
        "widget",
        "init",
        "startup",
        "header",
        "footer",
        "debug-startup",
        "debug-header",
        "debug-footer",
        "Twine.private",
        "Twine.image",
        "Twine.audio",
        "Twine.video",
        "Twine.vtt",
    }
)
"""Tags that make a passage machinery (code, style, widgets, text added to every page, media)."""
PLAIN_KEYS = frozenset({"text", "title", "choices", "ending"})
"""What a section of a story may hold and still use no rule of its system."""
GROGNARD_SKIPPED_TAGS = frozenset({"script", "stylesheet", "Twine.private"})

_ID_BAD = re.compile(r"[\[\]{}|<>\r\t\\]|->|<-")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class StoryImport:
    """An imported book, the import's warnings (for the command line to show) and the passages the
    story's links name that it lacks (its broken links; empty when its own links are whole)."""

    book: Book
    warnings: tuple[str, ...]
    broken: tuple[str, ...] = ()


def safe_text(text: str) -> str:
    """Text the book format accepts: `[[`, `]]`, `<!--` and `-->` broken up by a space."""
    text = re.sub(r"\[(?=\[)", "[ ", text)
    text = re.sub(r"\](?=\])", "] ", text)
    return re.sub(r"<(?=!--)", "< ", re.sub(r"-(?=->)", "- ", text))


def one_line(text: str) -> str:
    """`text` on one line, safe for a title or a choice."""
    return safe_text(_SPACES.sub(" ", text).strip())


class _Ids:
    """Section ids for passage names: the name itself when it can be one, else a mended unique id."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}
        self.used: set[str] = set()
        self.tried: dict[str, int] = {}

    def add(self, name: str) -> str:
        base = _ID_BAD.sub("_", one_line(name)) or "passage"
        # The first free of base, "base (2)", "base (3)", ...: those below the last one given are taken.
        n = self.tried.get(base, 1)
        sid = base if n == 1 else f"{base} ({n})"
        while sid in self.used:
            n += 1
            sid = f"{base} ({n})"
        self.tried[base] = n
        self.used.add(sid)
        self.ids.setdefault(name.strip(), sid)
        return sid

    def of(self, name: str) -> str:
        key = name.strip()
        return self.ids.get(key) or _ID_BAD.sub("_", one_line(key)) or "passage"


def _rules(text: str, where: str, problems: list[Problem], section: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as e:
        problems.append(
            Problem(section, where, gettext("the grognard rules are not valid TOML: {e}").format(e=e))
        )
        return {}


def grognard_comments(body: str) -> tuple[str, list[str]]:
    """The body without its comments, keeping `<!-- grognard {...} -->` after a link, and the text of
    every `<!-- grognard` block (TOML lines)."""
    pieces: list[str] = []
    blocks: list[str] = []
    i = 0
    while True:
        j = body.find("<!--", i)
        if j < 0:
            break
        k = body.find("-->", j + 4)
        if k < 0:
            break
        inner = body[j + 4 : k]
        head = inner.lstrip()
        pieces.append(body[i:j])
        if head.startswith("grognard"):
            after = head[8:]
            rest = after.lstrip(" \t")
            if rest.startswith("{"):
                pieces.append(body[j : k + 3])
            elif rest[:1] in ("\n", "\r") or (not rest.strip() and "\n" in after):
                blocks.append(rest.lstrip("\r").removeprefix("\n"))
        i = k + 3
    pieces.append(body[i:])
    return "".join(pieces), blocks


def _link_line(line: str) -> tuple[str, str] | None:
    """(link body, inline rules or "") when `line` is one link, perhaps followed by its rules comment."""
    line = line.strip()
    end = line.find("]]", 3)
    if not line.startswith("[[") or end < 0:
        return None
    rest = line[end + 2 :].strip()
    if not rest:
        return line[2:end], ""
    if not (rest.startswith("<!--") and rest.endswith("-->")):
        return None
    inner = rest[4:-3].strip()
    if not inner.startswith("grognard"):
        return None
    rules = inner[8:].strip()
    return (line[2:end], rules) if rules.startswith("{") and rules.endswith("}") else None


def _inline_links(text: str) -> tuple[str, list[dict[str, Any]]]:
    """Inline `[[links]]` (each on one line) replaced by their text, and the choices they make."""
    pieces: list[str] = []
    links: list[dict[str, Any]] = []
    i = 0
    close = newline = -2
    while True:
        j = text.find("[[", i)
        if j < 0:
            break
        if close < j + 3:
            close = text.find("]]", j + 3)
        if close < 0:
            break
        if newline < j:
            newline = text.find("\n", j)
            newline = len(text) if newline < 0 else newline
        if newline < close:
            pieces.append(text[i : newline + 1])
            i = newline + 1
            continue
        label, target = split_link(text[j + 2 : close])
        pieces.append(text[i:j] + label)
        links.append({"text": label, "target": target})
        i = close + 2
    pieces.append(text[i:])
    return "".join(pieces), links


def grognard_section(body: str, tags: tuple[str, ...], sid: str, problems: list[Problem]) -> dict[str, Any]:
    """A section written by `twee-export`: rules blocks, trailing link lines, endings from tags."""
    data: dict[str, Any] = {}
    body, blocks = grognard_comments(body)
    for block in blocks:
        data.update(_rules(block, "rules", problems, sid))
    lines = body.rstrip().split("\n")
    trailing: list[dict[str, Any]] = []
    while lines and (link := _link_line(lines[-1])):
        text, target = split_link(link[0])
        choice: dict[str, Any] = {"text": text, "target": target}
        if link[1]:
            choice.update(_rules(f"c = {link[1]}", f"link {text!r}", problems, sid).get("c", {}))
        trailing.insert(0, choice)
        lines.pop()
    text, inline = _inline_links("\n".join(lines))
    text = text.strip()
    if text:
        data["text"] = text
    if inline or trailing:
        data["choices"] = inline + trailing
    for tag in tags:
        if tag in TAG_ENDINGS:
            data["ending"] = tag
        elif tag == "eat":
            data["eat"] = True
    return data


def _grognard_book(story: Story, file: str, system: str) -> StoryImport:
    problems = [Problem("", "", p) for p in story.problems]
    info: dict[str, Any] = {"system": system} if system else {}
    sections: dict[str, Any] = {}
    for p in story.passages:
        if p.name == "StoryTitle":
            info["title"] = p.text.strip()
        elif p.name == BOOK_PASSAGE:
            for block in grognard_comments(p.text)[1]:
                info.update(_rules(block, BOOK_PASSAGE, problems, ""))
        elif p.name not in GROGNARD_SPECIAL and not GROGNARD_SKIPPED_TAGS & set(p.tags):
            if p.name in sections:
                problems.append(Problem(p.name, "", gettext("two passages have this name")))
            sections[p.name] = grognard_section(p.text, p.tags, p.name, problems)
    info["start"] = story.start or next(iter(sections), "")
    info.setdefault("title", story.title or "Untitled")
    if problems:
        raise BookLoadError(file, problems)
    return StoryImport(book_from_data({"book": info, "sections": sections}, file), ())


def _is_special(p: Passage) -> bool:
    return p.name.strip() in SPECIAL_NAMES or bool(SPECIAL_TAGS & set(p.tags))


def _shown(names: list[str], most: int = 8) -> str:
    return _more([repr(n) for n in names], most)


def _more(shown: list[str], most: int = 8) -> str:
    """The first `most` of a list, then "and N more"."""
    listed = ", ".join(shown[:most])
    if len(shown) <= most:
        return listed
    return gettext("%(listed)s and %(count)s more") % {"listed": listed, "count": len(shown) - most}


def _title(story: Story, file: str) -> str:
    named = [p.text for p in story.passages if p.name.strip() == "StoryTitle"]
    for candidate in (*named, story.title, file.rsplit("/", 1)[-1].rsplit(".", 1)[0]):
        title = one_line(candidate)
        if title:
            return title
    return "Untitled"


INHERITED = 50
"""The most choices a passage takes from the passages it shows inside itself (`(display:)`, ...)."""


def _inherit(
    mine: list[tuple[str, str]], shown: list[str], links: dict[str, list[tuple[str, str]]]
) -> list[tuple[str, str]]:
    """A passage's choices and those of the passages it shows inside itself (at most INHERITED more):
    a `(goto:)` in an embedded passage leads on from the page that shows it."""
    out = dict.fromkeys(mine)
    room = INHERITED
    for sid in dict.fromkeys(shown):
        for choice in links.get(sid, ()):
            if room <= 0:
                return list(out)
            if choice not in out:
                out[choice] = None
                room -= 1
    return list(out)


def _quoted(texts: Iterable[str], longest: int = 200) -> set[str]:
    """Every quoted string (one line, at most `longest` characters) in `texts`, stripped: the passage
    names the story's code uses. Each quote is looked at once, with a bounded search."""
    found: set[str] = set()
    for text in texts:
        for quote in "\"'":
            i = text.find(quote)
            while i >= 0:
                end = text.find(quote, i + 1, i + 2 + longest)
                if end >= 0 and "\n" not in text[i + 1 : end]:
                    found.add(text[i + 1 : end].strip())
                i = text.find(quote, i + 1)
    return found


CODE_CHOICES = 20
"""The most choices a passage with no way on takes from the passage names its code quotes."""
_CONDITIONS = (
    ("<<if", ">>"),
    ("<<elseif", ">>"),
    ("<<else if", ">>"),
    ("<<unless", ">>"),
    ("<<switch", ">>"),
    ("<<case", ">>"),
    ("(if:", ")["),
    ("(else-if:", ")["),
    ("(elseif:", ")["),
    ("(unless:", ")["),
    ("(cond:", ")"),
    ("visited(", ")"),
    ("(visited:", ")"),
    ("(history:", ")"),
)
"""Where a passage name is a condition (`<<if visited("Cave")>>`), not where the story moves."""
_LOOKS = ("class=", "id=", "style=", "src=", "alt=", "type=", "lang=")
"""HTML attributes whose quoted value is a look, never a passage to go to."""


def named_by_code(text: str) -> list[str]:
    """The quoted strings of a passage (its code's passage names, in order), those inside conditions
    left out. Each opener is searched once from left to right, so the time is linear in the text."""
    low = ascii_lower(text)
    spans: list[tuple[int, int]] = []
    for opener, closer in _CONDITIONS:
        shut = line = -2  # the last closer and newline found: positions only grow, so reused
        i = low.find(opener)
        while i >= 0:
            if shut != -1 and shut < i + len(opener):
                shut = low.find(closer, i + len(opener))
            end = shut
            if end < 0:
                if line != -1 and line < i:
                    line = low.find("\n", i)
                end = line
            end = len(text) if end < 0 else end
            spans.append((i, end))
            i = low.find(opener, end)
    pieces: list[str] = []
    at = 0
    for i, end in sorted(spans):
        if end > at:
            pieces.append(text[at : max(i, at)] + " ")
            at = end
    kept = "".join(pieces) + text[at:]
    found: dict[str, None] = {}
    for quote in "\"'":
        i = kept.find(quote)
        while i >= 0:
            end = kept.find(quote, i + 1, i + 202)
            if end >= 0 and "\n" not in kept[i + 1 : end]:
                if not ascii_lower(kept[max(0, i - 7) : i]).endswith(_LOOKS):
                    found[kept[i + 1 : end].strip()] = None
                i = kept.find(quote, end + 1)
            else:
                i = kept.find(quote, i + 1)
    return [n for n in found if n]


def _last_of_each_name(passages: Iterable[Passage]) -> tuple[list[Passage], dict[str, int]]:
    """The passages with one of each name (names compared stripped): the last of a name, at the place of
    the first, as Tweego keeps them; and how many times each repeated name was used."""
    kept: list[Passage] = []
    at: dict[str, int] = {}
    repeated: dict[str, int] = {}
    for p in passages:
        name = p.name.strip()
        if name in at:
            kept[at[name]] = p
            repeated[name] = repeated.get(name, 1) + 1
        else:
            at[name] = len(kept)
            kept.append(p)
    return kept, repeated


def _includes_warning(passages: Iterable[Passage]) -> list[str]:
    named = [
        line.strip() for p in passages if p.name.strip() == "StoryIncludes" for line in p.text.splitlines()
    ]
    files = [n for n in named if n]
    if not files:
        return []
    return [
        gettext(
            "StoryIncludes names %(count)s file(s) that were not read (%(files)s): give grognard "
            "the story's own file or its folder to read them"
        )
        % {"count": len(files), "files": _shown(files, 4)}
    ]


def _twine_book(story: Story, file: str, system: str) -> StoryImport:
    problems: list[Problem] = []
    warnings = [gettext("%(problem)s: ignored") % {"problem": p} for p in story.problems]
    passages, repeated = _last_of_each_name(story.passages)
    if repeated:
        twice = [
            gettext("%(name)s (%(count)s times)") % {"name": repr(name), "count": n}
            for name, n in repeated.items()
        ]
        warnings.append(
            gettext("passage names used more than once: %(names)s; the last of each is kept")
            % {"names": _more(twice)}
        )
    warnings += _includes_warning(passages)
    story = Story(tuple(passages), story.title, story.start, story.format, story.problems)
    pages = [p for p in story.passages if not _is_special(p)]
    if not pages:
        raise BookLoadError(file, [*problems, Problem("", "", gettext("the story has no passage to play"))])
    ids = _Ids()
    read: list[tuple[str, Passage, Any]] = []
    blocks: dict[str, list[str]] = {}
    names = {p.name.strip() for p in pages}
    broken: dict[str, list[str]] = {}
    quoted: dict[str, list[str]] = {}
    for p in pages:
        sid = ids.add(p.name)
        if sid != p.name.strip():
            warnings.append(
                gettext("passage %(name)s is section %(id)s (its name cannot be a section id)")
                % {"name": repr(p.name), "id": repr(sid)}
            )
        body, blocks[sid] = grognard_comments(p.text)
        markup = read_markup(body, story.format, lambda name: name.strip() in names)
        quoted[sid] = named_by_code(body)
        for target in markup.broken:
            broken.setdefault(target, []).append(p.name.strip())
        read.append((sid, p, markup))
    shown_by: dict[str, list[tuple[str, str]]] = {}
    if story_format(story.format) in ("sugarcube", ""):
        for p in story.passages:
            if "widget" not in p.tags:
                continue
            for name, body in widgets(p.text):
                markup = read_markup(body, story.format, lambda name: name.strip() in names)
                shown_by[name] = markup.links
                for target in markup.broken:
                    broken.setdefault(target, []).append(p.name.strip())
    if broken:
        shown = [
            gettext("%(target)s (from %(passages)s)")
            % {"target": repr(t), "passages": _shown(list(dict.fromkeys(where)), 2)}
            for t, where in broken.items()
        ]
        warnings.append(
            gettext(
                "links to %(count)s passage(s) the story does not have are broken links, shown in the "
                "text and not offered: %(listed)s"
            )
            % {"count": len(broken), "listed": _more(shown)}
        )
    start_name = story.start.strip()
    if start_name not in names:
        fallback = "Start" if "Start" in names else pages[0].name.strip()
        if start_name:
            warnings.append(
                gettext("the start passage %(name)s does not exist: the start is %(start)s")
                % {"name": repr(start_name), "start": repr(fallback)}
            )
        start_name = fallback
    start = ids.of(start_name)
    own: dict[str, list[tuple[str, str]]] = {}
    for sid, _, markup in read:
        called: list[tuple[str, str]] = []  # the links of the widgets it calls, at most INHERITED
        for name in dict.fromkeys(markup.calls):
            called += shown_by.get(name, [])[: INHERITED - len(called)]
        mine = [*markup.links, *called]
        own[sid] = list(dict.fromkeys((one_line(t) or ids.of(g), ids.of(g)) for t, g in mine))
    links = own
    for _ in range(2):
        links = {sid: _inherit(links[sid], [ids.of(e) for e in m.embeds], links) for sid, _, m in read}
    by_macro: dict[str, list[str]] = {}
    by_code_moves: list[str] = []
    for sid, p, markup in read:
        if links[sid] or set(TAG_ENDINGS) & set(p.tags):
            continue
        if markup.custom:
            made = dict.fromkeys((one_line(t) or ids.of(g), ids.of(g)) for t, g in markup.custom)
            links[sid] = list(made)[:CODE_CHOICES]
            for kind in markup.followed:
                by_macro.setdefault(kind, []).append(sid)
            continue
        inside = {ids.of(e) for e in markup.embeds}
        moves = [n for n in quoted[sid] if n in names and ids.of(n) not in (sid, *inside)][:CODE_CHOICES]
        if moves:
            links[sid] = [(one_line(n), ids.of(n)) for n in moves]
            by_code_moves.append(sid)
    linked = {start} | {target for found in links.values() for _, target in found}
    embedded = {ids.of(e) for _, _, m in read for e in m.embeds} - linked
    named = _quoted(p.text for p in story.passages) - linked
    macros: dict[str, list[str]] = {}
    code: dict[str, list[str]] = {}
    sections: dict[str, Any] = {}
    endings: list[str] = []
    dropped: list[str] = []
    by_code: list[str] = []
    for sid, p, markup in read:
        if sid in embedded or sid in named:
            (dropped if sid in embedded else by_code).append(sid)
            continue
        for kind in markup.macros:
            macros.setdefault(kind, []).append(sid)
        for kind in markup.dropped:
            code.setdefault(kind, []).append(sid)
        data: dict[str, Any] = {}
        for block in blocks[sid]:
            data.update(_rules(block, "rules", problems, sid))
        text = safe_text(markup.text).strip()
        if text:
            data["text"] = text
        choices = [{"text": text, "target": target} for text, target in links[sid]]
        if choices:
            data["choices"] = choices
        for tag in p.tags:
            if tag in TAG_ENDINGS:
                data["ending"] = tag
        if not choices and "ending" not in data and not {"fight", "test"} & set(data):
            data["ending"] = "ended"
            endings.append(sid)
        sections[sid] = data
    if endings:
        warnings.append(
            gettext("%(count)s passage(s) with no link are endings: %(passages)s")
            % {"count": len(endings), "passages": _shown(endings)}
        )
    if by_code_moves:
        warnings.append(
            gettext(
                "%(count)s passage(s) with no link lead on to the passages their code names (the "
                "story moves there by code grognard does not run): %(passages)s"
            )
            % {"count": len(by_code_moves), "passages": _shown(by_code_moves)}
        )
    for kind, where in by_macro.items():
        warnings.append(
            gettext(
                "%(macro)s, a macro of the story's own: the passages its arguments name are the choices of "
                "%(count)s passage(s) with no link (first %(first)s)"
            )
            % {"macro": kind, "count": len(where), "first": repr(where[0])}
        )
    if dropped:
        warnings.append(
            gettext("passage(s) only shown inside others are not sections: %(passages)s")
            % {"passages": _shown(dropped)}
        )
    if by_code:
        warnings.append(
            gettext("passage(s) only named in the story's code are not sections: %(passages)s")
            % {"passages": _shown(by_code)}
        )
    for kind, where in macros.items():
        warnings.append(
            gettext("%(macro)s kept as plain text (%(count)s passage(s), first %(first)s)")
            % {"macro": kind, "count": len(where), "first": repr(where[0])}
        )
    for kind, where in code.items():
        warnings.append(
            gettext(
                "%(code)s: story-format code not played, taken out of the text (%(count)s passage(s), "
                "first %(first)s)"
            )
            % {"code": kind, "count": len(where), "first": repr(where[0])}
        )
    if problems:
        raise BookLoadError(file, problems)
    info: dict[str, Any] = {"title": _title(story, file), "start": start, "system": system or "unknown"}
    if not any(set(data) - PLAIN_KEYS for data in sections.values()):
        info["sheet"] = False  # no rule of the system anywhere: played with no character made
    book = book_from_data({"book": info, "sections": sections}, file)
    return StoryImport(book, tuple(warnings), tuple(broken))


def build_book(story: Story, file: str = "<story>", system: str = "") -> StoryImport:
    """The book a story makes under `system` (the system of a story that declares none), with warnings;
    a `BookLoadError` lists what cannot be read."""
    if any(p.name == BOOK_PASSAGE for p in story.passages):
        return _grognard_book(story, file, system)
    return _twine_book(story, file, system)
