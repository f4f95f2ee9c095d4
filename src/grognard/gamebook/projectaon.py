"""Importing a Project Aon book (the XML of the free Lone Wolf family editions) into a `Book`.

The file is read by `grognard.gamebook.projectaon_xml` (decoding, entities, defusedxml, with its
guards); a book of another series than the one asked for is refused
(`grognard.gamebook.projectaon_series`). Mapping: every numbered section becomes a section whose id is
its number; `<p>`, lists, signposts, poetry and the like become paragraphs of plain text, `<ch.*>`
elements their characters; `<choice idref="sectN">` becomes a choice to N; a `<puzzle>` keeps its
text, its answer (`idref`) becomes a choice and the sections to return to (`idrefs`) choices open once
visited; `<combat>` a fight with creatures {name, COMBAT_SKILL, ENDURANCE}; `<deadend>` the ending
"death". The rules overlay (`grognard.gamebook.overlay`) adds what the prose says, and may add, drop
or change choices and drop sections. Sections no way leads to are warnings. See
docs/formats/projectaon-overlay.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from pydantic import ValidationError

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file
from grognard.gamebook.book_data import problems_from_validation
from grognard.gamebook.check import unreachable
from grognard.gamebook.model import Book, BookInfo, Choice, Condition, Creature, Section
from grognard.gamebook.overlay import (
    Draft,
    Overlay,
    combine,
    dropped,
    load_overlay,
    merge_section,
    missing_keys,
    orphans,
)
from grognard.gamebook.projectaon_rules import Reading, enforced_with, read_rules
from grognard.gamebook.projectaon_series import BY_CODE, Series, detect_series
from grognard.gamebook.projectaon_xml import CHARACTERS, MAX_BOOK_BYTES, PLACEHOLDER, parse_xml
from grognard.i18n import N_
from grognard.i18n import gettext as _

STATS = {"combatskill": "COMBAT_SKILL", "endurance": "ENDURANCE"}
"""Project Aon's `enemy-attribute` classes and the stat names the creatures get."""

INLINE = {
    "em", "strong", "cite", "thought", "typ", "spell", "item", "onomatopoeia", "foreign", "bookref",
    "a", "link-text", "span", "code", "dfn", "small", "sup", "sub", "book", "character", "enemy",
    "inline", "label",
}  # fmt: skip
"""Inline elements whose text is kept as it stands (no warning)."""
SKIPPED = {"illustration", "instance", "footref", "meta", "link"}
"""Elements left out of the text on purpose (pictures, footnote marks, metadata)."""
TRANSPARENT = {"p", "li", "ul", "ol", "dl", "dt", "dd", "blockquote", "signpost", "line", "linegroup",
               "poetry", "footnote", "footnotes", "tr", "td", "th", "caption", "table", "puzzle",
               "when", "otherwise"}  # fmt: skip
"""Block elements whose text is kept, space-separated, when they sit inside another block."""

_SPACE = re.compile(r"[ \t\r\n]+")
_BREAK = "\ue000"
_SECT = re.compile(r"^sect(\d+)$")


@dataclass(frozen=True)
class ImportReport:
    """An imported book and the warnings of the import (unknown entities, unmapped elements, sections
    without a way on), for the command line to show."""

    book: Book
    warnings: tuple[str, ...]
    reading: Reading | None = None
    """The rules read from the prose (None when the prose was not read)."""


def _tag(el: Element) -> str:
    return el.tag if isinstance(el.tag, str) else ""


def _clean(text: str) -> str:
    text = _SPACE.sub(" ", text)
    text = re.sub(rf" ?{_BREAK} ?", "\n", text).strip()
    for bad, good in (("[[", "[ ["), ("]]", "] ]"), ("<!--", "<! --"), ("-->", "-- >")):
        text = text.replace(bad, good)
    return text


class _Mapper:
    """Turns the numbered sections of a parsed book into drafts, noting unmapped elements."""

    def __init__(self, file: str, warnings: list[str]) -> None:
        self.file = file
        self.warnings = warnings
        self.unmapped: dict[str, dict[str, None]] = {}
        self.characters: dict[str, dict[str, None]] = {}
        self.sid = ""

    def note(self, tag: str, table: dict[str, dict[str, None]] | None = None) -> None:
        (self.unmapped if table is None else table).setdefault(tag, {})[self.sid] = None

    def character(self, el: Element, tag: str) -> str:
        """The text of a `<ch.NAME/>` element; an unknown NAME is shown as `[?ch.NAME]` (and noted),
        any text inside it kept."""
        known = CHARACTERS.get(tag[3:])
        if known is not None:
            return known
        self.note(tag, self.characters)
        return PLACEHOLDER.format(tag) + self.inline(el)

    def inline(self, el: Element, quotes: int = 0, deep: bool = False) -> str:
        parts = [el.text or ""]
        for child in el:
            tag = _tag(child)
            if tag.startswith("ch."):
                parts.append(self.character(child, tag))
            elif tag == "choose":
                branch = _branch(child)
                parts.append("" if branch is None else self.inline(branch, quotes, deep))
            elif tag == "br":
                parts.append(_BREAK)
            elif tag == "quote":
                marks = ("\u2018", "\u2019") if quotes % 2 == 0 else ("\u201c", "\u201d")
                parts.append(marks[0] + self.inline(child, quotes + 1, deep) + marks[1])
            elif tag in SKIPPED or tag == "":
                pass
            elif tag in INLINE or (deep and tag in TRANSPARENT) or tag == "choice":
                text = self.inline(child, quotes, deep)
                parts.append(f" {text} " if deep and tag in TRANSPARENT else text)
            else:
                self.note(tag)
                parts.append(" " + self.inline(child, quotes, True) + " ")
            parts.append(child.tail or "")
        return "".join(parts)

    def text(self, el: Element) -> str:
        return _clean(self.inline(el, deep=True))

    def blocks(self, parent: Element, draft: Draft) -> None:
        for child in parent:
            tag = _tag(child)
            if tag in ("p", "signpost"):
                self.paragraph(draft, self.text(child))
                for inner in child.iter("choice"):
                    self.choice(inner, draft)
            elif tag == "choice":
                self.choice(child, draft)
            elif tag == "combat":
                self.combat(child, draft)
            elif tag == "deadend":
                draft.deadend = True
                self.paragraph(draft, self.text(child))
            elif tag in ("ul", "ol"):
                items = [self.text(li) for li in child.findall("li")]
                marks = [f"{i}." if tag == "ol" else "-" for i in range(1, len(items) + 1)]
                self.paragraph(draft, "\n".join(f"{m} {t}" for m, t in zip(marks, items, strict=True)))
            elif tag == "dl":
                self.paragraph(draft, "\n".join(self.text(item) for item in child))
            elif tag == "puzzle":
                self.puzzle(child, draft)
            elif tag == "choose":
                branch = _branch(child)
                if branch is not None:
                    self.blocks(branch, draft)
            elif tag in ("blockquote", "footnotes", "footnote"):
                self.blocks(child, draft)
            elif tag == "poetry":
                lines = [self.text(line) for line in child.iter("line")]
                self.paragraph(draft, "\n".join(lines))
            elif tag == "table":
                for row in child.iter("tr"):
                    self.paragraph(draft, " | ".join(self.text(cell) for cell in row))
            elif tag in SKIPPED or tag == "":
                continue
            else:
                self.note(tag)
                self.paragraph(draft, self.text(child))

    def paragraph(self, draft: Draft, text: str) -> None:
        if text:
            draft.paragraphs.append(text)

    def target(self, ref: str, draft: Draft, what: str) -> str | None:
        m = _SECT.match(ref)
        if m is None:
            self.warnings.append(
                _("section %(section)s: %(what)s to %(ref)s, not a numbered section; left out")
                % {"section": draft.id, "what": _(what), "ref": repr(ref)}
            )
            return None
        return str(int(m.group(1)))

    def choice(self, el: Element, draft: Draft) -> None:
        target = self.target(el.get("idref", ""), draft, N_("a choice"))
        if target is None:
            return
        text = _clean(self.inline(el, deep=True)).replace("\n", " ") or f"Turn to {target}."
        draft.choices.append(Choice(text=text, target=target))

    def puzzle(self, el: Element, draft: Draft) -> None:
        """A `<puzzle>`: its text is a paragraph; `idref` (the answer) becomes a choice to it, and
        `idrefs` (sections the reader noted earlier) one choice to each, open once it was visited."""
        self.paragraph(draft, self.text(el))
        answer = el.get("idref")
        if answer is not None:
            target = self.target(answer, draft, N_("a puzzle's answer"))
            if target is not None:
                draft.choices.append(Choice(text="Turn to the section the puzzle gives you.", target=target))
        for ref in (el.get("idrefs") or "").split():
            target = self.target(ref, draft, N_("a puzzle's section"))
            if target is not None:
                draft.choices.append(
                    Choice(
                        text=f"Return to section {target}, the one you noted.",
                        target=target,
                        condition=Condition(visited=target),
                    )
                )
        for inner in el.iter("choice"):
            self.choice(inner, draft)

    def combat(self, el: Element, draft: Draft) -> None:
        enemy = el.find("enemy")
        name = self.text(enemy).replace("\n", " ") if enemy is not None else ""
        stats: dict[str, Any] = {"name": name or "Enemy"}
        for attr in el.findall("enemy-attribute"):
            kind = attr.get("class", "")
            value = self.text(attr)
            if kind not in STATS:
                self.warnings.append(
                    _("section %(section)s: combat attribute %(kind)s of %(name)s left out")
                    % {"section": draft.id, "kind": repr(kind), "name": name}
                )
            elif not re.fullmatch(r"-?\d{1,6}", value):
                self.warnings.append(
                    _("section %(section)s: %(kind)s of %(name)s is %(value)s, not a number; left out")
                    % {"section": draft.id, "kind": kind, "name": name, "value": repr(value)}
                )
            else:
                stats[STATS[kind]] = int(value)
        missing = [stat for stat in STATS.values() if stat not in stats]
        if missing:
            self.warnings.append(
                _("section %(section)s: %(name)s has no %(missing)s")
                % {"section": draft.id, "name": name or _("an enemy"), "missing": ", ".join(missing)}
            )
        draft.creatures.append(Creature.model_validate(stats))

    def section(self, el: Element, sid: str) -> Draft:
        self.sid = sid
        draft = Draft(sid)
        title = el.find("meta/title")
        heading = self.text(title).replace("\n", " ") if title is not None else ""
        draft.title = "" if heading in ("", sid) else heading
        data = el.find("data")
        if data is not None:
            self.blocks(data, draft)
        return draft

    def finish(self) -> None:
        for tag, places in self.characters.items():
            shown = PLACEHOLDER.format(tag)
            self.warnings.append(
                _("unknown character <%(tag)s/> (sections %(sections)s): shown as %(shown)s")
                % {"tag": tag, "sections": _places(places), "shown": shown}
            )
        for tag, places in self.unmapped.items():
            self.warnings.append(
                _("unmapped element <%(tag)s> (sections %(sections)s): its text kept as plain text")
                % {"tag": tag, "sections": _places(places)}
            )


def _places(places: dict[str, None]) -> str:
    listed = list(places)
    return ", ".join(listed[:8]) + (", ..." if len(listed) > 8 else "")


def _branch(choose: Element) -> Element | None:
    """The branch of a `<choose>` a plain text edition shows: its `<otherwise>`, else its first `<when>`."""
    otherwise = choose.find("otherwise")
    return otherwise if otherwise is not None else choose.find("when")


def join_names(names: list[str]) -> str:
    """Names as people write them: "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _numbered(root: Element) -> list[Element]:
    """The numbered sections holding no numbered section (the container "numbered" aside). Each
    search stops at the first numbered section inside, so no element is searched twice over."""
    out = []
    for el in root.iter("section"):
        if el.get("class") != "numbered" or el.get("id") == "numbered":
            continue
        data = el.find("data")
        if data is not None and any(s.get("class") == "numbered" for s in data.iter("section")):
            continue
        out.append(el)
    return out


def _section_id(el: Element, file: str) -> str:
    raw = el.get("id", "")
    m = _SECT.match(raw)
    if m is None:
        raise ContentError(
            file, _("section {section}").format(section=repr(raw)), _("a numbered section's id is not sectN")
        )
    return str(int(m.group(1)))


def _drafts(root: Element, file: str, warnings: list[str]) -> tuple[str, str, dict[str, Draft]]:
    if _tag(root) != "gamebook":
        raise ContentError(
            file,
            "",
            _("the root element is <{value}>, not <gamebook>: not a Project Aon book").format(
                value=_tag(root)
            ),
        )
    mapper = _Mapper(file, warnings)
    title_el = root.find("meta/title")
    title = mapper.text(title_el).replace("\n", " ") if title_el is not None else ""
    authors = [
        mapper.text(creator).replace("\n", " ")
        for creator in root.findall("meta/creator")
        if creator.get("class") == "author"
    ]
    author = join_names([a for a in authors if a])
    drafts: dict[str, Draft] = {}
    for el in _numbered(root):
        sid = _section_id(el, file)
        if sid in drafts:
            raise ContentError(
                file, _("section {section}").format(section=sid), _("two numbered sections have this id")
            )
        drafts[sid] = mapper.section(el, sid)
    if not drafts:
        raise ContentError(file, "", _('no numbered sections (<section class="numbered" id="sectN">)'))
    mapper.finish()
    return title, author, drafts


def _build(drafts: dict[str, Draft], title: str, author: str, overlay: Overlay, system: str,
           warn: list[str]) -> Book:  # fmt: skip
    sections: dict[str, Section] = {}
    left_out = dropped(overlay)
    for sid, draft in drafts.items():
        if sid in left_out:
            continue
        merged = merge_section(draft, overlay.sections.get(sid), warn)
        sections[sid] = Section(
            title=merged.title,
            text="\n\n".join(draft.paragraphs),
            effects=merged.effects,
            eat=merged.eat,
            fight=merged.fight,
            test=merged.test,
            choices=merged.choices,
            ending=merged.ending,
        )
    ob = overlay.book
    info = BookInfo(
        title=ob.title or title,
        author=ob.author if ob.author is not None else author,
        system=system,
        start=ob.start or next(iter(sections), ""),
        version=ob.version or "1",
        items=ob.items,
        start_effects=ob.start_effects,
        rules=ob.rules,
    )
    return Book(book=info, sections=sections)


def _check_drops(book: Book, drafts: dict[str, Draft], overlay: Overlay, overlay_file: str) -> None:
    """A dropped section that is the start, or that a section kept still leads to, is refused."""
    left_out = dropped(overlay)
    start = overlay.book.start or next(iter(drafts))
    if start in left_out:
        raise ContentError(overlay_file, f"sections.{start}.drop", _("the start section is dropped"))
    for sid, section in book.sections.items():
        for path, target in section.targets():
            if target in left_out:
                raise ContentError(
                    overlay_file,
                    f"sections.{target}.drop",
                    _(
                        "section {target} is dropped, but section {sid} ({path}) still leads "
                        "to it: drop or retarget that too"
                    ).format(target=target, sid=sid, path=path),
                )


class OtherSeriesError(ContentError):
    """A Project Aon book of another series than the one imported: `found` is its series (a
    `grognard.gamebook.projectaon_series.Series`), `wanted` the one asked for."""

    def __init__(self, file: str, found: Series, wanted: Series) -> None:
        self.found = found
        self.wanted = wanted
        super().__init__(
            file,
            "",
            _(
                "this is %(book)s, not %(series)s: grognard plays the rules of the %(series)s "
                "books only, so it is not imported"
            )
            % {"book": found.book, "series": wanted.name},
        )


def _series_check(root: Element, file: str, series: str, warnings: list[str]) -> None:
    wanted = BY_CODE[series]
    if _tag(root) != "gamebook":
        return
    found = detect_series(root)
    if found is None:
        warnings.append(
            _("the book's series could not be told from its front matter; read as %(series)s")
            % {"series": wanted.name}
        )
    elif found != wanted:
        raise OtherSeriesError(file, found, wanted)


def import_projectaon_bytes(
    data: bytes,
    file: str = "<book>",
    folder: Path | None = None,
    overlay: Overlay | None = None,
    overlay_file: str = "<overlay>",
    system: str = "grey-star",
    series: str = "gs",
    read_prose: bool = False,
    shipped: dict[str, Overlay] | None = None,
) -> ImportReport:
    """A book from the bytes of a Project Aon XML file; `folder` is where entity files may be read
    (None: nowhere). A book of a series other than `series` (a code of
    `grognard.gamebook.projectaon_series.SERIES`) is refused with an `OtherSeriesError`. A
    `ContentError` names the file, the place and the reason.

    With `read_prose`, the rules the text gives (`grognard.gamebook.projectaon_rules`) come first; the
    overlay shipped for the book (`shipped`, by the book's title in the XML) is laid on them, and the
    reader's `overlay` on both."""
    root, warnings = parse_xml(data, file, folder)
    _series_check(root, file, series, warnings)
    overlay = overlay or Overlay()
    reading = None
    try:
        title, author, drafts = _drafts(root, file, warnings)
        missing = missing_keys(overlay, drafts)
        if missing:
            raise ContentError(
                overlay_file,
                "",
                _("keys naming nothing in the book: %(keys)s") % {"keys": ", ".join(missing)},
            )
        ours = (shipped or {}).get(title)
        if ours is not None:
            missing = missing_keys(ours, drafts)
            if missing:
                raise ContentError(
                    _("the rules shipped for %(title)s") % {"title": title},
                    "",
                    _("keys naming nothing in the book: %(keys)s") % {"keys": ", ".join(missing)},
                )
        if read_prose:
            reading = read_rules(drafts, dropped(overlay) | (dropped(ours) if ours else set()))
            base = reading.overlay if ours is None else combine(reading.overlay, ours)
            overlay = combine(base, overlay)
            reading.tally.with_overlays = enforced_with(reading, overlay)
        elif ours is not None:
            overlay = combine(ours, overlay)
        if overlay.book.start is not None and overlay.book.start not in drafts:
            raise ContentError(
                overlay_file, "book.start", _("no section {start!r}").format(start=overlay.book.start)
            )
        book = _build(drafts, title or Path(file).stem or "Untitled", author, overlay, system, warnings)
        _check_drops(book, drafts, overlay, overlay_file)
    except ValidationError as e:
        problems = problems_from_validation(e)
        reason = "; ".join(p.render() for p in problems)
        raise ContentError(file, "", _("cannot build the book: {reason}").format(reason=reason)) from None
    except ValueError as e:
        raise ContentError(file, "", _("cannot build the book: {e}").format(e=e)) from None
    except RecursionError:
        raise ContentError(file, "", _("elements are nested too deep to read")) from None
    meant = orphans(overlay)
    for sid in unreachable(book):
        if sid not in meant:
            warnings.append(
                _(
                    "section %(section)s: no way leads here from the start section %(start)s "
                    "(say orphan = true in the overlay if the book means it)"
                )
                % {"section": sid, "start": book.book.start}
            )
    return ImportReport(book, tuple(warnings), reading)


def import_projectaon(
    xml_path: Path,
    overlay_path: Path | None = None,
    system: str = "grey-star",
    series: str = "gs",
    read_prose: bool = False,
    shipped: dict[str, Overlay] | None = None,
) -> ImportReport:
    """The book in the Project Aon XML file at `xml_path`, with the rules its prose gives, the overlay
    shipped for it and the rules overlay at `overlay_path` merged in, and the import's warnings. Only
    these files, and entity files in the book's own folder, are read."""
    overlay = load_overlay(overlay_path) if overlay_path is not None else None
    data = read_file(xml_path, MAX_BOOK_BYTES, "book")
    return import_projectaon_bytes(
        data, str(xml_path), xml_path.parent, overlay, str(overlay_path or "<overlay>"), system, series,
        read_prose, shipped,
    )  # fmt: skip
