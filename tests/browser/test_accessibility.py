"""The boards to a screen reader and the keyboard (issue 31), checked in the accessibility tree Chromium
builds (Playwright's ARIA snapshots): every place that can be acted on is a button named by what it is
and what can be done there, and no other place is one; the board has a text alternative (every space
with who and what is on it); each new event is said once through the live region; dice are text; the
focus is always visible; `prefers-reduced-motion` stops the replay of the bots' moves, and every
transition, animation and smooth scroll."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Console
from tests.browser.test_keyboard import press
from tests.browser.test_tables import ply, start_game
from tests.browser.test_talisman_board import SPACES, _my_turn, _start
from tests.live_server import LiveServer

FOCUS = "rgb(29, 79, 145)"
"""The focus ring's colour (`--focus` in grognard.css)."""


@pytest.fixture
def still(browser: Browser, console: Console) -> Iterator[Page]:
    """A page at 1280 by 800 whose reader asked for reduced motion."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    yield console.watch(context.new_page())
    context.close()


def until_the_board_can_be_used(page: Page) -> None:
    """Pick the first choice by its number key until a place on the board can be acted on."""
    for _ in range(20):
        _my_turn(page)
        if page.locator("svg [role=button]").count():
            return
        press(page, "1")
    raise AssertionError("no place on the board could be acted on")


def buttons_in_tree(snapshot: str) -> list[str]:
    """The names of the buttons in an ARIA snapshot."""
    return [m.group(1) for m in re.finditer(r'button "([^"]*)"', snapshot)]


def test_the_talisman_board_is_buttons_named_by_place_and_move_and_a_list_in_words(
    live: LiveServer, still: Page
) -> None:
    page = still
    _start(page, live.url, 7)
    until_the_board_can_be_used(page)
    aimed = page.locator("[data-actions] button[data-target-kind=space]")
    targets = {aimed.nth(k).get_attribute("data-target-id") for k in range(aimed.count())}
    names = {c.get_attribute("data-target-id"): c.inner_text() for c in aimed.all()}
    tree = page.locator("svg.talisman-board").aria_snapshot()
    said = buttons_in_tree(tree)
    assert len(said) == len(targets) >= 1, tree
    for space in targets:
        place = page.locator(f"svg [data-space='{space}']")
        label = place.get_attribute("aria-label") or ""
        name = label.split(",", 1)[0]
        assert label in said, (label, said)
        assert re.fullmatch(r"[^,]+, (Outer|Middle|Inner) Region: .+; you can move here", label), label
        assert name in names[space], (name, names[space])  # the place the move button names
    hidden = page.locator("svg [data-space]:not([role=button])")
    assert hidden.count() == SPACES - len(targets)
    assert all(h.get_attribute("aria-hidden") == "true" for h in hidden.all())
    # the text alternative: every space, the human's own token said as "you"
    words = page.locator("[data-board-words]")
    assert words.locator("li").count() == SPACES
    mine = words.locator("li", has_text="Here: you")
    assert mine.count() == 1
    words.locator("summary").click()
    tree = words.aria_snapshot()
    assert tree.count("- listitem:") == SPACES, tree[:500]
    # dice are text: the last dice and the log say each die's number
    dice = page.locator("[data-last-rolls]").aria_snapshot()
    assert re.search(r"1d6 \d = \d", " ".join(dice.split())), dice
    faces = page.locator(".die").all_inner_texts()  # every die on the page, the log's too
    assert faces and all(re.fullmatch(r"\d+|[A-Za-z][\w ]*", f.strip()) for f in faces), faces


def test_each_new_event_is_said_once_through_the_live_region(live: LiveServer, still: Page) -> None:
    page = still
    _start(page, live.url, 7)
    _my_turn(page)
    page.evaluate(
        """() => {
            window.said = [];
            const region = document.querySelector('[data-announce]');
            new MutationObserver(() => window.said.push(region.textContent)).observe(
                region, {childList: true, subtree: true, characterData: true});
        }"""
    )
    start = ply(page)
    loads: list[str] = []
    page.on("framenavigated", lambda frame: loads.append(frame.url))
    assert page.locator("[data-announce]").get_attribute("aria-live") == "polite"
    for _ in range(3):
        until_the_board_can_be_used(page)
        place = page.locator("svg [role=button]").first
        place.focus()
        press(page, "Enter")
    _my_turn(page)
    assert page.evaluate("() => Boolean(window.said)"), f"the page was loaded again: {loads}"
    said = [" ".join(line.split()) for line in page.evaluate("() => window.said") if line]
    assert any(line.endswith("Your turn.") for line in said), said
    told = " ".join(line.removesuffix("Your turn.").strip() for line in said)
    events = page.locator("[data-log] ol.events > li")
    new = []
    for k in range(events.count()):
        event = events.nth(k)
        number = event.locator(".ply").inner_text().strip()
        if number and int(number) >= start:
            new.append(" ".join(event.inner_text().split()).removeprefix(number).strip())
    assert len(new) >= 4, new
    # every event the log still shows was said once, in the order it happened, after the earlier ones
    assert told.endswith(" ".join(reversed(new))), (told, new)


def test_reduced_motion_stops_the_replay_of_the_bots_moves(live: LiveServer, page: Page) -> None:
    """The same table replays the bot's moves step by step for a reader who did not ask for less
    motion, and jumps straight to now once they do."""
    _start(page, live.url, 7)
    page.evaluate(
        """() => {
            window.stepped = 0;
            const seen = () => { if (document.querySelector('[data-stepping]')) window.stepped += 1; };
            const table = document.getElementById('table');
            new MutationObserver(seen).observe(table, {childList: true, subtree: true});
        }"""
    )

    def a_round() -> int:
        """Moves by the number keys until the bot has moved since; how often the table showed a step."""
        page.evaluate("window.stepped = 0")
        start = ply(page)
        for _ in range(12):
            _my_turn(page)
            press(page, "1")
            page.wait_for_selector("[data-stepping]", state="detached", timeout=60_000)
            _my_turn(page)
            if bot_moved_since(page, start):
                break
        assert bot_moved_since(page, start), "the bot never moved"
        return int(page.evaluate("window.stepped"))

    assert a_round() > 0, "the bot's moves were not replayed one by one"
    assert motion(page) == {"transition": "2s", "animation": "spin", "scroll": "smooth"}
    page.emulate_media(reduced_motion="reduce")
    for _ in range(2):
        assert a_round() == 0, "the bot's moves were replayed though the reader asked for less motion"
    assert motion(page) == {"transition": "0s", "animation": "none", "scroll": "auto"}


MOVING = """() => {
  let el = document.getElementById('moving');
  if (!el) {
    el = document.createElement('div');
    el.id = 'moving';
    el.style.transition = 'opacity 2s';
    el.style.animation = 'spin 2s infinite';
    el.style.scrollBehavior = 'smooth';
    document.querySelector('main').append(el);
  }
  const s = getComputedStyle(el);
  return {transition: s.transitionDuration, animation: s.animationName, scroll: s.scrollBehavior};
}"""
"""An element given a transition, an animation and smooth scrolling of its own (through the CSSOM, which
the pages' Content Security Policy allows), and what the page's style leaves of them."""


def motion(page: Page) -> dict[str, str]:
    """How an element asking to move moves on the page: its transition's time, its animation, its
    scrolling (`prefers-reduced-motion` in grognard.css stops all three)."""
    found: dict[str, str] = page.evaluate(MOVING)
    return found


def bot_moved_since(page: Page, start: int) -> bool:
    """Whether the log shows a move of another seat than this browser's since move `start`."""
    events = page.locator("[data-log] ol.events > li[data-event=action]")
    for k in range(events.count()):
        number = events.nth(k).locator(".ply").inner_text().strip()
        who = events.nth(k).locator("strong")
        if number and int(number) >= start and who.count() and who.first.inner_text() != "You":
            return True
    return False


def test_the_focus_is_always_visible(live: LiveServer, still: Page) -> None:
    """Tab through the home page, a new-game form and a table whose board can be used: every element
    that takes the focus shows a ring (an outline of 2 px or more; a board place, a dark stroke)."""
    page = still

    def walk(presses: int) -> int:
        rings = 0
        for _ in range(presses):
            page.keyboard.press("Tab")
            seen = page.evaluate(
                """() => {
                    const el = document.activeElement;
                    if (!el || el === document.body) return null;
                    const style = getComputedStyle(el);
                    const cell = el.closest('svg') ? el.querySelector('.t-cell, rect, circle') || el : null;
                    return {
                        what: el.outerHTML.slice(0, 80),
                        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
                        colour: style.outlineColor,
                        stroke: cell ? getComputedStyle(cell).stroke : '',
                    };
                }"""
            )
            if seen is None:
                continue
            if seen["stroke"]:
                assert seen["stroke"] in (FOCUS, "rgb(17, 17, 17)"), seen
            else:
                assert seen["outline"], seen
            rings += 1
        return rings

    page.goto(live.url + "/")
    assert walk(12) >= 10
    page.goto(live.url + "/games/new/talisman")
    assert walk(25) >= 20
    _start(page, live.url, 7)
    until_the_board_can_be_used(page)
    page.locator("[data-table-heading], #table h1").first.evaluate("h => { h.tabIndex = -1; h.focus(); }")
    assert walk(12) >= 8


CONTRAST = """() => {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  const paint = (el) => {
    const s = getComputedStyle(el);
    return s.fill.startsWith('rgb') ? s.fill : s.stroke;
  };
  const SHAPES = ['rect', 'circle', 'path', 'polygon', 'line'];
  const shape = (el) => el && !el.closest('text') && SHAPES.includes(el.tagName)
    && paint(el).startsWith('rgb');
  const low = [];
  for (const text of document.querySelectorAll('svg text')) {
    const box = text.getBoundingClientRect();
    if (!box.width || getComputedStyle(text).opacity === '0') continue;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const under = document.elementsFromPoint(x, y).find(shape);
    if (!under) continue;
    const own = getComputedStyle(text);
    const halo = own.stroke.startsWith('rgb') && parseFloat(own.strokeWidth) >= 2;  // an outline round it
    const a = lum(rgb(own.fill)), b = lum(rgb(halo ? own.stroke : paint(under)));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) low.push(`${text.textContent.trim()} ${ratio.toFixed(2)}:1`);
  }
  return low;
}"""
"""Every text drawn on a board whose colour has under 4.5:1 against the shape under its middle, its fill or,
for a band drawn by its stroke (the river), its stroke; a text drawn with an outline of 2 px or more (a
figure's Body) against its outline (axe-core does not measure the text of an SVG)."""


def test_the_words_drawn_on_the_boards_meet_the_contrast_of_wcag_aa(live: LiveServer, still: Page) -> None:
    page = still
    page.goto(f"{live.url}/games/new/talisman")
    start_game_of(page, live.url, "talisman", {"players": "6"}, ["here", "bot", "bot", "bot", "bot", "bot"])
    assert page.locator("svg.talisman-board text").count() > 100
    assert page.evaluate(CONTRAST) == []
    start_game_of(page, live.url, "heroquest", {"quest": "the-goblin-cellar"}, ["here", "bot"])
    assert page.locator("svg.hq-board text").count() >= 8
    assert page.evaluate(CONTRAST) == []


def start_game_of(page: Page, url: str, system: str, fields: dict[str, str], seats: list[str]) -> None:
    game = "game" if system == "talisman" else "quest"
    start_game(page, url, system, game, fields, seats, seed="7")
    page.wait_for_selector("svg text")
