"""The home page and the tools, in a real browser: every figure is the one the rules code computes."""

from __future__ import annotations

import html

import httpx
import pytest
from playwright.sync_api import Browser, Page

from grognard.systems.fighting_fantasy.fight import start_fight
from grognard.systems.fighting_fantasy.fight_rules import FightRules
from grognard.systems.fighting_fantasy.game import parse_creature
from grognard.systems.fighting_fantasy.odds import fight_objective, fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from grognard.systems.heroquest.content import combat_dice as cd
from grognard.web.tools import TOOLS
from tests.browser.conftest import Console
from tests.live_server import LiveServer


def test_home_lists_every_system_and_tool(live: LiveServer, page: Page) -> None:
    page.goto(live.url + "/")
    shown = {e.get_attribute("data-system") for e in page.locator("[data-system]").all()}
    assert shown >= {"fighting-fantasy", "grey-star", "adventures-in-fantasy", "talisman", "heroquest"}
    talisman = page.locator("[data-system='talisman']").inner_text()
    assert "Rules: Talisman, 2nd edition" in talisman
    assert ".txt" not in talisman  # the file the code cites is not a name a player knows
    for tool in TOOLS.values():
        assert page.get_by_role("link", name=tool.title).count() >= 1


def test_a_fighting_fantasy_fight_worked_out_by_clicking(live: LiveServer, page: Page) -> None:
    page.goto(live.url + "/tools/ff-fight")
    page.fill("input[name=skill]", "10")
    page.fill("input[name=stamina]", "20")
    page.fill("input[name=luck]", "9")
    page.fill("input[name=enemies]", "9/12")
    page.click("[data-action=run]")
    page.wait_for_selector("[data-result]")
    sheet = AdventureSheet.new(10, 20, 9, "")
    odds = fight_odds(start_fight(sheet, [parse_creature("9/12", 0)], FightRules()), fight_objective())
    text = page.inner_text("#result")
    assert f"{odds.p_win_optimal_luck * 100:.2f}%" in text
    assert f"{odds.p_win_without_luck * 100:.2f}%" in text
    assert page.locator("svg.chart rect").count() == len(odds.outcome_probabilities)


def test_a_heroquest_attack_and_its_chart(live: LiveServer, page: Page) -> None:
    page.goto(live.url + "/tools/heroquest-attack")
    page.fill("input[name=attack]", "3")
    page.fill("input[name=defend]", "2")
    page.fill("input[name=body]", "2")
    page.click("[data-action=run]")
    page.wait_for_selector("[data-result]")
    kill = cd.kill_chance(3, 2, "monster", 2)
    assert f"{float(kill) * 100:.2f}%" in page.inner_text("#result")
    assert page.locator("svg.chart rect").count() == 4  # 0 to 3 damage


def test_the_dice_roller_shows_every_die_and_repeats_a_seed(live: LiveServer, page: Page) -> None:
    page.goto(live.url + "/tools/roll")
    page.fill("input[name=expression]", "4d6kh3")
    page.fill("input[name=seed]", "42")
    page.click("[data-action=run]")
    page.wait_for_selector("[data-result]")
    first = page.inner_text("#result")
    assert page.locator(".die").count() == 4
    assert page.locator(".die.dropped").count() == 1
    page.click("[data-action=run]")
    page.wait_for_function("() => document.querySelector('#result').innerText.length > 0")
    assert page.inner_text("#result").split("All figures")[0] == first.split("All figures")[0]


def test_a_bad_value_is_one_message_and_nothing_else(live: LiveServer, page: Page, console: Console) -> None:
    page.goto(live.url + "/tools/talisman-combat")
    page.fill("input[name=strength]", "lots")
    console.allow(400)
    with page.expect_response(lambda r: "/tools/talisman-combat" in r.url) as answer:
        page.click("[data-action=run]")
    assert answer.value.status == 400
    page.wait_for_selector("#result [data-error]")
    assert "'lots' is not a whole number" in page.inner_text("#result [data-error]")


def test_a_post_without_the_form_token_is_refused(live: LiveServer) -> None:
    answer = httpx.post(live.url + "/tools/roll", data={"expression": "3d6"})
    assert answer.status_code == 403
    assert "reload the page" in answer.text
    assert "Traceback" not in answer.text
    forged = httpx.post(
        live.url + "/tools/roll",
        data={"expression": "3d6", "csrf": "0" * 64},
        cookies={"grognard_session": "a" * 22},
    )
    assert forged.status_code == 403


def test_an_unknown_page_is_a_404_page(live: LiveServer) -> None:
    answer = httpx.get(live.url + "/tools/nothing-here")
    assert answer.status_code == 404
    assert "there is no tool 'nothing-here'" in html.unescape(answer.text)


@pytest.mark.parametrize("width", [360, 1920])
def test_pages_fit_phones_and_wide_screens(
    live: LiveServer, browser: Browser, console: Console, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = console.watch(context.new_page())
    for path in ("/", "/tools", "/tools/ff-fight", "/tools/aif-melee"):
        page.goto(live.url + path)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} is {overflow} px too wide at {width} px"
    context.close()
