"""Accessibility, measured (issue 31): axe-core finds no serious or critical violation on any kind of page
of any system, at 1280 and at 390 CSS px.

The pages are those of the engine-words crawl (`tests/web/test_engine_words.py`, issue 30): its seeded
games of every shipped game, the pages around the tables, an uploaded Twee story and HeroScribe quest, a
week of an Adventures in Fantasy campaign at the referee's desk, a table of two people and the pages of
players by name. Its crawler is run as it is, against the saved-games home of a live server (its
browser, FastAPI's TestClient, on an app with the live server's secret), and each page it reads is opened
in Chromium with that browser's cookies, and axe-core (the copy `axe-playwright-python` ships) run on
it: a page whose kind was seen already is skipped. A page's kind is the set of its elements' shapes
(tag, classes, role, the names of its `data-*` and `aria-*` attributes, and its parent's tag and
classes): a page is audited when it holds a shape no page audited before held, so every shape is seen
by axe at least once, at both widths, in the page it came in. A page answered to a form (a question, a
refusal) is opened as it was answered.

`GROGNARD_AXE_REPORT=<file>` writes every violation found (of any impact) and the pages audited there.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from importlib.resources import files
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext, Page, Route

import tests.web.test_engine_words as crawler
from grognard.web.app import create_app
from grognard.web.settings import Settings
from tests.live_server import SECRET, LiveServer
from tests.web.security.tables_client import Visitor

AXE = (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
"""axe-core, as `axe-playwright-python` ships it (MPL 2.0, its licence beside it in the package)."""
WIDTHS = (1280, 390)
GRAVE = ("serious", "critical")
MOVES = int(os.environ.get("GROGNARD_AXE_MOVES", "0"))
"""`GROGNARD_AXE_MOVES=N` plays each seeded game to N moves at most, for a quicker look; by default each is
played as far as the engine-words crawl plays it (a Talisman shop, a Spell in hand or a hero's lasting
effect first show after 20 moves)."""
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"))


class Shapes(HTMLParser):
    """The shapes of a page's elements: tag, classes, role, the names of its data and ARIA attributes,
    and the tag and classes of its parent."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: set[str] = set()
        self.stack: list[str] = []

    def shape(self, tag: str, attrs: list[tuple[str, str | None]]) -> str:
        found = dict(attrs)
        classes = ".".join(sorted((found.get("class") or "").split()))
        names = sorted(n for n in found if n.startswith(("data-", "aria-")))
        role = found.get("role") or ""
        return f"{tag}.{classes}[{role}]{{{','.join(names)}}}"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        own = self.shape(tag, attrs)
        parent = self.stack[-1].split("[", 1)[0] if self.stack else ""
        self.found.add(f"{parent} > {own}")
        if tag not in VOID:
            self.stack.append(own)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        parent = self.stack[-1].split("[", 1)[0] if self.stack else ""
        self.found.add(f"{parent} > {self.shape(tag, attrs)}")

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth].split(".", 1)[0] == tag:
                del self.stack[depth:]
                return


def document(html: str) -> bool:
    """Whether `html` is a whole page (a fragment the page fetches is audited inside its page)."""
    return html.lstrip()[:15].lower().startswith(("<!doctype", "<html"))


def shapes(html: str) -> set[str]:
    reader = Shapes()
    reader.feed(html)
    reader.close()
    return reader.found


@dataclass(frozen=True)
class Violation:
    """One axe rule broken on one page at one width: the rule, its impact, the elements, and why."""

    page: str
    width: int
    rule: str
    impact: str
    targets: tuple[str, ...]
    why: str


def answering(html: str) -> Callable[[Route], None]:
    """A route handler answering `html`, as the server answered a form."""

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, body=html, content_type="text/html; charset=utf-8")

    return fulfil


def axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands (every rule axe runs by default)."""
    page.evaluate(AXE)
    results: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    violations: list[dict[str, Any]] = results["violations"]
    return violations


@dataclass
class Audit:
    """The pages audited so far and the violations found; a Chromium context per crawling browser and
    width, with that browser's cookies."""

    live: LiveServer
    chromium: Browser
    seen: set[str] = field(default_factory=set)
    audited: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    contexts: dict[tuple[int, int], BrowserContext] = field(default_factory=dict)

    def fresh(self, html: str) -> bool:
        """Whether the page holds a shape not audited yet (and, if so, its shapes are now seen)."""
        found = shapes(html)
        if found <= self.seen:
            return False
        self.seen |= found
        return True

    def pages(self, visitor: Visitor) -> Iterator[tuple[int, Page]]:
        """A page at each width for the crawling browser `visitor`, its cookies copied in."""
        cookies = [
            {"name": c.name, "value": c.value or "", "url": self.live.url} for c in visitor.client.cookies.jar
        ]
        for width in WIDTHS:
            key = (id(visitor), width)
            if key not in self.contexts:
                self.contexts[key] = self.chromium.new_context(viewport={"width": width, "height": 900})
            context = self.contexts[key]
            context.add_cookies(cookies)  # type: ignore[arg-type]
            page = context.pages[0] if context.pages else context.new_page()
            yield width, page

    def visit(self, visitor: Visitor, url: str, label: str, answered: str | None = None) -> None:
        """Open `url` at both widths (as `answered` when it was the answer to a form) and run axe."""
        self.audited.append(label)
        for width, page in self.pages(visitor):
            if answered is None:
                page.goto(self.live.url + url, wait_until="load")
            else:
                address = self.live.url + url.split("?", 1)[0] + "?answered"
                page.route(address, answering(answered))
                page.goto(address, wait_until="load")
                page.unroute(address)
            for v in axe(page):
                targets = tuple(str(n["target"]) for n in v["nodes"][:4])
                why = (v["nodes"][0].get("failureSummary") or "") if v["nodes"] else ""
                self.violations.append(Violation(label, width, v["id"], v["impact"] or "", targets, why))

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        self.contexts.clear()

    def grave(self) -> list[Violation]:
        return [v for v in self.violations if v.impact in GRAVE]

    def report(self) -> str:
        grave = self.grave()
        lines = [f"{len(grave)} serious or critical violation(s) on {len(self.audited)} page(s) audited:"]
        for v in grave:
            lines.append(f"- {v.rule} ({v.impact}) on {v.page} at {v.width} px: {', '.join(v.targets)}")
            lines.append("    " + " | ".join(v.why.split("\n"))[:400])
        return "\n".join(lines)


def auditing(audit: Audit) -> type[crawler.Crawl]:
    """The engine-words crawler's `Crawl`, each page it reads also audited when its kind is new."""

    class Audited(crawler.Crawl):
        def get(self, url: str, status: int = 200) -> str:
            html = super().get(url, status)
            if status == 200 and document(html) and audit.fresh(html):
                audit.visit(self.visitor, url, crawler.label_of(url))
            return html

        def answer(self, url: str, got: Any) -> None:
            super().answer(url, got)
            html = str(got.text)
            page = got.headers.get("content-type", "").startswith("text/html") and document(html)
            if page and audit.fresh(html):
                audit.visit(self.visitor, url, f"{crawler.label_of(url)} (answered {got.status_code})", html)

    return Audited


@pytest.fixture(scope="module")
def audit(live: LiveServer, browser: Browser) -> Iterator[Audit]:
    found = Audit(live, browser)
    yield found
    found.close()
    out = os.environ.get("GROGNARD_AXE_REPORT")
    if out:
        rows = [v.__dict__ for v in found.violations]
        with open(out, "w", encoding="utf-8") as f:
            json.dump({"audited": found.audited, "violations": rows}, f, indent=1)


@pytest.fixture
def crawling(audit: Audit, live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Audit]:
    """The crawler's browsers made on an app with the live server's secret and home, its pages audited."""
    app = create_app(Settings(secret=SECRET))

    def browser(on: Any | None = None) -> Visitor:
        return Visitor(TestClient(on or app, base_url=live.url))

    monkeypatch.setattr(crawler, "browser", browser)
    monkeypatch.setattr(crawler, "SECRET", SECRET)
    monkeypatch.setattr(crawler, "Crawl", auditing(audit))
    yield audit


def assert_no_grave_violation(audit: Audit, run: Callable[[], None]) -> None:
    """Run a crawl; fail on the serious or critical violations found on its pages."""
    before = len(audit.violations)
    run()
    grave = [v for v in audit.violations[before:] if v.impact in GRAVE]
    if grave:
        report = Audit(audit.live, audit.chromium, audited=audit.audited, violations=grave).report()
        pytest.fail(report, pytrace=False)


@pytest.mark.parametrize("game", crawler.GAMES, ids=[g.name for g in crawler.GAMES])
def test_every_kind_of_table_of_every_game_has_no_grave_violation(
    crawling: Audit, game: crawler.Game
) -> None:
    shorter = replace(game, moves=min(game.moves, MOVES)) if MOVES else game
    assert_no_grave_violation(crawling, lambda: crawler.test_a_seeded_game_says_no_engine_word(shorter))


def test_the_pages_around_the_tables_have_no_grave_violation(crawling: Audit) -> None:
    assert_no_grave_violation(crawling, crawler.test_the_pages_around_the_tables_say_no_engine_word)


@pytest.mark.parametrize(
    "crawl",
    [
        crawler.test_an_uploaded_twee_story_says_no_engine_word,
        crawler.test_an_uploaded_heroscribe_quest_says_no_engine_word,
        crawler.test_a_week_of_an_aif_campaign_says_no_engine_word,
        crawler.test_a_table_of_two_people_and_its_refusals_say_no_engine_word,
        crawler.test_the_pages_of_players_by_name_say_no_engine_word,
    ],
    ids=["twee", "heroscribe", "aif-week", "two-people", "players"],
)
def test_uploads_the_desk_and_tables_of_people_have_no_grave_violation(
    crawling: Audit, crawl: Callable[[], None]
) -> None:
    assert_no_grave_violation(crawling, crawl)


BAD_PAGE = (
    "<!doctype html><html lang='en'><head><title>Bad</title></head><body><main>"
    "<p style='color:#bbb;background:#fff'>faint words</p><input type='file'>"
    "<svg role='img'><g role='button' tabindex='0'><rect width='9' height='9'/></g></svg>"
    "</main></body></html>"
)


def test_axe_finds_a_grave_violation_where_there_is_one(browser: Browser) -> None:
    """The audit can fail: a page with faint text, an unlabelled field and a nameless button."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content(BAD_PAGE)
    found = {v["id"] for v in axe(page) if v["impact"] in GRAVE}
    context.close()
    assert {"color-contrast", "label"} <= found, found


def test_a_page_is_audited_again_only_for_a_new_shape() -> None:
    seen = shapes("<div class='a b'><p data-x='1'>x</p></div>")
    assert seen == {" > div.a.b[]{}", "div.a.b > p.[]{data-x}"}
    assert shapes("<div class='b a'><p data-x='2'>y</p><p data-x='3'>z</p></div>") == seen
    assert shapes("<div class='a b'><p data-y>x</p></div>") != seen
