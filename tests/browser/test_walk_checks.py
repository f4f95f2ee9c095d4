"""The walk's two checks can fail, and the walk covers the crawler (`tests/browser/walking.py`): axe finds
a violation of every impact on a page made bad on purpose; an allowance lets pass only the elements it
names (a gamebook fight's, not the melee's); a page is audited as the walk read it, at both widths; a
walk's failure says the machine words and the violations, each apart; every seeded game and walk of the
crawler is walked by one file."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from fastapi.testclient import TestClient
from playwright.sync_api import Browser

import tests.web.test_engine_words as crawler
from grognard.web.app import create_app
from grognard.web.settings import Settings
from tests.browser.walking import (
    ALLOWED,
    GROUPS,
    WALKS_BY_FILE,
    Allowed,
    Audit,
    Violation,
    axe,
    shapes,
    verdict,
)
from tests.live_server import SECRET, LiveServer
from tests.web.security.tables_client import Visitor

BAD_PAGE = (
    "<!doctype html><html lang='en'><head><title>Bad</title></head><body><main><h1>Bad</h1>"
    "<h3>A heading that skips a level</h3>"
    "<p style='color:#bbb;background:#fff'>faint words</p><input type='file'>"
    "<svg role='img'><g role='button' tabindex='0'><rect width='9' height='9'/></g></svg>"
    "<table><thead><tr><th></th><th>Score</th></tr></thead><tbody><tr><th>You</th><td>7</td></tr></tbody>"
    "</table></main></body></html>"
)
"""Faint text (serious), an unlabelled field (critical), a heading that skips a level (moderate) and a
table header cell without words (minor)."""


def test_axe_finds_a_violation_of_every_impact_where_there_is_one(browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_content(BAD_PAGE)
    found = {v["id"]: v for v in axe(page)}
    context.close()
    assert {"color-contrast", "label", "heading-order", "empty-table-header"} <= set(found), found.keys()
    assert {found[r]["impact"] for r in found} >= {"critical", "serious", "moderate", "minor"}
    assert not any(v["allowed"] for v in found.values())


def fight_page(section: str, side: str = "hero") -> str:
    return (
        "<!doctype html><html lang='en'><head><title>Fight</title></head><body><main><h1>A fight</h1>"
        f"<section class='{section}'><h3>Fight</h3><table><thead><tr><th></th><th>SKILL</th></tr></thead>"
        f"<tbody><tr data-side='{side}'><th>You</th><td>9</td></tr></tbody></table></section>"
        "</main></body></html>"
    )


FIGHTS = (
    Allowed("heading-order", "section.fight:has(> table tr[data-side=hero]) > h3", "a test's allowance"),
    Allowed(
        "empty-table-header",
        "section.fight:has(> table tr[data-side=hero]) > table > thead > tr > th:first-child",
        "a test's allowance",
    ),
)
"""An allowance of the kind `ALLOWED` may hold: two rules, each on a fight's elements only."""


def test_an_allowance_lets_pass_only_the_elements_it_names(browser: Browser) -> None:
    assert ALLOWED == (), "the walk lets nothing pass today; a new allowance needs its why"
    context = browser.new_context()
    page = context.new_page()
    page.set_content(fight_page("fight"))
    allowed = {v["id"]: v["allowed"] for v in axe(page, FIGHTS)}
    shipped = {v["id"]: v["allowed"] for v in axe(page)}
    page.set_content(fight_page("card"))
    elsewhere = {v["id"]: v["allowed"] for v in axe(page, FIGHTS)}
    page.set_content(fight_page("fight", side="0"))  # the melee's table: no hero's row
    melee = {v["id"]: v["allowed"] for v in axe(page, FIGHTS)}
    context.close()
    assert allowed == {"heading-order": True, "empty-table-header": True}, allowed
    assert shipped == {"heading-order": False, "empty-table-header": False}, shipped
    assert elsewhere == {"heading-order": False, "empty-table-header": False}, elsewhere
    assert melee == elsewhere, melee


NARROW_ONLY = (
    "<!doctype html><html lang='en'><head><title>Narrow</title><style>.narrow { display: none; }"
    " @media (max-width: 600px) { .narrow { display: block; color: #bbb; background: #fff; } }</style>"
    "</head><body><main><h1>Narrow</h1><p class='narrow'>faint words on a phone</p></main></body></html>"
)
"""Faint words shown only in a window 600 px wide or less."""


def test_a_page_is_audited_as_the_walk_read_it_at_both_widths(live: LiveServer, browser: Browser) -> None:
    """The page is the HTML the walk read (the server knows no such address), loaded once; the faint
    words shown only on a phone are found at 390 px and not at 1280."""
    audit = Audit(live, browser)
    visitor = Visitor(TestClient(create_app(Settings(secret=SECRET)), base_url=live.url))
    try:
        audit.visit(visitor, "/no-such-page?x=1", "narrow", NARROW_ONLY)
        loads = (
            audit.contexts[id(visitor)].pages[0].evaluate("performance.getEntriesByType('navigation').length")
        )
    finally:
        audit.close()
    assert [(v.rule, v.width) for v in audit.violations] == [("color-contrast", 390)], audit.violations
    assert loads == 1
    assert audit.audited == ["narrow"]


WIDE_ON_A_PHONE = (
    "<!doctype html><html lang='en'><head><title>Wide</title></head><body><main><h1>Wide</h1>"
    "<div class='strip' style='width: 700px'>a strip 700 px wide</div>"
    "<div style='overflow-x: auto'><div style='width: 900px'>a table panning in its frame</div></div>"
    "</main></body></html>"
)
"""A page with one thing wider than a phone out in the page and another panning inside its own frame."""


def test_a_page_that_scrolls_sideways_on_a_phone_fails_reflow_and_names_what_sticks_out(
    live: LiveServer, browser: Browser
) -> None:
    """At 390 px the strip makes the page scroll sideways (WCAG 1.4.10): found, and named; the wider
    thing in its own scrolling frame is not named. At 1280 px nothing is found."""
    audit = Audit(live, browser)
    visitor = Visitor(TestClient(create_app(Settings(secret=SECRET)), base_url=live.url))
    try:
        audit.visit(visitor, "/no-such-page?x=2", "wide", WIDE_ON_A_PHONE)
    finally:
        audit.close()
    reflow = [v for v in audit.violations if v.rule == "reflow"]
    assert [(v.width, v.impact) for v in reflow] == [(390, "serious")], audit.violations
    assert "div.strip" in reflow[0].why
    assert "900" not in reflow[0].why


def test_a_walk_fails_on_engine_words_and_on_axe_violations_each_said_apart() -> None:
    def crawl(html: str) -> crawler.Crawl:
        read = crawler.Crawl(cast(Visitor, None), "checks")
        read.check("/games/1", html)
        return read

    clean, dirty = (
        crawl("<html><body><p>You draw a card.</p></body></html>"),
        crawl("<html><body><p>p1 draws a card</p></body></html>"),
    )
    wrong = Violation("/games/1", 390, "heading-order", "moderate", ("h3",), "Fix: use h2")
    let_pass = Violation("/games/1", 390, "heading-order", "moderate", ("h3",), "", allowed=True)
    assert verdict([clean], [], 1) == ""
    assert verdict([clean], [let_pass], 1) == ""
    words = verdict([clean, dirty], [], 1)
    assert words.startswith("Engine words") and "'p1'" in words and "axe-core" not in words, words
    violations = verdict([clean], [wrong, let_pass], 1)
    assert violations.startswith("axe-core") and "1 violation(s)" in violations, violations
    assert "heading-order (moderate) on /games/1 at 390 px: h3" in violations
    both = verdict([dirty], [wrong], 1)
    assert both.index("Engine words") < both.index("axe-core"), both


def test_a_page_is_audited_again_only_for_a_new_shape() -> None:
    seen = shapes("<div class='a b'><p data-x='1'>x</p></div>")
    assert seen == {" > div.a.b[]{}", "div.a.b > p.[]{data-x}"}
    assert shapes("<div class='b a'><p data-x='2'>y</p><p data-x='3'>z</p></div>") == seen
    assert shapes("<div class='a b'><p data-y>x</p></div>") != seen


def test_every_seeded_game_and_walk_of_the_crawler_is_walked_by_one_file() -> None:
    systems = [s for group in GROUPS.values() for s in group]
    assert len(systems) == len(set(systems))
    assert {g.system for g in crawler.GAMES} <= set(systems)
    walks = [w for group in WALKS_BY_FILE.values() for w in group]
    assert sorted(walks) == sorted(crawler.WALKS)
    here = Path(__file__).parent
    for group in GROUPS.keys() | WALKS_BY_FILE.keys():
        assert (here / f"test_walk_{group}.py").is_file(), group
