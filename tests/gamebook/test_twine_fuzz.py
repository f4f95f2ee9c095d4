"""Any input to the Twee and Twine HTML importers gives a book or a clean error (a `ContentError` or
`ValueError` subclass), in time linear in its size: generated stories, mutated real-shaped stories, and
inputs built to make a backtracking parser hang (issue 20: `:: a` + 600 spaces + `[` was cubic)."""

from __future__ import annotations

import contextlib
import gc
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grognard.engine.errors import ContentError
from grognard.gamebook.twee import import_twee_report
from grognard.gamebook.twine_import import import_html, import_story
from grognard.gamebook.twine_markup import FORMATS, read_markup
from tests.gamebook.helpers import DATA

STORIES = sorted((DATA / "twine").iterdir())
SECONDS = 2.0
"""The time any small input may take (they take milliseconds; a hang is what this catches)."""

FRAGMENTS = [
    ":: ",
    "::Start\n",
    '\n:: A [t1 t2] {"position":"1,1"}\n',
    "\n:: StoryData\n",
    '{"start": "A", "format": "Harlowe"}',
    "\n:: StoryTitle\n",
    "\n:: GrognardBook\n",
    "<!-- grognard\n",
    "<!-- grognard { condition = { gold = 1 } } -->",
    "[[",
    "]]",
    "->",
    "<-",
    "|",
    "][",
    "<<",
    ">>",
    "<</",
    "<<link ",
    "<<goto ",
    "<<actions ",
    "<<textbox ",
    "[img[",
    "[<img[",
    "$next",
    "_t[_i].title",
    "<%= s.x %>",
    "(",
    ")",
    "(goto:",
    "(link-goto:",
    "(link:",
    '"',
    "'",
    "`",
    "{",
    "}",
    "{link to:",
    "<!--",
    "-->",
    "/*",
    "*/",
    "/%",
    "%/",
    "<%",
    "%>",
    "story.show(",
    '<a data-passage="',
    "</a>",
    "<a ",
    "\n",
    "\n--\n",
    " ",
    "\\",
    "\ufeff",
    "\r\n",
    "$x",
    "[",
    "]",
    "https://",
    '<tw-storydata startnode="1" format="SugarCube">',
    '<tw-passagedata pid="1" name="',
    "</tw-passagedata>",
    "</tw-storydata>",
    '<div id="storeArea">',
    '<div tiddler="',
    "</div>",
    "<script>",
    "</script>",
    "&lt;",
    "&amp;",
    "\\n",
]
pieces = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6),
)
stories = st.lists(pieces, max_size=60).map("".join)


def timed(call: Callable[[], object]) -> None:
    """Run `call()`; only a clean error may come out, and within SECONDS of processor time."""
    assert cpu_seconds(call) < SECONDS


@settings(max_examples=400, suppress_health_check=list(HealthCheck), deadline=None)
@given(stories)
def test_generated_twee_gives_a_book_or_a_clean_error(text: str) -> None:
    timed(lambda: import_twee_report(":: Start\n" + text, "f.twee", "toy-gb"))
    timed(lambda: import_story(text.encode("utf-8"), "f", "toy-gb"))


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(stories, st.sampled_from(["", *FORMATS]))
def test_generated_markup_reads_in_every_format(text: str, fmt: str) -> None:
    markup = read_markup(text, fmt)
    assert all(target for _, target in markup.links)


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(stories, st.sampled_from(["", *FORMATS]), st.sets(st.sampled_from(["A", "Start", "$next", "x"])))
def test_generated_markup_knowing_the_names_links_only_to_them(text: str, fmt: str, names: set[str]) -> None:
    markup = read_markup(text, fmt, lambda name: name.strip() in names)
    assert all(target.strip() in names for _, target in markup.links)
    assert not any(target.strip() in names for target in markup.broken)


@settings(max_examples=300, suppress_health_check=list(HealthCheck), deadline=None)
@given(stories)
def test_generated_html_gives_a_book_or_a_clean_error(text: str) -> None:
    timed(lambda: import_html("<tw-storydata>" + text, "f.html", "toy-gb"))
    timed(lambda: import_html(text, "f.html", "toy-gb"))


mutations = st.lists(
    st.tuples(
        st.sampled_from(["delete", "insert", "duplicate", "byte"]),
        st.floats(0, 1),
        st.integers(0, 40),
        pieces,
    ),
    min_size=1,
    max_size=8,
)


def mutate(data: bytes, edits: list[tuple[str, float, int, str]]) -> bytes:
    """`data` with the edits applied at relative positions."""
    for op, where, size, piece in edits:
        at = int(where * len(data))
        if op == "delete":
            data = data[:at] + data[at + size :]
        elif op == "insert":
            data = data[:at] + piece.encode("utf-8") + data[at:]
        elif op == "duplicate":
            data = data[:at] + data[at : at + size] * 3 + data[at:]
        elif data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([(data[at] + size + 1) % 256]) + data[at + 1 :]
    return data


@settings(max_examples=400, suppress_health_check=list(HealthCheck), deadline=None)
@given(st.sampled_from(STORIES), mutations)
def test_mutated_stories_give_a_book_or_a_clean_error(
    path: Path, edits: list[tuple[str, float, int, str]]
) -> None:
    data = mutate(path.read_bytes(), edits)
    timed(lambda: import_story(data, path.name, "toy-gb"))


SIZE = 120_000
HOSTILE = [
    lambda n: ":: a" + " " * n + "[",
    lambda n: ":: a [" + "\\" * n,
    lambda n: ":: a [" + "\\]" * (n // 2),
    lambda n: "[[" * (n // 2),
    lambda n: "[[" * (n // 4) + "\n" + "]]",
    lambda n: "[[" + " " * n + "]]",
    lambda n: "[[ |" * (n // 4) + "]]",
    lambda n: "[[a\n" * (n // 4) + "]]",
    lambda n: "(a:" * (n // 3),
    lambda n: "(a: '" * (n // 5),
    lambda n: "(goto: " * (n // 7),
    lambda n: "(link: 'x')[" * (n // 12),
    lambda n: "(a:" * (n // 6) + ")" * (n // 6),
    lambda n: "<<" * (n // 2),
    lambda n: "<<link " * (n // 7),
    lambda n: "<<goto '" * (n // 8),
    lambda n: "<<a>>" * (n // 5),
    lambda n: "<!--" * (n // 4),
    lambda n: "<!-- grognard\n" * (n // 14),
    lambda n: "/*" * (n // 2),
    lambda n: "{" * n,
    lambda n: "{link to: " * (n // 10),
    lambda n: "`" * n,
    lambda n: "`x" * (n // 2),
    lambda n: "<a " * (n // 3),
    lambda n: '<a data-passage="x">' * (n // 20),
    lambda n: "<%" * (n // 2),
    lambda n: "story.show(" * (n // 11),
    lambda n: "\\" * n + "::",
    lambda n: "'" * n,
    lambda n: "\\\n" * (n // 2),
    lambda n: "x\n--\n" * (n // 5),
    lambda n: '"x' * (n // 2),
    lambda n: '(display: "Start")' * (n // 18),
    lambda n: "".join(f'\n:: P{i}\n(display: "P{i + 1}")[[P{i - 1}]]' for i in range(n // 30)),
    lambda n: "[img[" * (n // 5),
    lambda n: "[img[a][" * (n // 8),
    lambda n: "[img[a][b][" * (n // 11),
    lambda n: "[img[a]" + "[" * n,
    lambda n: "[[x|" + "a." * (n // 2) + "!]]",
    lambda n: "[[x|a" + "[" * n + "]]",
    lambda n: "[[Gone]]" * (n // 8),
    lambda n: "".join(f"[[Gone{i}]]" for i in range(n // 12)),
    lambda n: "\n:: Same\nx" * (n // 10),
    lambda n: '<<textbox "$a" "" "' * (n // 18),
    lambda n: (
        "".join(f"\n:: P{i}\n<<include 'Hub'>>[[P{i}]]" for i in range(n // 30))
        + "\n:: Hub\n"
        + "".join(f"[[H{i}]]" for i in range(n // 30))
    ),
]
HOSTILE_HTML = [
    lambda n: "<" * n,
    lambda n: "<tw-storydata " * (n // 14),
    lambda n: "<tw-storydata><tw-passagedata " * (n // 30),
    lambda n: '<a b="' * (n // 6),
    lambda n: "<a b=" * (n // 5),
    lambda n: "<script>" * (n // 8),
    lambda n: "<!--" * (n // 4),
    lambda n: '<div id="storeArea"><div tiddler="a">' + "\\n" * n,
    lambda n: "<tw-storydata>" + '<tw-passagedata name="a">' + "&lt;&lt;" * (n // 8),
]


def cpu_seconds(call: Callable[[], object]) -> float:
    """The processor time `call` takes (other processes on the machine do not count), clean errors
    allowed."""
    began = time.process_time()
    with contextlib.suppress(ContentError, ValueError):
        call()
    return time.process_time() - began


def assert_linear(read: Callable[[str], object], build: Callable[[int], str]) -> None:
    """Reading eight times the input takes about eight times as long, not sixty-four (quadratic) or
    more. The bound is 20, well clear of both: a loaded machine (caches, other workers) has stretched a
    linear reader's ratio past 8 before; the collector is paused so its sweeps do not land in one run."""
    small_text, large_text = build(SIZE // 8), build(SIZE)
    gc.collect()
    gc.disable()
    try:
        small = min(cpu_seconds(lambda: read(small_text)) for _ in range(3))
        large = min(cpu_seconds(lambda: read(large_text)) for _ in range(3))
    finally:
        gc.enable()
    assert large < 20 * max(small, 0.001), (small, large)


def twee_of(fmt: str) -> Callable[[str], object]:
    head = f':: StoryData\n{{"format": "{fmt}"}}\n:: Start\n'
    return lambda text: import_twee_report(head + text, "h.twee", "toy-gb")


@pytest.mark.parametrize("build", HOSTILE, ids=lambda b: repr(b(8)[:10]))
def test_hostile_twee_is_read_in_linear_time(build: Callable[[int], str]) -> None:
    assert_linear(twee_of(""), build)


@pytest.mark.parametrize("fmt", ["Chapbook", "Snowman", "Harlowe", "SugarCube"])
def test_hostile_twee_in_each_format_is_read_in_linear_time(fmt: str) -> None:
    assert_linear(twee_of(fmt), lambda n: "".join(build(n // len(HOSTILE)) for build in HOSTILE))


@pytest.mark.parametrize("build", HOSTILE_HTML, ids=lambda b: repr(b(8)[:10]))
def test_hostile_html_is_read_in_linear_time(build: Callable[[int], str]) -> None:
    assert_linear(lambda text: import_html(text, "h.html", "toy-gb"), build)


def test_a_file_over_the_limit_is_refused_before_any_work() -> None:
    with pytest.raises(ContentError, match="over"):
        import_story(b" " * 32_000_001, "big.twee", "toy-gb")
