"""The pages under the Content-Security-Policy (issue 29): no template carries an inline script, handler,
`javascript:` link or style attribute, and a table, its replay and an error page load in Chromium with
the policy on and no console error (a CSP violation is one), while the policy does block an inline style."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from grognard.web.hardening import CONTENT_SECURITY_POLICY
from grognard.web.systems.talisman import COLOURS
from tests.browser.conftest import Console
from tests.browser.test_tables import ply, start_game
from tests.live_server import LiveServer

WEB = Path(__file__).parents[2] / "src" / "grognard" / "web"
INLINE = {
    "an inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "an inline handler": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "a javascript: link": re.compile(r"javascript:", re.IGNORECASE),
    "a style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "a style element": re.compile(r"<style\b", re.IGNORECASE),
    "an htmx handler": re.compile(r"\shx-on", re.IGNORECASE),
}


def test_no_template_carries_inline_script_or_style() -> None:
    found = [
        f"{path.relative_to(WEB)}: {what}"
        for path in sorted((WEB / "templates").rglob("*.html"))
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_every_token_colour_has_its_css_rule() -> None:
    css = (WEB / "static" / "grognard.css").read_text(encoding="utf-8")
    for i, colour in enumerate(COLOURS):
        assert f'.t-sheet[data-seat-colour="{i}"] {{ --seat: {colour}; }}' in css


def act(page: Page, index: int) -> None:
    """Click the index-th action and wait for a later move (a function, not an expression, is polled:
    Playwright evaluates a polled expression with `eval`, which the policy forbids as it should)."""
    before = ply(page)
    page.locator("[data-actions] button[data-action]").nth(index).click()
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def _rgb(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_a_table_loads_under_the_policy_with_no_console_error(live: LiveServer, page: Page) -> None:
    start_game(page, live.url, "talisman", "game", {"players": "2"}, ["here", "bot"])
    answer = page.reload()
    assert answer is not None and answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    page.wait_for_selector("[data-sheet='1']")
    for seat in (0, 1):
        border = page.locator(f"[data-sheet='{seat}']").evaluate("e => getComputedStyle(e).borderLeftColor")
        assert border == _rgb(COLOURS[seat])  # the colour from grognard.css, not an inline style
    act(page, 0)  # htmx swaps the table in (its indicator styles are not injected)


def test_the_replay_slider_and_an_error_pages_back_link_work_without_inline_script(
    live: LiveServer, page: Page, console: Console
) -> None:
    game_id = start_game(page, live.url, "fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])
    act(page, 0)
    page.goto(f"{live.url}/games/{game_id}/replay")
    slider = page.locator("[data-replay]")
    slider.evaluate("e => { e.value = '1'; }")
    slider.dispatch_event("input")
    assert page.locator("#shown").inner_text() == "1"
    assert "ply=" not in page.url  # shown while sliding, asked for when let go
    with page.expect_navigation(url=re.compile(r"ply=1")):
        slider.dispatch_event("change")
    console.allow(404)
    page.goto(f"{live.url}/no/such/page")
    page.locator("a[data-back]").click()
    page.wait_for_url(re.compile(r"/replay\?ply=1"))


def test_the_policy_blocks_an_inline_style(live: LiveServer, page: Page, console: Console) -> None:
    page.goto(f"{live.url}/tools")
    width = page.evaluate(
        """() => {
            document.body.insertAdjacentHTML("beforeend", '<div id="injected" style="width: 123px"></div>');
            return getComputedStyle(document.getElementById("injected")).width;
        }"""
    )
    assert width != "123px"
    page.wait_for_timeout(200)
    blocked = [e for e in console.errors if "Content Security Policy" in e]
    assert blocked, console.errors
    console.errors[:] = [e for e in console.errors if e not in blocked]
