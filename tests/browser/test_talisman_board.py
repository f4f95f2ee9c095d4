"""Talisman on its drawn board in a real browser: a human against a bot played by clicking spaces and
buttons, every space drawn on a desktop and a phone, and the human's Spells kept from the other seat's
page and from a spectator's."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Page

from grognard.systems.talisman.catalog import catalog
from grognard.web.seats import seat_token
from grognard.web.systems.talisman import talisman_board
from tests.browser.conftest import Console
from tests.browser.test_tables import click_action, open_advanced, ply, start_game
from tests.live_server import LiveServer

SPACES = 49  # 24 Outer, 16 Middle, 8 Inner and the Crown of Command
MOVES = {"cw", "acw", "bridge", "on", "forward", "back"}
BRISK = "localStorage.setItem('grognard-step-ms', '20')"  # the bot's moves replayed briskly
SECRET = "test-secret-" + "x" * 32  # the secret tests/live_server.py gives the live server


def _wait_later(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def _hero_space(page: Page, seat: int) -> str | None:
    token = page.locator(f"[data-space]:has([data-token='{seat}'])")
    return token.first.get_attribute("data-space") if token.count() else None


def test_the_geometry_draws_every_space_once_in_three_rings_and_the_crown() -> None:
    board = talisman_board()
    assert sorted(c.id for c in board.cells) == sorted(catalog().spaces)
    assert len({(c.x, c.y) for c in board.cells}) == SPACES
    regions = [c.region for c in board.cells]
    assert (regions.count("outer"), regions.count("middle"), regions.count("inner")) == (24, 16, 8)
    crown = next(c for c in board.cells if c.region == "crown")
    assert crown.x == crown.y == (board.size - crown.size) // 2
    portal = next(c for c in board.cells if c.feature == "portal")
    peril = next(c for c in board.cells if c.id == "plain-of-peril")
    assert portal.y == peril.y and peril.x > portal.x  # the Plain of Peril lies through the Portal


def _start(page: Page, url: str, seed: int) -> str:
    """A two-seat game, the human here in seat 1 against a bot, from a fixed seed; returns its id."""
    page.goto(f"{url}/games/new/talisman")
    form = page.locator("form[data-game=game]")
    form.locator("[name='option:players']").select_option("2")
    open_advanced(form)
    form.locator("[name=seed]").fill(str(seed))
    form.locator("select[name='seat:0']").select_option("here")
    form.locator("select[name='seat:1']").select_option("bot")
    form.locator("[data-action=create]").click()
    page.wait_for_selector("[data-ply]")
    found = re.search(r"/games/(\d+-[0-9a-f]+)", page.url)
    assert found is not None, page.url
    return found.group(1)


def _my_turn(page: Page) -> None:
    """Wait until the bot has played and this seat's choices (or the game's end) are on the page."""
    page.wait_for_selector("[data-actions] button[data-action], [data-status=over]", timeout=60_000)


def _calm_click(page: Page, pick: random.Random) -> None:
    """Click one of the actions at random, never dropping out of the game."""
    _my_turn(page)
    if page.locator("[data-status=over]").count():
        return
    buttons = page.locator("[data-actions] button[data-action]")
    assert buttons.count() > 0, page.inner_text("main")
    labels = [buttons.nth(k).inner_text().lower() for k in range(buttons.count())]
    calm = [k for k, text in enumerate(labels) if "drop out" not in text]
    click_action(page, pick.choice(calm or [0]))


def test_a_human_plays_a_bot_by_clicking_spaces_and_buttons(live: LiveServer, page: Page) -> None:
    page.add_init_script(BRISK)
    _start(page, live.url, 7)
    assert page.locator("svg.talisman-board [data-space]").count() == SPACES
    pick = random.Random(11)
    clicks, landed = 0, 0
    turns: set[str] = set()
    for _ in range(80):
        _my_turn(page)
        if page.locator("[data-status=over]").count() or (clicks >= 4 and len(turns) >= 4):
            break
        turns.add(page.locator(".talisman-turn").inner_text().split("·")[0].strip())
        lit = page.locator("svg.talisman-board [data-space][data-reachable]")
        aimed = page.locator("[data-actions] button[data-target-kind=space]")
        targets = {aimed.nth(k).get_attribute("data-target-id") for k in range(aimed.count())}
        assert {lit.nth(k).get_attribute("data-space") for k in range(lit.count())} == targets
        moves = [
            k for k in range(aimed.count()) if (aimed.nth(k).get_attribute("data-action") or "") in MOVES
        ]
        if not moves:
            _calm_click(page, pick)
            continue
        where = aimed.nth(pick.choice(moves)).get_attribute("data-target-id")
        before = ply(page)
        page.locator(f"svg.talisman-board [data-space='{where}']").click()
        _wait_later(page, before)
        clicks += 1
        landed += _hero_space(page, 0) == where
    assert clicks >= 4, f"only {clicks} moves were made by clicking a space"
    assert landed >= 2, "the token did not stand on the space clicked"
    assert len(turns) >= 4, turns
    assert page.locator("[data-last-rolls] .die").count() >= 1
    assert page.locator("[data-sheet]").count() == 2
    for seat in (0, 1):
        sheet = page.locator(f"[data-sheet='{seat}']")
        for stat in ("strength", "craft", "lives", "gold"):
            assert sheet.locator(f"[data-stat={stat}] b").inner_text().strip().isdigit()
        assert page.locator(f"[data-token='{seat}']").count() == 1
    dice = page.locator("[data-last-rolls]").inner_text()
    assert not re.search(r"\bp\d\b", dice), dice  # a die's thrower said as the character
    _replay_is_drawn(page, live.url)


def _replay_is_drawn(page: Page, url: str) -> None:
    """The replay at an earlier move shows the drawn board and the sheets, and every move once, in words."""
    game_id = re.search(r"/games/(\d+-[0-9a-f]+)", page.url)
    assert game_id is not None
    last = ply(page)
    page.goto(f"{url}/games/{game_id.group(1)}/replay?ply={last - 1}")
    assert page.locator("svg.talisman-board [data-space]").count() == SPACES
    assert page.locator("[data-sheet]").count() == 2
    assert page.locator("[data-private]").count() == 0
    events = page.locator("[data-log] [data-event]")
    kinds = {events.nth(k).get_attribute("data-event") for k in range(events.count())}
    assert kinds <= {"action", "roll"}, kinds  # no bare "chance", "place" or "change" lines
    text = page.locator("[data-log]").inner_text()
    assert not re.search(r"\bp\d\b", text), text


def test_the_humans_spells_stay_hidden_from_the_bot_seat_and_spectators(
    live: LiveServer, browser: Browser, console: Console
) -> None:
    host = console.watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    host.add_init_script(BRISK)
    game_id = _start(host, live.url, 2)
    pick = random.Random(5)
    held: list[str] = []
    for _ in range(120):
        _my_turn(host)
        shown = host.locator("[data-spells='0'] [data-spell]")
        held = [shown.nth(k).get_attribute("data-spell") or "" for k in range(shown.count())]
        if held or host.locator("[data-status=over]").count():
            break
        _calm_click(host, pick)
    assert held, "the human never held a Spell"
    spells = catalog().spells
    assert host.locator("[data-spells='0']").inner_text().count(spells[held[0]].text) >= 1
    spectator = console.watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    spectator.goto(f"{live.url}/games/{game_id}?spectate=1")
    spectator.wait_for_selector("[data-ply]")
    bot = console.watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    bot.goto(f"{live.url}/games/{game_id}/seat/1/{seat_token(SECRET, game_id, 1)}")
    bot.wait_for_selector("[data-sheet='1'] [data-spells='1']")
    assert "· you" in bot.locator("[data-sheet='1'] h2").inner_text()
    bots_own = {
        bot.locator("[data-spells='1'] [data-spell]").nth(k).get_attribute("data-spell")
        for k in range(bot.locator("[data-spells='1'] [data-spell]").count())
    }
    for watcher in (spectator, bot):
        sheet = watcher.locator("[data-spells='0']")
        assert sheet.inner_text().strip() == f"{len(held)} face down"
        assert sheet.locator("[data-spell]").count() == 0
        html = watcher.content()
        for spell in held:
            if watcher is bot and spell in bots_own:
                continue
            assert spells[spell].text not in html, f"{spell} shows on another seat's page"
            assert f'data-spell="{spell}"' not in html
    assert spectator.locator("[data-spell]").count() == 0


def test_every_space_is_drawn_on_a_desktop_and_a_phone(
    live: LiveServer, browser: Browser, console: Console
) -> None:
    host = console.watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    game_id = start_game(host, live.url, "talisman", "game", {"players": "2"}, ["here", "bot"])
    for width, height in ((1280, 800), (390, 844)):
        page = console.watch(browser.new_context(viewport={"width": width, "height": height}).new_page())
        page.goto(f"{live.url}/games/{game_id}?spectate=1")
        page.wait_for_selector("svg.talisman-board")
        spaces = page.locator("svg.talisman-board [data-space]")
        assert spaces.count() == SPACES
        assert page.locator("[data-space='crown-of-command']").count() == 1
        for feature in ("river", "bridge", "portal"):
            assert page.locator(f"[data-feature={feature}]").count() == 1
        assert page.locator("[data-space='valley-of-fire'].t-f-valley").count() == 1
        box = page.locator(".talisman-scroll").bounding_box()
        assert box is not None and 0 < box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        sizes = spaces.evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
        assert min(sizes) > 0.9 * max(sizes) > 0


def test_the_characters_are_picked_by_clicking_their_cards(live: LiveServer, page: Page) -> None:
    """Each Character card shows its scores and abilities (issue 30); the ones ticked are played, in the
    cards' order; only as many seats as players are shown."""
    page.goto(f"{live.url}/games/new/talisman")
    form = page.locator("form[data-game=game]")
    cards = form.locator("[data-cards-for=characters] label.pick-card")
    names = [cards.nth(k).locator(".card-title").inner_text() for k in range(cards.count())]
    assert names == [c.name for c in catalog().characters.values()]
    troll = form.locator("label.pick-card", has_text="Troll")
    assert "Strength 6" in troll.inner_text() and "Regenerates" in troll.inner_text()
    assert form.locator("input[name^='option:characters:']:checked").count() == 0  # dealt by default
    assert form.locator("[data-seat-index='2']").is_hidden()  # two players: two seats
    form.locator("[name='option:players']").select_option("3")
    assert form.locator("[data-seat-index='2']").is_visible()
    assert form.locator("[data-seat-index='3']").is_hidden()
    for name in ("Monk", "Ghoul"):
        form.locator("label.pick-card", has=page.get_by_text(name, exact=True)).click()
    form.locator("[name='option:players']").select_option("2")
    form.locator("select[name='seat:0']").select_option("here")
    form.locator("select[name='seat:1']").select_option("bot")
    form.locator("[data-action=create]").click()
    page.wait_for_selector("[data-ply]")
    table = page.locator("main").inner_text()
    assert "Monk" in table and "Ghoul" in table, table[:2000]
    assert page.locator("[data-private]").count() == 0  # the seat's Spells are on its sheet, not twice
    told = page.locator("[data-log]").inner_text().splitlines()[1:]
    assert told and len(told) == len(set(told)), told  # each move said once, with its number
    page.goto(f"{live.url}/games")
    assert page.get_by_role("link", name="Talisman: Monk, Ghoul").count() == 1
