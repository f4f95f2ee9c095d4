"""Any file a reader hands over as a Twine story: its kind told from its first bytes, then read as Twee
or as Twine HTML (a published story or an archive, Twine 2 or Twine 1). A file of another kind is
refused with one line saying what it looks like and what to do. A story in several files (a folder of
Twee files, `StoryIncludes`) is gathered into one first (`import_story_file`)."""

from __future__ import annotations

import shlex
from dataclasses import replace
from pathlib import Path, PurePath

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file
from grognard.gamebook.book_data import BookLoadError
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.twee import import_twee_report
from grognard.gamebook.twine_files import gather, names_includes
from grognard.gamebook.twine_html import ascii_lower, parse_twine_html
from grognard.gamebook.twine_story import MAX_STORY_CHARS, StoryImport, build_book
from grognard.i18n import N_
from grognard.i18n import gettext as _

TWINE_HELP = N_("in Twine, use Publish to File or Archive (HTML), or Export As Twee")
"""Said with gettext where it is shown."""

_MAGIC = (
    (b"%PDF", N_("a PDF document")),
    (b"PK\x03\x04", N_("a ZIP archive (unpack it and give the story's .html or .twee file)")),
    (b"\x1f\x8b", N_("a gzip-compressed file (unpack it first)")),
    (b"\x89PNG", N_("a PNG image")),
    (b"\xff\xd8\xff", N_("a JPEG image")),
    (b"GIF8", N_("a GIF image")),
    (b"SQLite format 3", N_("an SQLite database (a grognard saved-game store?)")),
)


class NotAStoryError(BookLoadError):
    """A file that is no Twine story: the message says what it looks like and what to do."""

    def __init__(self, file: str, reason: str) -> None:
        super().__init__(file, [Problem("", "", reason)])


def import_first(file: str) -> str:
    """What to say of a Project Aon book (XML) handed where a book file is read: import it first."""
    name = PurePath(file).name
    out = PurePath(name).with_suffix(".toml").name if name else "book.toml"
    command = f"grognard gs import {shlex.quote(file)} -o {shlex.quote(out)}"
    return _("a Project Aon book (XML), not a book file: import it first: %(command)s") % {"command": command}


def _xml_kind(data: bytes) -> str:
    """ "projectaon", "heroscribe", "xml" for an XML file (told from its bytes, in any encoding), or ""."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if not head.lower().startswith((b"<?xml", b"<!doctype gamebook", b"<gamebook")):
        return ""
    low = data.lower()
    if b"<tw-storydata" in low or (b'id="storearea"' in low and b"tiddler=" in low):
        return ""  # a Twine story in an XHTML file
    if b"<gamebook" in data:
        return "projectaon"
    if b"<quest" in low:
        return "heroscribe"
    return "xml"


def story_kind(data: bytes) -> tuple[str, str]:
    """("twee" | "html" | "toml" | "projectaon" | "other", the text or the reason) for a file's bytes."""
    xml = _xml_kind(data)
    helped = {"help": _(TWINE_HELP)}
    if xml == "projectaon":
        return "projectaon", _("a Project Aon book (XML): import it with `grognard gs import`")
    if xml == "heroscribe":
        return "other", _("a HeroScribe quest (XML): import it with `grognard hq import`")
    if xml:
        return "other", _("an XML file with no Twine story in it; %(help)s") % helped
    for magic, what in _MAGIC:
        if data.startswith(magic):
            return "other", _("%(what)s, not a Twine story; %(help)s") % {"what": _(what), **helped}
    if not data.strip():
        return "other", _("the file is empty; %(help)s") % helped
    if b"\x00" in data[:4096]:
        return "other", _("a binary file, not a Twine story; %(help)s") % helped
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        return "other", _("not UTF-8 text (byte %(byte)s): Twine files are UTF-8; %(help)s") % {
            "byte": e.start,
            **helped,
        }
    head = ascii_lower(text[:4096]).lstrip()
    low = ascii_lower(text)
    if "<tw-storydata" in low or ('id="storearea"' in low and "tiddler=" in low):
        return "html", text
    if head.startswith("<!doctype html") or head.startswith("<html") or "<body" in head:
        return "other", _("an HTML page with no Twine story in it (no <tw-storydata>); %(help)s") % helped
    if text.startswith("::") or "\n::" in text:
        return "twee", text
    if head.startswith("[book]") or "\n[book]" in low:
        return "toml", text
    if head.startswith("{") or head.startswith("["):
        return "other", _("a JSON file (a saved game?), not a Twine story; %(help)s") % helped
    return (
        "other",
        _("no passage header (a line starting '::') and no Twine HTML: not a Twine story; %(help)s") % helped,
    )


def import_html(text: str, file: str = "<html>", system: str = "") -> StoryImport:
    """A book from a Twine HTML file (the first story of an archive holding several)."""
    if len(text) > MAX_STORY_CHARS:
        raise BookLoadError(
            file,
            [
                Problem(
                    "",
                    "",
                    _("the file is over {MAX_STORY_CHARS} characters").format(
                        MAX_STORY_CHARS=MAX_STORY_CHARS
                    ),
                )
            ],
        )
    stories = parse_twine_html(text)
    if not stories:
        raise NotAStoryError(
            file, _("no Twine story in this HTML file; {TWINE_HELP}").format(TWINE_HELP=_(TWINE_HELP))
        )
    report = build_book(stories[0], file, system)
    if len(stories) > 1:
        names = ", ".join(repr(s.title) for s in stories[1:6])
        first = stories[0].title
        more = _("the archive holds %(count)s stories: imported the first (%(first)s), not %(names)s") % {
            "count": len(stories),
            "first": repr(first),
            "names": names,
        }
        report = replace(report, warnings=(more, *report.warnings))
    return report


def import_story(data: bytes, file: str = "<story>", system: str = "") -> StoryImport:
    """A book from a story file's bytes (Twee or Twine HTML); a `NotAStoryError` for any other file.
    A grognard TOML book is refused here too (it is read by `load_book`)."""
    if len(data) > MAX_STORY_CHARS:
        raise BookLoadError(
            file,
            [
                Problem(
                    "",
                    "",
                    _("the file is over {MAX_STORY_CHARS} bytes").format(MAX_STORY_CHARS=MAX_STORY_CHARS),
                )
            ],
        )
    kind, text = story_kind(data)
    if kind == "html":
        return import_html(text, file, system)
    if kind == "twee":
        return import_twee_report(text, file, system)
    if kind == "toml":
        raise NotAStoryError(file, _("a grognard book (TOML), not a Twine story: use it as it is"))
    if kind == "projectaon":
        raise NotAStoryError(file, import_first(file))
    raise NotAStoryError(file, text)


def import_story_file(path: Path, system: str = "") -> StoryImport:
    """The story at `path`: a folder of Twee files, or a Twee file with the files its `StoryIncludes`
    names, gathered into one (`grognard.gamebook.twine_files`, whose warnings come first); any other file
    read as `import_story` reads it. A file that cannot be read is a `BookLoadError` naming it."""
    if not path.is_dir():
        try:
            data = read_file(path, MAX_STORY_CHARS, "story")
        except ContentError as e:
            raise BookLoadError(str(path), [Problem("", "", e.reason)]) from None
        kind, text = story_kind(data)
        if kind != "twee" or not names_includes(text):
            return import_story(data, str(path), system)
    gathered = gather(path)
    report = import_twee_report(gathered.text, str(path), system)
    return replace(report, warnings=(*gathered.warnings, *report.warnings))
