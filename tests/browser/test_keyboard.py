"""Played with the keyboard alone (issue 31): the new-game forms filled in and sent by Tab, the arrow
keys, typing and Enter; a whole Fighting Fantasy sample book played by the number keys and by Tab and
Enter on its choices; a Talisman turn with a move on the board, a card and a fight; a HeroQuest turn
with a move, a door opened and an attack, each on the board's buttons; and a table procedure at the
Adventures in Fantasy referee's desk. No mouse event reaches any page (each page counts its pointer
and mouse presses, and the count stays 0)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.conftest import Console
from tests.browser.test_tables import ply
from tests.live_server import LiveServer

NO_MOUSE = """
(() => {
  const count = () => {
    sessionStorage.setItem('mouse', String(Number(sessionStorage.getItem('mouse') || 0) + 1));
  };
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'auxclick', 'contextmenu']) {
    window.addEventListener(kind, count, true);
  }
})();
"""
"""Counts every mouse and pointer press a page receives (a key's Enter or Space gives a click, never a
press), kept across the pages of the tab."""


@pytest.fixture
def keys(browser: Browser, console: Console) -> Iterator[Page]:
    """A page at 1280 by 800 whose reader asked for reduced motion (no replay of the bots' moves), its
    mouse presses counted: none may come."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    context.add_init_script(NO_MOUSE)
    page = console.watch(context.new_page())
    yield page
    assert page.evaluate("() => Number(sessionStorage.getItem('mouse') || 0)") == 0, "a mouse was used"
    context.close()


def focused(page: Page, selector: str) -> bool:
    found: bool = page.evaluate(
        f"() => Boolean(document.activeElement && document.activeElement.matches({json.dumps(selector)}))"
    )
    return found


def tab_to(page: Page, selector: str, limit: int = 400) -> None:
    """Press Tab until the focus is on an element matching `selector`."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def later(page: Page, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-ply]').dataset.ply) > {before}", timeout=60_000
    )


def press(page: Page, key: str) -> None:
    """Press a key that makes a move, and wait for the table to show a later one."""
    before = ply(page)
    page.keyboard.press(key)
    later(page, before)


def my_turn(page: Page) -> None:
    page.wait_for_selector("[data-actions] button[data-action], [data-status=over]", timeout=60_000)


def choose(page: Page, action: str) -> None:
    """Make the choice `action` by its number key when it has one, else by Tab and Enter."""
    buttons = page.locator("[data-actions] button[data-action]")
    ids = [buttons.nth(k).get_attribute("data-action") for k in range(buttons.count())]
    index = ids.index(action)
    if index < 9:
        press(page, str(index + 1))
    else:
        tab_to(page, f"[data-actions] button[data-action={json.dumps(action)}]")
        press(page, "Enter")


def on_the_board(page: Page, selector: str) -> str:
    """Tab to the board's button `selector` and press Enter on it; its accessible name."""
    tab_to(page, f"svg [role=button]{selector}")
    name = page.evaluate("() => document.activeElement.getAttribute('aria-label')") or ""
    press(page, "Enter")
    return str(name)


def start(
    page: Page,
    url: str,
    system: str,
    game: str,
    seed: str,
    pick: dict[str, str] | None = None,
    ticks: str = "",
) -> None:
    """The new-game form of `game` by the keyboard: each `pick` (a select's or a card's name and the
    value wanted) chosen with the arrow keys; the cards whose names start with `ticks` ticked with Space
    where the value after it is wanted and unticked elsewhere; "Advanced settings" opened with Enter and
    the seed typed; then Start."""
    page.goto(f"{url}/games/new/{system}")
    form = f"form[data-game={game}]"
    if ticks:
        prefix, wanted = ticks.split("=")
        boxes = page.locator(f"{form} input[type=checkbox][name^='{prefix}:']")
        for box in boxes.all():
            name = box.get_attribute("name") or ""
            tab_to(page, f"{form} [name='{name}']")
            if box.is_checked() != (name.removeprefix(f"{prefix}:") in wanted.split(",")):
                page.keyboard.press("Space")
    for name, value in (pick or {}).items():
        tab_to(page, f"{form} [name='{name}']")
        for _ in range(60):
            if page.evaluate("() => document.activeElement.value") == value and (
                page.evaluate("() => document.activeElement.type") != "radio"
                or focused(page, f"{form} [name='{name}'][value='{value}']:checked")
            ):
                break
            page.keyboard.press("ArrowDown")
        else:
            raise AssertionError(f"{name} never became {value}")
    tab_to(page, f"{form} [data-advanced] summary")
    page.keyboard.press("Enter")
    tab_to(page, f"{form} [name=seed]")
    page.keyboard.type(seed)
    tab_to(page, f"{form} [data-action=create]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.wait_for_selector("[data-ply]")


def test_the_fighting_fantasy_sample_book_played_to_its_end_by_keyboard(live: LiveServer, keys: Page) -> None:
    page = keys
    start(page, live.url, "fighting-fantasy", "gamebook", "5", {"option:book": "sample"})
    pick = random.Random(5)
    moves = 0
    for _ in range(300):
        if page.locator("[data-status=over]").count():
            break
        my_turn(page)
        buttons = page.locator("[data-actions] button[data-action]")
        index = pick.randrange(buttons.count())
        if moves % 2 and index < 9:
            press(page, str(index + 1))  # a number key
        else:  # Tab to the choice, then Enter
            tab_to(page, f"[data-actions] form:nth-of-type({index + 1}) button[data-action]")
            press(page, "Enter")
        moves += 1
    assert page.locator("[data-status=over]").count() == 1, "the book did not end"
    assert page.locator("[data-result]").count() == 1
    assert moves >= 3


def test_a_talisman_turn_with_a_move_a_card_and_a_fight_by_keyboard(live: LiveServer, keys: Page) -> None:
    page = keys
    start(page, live.url, "talisman", "game", "3", {"option:players": "2"})
    done: dict[str, set[str]] = {}
    for _ in range(200):
        my_turn(page)
        if page.locator("[data-status=over]").count():
            break
        turn = page.locator(".talisman-turn").inner_text().split("·")[0].strip()
        did = done.setdefault(turn, set())
        if page.locator("[data-fight]").count():
            did.add("fight")
        if page.locator("[data-drawn]").count():
            did.add("card")
        if {"move", "card", "fight"} <= did:
            break
        moves = page.locator("[data-actions] button[data-target-kind=space]")
        if moves.count():  # the first move whose words say it draws a card, else the first
            drawing = [m for m in moves.all() if "draw" in m.inner_text().lower()]
            chosen = (drawing or moves.all())[0]
            space = chosen.get_attribute("data-target-id")
            if page.locator(f"[data-actions] button[data-target-id='{space}']").count() == 1:
                name = on_the_board(page, f"[data-space='{space}']")
                assert name.endswith("you can move here"), name
            else:  # two ways there: the board's button would send the focus to them
                choose(page, chosen.get_attribute("data-action") or "")
            did.add("move")
            continue
        buttons = page.locator("[data-actions] button[data-action]")
        labels = [b.inner_text().lower() for b in buttons.all()]
        calm = [k for k, text in enumerate(labels) if "drop out" not in text]
        choose(page, buttons.nth(calm[0] if calm else 0).get_attribute("data-action") or "")
    whole = [t for t, did in done.items() if {"move", "card", "fight"} <= did]
    assert whole, done


def test_a_heroquest_turn_with_a_move_a_door_and_an_attack_by_keyboard(live: LiveServer, keys: Page) -> None:
    page = keys
    quest = {"option:quest": "1-the-smugglers-stair"}
    start(page, live.url, "heroquest", "quest", "1", quest, "option:heroes=barbarian")
    done: dict[str, set[str]] = {}
    for _ in range(120):
        my_turn(page)
        if page.locator("[data-status=over]").count():
            break
        turn = page.locator(".hq-head p").inner_text().split("·")[0] + page.inner_text("[data-turn]")
        did = done.setdefault(turn, set())
        if {"move", "door", "attack"} <= did:
            break
        monsters = page.locator("svg [role=button][data-monster]")
        doors = page.locator("svg [role=button][data-door]")
        squares = page.locator("svg [role=button].hq-sq")
        if monsters.count():
            name = on_the_board(page, f"[data-monster='{monsters.first.get_attribute('data-monster')}']")
            assert "Attack" in name, name
            did.add("attack")
        elif doors.count():
            name = on_the_board(page, f"[data-door='{doors.first.get_attribute('data-door')}']")
            assert "door" in name, name
            did.add("door")
        elif squares.count() and ("move" not in did or "door" in did):
            goal = toward(page, "door" in did)
            best = min(squares.all(), key=lambda s: distance(s.get_attribute("data-square") or "", goal))
            name = on_the_board(page, f".hq-sq[data-square='{best.get_attribute('data-square')}']")
            assert name.endswith("you can move here"), name
            did.add("move")
        else:
            buttons = page.locator("[data-actions] button[data-action]")
            ids = [b.get_attribute("data-action") or "" for b in buttons.all()]
            wanted = next((i for i in ("roll", "end") if i in ids), ids[0])
            choose(page, wanted)
    whole = [t for t, did in done.items() if {"move", "door", "attack"} <= did]
    assert whole, done


def toward(page: Page, opened: bool) -> tuple[int, int]:
    """Where the hero heads: once a door is opened this turn, the first monster in sight; else the far
    side of the first closed door."""
    monster = page.locator("svg [data-monster]")
    if opened and monster.count():
        x, y = (monster.first.get_attribute("data-square") or "0,0").split(",")
        return int(x), int(y)
    labels = page.locator("svg [data-door][data-state=closed]")
    for door in labels.all():
        found = re.findall(r"square (\d+),(\d+)", door.get_attribute("data-label") or "")
        if found:
            return int(found[-1][0]), int(found[-1][1])
    return 0, 0


def distance(square: str, goal: tuple[int, int]) -> int:
    x, y = (int(n) for n in square.split(","))
    return abs(x - goal[0]) + abs(y - goal[1])


def test_a_table_procedure_at_the_referees_desk_by_keyboard(live: LiveServer, keys: Page) -> None:
    page = keys
    page.goto(f"{live.url}/aif")
    tab_to(page, "[data-action=new-campaign]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    procedures = page.locator("#tables details.aif-form")
    assert procedures.count() >= 3
    title = procedures.first.locator("summary").inner_text()
    tab_to(page, "#tables details.aif-form summary")
    page.keyboard.press("Enter")  # open the first procedure's form
    tab_to(page, "#tables details[open] [name=rolls]")
    page.keyboard.type("95%")
    tab_to(page, "#tables details[open] button[value=dice]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.locator("[data-error]").count() == 0, page.locator("[data-error]").all_inner_texts()
    outcome = page.locator("#outcome").inner_text()
    assert title.split(":")[0] in outcome and "95" in outcome, outcome
