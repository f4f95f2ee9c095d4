"""A passage's markup read for a gamebook: its links and navigation macros become choices, its comments
go, the story format's other macros (code it cannot play) go too, the prose of their hooks kept, and
everything else is kept as plain text; each kind of macro is named once for the import's warnings.

Understood, by story format (an unknown format gets all of them):
- every format: `[[links]]` (`[[target]]`, `[[text|target]]`, `[[text->target]]`, `[[target<-text]]`,
  SugarCube's `[[text|target][setter]]`), `<!-- -->` comments, and `<a data-passage="P">text</a>`;
  a link to a URL stays text;
- Harlowe: `(goto:)`, `(redirect:)`, `(link-goto:)`, `(link-reveal-goto:)`, `(click-goto:)`,
  `(mouseover-goto:)`, `(mouseout-goto:)`; a `(goto:)` inside the hook of a `(link:)` takes its text;
  a changer attached to a link, `(text-colour: red)[[Go->P]]`, leaves the link;
- SugarCube: `<<link>>`, `<<button>>`, `<<click>>`, `<<goto>>` (a bare word too: `<<goto Launch>>`),
  `<<actions>>`, `<<choice>>`, `<<textbox>>` and `<<numberbox>>` given a passage, image links
  `[img[title|image][P]]`; a `<<goto>>` inside `<<link "text">>` ... `<</link>>` takes its text; quoted
  link components (`[["A | B"]]`) and web addresses read as SugarCube reads them; the macros the story
  defines are noted (`Markup.calls`) and their arguments naming passages kept (`Markup.custom`);
  `/* */` and `/% %/` comments;
- Chapbook: `{link to: 'P', label: 'text'}`;
- Snowman: `story.show('P')` inside `<% %>`.
A macro naming its passage by an expression rather than a plain string is not a choice (it is reported).

Given the story's passage names (`exists`), a link reads as Twine plays it: to a passage the story has, a
choice; to an expression (`[[Go|$next]]`, `[[_list[_i].title]]`, `<%= s.room %>`), text left as written
and reported; to a passage the story lacks, a broken link: its text stays at its place with a mark
(`Go on [broken link: no passage 'Nowhere']`), no choice, and the name listed in `Markup.broken`.

Every step is a forward scan with plain string searches whose positions only grow, so the time is
linear in the passage's length; no regular expression here can backtrack over the passage (a link
target the story lacks is tested as an expression by small patterns on that one target).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from grognard.gamebook.twine_html import ascii_lower, tag_at

_OPEN, _SHUT, _CUT = "\ue001", "\ue002", "\ue003"
_TOKEN = re.compile(
    r"\[\[|\[[<>]?[iI][mM][gG]\[|<<|\(([A-Za-z][\w-]*):|\{|<[aA](?=[\s>])|<%|\bstory\.show\(|`+"
)
_LABELS = re.compile(f"{_OPEN}[^{_SHUT}]*{_SHUT}")
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|mailto:|//")
_BLANKS = re.compile(r"\n[ \t]*(?:\n[ \t]*)+\n")
_SEPARATORS = set(" \t|,;/\\•·-–—")
_COMPUTED = re.compile(r"[$_][A-Za-z_][\w.]*|[A-Za-z_][\w.]*\(.*\)")
_EXPRESSION = re.compile(r"[$_][A-Za-z_]|[A-Za-z_]\w*(?:\.\w+|\[[^\]]*\])+$")
_TEMPLATES = ("<%", "%>", "{{", "}}", "${")
_INSERT = re.compile(r"[A-Za-z][A-Za-z ]*(?::.*)?")
_KEYWORDS = frozenset({"null", "undefined", "true", "false", "NaN", "Infinity", "autofocus"})
"""Bare words SugarCube reads as values, and its boxes' `autofocus` keyword: no passage name."""
_EXTERNAL = set("/.?#")

HARLOWE_GOTO = frozenset({"goto", "redirect", "linkgoto", "linkrevealgoto"})
"""Harlowe macros (names folded: no case, `-` or `_`) whose last string is a passage; for the two link
macros given two strings, the first is the link's text."""
HARLOWE_TARGETED = frozenset({"clickgoto", "mouseovergoto", "mouseoutgoto"})
"""Harlowe macros that make a hook or text a link to the passage in their last argument."""
HARLOWE_LINKS = {"link", "linkreveal", "linkrepeat", "linkrerun"}
HARLOWE_EMBEDS = {"display"}
SUGARCUBE_LINKS = {"link", "button", "click"}
SUGARCUBE_EMBEDS = {"include", "display"}
SUGARCUBE_MACROS = frozenset(
    {
        "capture", "set", "unset", "run", "script", "include", "nobr", "print", "=", "-", "silently", "type",
        "if", "elseif", "else", "for", "break", "continue", "switch", "case", "default", "button", "checkbox",
        "cycle", "option", "optionsfrom", "link", "linkappend", "linkprepend", "linkreplace", "listbox",
        "numberbox", "radiobutton", "textarea", "textbox", "actions", "back", "choice", "click", "display",
        "return", "addclass", "append", "copy", "prepend", "remove", "removeclass", "replace", "toggleclass",
        "audio", "cacheaudio", "createaudiogroup", "createplaylist", "masteraudio", "playlist",
        "removeaudiogroup", "removeplaylist", "waitforaudio", "track", "stopallaudio", "setplaylist",
        "uncacheaudio", "goto", "repeat", "stop", "timed", "next", "widget", "done", "do", "redo", "remember",
        "forget", "endif", "endnobr", "endsilently", "endclick", "endbutton", "endwidget", "textinput",
        "radio",
    }
)  # fmt: skip
"""SugarCube's own macros (and Twine 1's Sugarcane, Jonah and Responsive ones); any other macro is one
the story defines (a widget, `Macro.add`), whose arguments naming a passage are followed."""
SUGARCUBE_BOXES = {"textbox", "numberbox"}
"""SugarCube macros whose third argument is the passage to go to when the reader presses Enter."""
BOX_LABEL = "Type an answer and go on"
"""The choice a text or number box with a passage makes (what is typed is not kept)."""
FORMATS = ("harlowe", "sugarcube", "chapbook", "snowman")
HARLOWE_CODE = frozenset(
    {
        "set",
        "put",
        "move",
        "if",
        "unless",
        "elseif",
        "else",
        "print",
        "display",
        "live",
        "stop",
        "either",
        "replace",
        "append",
        "prepend",
        "show",
        "hide",
        "link",
        "linkreveal",
        "linkrepeat",
        "linkrerun",
        "textcolour",
        "textcolor",
        "textstyle",
        "font",
        "align",
        "transition",
        "t8n",
        "css",
        "background",
        "for",
        "loop",
        "a",
        "array",
        "dm",
        "datamap",
        "ds",
        "dataset",
        "history",
        "visited",
        "random",
        "cond",
        "nth",
        "verbatim",
        "v6m",
        "hidden",
        "enchant",
        "click",
        "mouseover",
        "mouseout",
        "after",
        "event",
        "more",
        "meter",
        "cycling-link",
        "cyclinglink",
        "seq-link",
        "seqlink",
        "dropdown",
        "checkbox",
        "input",
        "inputbox",
        "forceinput",
        "forceinputbox",
        "storylet",
        "save-game",
        "savegame",
        "loadgame",
        "undo",
        "restart",
        "reload",
        "alert",
        "prompt",
        "confirm",
        "cycle",
    }
)
"""Harlowe macros (names folded) taken as code in a story of no known format; in a Harlowe story every
macro is code. Code is not played: it goes from the text, the prose of its hook stays."""

Exists = Callable[[str], bool]
"""Whether the story has a passage of this name."""


@dataclass
class Markup:
    """What a passage says: its text, its choices (text, passage name), the kinds of macro kept as plain
    text, and the passages it embeds (`(display:)`, `<<include>>`, `{embed passage:}`)."""

    text: str = ""
    links: list[tuple[str, str]] = field(default_factory=list)
    macros: list[str] = field(default_factory=list)
    embeds: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    """The passages the story lacks that links here name (each a broken link in the text)."""
    dropped: list[str] = field(default_factory=list)
    """The kinds of story-format code taken out of the text (not played; the prose of a hook stays)."""
    custom: list[tuple[str, str]] = field(default_factory=list)
    """The (text, passage) that the arguments of macros the story defines name (`<<acts "Go|Hall">>`)."""
    followed: list[str] = field(default_factory=list)
    """The kinds of macro the story defines whose arguments name passages."""
    calls: list[str] = field(default_factory=list)
    """The macros the passage calls that are not the story format's own (widgets, `Macro.add`)."""


def computed(target: str) -> bool:
    """Whether a link's target is an expression the story works out as it plays (a variable, a call,
    a property, a template) rather than a passage's name."""
    return any(t in target for t in _TEMPLATES) or bool(
        _EXPRESSION.match(target) or _COMPUTED.fullmatch(target)
    )


def broken_link(label: str, target: str) -> str:
    """How a link to a passage the story lacks is shown at its place: its text and a mark."""
    mark = f"[broken link: no passage {target!r}]"
    return f"{label} {mark}" if label else mark


def story_format(name: str) -> str:
    """The story format's family (`harlowe`, `sugarcube`, `chapbook`, `snowman`), or "" if unknown."""
    low = ascii_lower(name).strip()
    if low in ("sugarcane", "jonah", "responsive"):
        return "sugarcube"
    return next((f for f in FORMATS if low.startswith(f)), "")


def strip_comments(text: str, opener: str, closer: str) -> str:
    """`text` without the comments `opener ... closer`; an unclosed one is kept as it stands."""
    pieces: list[str] = []
    i = 0
    while True:
        j = text.find(opener, i)
        if j < 0:
            break
        k = text.find(closer, j + len(opener))
        if k < 0:
            break
        pieces.append(text[i:j])
        i = k + len(closer)
    pieces.append(text[i:])
    return "".join(pieces)


def _string_end(text: str, at: int, end: int) -> int:
    """The index of the quote closing the string that opens at `text[at]`, or -1 before `end`."""
    quote = text[at]
    k = at + 1
    while True:
        k = text.find(quote, k, end)
        if k < 0:
            return -1
        run = 0
        while text[k - 1 - run] == "\\":
            run += 1
        if run % 2 == 0:
            return k
        k += 1


def opens_string(text: str, at: int) -> bool:
    """Whether the quote at `text[at]` opens a string: an apostrophe right after a word or a closing
    bracket is Harlowe's possessive (`$bag's`, `(history:)'s`), not a string."""
    if text[at] != "'" or at == 0:
        return True
    before = text[at - 1]
    return not (before.isalnum() or before in ")]_$")


def literal(arg: str) -> str | None:
    """The value of a plain string literal ("x", 'x', or `[[x]]` link markup's target), else None."""
    arg = arg.strip()
    if (
        len(arg) >= 2
        and arg[0] in "\"'"
        and arg[-1] == arg[0]
        and _string_end(arg, 0, len(arg)) == len(arg) - 1
    ):
        return re.sub(r"\\(.)", r"\1", arg[1:-1])
    return None


def split_args(text: str) -> list[str]:
    """Top-level comma-separated arguments (strings and brackets respected)."""
    args: list[str] = []
    depth = 0
    start = i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in "\"'`" and opens_string(text, i):
            k = _string_end(text, i, n)
            i = n if k < 0 else k + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth <= 0:
            args.append(text[start:i])
            start = i + 1
        i += 1
    args.append(text[start:])
    return [a for a in (a.strip() for a in args) if a]


def sugarcube_args(text: str) -> list[tuple[str, str]]:
    """SugarCube macro arguments as (kind, value): kind `str`, `link` (value `text|target`) or `expr`."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c in "\"'":
            k = _string_end(text, i, n)
            k = n - 1 if k < 0 else k
            out.append(("str", literal(text[i : k + 1]) or text[i + 1 : k]))
            i = k + 1
        elif text.startswith("[[", i):
            k = text.find("]]", i + 2)
            k = n if k < 0 else k
            out.append(("link", text[i + 2 : k]))
            i = k + 2
        elif c == "`":
            k = text.find("`", i + 1)
            k = n - 1 if k < 0 else k
            out.append(("expr", text[i : k + 1]))
            i = k + 1
        else:
            k = i
            while k < n and not text[k].isspace():
                k += 1
            out.append(("expr", text[i:k]))
            i = k
    return out


def bareword(arg: str) -> str | None:
    """A SugarCube macro argument that is a bare word read as a string (`<<goto Launch>>`): not a
    variable, `setup`/`settings`, a keyword, a number or an expression; else None."""
    if not arg or arg[0] in "$_`" or not all(c.isalnum() or c in "-_" for c in arg):
        return None
    if arg in _KEYWORDS or arg.startswith(("setup", "settings")):
        return None
    try:
        float(arg)
    except ValueError:
        return arg
    return None


def split_link(body: str, masked: str | None = None) -> tuple[str, str]:
    """A link's (text, target): `a->b` (the last arrow), `b<-a` (the first), `a|b`, or `b` alone; the
    separators are looked for in `masked` (the body with the parts that cannot hold one blanked, of the
    same length), by default the body itself."""
    masked = body if masked is None else masked
    cut = masked.find("][")
    if cut >= 0:
        body, masked = body[:cut], masked[:cut]
    arrow = masked.rfind("->")
    back = masked.find("<-")
    bar = masked.find("|")
    if arrow >= 0:
        text, target = body[:arrow], body[arrow + 2 :]
    elif back >= 0:
        target, text = body[:back], body[back + 2 :]
    elif bar >= 0:
        text, target = body[:bar], body[bar + 1 :]
    else:
        text = target = body
    return text.strip(), target.strip()


def mask_quotes(text: str) -> str:
    """`text` with what stands between double quotes blanked (the quotes kept), of the same length."""
    pieces: list[str] = []
    i = 0
    while True:
        j = text.find('"', i)
        k = text.find('"', j + 1) if j >= 0 else -1
        if k < 0:
            break
        pieces.append(text[i : j + 1] + "\0" * (k - j - 1) + '"')
        i = k + 1
    pieces.append(text[i:])
    return "".join(pieces)


def _harlowe_extents(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """Where each Harlowe macro call ends (start of `(name:` -> index past its `)`) and where each hook
    ends (its `[` -> index past its `]`), found in one pass."""
    calls: dict[int, int] = {}
    hooks: dict[int, int] = {}
    parens: list[tuple[int, bool]] = []
    brackets: list[int] = []
    n = len(text)
    i = 0
    while i < n:
        c = text[i]
        if parens and c in "\"'" and opens_string(text, i):
            k = _string_end(text, i, n)
            if k < 0:
                break
            i = k + 1
            continue
        if c == "(":
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "-_"):
                j += 1
            is_call = j > i + 1 and j < n and text[j] == ":" and text[i + 1].isalpha()
            if is_call or parens:
                parens.append((i, is_call))
            i = j if is_call else i + 1
            continue
        if c == ")" and parens:
            start, is_call = parens.pop()
            if is_call:
                calls[start] = i + 1
        elif not parens and c == "[":
            brackets.append(i)
        elif not parens and c == "]" and brackets:
            hooks[brackets.pop()] = i + 1
        i += 1
    return calls, hooks


class _Reader:
    """One pass over a passage's text, building its Markup."""

    def __init__(self, text: str, fmt: str, exists: Exists | None) -> None:
        self.exists = exists
        self.fmt = fmt
        self.out: list[str] = []
        self.markup = Markup()
        self.found: dict[str, int] = {}
        self.label = ""
        self.label_until = -1
        harlowe = fmt in ("harlowe", "")
        self.calls, self.hooks = _harlowe_extents(text) if harlowe else ({}, {})
        self.text = self._cut_hooks(text)
        self.low = ascii_lower(self.text)

    def code(self, name: str) -> bool:
        """Whether a Harlowe macro of this name is code to take out of the text."""
        folded = ascii_lower(name).replace("-", "").replace("_", "")
        return self.fmt == "harlowe" or folded in HARLOWE_CODE

    def _cut_hooks(self, text: str) -> str:
        """`text` with the brackets of the hook of each macro that is code marked to go, in one pass."""
        chars: list[str] | None = None
        for start, end in self.calls.items():
            close = self.hooks.get(end, 0) - 1
            name = text[start + 1 : text.find(":", start)]
            linked = text.startswith("[[", end) and not text.startswith("[[[", end)
            if linked and self.hooks.get(end + 1) == close:
                continue  # a changer attached to a link, `(text-colour: red)[[Go->P]]`: the link stays
            if close > 0 and self.code(name) and not _navigation(name):
                chars = list(text) if chars is None else chars
                chars[end] = chars[close] = _CUT
        if chars is None:
            return text
        return "".join(chars)

    def find(self, token: str, at: int) -> int:
        """`text.find(token, at)` for positions that only grow (a cached answer is reused)."""
        hit = self.found.get(token, -2)
        if hit == -1 or hit >= at:
            return hit
        hit = self.low.find(token, at)
        self.found[token] = hit
        return hit

    def macro(self, kind: str) -> None:
        if kind not in self.markup.macros:
            self.markup.macros.append(kind)

    def drop(self, kind: str, end: int) -> int:
        """Take code out of the text (it is not played), named once for the warnings, and go on."""
        if kind not in self.markup.dropped:
            self.markup.dropped.append(kind)
        return end

    def missing(self, target: str) -> bool:
        """Whether the story (when its names are known) has no passage `target`."""
        return self.exists is not None and not self.exists(target)

    def offer(self, label: str, target: str, shown: str | None = None) -> str:
        """A choice of `label` to `target` when the story has that passage, and what stands at its
        place: the label `shown` (default: `label`), or, for a passage the story lacks, a broken link."""
        if self.missing(target):
            self.markup.broken.append(target)
            return broken_link(label, target)
        self.markup.links.append((label or target, target))
        return _OPEN + (label if shown is None else shown) + _SHUT

    def shown(self, piece: str, end: int) -> int:
        """Leave what a link shows where its macro stood (a line of nothing else goes) and go on."""
        self.out.append(piece)
        return end

    def goto(self, target: str, at: int, text: str = "") -> str:
        label = self.label if at < self.label_until else text
        self.label_until = -1
        return self.offer(label, target, "")

    def keep(self, at: int, end: int) -> int:
        """Keep `text[at:end]` as it stands and go on past it."""
        self.out.append(self.text[at:end])
        return end

    def link(self, at: int) -> int:
        end = self.find("]]", at + 2)
        newline = self.find("\n", at + 2)
        if end < 0 or 0 <= newline < end:
            return -1
        inner = self.text.rfind("[[", at, end) + 2
        body = self.text[inner:end]
        text, target = self.split(body)
        if not target:
            return self.keep(at, end + 2)
        if _URL.match(target):
            self.out.append(self.text[at : inner - 2] + text)
        elif self.computed(target):
            self.macro("link to a computed passage")
            return self.keep(at, end + 2)
        elif self.external(target):
            self.out.append(self.text[at : inner - 2] + text)
        else:
            self.out.append(self.text[at : inner - 2] + self.offer(text, target))
        return end + 2

    def split(self, body: str) -> tuple[str, str]:
        """A link's (text, target) as its story format reads it: SugarCube finds no separator inside
        double quotes, and reads a quoted target that names no passage as the string it quotes
        (`[["A | B"]]` is a link to the passage `A | B`)."""
        if self.fmt not in ("sugarcube", "") or '"' not in body:
            return split_link(body)
        text, target = split_link(body, mask_quotes(body))
        plain = text == target
        if self.exists is None or not self.exists(target):
            target = (literal(target) or target).strip()
        return (target if plain else (literal(text) or text).strip()), target

    def external(self, target: str) -> bool:
        """Whether SugarCube reads a link target as a web address: it names no passage of the story and
        holds `/`, `.`, `?` or `#`."""
        return self.fmt == "sugarcube" and self.missing(target) and bool(_EXTERNAL & set(target))

    def computed(self, target: str) -> bool:
        """A link target the story works out as it plays: without the story's names, SugarCube's
        variables and calls; with them, any expression that names no passage of the story."""
        if self.exists is None:
            return self.fmt in ("sugarcube", "") and bool(_COMPUTED.fullmatch(target))
        return not self.exists(target) and computed(target)

    def image(self, at: int, token: str) -> int:
        """A SugarCube (and Twine 1) image, `[img[title|image]]`; with a passage after it,
        `[img[title|image][P]]` or `[img[image][P][setter]]`, a link to that passage."""
        start = at + len(token)
        close = self.find("]", start)
        newline = self.find("\n", start)
        line_end = len(self.text) if newline < 0 else newline
        if close < 0 or close >= line_end or not self.text.startswith("[", close + 1):
            return -1  # a plain image, or no image: left as it stands
        shut = self.text.find("]", close + 2, line_end)
        if shut < 0:
            return -1
        target = self.text[close + 2 : shut].strip()
        target = (literal(target) or target).strip()
        end = shut + 1
        if self.text.startswith("[", end):  # the setter
            setter = self.text.find("]", end + 1, line_end)
            if setter < 0:
                return -1
            end = setter + 1
        if not self.text.startswith("]", end) or not target:
            return -1
        title, bar, _ = self.text[start:close].partition("|")
        label = title.strip() if bar else ""
        if self.computed(target):
            self.macro("link to a computed passage")
            return self.keep(at, end + 1)
        return self.shown(self.offer(label or target, target), end + 1)

    def harlowe(self, at: int, name: str) -> int:
        end = self.calls.get(at, -1)
        if end < 0:
            return -1
        folded = ascii_lower(name).replace("-", "").replace("_", "")
        args = split_args(self.text[at + len(name) + 2 : end - 1])
        values = [literal(a) for a in args]
        if folded in HARLOWE_GOTO or folded in HARLOWE_TARGETED:
            target = values[-1] if values else None
            if not target:
                return self.drop(f"Harlowe ({ascii_lower(name)}:) to a computed passage", end)
            if folded in ("goto", "redirect"):
                return self.shown(self.goto(target, at), end)
            label = values[0] or target if folded in HARLOWE_GOTO and len(values) >= 2 else target
            return self.shown(self.offer(label, target, None if folded in HARLOWE_GOTO else ""), end)
        if folded in HARLOWE_LINKS and values and values[0] and end in self.hooks:
            self.label, self.label_until = values[0], self.hooks[end]
        if folded in HARLOWE_EMBEDS and values and values[0]:
            self.markup.embeds.append(values[0])
        if not self.code(name):
            self.macro(f"Harlowe ({ascii_lower(name)}:)")
            return self.keep(at, end)
        if self.text.startswith("+(", end):  # changers joined, `(text-style:'bold')+(size:2)[...]`
            end += 1
        return self.drop(f"Harlowe ({ascii_lower(name)}:)", end)

    def sugarcube(self, at: int) -> int:
        end = self.find(">>", at + 2)
        if end < 0:
            return -1
        content = self.text[at + 2 : end]
        k = 0
        while k < len(content) and (content[k].isalnum() or content[k] in "/-_=$."):
            k += 1
        name = ascii_lower(content[:k])
        if not name or name == "/":
            return -1
        if name.startswith("/"):
            if name[1:] in SUGARCUBE_LINKS:
                self.label_until = -1
                return end + 2
            return self.drop(f"SugarCube <<{name[1:]}>>", end + 2)
        args = sugarcube_args(content[k:])
        strings = [v if kind == "str" else bareword(v) if kind == "expr" else None for kind, v in args]
        if name in SUGARCUBE_LINKS:
            if args and args[0][0] == "link":
                label, target = self.split(args[0][1])
                if self.computed(target):
                    self.macro("link to a computed passage")
                    return self.drop(f"SugarCube <<{name}>>", end + 2)
                return self.shown(self.offer(label, target), end + 2)
            if len(args) >= 2 and strings[0] is not None and strings[1]:
                return self.shown(self.offer(strings[0], strings[1]), end + 2)
            if len(args) == 1 and strings[0]:
                self.label, self.label_until = strings[0], len(self.text) + 1
                return self.shown(_OPEN + strings[0] + _SHUT, end + 2)
        elif name in SUGARCUBE_BOXES and len(args) >= 3 and strings[2]:
            return self.shown(self.offer(BOX_LABEL, strings[2], ""), end + 2)
        elif name in ("goto", "actions", "choice") and args:
            used = list(zip(args, strings, strict=True))[: len(args) if name == "actions" else 1]
            choices = [
                self.split(v) if kind == "link" else ("", s or "")
                for (kind, v), s in used
                if kind == "link" or s
            ]
            if len(choices) == len(used) and all(t and not self.computed(t) for _, t in choices):
                if name == "choice" and len(args) > 1 and strings[1]:
                    choices = [(strings[1], choices[0][1])]
                pieces = [
                    self.goto(target, at, text) if name == "goto" else self.offer(text, target, "")
                    for text, target in choices
                ]
                return self.shown(" ".join(pieces), end + 2)
            return self.drop(f"SugarCube <<{name}>> to a computed passage", end + 2)
        elif name in SUGARCUBE_EMBEDS and strings and strings[0]:
            self.markup.embeds.append(strings[0])
        elif content[:k] not in SUGARCUBE_MACROS:
            self.markup.calls.append(content[:k])
            self.custom(f"SugarCube <<{content[:k]}>>", args, strings)
        if name == "script":  # its code goes with it, up to <</script>>
            close = self.find("<</script>>", end + 2)
            end = len(self.text) - 2 if close < 0 else close + 9
        return self.drop(f"SugarCube <<{name}>>", end + 2)

    def custom(self, kind: str, args: list[tuple[str, str]], strings: list[str | None]) -> None:
        """The arguments of a macro the story defines (a widget, `Macro.add`) that name a passage of the
        story, `"P"`, `"text|P"` or `[[text|P]]`, noted in `Markup.custom` (what the macro does is not
        played: the import makes them choices of a passage with no other way on); a string naming no
        passage just before a passage's name is its label (`<<go "Begin" "Gender">>`)."""
        if self.exists is None:
            return
        before = ""  # a string just before a passage's name is its label: `<<go "Begin" "Gender">>`
        for (what, value), string in zip(args, strings, strict=True):
            if what == "link":
                label, target = split_link(value)
            elif string is None:
                before = ""
                continue
            elif self.exists(string.strip()):
                label = target = string.strip()
                label = before or label
            else:
                label, target = split_link(string)
            before = "" if self.exists(target) else (string or "").strip()
            if target and self.exists(target):
                self.markup.custom.append((label or target, target))
                if kind not in self.markup.followed:
                    self.markup.followed.append(kind)

    def chapbook(self, at: int) -> int:
        end = self.find("}", at + 1)
        newline = self.find("\n", at + 1)
        if end < 0 or 0 <= newline < end:
            return -1
        content = self.text[at + 1 : end].strip()
        if not _INSERT.fullmatch(content):
            return -1
        name, _, rest = content.partition(":")
        name = " ".join(ascii_lower(name).split())
        args = split_args(rest)
        if name == "link to" and args and (target := literal(args[0])):
            label = ""
            for arg in args[1:]:
                key, _, value = arg.partition(":")
                if key.strip() == "label":
                    label = literal(value) or ""
            return self.shown(self.offer(label or target, target), end + 1)
        if name in ("embed passage", "reveal link") and args:
            named = [literal(a.partition(":")[2]) for a in args if a.startswith("passage")]
            passage = named[0] if named else literal(args[0])
            if passage:
                self.markup.embeds.append(passage)
        return self.drop(f"Chapbook {{{name}}}", end + 1)

    def anchor(self, at: int) -> int:
        _, attrs, end = tag_at(self.text, at)
        target = attrs.get("data-passage", "").strip()
        if not target:
            return -1
        close = self.find("</a>", end)
        stop = len(self.text) if close < 0 else close
        text = " ".join(self.text[end:stop].split())
        after = stop if close < 0 else close + 4
        if self.computed(target):
            self.macro("link to a computed passage")
            return self.keep(at, after)
        self.out.append(self.offer(text, target))
        return after

    def snowman(self, at: int) -> int:
        end = self.find("%>", at + 2)
        stop = len(self.text) if end < 0 else end + 2
        self.drop("Snowman <% %> script", stop)
        i = at
        while True:
            i = self.find("story.show(", i)
            if i < 0 or i >= stop:
                break
            close = self.text.find(")", i, stop)
            value = literal(self.text[i + 11 : close]) if close >= 0 else None
            if value:
                self.offer(value, value)
            i += 11
        return stop

    def run(self) -> Markup:
        text, fmt = self.text, self.fmt
        i = 0
        for m in _TOKEN.finditer(text):
            at = m.start()
            if at < i:
                continue
            token = m.group()
            self.out.append(text[i:at])
            i = at
            end = -1
            if token == "[[":
                end = self.link(at)
            elif token[0] == "[" and fmt in ("sugarcube", ""):
                end = self.image(at, token)
            elif token == "<<" and fmt in ("sugarcube", ""):
                end = self.sugarcube(at)
            elif m.group(1) and fmt in ("harlowe", ""):
                end = self.harlowe(at, m.group(1))
            elif token == "{" and fmt in ("chapbook", ""):
                end = self.chapbook(at)
            elif token == "<%" and fmt in ("snowman", ""):
                end = self.snowman(at)
            elif token == "story.show(" and fmt in ("snowman", ""):
                close = text.find(")", at, at + 1000)
                value = literal(text[at + 11 : close]) if close >= 0 else None
                if value:
                    self.offer(value, value)
                else:
                    self.macro("Snowman story.show() of a computed passage")
            elif token[0] == "<" and token[1] in "aA":
                end = self.anchor(at)
            elif token[0] == "`":
                close = self.find(token, at + len(token))
                end = -1 if close < 0 else self.keep(at, close + len(token))
            if end >= 0:
                i = end
        self.out.append(text[i:])
        self.markup.text = _clean("".join(self.out))
        return self.markup


def _navigation(name: str) -> bool:
    folded = ascii_lower(name).replace("-", "").replace("_", "")
    return folded in HARLOWE_GOTO or folded in HARLOWE_TARGETED


def _clean(text: str) -> str:
    lines = []
    for line in text.replace(_CUT, "").split("\n"):
        if _OPEN in line:
            rest = _LABELS.sub("", line)
            if all(c in _SEPARATORS for c in rest):
                continue
            line = line.replace(_OPEN, "").replace(_SHUT, "")
        lines.append(line.rstrip())
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip("\n")


def _chapbook_body(text: str) -> str:
    """A Chapbook passage without its vars section (`name: value` lines above a `--` line)."""
    split = text.find("\n--\n")
    if split >= 0 and all(":" in line for line in text[:split].split("\n") if line.strip()):
        return text[split + 4 :]
    return text


def widgets(text: str) -> list[tuple[str, str]]:
    """The SugarCube widgets a passage defines, `<<widget "name">>` ... `<</widget>>`, as (name, body),
    found in one pass."""
    found: list[tuple[str, str]] = []
    low = ascii_lower(text)
    i = low.find("<<widget")
    while i >= 0:
        head = low.find(">>", i)
        shut = low.find("<</widget>>", head) if head >= 0 else -1
        if shut < 0:
            break
        args = sugarcube_args(text[i + 8 : head])
        if args and args[0][0] in ("str", "expr") and args[0][1]:
            found.append((args[0][1], text[head + 2 : shut]))
        i = low.find("<<widget", shut)
    return found


def read_markup(text: str, story_format_name: str = "", exists: Exists | None = None) -> Markup:
    """A passage's text, choices, macro kinds and embedded passages under its story format; given
    `exists` (the story's passage names), links to passages it lacks are broken links, not choices."""
    fmt = story_format(story_format_name)
    text = text.replace(_OPEN, "").replace(_SHUT, "").replace(_CUT, "").replace("\r\n", "\n")
    if fmt == "chapbook":
        text = _chapbook_body(text)
    if fmt in ("harlowe", "sugarcube", ""):
        text = text.replace("\\\n", "").replace("\n\\", "")
    text = strip_comments(text, "<!--", "-->")
    if fmt in ("sugarcube", ""):
        text = strip_comments(strip_comments(text, "/*", "*/"), "/%", "%/")
    return _Reader(text, fmt, exists).run()
