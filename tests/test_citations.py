"""Every rulebook citation in the rulings and the systems' guides points at the right line.

A citation is "line N", "lines N and M", "lines N, M, K", "lines N-M" (in the system's own rulebook, or
in the rulebook file named just before it), or `FILE:N` / `FILE:N-M`. Its evidence is what the text says
is there: the rule numbers ("15:8") and the quoted words between the citation before it and this one (in
the same paragraph, list item or table row), and a quote that follows it at once (`line 281 "end their
Move"`). One of the lines it names must hold one of them: a rule number at the start of the line (where
the rule is printed) or the quoted words (an ellipsis inside a quote leaves words out). A quote that is
nowhere in the rulebook is not its words (our own names, a paraphrase) and is no evidence. A citation
with no evidence must still be a line of the rulebook.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from tests.seeds import Rulebook

DOCS = Path(__file__).resolve().parents[1] / "docs"

RULEBOOKS = {
    "fighting-fantasy": "000_13d85f0bd5b613c5.txt",
    "grey-star": "001_2055bbb054c2d265.txt",
    "adventures-in-fantasy": "002_8449cbd1010a37a5.txt",
    "talisman": "003_1ead471cbf19a248.txt",
    "heroquest": "004_24cd6f974fe6a1ee.txt",
}
"""The rulebook (seeds/README.md) each system's docs cite by bare line numbers."""

FILES = sorted(f"{kind}/{system}.md" for kind in ("rulings", "systems") for system in RULEBOOKS)

SEED = r"\d{3}_[0-9a-f]{16}\.txt"
NUMBERS = r"\d+(?:\s*(?:-|–|,|, and|and|&)\s*\d+)*"
CITATION = re.compile(rf"(?P<file>{SEED}):(?P<fnums>\d+(?:-\d+)?)|\b[Ll]ines?\s+(?P<nums>{NUMBERS})")
RULE = re.compile(r"(?<![\d.:/])(\d{1,2}:\d{1,2})(?![\d:])")
QUOTE = re.compile(r'"([^"\n]{3,}?)"|“([^”\n]{3,}?)”')
NAMED_SEED = re.compile(rf"({SEED})(?!:\d)")
SPREAD = 4
"""Quoted words found on more lines than this (a phrase every spell card repeats) place no citation."""
BARE = re.compile(r"\((\d{1,4})(?=[:),])")


@dataclass(frozen=True)
class Citation:
    """One citation: where it is, the rulebook and lines it names, and the evidence beside it."""

    doc: str
    line: int
    text: str
    rulebook: str
    lines: tuple[int, ...]
    span: bool
    rules: tuple[str, ...]
    quotes: tuple[str, ...]
    elsewhere: tuple[int, ...] = ()


def blocks(text: str) -> list[tuple[int, str]]:
    """Paragraphs, list items and table rows, each with the number of its first line."""
    out: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        new = not line or line.startswith(("|", "- ", "* ", "#")) or bool(re.match(r"\d+\. ", line))
        if new and current:
            out.append((start, " ".join(current)))
            current = []
        if not line:
            continue
        if line.startswith("|"):
            out.append((number, line))
            continue
        if not current:
            start = number
        current.append(line)
    if current:
        out.append((start, " ".join(current)))
    return out


def numbers(text: str, span_ok: bool) -> tuple[tuple[int, ...], bool]:
    """The line numbers of "N", "N and M", "N, M", "N-M" (a span: every line from N to M)."""
    parts = re.findall(r"\d+|[-–]", text)
    if span_ok and len(parts) == 3 and parts[1] in "-–":
        return tuple(range(int(parts[0]), int(parts[2]) + 1)), True
    return tuple(int(p) for p in parts if p.isdigit()), False


def citations(doc: str, text: str) -> list[Citation]:
    """Every citation of one document with its evidence."""
    system = Path(doc).stem
    out: list[Citation] = []
    for first, block in blocks(text):
        found = list(CITATION.finditer(block))
        cited = [numbers(m.group("fnums") or m.group("nums"), True)[0] for m in found]
        bare = {int(n) for n in BARE.findall(block)}
        for k, match in enumerate(found):
            elsewhere = bare.union(*(c for j, c in enumerate(cited) if j != k)) - set(cited[k])
            lo = found[k - 1].end() if k else 0
            hi = found[k + 1].start() if k + 1 < len(found) else len(block)
            before = block[lo : match.start()]
            after = block[match.end() : hi]
            follows = re.match(r'\s*[,:]?\s*("[^"]{3,}?"|“[^”]{3,}?”)', after)
            window = before + " " + (follows.group(1) if follows else "")
            plain = CITATION.sub(" ", before)
            named = NAMED_SEED.findall(window)
            if match.group("file"):
                rulebook = match.group("file")
                lines, span = numbers(match.group("fnums"), True)
            else:
                rulebook = named[-1] if named else RULEBOOKS[system]
                lines, span = numbers(match.group("nums"), True)
            quotes = tuple(a or b for a, b in QUOTE.findall(window))
            rules = tuple(RULE.findall(plain))
            out.append(
                Citation(
                    doc, first, match.group(0), rulebook, lines, span, rules, quotes, tuple(sorted(elsewhere))
                )
            )
    return out


def _norm(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def holds(line: str, rules: tuple[str, ...], quotes: tuple[str, ...]) -> bool:
    """Whether a rulebook line holds one of the rule numbers (printed at its start) or quoted words."""
    plain = _norm(line)
    if any(re.match(rf"{re.escape(r)}(?!\d)", plain) for r in rules):
        return True
    for quote in quotes:
        pieces = [p.strip(" .,;:") for p in re.split(r"\.\.\.|…", _norm(quote))]
        pieces = [p for p in pieces if len(p) >= 3]
        if pieces and all(p in plain for p in pieces):
            return True
    return False


def wrong(citation: Citation, book: list[str]) -> str | None:
    """Why a citation is wrong, or None."""
    if not citation.lines or any(n < 1 or n > len(book) for n in citation.lines):
        return f"line out of the rulebook ({len(book)} lines)"
    others = [book[n - 1] for n in citation.elsewhere if 0 < n <= len(book)]
    rules = tuple(r for r in citation.rules if _evidence(book, others, (r,), ()))
    quotes = tuple(q for q in citation.quotes if _evidence(book, others, (), (q,)))
    if not rules and not quotes:
        return None
    if any(holds(book[n - 1], rules, quotes) for n in citation.lines):
        return None
    return f"line(s) {list(citation.lines)} hold none of {rules + quotes}"


def _evidence(book: list[str], others: list[str], rules: tuple[str, ...], quotes: tuple[str, ...]) -> bool:
    """Whether a rule number or quote places a citation: a rule number printed in the rulebook, or words
    of at least three words found on one to `SPREAD` of its lines; and not what another citation of the
    same paragraph points at (a quote written after one citation and before the next belongs to either)."""
    if quotes and len(quotes[0].split()) < 3:
        return False
    at = sum(1 for line in book if holds(line, rules, quotes))
    if not at or (quotes and at > SPREAD):
        return False
    return not any(holds(line, rules, quotes) for line in others)


def all_citations() -> list[Citation]:
    """Every citation of every rulings and guide file."""
    out: list[Citation] = []
    for doc in FILES:
        path = DOCS / doc
        if path.is_file():
            out += citations(doc, path.read_text(encoding="utf-8"))
    return out


def test_the_parser_reads_every_form_of_citation() -> None:
    """Runs without the rulebooks: the forms of citation and the evidence beside them."""
    text = (
        '**15:8** "The instructions" (line 324). 6:2 printed twice (lines 152 and 154).\n\n'
        '| 3 | "ceremonial stave (+1)" (line 729) | "staff" (lines 1183-1195) |\n\n'
        '(12:1, 003_1ead471cbf19a248.txt:257 "may be taken")'
    )
    found = citations("rulings/talisman.md", text)
    assert [(c.lines, c.span) for c in found] == [
        ((324,), False),
        ((152, 154), False),
        ((729,), False),
        (tuple(range(1183, 1196)), True),
        ((257,), False),
    ]
    assert found[0].rules == ("15:8",) and found[0].quotes == ("The instructions",)
    assert found[1].rules == ("6:2",) and found[2].quotes == ("ceremonial stave (+1)",)
    assert found[4].rules == ("12:1",) and found[4].rulebook == "003_1ead471cbf19a248.txt"
    assert holds("15:8 The instructions on the Card are followed.", ("15:8",), ())
    assert not holds("15:7 Only after any Events (15:8)", ("15:8",), ())
    assert holds("Any Stranger may be visited and any Gold", (), ("may be ... visited",))
    assert wrong(found[0], ["x"] * 10) is not None
    book = ["x"] * 400
    book[323] = "15:8 The instructions on the Card are followed."
    assert wrong(found[0], book) is None
    assert wrong(replace(found[0], lines=(395,)), book) is not None


def test_the_docs_have_citations_to_check() -> None:
    """The files are there and cite their rulebooks (so the test below checks something)."""
    found = all_citations()
    assert len(found) > 300
    assert {Path(c.doc).stem for c in found} >= {"talisman", "heroquest", "grey-star", "fighting-fantasy"}


@pytest.mark.parametrize("doc", FILES)
def test_every_citation_points_at_its_rule(doc: str) -> None:
    """Each "line N" / `FILE:N` citation of a rulings or guide file holds the rule number or the quoted
    words written beside it (the rulebooks are read through tests/seeds.py)."""
    path = DOCS / doc
    if not path.is_file():
        pytest.skip(f"{doc} is not written")
    books: dict[str, list[str]] = {}
    problems = []
    for citation in citations(doc, path.read_text(encoding="utf-8")):
        if citation.rulebook not in books:
            books[citation.rulebook] = Rulebook(citation.rulebook).lines()
        why = wrong(citation, books[citation.rulebook])
        if why is not None:
            problems.append(f"{doc}:{citation.line} {citation.text!r}: {why}")
    assert not problems, "\n".join(problems)
