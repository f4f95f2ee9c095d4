"""The Adventures in Fantasy referee's desk in a real browser: a campaign week with a melee played by
clicking (two schooled characters, the place, a table procedure with the dice the table threw, a goblin
fought round by round by both with every die shown, treasure shared, a week of rest), the sheet and the
log; a bad value and a stranger's post are 4xx pages with one message."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page

from grognard.engine.errors import UsageError
from grognard.web.systems.adventures_in_fantasy import ACTIONS, action_text
from tests.browser.conftest import Console
from tests.live_server import LiveServer

ROUNDS = 40


def act(page: Page, summary: str, fields: dict[str, str], button: str) -> None:
    """Open the form under `summary`, fill its fields, click `button` and wait for the desk again."""
    form = page.locator("details.aif-form", has=page.locator("summary", has_text=summary))
    form.locator("summary").click()
    for name, value in fields.items():
        box = form.locator(f"[name='{name}']")
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        else:
            box.fill(value)
    with page.expect_navigation():
        form.locator(f"[data-action='{button}']").click()


def no_error(page: Page) -> None:
    assert page.locator("[data-error]").count() == 0, page.locator("[data-error]").all_inner_texts()


def test_a_campaign_week_with_a_melee_by_clicking(live: LiveServer, page: Page, console: Console) -> None:
    page.goto(f"{live.url}/aif")
    with page.expect_navigation():
        page.locator("[data-action=new-campaign]").click()
    assert re.search(r"/aif/\d+-[0-9a-f]{20}$", page.url), page.url
    desk = page.url
    act(page, "Roll a new character", {"name": "Alric", "seed": "11"}, "roll-character-roll")
    months = int(page.locator("[data-months]").get_attribute("data-months") or "0")
    offered = page.locator("[data-course-months]")
    assert months > 0 and offered.count() > 0
    shown = offered.evaluate_all("es => es.map(e => Number(e.dataset.courseMonths))")
    assert all(m <= months for m in shown)
    offered.first.check()
    with page.expect_navigation():
        page.locator("[data-action=join-character]").click()
    no_error(page)
    act(
        page,
        "Add a character",
        {"name": "Berta", "seed": "12", "courses": "12", "side": "soldier"},
        "add-roll",
    )
    no_error(page)
    assert page.locator("[data-member]").count() == 2
    act(page, "Set the party's place", {"terrain": "forest", "town": "Bleakwood"}, "place")
    assert "at Bleakwood: a village of 200" in page.locator("#place").inner_text()
    act(page, "A day's encounter", {"terrain": "forest"}, "table-encounter")  # no dice given: 1 roll
    no_error(page)
    act(page, "A day's encounter", {"terrain": "forest", "rolls": "95%"}, "table-encounter")
    outcome = page.locator("#outcome").inner_text()
    assert "nothing met" in outcome and "95" in outcome
    page.goto(desk)
    # the first turn's blows miss (a reading of 00 is 100), so both are still fighting when Berta joins
    act(page, "Fight a creature", {"who": "0", "foe": "Goblin", "rolls": "100%,100%"}, "fight")
    no_error(page)
    act(page, "Join a fight", {"who": "1", "other": "0", "rolls": "100%"}, "join")
    no_error(page)
    assert page.locator("[data-bout]").count() == 2
    assert "Melee joined" in page.locator("#last").inner_text()
    for _ in range(ROUNDS):
        if page.locator("[data-bout]").count() == 0:
            break
        with page.expect_navigation():
            page.locator("[data-action='round-roll']").click()
        no_error(page)
        assert "blow 1" in page.locator("#last").inner_text()  # every die of the round is shown
    else:
        with page.expect_navigation():
            page.locator("[data-action='break']").click()
    assert page.locator("[data-bout]").count() == 0
    assert "Melee ends" in page.locator("#log").inner_text()
    act(page, "Treasure shared by status", {"gp": "30", "sp": "7"}, "share")
    assert "Treasure share" in page.locator("#last").inner_text()
    days = page.locator("form.aif-inline", has=page.locator("input[name=kind][value=days]"))
    days.locator("[name=n]").fill("7")
    with page.expect_navigation():
        days.locator("[data-action='days-roll']").click()
    no_error(page)
    assert "day 1 of the week" in page.locator("#calendar").inner_text()
    assert "7 days pass" in page.locator("#log").inner_text() or "Rest" in page.locator("#log").inner_text()
    act(page, "Travel", {"n": "1", "terrain": "forest", "town": "Southtown", "rolls": "95%"}, "travel")
    assert "the party reaches Southtown" in page.locator("#last").inner_text()
    assert "at Southtown: a town of 600" in page.locator("#place").inner_text()
    with page.expect_navigation():
        page.locator("[data-action='sheet-0']").click()
    sheet = page.locator("main").inner_text()
    assert "Alric" in sheet and "Ratings" in sheet and "Kit" in sheet and "no courses" not in sheet
    page.goto(f"{desk}/log")
    log = page.locator("main").inner_text()
    assert "Melee begins" in log and "Goblin" in log and "Treasure share" in log
    page.goto(desk.replace("/aif/", "/games/"))  # the campaign as a table: a summary, not its raw data
    summary = page.locator("[data-campaign-summary]")
    assert summary.locator("[data-member]").count() == 2
    assert "Alric" in summary.inner_text() and "Berta" in summary.inner_text()
    assert "Southtown" in summary.locator("[data-place]").inner_text()
    assert "slowest move inches" not in page.locator("main").inner_text()


def test_a_bad_value_and_a_stranger_get_one_message(live: LiveServer, page: Page, console: Console) -> None:
    page.goto(f"{live.url}/aif")
    with page.expect_navigation():
        page.locator("[data-action=new-campaign]").click()
    desk = page.url
    console.allow(400)
    days = page.locator("form.aif-inline", has=page.locator("input[name=kind][value=days]"))
    days.locator("[name=n]").fill("many")
    with page.expect_navigation():
        days.locator("[data-action='days']").click()
    assert page.locator("[data-error]").inner_text() == "days 'many' is not a whole number"
    page.goto(desk)
    ply = page.locator("input[name=ply]").first.get_attribute("value") or "0"
    stranger = httpx.post(f"{desk}/act", data={"kind": "days", "n": "1", "ply": ply, "csrf": "x"})
    assert stranger.status_code == 403 and stranger.text.count("data-error") == 1


def test_the_desk_forms_make_the_campaign_actions() -> None:
    """Each form fills its action's text; a colon in a name, a character not in the party or a value
    not among the choices is refused with one line naming the field."""
    assert (
        action_text(ACTIONS["travel"], {"n": "3", "terrain": "", "town": "Riverford"}, 2)
        == "travel:3::Riverford"
    )
    assert action_text(ACTIONS["place"], {"terrain": "forest", "town": ""}, 0) == "place:forest"
    assert action_text(ACTIONS["join"], {"who": "1", "other": "0"}, 2) == "join:1:0"
    assert action_text(ACTIONS["note"], {"text": "the bridge:  out"}, 0) == "note:the bridge: out"
    assert action_text(ACTIONS["study-break"], {"who": "0", "weeks": "3", "year": ""}, 1) == "study-break:0:3"
    for kind, form, says in (
        ("town", {"name": "A:B", "population": "9", "makers": "", "markup": "0"}, "no colons"),
        ("wound", {"who": "2", "hits": "1"}, "give 0 to 1"),
        ("fight", {"who": "0", "foe": "Unicorn of the Moon"}, "not one of the choices"),
    ):
        with pytest.raises(UsageError, match=says):
            action_text(ACTIONS[kind], form, 2)
