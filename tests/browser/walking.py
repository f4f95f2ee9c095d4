"""One walk, two checks: the engine-words crawl (issue 30, `tests/web/test_engine_words.py`) walks every
kind of page of every system, and each page it reads whose kind is new is audited by axe-core (issue 31)
in Chromium, at 1280 and at 390 CSS px.

The walk is the crawler's: its seeded games of every shipped game, the pages around the tables, an
uploaded Twee story and HeroScribe quest, a week of an Adventures in Fantasy campaign at the referee's
desk, a table of two people and the pages of players by name, read by its own browsers (FastAPI's
TestClient, on an app with the live server's secret and saved-games home). Every page it reads is read
for machine words once. A whole page (not a fragment the page fetches, audited inside its page) holding a
shape no page audited before held is then shown in Chromium as the walk read it (its address answered
with that HTML, the crawling browser's cookies copied in, so the page's scripts, styles and fetches go to
the live server) and axe-core (the copy `axe-playwright-python` ships) is run on it at 1280 px, then
again with the window narrowed to 390 px: each page is fetched from the server once and loaded in
Chromium once. A page's kind is the set of its elements' shapes (tag, classes, role, the names of its
`data-*` and `aria-*` attributes, and its parent's tag and classes).

A walk fails on any machine word and on any axe violation, of any impact, but those `ALLOWED` (each
with why). The failure says both: the machine words found (the crawler's report) and the violations.

The walk is split by system across `tests/browser/test_walk_*.py` (`GROUPS`, `WALKS_BY_FILE`), so
`pytest -n 2 --dist loadfile` shares it between workers; each file has its own live server, and its own
audited shapes. `GROGNARD_AXE_REPORT=<file>` writes every violation found (allowed ones too) and the
pages audited there (a file per test file: its name gets the test file's); `GROGNARD_AXE_MOVES=N` plays
each seeded game to N moves at most.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path
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
HEIGHT = 900
MOVES = int(os.environ.get("GROGNARD_AXE_MOVES", "0"))
"""`GROGNARD_AXE_MOVES=N` plays each seeded game to N moves at most, for a quicker look; by default each is
played as far as the engine-words crawl plays it (a Talisman shop, a Spell in hand or a hero's lasting
effect first show after 20 moves)."""
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"))

GROUPS = {
    "gamebooks": ("fighting-fantasy", "grey-star"),
    "talisman": ("talisman",),
    "heroquest": ("heroquest",),
    "aif": ("adventures-in-fantasy",),
}
"""Which test file walks the seeded games of which systems (`test_walk_<group>.py`)."""
WALKS_BY_FILE = {
    "gamebooks": ("twee",),
    "talisman": ("two-people", "players"),
    "heroquest": ("heroscribe",),
    "aif": ("aif-week", "pages"),
}
"""Which test file walks which of the crawler's other walks (`crawler.WALKS`)."""


@dataclass(frozen=True)
class Allowed:
    """An axe rule let pass on the elements a CSS selector matches, and why."""

    rule: str
    selector: str
    why: str


ALLOWED: tuple[Allowed, ...] = ()
"""The axe findings a walk lets pass: each rule only on the elements its selector matches. None today:
the last two (a fight's heading level and its empty corner cell) were mended in the fight templates."""


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
    """One axe rule broken on one page at one width: the rule, its impact, the elements, why, and
    whether every element it was found on is `ALLOWED`."""

    page: str
    width: int
    rule: str
    impact: str
    targets: tuple[str, ...]
    why: str
    allowed: bool = False


AXE_RUN = """async (allowed) => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  for (const v of results.violations) {
    const let_pass = allowed.filter(a => a.rule === v.id).map(a => a.selector);
    v.allowed = let_pass.length > 0 && v.nodes.every(n => {
      const el = n.target.length === 1 ? document.querySelector(n.target[0]) : null;
      return el !== null && let_pass.some(s => el.matches(s));
    });
  }
  return results.violations;
}"""
"""axe-core run on the page (every rule it runs by default); each violation marked allowed when every
element it names matches a selector `ALLOWED` gives its rule."""


def axe(page: Page, allowed: tuple[Allowed, ...] = ALLOWED) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it stands, each with `allowed` set."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE)
    rules = [{"rule": a.rule, "selector": a.selector} for a in allowed]
    violations: list[dict[str, Any]] = page.evaluate(AXE_RUN, rules)
    return violations


REFLOW = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width + 1) return [];
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.right <= width + 1 || box.width === 0) continue;
    let inside = false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const o = getComputedStyle(up).overflowX;
      const framed = o === 'auto' || o === 'scroll' || o === 'hidden';
      if (framed && up.getBoundingClientRect().right <= width + 1) {
        inside = true; break;
      }
    }
    if (inside) continue;
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\\s+/) : [];
    const name = [el.tagName.toLowerCase(), ...classes.filter(c => c)].join('.');
    wide.push(`${name} (${Math.round(box.right)} px)`);
  }
  return wide.length ? wide : [`the page (${document.documentElement.scrollWidth} px)`];
}"""
"""WCAG 2.2's reflow (1.4.10), which axe does not check: at 390 CSS px nothing may make the page itself
scroll sideways; a board or a table may pan inside its own frame. The elements that stick out, outermost
first (the page itself when none is found)."""


def answering(html: str) -> Callable[[Route], None]:
    """A route handler answering `html`, as the server answered the walk."""

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, body=html, content_type="text/html; charset=utf-8")

    return fulfil


@dataclass
class Audit:
    """The pages audited so far and the violations found; a Chromium page per crawling browser, with
    that browser's cookies."""

    live: LiveServer
    chromium: Browser
    seen: set[str] = field(default_factory=set)
    audited: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    contexts: dict[int, BrowserContext] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    """The time spent loading the pages audited and running axe at each width (for the report)."""

    def fresh(self, html: str) -> bool:
        """Whether the page holds a shape not audited yet (and, if so, its shapes are now seen)."""
        found = shapes(html)
        if found <= self.seen:
            return False
        self.seen |= found
        return True

    def page_of(self, visitor: Visitor) -> Page:
        """The Chromium page of the crawling browser `visitor`, its cookies copied in."""
        key = id(visitor)
        if key not in self.contexts:
            self.contexts[key] = self.chromium.new_context(viewport={"width": WIDTHS[0], "height": HEIGHT})
        context = self.contexts[key]
        cookies = [
            {"name": c.name, "value": c.value or "", "url": self.live.url} for c in visitor.client.cookies.jar
        ]
        context.add_cookies(cookies)  # type: ignore[arg-type]
        return context.pages[0] if context.pages else context.new_page()

    def visit(self, visitor: Visitor, url: str, label: str, html: str) -> None:
        """Show the page the walk read at `url` and run axe on it at each width."""
        self.audited.append(label)
        page = self.page_of(visitor)
        page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
        address = self.live.url + url

        def this(asked: str) -> bool:
            return asked == address

        page.route(this, answering(html))
        start = time.perf_counter()
        try:
            page.goto(address, wait_until="load")
        finally:
            page.unroute(this)
        self.spent("load", start)
        for width in WIDTHS:
            start = time.perf_counter()
            if width != WIDTHS[0]:
                page.set_viewport_size({"width": width, "height": HEIGHT})
            found = axe(page)
            if width != WIDTHS[0]:
                wide: list[str] = page.evaluate(REFLOW)
                if wide:
                    why = "the page scrolls sideways; sticking out: " + ", ".join(wide[:4])
                    found.append({"id": "reflow", "impact": "serious", "nodes": [], "allowed": False})
                    found[-1]["why"] = why
            self.spent(f"axe at {width} px", start)
            for v in found:
                targets = tuple(str(n["target"]) for n in v["nodes"][:4])
                why = (v["nodes"][0].get("failureSummary") or "") if v["nodes"] else v.get("why", "")
                said = Violation(label, width, v["id"], v["impact"] or "", targets, why, bool(v["allowed"]))
                self.violations.append(said)

    def spent(self, what: str, since: float) -> None:
        self.seconds[what] = self.seconds.get(what, 0.0) + time.perf_counter() - since

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
        self.contexts.clear()


def auditing(audit: Audit) -> type[crawler.Crawl]:
    """The engine-words crawler's `Crawl`, each whole page it reads also audited when its kind is new."""

    class Audited(crawler.Crawl):
        def get(self, url: str, status: int = 200) -> str:
            html = super().get(url, status)
            if status == 200 and document(html) and audit.fresh(html):
                audit.visit(self.visitor, url, crawler.label_of(url), html)
            return html

        def answer(self, url: str, got: Any) -> None:
            super().answer(url, got)
            html = str(got.text)
            page = got.headers.get("content-type", "").startswith("text/html") and document(html)
            if page and audit.fresh(html):
                label = f"{crawler.label_of(url)} (answered {got.status_code})"
                audit.visit(self.visitor, url, label, html)

    return Audited


def verdict(crawls: list[crawler.Crawl], violations: list[Violation], audited: int) -> str:
    """What a walk found, said in two parts (empty when nothing): the machine words, by the crawler's
    report; the axe violations not allowed, each with its page, width, elements and why."""
    parts = []
    words = crawler.engine_words_report(crawls)
    if words:
        parts.append("Engine words (issue 30, the rules in tests/web/test_engine_words.py):\n" + words)
    bad = [v for v in violations if not v.allowed]
    if bad:
        lines = [f"axe-core (issue 31): {len(bad)} violation(s) on the {audited} page(s) audited so far:"]
        for v in bad:
            lines.append(f"- {v.rule} ({v.impact}) on {v.page} at {v.width} px: {', '.join(v.targets)}")
            lines.append("    " + " | ".join(v.why.split("\n"))[:400])
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


@dataclass
class Walking:
    """Runs the crawler's walks with their pages audited, and fails a test on what either check found."""

    audit: Audit

    def check(self, walk: Callable[[], list[crawler.Crawl]]) -> None:
        before = len(self.audit.violations)
        crawls = walk()
        said = verdict(crawls, self.audit.violations[before:], len(self.audit.audited))
        if said:
            pytest.fail(said, pytrace=False)

    def game(self, game: crawler.Game) -> None:
        shorter = replace(game, moves=min(game.moves, MOVES)) if MOVES else game
        self.check(lambda: crawler.walk_a_seeded_game(shorter))

    def walk(self, name: str) -> None:
        self.check(crawler.WALKS[name])


def games(group: str) -> list[crawler.Game]:
    """The crawler's seeded games a file walks."""
    return [g for g in crawler.GAMES if g.system in GROUPS[group]]


def auditor(live: LiveServer, browser: Browser, request: pytest.FixtureRequest) -> Iterator[Audit]:
    """A module's audit (the body of the `audit` fixture, `tests/browser/conftest.py`); the report
    written when `GROGNARD_AXE_REPORT` asks."""
    found = Audit(live, browser)
    yield found
    found.close()
    out = os.environ.get("GROGNARD_AXE_REPORT")
    if out:
        name = Path(out)
        where = name.with_name(f"{name.stem}-{request.module.__name__.rsplit('.', 1)[-1]}{name.suffix}")
        rows = [v.__dict__ for v in found.violations]
        seconds = {k: round(v, 1) for k, v in found.seconds.items()}
        report = {"audited": found.audited, "seconds": seconds, "violations": rows}
        where.write_text(json.dumps(report, indent=1), "utf-8")


def walker(audit: Audit, live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> Walking:
    """The crawler's browsers made on an app with the live server's secret and home, its pages audited
    (the body of the `walking` fixture)."""
    app = create_app(Settings(secret=SECRET))

    def browser(on: Any | None = None) -> Visitor:
        return Visitor(TestClient(on or app, base_url=live.url))

    monkeypatch.setattr(crawler, "browser", browser)
    monkeypatch.setattr(crawler, "SECRET", SECRET)
    monkeypatch.setattr(crawler, "Crawl", auditing(audit))
    return Walking(audit)
