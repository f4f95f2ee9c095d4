"""Tables in a real browser: a gamebook played to its end by clicking, seats on two browsers updating
live, a stranger refused, undo and the replay slider."""

from __future__ import annotations

import random
import re

import httpx
from playwright.sync_api import Browser, Locator, Page

from tests.browser.conftest import Console
from tests.live_server import LiveServer


def open_advanced(form: Locator) -> None:
    """Unfold a new-game form's "Advanced settings" (the seed and the engine's settings), as a player
    clicks it open."""
    advanced = form.locator("[data-advanced]")
    if advanced.count() and advanced.get_attribute("open") is None:
        advanced.locator("summary").click()


def start_game(
    page: Page, url: str, system: str, game: str, fields: dict[str, str], seats: list[str], seed: str = ""
) -> str:
    """Fill the new-game form of `system`'s `game` (and its seed, when given) and start it; returns the
    game's id."""
    page.goto(f"{url}/games/new/{system}")
    form = page.locator(f"form[data-game={game}]")
    open_advanced(form)
    if seed:
        form.locator("[name=seed]").fill(seed)
    for name, value in fields.items():
        box = form.locator(f"[name='option:{name}']")
        ticks = form.locator(f"input[name^='option:{name}:']")
        if ticks.count():  # a list of cards to tick: those the value names, no other
            wanted = value.split(",")
            for k in range(ticks.count()):
                tick = ticks.nth(k)
                tick.set_checked((tick.get_attribute("name") or "").split(":", 2)[2] in wanted)
        elif box.first.get_attribute("type") == "radio":  # a card to pick
            form.locator(f"[name='option:{name}'][value='{value}']").check()
        elif box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    for i, seat in enumerate(seats):
        chosen = form.locator(f"select[name='seat:{i}']")
        if chosen.count():  # a game of one seat has no choice: it is the player's
            chosen.select_option(seat)
    form.locator("[data-action=create]").click()
    page.wait_for_selector("[data-ply]")
    found = re.search(r"/games/(\d+-[0-9a-f]+)", page.url)
    assert found is not None, page.url
    return found.group(1)


def ply(page: Page) -> int:
    """The move number the table shows."""
    return int(page.locator("[data-ply]").get_attribute("data-ply") or "-1")


def click_action(page: Page, index: int) -> None:
    """Click the index-th action and wait until the table shows a later move."""
    before = ply(page)
    page.locator("[data-actions] button[data-action]").nth(index).click()
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def test_the_fighting_fantasy_sample_played_to_its_end_by_clicking(live: LiveServer, page: Page) -> None:
    start_game(
        page, live.url, "fighting-fantasy", "gamebook", {"book": "sample", "hero": "12/24/12"}, ["here"]
    )
    pick = random.Random(7)
    sections: set[str] = set()
    for _ in range(400):
        if page.locator("[data-status=over]").count():
            break
        heading = page.locator("[data-section]")
        if heading.count():
            sections.add(heading.get_attribute("data-section") or "")
        buttons = page.locator("[data-actions] button[data-action]")
        if not buttons.count():  # the live stream may be swapping the table in: wait for it once
            page.wait_for_selector("[data-actions] button[data-action], [data-status=over]", timeout=10_000)
            if page.locator("[data-status=over]").count():
                break
        assert buttons.count() > 0, page.inner_text("main")
        click_action(page, pick.randrange(buttons.count()))
    assert page.locator("[data-status=over]").count() == 1
    assert page.locator("[data-outcome]").count() == 1
    assert len(sections) >= 3
    assert page.locator("[data-sheet]").count() == 1


def same_move(watcher: Page, mover: Page) -> None:
    """Wait until both pages show the same move: the live stream may fetch the table between the move
    and the dice after it (each stored as it is made), and fetches the rest a moment later."""
    for _ in range(300):
        if ply(watcher) == ply(mover):
            return
        watcher.wait_for_timeout(100)
    assert ply(watcher) == ply(mover)


def test_two_browsers_at_one_table_see_each_others_moves(
    live: LiveServer, browser: Browser, console: Console
) -> None:
    host = console.watch(browser.new_context(viewport={"width": 1280, "height": 800}).new_page())
    start_game(host, live.url, "talisman", "game", {"players": "2"}, ["here", "invite"])
    link = host.locator("[data-invite='1']").input_value()
    guest = console.watch(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    guest.goto(link)
    guest.wait_for_selector("[data-ply]")
    assert guest.locator("[data-invite]").count() == 0  # only the host sees the invitations
    for _ in range(6):
        mover, watcher = (host, guest) if host.locator("[data-actions]").count() else (guest, host)
        assert mover.locator("[data-actions]").count() == 1
        assert watcher.locator("[data-actions]").count() == 0
        before = ply(watcher)
        click_action(mover, 0)
        watcher.wait_for_function(
            f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=30_000
        )
        same_move(watcher, mover)


def test_a_stranger_sees_the_table_but_cannot_act(
    live: LiveServer, browser: Browser, console: Console
) -> None:
    host = console.watch(browser.new_context().new_page())
    game_id = start_game(host, live.url, "talisman", "game", {"players": "2"}, ["here", "bot"])
    stranger = console.watch(browser.new_context().new_page())
    stranger.goto(f"{live.url}/games/{game_id}")
    assert stranger.locator("[data-actions]").count() == 0
    assert stranger.locator("[data-undo]").count() == 0
    token = stranger.locator("meta[name=csrf-token]").get_attribute("content") or ""
    cookies = {c["name"]: c["value"] for c in stranger.context.cookies()}
    answer = httpx.post(
        f"{live.url}/games/{game_id}/act",
        data={"csrf": token, "action": "roll", "ply": str(ply(stranger))},
        cookies=cookies,
    )
    assert answer.status_code == 403
    assert "you hold no seat" in answer.text
    forged = httpx.get(f"{live.url}/games/{game_id}/seat/0/{'0' * 32}", follow_redirects=False)
    assert forged.status_code == 403


def test_undo_and_the_replay_slider(live: LiveServer, page: Page) -> None:
    game_id = start_game(page, live.url, "fighting-fantasy", "gamebook", {"book": "sample"}, ["here"])
    first = ply(page)
    click_action(page, 0)
    click_action(page, 0)
    after = ply(page)
    assert after > first
    page.locator("[data-undo]").click()
    page.wait_for_function(f"() => Number(document.querySelector('[data-ply]').dataset.ply) < {after}")
    assert first <= ply(page) < after
    now = ply(page)
    page.goto(f"{live.url}/games/{game_id}/replay")
    slider = page.locator("[data-replay]")
    assert int(slider.get_attribute("max") or "0") == now
    slider.fill("2")
    slider.dispatch_event("change")
    page.wait_for_url(re.compile(r"ply=2"))
    page.wait_for_selector("[data-log] li")
    assert page.locator("[data-log] li[data-event=roll]").count() == 2  # SKILL and STAMINA
    rolled = page.locator("[data-log] li[data-event=roll]").all_inner_texts()
    assert any("SKILL" in r for r in rolled) and any("STAMINA" in r for r in rolled), rolled  # each step said
    assert page.locator("[data-log] .die").count() >= 2


def test_a_gamebook_started_as_the_form_comes_plays_the_shipped_sample(live: LiveServer, page: Page) -> None:
    for system in ("fighting-fantasy", "grey-star"):
        page.goto(f"{live.url}/games/new/{system}")
        box = page.locator("form[data-game=gamebook] [name='option:book']:checked")
        assert box.get_attribute("value") == "sample"
        game_id = start_game(page, live.url, system, "gamebook", {}, ["here"])
        assert re.fullmatch(r"\d+-[0-9a-f]{20}", game_id)
        assert page.locator("[data-actions] button[data-action]").count() >= 1


def test_a_grey_star_combat_is_drawn_as_a_table_of_scores(live: LiveServer, page: Page) -> None:
    start_game(page, live.url, "grey-star", "combat", {"endurance": "20", "enemy_endurance": "18"}, ["here"])
    fight = page.locator("[data-fight]")
    assert "20" in fight.locator("[data-side=hero]").inner_text()
    assert "18" in fight.locator("[data-side=enemy]").inner_text()
    assert "Combat Ratio" in fight.locator("[data-ratio]").inner_text()
    assert "combat ratio spending none" not in page.locator("main").inner_text()  # not the raw data
    click_action(page, 0)
    page.wait_for_selector("[data-log] li[data-event=roll]")
    assert "ENDURANCE" in page.locator("[data-log] li[data-event=roll]").first.inner_text()


def test_a_fighting_fantasy_fight_is_played_to_its_end_by_clicking(live: LiveServer, page: Page) -> None:
    game_id = start_game(page, live.url, "fighting-fantasy", "fight", {"enemies": "Orc:6/5"}, ["here"], "5")
    fight = page.locator("[data-fight]")
    assert "Orc" in fight.locator("[data-side=creature]").inner_text()
    for _ in range(60):
        if page.locator("[data-status=over]").count():
            break
        before = ply(page)
        click_action(page, 0)
        page.wait_for_function(f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}")
    assert page.locator("[data-status=over]").count() == 1
    page.goto(f"{live.url}/games/{game_id}/replay?ply=1")
    assert page.locator("[data-fight] [data-side=hero]").count() == 1  # the replay draws the fight too


def test_every_game_starts_from_its_form_as_it_comes_and_shows_its_table_and_replay(live: LiveServer) -> None:
    """Each game of each system, started with the form's defaults and one seat here: its table, its
    table fragment and its replay are pages, not errors (the Fighting Fantasy fight's table once was)."""
    from grognard.engine import registry

    token = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')
    started = 0
    with httpx.Client(base_url=live.url, timeout=60) as client:
        for facts in registry.facts():
            if not facts.module.startswith("grognard.systems."):
                continue  # a test's own toy system, registered by another test in this process
            form = client.get(f"/games/new/{facts.id}")
            assert form.status_code == 200, facts.id
            found = token.search(form.text)
            assert found is not None
            for game in facts.games:
                data = {"csrf": found.group(1), "system": facts.id, "game": game, "seat:0": "here"}
                made = client.post("/games", data=data, follow_redirects=False)
                assert made.status_code == 303, (facts.id, game, made.text[:500])
                where = made.headers["location"]
                for page_url in (where, f"{where}/table", f"{where}/replay", f"{where}/replay?ply=0"):
                    shown = client.get(page_url)
                    assert shown.status_code == 200, (facts.id, game, page_url, shown.text[-800:])
                    assert "data-ply" in shown.text or "Move" in shown.text
                started += 1
    assert started >= 8
