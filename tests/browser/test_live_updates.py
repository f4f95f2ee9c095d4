"""The live table in a real browser: the bots' moves shown one by one (in order, skippable, the human's
next move still taken), and heavy odds that arrive after the table without holding up a move."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from grognard.web import live_odds
from tests.browser.test_tables import click_action, ply, start_game
from tests.live_server import LiveServer

WATCH = """
window.shown = [];
let last = null;
new MutationObserver(() => {
  const p = document.querySelector('#table [data-ply]');
  if (!p || p === last) return;
  last = p;
  const top = document.querySelector('#table [data-log] li .muted');
  window.shown.push({
    ply: Number(p.dataset.ply), step: p.hasAttribute('data-step'),
    steps: p.dataset.steps, logged: top ? Number(top.textContent) : -1,
  });
}).observe(document, { subtree: true, childList: true });
"""


def _turn(page: Page) -> None:
    page.wait_for_selector("[data-status=your-turn], [data-status=over]", timeout=60_000)


def _play_until_the_bots_move(page: Page, pick: random.Random) -> list[dict[str, object]]:
    """Click this seat's choices until the page has replayed a bot's turn; what the table showed."""
    for _ in range(120):
        _turn(page)
        assert not page.locator("[data-status=over]").count()
        shown: list[dict[str, object]] = page.evaluate("window.shown")
        if any(s["step"] for s in shown):
            return shown
        buttons = page.locator("[data-actions] button[data-action]")
        labels = [b.inner_text().lower() for b in buttons.all()]
        calm = [k for k, text in enumerate(labels) if "drop out" not in text]
        click_action(page, pick.choice(calm or [0]))
    raise AssertionError("the bots never moved")


def test_the_bots_moves_are_shown_one_by_one_and_the_human_then_acts(live: LiveServer, page: Page) -> None:
    page.add_init_script("localStorage.setItem('grognard-step-ms', '250')")
    page.add_init_script(WATCH)
    start_game(page, live.url, "talisman", "game", {"players": "3"}, ["here", "bot", "bot"])
    shown = _play_until_the_bots_move(page, random.Random(3))
    final = shown[-1]
    assert not final["step"] and page.locator("[data-stepping]").count() == 0
    run = [s for s in shown if s["step"]]
    before = shown[shown.index(run[0]) - 1]
    plies = [int(str(s["ply"])) for s in run]
    wanted = [int(x) for x in str(final["steps"]).split() if int(x) > int(str(before["ply"]))]
    assert plies == wanted and len(plies) >= 2, (plies, wanted)
    assert int(str(before["ply"])) < plies[0] and plies[-1] < int(str(final["ply"]))
    logged = [int(str(s["logged"])) for s in [*run, final]]
    assert logged == sorted(logged) and logged[0] < logged[-1], logged
    now = ply(page)
    click_action(page, 0)
    assert ply(page) > now


def test_skip_jumps_to_the_live_table(live: LiveServer, page: Page) -> None:
    page.add_init_script("localStorage.setItem('grognard-step-ms', '20000')")
    page.add_init_script(WATCH)
    start_game(page, live.url, "talisman", "game", {"players": "3"}, ["here", "bot", "bot"])
    pick = random.Random(5)
    for _ in range(120):
        page.wait_for_selector("[data-status=your-turn], [data-stepping]", timeout=60_000)
        if page.locator("[data-stepping]").count():
            break
        buttons = page.locator("[data-actions] button[data-action]")
        labels = [b.inner_text().lower() for b in buttons.all()]
        calm = [k for k, text in enumerate(labels) if "drop out" not in text]
        before = ply(page)
        buttons.nth(pick.choice(calm or [0])).click()
        page.wait_for_function(
            f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
        )
    assert page.locator("[data-stepping]").count() == 1
    page.locator("[data-skip]").click()
    page.wait_for_selector("[data-status=your-turn]", timeout=5_000)  # well before one 20 s step is over
    assert page.locator("[data-stepping]").count() == 0


@pytest.fixture
def slow_odds() -> Iterator[threading.Event]:
    """The server's solved odds held back until the test sets the event (held on the server's side of
    the worker process that solves them)."""
    gate = threading.Event()
    real = live_odds.work_out

    async def held(*args: Any) -> None:
        await asyncio.to_thread(gate.wait, 30)
        await real(*args)

    live_odds.work_out = held  # type: ignore[assignment]
    yield gate
    gate.set()
    live_odds.work_out = real  # type: ignore[assignment]


def test_a_move_is_made_while_the_odds_are_still_being_worked_out(
    live: LiveServer, page: Page, slow_odds: threading.Event
) -> None:
    start_game(page, live.url, "fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])
    assert page.locator("[data-odds-pending]").count() == 1
    first = ply(page)
    click_action(page, 0)
    assert ply(page) > first
    assert page.locator("[data-odds-pending]").count() == 1  # the new position's odds: still coming
    assert page.locator("[data-odds-ready]").count() == 0
    slow_odds.set()
    page.wait_for_selector("[data-odds-ready]", state="attached", timeout=30_000)
    assert page.locator("[data-odds-pending]").count() == 0


def test_an_older_table_arriving_late_is_not_swapped_in(live: LiveServer, page: Page) -> None:
    """The race behind the HeroQuest test's rare timeout: a fetch from the live stream that answers after
    a later move must not put the older table back."""
    game_id = start_game(page, live.url, "fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])
    older = page.evaluate(f"fetch('/games/{game_id}/table').then(r => r.text())")
    first = ply(page)
    click_action(page, 0)
    later = ply(page)
    assert later > first
    page.route(
        f"**/games/{game_id}/table",
        lambda route: route.fulfill(status=200, body=older, content_type="text/html"),
    )
    with page.expect_response(f"**/games/{game_id}/table"):
        page.evaluate("htmx.trigger(document.querySelector('#table'), 'sse:changed')")
    page.wait_for_function(
        "() => !document.querySelector('#table').classList.contains('htmx-request')"
    )  # the answer handled: a swap, had it been allowed, would have happened by now
    assert ply(page) == later
    assert page.locator("[data-actions] button[data-action]").count() > 0


def test_a_click_while_a_live_fetch_is_in_flight_is_taken(live: LiveServer, page: Page) -> None:
    """A move clicked while the live stream's fetch of the table is still out (held here) is posted, not
    queued behind that fetch where a later live fetch could replace it."""
    game_id = start_game(page, live.url, "fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(f"**/games/{game_id}/table", hold)
    stream = "htmx.trigger(document.querySelector('#table'), 'sse:changed')"
    page.evaluate(stream)
    page.wait_for_function("() => document.querySelector('#table').classList.contains('htmx-request')")
    page.evaluate(stream)  # a second change seen while the first fetch is out: queued
    before = ply(page)
    with page.expect_request(f"**/games/{game_id}/act", timeout=10_000):
        page.locator("[data-actions] button[data-action]").first.click()
    page.evaluate(stream)
    for route in held:
        route.continue_()
    page.unroute(f"**/games/{game_id}/table", hold)
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=30_000
    )
