"""Guarded reading of Project Aon XML: decoding, the DOCTYPE, entities, then defusedxml.

The file is decoded as its XML declaration says (ISO-8859-1 or UTF-8 and a few single-byte
relatives). The DOCTYPE is read by our own small scanner, which collects entity declarations and never
reads the external DTD. An external entity is read only when it is a plain file directly in the book's
own folder; a URL or a path leading out of the folder is refused unread. Entity references are
expanded by us under a size budget (an entity bomb is refused at once), from the book's declarations,
then our own table of the names the books use; an unknown name becomes a visible placeholder `[?name]`
and a warning. What remains is plain XML, parsed by defusedxml with DTDs and entities forbidden. A
malformed file is a `ContentError` with its line and column.
"""

from __future__ import annotations

import html.entities
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError
from xml.sax.saxutils import escape

import defusedxml
import defusedxml.ElementTree as safe_et

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file
from grognard.i18n import gettext

MAX_BOOK_BYTES = 32_000_000
"""A book file larger than this is refused unread."""
MAX_ENTITY_FILE_BYTES = 1_000_000
"""An entity file in the book's folder larger than this is refused."""
MAX_EXPANSION = 4_000_000
"""Characters that entity references may produce in all; past it the book is refused (entity bombs)."""
MAX_DEPTH = 24
"""Entities nested deeper than this are refused."""

ENCODINGS = {
    "utf-8": "utf-8",
    "utf8": "utf-8",
    "iso-8859-1": "latin-1",
    "iso8859-1": "latin-1",
    "iso_8859-1": "latin-1",
    "latin-1": "latin-1",
    "latin1": "latin-1",
    "us-ascii": "ascii",
    "ascii": "ascii",
    "iso-8859-15": "iso8859-15",
    "windows-1252": "cp1252",
    "cp1252": "cp1252",
}
"""Declared encodings the importer reads, and the Python codec for each."""

LATIN_1 = tuple(html.entities.codepoint2name[code] for code in range(0xA0, 0x100))
"""The `<ch.*>` names of the Project Aon DTD for the characters U+00A0-U+00FF: their HTML names."""

CHARACTERS = {name: chr(html.entities.name2codepoint[name]) for name in LATIN_1} | {
    "apos": "\u2019",
    "ampersand": "&",
    "lsquot": "\u2018",
    "rsquot": "\u2019",
    "ldquot": "\u201c",
    "rdquot": "\u201d",
    "minus": "\u2212",
    "endash": "\u2013",
    "emdash": "\u2014",
    "ellips": "\u2026",
    "lellips": "\u2026",
    "blankline": "________",
    "percent": "%",
    "thinspace": "\u2009",
    "plus": "+",
    "lte": "\u2264",
    "gte": "\u2265",
    "dagger": "\u2020",
    "frac13": "\u2153",
    "frac23": "\u2154",
    "frac15": "\u2155",
    "frac25": "\u2156",
    "frac35": "\u2157",
    "frac45": "\u2158",
    "frac16": "\u2159",
    "frac56": "\u215a",
    "frac17": "\u2150",
    "frac18": "\u215b",
    "frac38": "\u215c",
    "frac58": "\u215d",
    "frac78": "\u215e",
    "frac19": "\u2151",
    "frac110": "\u2152",
    "frac116": "1\u204416",
}
"""Every character of the Project Aon DTD by its name: the element `<ch.aacute/>` or the entity
`&aacute;` (the books use both), as the Unicode text it stands for."""

LINKS = {"link.project.website": "https://www.projectaon.org/"}
"""Link entities whose text grognard knows."""

PLACEHOLDER = "[?{}]"
"""What an entity nobody declared becomes in the text (and a warning says so)."""
_NAME = r"[A-Za-z_:][\w.:-]*"
_MARK = re.compile(rf"<!--|<!\[CDATA\[|<\?|&(?!(?:amp|lt|gt|quot|apos);)({_NAME});")
_SPACES = re.compile(r"[ \t\r\n]*")
_PARAM_REF = re.compile(rf"%({_NAME});")
_SKIPPED = {"<!--": "-->", "<![CDATA[": "]]>", "<?": "?>"}
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_DECL = re.compile(rb"^<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']")
_ENTITY = re.compile(
    rf"<!ENTITY\s+(%\s+)?({_NAME})\s+(?:\"([^\"]*)\"|'([^']*)'|(SYSTEM|PUBLIC)\s+(.*))>", re.DOTALL
)
_DOCTYPE = re.compile(
    rf"<!DOCTYPE\s+{_NAME}(?:\s+(?:SYSTEM|PUBLIC\s+(?:\"[^\"]*\"|'[^']*'))\s+(?:\"[^\"]*\"|'[^']*'))?\s*"
)
_LITERAL = re.compile(r"\"([^\"]*)\"|'([^']*)'")


@dataclass(frozen=True)
class _Entity:
    value: str | None
    system: str | None
    line: int


@dataclass
class _Reader:
    """The state of one import: the file, its folder, declared entities and the warnings so far."""

    file: str
    folder: Path | None
    entities: dict[str, _Entity] = field(default_factory=dict)
    params: dict[str, _Entity] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    unknown: dict[str, list[int]] = field(default_factory=dict)
    memo: dict[str, str] = field(default_factory=dict)
    spent: int = 0
    modules: int = 0

    def fail(self, location: str, reason: str) -> ContentError:
        return ContentError(self.file, location, reason)


class _Lines:
    """Line numbers of positions in one text, asked for in increasing order: linear work in all."""

    def __init__(self, text: str, base: int = 0) -> None:
        self.text = text
        self.base = base
        self.pos = 0
        self.line = 1 + base

    def at(self, pos: int) -> int:
        if pos < self.pos:
            self.pos, self.line = 0, 1 + self.base
        self.line += self.text.count("\n", self.pos, pos)
        self.pos = pos
        return self.line


# --- decoding and the DOCTYPE ------------------------------------------------------------------------


def decode(data: bytes, file: str) -> str:
    """The text of a book or entity file, decoded as its XML declaration says (UTF-8 when it says
    nothing); a `ContentError` for an encoding grognard does not read or a byte that is not valid."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or data[:2] in (b"\x00<", b"<\x00"):
        raise ContentError(
            file, "line 1", gettext("UTF-16 is not read; save the book as ISO-8859-1 or UTF-8")
        )
    declared = "utf-8"
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    m = _DECL.match(data[:400])
    if m:
        declared = m.group(1).decode("ascii").lower()
    codec = ENCODINGS.get(declared)
    if codec is None:
        raise ContentError(
            file,
            "line 1",
            gettext("encoding {declared!r} is not read (ISO-8859-1 or UTF-8 are)").format(declared=declared),
        )
    try:
        return data.decode(codec)
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ContentError(
            file,
            gettext("line {line}").format(line=line),
            gettext("byte 0x{data:02x} is not valid {declared}").format(
                data=data[e.start], declared=declared
            ),
        ) from None


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def _skip_spaces(text: str, pos: int) -> int:
    m = _SPACES.match(text, pos)
    assert m is not None
    return m.end()


def _skip_quoted(text: str, pos: int, end_char: str) -> int:
    """The index just past `end_char` from `pos`, skipping quoted literals; -1 if never closed."""
    while pos < len(text):
        ch = text[pos]
        if ch in "\"'":
            close = text.find(ch, pos + 1)
            if close < 0:
                return -1
            pos = close + 1
        elif ch == end_char:
            return pos + 1
        else:
            pos += 1
    return -1


def _scan_declarations(reader: _Reader, text: str, pos: int, base: int, top: bool, depth: int) -> int:
    """Reads markup declarations from `pos`; returns the index of the closing `]` (or the end)."""
    lines = _Lines(text, base)
    while True:
        pos = _skip_spaces(text, pos)
        if pos >= len(text):
            if top:
                raise reader.fail(
                    gettext("line {line}").format(line=lines.at(pos)), gettext("the DOCTYPE is never closed")
                )
            return pos
        line = lines.at(pos)
        where = gettext("line {line}").format(line=line)
        if text[pos] == "]" and top:
            return pos
        if text.startswith("<!--", pos):
            end = text.find("-->", pos + 4)
            if end < 0:
                raise reader.fail(where, gettext("a comment in the DOCTYPE is never closed"))
            pos = end + 3
        elif text.startswith("<?", pos):
            end = text.find("?>", pos + 2)
            if end < 0:
                raise reader.fail(where, gettext("a processing instruction in the DOCTYPE is never closed"))
            pos = end + 2
        elif text.startswith("<![", pos):
            raise reader.fail(where, gettext("conditional sections are not read"))
        elif text.startswith("<!", pos):
            end = _skip_quoted(text, pos + 2, ">")
            if end < 0:
                raise reader.fail(where, gettext("a declaration in the DOCTYPE is never closed"))
            _declaration(reader, text[pos:end], line)
            pos = end
        elif text[pos] == "%":
            m = _PARAM_REF.match(text, pos)
            if m is None:
                raise reader.fail(where, gettext("a malformed parameter entity reference in the DOCTYPE"))
            _include_param(reader, m.group(1), line, depth)
            pos = m.end()
        else:
            raise reader.fail(where, gettext("unexpected {text!r} in the DOCTYPE").format(text=text[pos]))


def _declaration(reader: _Reader, decl: str, line: int) -> None:
    if not decl.startswith("<!ENTITY"):
        return
    m = _ENTITY.fullmatch(decl)
    if m is None:
        raise reader.fail(gettext("line {line}").format(line=line), gettext("a malformed entity declaration"))
    param, name = bool(m.group(1)), m.group(2)
    table = reader.params if param else reader.entities
    if name in table:
        return
    if m.group(5) is None:
        value = m.group(3) if m.group(3) is not None else m.group(4)
        table[name] = _Entity(value, None, line)
        return
    literals = [a if a is not None else b for a, b in _LITERAL.findall(m.group(6))]
    count = 1 if m.group(5) == "SYSTEM" else 2
    rest = _LITERAL.sub("", m.group(6)).strip()
    if len(literals) != count or (rest and not re.fullmatch(rf"NDATA\s+{_NAME}", rest)):
        raise reader.fail(
            gettext("line {line}").format(line=line),
            gettext("a malformed external entity declaration of {name}").format(name=name),
        )
    system = literals[-1]
    _safe_path(reader, name, system, line)
    table[name] = _Entity(None, system, line)


def _safe_path(reader: _Reader, name: str, system: str, line: int) -> Path | None:
    """The file an external entity names, if it lies in the book's folder; refused otherwise."""
    where = gettext("line {line}").format(line=line)
    if _SCHEME.match(system) or system.startswith(("//", "\\\\")):
        raise reader.fail(
            where,
            gettext("entity {name} points to {system!r}, a network or absolute address: not read").format(
                name=name, system=system
            ),
        )
    if system.startswith(("/", "\\")) or not system.strip():
        raise reader.fail(
            where,
            gettext("entity {name} points to {system!r}, outside the book's folder: not read").format(
                name=name, system=system
            ),
        )
    if "\x00" in system:
        raise reader.fail(
            where,
            gettext("entity {name} points to {system!r}, not a file name: not read").format(
                name=name, system=system
            ),
        )
    if reader.folder is None:
        return None
    folder = reader.folder.resolve()
    path = (folder / system).resolve()
    if path.parent != folder:
        raise reader.fail(
            where,
            gettext("entity {name} points to {system!r}, outside the book's folder: not read").format(
                name=name, system=system
            ),
        )
    return path


def _read_entity_file(reader: _Reader, name: str, entity: _Entity) -> str | None:
    assert entity.system is not None
    path = _safe_path(reader, name, entity.system, entity.line)
    if path is None or not path.is_file():
        return None
    reader.modules += 1
    if reader.modules > 64:
        raise reader.fail(
            gettext("line {line}").format(line=entity.line), gettext("more than 64 entity files")
        )
    try:
        data = read_file(path, MAX_ENTITY_FILE_BYTES, "entity file")
    except ContentError as e:
        raise reader.fail(
            gettext("line {line}").format(line=entity.line),
            gettext("{entity_system}: {e_reason}").format(entity_system=entity.system, e_reason=e.reason),
        ) from None
    text = decode(data, str(path))
    return re.sub(r"^<\?xml[^>]*\?>", "", text)


def _include_param(reader: _Reader, name: str, line: int, depth: int) -> None:
    entity = reader.params.get(name)
    if entity is None:
        reader.warnings.append(
            gettext("line %(line)s: parameter entity %%%(name)s; is not declared; skipped")
            % {"line": line, "name": name}
        )
        return
    if depth >= 8:
        raise reader.fail(
            gettext("line {line}").format(line=line),
            gettext("parameter entities nested too deep at %{name};").format(name=name),
        )
    if entity.value is not None:
        _spend(reader, entity.value, f"%{name}", line)
        _scan_declarations(reader, entity.value, 0, line - 1, False, depth + 1)
        return
    text = _read_entity_file(reader, name, entity)
    if text is None:
        reader.warnings.append(
            gettext("%(file)s (%%%(name)s;) is not in the book's folder: grognard's own entity table is used")
            % {"file": entity.system, "name": name}
        )
        return
    sub = _Reader(str(entity.system), reader.folder, reader.entities, reader.params, reader.warnings)
    sub.modules = reader.modules
    _scan_declarations(sub, text, 0, 0, False, depth + 1)
    reader.modules = sub.modules


def _doctype(reader: _Reader, text: str) -> str:
    """The text with its XML declaration and DOCTYPE blanked out (lines kept), declarations read."""
    pos = 0
    if text.startswith("<?xml") and text[5:6] in (" ", "?", "\t", "\r", "\n"):
        end = text.find("?>")
        if end < 0:
            raise reader.fail("line 1", gettext("the XML declaration is never closed"))
        text = _blank(text[: end + 2]) + text[end + 2 :]
        pos = end + 2
    while True:
        pos = _skip_spaces(text, pos)
        if text.startswith("<?", pos):
            end = text.find("?>", pos)
            if end < 0:
                raise reader.fail(
                    gettext("line {line}").format(line=_line(text, pos)),
                    gettext("a processing instruction is never closed"),
                )
            pos = end + 2
        elif text.startswith("<!--", pos):
            end = text.find("-->", pos)
            pos = len(text) if end < 0 else end + 3
        else:
            break
    if not text.startswith("<!DOCTYPE", pos):
        return text
    start = pos
    m = _DOCTYPE.match(text, pos)
    if m is None:
        raise reader.fail(
            gettext("line {line}").format(line=_line(text, pos)), gettext("a malformed DOCTYPE")
        )
    pos = m.end()
    if text.startswith("[", pos):
        pos = _scan_declarations(reader, text, pos + 1, 0, True, 0) + 1
        pos = _skip_spaces(text, pos)
    if not text.startswith(">", pos):
        raise reader.fail(
            gettext("line {line}").format(line=_line(text, pos)),
            gettext("the DOCTYPE does not end with '>' (or ']>')"),
        )
    close = pos + 1
    return text[:start] + _blank(text[start:close]) + text[close:]


# --- entities ----------------------------------------------------------------------------------------


def _expand(reader: _Reader, name: str, line: int, stack: tuple[str, ...]) -> str:
    entity = reader.entities.get(name)
    raw: str | None = None
    if entity is not None:
        if name in stack:
            raise reader.fail(
                gettext("line {line}").format(line=line),
                gettext("entity &{name}; refers to itself").format(name=name),
            )
        if len(stack) >= MAX_DEPTH:
            raise reader.fail(
                gettext("line {line}").format(line=line),
                gettext("entities nested deeper than {MAX_DEPTH} at &{name};").format(
                    MAX_DEPTH=MAX_DEPTH, name=name
                ),
            )
        if name in reader.memo:
            return _spend(reader, reader.memo[name], name, line)
        raw = entity.value if entity.value is not None else _read_entity_file(reader, name, entity)
    if raw is None:
        known = CHARACTERS.get(name) or LINKS.get(name)
        if known is None and name in html.entities.name2codepoint:
            known = chr(html.entities.name2codepoint[name])
        if known is None:
            reader.unknown.setdefault(name, []).append(line)
            known = PLACEHOLDER.format(name)
        return _spend(reader, escape(known), name, line)

    value = _expand_text(reader, raw, lambda _: line, (*stack, name))
    value = value.replace("\r", " ").replace("\n", " ")
    reader.memo[name] = value
    return _spend(reader, value, name, line)


def _spend(reader: _Reader, value: str, name: str, line: int) -> str:
    reader.spent += len(value)
    if reader.spent > MAX_EXPANSION:
        raise reader.fail(
            gettext("line {line}").format(line=line),
            gettext(
                "entity expansion passes {MAX_EXPANSION} characters at &{name}; (an entity bomb?)"
            ).format(MAX_EXPANSION=MAX_EXPANSION, name=name),
        )
    return value


def _expand_text(reader: _Reader, text: str, line_of: Callable[[int], int], stack: tuple[str, ...]) -> str:
    """`text` with its entity references expanded, comments, CDATA sections and processing
    instructions passed over untouched. One pass from left to right; an unclosed comment (or the like)
    ends the scan, the parser then refusing the file."""
    out: list[str] = []
    last = pos = 0
    while (mark := _MARK.search(text, pos)) is not None:
        at = mark.start()
        if text[at] == "<":
            closer = _SKIPPED[mark.group()]
            end = text.find(closer, mark.end())
            pos = len(text) if end < 0 else end + len(closer)
            continue
        out.append(text[last:at])
        out.append(_expand(reader, mark.group(1), line_of(at), stack))
        last = pos = mark.end()
    out.append(text[last:])
    return "".join(out)


def _expand_body(reader: _Reader, text: str) -> str:
    return _expand_text(reader, text, _Lines(text).at, ())


def parse_xml(data: bytes, file: str, folder: Path | None) -> tuple[Element, list[str]]:
    """The root element of a book's bytes, entities expanded as the module says, and the warnings.

    `folder` is the book's folder (the only place entity files are read from; None reads none).
    """
    if len(data) > MAX_BOOK_BYTES:
        raise ContentError(
            file,
            "",
            gettext("a book file is at most {MAX_BOOK_BYTES} bytes").format(MAX_BOOK_BYTES=MAX_BOOK_BYTES),
        )
    reader = _Reader(file, folder)
    text = _doctype(reader, decode(data, file))
    text = _expand_body(reader, text)
    try:
        root: Element = safe_et.fromstring(text, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except ParseError as e:
        line, column = e.position
        reason = re.sub(r": line \d+, column \d+$", "", str(e))
        raise ContentError(
            file,
            gettext("line %(line)s, column %(column)s") % {"line": line, "column": column + 1},
            gettext("malformed XML: {reason}").format(reason=reason),
        ) from None
    except defusedxml.DefusedXmlException as e:
        raise ContentError(file, "", gettext("refused: {e}").format(e=e)) from None
    for name, lines in reader.unknown.items():
        shown = PLACEHOLDER.format(name)
        reader.warnings.append(
            gettext("line %(line)s: unknown entity &%(name)s; (%(count)s uses) shown as %(shown)s")
            % {"line": lines[0], "name": name, "count": len(lines), "shown": shown}
        )
    return root, reader.warnings
