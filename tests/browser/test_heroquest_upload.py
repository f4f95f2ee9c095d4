"""A HeroScribe quest of our own uploaded in the browser, started from the new-game form and played on
the drawn board by clicking: a spell cast by choosing it and clicking its target, a hero moved by clicking
a square; a file the importer refuses is one message and a 400."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
from playwright.sync_api import Locator, Page

from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from tests.browser.conftest import Console
from tests.browser.test_tables import ply
from tests.live_server import LiveServer

CELLAR = (
    '<?xml version="1.0"?><quest name="Goblin by the Stairs" region="Europe" version="1.0"'
    ' width="1" height="1">'
    '<board><object id="Stairway" left="11" top="8" rotation="downward"/>'
    '<object id="Goblin" left="15" top="10" rotation="downward"/></board>'
    "<speech>A goblin waits beside the stairs.</speech></quest>"
)
SHOTS = os.environ.get("GROGNARD_SHOTS", "")
GOBLIN = "14,9"  # HeroScribe counts squares from 1, the board from 0


def _upload(page: Page, url: str, path: Path) -> None:
    page.goto(f"{url}/games/new/heroquest")
    page.click("[data-upload]")
    page.set_input_files("input[name=file]", str(path))
    page.click("[data-action=upload]")
    page.wait_for_load_state()
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "heroquest-upload.png"), full_page=True)


def _after(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def _act(page: Page, action: str) -> None:
    before = ply(page)
    page.click(f"[data-actions] button[data-action='{action}']")
    _after(page, before)


def choose_heroes(form: Locator, specs: set[str]) -> None:
    """Tick the cards of the heroes `specs` names on a new-quest form, and no other."""
    boxes = form.locator("input[name^='option:heroes:']")
    for k in range(boxes.count()):
        box = boxes.nth(k)
        name = box.get_attribute("name") or ""
        box.set_checked(name.removeprefix("option:heroes:") in specs)


def test_an_uploaded_quest_is_started_and_played_by_clicking(
    live: LiveServer, page: Page, tmp_path: Path
) -> None:
    quest = tmp_path / "goblin.xml"
    quest.write_text(CELLAR, encoding="utf-8")
    _upload(page, live.url, quest)
    assert re.search(r"/quests/[0-9a-f]{32}$", page.url), page.url
    assert page.inner_text("[data-quest-title]") == "Goblin by the Stairs"
    form = page.locator("form[data-game=quest]")
    choose_heroes(form, {"human-wizard"})
    form.locator("select[name='seat:0']").select_option("here")
    form.locator("select[name='seat:1']").select_option("bot")
    form.locator("[data-action=create]").click()
    page.wait_for_selector("[data-ply]")
    assert page.inner_text("[data-quest]") == "Goblin by the Stairs"
    assert page.locator("[data-board] .hq-squares [data-square]").count() == 494
    assert page.locator(f".hq-monster[data-square='{GOBLIN}']").count() == 1
    assert page.locator(".hq-hero").count() == 1
    page.wait_for_selector("[data-status=your-turn]")

    # Before a spell is chosen, a click on the goblin would throw the dagger, not cast: the spell
    # buttons aim at figures only once chosen, and then only the chosen spell's targets are marked.
    assert page.locator("[data-actions] button[data-action='cast:fire/fire-of-wrath:goblin-1']").count() == 1
    hero = page.locator(".hq-hero").get_attribute("data-square")
    page.click("[data-spell-pick='fire/fire-of-wrath']")
    assert page.locator("[data-spell-pick='fire/fire-of-wrath']").get_attribute("aria-pressed") == "true"
    assert page.locator(f".hq-monster[data-square='{GOBLIN}'][data-reachable]").count() == 1
    assert page.locator(f".hq-hero[data-square='{hero}'][data-reachable]").count() == 0
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "heroquest-spell.png"), full_page=True)
    before = ply(page)
    page.click(f".hq-monster[data-square='{GOBLIN}']")
    _after(page, before)
    assert page.locator("[data-actions] button[data-action^='cast:fire/fire-of-wrath']").count() == 0
    assert "Fire of Wrath" in page.inner_text("[data-log]")
    throw = page.locator("[data-actions] button[data-action='throw:goblin-1']")
    assert throw.count() == 0  # the turn's one action is spent

    # The move after the action: the roll, then a click on a highlighted square.
    page.wait_for_selector("[data-status=your-turn]")
    _act(page, "roll")
    square = page.evaluate(
        """() => [...document.querySelectorAll('.hq-squares [data-reachable]')]
              .map(e => e.dataset.square)
              .find(s => !document.querySelector(`.hq-token[data-square="${s}"]`)) || ''"""
    )
    assert square, "no square to move to after the roll"
    before = ply(page)
    page.click(f".hq-squares [data-square='{square}']")
    _after(page, before)
    assert page.locator(".hq-hero").get_attribute("data-square") == square


def test_a_file_the_importer_refuses_is_one_message(
    live: LiveServer, page: Page, console: Console, tmp_path: Path
) -> None:
    console.allow(400)
    console.allow(400)
    odd = tmp_path / "book.xml"
    odd.write_text('<?xml version="1.0"?><book title="not a quest"/>', encoding="utf-8")
    _upload(page, live.url, odd)
    assert page.locator("[data-problems] [data-problem]").count() == 1
    assert "book.xml" in page.inner_text("[data-problems]")
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    _upload(page, live.url, text)
    assert "upload a HeroScribe quest file" in page.inner_text("[data-error]")


def test_a_form_names_only_a_quest_kept_by_an_upload(live: LiveServer, page: Page, tmp_path: Path) -> None:
    """The quest option takes a kept upload by its name (`upload:<hash>.toml`, never its path), and no
    other file of the server's."""
    quest = tmp_path / "goblin.xml"
    quest.write_text(CELLAR, encoding="utf-8")
    _upload(page, live.url, quest)
    kept = page.locator("form[data-game=quest] [name='option:quest']").get_attribute("value") or ""
    assert re.fullmatch(r"upload:[0-9a-f]{32}\.toml", kept), kept
    path = str(live.home / "quests" / kept.removeprefix("upload:"))
    token = page.locator("meta[name=csrf-token]").get_attribute("content") or ""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}

    def start(path: str) -> httpx.Response:
        form = {"csrf": token, "system": "heroquest", "game": "quest", "option:quest": path}
        return httpx.post(f"{live.url}/games", data=form | {"option:heroes": "wizard"}, cookies=cookies)

    for named in ("/etc/passwd", kept.replace(".toml", ".report"), str(quest), "../quests/x.toml", path):
        answer = start(named)
        assert answer.status_code == 400, named
        assert "give the name of content shipped" in answer.text
        assert "root:" not in answer.text
    answer = start(kept)
    assert answer.status_code == 303 and answer.headers["location"].startswith("/games/")
    host = cookies | dict(answer.cookies)  # the host's token, set by the answer that made the table
    saved = httpx.get(f"{live.url}{answer.headers['location']}/export", cookies=host).text
    assert "grognard-content sha256=" in saved and "Goblin by the Stairs" in saved  # the game carries it
    assert str(live.home) not in saved


def test_the_new_quest_form_offers_the_shipped_quests_and_the_heroes(live: LiveServer, page: Page) -> None:
    """The quests and heroes are cards to pick (issue 30), the game master's options are words, and the
    order and the other settings wait under "Advanced settings"."""
    page.goto(f"{live.url}/games/new/heroquest")
    form = page.locator("form[data-game=quest]")
    offered = form.locator("[name='option:quest']")
    assert {offered.nth(k).get_attribute("value") for k in range(offered.count())} == set(SHIPPED_QUESTS)
    assert form.locator("[name='option:quest']:checked").get_attribute("value") == "1-the-smugglers-stair"
    assert form.locator("[name='option:interleave']").get_attribute("type") == "checkbox"
    assert not form.locator("[name='option:interleave']").is_visible()  # an advanced setting, folded
    form.locator("[data-advanced] summary").click()
    assert form.locator("[name='option:interleave']").is_visible()
    assert form.locator("label[for='option-quest-gm']").inner_text().startswith("Game master")
    assert form.locator("select[name='option:gm'] option").first.inner_text() == "the automatic game master"
    form.locator("label.pick-card", has_text="The Goblin Cellar").click()
    choose_heroes(form, {"dwarf-warrior", "elf-wizard"})
    assert form.locator("[name='option:heroes:dwarf-wizard']").count() == 0  # a dwarf takes no magic
    form.locator("[data-action=create]").click()
    page.wait_for_selector("[data-hero-sheet]")
    assert page.locator("[data-hero-sheet]").count() == 2
    page.goto(f"{live.url}/games")
    assert page.get_by_role("link", name="The Goblin Cellar", exact=True).count() >= 1  # titled by the quest
