"""The Project Aon importer works in time linear in its input (issue 20: repeated `<!--`, `<![CDATA[`,
`<?` or `&amp;` took time quadratic in the size, 24 s at 160 KB), and any input in the shape of a
Project Aon book, generated or mutated, gives a book or a clean `ContentError` within a time bound.

Timings are compared, never asserted absolutely: a 160 KB input may take at most 30 times as long as
a 16 KB one of the same shape (linear work gives about 10, quadratic about 100), plus a small constant
for the noise of a shared machine."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grognard.engine.errors import ContentError
from grognard.gamebook.check import check_book, check_warnings
from grognard.gamebook.projectaon import import_projectaon_bytes
from grognard.gamebook.projectaon_xml import CHARACTERS

DATA = Path(__file__).parent / "data" / "projectaon"
SMALL = 16_000
BIG = 160_000
RATIO = 30
SLACK = 0.25
BOUND = 2.0
"""Seconds any generated or mutated input (a few KB) may take, import and check together."""


def _book(body: str, doctype: str = "", prolog: str = "") -> bytes:
    head = f"<!DOCTYPE gamebook [{doctype}]>" if doctype else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}{head}<gamebook><meta><title>T</title></meta>'
        f'<section class="numbered" id="sect1"><data><p>{body}</p><deadend/></data></section></gamebook>'
    ).encode()


def _repeat(unit: str, where: str = "body") -> Callable[[int], bytes]:
    def make(size: int) -> bytes:
        text = unit * (size // len(unit))
        if where == "doctype":
            return _book("x", doctype=text)
        if where == "prolog":
            return _book("x", prolog=text)
        if where == "entity":
            return _book("&e;", doctype=f'<!ENTITY e "{text}">')
        return _book(text)

    return make


def _sections(size: int) -> bytes:
    one = (
        '<section class="numbered" id="sect{n}"><data><p>a<zz>b</zz></p>'
        '<choice idref="sect1">c</choice></data></section>'
    )
    count = size // len(one)
    body = "".join(one.format(n=n) for n in range(1, count + 1))
    return f"<gamebook><meta><title>T</title></meta>{body}</gamebook>".encode()


def _nested(size: int) -> bytes:
    depth = size // 60
    opening = '<section class="numbered" id="sect1"><data>' * depth
    return f"<gamebook>{opening}{'</data></section>' * depth}</gamebook>".encode()


SHAPES: dict[str, Callable[[int], bytes]] = {
    "<!-- repeated": _repeat("<!--"),
    "<![CDATA[ repeated": _repeat("<![CDATA["),
    "<? repeated": _repeat("<?"),
    "&amp; repeated": _repeat("&amp;"),
    "&amp; on many lines": _repeat("&amp;\n"),
    "&unknown; repeated": _repeat("&zz;\n"),
    "<ch.eacute/> repeated": _repeat("<ch.eacute/>"),
    "<ch.unknown/> repeated": _repeat("<ch.zz/>"),
    "& without a name": _repeat("&"),
    "<!-- in an entity value": _repeat("<!--", "entity"),
    "&amp; in an entity value": _repeat("&amp;", "entity"),
    "comments in the DOCTYPE": _repeat("<!-- c -->\n", "doctype"),
    "entities in the DOCTYPE": _repeat('<!ENTITY a "b">\n', "doctype"),
    "<!-- unclosed in the DOCTYPE": _repeat("<!--", "doctype"),
    "processing instructions before the DOCTYPE": _repeat("<?p x?>\n", "prolog"),
    "<?xml repeated": _repeat('<?xml version="1.0"?>', "prolog"),
    "many sections with unmapped elements": _sections,
    "numbered sections nested deep": _nested,
}


def _run(data: bytes) -> str:
    try:
        report = import_projectaon_bytes(data, "shape.xml")
    except ContentError as e:
        return f"refused: {e.reason}"
    check_warnings(report.book)
    return f"{len(report.book.sections)} sections"


def _time(data: bytes) -> float:
    best = float("inf")
    for _ in range(3):
        begin = time.perf_counter()
        _run(data)
        best = min(best, time.perf_counter() - begin)
    return best


@pytest.mark.parametrize("shape", list(SHAPES))
def test_work_grows_linearly_with_the_size(shape: str) -> None:
    make = SHAPES[shape]
    small, big = make(SMALL), make(BIG)
    assert len(big) >= 9 * len(small)
    assert _run(small).startswith("refused") == _run(big).startswith("refused")
    t_small, t_big = _time(small), _time(big)
    assert t_big < RATIO * t_small + SLACK, (shape, t_small, t_big)


# --- generated and mutated books -------------------------------------------------------------------

_WORDS = st.sampled_from(["Grey", "Star", "the", "Staff", "glows", "Kleas", "élite", "Giak", "+", " ", "\n"])
_CHAR = st.sampled_from([*sorted(CHARACTERS)[:40], "zz", "aacute", "plus", "frac13"])
_INLINE = st.one_of(
    _WORDS,
    _CHAR.map(lambda n: f"<ch.{n}/>"),
    _CHAR.map(lambda n: f"&{n};"),
    st.sampled_from(["&amp;", "&lt;", "&e1;", "&e2;", "<!-- c -->", "<![CDATA[x]]>", "<?pi x?>", "<br/>"]),
    _WORDS.map(lambda w: f"<em>{w}</em>"),
    _WORDS.map(lambda w: f"<quote>{w}</quote>"),
    _WORDS.map(lambda w: f"<typ class='attribute'>{w}</typ>"),
    st.just("<choose test='x'><when value='true'>A</when><otherwise>B</otherwise></choose>"),
)


def _text(draw: st.DrawFn) -> str:
    return "".join(draw(st.lists(_INLINE, max_size=8)))


@st.composite
def _block(draw: st.DrawFn, count: int) -> str:
    target = draw(st.integers(0, count + 1))
    ref = draw(st.sampled_from([f"sect{target}", "map", "", f"sect{target} sect1"]))
    kind = draw(st.integers(0, 8))
    text = _text(draw)
    if kind == 0:
        return f'<choice idref="{ref}">{text}<link-text>turn to {target}</link-text></choice>'
    if kind == 1:
        return f'<puzzle idref="{ref}">{text}</puzzle>'
    if kind == 2:
        return f'<puzzle idrefs="{ref} sect{count}">{text}</puzzle>'
    if kind == 3:
        cs, end = draw(st.integers(-5, 40)), draw(st.sampled_from(["12", "x", "-3", ""]))
        return (
            f"<combat><enemy>{text}</enemy><enemy-attribute class='combatskill'>{cs}</enemy-attribute>"
            f"<enemy-attribute class='endurance'>{end}</enemy-attribute></combat>"
        )
    if kind == 4:
        return f"<deadend>{text}</deadend>"
    if kind == 5:
        return f"<ul><li>{text}</li><li>{_text(draw)}</li></ul>"
    if kind == 6:
        return f"<blockquote><p>{text}</p><puzzle idref='{ref}'>{_text(draw)}</puzzle></blockquote>"
    if kind == 7:
        return f"<riddle>{text}</riddle>"
    return f"<p>{text}</p>"


@st.composite
def _aon_book(draw: st.DrawFn) -> bytes:
    count = draw(st.integers(1, 6))
    sections = []
    for n in range(1, count + 1):
        blocks = "".join(draw(st.lists(_block(count), max_size=5)))
        sections.append(
            f'<section class="numbered" id="sect{n}"><meta><title>{n}</title></meta>'
            f"<data>{blocks}</data></section>"
        )
    front = "".join(
        f'<section class="frontmatter" id="{i}"><data/></section>'
        for i in draw(
            st.lists(
                st.sampled_from(["powers", "sorcery", "prophecy", "camflage", "sixthsns", "sskills"]),
                max_size=3,
            )
        )
    )
    authors = "".join(f'<creator class="author">{a}</creator>' for a in draw(st.lists(_WORDS, max_size=3)))
    doctype = draw(
        st.sampled_from(["", '<!ENTITY e1 "one &e2;">', '<!ENTITY e1 "x"><!ENTITY e2 "<em>y</em>">'])
    )
    head = f"<!DOCTYPE gamebook [{doctype}]>" if doctype else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{head}<gamebook><meta><title>G</title>{authors}</meta>'
        f'<section id="title"><data>{front}<section class="numbered" id="numbered"><data>{"".join(sections)}'
        "</data></section></data></section></gamebook>"
    ).encode()


def _bounded(data: bytes) -> None:
    begin = time.perf_counter()
    try:
        report = import_projectaon_bytes(data, "gen.xml")
    except ContentError as e:
        assert e.reason
    else:
        from grognard.systems.grey_star.ruleset import GS_RULES

        check_book(report.book, GS_RULES)
        check_warnings(report.book)
    assert time.perf_counter() - begin < BOUND


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(_aon_book())
def test_generated_books_give_a_book_or_a_clean_error_in_bounded_time(data: bytes) -> None:
    _bounded(data)


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.data())
def test_mutated_books_give_a_book_or_a_clean_error_in_bounded_time(data: st.DataObject) -> None:
    raw = bytearray(
        data.draw(st.sampled_from([DATA / "moon-gate.xml", DATA / "kai-shaped.xml"])).read_bytes()
    )
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(raw) - 1))
        cut = data.draw(st.integers(0, 8))
        piece = data.draw(
            st.one_of(
                st.binary(max_size=4),
                st.sampled_from(
                    [b"<!--", b"<![CDATA[", b"<?", b"&amp;", b"&", b"<", b"<puzzle idrefs='sect1'>"]
                ),
            )
        )
        raw[at : at + cut] = piece * data.draw(st.integers(1, 50))
    _bounded(bytes(raw))
